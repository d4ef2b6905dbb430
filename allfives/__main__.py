"""`python -m allfives` is the `allfives` command."""

from allfives import main

raise SystemExit(main())
