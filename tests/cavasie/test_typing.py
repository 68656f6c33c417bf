"""Typing into the Çävasie tools' text fields while the screen draws (issue 17).

A client sends each keystroke's text, then its change event; a field drawn from the screen's
state got an older text back whenever the server drew an earlier keystroke between the two, and
the player lost what they had typed since. The quick scorer's names and the deck editor's fields
are the player's: their text is given once, when they first appear.
"""

from __future__ import annotations

from pathlib import Path

from db import Store
from tests.views.headless import Headless, run


def test_a_name_typed_fast_into_the_quick_scorer_is_kept(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'quick.db'}") as store:

        async def typing() -> None:
            app = await Headless.open(store, "/tool/cavasie/scorer")
            await app.type_fast("quick-name-0", ["M", "Mi", "Min", "Mins", "Minsu"])
            await app.wait_for(lambda: app.find("quick-0-floor") is not None, "the scorer drawn")
            await app.wait_for_text("Minsu")
            app.close()

        run(typing)


def test_a_code_typed_fast_into_the_deck_editor_is_kept(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'deck.db'}") as store:

        async def typing() -> None:
            app = await Headless.open(store, "/tool/cavasie/deck")
            await app.tap("deck-card-1")
            await app.type_fast("deck-name-1", ["Z", "Ze", "Zer", "Zero"])
            app.close()

        run(typing)
