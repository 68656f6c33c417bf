"""Every message id the Çävasie code raises has an English and a Korean text, with the same
placeholders, and every refusal's text names its rule."""

from __future__ import annotations

import re
from pathlib import Path

from companion.cavasie.table_state import PHASES
from companion.errors import IllegalMove
from companion.i18n import catalogue, placeholders

SOURCE = Path(__file__).resolve().parents[2] / "companion" / "cavasie"


def raised_ids() -> set[str]:
    ids: set[str] = set()
    for path in SOURCE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'"(cavasie\.[a-z_]+)"', text))
    ids.discard("cavasie.player_")  # the prefix of the per-player count messages, below
    ids |= {f"cavasie.{prefix}{what}" for prefix in ("", "player_")
            for what in ("hand_count", "floor_count", "center_count")}
    ids |= {f"cavasie.phase_{phase}" for phase in PHASES}
    ids |= {f"cavasie.deal_full_{pile}" for pile in ("floor", "hand", "center")}
    return ids


def test_every_raised_message_has_both_languages() -> None:
    en, ko = catalogue("en"), catalogue("ko")
    missing = sorted(i for i in raised_ids() if i not in en or i not in ko)
    assert missing == []


def test_placeholders_match_between_languages() -> None:
    en, ko = catalogue("en"), catalogue("ko")
    ours = [key for key in en if key.startswith("cavasie.")]
    assert [key for key in ours if placeholders(en[key]) != placeholders(ko[key])] == []


def test_a_refusal_reads_with_the_players_name_and_rule() -> None:
    error = IllegalMove("cavasie.draw_limit", rule="CV-4", seat=1, name="Mina", limit=2)
    assert error.message("en") == "Mina has already drawn 2 extra floor cards, the most a player may draw. (CV-4)"
    assert error.message("ko").endswith("(CV-4)")
    assert "Mina" in error.message("ko")
