"""The shell's screens rendered by the real app without a browser (tests/views/headless.py): what
they show, and that drawing them never makes the app's one thread wait on the database.

The store is tests/e2e/test_stats_screen.py's (three players over Senet, Quacks and Çävasie),
with one Senet match still being played.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from companion.i18n import DEFAULT_LANGUAGE, t
from db import SeatSpec, Store
from tests.e2e.test_stats_screen import seed
from tests.views.headless import Headless, run


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[tuple[Store, dict[str, int]]]:
    url = f"sqlite:///{tmp_path / 'screens.db'}"
    ids = seed(url)
    with Store(url) as store:
        playing = store.create_match("senet", {}, [SeatSpec(ids["Ana"], 0), SeatSpec(ids["Ben"], 1)])
        ids["playing"] = playing
        ids["finished"] = store.history(limit=1)[0].id
        ids["key"] = store.table_key(playing)  # type: ignore[assignment]
        yield store, ids


def on_the_apps_thread(store: Store) -> list[str]:
    """Every statement the store runs on the app's own thread from now on (the event loop's)."""
    seen: list[str] = []
    loop_thread = threading.current_thread()

    def heard(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        if threading.current_thread() is loop_thread:
            seen.append(statement.split()[0])

    event.listen(store.engine, "before_cursor_execute", heard)
    return seen


def test_no_screen_reads_the_store_on_the_apps_thread_while_it_draws(seeded) -> None:
    store, ids = seeded
    ana, finished, playing = ids["Ana"], ids["finished"], ids["playing"]
    screens = {  # the route, and a text it shows once its reads are in
        "/": "Ana, Ben",
        "/history": f"· {finished}번 경기",
        "/stats": "Ana",
        f"/stats?player={ana}": "Ana",
        "/stats?game=quacks": "Ana",
        f"/record/{finished}": "Cy",
        f"/record/{finished}?step=0": "Cy",
        "/players": "Cy",
        "/new/senet": "Cy",
        f"/table/{playing}?key={ids['key']}": "Ana",
    }

    async def draw_each() -> None:
        seen = on_the_apps_thread(store)
        for route, shown in screens.items():
            app = await Headless.open(store, route)
            await app.wait_for(lambda app=app, shown=shown: any(shown in text for text in app.texts()),
                               f"{shown!r} on {route}")
            assert seen == [], f"{route} read the store on the app's thread: {seen}"
            app.close()

    run(draw_each)


def test_statistics_of_a_player_and_of_someone_unknown(seeded) -> None:
    store, ids = seeded

    async def look() -> None:
        ana = await Headless.open(store, f"/stats?player={ids['Ana']}")
        await ana.wait_for_text("6")  # Ana: 6 matches
        texts = ana.texts()
        assert "Ana" in texts and any("Ben" in text for text in texts)  # her record, head to head
        ana.close()
        nobody = await Headless.open(store, "/stats?player=999")
        # The drop-down shows 999 at once; the refusal comes with everyone's numbers, once they are read.
        instead = t("stats.showing_everyone", DEFAULT_LANGUAGE)
        await nobody.wait_for(lambda: any("999" in text and instead in text for text in nobody.texts()), "the refusal")
        assert any("Cy" in text for text in nobody.texts())  # everyone's numbers instead
        nobody.close()

    run(look)


def test_a_tap_on_a_game_screen_is_shown_and_read_again_without_the_screen_asking(tmp_path: Path) -> None:
    """The counter game's screen (tests/views/counter_views.py) only calls `live.apply`: the
    LiveMatch re-renders it, and tells the app's model, whose lists then read again."""
    from companion.games import register_extra
    from views.games import register_views

    register_extra("tests.db.counter_game")
    register_views("counter", "tests.views.counter_views")
    with Store(f"sqlite:///{tmp_path / 'tap.db'}") as store:
        ana = store.add_player("Ana", "#d32f2f").id
        match_id = store.create_match("counter", {"start": 0, "target": 5}, [SeatSpec(ana, 0)])

        async def tap_once() -> None:
            app = await Headless.open(store, f"/match/{match_id}")
            await app.wait_for_text("total 0")
            model = app.model
            version = model.data_version
            await app.tap("counter-add")
            await app.wait_for_text("total 1")
            assert model.data_version > version  # the tap told the model: the lists read again
            app.close()

        run(tap_once)


def test_an_unfinished_match_says_whose_turn_it_is_on_home_and_in_history(seeded) -> None:
    from companion.i18n import t

    store, _ = seeded
    turn = t("table.to_move", "ko", name="Ana")  # the server's language: Korean

    async def look() -> None:
        for route in ("/", "/history"):
            app = await Headless.open(store, route)
            await app.wait_for(lambda app=app: any(turn in text for text in app.texts()), f"whose turn on {route}")
            app.close()

    run(look)


def test_the_shell_alone_follows_the_window_and_every_game_screen_lays_out_by_it(tmp_path: Path) -> None:
    """One listener of the window's size, the shell's (issue 15: the Parchís screen set its own and
    never took it off, so each visit chained one more): after every board game's screen has been
    open, the page's handler is still the shell's, and a turned phone lays the screens out anew."""
    with Store(f"sqlite:///{tmp_path / 'size.db'}") as store:
        ana, ben = (store.add_player(name, colour).id for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2")))
        seats = [SeatSpec(ana, 0), SeatSpec(ben, 1)]
        matches = {game: store.create_match(game, {}, seats) for game in ("quacks", "parchis", "senet")}

        async def visit() -> None:
            app = await Headless.open(store, f"/match/{matches['quacks']}")
            await app.wait_for(lambda: app.find("layout-narrow") is not None, "Quacks laid out for a phone")
            shell = app.page.on_resize
            assert shell is not None
            for game in ("parchis", "senet", "quacks"):
                for route in (f"/match/{matches[game]}", f"/rules/{game}", "/"):
                    app.model.arrive(route)
                    await app.settle(0.2)
                    assert app.page.on_resize is shell, f"{route} left its own size listener"
            app.model.arrive(f"/match/{matches['quacks']}")
            await app.wait_for(lambda: app.find("layout-narrow") is not None, "Quacks again")
            await app.session.dispatch_event(app.page._i, "resize", {"width": 1280, "height": 800})
            await app.wait_for(lambda: app.find("layout-wide") is not None, "Quacks laid out for a wide window")
            assert (app.model.width, app.model.height) == (1280, 800)
            app.close()

        run(visit)


def test_every_games_rules_page_puts_the_rule_a_refusal_opened_first(tmp_path: Path) -> None:
    """One rules-page helper for every game (views/rules_page.py): opened at a rule, the page lights
    that rule (its id and text, keyed so the page scrolls to it); opened plainly, it lights none."""
    from companion.games import registry
    from views.games import game_views

    with Store(f"sqlite:///{tmp_path / 'rules.db'}") as store:

        async def look() -> None:
            for game in registry():  # the app's own games (a test game registered earlier may have no screens here)
                views = game_views(game)
                assert views is not None and views.rules, game
                last = views.rules[-1]
                app = await Headless.open(store, f"/rules/{game}/{last.id}")
                await app.wait_for(lambda app=app, last=last: app.find(f"rule-{last.id}") is not None, f"{last.id} lit")
                lit = app.find(f"rule-{last.id}")
                shown = app.texts()
                assert last.id in shown and app.model.tr(last.text) in shown
                assert lit is not None and lit.bgcolor is not None
                app.model.arrive(f"/rules/{game}")
                await app.settle(0.2)
                assert not [c for c in app.controls() if str(getattr(c, "key", "")).startswith("rule-")], game
                app.close()

        run(look)


def test_a_finished_match_ends_in_the_shared_card_with_every_place(tmp_path: Path) -> None:
    """views.ui.end_card, as a finished Senet match shows it: who won, each place best first, home."""
    from companion.i18n import t
    from tests.e2e.test_history_screen import senet_played_out

    with Store(f"sqlite:///{tmp_path / 'end.db'}") as store:
        ana, ben = (store.add_player(name, colour).id for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2")))
        match_id = senet_played_out(store, ana, ben, 1)
        outcome = store.resume(match_id).outcome()
        names = {0: "Ana", 1: "Ben"}

        async def look() -> None:
            app = await Headless.open(store, f"/match/{match_id}")
            await app.wait_for(lambda: app.find("result") is not None, "the end card")
            shown = app.texts()
            (winner,) = outcome.winners
            assert t("senet_ui.winner", "ko", name=names[winner]) in shown
            for group in outcome.places:
                for seat in group:
                    assert t("senet_ui.place_line", "ko", place=outcome.placing(seat), name=names[seat],
                             score=outcome.scores.get(seat, 0)) in shown
            assert app.find("home") is not None
            app.close()

        run(look)


def test_the_board_games_say_a_match_was_changed_elsewhere_or_abandoned(tmp_path: Path) -> None:
    """views.screens.match.match_notices on the Parchís and Senet screens: another screen's entry
    found by the poll says the match is shown as it stands now; abandoning it says so."""
    from companion.i18n import t
    from views.live import LiveMatch

    with Store(f"sqlite:///{tmp_path / 'notices.db'}") as store:
        ana, ben = (store.add_player(name, colour).id for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2")))
        seats = [SeatSpec(ana, 0), SeatSpec(ben, 1)]
        first_entry = {"parchis": {"roll": 3}, "senet": {"throw": 3}}

        async def look() -> None:
            for game, entry in first_entry.items():
                match_id = store.create_match(game, {}, seats)
                app = await Headless.open(store, f"/match/{match_id}")
                opened = lambda app=app, match_id=match_id: app.model.open_match(match_id) is not None  # noqa: E731
                await app.wait_for(opened, f"the {game} match")
                assert app.find("reloaded") is None and app.find("abandoned") is None
                assert app.find("abandon") is not None  # a live match, not a replay of its log (views/replay.py)
                other = LiveMatch.load(store, match_id)  # another phone at the table
                assert other.apply(entry), other.error
                live = app.model.open_match(match_id)
                assert live.refresh()
                await app.wait_for(lambda app=app: app.find("reloaded") is not None, f"{game}: changed elsewhere")
                assert t(f"{game}_ui.reloaded", "ko") in app.texts()
                live.abandon()
                await app.wait_for(lambda app=app: app.find("abandoned") is not None, f"{game}: abandoned")
                assert t("match.abandoned", "ko") in app.texts()
                app.close()

        run(look)
