"""Reading a notebook's code, never running it: does it define a function itself, is the
function still the stub, what does it reach into that exercises never need."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable


@functools.lru_cache(maxsize=4096)
def _python(source: str) -> ast.Module | None:
    """A cell's code as Python syntax (after IPython's magic transforms); None if it is not.
    Cached: every question reads the same cells (the trees are only read, never changed)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        source = TransformerManager().transform_cell(source)
    except Exception:  # no IPython, or text it cannot transform: parse as it is
        pass
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _is_stub(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Raise):
        return False
    raised = body[0].exc
    raised = raised.func if isinstance(raised, ast.Call) else raised
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def only_stubs(sources: Iterable[str], name: str) -> bool:
    """Do the cells define ``name`` only as the exercise's stub (and bind it nowhere else)?

    Read from the notebook's text, never run. A cell that is not Python (after magics) and
    mentions the name, or that binds the name in another way (an assignment, an import, an
    ``exec`` of text that names it), makes it False.
    """
    stubs = 0
    for source in sources:
        tree = _python(source)
        if tree is None:
            if name in source:
                return False
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
                if not _is_stub(node):
                    return False
                stubs += 1
            elif _binds(node, name):
                return False
    return stubs > 0


def _binds(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Store)
    if isinstance(node, ast.alias):
        return (node.asname or node.name) == name
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("exec", "eval"):
        return any(isinstance(a, ast.Constant) and name in str(a.value) for a in node.args)
    return False


def defines(sources: Iterable[str], name: str) -> bool:
    """Does the notebook's text define ``name`` itself: a ``def`` (or ``class``) of that name,
    or an assignment to it (``name = lambda …``)? An import, ``globals()[…] =`` or ``exec`` of
    text does not count. Read from the text, never run; a cell that is not Python (after
    magics) and mentions the name counts (it is given the benefit of the doubt)."""
    for source in sources:
        tree = _python(source)
        if tree is None or source.lstrip().startswith("%%"):  # a cell magic runs the text
            if name in source:
                return True
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if node.name == name:
                    return True
            elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
                return True
    return False


_REACHES = {
    "the grading code": r"shengji_edu\.(grading|sandbox)"
    r"|exercises\.(checking|common|plain|kinds|results|runner|submission)"
    r"|solutions_ex|\bCALL_STYLES\b"
    r"|\bcall_plain\b|\bjudge\b|solution_function|\._solution\b|\.reference\b",
    "IPython's machinery": r"input_transformers|ast_transformers|events\.register"
    r"|display_pub|set_custom_exc|IPython\.display\.display\s*=",
    "modules": r"importlib|sys\.modules|\bbuiltins\b",
    "processes or signals": r"os\.kill|killpg|\bsignal\.|setsid|os\.fork|subprocess"
    r"|multiprocessing|os\.system|ctypes|os\._exit",
    "files outside the notebook": r"/proc/|os\.remove|shutil\.rmtree|\.\./",
}


def review_code(sources: Iterable[str]) -> str:
    """What a notebook's code reaches into that exercises never need (for the instructor)."""
    text = "\n".join(sources)
    found = [what for what, pattern in _REACHES.items() if re.search(pattern, text)]
    return ", ".join(found)
