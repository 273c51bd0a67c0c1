"""Many notebooks: :func:`grade` and :class:`GradingRun`, which grades them some at a time,
resumes from the CSV and writes it as each notebook finishes."""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

from .. import sandbox
from ..exercises import EXERCISES, questions
from ..exercises.checking import (
    time_limit,
)
from . import store
from .gradebook import Students
from .ledger import _row_from_csv, ledger_key, read_csv, write_csv
from .submissions import (
    CELL_TIMEOUT,
    ERROR,
    MEMORY_MB,
    TIMEOUT,
    Row,
    Settings,
    Submission,
    _row,
    read_submissions,
)
from .turn import RETRY, grade_submission, preflight


def default_jobs() -> int:
    """Notebooks graded at once by default: the number of cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def grade(
    paths: Iterable[str | os.PathLike],
    timeout: float = TIMEOUT,
    jobs: int | None = None,
    progress: Callable[[Row, int, int], None] | None = None,
    *,
    cell_timeout: float = CELL_TIMEOUT,
    memory_mb: int | None = MEMORY_MB,
    csv_path: str | os.PathLike | None = None,
    fresh: bool = False,
    restrict_reads: bool = True,
) -> list[Row]:
    """Grade every notebook found under ``paths``, ``jobs`` at a time; rows in the input order.

    Every file is read and hashed first. With ``csv_path`` the CSV is rewritten as each
    notebook starts and finishes, and rows of an earlier run with the same file and hash are
    reused (unless ``fresh``). ``progress(row, done, total)`` is called as each finishes.
    """
    settings = Settings(
        timeout=float(timeout),
        cell_timeout=float(cell_timeout),
        call_limit=time_limit(),
        memory_mb=memory_mb,
        restrict_reads=restrict_reads,
    )
    submissions = read_submissions(paths)
    run = GradingRun(submissions, settings, csv_path, fresh)
    return run.run(jobs or default_jobs(), progress)


class GradingRun:
    """One run over a list of submissions: resumes from, and writes, the CSV."""

    def __init__(
        self,
        submissions: list[Submission],
        settings: Settings,
        csv_path: str | os.PathLike | None = None,
        fresh: bool = False,
        students: Students | None = None,
    ) -> None:
        self.submissions = submissions
        self.students = students or Students()
        self.settings = settings
        self.csv_path = Path(csv_path) if csv_path is not None else None
        self.rows: list[Row | None] = [None] * len(submissions)
        self.running: dict[int, int] = {}
        self.restrictions: dict = {}
        self.reused = 0
        self.previous: list[dict[str, str]] = []
        """The rows of the CSV as it was: kept, except those of notebooks graded now."""
        self.lock = threading.Lock()
        self.stored: dict[str, dict] = {}
        """The results file beside the CSV (:mod:`.store`): messages for feedback."""
        if self.csv_path is not None:
            self.previous = read_csv(self.csv_path)
            self.stored = store.load(store.store_path(self.csv_path))
            if not fresh:
                self._resume()

    @property
    def kept(self) -> int:
        """Rows of the CSV that are for other notebooks (kept as they are)."""
        if self.csv_path is None:
            return 0
        mine = {ledger_key(s.path) for s in self.submissions}
        folder = self.csv_path.resolve().parent
        return sum(ledger_key(folder / old.get("file", "")) not in mine for old in self.previous)

    # --- resuming -------------------------------------------------------------------------
    def _resume(self) -> None:
        version = sandbox.code_version()
        folder = self.csv_path.resolve().parent
        files = {}
        for row in self.previous:
            files[(ledger_key(folder / row.get("file", "")), row.get("sha256", ""))] = row
        for index, submission in enumerate(self.submissions):
            old = files.get((ledger_key(submission.path), submission.sha256))
            if old is None or old.get("grader") != version:
                continue
            state = old.get("state", "")
            match = re.fullmatch(r"running \(attempt (\d+)\)", state)
            if match:
                attempt = int(match.group(1))
                if attempt >= 2:
                    exercise = submission.exercise
                    ids = [q.id for q in questions(exercise)] if exercise in EXERCISES else []
                    self.rows[index] = _row(
                        submission,
                        statuses=dict.fromkeys(ids, ERROR),
                        notes=[
                            "the grader stopped twice while grading this notebook (did it "
                            "kill the grader?): not run again; --fresh retries it"
                        ],
                    )
                else:
                    self.running[index] = attempt
            elif state == "graded":
                row = _row_from_csv(old, submission)
                if row is not None:
                    row.reused = True
                    store.restore(row, self.stored.get(ledger_key(submission.path)))
                    self.rows[index] = row
                    self.reused += 1

    # --- running ------------------------------------------------------------------------------
    def run(self, jobs: int, progress: Callable[[Row, int, int], None] | None = None) -> list[Row]:
        todo = [i for i, row in enumerate(self.rows) if row is None and i not in self.running]
        again = sorted(self.running)  # the grader died while these ran: last, one at a time
        needs_child = any(self.submissions[i].problem is None for i in todo + again)
        context = None
        if needs_child:
            exclude = [s.path.resolve() for s in self.submissions]
            context, self.restrictions = preflight(self.settings, exclude)
            self.settings = context.settings
        total = len(self.submissions)
        done = [sum(row is not None for row in self.rows)]

        def one(index: int) -> Row:
            return grade_submission(self.submissions[index], self.settings, context)

        def finished(index: int, row: Row) -> None:
            with self.lock:
                self.rows[index] = row
                self.running.pop(index, None)
                done[0] += 1
                self._check_files()
                self.write()
            if progress is not None:
                progress(row, done[0], total)

        def started(index: int, attempt: int) -> None:
            with self.lock:
                self.running[index] = attempt
                self.write()

        pool = ThreadPoolExecutor(max_workers=max(1, jobs))
        try:
            futures: dict[Future, int] = {}
            queue = list(todo)
            while queue or futures:
                while queue and len(futures) < max(1, jobs):
                    index = queue.pop(0)
                    started(index, 1)
                    futures[pool.submit(one, index)] = index
                finished_now, _ = wait(list(futures), timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished_now:
                    finished(futures.pop(future), future.result())
            for index in again:
                started(index, self.running.get(index, 1) + 1)
                finished(index, one(index))
        except BaseException:
            if context is not None:
                context.stop_all()  # kill the children first, so the workers end at once
            pool.shutdown(wait=True, cancel_futures=True)
            with self.lock:
                self.running.clear()  # an interruption is not the notebooks' doing
                self.write()
            raise
        pool.shutdown(wait=True)
        self._check_files()
        self.write()
        return [row for row in self.rows if row is not None]

    def _check_files(self) -> None:
        """Name the files that changed on disk since they were read (another submission?)."""
        for submission, row in zip(self.submissions, self.rows, strict=True):
            if row is None or row.reused or not submission.sha256:
                continue
            try:
                now = hashlib.sha256(submission.path.read_bytes()).hexdigest()
            except OSError:
                now = "gone"
            note = (
                "the file changed on disk while grading (did another submission rewrite it?); "
                "the grade is for the copy read before grading began"
            )
            if now != submission.sha256 and note not in row.notes:
                row.notes.append(note)

    def write(self) -> None:
        """Rewrite the CSV (atomically): the rows done, markers for the ones running, and every
        row of the CSV that is for another notebook, as it was. A notebook not graded for lack
        of resources (:data:`RETRY`) keeps its earlier row, if any: it is never a grade."""
        if self.csv_path is None:
            return
        rows = []
        for index, row in enumerate(self.rows):
            if row is not None and row.state == RETRY:
                continue
            if row is not None:
                rows.append(row)
            elif index in self.running:
                submission = self.submissions[index]
                rows.append(
                    _row(
                        submission,
                        notes=["grading started but did not finish (the grader stopped)"],
                        state=f"running (attempt {self.running[index]})",
                    )
                )
        write_csv(rows, self.csv_path, previous=self.previous)
        entries = {}
        for submission, row in zip(self.submissions, self.rows, strict=True):
            if row is None or row.state == RETRY:
                continue
            key = ledger_key(submission.path)
            entries[key] = store.entry(
                row,
                self.students.student(submission.path),
                self.students.submitted(submission.path, submission.mtime),
            )
            old = self.stored.get(key)
            if row.reused and old and old.get("sha256") == row.sha256 and not row.messages:
                entries[key] = {**old, **{k: entries[key][k] for k in ("student", "submitted")}}
        store.save(store.store_path(self.csv_path), entries, keep=self.stored)
