"""`python -m allfives` is the `allfives` command."""

from allfives.cli import main

raise SystemExit(main())
