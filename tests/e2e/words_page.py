"""A page for tests/e2e/test_korean_words.py: the same Korean words drawn three ways in boxes
too narrow for one line, with the app's font and views/words.py installed, so the browser test
can compare pixels:

- "joined": a Text through views/words.py (the app's way);
- "reference": the same words with a line break written at the space, and no joiner at all;
- "raw": the same words as a span, which views/words.py does not touch (Flutter's own breaks).

Run as `python tests/e2e/words_page.py PORT`.
"""

from __future__ import annotations

import sys

import flet as ft

from views.main import ASSETS_DIR
from views.webclient import FONT_FAMILY, FONT_FILE
from views.words import install

FIRST, SECOND = "가나다라마바사아자", "차카타파하"
WIDTH = 200  # the first word fits (9 syllables at 20 px), the two words do not
SIZE = 20


def boxed(name: str, text: ft.Text) -> ft.Control:
    return ft.Container(width=WIDTH, bgcolor=ft.Colors.WHITE, padding=0, key=name,
                        content=ft.Semantics(label=name, container=True, content=text))


def main(page: ft.Page) -> None:
    install()
    page.fonts = {FONT_FAMILY: FONT_FILE}
    page.theme = ft.Theme(font_family=FONT_FAMILY)
    page.theme_mode = ft.ThemeMode.LIGHT
    page.bgcolor = ft.Colors.WHITE
    style = {"size": SIZE, "color": ft.Colors.BLACK}
    page.add(
        boxed("joined", ft.Text(f"{FIRST} {SECOND}", **style)),
        boxed("reference", ft.Text(spans=[ft.TextSpan(f"{FIRST}\n{SECOND}")], **style)),
        boxed("raw", ft.Text(spans=[ft.TextSpan(f"{FIRST} {SECOND}")], **style)),
        ft.FilledButton(content="새 경기 시작"),
    )


if __name__ == "__main__":
    import flet_web.fastapi as flet_fastapi
    import uvicorn

    inner = flet_fastapi.app(main, assets_dir=ASSETS_DIR, no_cdn=True)
    outer = flet_fastapi.FastAPI()
    outer.mount("/", inner)
    uvicorn.run(outer, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
