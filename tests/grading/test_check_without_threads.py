"""``q.check`` where no thread can start (JupyterLite's Pyodide): the calls run in the
calling thread under a trace function, and an endless loop still fails with its input."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from shengji_edu.exercises import ex01, runner, solutions_ex01
from shengji_edu.exercises.common import FAIL, PASS


def forbid_threads(monkeypatch) -> None:
    """As under Pyodide: threads_available() is False, and starting a thread would fail."""
    monkeypatch.setattr(runner, "threads_available", lambda: False)

    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)


@pytest.fixture
def no_threads(monkeypatch):
    forbid_threads(monkeypatch)


def test_a_right_answer_passes_without_threads(no_threads):
    assert ex01.q1.run(solutions_ex01.points_of).status == PASS


def test_an_endless_loop_is_stopped_without_threads(no_threads):
    def points_of(cards):
        while True:
            pass

    before = sys.gettrace()
    started = time.monotonic()
    result = ex01.q1.run(points_of, limit=0.3)
    assert time.monotonic() - started < 10
    assert result.status == FAIL
    assert "did not finish within 0.3 seconds" in result.message
    assert "    cards = " in result.message
    assert sys.gettrace() is before  # the trace function is gone again


def test_a_wrong_answer_gives_the_same_message_without_threads(monkeypatch):
    def points_of(cards):
        print("counting", len(cards))
        return sum(c.points for c in cards) + (1 if len(cards) > 3 else 0)

    with_threads = ex01.q1.run(points_of)
    forbid_threads(monkeypatch)
    without = ex01.q1.run(points_of)
    assert with_threads.status == without.status == FAIL
    assert without.message == with_threads.message
    assert "Your function printed:" in without.message


def test_the_traced_runner_is_what_pyodide_gets(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert runner.threads_available() is False
