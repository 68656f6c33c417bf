# Runs inside the built site's Python (Pyodide under Node, tests/web/node_worker.mjs), after the
# site's main.py has started Flet's connection: plays the Flet client's part (registers a page,
# then changes its route), and has every screen drawn once, with a match of every game in the
# store. Ends with a JSON report: each route's title and drawing time, the errors Flet logged,
# the modules loaded, the files the worker fetched.
import asyncio
import json
import logging
import sys
import time

import flet_js
import msgpack
from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack

connection = flet_js.send.__self__  # the site's PyodideConnection (its send_from_js method)
received: list = []
problems: list[str] = []


class Problems(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            problems.append(self.format(record))


logging.getLogger().addHandler(Problems())


def to_screen(data) -> None:  # what the page would get: [action, body] frames
    frame = bytes(data)
    if frame[:1] != b"\x00":
        return
    action, body = msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False)
    received.append([action, body])
    if action == MessageAction.INVOKE_METHOD.value:  # a device service (its storage, its wake lock): nothing there
        from_page(MessageAction.INVOKE_METHOD, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                "result": None, "error": None})


connection.send_callback = to_screen


class Packet:  # a message from the page, as the worker's postMessage hands it over
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_py(self) -> bytes:
        return self.data


def from_page(action: MessageAction, body: dict) -> None:
    connection.send_from_js(Packet(b"\x00" + msgpack.packb([action.value, body])))


def drawn_controls(item) -> list:
    """Controls as drawn: a component stands for what its function returned."""
    if isinstance(item, list):
        return [control for each in item for control in drawn_controls(each)]
    if item is not None and type(item).__name__ == "Component":
        return drawn_controls(item._b)
    return [] if item is None else [item]


def texts(control, found: list[str]) -> list[str]:
    if type(control).__name__ == "Component":
        for each in drawn_controls(control):
            texts(each, found)
        return found
    value = getattr(control, "value", None)
    if isinstance(value, str):
        found.append(value)
    for name in ("content", "title", "controls", "actions", "leading", "appbar", "tabs", "subtitle", "trailing"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if item is not None and hasattr(item, "_i"):
                texts(item, found)
    return found


async def drawn(route: str, before: int) -> tuple[str, list[str]]:
    """The title and texts of the screen at `route`, once Flet has sent it to the page."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        await asyncio.sleep(0.01)
        session = getattr(connection, "session", None)
        page = session.page if session is not None else None
        views = drawn_controls(page.views) if page is not None else []
        if len(received) > before and views and getattr(views[-1], "appbar", None) is not None:
            view = views[-1]
            await asyncio.sleep(0.05)  # effects that load data (statistics) draw once more
            return view.appbar.title.value, texts(view, [])
    raise TimeoutError(f"{route}: nothing drawn in 60 s; errors: {problems[-3:]}; last sent: {received[-1:]}")


async def visit(route: str) -> dict:
    before = len(received)
    started = time.perf_counter()
    if route == "/":
        from_page(MessageAction.REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": {
            "route": "/", "width": 420, "height": 900, "web": True, "platform": "android"}})
    else:
        from_page(MessageAction.CONTROL_EVENT, {"target": connection.session.page._i, "name": "route_change",
                                                "data": {"route": route}})
    title, words = await drawn(route, before)
    return {"route": route, "title": title, "ms": round((time.perf_counter() - started) * 1000),
            "texts": len(words), "sample": words[:3]}


HISTORY = 50  # finished matches a game, four games: a club's year at the table (storing more costs CI time)


def detail(game: str, seats: int, number: int) -> dict:
    """A finished match's `detail` as the game's engine writes it (db.stats reads it)."""
    if game in ("senet", "parchis"):
        return {"seats": {str(s): {"captures": (number + s) % 4} for s in range(seats)}}
    if game == "quacks":
        return {"seats": {str(s): {"rounds": [{"vp": (number + s + r) % 9, "exploded": (number + r) % 5 == 0}
                                             for r in range(9)]} for s in range(seats)}}
    if game == "cavasie":
        return {"seats": {str(s): {"best_hand": {"rank": 1 + (number + s) % 18, "pattern": "migutin"}}
                          for s in range(seats)}}
    return {}


async def statistics_over(store, ids: list[int], per_game: int) -> dict:
    """The statistics screen over a long history: each read's time (in the browser the app's
    Python answers no tap while one runs; the screen draws between two) and the whole route's."""
    from db import SeatSpec
    from views.screens.stats import needed

    started = time.perf_counter()
    for game in ("senet", "parchis", "quacks", "cavasie"):
        count = 2 if game == "senet" else 3
        for number in range(per_game):
            order = [ids[(number + s) % len(ids)] for s in range(count)]
            match = store.create_match(game, {"players": count}, [SeatSpec(pid, s) for s, pid in enumerate(order)])
            scores = {s: (number * 7 + s * 3) % 40 for s in range(count)}
            places = {s: 1 + sorted(scores.values(), reverse=True).index(scores[s]) for s in range(count)}
            result = {"over": True, "places": [[s] for s in sorted(places, key=places.get)],
                      "scores": {str(s): v for s, v in scores.items()}, "detail": detail(game, count, number)}
            store.finish_match(match, result, scores, places)
        await asyncio.sleep(0)
    seeded = time.perf_counter() - started
    reads = {}
    for what, read in [*needed(None, None), *needed(ids[0], None), *needed(ids[0], "quacks")]:
        times = []
        for _ in range(3):  # the median of three: one run can be slowed by the machine's other work
            began = time.perf_counter()
            read(store)
            times.append(time.perf_counter() - began)
        reads["/".join(str(part) for part in what)] = round(sorted(times)[1] * 1000)
    route = await visit(f"/stats?player={ids[1]}")
    return {"finished_matches": 4 * per_game, "seed_seconds": round(seeded, 1), "reads_ms": reads,
            "longest_read_ms": max(reads.values()), "route_ms": route["ms"]}


async def tour() -> dict:
    report = {"boot_seconds": boot_seconds, "routes": []}  # noqa: F821 (set by node_worker.mjs)
    report["routes"].append(await visit("/"))
    from companion.games import games
    from db import SeatSpec, Store

    store = Store.open()  # the app's own store (its data folder is set by now)
    ids = [store.add_player(name, colour).id for name, colour in (("가람", "#1e88e5"), ("Bo", "#e53935"),
                                                                   ("다온", "#43a047"), ("Rui", "#fdd835"))]
    matches = {}
    for game in games().values():
        count = max(game.min_players, min(3, game.max_players))
        seats = [SeatSpec(player_id=pid, seat=seat) for seat, pid in enumerate(ids[:count])]
        matches[game.id] = store.create_match(game.id, {"players": count}, seats)
    routes = ["/history", "/players", "/settings", "/exchange", "/stats", "/rules",
              "/rules?q=%EC%A3%BC%EC%82%AC%EC%9C%84"]
    for game, match_id in matches.items():
        routes += [f"/new/{game}", f"/match/{match_id}", f"/record/{match_id}", f"/table/{match_id}",
                   f"/rules/{game}", f"/stats?game={game}"]
    routes.append(f"/stats?player={ids[0]}")
    for route in routes:
        report["routes"].append(await visit(route))
    report["stats"] = await statistics_over(store, ids, HISTORY)
    report["crashed"] = [body for action, body in received if action == MessageAction.SESSION_CRASHED.value]
    report["problems"] = problems
    report["modules"] = sorted({name.split(".")[0] for name in sys.modules})
    report["served"] = list(served)  # noqa: F821 (set by node_worker.mjs)
    return report


json.dumps(await tour(), ensure_ascii=False)  # noqa: F704 (top-level await: Pyodide runs this)
