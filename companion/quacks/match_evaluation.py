"""The evaluation's start for a match, empty pots included (QK-10, QK-11).

`evaluation.begin` checks its input as the protocol's `evaluate` does, and that refuses a pot
with no chip. At the table a player may stop before any chip stays in the pot (stopping at
once, or sending the only white back with the flask); the scoring space is then the one right
after the rat stone (or the droplet). For such a round the tallies are built here with that
space and the walk is started the way `begin` starts it.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.quacks import evaluation
from companion.quacks import evaluation_effects as fx
from companion.quacks.evaluation import Evaluation, begin
from companion.quacks.evaluation_types import Event, PlayerIn, Setup, Tally


def begin_any(setup: Setup, players: Sequence[PlayerIn],
              spaces: Sequence[int]) -> tuple[Evaluation, list[Event]]:
    """`evaluation.begin`, or the same start when a pot is empty; `spaces` are the players'
    scoring spaces as the pots give them (pot.scoring_space)."""
    if all(player.chips for player in players):
        return begin(setup, players)
    tallies = tuple(
        Tally(seat, p.chips, p.exploded, p.protected, space, p.droplet, p.vp, p.rubies, p.flask)
        for seat, (p, space) in enumerate(zip(players, spaces, strict=True)))
    ev = Evaluation(setup, tallies, setup.supply, fx.rollers(tallies))
    events: list[Event] = [{"type": "rollers", "step": "A", "rule": "QK-11", "seats": list(ev.rollers)}]
    ev, more = evaluation._advance(ev, None)  # the walk as `begin` runs it (EVAL's module)
    return ev, events + more
