"""The import rules of docs/architecture.md, checked on the real modules."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import companion

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_companion_never_imports_flet_sqlalchemy_db_or_views():
    forbidden = {"flet", "sqlalchemy", "alembic", "db", "views"}
    offenders = {}
    for path in (ROOT / "companion").rglob("*.py"):
        if path.name == "cli.py":
            continue  # the one place that starts the app; checked below
        bad = imported_modules(path) & forbidden
        if bad:
            offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def test_cli_starts_the_app_without_loading_flet_for_the_referee():
    code = (
        "import sys, io; sys.stdin = io.TextIOWrapper(io.BytesIO(b'')); import companion.cli as c; c.main(['referee']);"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'flet','sqlalchemy','views','db'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("[]")


def test_every_companion_module_imports_cleanly():
    for info in pkgutil.walk_packages(companion.__path__, "companion."):
        if info.name.endswith("__main__"):
            continue
        __import__(info.name)


def test_db_never_imports_views():
    for path in (ROOT / "db").rglob("*.py"):
        assert "views" not in imported_modules(path), path


def test_views_hold_no_sql():
    for path in (ROOT / "views").rglob("*.py"):
        assert not imported_modules(path) & {"sqlalchemy", "alembic"}, path


# -- the module graph: every runtime import between the project's own modules ------------------------
PACKAGES = ("companion", "views", "db")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes under `if TYPE_CHECKING:`: read by the type checker, never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    return skipped


def project_imports(name: str, path: Path) -> set[str]:
    """The project's modules that `name` imports when it runs (at the top or inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    found.add(f"{base}.{alias.name}")
                elif base in MODULES:
                    found.add(base)
    found.discard(name)
    return found


GRAPH = {name: project_imports(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round a loop (Tarjan's components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph.get(module, ()):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in graph:
        if module not in order:
            visit(module)
    return found


def game_package(module: str) -> str | None:
    """`views.senet.board` → `senet`: the game whose package holds the module, if any."""
    from companion.games import games

    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] in ("companion", "views") and parts[1] in games() else None


def test_the_cycle_finder_finds_a_loop_and_nothing_else():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_modules_import_each_other():
    assert cycles(GRAPH) == []


def test_no_game_package_imports_another_games():
    crossings = {
        f"{module} → {other}"
        for module, imported in GRAPH.items()
        for other in imported
        if game_package(module) and game_package(other) and game_package(module) != game_package(other)
    }
    assert crossings == set()


def test_the_graph_sees_imports_inside_functions():
    assert "views.app" in GRAPH["views.main"]  # main() imports the shell when the page opens
    assert "views.main" in GRAPH["companion.cli"]


def test_a_module_belongs_to_the_game_whose_folder_holds_it():
    assert game_package("views.senet.board") == game_package("companion.senet") == "senet"
    assert game_package("views.screens.home") is None and game_package("companion.referee") is None
