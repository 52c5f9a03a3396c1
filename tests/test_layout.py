"""The house in order: no import circle outside type hints, no source file too long to read."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("dominion_tui/**/*.py"), *ROOT.glob("cards/**/*.py")])


def module_name(f: Path) -> str:
    return ".".join(f.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def imports(f: Path, known: set[str]) -> set[str]:
    """The modules of this project that f imports when run (imports for type hints left out)."""
    tree = ast.parse(f.read_text())
    name = module_name(f)
    pkg = name if f.name == "__init__.py" else name.rsplit(".", 1)[0]
    hints = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for n in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.ImportFrom):
            base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found |= {target, *(f"{target}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    parents = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}  # loaded first anyway
    return (found & known) - {name} - parents


def test_no_import_circle() -> None:
    graph = {module_name(f): imports(f, {module_name(g) for g in SOURCES}) for f in SOURCES}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            m = todo.pop()
            if m == goal:
                return True
            if m not in seen:
                seen.add(m)
                todo += graph[m]
        return False

    circles = sorted(f"{a} -> {b}" for a in graph for b in graph[a] if reaches(b, a))
    assert circles == []


def test_files_short_enough_to_read() -> None:
    """Core files under about 500 lines, any source file under 800 (issue 20's goals)."""
    too_long = []
    for f in SOURCES:
        limit = 520 if "core" in f.parts else 800
        lines = len(f.read_text().splitlines())
        if lines > limit:
            too_long.append(f"{f.relative_to(ROOT)}: {lines} lines")
    assert too_long == []
