"""What the Quacks screens show beside `match_view`: the scoreboard with the rat tails between
the players, the evaluation's running tallies, and the shop's baskets.

Everything is read from the engine's state and from the legal answers `match_view.question`
gives; nothing here decides a rule a second time (the rat tails are QK-5's own count, the
shop only regroups the engine's legal purchases so a screen can offer them chip by chip).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.quacks.data import POT_TRACK, RAT_TAILS, SCORE_LAP, PotSpace, rats_for
from companion.quacks.match_state import MatchState


@dataclass(frozen=True)
class SeatScore:
    """One seat on the scoreboard, as things stand now. `vp`, `rubies`, `droplet` and `flask`
    include what brewing (blue sets 3 and 4) and the evaluation so far have given. `rats`: this
    round's rat tails (the rat stone's distance past the droplet); `behind`: the rat tails lying
    between this seat's score and the leader's now (QK-5), 0 for every leader."""

    seat: int
    vp: int
    rubies: int
    droplet: int
    flask: bool
    rats: int
    behind: int


def scores(state: MatchState) -> tuple[SeatScore, ...]:
    """Every seat's score line, seat order."""
    ev = state.evaluation
    rows: list[tuple[int, int, int, bool, int]] = []
    for seat, player in enumerate(state.players):
        pot = player.pot
        if state.phase == "evaluation" and ev is not None:
            tally = ev.tallies[seat]
            rows.append((tally.vp, tally.rubies, tally.droplet, tally.flask, player.rats))
        elif pot is not None:
            rows.append((player.vp + pot.vp, player.rubies + pot.rubies, pot.droplet, pot.flask_full, pot.rats))
        else:
            rows.append((player.vp, player.rubies, player.droplet, player.flask, player.rats))
    leader = max(vp for vp, *_ in rows)
    return tuple(SeatScore(seat, vp, rubies, droplet, flask, rats, rats_for(vp, leader))
                 for seat, (vp, rubies, droplet, flask, rats) in enumerate(rows))


def tails_between(low: int, high: int) -> tuple[int, ...]:
    """The rat tails t on the score track with low <= t < high, every lap counted (QK-5: a
    tail t lies between the spaces t and t + 1; the track loops at 50)."""
    found: list[int] = []
    for lap in range(max(low, 0) // SCORE_LAP, high // SCORE_LAP + 1):
        found += [lap * SCORE_LAP + t for t in RAT_TAILS if low <= lap * SCORE_LAP + t < high]
    return tuple(found)


@dataclass(frozen=True)
class TallyLine:
    """One player during the evaluation: where the pot scores and what the steps gave so far.
    `gained` are the chips going into the bag (die, books, purchases); `choice` an exploded
    player's "vp" or "buy" (None until asked, or when not asked); `roller` whether the player
    rolls the bonus die (QK-11)."""

    seat: int
    space: PotSpace
    exploded: bool
    protected: bool
    vp: int
    rubies: int
    droplet: int
    flask: bool
    gained: tuple[str, ...]
    choice: str | None
    roller: bool


def evaluation_board(state: MatchState) -> tuple[TallyLine, ...]:
    """The evaluation's running tallies, seat order (empty outside the evaluation)."""
    ev = state.evaluation
    if state.phase != "evaluation" or ev is None:
        return ()
    return tuple(TallyLine(t.seat, POT_TRACK[t.scoring_space], t.exploded, t.protected, t.vp, t.rubies, t.droplet,
                           t.flask, t.gained, t.choice, t.seat in ev.rollers) for t in ev.tallies)


def evaluation_step(state: MatchState) -> str | None:
    """The evaluation's step now ("A" … "F"), or None outside the evaluation."""
    ev = state.evaluation
    return ev.step if state.phase == "evaluation" and ev is not None else None


# --- the shop: the engine's legal purchases, chip by chip -------------------------------------


def baskets(answers: Sequence[Mapping[str, Any]]) -> tuple[frozenset[str], ...]:
    """The legal purchases of a "buy" question (its answers `{"seat": s, "buy": [...]}`) as
    sets of chip codes; the empty basket (buy nothing) included."""
    return tuple(frozenset(answer["buy"]) for answer in answers if "buy" in answer)


def offered(answers: Sequence[Mapping[str, Any]], chosen: Sequence[str]) -> tuple[str, ...]:
    """The chips that can still join `chosen` in some legal purchase, in the order the engine
    lists them (chosen chips excluded)."""
    picked = frozenset(chosen)
    out: dict[str, None] = {}
    for basket in baskets(answers):
        if picked < basket:
            out.update(dict.fromkeys(sorted(basket - picked, key=_order(answers))))
    return tuple(out)


def purchase(answers: Sequence[Mapping[str, Any]], chosen: Sequence[str]) -> dict[str, Any] | None:
    """The engine's own answer buying exactly `chosen` (any order), or None if it is not legal."""
    picked = frozenset(chosen)
    for answer in answers:
        if "buy" in answer and frozenset(answer["buy"]) == picked and len(answer["buy"]) == len(chosen):
            return dict(answer)
    return None


def _order(answers: Sequence[Mapping[str, Any]]) -> Any:
    """Sort key: where a code first appears among the single-chip answers (the engine's order)."""
    first: dict[str, int] = {}
    for answer in answers:
        for code in answer.get("buy", ()):
            first.setdefault(code, len(first))
    return lambda code: first.get(code, len(first))
