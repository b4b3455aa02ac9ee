"""`python3 reference ...` (from the repository root) or `python3 -m reference ...`."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from reference.driver import run_main  # noqa: E402

sys.exit(run_main())
