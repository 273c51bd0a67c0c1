"""Test configuration: hypothesis profiles; slow tests first.

"ci" is deterministic and has no deadline, so CI is never flaky on a slow machine;
tools/run_tests.py sets HYPOTHESIS_PROFILE=ci.  Locally the "dev" profile is used.

Tests marked ``slow`` (a tournament, the hostile submissions: up to a minute each) are moved
to the front, so that with ``-n 2`` each worker starts one of them and the many quick tests
fill in around them; left at the end of the collection, two of them could land on one worker
while the other sits idle (CI keeps to 10 minutes).
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


def pytest_collection_modifyitems(items):
    """Slow tests first (a stable sort: the order is otherwise pytest's own)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
