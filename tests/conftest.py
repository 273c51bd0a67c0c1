"""Test configuration: hypothesis profiles.

"ci" is deterministic and has no deadline, so CI is never flaky on a slow machine;
tools/run_tests.py sets HYPOTHESIS_PROFILE=ci.  Locally the "dev" profile is used.
"""

import os
import sys

from hypothesis import settings

# The property tests import their helpers (strategies.py, reference.py) from this folder,
# whichever import mode pytest uses.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200, print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
