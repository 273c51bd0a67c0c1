"""Grade exercise notebooks: ``shengji grade PATH... [--csv FILE] [--timeout 120] [--jobs N]``.

What an instructor can rely on
------------------------------
* **No answer within the student code's reach.** The solutions and references live in the
  ``exercises/solutions_exNN`` modules; a graded child imports a copy of the package without
  them (:func:`child_package`) and, with Landlock, may read nothing else of the package, so
  they are neither importable nor readable there. The child is told a function's *name*, a
  call style and the cases; it finds the function in the notebook's namespace, which must
  have defined it (else MISSING, "define NAME in your notebook"). Where a question is checked
  again with correct earlier functions, the child calls stand-ins answered by the grader.
* **Student code never runs in the grader's process, and never judges itself.** Every
  submission runs in its own child process (:mod:`shengji_edu.sandbox`), in a fresh
  temporary folder holding a copy of that one notebook. The child executes the notebook's
  code cells with IPython (:mod:`shengji_edu.exercises.submission`), then the grader sends
  each question's cases as plain data (card text, numbers), the child calls the student's
  function and sends back what it returned as plain data, and the grader compares that with
  the reference answers it computed itself (:meth:`.Question.judge`, the same judge as the
  notebook's ``q.check``). Patching modules, IPython, ``display``, ``importlib.reload``, the
  checks, or returning objects whose ``__eq__`` lies, changes nothing outside the child;
  printing "PASS" is ignored (the child's stdout is the null device).
* **Limits that cannot be ignored**: the whole turn of one notebook has a wall-clock limit
  (``--timeout``), enforced by killing the child and everything it started; a cell or a call
  that runs too long is interrupted, and if it ignores that, killed (the notebook is then run
  again without that cell, or with the remaining questions, while time is left); memory, CPU
  and file-size limits; a bound on what comes back. No process of a submission survives its
  turn. What each platform enforces is in the sandbox's docstring and exercises/README.md.
* **Submissions cannot touch each other**: every file is read into memory and hashed
  (SHA-256) before anything runs; each runs on its own copy; on Linux with Landlock it cannot
  write anywhere else or read the other submissions; the CSV records each file's hash, and
  a file that changed on disk while grading is named in its notes.
* **The CSV is written as each notebook finishes** (only when asked: ``--csv FILE``), so an
  interrupted run keeps the rows it has; running the same command again skips the notebooks
  already graded (same file, same SHA-256, same grader). A notebook that was being graded
  when the grader died is marked in the CSV; the next run grades it last, alone, and if the
  grader dies again with it, it is not run a third time (``--fresh`` retries everything).
* **The CSV is a ledger** (:func:`write_csv`): rows are keyed by the notebook's resolved
  path, a new row replaces that notebook's row in place, every other row is kept, and the
  file is replaced atomically. Grading one late notebook keeps the class's rows.
* **The machine's failures are not grades**: when no process, thread or memory can be had
  (:func:`transient`), the notebook is tried again (:data:`TRANSIENT_TRIES`, with a growing
  pause), and if it still fails its row is :data:`RETRY`, never written.
* **Nothing a submission wrote reaches the terminal or the CSV raw** (:func:`clean`): no
  control character, no escape sequence. Rows are named by their path in the folder given.

Statuses per question: PASS, FAIL, NOT ATTEMPTED, MISSING (no function of that name),
ERROR (the notebook could not be checked: it ran out of time, or could not start; the notes
say why). A function whose cell has a syntax error is a FAIL whose message says "syntax error
in cell N: …" (N counts every cell of the notebook from the top, markdown included).

Decisions: a notebook is graded as the student's notebook runs from the top (cells in order,
errors allowed), not from its stored outputs; the student's own ``q.check`` cells run too
(their results are recorded as ``own_checks``, never graded). When an earlier question a
question builds on fails, the grader re-checks it with the reference's earlier function, and
if it then passes, the message says to fix the earlier question first.

Where it lives
--------------
One module per job, every name importable from ``shengji_edu.grading`` as before:
:mod:`.submissions` (finding and reading the notebooks, rows, settings), :mod:`.child` (the
graded child's set-up: the package without the answers, what it may read), :mod:`.review`
(reading a notebook's code without running it), :mod:`.turn` (one notebook's turn in its
sandboxed child, and the judging), :mod:`.run` (many notebooks, resumed from the CSV),
:mod:`.ledger` (the CSV, and :func:`clean`) and :mod:`.command` (``shengji grade`` and its
table). What is written besides the ledger: :mod:`.gradebook` (the grades file, the roster,
late work), :mod:`.canvas` (a Canvas gradebook export filled), :mod:`.feedback` (a Markdown
and an HTML file per notebook), :mod:`.store` (the messages kept beside the ledger, so a
resumed run writes the same feedback) and :mod:`.outputs` (the options, checked before
grading). :mod:`.similarity` (with :mod:`.similarity_html`) is ``shengji similarity``.
A setting is changed where it is read: ``grading.turn.TRANSIENT_BACKOFF``, not a
copy of the name on this package.
"""

from __future__ import annotations

from .. import sandbox as sandbox
from . import canvas as canvas
from . import child as child
from . import command as command
from . import feedback as feedback
from . import gradebook as gradebook
from . import ledger as ledger
from . import review as review
from . import run as run
from . import store as store
from . import submissions as submissions
from . import turn as turn
from .child import _PACKAGE as _PACKAGE
from .child import _RUNNER as _RUNNER
from .child import _in_site_packages as _in_site_packages
from .child import (
    answers_hidden,
    child_package,
    child_setup,
)
from .command import (
    LEGEND,
    SHORT,
    format_table,
    grade_command,
)
from .ledger import (
    CSV_END,
    CSV_START,
    clean,
    csv_file_name,
    ledger_key,
    question_columns,
    read_csv,
    table_rows,
    write_csv,
)
from .review import (
    defines,
    only_stubs,
    review_code,
)
from .run import (
    GradingRun,
    default_jobs,
    grade,
)
from .submissions import (
    CELL_TIMEOUT,
    ERROR,
    GRACE,
    MEMORY_MB,
    MISSING,
    TIMEOUT,
    Row,
    Settings,
    Submission,
    detect_exercise,
    find_notebooks,
    named_notebooks,
    read_submission,
    read_submissions,
)
from .turn import (
    MAX_ATTEMPTS,
    RETRY,
    TRANSIENT_BACKOFF,
    TRANSIENT_TRIES,
    GradingError,
    grade_notebook,
    grade_submission,
    preflight,
    transient,
)

__all__ = [
    "CELL_TIMEOUT",
    "CSV_END",
    "CSV_START",
    "ERROR",
    "GRACE",
    "LEGEND",
    "MAX_ATTEMPTS",
    "MEMORY_MB",
    "MISSING",
    "RETRY",
    "SHORT",
    "TIMEOUT",
    "TRANSIENT_BACKOFF",
    "TRANSIENT_TRIES",
    "GradingError",
    "GradingRun",
    "Row",
    "Settings",
    "Submission",
    "answers_hidden",
    "child_package",
    "child_setup",
    "clean",
    "csv_file_name",
    "default_jobs",
    "defines",
    "detect_exercise",
    "find_notebooks",
    "format_table",
    "grade",
    "grade_command",
    "grade_notebook",
    "grade_submission",
    "ledger_key",
    "named_notebooks",
    "only_stubs",
    "preflight",
    "question_columns",
    "read_csv",
    "read_submission",
    "read_submissions",
    "review_code",
    "table_rows",
    "transient",
    "write_csv",
]
