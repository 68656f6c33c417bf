"""The project stands alone: no document, docstring or comment sends a reader to a file the
repository does not hold (the working notes its authors had beside it: a design document, the
rules files, a shared folder). The rules are told in the project's own words, by rule id."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "views", "db", "tests", "benchmarks")
DOCUMENTS = ("README.md", "pyproject.toml", "main.py", *(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")))
# A pointer outside: the shared folder, the design document, a rules file by its file name.
OUTSIDE = re.compile(r"\.\./shared|\bshared/|\bdesign\.md\b|\brules/\w+\.md\b")


def docstrings_and_comments(source: str) -> list[tuple[int, str]]:
    """(line, text) of every docstring and comment of a module."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                found.append((node.body[0].lineno, text))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found.append((token.start[0], token.string))
    return found


def python_files() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
            if "artifacts" not in path.parts]


def test_the_scanner_finds_a_pointer_in_a_docstring_and_in_a_comment() -> None:
    source = '"""See design.md."""\nx = "rules/senet.md"  # read ../shared first\n'
    pointers = [line for line, text in docstrings_and_comments(source) if OUTSIDE.search(text)]
    assert pointers == [1, 2]  # the string literal on line 2 is code, not a pointer


def test_no_docstring_or_comment_points_outside_the_repository() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text.strip()[:80]}"
        for path in python_files()
        for line, text in docstrings_and_comments(path.read_text(encoding="utf-8"))
        if OUTSIDE.search(text)
    ]
    assert offenders == []


def test_no_document_points_outside_the_repository() -> None:
    offenders = [
        f"{name}:{number}: {line.strip()[:80]}"
        for name in DOCUMENTS
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), start=1)
        if OUTSIDE.search(line)
    ]
    assert offenders == []


def test_the_architecture_document_is_there_and_every_pointer_to_it_holds() -> None:
    assert (ROOT / "docs" / "architecture.md").is_file()
    named = {match.group(0) for path in python_files() if path != Path(__file__).resolve()
             for match in re.finditer(r"docs/[\w-]+\.md", path.read_text(encoding="utf-8"))}
    assert "docs/architecture.md" in named
    assert all((ROOT / document).is_file() for document in named), named
