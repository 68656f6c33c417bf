"""No screen hard-codes text a player reads: every word on screen comes from the catalogues.

The check reads the source of views/ (no Flet needed) and reports string literals, f-strings with
words in them, and literals joined with `+` or chosen with `... if ... else ...`, where they are
shown: the first argument of a text control or button, and the keyword arguments that Flet puts
on screen or reads aloud (`content=`, `value=`, `label=`, `tooltip=`, hints and semantic labels).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Controls whose first positional argument is what they show.
SHOWN_FIRST_ARGUMENT = {
    "Text", "TextSpan", "Markdown", "Button", "TextButton", "FilledButton", "FilledTonalButton",
    "OutlinedButton", "ElevatedButton", "CupertinoButton", "CupertinoFilledButton", "Tooltip",
}
# Keyword arguments that end up on screen or in the accessibility tree.
SHOWN_KEYWORDS = {
    "content", "value", "label", "tooltip", "text", "hint_text", "helper_text", "error_text",
    "semantics_label", "placeholder_text",
}
# Controls whose `value=` is a choice key or a number, never shown as text.
VALUE_IS_A_KEY = {
    "Radio", "RadioGroup", "Segment", "SegmentedButton", "Dropdown", "DropdownM2", "Slider", "RangeSlider",
    "Switch", "Checkbox", "CupertinoRadio", "CupertinoSwitch", "CupertinoCheckbox", "CupertinoSlider",
    "CupertinoSegmentedButton", "CupertinoSlidingSegmentedButton", "ProgressBar", "ProgressRing",
}


def literal_words(node: ast.expr) -> str | None:
    """The hard-coded words in an expression, or None when every word in it is computed."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) and any(c.isalpha() for c in node.value) else None
    if isinstance(node, ast.JoinedStr):
        fixed = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
        return fixed if any(c.isalpha() for c in fixed) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return literal_words(node.left) or literal_words(node.right)
    if isinstance(node, ast.IfExp):
        return literal_words(node.body) or literal_words(node.orelse)
    return None


def called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    if isinstance(call.func, ast.Name):
        return call.func.id
    return None


def hard_coded_texts(source: str, filename: str = "<source>") -> list[str]:
    """`file:line Control(keyword='text')` for each hard-coded text shown by a control."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = called_name(node)
        shown: list[tuple[str, ast.expr]] = []
        if name in SHOWN_FIRST_ARGUMENT and node.args:
            shown.append(("", node.args[0]))
        for keyword in node.keywords:
            if keyword.arg in SHOWN_KEYWORDS and not (keyword.arg == "value" and name in VALUE_IS_A_KEY):
                shown.append((f"{keyword.arg}=", keyword.value))
        for where, expression in shown:
            words = literal_words(expression)
            if words is not None:
                found.append(f"{filename}:{node.lineno} {name}({where}{words!r})")
    return found


def test_screens_hard_code_no_text() -> None:
    offenders = []
    for path in sorted((ROOT / "views").rglob("*.py")):
        offenders += hard_coded_texts(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert offenders == [], "\n".join(offenders)


@pytest.mark.parametrize("line", [
    'ft.Text("Player 2")',
    'ft.Text(value="Player 2")',
    'ft.Text(f"Player {seat}")',
    'ft.Text("Seat " + str(seat))',
    'ft.Text(tr("x") if ok else "Nobody")',
    'ft.TextButton("Undo", on_click=undo)',
    'ft.Button(content="Start")',
    'ft.Container(content="Start")',
    'ft.TextField(label="Name", hint_text=tr("new.player_name"))',
    'ft.TextField(value="Your name")',
    'ft.IconButton(ft.Icons.DELETE, tooltip="Delete")',
    'ft.Switch(label="House rule", value=True)',
    'ft.Image(src="a.png", semantics_label="Board")',
    'ft.Radio(value="ko", label="Korean")',
])
def test_the_check_sees_text_in(line: str) -> None:
    assert len(hard_coded_texts(line)) == 1, line


@pytest.mark.parametrize("line", [
    'ft.Text(tr("app.title"))',
    'ft.Text(value=model.tr("app.title"))',
    'ft.Text(f"{name} ({seat})")',
    'ft.Text(str(count), size=18)',
    'ft.Text("·")',
    'ft.Text("12")',
    'ft.IconButton(ft.Icons.DELETE, tooltip=tr("app.delete"))',
    'ft.Radio(value="ko", label=tr("settings.korean"))',
    'ft.Dropdown(value="senet", options=options)',
    'ft.Switch(label=tr("x"), value=True)',
    'ft.View(route="/match/3")',
    'model.go("history")',
])
def test_the_check_lets_pass(line: str) -> None:
    assert hard_coded_texts(line) == [], line
