"""``python -m printkit`` is the same as the ``printkit`` command."""

import sys

from printkit.cli import main

sys.exit(main())
