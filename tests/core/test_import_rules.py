"""design.md's import rules, checked on the real modules."""

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
