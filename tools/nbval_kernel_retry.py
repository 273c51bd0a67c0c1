"""A pytest plugin for the notebook steps: start a notebook's kernel again when it dies
before it answers.

With two pytest workers, two Jupyter kernels start at the same moment now and then, and one
of them can die before it replies to ``kernel_info`` (the ports it was handed may be taken
by the other). nbval then reports every cell of that notebook as an error, though none of
its code ran. This plugin gives the start up to :data:`ATTEMPTS` tries; a kernel that dies
every time still fails the notebook, and nothing a cell does is retried.

Loaded by ``tools/run_tests.py`` and ``tools/check_student_install.py`` with
``-p tools.nbval_kernel_retry``.
"""

from __future__ import annotations

import logging

ATTEMPTS = 3
"""Tries at starting one notebook's kernel."""

log = logging.getLogger(__name__)


def pytest_configure(config) -> None:
    try:
        from nbval import kernel
    except ImportError:  # no nbval: nothing to start
        return
    start = kernel.start_new_kernel
    if getattr(start, "retries_a_dead_kernel", False):
        return

    def start_new_kernel(*args, **kwargs):
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return start(*args, **kwargs)
            except RuntimeError as exc:
                if "Kernel died" not in str(exc) or attempt == ATTEMPTS:
                    raise
                log.warning(
                    "the kernel died while starting (try %d of %d): again", attempt, ATTEMPTS
                )
        raise AssertionError("unreachable")

    start_new_kernel.retries_a_dead_kernel = True
    kernel.start_new_kernel = start_new_kernel
