"""Hostile referee lines, for the fuzz tests: what a buggy client or an attacker could send.

Two sources, driven either by hypothesis (shrinking, in-process tests) or by a seeded
`random.Random` (a long stream through a real `companion referee` process):
- mutations of the valid requests in the recorded benchmark streams (a field dropped, doubled,
  retyped, pushed out of range, a list grown past any table ...), so the fuzz reaches deep
  into every op's checks instead of stopping at the first missing field;
- requests built from scratch for every game and op out of the protocol's own words (field
  names, chip, card and piece codes, locations) and hostile values;
and raw lines: bytes that are not UTF-8, lone surrogates, NaN, numbers too long to read,
nesting too deep, blank and half lines.

A choice is made through `Choose`: `pick(options)` returns one of them. That is all the
mutations need, so one implementation serves both drivers.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

import hypothesis.strategies as st

T = TypeVar("T")
STREAMS = Path(__file__).resolve().parents[2] / "benchmarks" / "streams"

OPS: dict[str, tuple[str, ...]] = {
    "senet": ("new", "legal", "play"),
    "parchis": ("new", "legal", "play"),
    "quacks": ("rats", "brew", "odds", "evaluate"),
    "cavasie": ("score", "showdown"),
    "pig": ("new", "play"),
}
FIELDS = (
    "position", "throw", "roll", "move", "from", "to", "piece", "hold", "players", "target", "scores", "turn",
    "turn_total", "winner", "board", "off", "house_rules", "gate_exact_26", "colours", "mode", "teams", "pieces",
    "last_arrival", "sixes", "last_moved", "bonus", "books", "droplet", "rats", "white_limit", "draws", "chip",
    "place", "return_white", "flask", "bag", "white_total", "round", "start", "supply", "chips", "space", "exploded",
    "vp", "rubies", "die", "choice", "buy", "spend", "hand", "floor", "center", "dealer", "name", "red", "yellow",
    "blue", "green", "purple", "1", "2", "0", "t5",
)
CODES = (
    "W1", "W2", "W3", "O1", "G1", "G2", "G4", "B1", "B2", "B4", "R1", "R2", "R4", "Y1", "Y2", "Y4", "P1", "K1",
    "A0", "A1", "A8", "S0", "S5", "G0", "G8", "P0", "P8", "A9", "X1",
    "yellow", "red", "blue", "green", "yellow.0", "red.3", "blue.4", "green.-1", "nest", "goal", "t1", "t68", "t69",
    "l1", "l7", "l8", "off", "standard", "quick", "1vp", "2vp", "ruby", "droplet", "orange", "vp", "buy",
    "senet", "pig", "Ana", "Bo", "Dealer", "", " ", "é", "가", "\u202e", "\x00", "12", "1.5", "true", "null",
)
NUMBERS = (
    0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 20, 30, 52, 53, 68, 100, 200, 10**6, -1, -2, -53, 2**31, 2**63, 2**64, -(2**63),
    10**30, 10**4299, -(10**4299), 1.5, -0.0, 0.5, 3.0, 1e-300, 1e308, float("inf"), float("-inf"),
)
SHAPES: tuple[Any, ...] = (
    None, True, False, [], {}, [None], [[]], {"": 1}, [1, 2], ["W1"] * 3, {"chip": "B1", "place": "B2"},
    {"chip": "B1", "place": {"chip": "B1", "place": "W1"}}, {"chip": "Y1", "return_white": True}, {"flask": True},
    {"piece": "red.0"}, {"from": 1}, {"from": "off"}, {"1": [1, 2], "2": [3]}, {"1": 0, "2": 0},
    {"gate_exact_26": True}, {"droplet": 1, "flask": True}, {"name": "a", "hand": ["A1", "A2"], "floor": ["S1"]},
    {"name": "a", "dealer": True, "center": ["A1"], "floor": ["S1"]}, {"chip": "W1", "space": 60},
)
HOSTILE: tuple[Any, ...] = (*NUMBERS, *CODES, *SHAPES)


class Choose(Protocol):
    def __call__(self, options: Sequence[T]) -> T: ...


@cache
def recorded_requests() -> tuple[str, ...]:
    """The valid (object) requests of every recorded stream, as JSON text, plus Pig's few."""
    found: list[str] = []
    for path in sorted(STREAMS.glob("*.jsonl.gz")):
        for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
            try:
                if isinstance(json.loads(line), dict):
                    found.append(line)
            except ValueError:
                continue
    found += [
        '{"game": "pig", "op": "new", "players": 3, "target": 50}',
        '{"game": "pig", "op": "play", "position": {"scores": [10, 20, 30], "target": 100, "turn": 1, '
        '"turn_total": 5, "winner": null}, "roll": 4}',
        '{"game": "pig", "op": "play", "position": {"scores": [10, 99], "turn_total": 5}, "hold": true}',
    ] * 200
    return tuple(found)


def _paths(value: Any) -> list[tuple[Any, ...]]:
    """Every place in `value` down to a dozen levels (no request goes deeper; a nest made by
    an earlier mutation is not walked)."""
    found: list[tuple[Any, ...]] = []
    pending: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while pending:
        prefix, item = pending.pop()
        found.append(prefix)
        if len(prefix) >= 12:
            continue
        if isinstance(item, dict):
            pending.extend(((*prefix, key), inner) for key, inner in item.items())
        elif isinstance(item, list):
            pending.extend(((*prefix, index), inner) for index, inner in enumerate(item))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _nested(choose: Choose) -> Any:
    """A placing chain or plain nesting deeper than any table: recursion must not break a check."""
    depth = choose((50, 400, 800))
    if choose((True, False)):
        inner: Any = "W1"
        for _ in range(depth):
            inner = {"chip": "B1", "place": inner}
        return inner
    inner = 1
    for _ in range(depth):
        inner = [inner]
    return inner


def mutate(request: dict[str, Any], choose: Choose) -> dict[str, Any]:
    """`request` (changed in place) with one hostile change somewhere inside it."""
    paths = [path for path in _paths(request) if path and path not in (("game",), ("op",))]
    if not paths:
        request[choose(FIELDS)] = copy.deepcopy(choose(HOSTILE))
        return request
    path = choose(paths)
    parent, key = _at(request, path[:-1]), path[-1]
    old = parent[key]
    how = choose(("drop", "grow", "flood", "add", "nudge", "text", "nest", "swap", "swap", "swap"))
    if how == "drop":
        del parent[key]
    elif how == "grow" and isinstance(parent, list):
        parent.insert(key, choose(parent))
    elif how == "flood" and isinstance(parent, list):
        parent.extend(parent * choose((1, 5, 50)))
    elif how == "add" and isinstance(parent, dict):
        parent[choose(FIELDS)] = copy.deepcopy(choose(HOSTILE))
    elif how == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + choose((-1, 1, -old - 1, 1000, 2**70))
    elif how == "text" and isinstance(old, str):
        parent[key] = choose((old + "x", old.upper(), old[:-1], old * 2, " " + old, old + "\u0301"))
    elif how == "nest":
        parent[key] = _nested(choose)
    else:
        parent[key] = copy.deepcopy(choose(HOSTILE))
    return request


def value(choose: Choose, depth: int = 0) -> Any:
    """A JSON value made of the protocol's words and hostile numbers and shapes."""
    kind = choose(("atom", "atom", "atom", "list", "object") if depth < 3 else ("atom",))
    if kind == "list":
        return [value(choose, depth + 1) for _ in range(choose((0, 1, 2, 4, 7)))]
    if kind == "object":
        return {choose(FIELDS): value(choose, depth + 1) for _ in range(choose((0, 1, 2, 4)))}
    return copy.deepcopy(choose(HOSTILE))


def built(choose: Choose) -> dict[str, Any]:
    """A request built from scratch: a real game and op, then fields of the protocol's names."""
    game = choose(tuple(OPS))
    request: dict[str, Any] = {"game": game, "op": choose(OPS[game])}
    for _ in range(choose((0, 1, 2, 3, 5))):
        request[choose(FIELDS)] = value(choose)
    return request


def raw(choose: Choose) -> bytes:
    """A line that is hostile as bytes or as JSON text, not as a request."""
    games = tuple(OPS)
    return choose((
        b"", b"   ", b"\t", b"{", b"[1,", b"nul", b"\xff", b"\xc3", b"\xed\xa0\x80", b'{"game": "\xff", "op": "new"}',
        b'{"game":"\\ud800","op":"new"}', b'{"game":"senet","op":"new","x":"\\udc00"}',
        b'{"game":"cavasie","op":"showdown","players":[{"name":"\\ud83d","hand":["A1","A2"],"floor":["S1"]}]}',
        b'{"game":"senet","op":"\\ud83d\\ude00"}', b"NaN", b'{"game": "pig", "op": "new", "players": Infinity}',
        b'{"game":"pig","op":"new","players":' + b"9" * 4301 + b"}", b"[" * 100_000, b'{"a":' * 5000,
        b'{"game":"' + choose(games).encode() + b'","op":"new"}\r', b"\x00", "가".encode() * 3,
        json.dumps({"game": choose(games), "op": "new", "x": "\ud800"}).encode(),
    ))


def line(choose: Choose) -> bytes:
    """One hostile line: mostly mutations of recorded requests, some built ones, some raw bytes."""
    source = choose(("mutation", "mutation", "mutation", "mutation", "mutation", "mutation", "built", "raw"))
    if source == "raw":
        return raw(choose)
    if source == "built":
        request = built(choose)
    else:
        request = json.loads(choose(recorded_requests()))
        for _ in range(choose((1, 1, 1, 2, 3))):
            request = mutate(request, choose)
    text = json.dumps(request, ensure_ascii=choose((True, False)))
    # json writes an infinite float as Infinity, which is not JSON; 1e400 is, and reads as one.
    return text.replace("Infinity", "1e400").encode("utf-8", "surrogatepass")


def random_choose(rng: random.Random) -> Choose:
    def choose(options: Sequence[T]) -> T:
        return options[rng.randrange(len(options))]

    return choose


def random_lines(count: int, seed: int) -> list[bytes]:
    choose = random_choose(random.Random(seed))
    return [line(choose) for _ in range(count)]


@st.composite
def hostile_lines(draw: Callable[[st.SearchStrategy[Any]], Any]) -> bytes:
    """One hostile line, for hypothesis (every choice a draw, so a failure shrinks)."""
    def choose(options: Sequence[T]) -> T:
        return options[draw(st.integers(0, len(options) - 1))]

    return line(choose)
