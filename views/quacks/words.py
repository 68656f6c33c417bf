"""The Quacks screens' sentences: chips, odds, questions, answers and events in words.

Plain functions of the engine's values (no Flet), so the tests can read them. Every word comes
from the catalogues (`quacks_ui.*`); the fortune cards' names and texts come from the match's
own catalogue (the table may have corrected them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.quacks.data import CHIPS, RUBIES_PER_DROPLET, RUBIES_PER_FLASK, PotSpace
from companion.quacks.match_fortune import figure
from companion.quacks.match_state import MatchState
from companion.quacks.match_view import Question

Tr = Callable[..., str]
Event = Mapping[str, Any]

# Odds colour scale: the chance of exploding, from calm to alarming (presentation only).
ODDS_STEPS = (0.10, 0.25, 0.50)
ODDS_PAINT = ("#2e7d32", "#f9a825", "#ef6c00", "#c62828")  # green, amber, orange, red
ODDS_INK = ("#ffffff", "#212121", "#ffffff", "#ffffff")


def percent(chance: float) -> str:
    """A chance as a whole percentage; a tiny chance is "<1%", a near certainty ">99%"."""
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    value = chance * 100
    if value < 1:
        return "<1%"
    if value > 99:
        return ">99%"
    return f"{round(value)}%"


def odds_level(chance: float) -> int:
    """0 calm … 3 alarming: the place of `chance` on the screen's colour scale."""
    return sum(1 for step in ODDS_STEPS if chance >= step)


@dataclass(frozen=True)
class Words:
    """What the sentences need: the translation, the language (for the fortune cards), the
    players' names by seat and the match (for its catalogue)."""

    tr: Tr
    lang: str
    names: Mapping[int, str]
    state: MatchState

    # -- small pieces ------------------------------------------------------------------
    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and seat in self.names:
            return self.names[seat]
        return self.tr("quacks_ui.seat_n", seat=seat + 1) if isinstance(seat, int) else "?"

    def chip(self, code: str) -> str:
        """ "white 1", "흰색 1"."""
        kind = CHIPS[code]
        return self.tr("quacks_ui.chip", colour=self.tr(f"quacks_ui.colour.{kind.colour}"), value=kind.value)

    def chips(self, codes: Sequence[str]) -> str:
        return ", ".join(self.chip(code) for code in codes) if codes else self.tr("quacks_ui.nothing")

    def face(self, face: str) -> str:
        return self.tr(f"quacks_ui.face.{face}")

    def space(self, space: PotSpace) -> str:
        key = "quacks_ui.space_ruby" if space.ruby else "quacks_ui.space"
        return self.tr(key, index=space.index, coins=space.coins, vp=space.vp)

    def card_name(self, card_id: str) -> str:
        return self.state.catalogue.card(card_id).name(self.lang)

    def gain(self, gain: Mapping[str, Any]) -> str:
        """ "+2 VP, +1 ruby, droplet +1, into the bag: orange 1"."""
        parts: list[str] = []
        for key in ("vp", "rubies", "droplet"):
            if gain.get(key):
                parts.append(self.tr(f"quacks_ui.gain.{key}", n=f"{gain[key]:+d}"))
        if gain.get("chips"):
            parts.append(self.tr("quacks_ui.gain.chips", chips=self.chips(gain["chips"])))
        if gain.get("removed"):
            parts.append(self.tr("quacks_ui.gain.removed", chips=self.chips(gain["removed"])))
        if "flask" in gain:
            parts.append(self.tr("quacks_ui.gain.flask_full" if gain["flask"] else "quacks_ui.gain.flask_used"))
        return ", ".join(parts)

    # -- the question waiting and its answers -----------------------------------------------
    def prompt(self, asked: Question) -> str:
        """What the match waits for, naming the player asked."""
        who = self.name(asked.seat)
        info = asked.info
        if asked.source == "fortune":
            return self.tr("quacks_ui.ask.fortune", name=who, round=info["round"])
        if asked.source == "card":
            card = self.card_name(asked.card) if asked.card else ""
            if asked.kind == "draw":
                key = "quacks_ui.ask.card_draw_exact" if info.get("exact") else "quacks_ui.ask.card_draw_most"
                return self.tr(key, name=who, card=card, count=info["count"])
            if asked.kind == "give_up":
                return self.tr("quacks_ui.ask.card_give_up", name=who, card=card, rats=info["rats"])
            return self.tr(f"quacks_ui.ask.card_{asked.kind}", name=who, card=card)
        kind = asked.kind
        if kind == "die":
            rolls = int(info["rolls"])
            if rolls > 1:
                return self.tr("quacks_ui.ask.die_of", name=who, roll=info["roll"], rolls=rolls)
            return self.tr("quacks_ui.ask.die", name=who)
        if kind == "choice":
            return self.tr("quacks_ui.ask.choice", name=who, vp=info["vp"], coins=info["coins"])
        if kind == "buy":
            return self.tr("quacks_ui.ask.buy", name=who, coins=info["coins"])
        if kind == "spend":
            return self.tr("quacks_ui.ask.spend", name=who, rubies=info["rubies"])
        if kind == "green_take":
            return self.tr("quacks_ui.ask.green_take", name=who)
        if kind == "green_pay":
            return self.tr("quacks_ui.ask.green_pay", name=who, most=info["most"])
        if kind == "purple_trade":
            return self.tr("quacks_ui.ask.purple_trade", name=who, purples=info["purples"])
        return self.tr("quacks_ui.ask.purple_swap", name=who, purples=info["purples"])

    def answer(self, asked: Question, action: Mapping[str, Any]) -> str:
        """A ready-made legal answer as its button's label."""
        if "card" in action:
            return self.card_name(action["card"])
        if "die" in action:
            return self.face(action["die"])
        if "take" in action:
            return self.take(asked, action["take"])
        if "give_up" in action:
            n = action["give_up"]
            return self.tr("quacks_ui.answer.give_up", n=n) if n else self.tr("quacks_ui.answer.keep_rats")
        if "choice" in action:
            info = asked.info
            if action["choice"] == "vp":
                return self.tr("quacks_ui.answer.take_vp", vp=info["vp"])
            return self.tr("quacks_ui.answer.go_buy", coins=info["coins"])
        if "spend" in action:
            return self.spend(action["spend"])
        if "green_take" in action:
            picks = [code for code in action["green_take"] if code is not None]
            return self.tr("quacks_ui.answer.green_take", chips=self.chips(picks)) if picks \
                else self.tr("quacks_ui.answer.take_nothing")
        if "green_pay" in action:
            n = action["green_pay"]
            return self.tr("quacks_ui.answer.green_pay", n=n) if n else self.tr("quacks_ui.answer.pay_nothing")
        if "purple_trade" in action:
            tier = action["purple_trade"]
            return self.tr(f"quacks_ui.answer.purple_trade_{tier}") if tier in (1, 2, 3) \
                else self.tr("quacks_ui.answer.keep_purples")
        if "purple_swap" in action:
            return self.swap(asked, action["purple_swap"])
        if "buy" in action:
            return self.chips(action["buy"])
        return self.tr("quacks_ui.answer.other")

    def take(self, asked: Question, option: Any) -> str:
        if option is None:
            return self.tr("quacks_ui.answer.take_nothing")
        if option in ("droplet", "rubies", "remove_W1"):
            return self.tr(f"quacks_ui.answer.take_{option}", n=self.printed(asked) if option != "remove_W1" else 0)
        if option == "vp":
            if asked.effect == "choose_4chip_or_vp_per_rat":
                return self.tr("quacks_ui.answer.take_vp_rats", rats=self.state.players[asked.seat].rats)
            return self.tr("quacks_ui.answer.take_vp4", n=self.printed(asked))
        if option in CHIPS:
            if asked.effect == "trade_ruby_for_1chip":
                return self.tr("quacks_ui.answer.pay_ruby_for", chip=self.chip(option))
            return self.tr("quacks_ui.answer.take_chip", chip=self.chip(option))
        return str(option)

    def printed(self, asked: Question) -> int:
        """The number on the card that asks (the table may have corrected it)."""
        return figure(self.state.fortune, asked.effect or "")

    def spend(self, spend: Mapping[str, Any]) -> str:
        steps, flask = int(spend["droplet"]), bool(spend["flask"])
        if not steps and not flask:
            return self.tr("quacks_ui.answer.keep_rubies")
        parts = []
        if steps:
            parts.append(self.tr("quacks_ui.answer.spend_droplet", n=steps))
        if flask:
            parts.append(self.tr("quacks_ui.answer.spend_flask"))
        cost = steps * RUBIES_PER_DROPLET + int(flask) * RUBIES_PER_FLASK  # QK-15's prices, from the data
        return self.tr("quacks_ui.answer.spend", what=", ".join(parts), rubies=cost)

    def swap(self, asked: Question, swap: Mapping[str, Any]) -> str:
        if not swap.get("tier"):
            return self.tr("quacks_ui.answer.no_swap")
        for offer in asked.info.get("swaps", ()):
            if offer.get("tier") == swap.get("tier") and offer.get("chip") == swap.get("chip"):
                return self.tr("quacks_ui.answer.swap", frm=self.chip(offer["from"]), to=self.chip(offer["to"]),
                               n=int(offer["chip"]) + 1)
        return self.tr("quacks_ui.answer.other")

    # -- what happened -----------------------------------------------------------------------
    def event(self, event: Event, actor: int | None = None) -> str | None:
        """One engine event in words, or None for the ones the screen shows otherwise."""
        kind = event.get("type")
        seat = event.get("seat", actor)
        who = self.name(seat)
        tr = self.tr
        if kind == "placed":
            return tr("quacks_ui.said.placed", name=who, chip=self.chip(event["chip"]), space=event["space"],
                      distance=event["distance"])
        if kind == "exploded":
            key = "quacks_ui.said.exploded_protected" if event.get("protected") else "quacks_ui.said.exploded"
            return tr(key, name=who, total=event["white_total"], limit=event["white_limit"])
        if kind == "stopped":
            key = "quacks_ui.said.bag_empty" if event.get("reason") == "bag_empty" else "quacks_ui.said.stopped"
            return tr(key, name=who)
        if kind == "white_returned":
            return tr(f"quacks_ui.said.returned_{event.get('by', 'flask')}", name=who, chip=self.chip(event["chip"]))
        if kind == "restart":
            flask = tr("quacks_ui.flask_state.full" if event.get("flask", True) else "quacks_ui.flask_state.empty")
            said = tr("quacks_ui.said.restart", name=who, flask=flask)
            kept = event.get("kept") or []
            return f"{said} {tr('quacks_ui.said.restart_kept', chips=self.chips(kept))}" if kept else said
        if kind == "catalogue":
            return tr("quacks_ui.said.catalogue")
        if kind == "go_on":
            return tr("quacks_ui.said.go_on", name=who)
        if kind == "basket":
            chips = event.get("chips") or []
            return tr("quacks_ui.said.basket", name=who, chips=self.chips(chips)) if chips \
                else tr("quacks_ui.said.basket_nothing", name=who)
        if kind == "sold_out":
            return tr("quacks_ui.said.sold_out", name=who, chips=self.chips(event.get("chips") or []))
        if kind in ("set_aside", "blue_draws", "ruby", "protection", "white_limit", "spoon"):
            return tr(f"quacks_ui.said.{kind}", name=who, chip=self.chip(event["chip"]) if "chip" in event else "",
                      count=event.get("count", ""), draws=event.get("draws", ""), limit=event.get("limit", ""))
        if kind == "vp" and "step" not in event:  # blue set 4 while brewing
            return tr("quacks_ui.said.blue_vp", name=who, chip=self.chip(event["chip"]), vp=event["vp"])
        if kind == "beside":
            return tr(f"quacks_ui.said.beside_{event['choice']}", name=who, chip=self.chip(event["chip"]))
        if kind == "card":
            return tr("quacks_ui.said.card", name=who, card=self.card_name(event["card"]))
        if kind == "rats":
            rats = event.get("rats", [])
            if not any(rats):
                return tr("quacks_ui.said.no_rats")
            line = ", ".join(tr("quacks_ui.said.rats_of", name=self.name(s), rats=n) for s, n in enumerate(rats))
            return tr("quacks_ui.said.rats", rats=line)
        if kind == "extra_white":
            return tr("quacks_ui.said.extra_white")
        if kind in ("card_gain", "die", "card_die", "black", "green", "purple", "ruby_space", "vp", "buy",
                    "coins_to_vp", "spend", "rubies_to_vp", "whites_seven", "free_refill"):
            return self._gained(event, who)
        if kind in ("card_chip", "card_upgrade", "card_removed", "card_box_empty"):
            return tr(f"quacks_ui.said.{kind}", name=who, chip=self.chip(event["chip"]),
                      to=self.chip(event["to"]) if "to" in event else "")
        if kind == "choice":
            return tr(f"quacks_ui.said.choice_{event['choice']}", name=who)
        if kind == "rollers":
            seats = event.get("seats", [])
            return tr("quacks_ui.said.rollers", names=", ".join(self.name(s) for s in seats)) if seats \
                else tr("quacks_ui.said.no_rollers")
        if kind == "round":
            return tr("quacks_ui.said.round", round=event["round"], name=self.name(event.get("start")))
        return None  # game_over: the result card says it

    def _gained(self, event: Event, who: str) -> str | None:
        kind = event["type"]
        gain = event.get("gain", {})
        if kind == "card_die":
            return self.tr("quacks_ui.said.card_die", name=who, face=self.face(event["face"]))
        if kind == "die":
            return self.tr("quacks_ui.said.die", name=who, face=self.face(event["face"]))
        if kind == "buy":
            if not event.get("chips"):
                return self.tr("quacks_ui.said.bought_nothing", name=who)
            return self.tr("quacks_ui.said.bought", name=who, chips=self.chips(event["chips"]),
                           coins=event["spent"])
        text = self.gain(gain)
        if not text:
            return None
        return self.tr("quacks_ui.said.gain", name=who, what=self.tr(f"quacks_ui.what.{kind}"), gain=text)


def last_lines(words: Words, history: Sequence[Any], most: int = 8) -> list[str]:
    """The last stored entry's events in words (the brewing ones and the evaluation's), at most
    `most` lines: what the table just did, whichever screen entered it."""
    if not history:
        return []
    step = history[-1]
    actor = step.action.get("seat") if isinstance(step.action, Mapping) else None
    lines = [text for event in step.events if (text := words.event(event, actor))]
    return lines[-most:]
