"""``python -m shengji_edu`` runs the ``shengji`` command."""

import sys

from .cli import main

sys.exit(main())
