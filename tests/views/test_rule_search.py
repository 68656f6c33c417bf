"""Typing in the rules search (issue 17: "PA-12" sometimes lost everything after the "-").

The cause: the field was drawn from the screen's state (`value=query`). A client sends each
keystroke's text, then its change event; when the server drew the result of an earlier keystroke
between the two (a slow draw: "PA-" finds every Parchís rule), it sent that older text back and
the field lost what was typed since. The field is now the player's: the server gives its text
once, on the first draw, and never again.
"""

from __future__ import annotations

from pathlib import Path

from db import Store
from tests.views.headless import Headless, run


def test_a_keystroke_typed_while_the_last_one_is_drawn_is_kept(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'rules.db'}") as store:

        async def type_fast() -> None:
            app = await Headless.open(store, "/rules")
            await app.type_fast("rule-search", ["P", "PA", "PA-", "PA-1", "PA-12"])
            await app.wait_for(lambda: app.find("hit-PA-12") is not None, "PA-12 found")
            app.close()

        run(type_fast)


def test_the_search_opens_with_the_query_of_its_address(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'rules.db'}") as store:

        async def open_at() -> None:
            app = await Headless.open(store, "/rules?q=PA-12")
            field = app.find("rule-search")
            assert field is not None and field.value == "PA-12"
            assert app.find("hit-PA-12") is not None
            app.close()

        run(open_at)


def test_back_from_a_rule_found_keeps_the_search(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'rules.db'}") as store:

        async def look_up() -> None:
            app = await Headless.open(store, "/rules")
            field = app.find("rule-search")
            assert field is not None
            app.session.apply_patch(field._i, {"value": "PA-12"})
            await app.session.dispatch_event(field._i, "change", "PA-12")
            await app.wait_for(lambda: app.find("hit-PA-12") is not None, "PA-12 found")
            await app.tap("hit-PA-12")
            assert app.model.screen.route == "/rules/parchis/PA-12"
            app.model.back()
            await app.settle()
            assert app.model.screen.route == "/rules?q=PA-12"
            field = app.find("rule-search")
            assert field is not None and field.value == "PA-12" and app.find("hit-PA-12") is not None
            app.close()

        run(look_up)
