"""`python -m allfives` is the `allfives` command."""

from allfives.command import main

raise SystemExit(main())
