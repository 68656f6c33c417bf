"""Every entry of a whole match has a sentence in its game's own words, in both languages:
the record page and the table view never fall back to "Ana made entry 12." for a real entry.

The matches are whole games played through the engines (tests/history/played.py): seeded
random Parchís, a scripted Çävasie session with a fold and a showdown, a bot's Quacks game,
a Pig game; Senet's seeded game with undo and redo.
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games import game
from companion.i18n import t
from companion.session import MatchSession
from tests.history.played import NO_DEALER, PIG_WIN, cavasie_log, entries, parchis_log, quacks_log, senet_log
from views.games import LoggedStep, game_sentence

CASES = {
    "senet": ({}, 2, lambda: senet_log(1)),
    "parchis": ({"mode": "quick"}, 4, lambda: parchis_log(4, 2)),
    "cavasie": (NO_DEALER, 3, lambda: cavasie_log(3)),
    "quacks": ({}, 2, lambda: quacks_log(2, 3)),
    "quacks-4": ({}, 4, lambda: quacks_log(4, 2)),  # four players: fortune cards that draw chips
    "pig": ({"target": 20}, 2, lambda: entries(PIG_WIN)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_entry_of_a_whole_match_is_told(case):
    setup, players, log = CASES[case]
    game_id = case.partition("-")[0]
    rules = game(game_id)
    assert rules is not None
    session = MatchSession(rules, rules.check_setup({**setup, "players": players}))
    names = {seat: f"Player{seat}" for seat in range(players)}
    untold: Counter[tuple[str, str]] = Counter()
    for entry in log():
        if entry["kind"] != "action":
            getattr(session, entry["kind"])()
            continue
        mover, before = session.to_move(), session.state
        session.apply(entry["action"])
        logged = LoggedStep(session.history[-1], before, session.history, session.initial_state, names, mover)
        for lang in ("ko", "en"):
            if not game_sentence(game_id, lambda key, lang=lang, **params: t(key, lang, **params), lang, logged):
                untold[(lang, ",".join(sorted(k for k in entry["action"] if k != "seat")))] += 1
    assert dict(untold) == {}, f"{game_id}: entries without a sentence, by kind: {dict(untold)}"
