"""What one tap draws again on the server (issue 18: a tap's round trip): the game's screen once,
the shell not at all, and of the board only the squares whose look the tap changed. Counted, not
timed: the time itself is the browser test's figure (tests/e2e/test_first_page.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flet.components.component import Renderer

from companion.parchis import pending
from companion.senet import legal_moves
from db import SeatSpec, Store
from tests.views.headless import Headless, run


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each component was drawn (its function called) from now on."""
    counts: Counter[str] = Counter()
    render = Renderer.render

    def counted(self: Renderer, fn: Any, *args: Any, **kwargs: Any) -> Any:
        counts[fn.__name__] += 1
        return render(self, fn, *args, **kwargs)

    monkeypatch.setattr(Renderer, "render", counted)
    return counts


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[Store, list[SeatSpec]]]:
    with Store(f"sqlite:///{tmp_path / 'taps.db'}") as opened:
        ana, ben = (opened.add_player(name, colour).id for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2")))
        yield opened, [SeatSpec(ana, 0), SeatSpec(ben, 1)]


def opened_on(store: Store, game: str, seats: list[SeatSpec]) -> tuple[int, Any]:
    match_id = store.create_match(game, {}, seats)
    return match_id, store.resume(match_id).state


def test_a_senet_throw_draws_the_screen_once_and_only_the_squares_it_lights(store, drawn) -> None:
    opened, seats = store
    match_id, state = opened_on(opened, "senet", seats)
    lit = legal_moves(state.position, 3)  # the opening: ten pieces can move, onto ten other squares
    changed = {move.frm for move in lit} | {int(move.to) for move in lit}

    async def throw() -> None:
        app = await Headless.open(opened, f"/match/{match_id}")
        await app.wait_for(lambda: app.find("throw-3") is not None, "the throw pad")
        drawn.clear()
        await app.tap("throw-3")
        await app.wait_for(lambda: app.find("moves") is not None, "the moves of the throw")
        assert drawn["SenetScreen"] == 1, drawn
        assert drawn["App"] == 0 and drawn["MatchScreen"] == 0, drawn  # the shell shows nothing a throw changes
        assert drawn["Square"] == len(changed) < 30, drawn
        assert drawn["PlayerCard"] == 0, drawn  # the same player is still to move
        drawn.clear()
        await app.tap(f"undo-{app.model.open_match(match_id).seq}")
        await app.wait_for(lambda: app.find("moves") is None, "the throw taken back")
        assert drawn["SenetScreen"] == 1 and drawn["Square"] == len(changed), drawn
        app.close()

    run(throw)


def test_a_parchis_roll_draws_the_screen_once_and_only_the_places_it_lights(store, drawn) -> None:
    opened, seats = store
    match_id, _ = opened_on(opened, "parchis", seats)

    async def roll() -> None:
        app = await Headless.open(opened, f"/match/{match_id}")
        await app.wait_for(lambda: app.find("die-5") is not None, "the die pad")
        drawn.clear()
        await app.tap("die-5")  # a 5 takes a piece out of its nest: the nest and the exit square light up
        await app.wait_for(lambda: app.find("moves") is not None, "the move of the roll")
        live = app.model.open_match(match_id)
        assert pending(live.state) is not None
        assert drawn["ParchisScreen"] == 1 and drawn["App"] == 0, drawn
        assert drawn["Nest"] == 1 and drawn["Cell"] == 1 and drawn["Goal"] == 0, drawn
        app.close()

    run(roll)
