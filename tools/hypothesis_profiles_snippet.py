"""Hypothesis profiles for tests/conftest.py (paste as is).

"ci" is deterministic and has no deadline, so CI is never flaky on a slow machine;
tools/run_tests.py sets HYPOTHESIS_PROFILE=ci. Locally the "dev" profile is used.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
