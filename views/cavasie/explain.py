"""Çävasie in words: card names, the deal's next card, the showdown explained. Pure functions of
the engine's state and results (no Flet), so they are tested without a browser."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.cavasie import Deck, TableState, next_deal_slot

Tr = Callable[..., str]

# Card faces on screen: the row's colour, and a text colour that reads on it.
CARD_COLOURS = {"red": ("#c62828", "#ffffff"), "yellow": ("#f9a825", "#212121"), "green": ("#2e7d32", "#ffffff"),
                "blue": ("#1565c0", "#ffffff"), "black": ("#212121", "#ffffff")}
QUOTO_FACE = ("#616161", "#ffffff")


def colour_word(tr: Tr, colour: str) -> str:
    """A colour in words; a colour a table added to its deck is called as it named it."""
    key = f"cavasie_ui.colour.{colour}"
    said = tr(key)
    return colour if said == key else said


def card_label(tr: Tr, deck: Deck, code: str) -> str:
    """How a card is read aloud: "A3 · red 3 · Nanig" / "P0 · blue quoto · Pradoléquoto"."""
    card = deck.card(code)
    if card.quoto:
        return tr("cavasie_ui.card.quoto", code=code, colour=colour_word(tr, card.colour), name=card.name)
    return tr("cavasie_ui.card.numbered", code=code, colour=colour_word(tr, card.colour), value=card.value,
              name=card.name)


def face_colours(deck: Deck, code: str) -> tuple[str, str]:
    card = deck.card(code)
    if card.quoto:
        return QUOTO_FACE
    return CARD_COLOURS.get(card.colour, QUOTO_FACE)


def seat_name(tr: Tr, names: Mapping[int, str], seat: int | None) -> str:
    if seat is None:
        return "?"
    return names.get(seat) or tr("cavasie_ui.seat_n", n=seat + 1)


def deal_prompt(tr: Tr, state: TableState, names: Mapping[int, str]) -> str | None:
    """The next card of the deal in words (CV-4's order), or None when the deal is complete."""
    slot = next_deal_slot(state)
    if slot is None:
        return None
    seat, pile, face_up = slot
    face = tr("cavasie_ui.face.up" if face_up else "cavasie_ui.face.down")
    if seat is None:
        return tr("cavasie_ui.deal.center", n=len(state.hand.center) + 1, face=face)
    have = len(getattr(state.hand.seats[seat], pile))
    if pile == "hand":
        return tr("cavasie_ui.deal.hand", name=seat_name(tr, names, seat), n=have + 1)
    return tr("cavasie_ui.deal.floor", name=seat_name(tr, names, seat), n=have + 1, face=face)


def phase_title(tr: Tr, state: TableState) -> str:
    hand = state.hand
    return tr("cavasie_ui.header", number=hand.number, phase=tr(f"cavasie_ui.phase.{hand.phase}"), pot=hand.pot)


def decision_text(tr: Tr, decision: Mapping[str, Any]) -> str:
    """Why one group beat the next (CV-10's step and both values)."""
    step = decision["step"]
    params = {"better": decision.get("better", 0), "worse": decision.get("worse", 0)}
    if step == "colour":
        return tr("cavasie_ui.why.colour", colour=colour_word(tr, decision["detail"]), **params)
    if step == "shape":
        return tr("cavasie_ui.why.shape", shape=tr(f"cavasie_ui.shape.{decision['detail']}"), **params)
    return tr(f"cavasie_ui.why.{step}", **params)


def quoto_text(tr: Tr, quotos: Mapping[str, Mapping[str, Any]]) -> str | None:
    if not quotos:
        return None
    parts = [tr("cavasie_ui.quoto_read", code=code, colour=colour_word(tr, reading["colour"]), value=reading["value"])
             for code, reading in sorted(quotos.items())]
    return ", ".join(parts)


def pattern_meaning(tr: Tr, pattern_id: str) -> str:
    """What a pattern asks for, in a few words ("" for a rung a table added to its ladder)."""
    key = f"cavasie_ui.pattern.{pattern_id}"
    said = tr(key)
    return "" if said == key else said


def hand_lines(tr: Tr, hand: Mapping[str, Any]) -> list[str]:
    """One scored hand: its pattern and cards, what the pattern's name means, the cards that
    make the pattern, the quotos."""
    lines = [tr("cavasie_ui.hand_line", rank=hand["rank"], index=hand["rank_index"], cards=" ".join(hand["cards"]),
                sum=hand["sum"])]
    meaning = pattern_meaning(tr, str(hand.get("pattern", "")))
    if meaning:
        lines.append(tr("cavasie_ui.pattern_means", name=hand["rank"], what=meaning))
    if hand.get("special") == "sol":
        lines.append(tr("cavasie_ui.sol_line", pattern=hand.get("lifted_from") or ""))
    if hand.get("pattern_cards"):
        lines.append(tr("cavasie_ui.pattern_cards", cards=" ".join(hand["pattern_cards"])))
    quotos = quoto_text(tr, hand.get("quotos", {}))
    if quotos:
        lines.append(quotos)
    return lines


def settlement_text(tr: Tr, result: Mapping[str, Any], names: Mapping[int, str]) -> list[tuple[str, list[str]]]:
    """The showdown explained: for each place (best first) a headline and its lines: each
    player's hand, why the place beats the next one, what each player won."""
    awards = {int(seat): chips for seat, chips in result.get("awards", {}).items()}
    if result.get("kind") == "uncontested":
        (seat,) = result["places"][0]
        return [(tr("cavasie_ui.uncontested", name=seat_name(tr, names, seat), pot=result["pot"]), [])]
    out: list[tuple[str, list[str]]] = []
    places: Sequence[Sequence[int]] = result["places"]
    decisions: Sequence[Mapping[str, Any]] = result.get("decisions", [])
    place = 1
    for index, group in enumerate(places):
        who = ", ".join(seat_name(tr, names, seat) for seat in group)
        headline = tr("cavasie_ui.place", place=place, names=who)
        lines: list[str] = []
        for seat in group:
            hand = result["hands"][str(seat)]
            detail = hand_lines(tr, hand)
            lines.append(tr("cavasie_ui.player_hand", name=seat_name(tr, names, seat), hand=detail[0]))
            lines += detail[1:]
        if len(group) > 1:
            lines.append(tr("cavasie_ui.why.draw"))
        if index < len(decisions):
            following = ", ".join(seat_name(tr, names, seat) for seat in places[index + 1])
            lines.append(tr("cavasie_ui.beats", names=who, other=following, why=decision_text(tr, decisions[index])))
        for seat in group:
            if awards.get(seat):
                lines.append(tr("cavasie_ui.wins", name=seat_name(tr, names, seat), chips=awards[seat]))
        out.append((headline, lines))
        place += len(group)
    return out
