"""environment.yml (conda, classrooms) must list the same packages as pyproject.toml (pip).

Read without PyYAML: a small line-based reader is enough for the plain layout of
environment.yml, and pyproject.toml is read with tomllib.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[2]
IGNORED = {"python", "pip"}


def normalize(name: str) -> str:
    """PEP 503 form, so that e.g. ``pytest_xdist`` and ``pytest-xdist`` are the same name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(spec: str) -> str:
    """The distribution name of a pip requirement or conda match spec (``pkg>=1``, ``pkg=1``)."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
    assert match, f"cannot read a package name from {spec!r}"
    return normalize(match.group(1))


def pyproject_names() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    specs = list(project.get("dependencies", []))
    for extra in ("notebooks", "test"):
        specs += project.get("optional-dependencies", {}).get(extra, [])
    own = normalize(project["name"])
    return {n for n in map(requirement_name, specs) if n != own} - IGNORED


def _unquote(item: str) -> str:
    item = re.sub(r"\s+#.*$", "", item).strip()
    if len(item) >= 2 and item[0] == item[-1] and item[0] in "'\"":
        item = item[1:-1]
    return item.strip()


def environment_names() -> set[str]:
    """Names under ``dependencies:``, including a nested ``- pip:`` list (``-e`` lines skipped)."""
    items: list[str] = []
    in_deps = False
    for raw in (ROOT / "environment.yml").read_text(encoding="utf-8").splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not line[0].isspace() and not stripped.startswith("-"):
            in_deps = stripped.startswith("dependencies:")
            continue
        if not in_deps or not stripped.startswith("- "):
            continue
        item = stripped[2:].strip()
        if item.startswith("pip:"):  # nested pip list: inline [..] or on the lines below
            inline = item[len("pip:") :].strip()
            if inline.startswith("[") and inline.endswith("]"):
                quoted = re.findall(r"\"([^\"]*)\"|'([^']*)'", inline)
                items += [a or b for a, b in quoted] or inline[1:-1].split(",")
            continue
        items.append(item)
    names = set()
    for item in map(_unquote, items):
        if not item or item.startswith("-e") or item.startswith("."):
            continue
        names.add(requirement_name(item))
    return names - IGNORED


def test_environment_yml_matches_pyproject():
    pip_names = pyproject_names()
    conda_names = environment_names()
    assert pip_names, "found no dependencies in pyproject.toml"
    problems = []
    if missing := sorted(pip_names - conda_names):
        problems.append("in pyproject.toml but missing from environment.yml: " + ", ".join(missing))
    if extra := sorted(conda_names - pip_names):
        problems.append("in environment.yml but missing from pyproject.toml: " + ", ".join(extra))
    assert not problems, "; ".join(problems)


def test_environment_yml_installs_the_repo_itself():
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert re.search(r"-e\s+\.\[[^\]]*\bnotebooks\b[^\]]*\]", text), (
        'environment.yml should pip-install the repo itself: - pip: ["-e .[notebooks,test]"]'
    )
