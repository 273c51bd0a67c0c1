"""No import cycle in shengji_edu, lazy imports (inside functions) and type hints included.

One direction of dependency (rules <- game <- players <- front ends) keeps every module
readable on its own. A cycle hidden in a function-level import still ties two modules
together, so the walk reads every ``import`` statement of every module, wherever it stands.
Imports under ``if TYPE_CHECKING:`` never run, but they count too: a module whose type
hints name another module's class is read with that module (the widgets' click handlers
once typed ``self: PlayTable`` and read the table's private state, a cycle only a type
checker saw). The one exception is :data:`TYPE_HINT_BACK_EDGES`, each with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "shengji_edu"

TYPE_HINT_BACK_EDGES = {
    ("shengji_edu.game.view", "shengji_edu.game.round"): (
        "a view's what_if and sample_world return a Round, which round.py hands to view.py "
        "at import time (view._build_world); at run time only round.py imports view.py"
    ),
}
"""Imports under ``if TYPE_CHECKING:`` allowed to point back along a cycle, and why."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of import statements under ``if TYPE_CHECKING:``."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return skipped


def imports_of(path: Path, modules: set[str], type_hints: bool = True) -> set[str]:
    """The package's modules that ``path`` imports (not its own parent packages: importing
    a submodule always runs its package first, so that edge is no cycle); with
    ``type_hints=False``, not those imported only under ``if TYPE_CHECKING:``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if type_hints else type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {
        module for module in found & modules if module != name and not name.startswith(module + ".")
    }


def import_graph(type_hints: bool = True) -> dict[str, set[str]]:
    """Each module's imports: every one, or (``type_hints=False``) those that run."""
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imports_of(path, modules, type_hints) for path in paths}


def checked_graph() -> dict[str, set[str]]:
    """Every import, but for the type-hint-only ones of :data:`TYPE_HINT_BACK_EDGES`."""
    running = import_graph(type_hints=False)
    return {
        module: {
            other
            for other in imported
            if other in running[module] or (module, other) not in TYPE_HINT_BACK_EDGES
        }
        for module, imported in import_graph().items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_walk_finds_a_cycle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    view = PACKAGE / "game" / "view.py"
    assert "shengji_edu.cards" in imports_of(view, set(import_graph()))


def test_the_walk_counts_imports_for_type_hints():
    modules = set(import_graph())
    buttons = PACKAGE / "widgets" / "buttons.py"  # Translator only under TYPE_CHECKING
    assert "shengji_edu.i18n" in imports_of(buttons, modules)
    assert "shengji_edu.i18n" not in imports_of(buttons, modules, type_hints=False)


def test_each_allowed_back_edge_is_a_type_hint_that_is_still_there():
    everything, running = import_graph(), import_graph(type_hints=False)
    for module, other in TYPE_HINT_BACK_EDGES:
        assert other in everything[module], f"{module} no longer imports {other}: drop it"
        assert other not in running[module], f"{module} imports {other} at run time"


def test_no_import_cycle_in_the_package():
    assert cycles(checked_graph()) == []
