"""One player's pot during brewing (QK-6 … QK-10, QK-17's white limit, QK-18's book effects).

A `Pot` is immutable; every step is a pure function returning the new pot, the new bag and
events (JSON dicts with a "type"). The bag is tracked when one is given: drawing a chip the
bag does not hold is refused. The referee's `brew` op has no bag and passes `None`.

Draw items (the protocol's `brew` vocabulary, plus the app's own steps):
- `"W1"` or `{"chip": "Y1", "return_white": true}` (yellow set 1) or
  `{"chip": "B2", "place": <item> | null}` (blue set 1: the chip placed next, itself an item);
- `{"flask": true}` (QK-8);
- app only: `{"stir": true}` (the Well Stirred card), `{"stop": true}` (QK-9) and
  `{"beside": "place" | "keep" | "bag"}` (red set 2's decision for the first chip waiting).

Spacing of a chip (QK-6, QK-18): its value; a white 1 moves 2 once a red is in the pot (red 4);
a red adds 1 for 1-2 oranges in the pot, 2 for 3+ (red 1), or the value of the white chip right
before it (red 3); a yellow adds 1/2/3 as the round's 1st/2nd/3rd yellow (yellow 4); an orange
adds the card's bonus (Pumpkin Patch Party); then the whole distance doubles when the previous
placed chip was a yellow of set 2. It counts from the last chip still in the pot, or from the
rat stone (droplet + rats), and stops at the last space, 52.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, overload

from companion.errors import BadRequest, IllegalMove
from companion.quacks.data import (
    BOX_SUPPLY,
    CHIPS,
    LAST_SPACE,
    POT_TRACK,
    SPOON,
    WHITE_LIMIT,
    Bag,
    Books,
    Chip,
    PotSpace,
    chip,
)
from companion.quacks.records import evolve

BesideChoice = Literal["place", "keep", "bag"]
BESIDE_CHOICES: tuple[BesideChoice, ...] = ("place", "keep", "bag")
YELLOW3_LIMITS = ((1, 8), (3, 9))  # QK-18: from the 1st yellow 8, from the 3rd 9
YELLOW4_EXTRA = (1, 2, 3)  # QK-18: the round's 1st, 2nd, 3rd yellow
Event = dict[str, Any]


class Placed(NamedTuple):
    """A chip lying in the pot: `Placed("R2", 8)` (a named pair: a pot holds many, and the
    referee reads thousands)."""

    chip: str
    space: int

    def to_json(self) -> dict[str, Any]:
        return {"chip": self.chip, "space": self.space}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Placed:
        return cls(str(data["chip"]), int(data["space"]))


# --- actions ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """A chip drawn from the bag. `return_white`: yellow set 1 sends back the white before it.
    `place`: blue set 1's chip placed next (None: none placed)."""

    chip: str
    return_white: bool = False
    place: Draw | None = None

    def to_json(self) -> str | dict[str, Any]:
        if not self.return_white and self.place is None:
            return self.chip
        out: dict[str, Any] = {"chip": self.chip}
        if self.return_white:
            out["return_white"] = True
        if self.place is not None:
            out["place"] = self.place.to_json()
        return out


@dataclass(frozen=True)
class UseFlask:
    """QK-8: return the white chip just drawn to the bag."""


@dataclass(frozen=True)
class Stir:
    """The Well Stirred card: return the round's first white chip, just drawn, to the bag."""


@dataclass(frozen=True)
class Stop:
    """QK-9: stop drawing."""


@dataclass(frozen=True)
class Beside:
    """Red set 2: what becomes of the first red chip waiting beside the pot."""

    choice: BesideChoice


Action = Draw | UseFlask | Stir | Stop | Beside
PLAIN_DRAWS: Mapping[str, Draw] = {code: Draw(code) for code in CHIPS}  # immutable: one each
PLACE_MOST = sum(count for code, count in BOX_SUPPLY.items() if CHIPS[code].colour == "blue")  # blues placing blues


def parse_item(item: Any, books: Books, app: bool = True, depth: int = 0) -> Action:
    """The action of one draw item. Malformed items, and `return_white`/`place` without yellow
    set 1 / blue set 1, are `BadRequest`s (QK-18). `app=False` accepts the protocol's items only
    (a chip or the flask). A chain of blues placing blues longer than the box's blue chips is
    refused before it is read any further."""
    if depth > PLACE_MOST:
        raise BadRequest("quacks.place_too_deep", most=PLACE_MOST)
    if isinstance(item, str):
        plain = PLAIN_DRAWS.get(item)
        if plain is None:
            chip(item)  # an unknown code: refused
        return plain or Draw(item)
    if not isinstance(item, Mapping):
        raise BadRequest("quacks.bad_item", item=_shown(item))
    if "chip" in item:
        return _parse_draw(item, books, depth)
    if "flask" in item:
        if item["flask"] is not True:
            raise BadRequest("quacks.bad_item", item=_shown(item))
        return UseFlask()
    if app and item.get("stir") is True:
        return Stir()
    if app and item.get("stop") is True:
        return Stop()
    if app and item.get("beside") in BESIDE_CHOICES:
        return Beside(item["beside"])
    raise BadRequest("quacks.bad_item", item=_shown(item))


def _parse_draw(item: Mapping[str, Any], books: Books, depth: int = 0) -> Draw:
    drawn = chip(item["chip"])
    return_white = False
    if "return_white" in item:
        if not isinstance(item["return_white"], bool):
            raise BadRequest("quacks.bad_item", item=_shown(item))
        if drawn.colour != "yellow" or books["yellow"] != 1:
            raise BadRequest("quacks.return_white_not_yellow1", rule="QK-18", chip=drawn.code)
        return_white = item["return_white"]
    place: Draw | None = None
    if "place" in item:
        if drawn.colour != "blue" or books["blue"] != 1:
            raise BadRequest("quacks.place_not_blue1", rule="QK-18", chip=drawn.code)
        if item["place"] is not None:
            placed = parse_item(item["place"], books, app=False, depth=depth + 1)
            if not isinstance(placed, Draw):
                raise BadRequest("quacks.bad_item", item=_shown(item))
            place = placed
    return Draw(drawn.code, return_white, place)


def _shown(item: Any) -> str:
    import json

    try:
        return json.dumps(item, ensure_ascii=False)[:80]
    except (TypeError, ValueError):
        return repr(item)[:80]


# --- the pot ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Pot:
    """One player's pot in one round.

    `base_limit` is the white limit the round starts with (7, or a card's 9); `white_limit`
    is the one in force (yellow set 3 may raise it; the highest applies, QK-17).
    `last_white`: the last draw placed a white chip that is still the last chip and did not
    explode the pot (the flask's and the Well Stirred card's target).
    `double_next`: a yellow of set 2 doubles the next chip placed. `protect_left`/`protected`:
    blue set 2's window of draws and whether the pot exploded inside it. `beside`: red set 2
    chips waiting for a decision; `kept`: those kept for a later round. `rubies`/`vp`: gained
    while brewing (blue sets 3 and 4). `orange_extra`: Pumpkin Patch Party's bonus spaces.
    `stir_ready`: the Well Stirred card may still return the round's first white.
    `carried`: the red set 2 chips kept from an earlier round that this pot began with beside
    it (A Second Chance's restart leaves them there: they never were in the bag).
    """

    droplet: int = 0
    rats: int = 0
    chips: tuple[Placed, ...] = ()
    base_limit: int = WHITE_LIMIT
    white_limit: int = WHITE_LIMIT
    exploded: bool = False
    flask_full: bool = True
    stopped: bool = False
    last_white: bool = False
    double_next: bool = False
    protect_left: int = 0
    protected: bool = False
    beside: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    rubies: int = 0
    vp: int = 0
    orange_extra: int = 0
    stir_ready: bool = False
    whites_drawn: int = 0
    drawn: int = 0
    carried: tuple[str, ...] = ()

    @property
    def start(self) -> int:
        """The rat stone's space (the droplet's when there are no rats), at most 52 (QK-5, QK-6)."""
        return min(self.droplet + self.rats, LAST_SPACE)

    @property
    def white_total(self) -> int:
        return sum(CHIPS[p.chip].value for p in self.chips if CHIPS[p.chip].white)

    @property
    def last_space(self) -> int:
        """The space the next chip counts from: the last chip still in the pot, or the rat stone."""
        return self.chips[-1].space if self.chips else self.start

    def to_json(self) -> dict[str, Any]:
        return {
            "droplet": self.droplet, "rats": self.rats, "chips": [p.to_json() for p in self.chips],
            "base_limit": self.base_limit, "white_limit": self.white_limit,
            "exploded": self.exploded, "flask_full": self.flask_full, "stopped": self.stopped,
            "last_white": self.last_white, "double_next": self.double_next,
            "protect_left": self.protect_left, "protected": self.protected,
            "beside": list(self.beside), "kept": list(self.kept), "rubies": self.rubies,
            "vp": self.vp, "orange_extra": self.orange_extra, "stir_ready": self.stir_ready,
            "whites_drawn": self.whites_drawn, "drawn": self.drawn, "carried": list(self.carried),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pot:
        fields = dict(data)
        fields["chips"] = tuple(Placed.from_json(p) for p in data.get("chips", ()))
        fields["beside"] = tuple(data.get("beside", ()))
        fields["kept"] = tuple(data.get("kept", ()))
        fields["carried"] = tuple(data.get("carried", ()))
        return cls(**fields)


def new_pot(droplet: int = 0, rats: int = 0, white_limit: int = WHITE_LIMIT, *,
            flask_full: bool = True, beside: tuple[str, ...] = (), orange_extra: int = 0,
            well_stirred: bool = False) -> Pot:
    """A pot at the start of brewing. `white_limit` is the round's base limit (a card may make it
    9); `beside` holds red set 2 chips kept from an earlier round; `orange_extra` and
    `well_stirred` are the Pumpkin Patch Party and Well Stirred cards."""
    return Pot(droplet=droplet, rats=rats, base_limit=white_limit, white_limit=white_limit,
               flask_full=flask_full, beside=beside, orange_extra=orange_extra,
               stir_ready=well_stirred, carried=beside)


def scoring_space(pot: Pot) -> PotSpace:
    """QK-10: the space right after the last chip (after the rat stone with no chip left); a chip
    on the last space scores the spoon (QK-6)."""
    return POT_TRACK[min(pot.last_space + 1, SPOON)]


def finished(pot: Pot, bag: Bag | None = None) -> bool:
    """QK-9: no more drawing: stopped, exploded, or (with a tracked bag) nothing left in it."""
    return pot.stopped or pot.exploded or (bag is not None and bag.size == 0)


def awaiting_decision(pot: Pot) -> bool:
    """Red set 2 chips wait beside a pot that has stopped or exploded: the evaluation waits."""
    return bool(pot.beside) and (pot.stopped or pot.exploded)


# --- steps ------------------------------------------------------------------------------


@overload
def draw(pot: Pot, bag: Bag, item: Any, books: Books) -> tuple[Pot, Bag, list[Event]]: ...
@overload
def draw(pot: Pot, bag: None, item: Any, books: Books) -> tuple[Pot, None, list[Event]]: ...
def draw(pot: Pot, bag: Bag | None, item: Any, books: Books) -> tuple[Pot, Bag | None, list[Event]]:
    """Apply one draw item (any of the module's vocabulary, or an `Action`)."""
    action = item if isinstance(item, Draw | UseFlask | Stir | Stop | Beside) else parse_item(item, books)
    events: list[Event] = []
    if isinstance(action, Draw):
        pot, bag = _draw(pot, bag, action, books, events)
    elif isinstance(action, UseFlask):
        pot, bag = _return_last_white(pot, bag, "flask", events)
    elif isinstance(action, Stir):
        pot, bag = _return_last_white(pot, bag, "stir", events)
    elif isinstance(action, Stop):
        pot = _stop(pot, events)
    else:
        pot, bag = _beside(pot, bag, action.choice, books, events)
    return pot, bag, events


@overload
def use_flask(pot: Pot, bag: Bag) -> tuple[Pot, Bag, list[Event]]: ...
@overload
def use_flask(pot: Pot, bag: None) -> tuple[Pot, None, list[Event]]: ...
def use_flask(pot: Pot, bag: Bag | None) -> tuple[Pot, Bag | None, list[Event]]:
    """QK-8: the white chip just drawn goes back to the bag; the flask is then empty."""
    events: list[Event] = []
    pot, bag = _return_last_white(pot, bag, "flask", events)
    return pot, bag, events


def stop(pot: Pot) -> Pot:
    """QK-9: the player stops drawing."""
    return _stop(pot, [])


def _stop(pot: Pot, events: list[Event]) -> Pot:
    if pot.exploded:
        raise IllegalMove("quacks.stop_after_explosion", rule="QK-7")
    if pot.stopped:
        raise IllegalMove("quacks.already_stopped", rule="QK-9")
    events.append({"type": "stopped", "rule": "QK-9"})
    return evolve(pot, stopped=True, last_white=False)


def _check_can_draw(pot: Pot, bag: Bag | None) -> None:
    if pot.exploded:
        raise IllegalMove("quacks.draw_after_explosion", rule="QK-7")
    if pot.stopped:
        raise IllegalMove("quacks.draw_after_stop", rule="QK-9")
    if bag is not None and bag.size == 0:
        raise IllegalMove("quacks.bag_empty", rule="QK-9")


def _draw(pot: Pot, bag: Bag | None, action: Draw, books: Books,
          events: list[Event]) -> tuple[Pot, Bag | None]:
    drawn = chip(action.chip)
    if action.return_white and (drawn.colour != "yellow" or books["yellow"] != 1):
        raise BadRequest("quacks.return_white_not_yellow1", rule="QK-18", chip=drawn.code)
    if action.place is not None and (drawn.colour != "blue" or books["blue"] != 1):
        raise BadRequest("quacks.place_not_blue1", rule="QK-18", chip=drawn.code)
    _check_can_draw(pot, bag)
    if bag is not None:
        bag = bag.remove(action.chip)
    covered = pot.protect_left > 0  # blue set 2: this draw lies inside the window
    pot = evolve(pot, drawn=pot.drawn + 1, whites_drawn=pot.whites_drawn + drawn.white,
                  protect_left=max(pot.protect_left - 1, 0),
                  stir_ready=pot.stir_ready and pot.whites_drawn == 0)
    if drawn.colour == "red" and books["red"] == 2:
        # red set 2 acts outside the spacing: the chip waits beside the pot (QK-18)
        events.append({"type": "set_aside", "chip": drawn.code, "rule": "QK-18"})
        return evolve(pot, beside=(*pot.beside, drawn.code), last_white=False), bag
    pot = _place(pot, drawn, books, events, covered)
    if action.return_white:
        pot, bag = _yellow_returns_white(pot, bag, events)
    if drawn.colour == "blue" and books["blue"] == 1:
        events.append({"type": "blue_draws", "chip": drawn.code, "count": drawn.value, "rule": "QK-18"})
        if action.place is not None:
            pot, bag = _draw(pot, bag, action.place, books, events)
    return pot, bag


def distance(pot: Pot, drawn: Chip, books: Books) -> int:
    """How far `drawn` moves from the last chip (QK-6 with QK-18's spacing effects)."""
    steps = drawn.value
    in_pot = [CHIPS[p.chip] for p in pot.chips]
    if drawn.code == "W1" and books["red"] == 4 and any(c.colour == "red" for c in in_pot):
        steps = 2
    if drawn.colour == "red" and books["red"] == 1:
        oranges = sum(1 for c in in_pot if c.colour == "orange")
        steps += 2 if oranges >= 3 else 1 if oranges >= 1 else 0
    if drawn.colour == "red" and books["red"] == 3 and in_pot and in_pot[-1].white:
        steps += in_pot[-1].value
    if drawn.colour == "yellow" and books["yellow"] == 4:
        yellows = sum(1 for c in in_pot if c.colour == "yellow")
        steps += YELLOW4_EXTRA[yellows] if yellows < len(YELLOW4_EXTRA) else 0
    if drawn.colour == "orange":
        steps += pot.orange_extra
    if pot.double_next:
        steps *= 2
    return steps


def _place(pot: Pot, drawn: Chip, books: Books, events: list[Event], covered: bool = False) -> Pot:
    """Lay `drawn` in the pot and apply what placing it does."""
    steps = distance(pot, drawn, books)
    target = pot.last_space + steps
    space = min(target, LAST_SPACE)
    chips = (*pot.chips, Placed(drawn.code, space))
    events.append({"type": "placed", "chip": drawn.code, "space": space, "distance": steps})
    if target >= LAST_SPACE:
        events.append({"type": "spoon", "rule": "QK-6"})
    limit = pot.white_limit
    if drawn.colour == "yellow" and books["yellow"] == 3:
        yellows = sum(1 for p in chips if CHIPS[p.chip].colour == "yellow")
        raised = max([limit, *(lim for n, lim in YELLOW3_LIMITS if yellows >= n)])  # QK-17
        if raised > limit:
            limit = raised
            events.append({"type": "white_limit", "limit": limit, "rule": "QK-18"})
    rubies, vp = pot.rubies, pot.vp
    if drawn.colour == "blue" and POT_TRACK[space].ruby and books["blue"] == 3:
        rubies += 1
        events.append({"type": "ruby", "chip": drawn.code, "space": space, "rule": "QK-18"})
    if drawn.colour == "blue" and POT_TRACK[space].ruby and books["blue"] == 4:
        vp += drawn.value
        events.append({"type": "vp", "chip": drawn.code, "vp": drawn.value, "rule": "QK-18"})
    protect_left = pot.protect_left
    if drawn.colour == "blue" and books["blue"] == 2:
        # the window covers the next `value` draws; windows do not add, the longer applies
        protect_left = max(protect_left, drawn.value)
        events.append({"type": "protection", "draws": protect_left, "rule": "QK-18"})
    after = evolve(pot, chips=chips, white_limit=limit, rubies=rubies, vp=vp,
                    double_next=drawn.colour == "yellow" and books["yellow"] == 2,
                    protect_left=protect_left, last_white=drawn.white)
    if drawn.white and after.white_total > limit:
        # QK-7: the exploding chip stays and the player stops
        events.append({"type": "exploded", "white_total": after.white_total, "white_limit": limit,
                       "protected": covered, "rule": "QK-7"})
        after = evolve(after, exploded=True, last_white=False, protected=covered)
    return after


def _yellow_returns_white(pot: Pot, bag: Bag | None, events: list[Event]) -> tuple[Pot, Bag | None]:
    """Yellow set 1: the chip right before the yellow (the last still in the pot) goes back to
    the bag if it is white; its space stays empty and the yellow stays where it lies."""
    before = pot.chips[-2] if len(pot.chips) >= 2 else None
    if before is None or not CHIPS[before.chip].white:
        raise IllegalMove("quacks.yellow_not_white", rule="QK-18",
                          chip=before.chip if before else "-")
    events.append({"type": "white_returned", "chip": before.chip, "space": before.space,
                   "by": "yellow", "rule": "QK-18"})
    pot = evolve(pot, chips=(*pot.chips[:-2], pot.chips[-1]))
    return pot, (bag.add(before.chip) if bag is not None else None)


def _return_last_white(pot: Pot, bag: Bag | None, by: Literal["flask", "stir"],
                       events: list[Event]) -> tuple[Pot, Bag | None]:
    """QK-8 (flask) or the Well Stirred card: the white chip just drawn goes back to the bag."""
    rule = "QK-8" if by == "flask" else "QK-4"
    if pot.exploded:
        raise IllegalMove(f"quacks.{by}_after_explosion", rule=rule)
    if pot.stopped:
        raise IllegalMove(f"quacks.{by}_after_stop", rule="QK-9")
    if by == "flask" and not pot.flask_full:
        raise IllegalMove("quacks.flask_empty", rule=rule)
    if by == "stir" and not (pot.stir_ready and pot.whites_drawn == 1):
        raise IllegalMove("quacks.stir_spent", rule=rule)
    if not pot.last_white:
        last = pot.chips[-1].chip if pot.chips else "-"
        raise IllegalMove(f"quacks.{by}_not_white", rule=rule, chip=last)
    white = pot.chips[-1]
    events.append({"type": "white_returned", "chip": white.chip, "space": white.space, "by": by,
                   "rule": rule})
    pot = evolve(pot, chips=pot.chips[:-1], last_white=False,
                  flask_full=pot.flask_full and by != "flask",
                  stir_ready=pot.stir_ready and by != "stir")
    return pot, (bag.add(white.chip) if bag is not None else None)


def _beside(pot: Pot, bag: Bag | None, choice: BesideChoice, books: Books,
            events: list[Event]) -> tuple[Pot, Bag | None]:
    """Red set 2: once the player has stopped (or exploded), the first waiting red is placed
    after the last chip, kept for a later round, or returned to the bag."""
    if not pot.beside:
        raise IllegalMove("quacks.nothing_beside", rule="QK-18")
    if not (pot.stopped or pot.exploded):
        raise IllegalMove("quacks.beside_too_early", rule="QK-18")
    code, rest = pot.beside[0], pot.beside[1:]
    events.append({"type": "beside", "chip": code, "choice": choice, "rule": "QK-18"})
    pot = evolve(pot, beside=rest)
    if choice == "place":
        return _place(pot, CHIPS[code], books, events), bag
    if choice == "keep":
        return evolve(pot, kept=(*pot.kept, code)), bag
    return pot, (bag.add(code) if bag is not None else None)


# --- what the player may do now ---------------------------------------------------------


def legal_items(pot: Pot, bag: Bag, books: Books) -> list[str | dict[str, Any]]:
    """Every item the player may enter now, for the screens (and tests): each chip of the bag
    (with yellow set 1's return and blue set 1's placements of one chip from what remains),
    the flask, the Well Stirred return, stopping, and red set 2's decisions."""
    items: list[str | dict[str, Any]] = []
    if not finished(pot, bag):
        for code in bag:
            items.append(code)
            drawn = CHIPS[code]
            if drawn.colour == "yellow" and books["yellow"] == 1 and pot.chips \
                    and CHIPS[pot.chips[-1].chip].white:
                items.append({"chip": code, "return_white": True})
            if drawn.colour == "blue" and books["blue"] == 1:
                rest = bag.remove(code)
                items.extend({"chip": code, "place": other} for other in rest)
    if pot.last_white and not pot.exploded and not pot.stopped:
        if pot.flask_full:
            items.append({"flask": True})
        if pot.stir_ready and pot.whites_drawn == 1:
            items.append({"stir": True})
    if not pot.stopped and not pot.exploded:
        items.append({"stop": True})
    if awaiting_decision(pot):
        items.extend({"beside": choice} for choice in BESIDE_CHOICES)
    return items


def choices_for(pot: Pot, books: Books, code: str) -> tuple[str, ...]:
    """The questions to ask before a drawn chip is entered: "return_white" (yellow set 1 with a
    white chip right before it) and "place" (blue set 1: which of the chips drawn to place)."""
    drawn = chip(code)
    asks: list[str] = []
    if drawn.colour == "yellow" and books["yellow"] == 1 and pot.chips \
            and CHIPS[pot.chips[-1].chip].white:
        asks.append("return_white")
    if drawn.colour == "blue" and books["blue"] == 1:
        asks.append("place")
    return tuple(asks)


@overload
def empty_into_bag(pot: Pot, bag: Bag) -> Bag: ...
@overload
def empty_into_bag(pot: Pot, bag: None) -> None: ...
def empty_into_bag(pot: Pot, bag: Bag | None) -> Bag | None:
    """QK-15 end of round (or A Second Chance): every chip in the pot and every red still waiting
    beside it goes back into the bag; chips kept for a later round stay out."""
    if bag is None:
        return None
    for code in (*(p.chip for p in pot.chips), *pot.beside):
        bag = bag.add(code)
    return bag


# --- the protocol's brew, straight through ----------------------------------------------


def brew(actions: Sequence[Draw | UseFlask], books: Books, droplet: int = 0, rats: int = 0,
         white_limit: int = WHITE_LIMIT) -> tuple[tuple[Placed, ...], bool]:
    """The chips left in a new pot after `actions` (chips drawn, the flask) and whether it
    exploded: what `draw` gives step by step from `new_pot(droplet, rats, white_limit)`, with
    the same refusals, without the app's bookkeeping (no bag, no events, no red set 2, whose
    chips wait for a decision: `draw` alone handles it). The referee answers thousands."""
    assert books["red"] != 2, "red set 2 sets chips aside: use draw()"
    walk = _Brew(books, min(droplet + rats, LAST_SPACE), white_limit)
    for action in actions:
        if isinstance(action, Draw):
            walk.draw(action)
        else:
            walk.flask()
    return tuple(Placed(code, space) for code, space in walk.chips), walk.exploded


class _Brew:
    """The running pot of `brew` (mutable, local to one call)."""

    def __init__(self, books: Books, start: int, white_limit: int) -> None:
        self.red, self.yellow, self.blue = books["red"], books["yellow"], books["blue"]
        self.start = start
        self.limit = white_limit
        self.chips: list[tuple[str, int]] = []
        self.whites = 0
        self.exploded = False
        self.flask_full = True
        self.last_white = False
        self.double_next = False
        self.reds = self.oranges = self.yellows = 0  # colours never returned (only whites are)

    def draw(self, action: Draw) -> None:
        if self.exploded:
            raise IllegalMove("quacks.draw_after_explosion", rule="QK-7")
        kind = CHIPS[action.chip]
        chips, colour = self.chips, kind.colour
        steps = kind.value  # QK-6 with QK-18's spacing, as `distance`
        if kind.code == "W1" and self.red == 4 and self.reds:
            steps = 2
        if colour == "red" and self.red == 1:
            steps += 2 if self.oranges >= 3 else 1 if self.oranges >= 1 else 0
        if colour == "red" and self.red == 3 and chips and CHIPS[chips[-1][0]].white:
            steps += CHIPS[chips[-1][0]].value
        if colour == "yellow" and self.yellow == 4 and self.yellows < len(YELLOW4_EXTRA):
            steps += YELLOW4_EXTRA[self.yellows]
        if self.double_next:
            steps *= 2
        chips.append((kind.code, min((chips[-1][1] if chips else self.start) + steps, LAST_SPACE)))
        if colour == "red":
            self.reds += 1
        elif colour == "orange":
            self.oranges += 1
        elif colour == "yellow":
            self.yellows += 1
            if self.yellow == 3:
                self.limit = max([self.limit, *(lim for n, lim in YELLOW3_LIMITS if self.yellows >= n)])
        self.double_next = colour == "yellow" and self.yellow == 2
        self.last_white = kind.white
        if kind.white:
            self.whites += kind.value
            if self.whites > self.limit:
                self.exploded, self.last_white = True, False
        if action.return_white:
            before = chips[-2] if len(chips) >= 2 else None
            if before is None or not CHIPS[before[0]].white:
                raise IllegalMove("quacks.yellow_not_white", rule="QK-18", chip=before[0] if before else "-")
            self.whites -= CHIPS[before[0]].value
            del chips[-2]
        if colour == "blue" and self.blue == 1 and action.place is not None:
            self.draw(action.place)

    def flask(self) -> None:
        if self.exploded:
            raise IllegalMove("quacks.flask_after_explosion", rule="QK-8")
        if not self.flask_full:
            raise IllegalMove("quacks.flask_empty", rule="QK-8")
        if not self.last_white:
            raise IllegalMove("quacks.flask_not_white", rule="QK-8", chip=self.chips[-1][0] if self.chips else "-")
        code, _ = self.chips.pop()
        self.whites -= CHIPS[code].value
        self.last_white = self.flask_full = False
