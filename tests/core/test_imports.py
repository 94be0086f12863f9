"""No import cycle in the engine: every module of ``pysrc/shoal`` read with ``ast``, imports inside functions counted.

An import placed inside a function to dodge a cycle still couples the two modules both ways; the cycle only moves
from import time to call time. So this walk counts every ``import`` and ``from ... import`` wherever it stands,
except under ``if TYPE_CHECKING:`` (annotations only, never run). ``from package import name`` is an edge to
``package.name`` when that is a module, else to the package. Importing a submodule also runs its parents'
``__init__``; those implicit edges are left out, as import linters do: a package's ``__init__`` importing its own
modules would otherwise always look like a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "pysrc"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT, top: str = "shoal") -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / top).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST):
    """Every import node, at any depth, outside ``if TYPE_CHECKING:`` bodies (their ``else`` still counts)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    yield child
                yield from _imports(child)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _imports(node)


def edges(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``shoal`` that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            targets = [
                f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in known else origin for alias in node.names
            ]
        for target in targets:
            while target and target not in known:  # ``import a.b.c`` of a name inside a module: its module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def graph(root: Path = ROOT, top: str = "shoal") -> dict[str, set[str]]:
    known = modules(root, top)
    return {name: edges(name, path, known) for name, path in known.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (Tarjan), each as one cycle through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(_loop(g, set(part)))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def _loop(g: dict[str, set[str]], part: set[str]) -> list[str]:
    """One cycle inside a strongly connected ``part``: the shortest path back to its first module."""
    start = min(part)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(g[v] & part):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError(part)  # pragma: no cover - a strongly connected part always loops


def test_the_engine_has_no_import_cycle():
    found = cycles(graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


# --- the walk itself ------------------------------------------------------------------------------------------------
def _graph_of(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return graph(tmp_path, "p")


@pytest.mark.parametrize(
    "files, expected",
    [
        (
            {"p/__init__.py": "", "p/a.py": "def f():\n    from . import b\n", "p/b.py": "from .a import f\n"},
            [["p.a", "p.b", "p.a"]],
        ),
        (
            {
                "p/__init__.py": "",
                "p/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n",
                "p/b.py": "from .a import f\n",
            },
            [],
        ),
        (
            {"p/__init__.py": "", "p/q/__init__.py": "", "p/q/a.py": "from ..b import g\n", "p/b.py": "import p.q.a\n"},
            [["p.b", "p.q.a", "p.b"]],
        ),
        ({"p/__init__.py": "from . import a\n", "p/a.py": "x = 1\n"}, []),
    ],
)
def test_the_walk_finds_a_cycle_hidden_in_a_function_and_skips_type_checking(tmp_path, files, expected):
    assert cycles(_graph_of(tmp_path, files)) == expected
