"""The showdown (CV-9, CV-10): every player's best hand, vepleque's voiding, the order, and why.

Places are groups of seats, best first; players whose keys are equal share a group (CV-10's
last step: a draw). For each group, `Decision` says which CV-10 step put it above the next
group, with both values, so a screen can explain the result ("more red cards: 2 against 1").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from companion.cavasie.scorer import HandScore, Scorer, SeatCards


@dataclass(frozen=True)
class Decision:
    """The CV-10 step that separates two hands: `step` is `rank`, `length`, `sum`, `colour`,
    `shape`, or `draw` (nothing did); `detail` names the colour or shape; `better` and `worse`
    are the two values compared at that step."""

    step: str
    detail: str | None = None
    better: int = 0
    worse: int = 0


@dataclass(frozen=True)
class Showdown:
    scores: tuple[HandScore, ...]  # per seat, in the order given
    places: tuple[tuple[int, ...], ...]  # seat groups best first; a group shares its place
    voided: bool  # a vepleque voided the patterns from felox up (CV-9)
    decisions: tuple[Decision, ...]  # decisions[i]: why places[i] beats places[i + 1]

    @property
    def winners(self) -> tuple[int, ...]:
        return self.places[0]


def decide(scorer: Scorer, better: HandScore, worse: HandScore) -> Decision:
    """Which CV-10 step puts `better` above `worse` (or `draw` when none does)."""
    deck = scorer.deck
    names: list[tuple[str, str | None]] = [("rank", None), ("length", None), ("sum", None)]
    names += [("colour", colour) for colour in deck.colours]
    names += [("shape", shape) for shape in deck.shapes]
    for (step, detail), mine, theirs in zip(names, better.key, worse.key, strict=True):
        if mine != theirs:
            return Decision(step, detail, mine, theirs)
    return Decision("draw")


def showdown(scorer: Scorer, seats: Sequence[SeatCards]) -> Showdown:
    """Score every seat, apply vepleque's voiding (CV-9), and rank them (CV-10).

    The seats must be valid (cards known to the deck, each card once); see `checks.py`."""
    scores = [scorer.score(seat) for seat in seats]
    voided = any(score.vepleque for score in scores) and scorer.voids
    if voided:
        # CV-9: every hand is scored again from the patterns below felox and vepleque only.
        scores = [scorer.score(seat, voided=True) for seat in seats]
    order = sorted(range(len(seats)), key=lambda seat: scores[seat].key, reverse=True)
    places: list[list[int]] = []
    for seat in order:
        if places and scores[places[-1][0]].key == scores[seat].key:
            places[-1].append(seat)
        else:
            places.append([seat])
    decisions = tuple(decide(scorer, scores[a[0]], scores[b[0]]) for a, b in pairwise(places))
    return Showdown(tuple(scores), tuple(tuple(sorted(group)) for group in places), voided, decisions)


def report(scorer: Scorer, seats: Sequence[SeatCards], ids: Sequence[int] | None = None) -> dict[str, Any]:
    """The showdown as JSON for screens and the match log: `places` (groups of ids, best first),
    `hands` (each id's score answer plus the pattern's id, the cards that make it, a special
    pattern and what sol lifted, and the CV-10 key), `voided`, and `decisions` (the CV-10 step
    between each place and the next). `ids` name the seats (default 0, 1, ...)."""
    ids = list(ids) if ids is not None else list(range(len(seats)))
    result = showdown(scorer, seats)
    hands = {}
    for seat, score in zip(ids, result.scores, strict=True):
        hands[str(seat)] = {**score.to_json(), "pattern": score.pattern, "pattern_cards": list(score.pattern_cards),
                            "special": score.special, "lifted_from": score.lifted_from, "key": list(score.key)}
    return {
        "places": [[ids[i] for i in group] for group in result.places],
        "hands": hands,
        "voided": result.voided,
        "decisions": [{"step": d.step, "detail": d.detail, "better": d.better, "worse": d.worse}
                      for d in result.decisions],
    }
