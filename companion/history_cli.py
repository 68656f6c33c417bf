"""`companion export`, `companion import` and `companion history`: the match store from a shell.

`add_commands(subparsers)` adds the three sub-commands to the `companion` parser, and
`run(args)` runs the chosen one and returns the exit status: 0 done, 1 refused (a damaged
file, an unknown player ...: the reason goes to standard error), 2 the store cannot be
opened. The store (db/, SQLAlchemy) is imported only inside `run`, so that the rest of
`companion` stays free of it.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.i18n import t

if TYPE_CHECKING:
    from db.history import HistoryRow
    from db.store import Store

COMMANDS = ("export", "import", "history")
LANG = "en"  # like --help and the referee protocol
DEFAULT_LIMIT = 50

EXPORT_HELP = """\
Write matches to FILE: a JSON export (every player, match and move log, with a checksum;
`companion import` reads it back on another install), or, when FILE ends in .csv, one
row per seat of each finished match (game, players, scores, placings) for a spreadsheet."""
IMPORT_HELP = """\
Merge an export file into this install's matches. Matches already here (the same match,
by its stable id) are skipped, players are matched by name. A damaged or edited file is
refused whole: nothing is written. A match code (M1-..., or a link carrying one) is
accepted in place of FILE."""
HISTORY_HELP = """\
List finished matches, newest first, as a table (or JSON with --json)."""


def add_commands(subparsers: Any) -> None:
    """Add export, import and history to `companion`'s sub-command parsers."""
    raw = argparse.RawDescriptionHelpFormatter
    export = subparsers.add_parser(
        "export", help="write matches to a JSON file (or results to CSV)", description=EXPORT_HELP,
        formatter_class=raw,
    )
    export.add_argument("file", metavar="FILE", help="the file to write (.json, or .csv for results)")
    export.add_argument("--game", metavar="G", help="only this game's matches (e.g. senet)")
    importing = subparsers.add_parser(
        "import", help="merge an export file (or a match code) into this install",
        description=IMPORT_HELP, formatter_class=raw,
    )
    importing.add_argument("file", metavar="FILE", help="an export file written by `companion export`")
    history = subparsers.add_parser(
        "history", help="list finished matches, newest first", description=HISTORY_HELP,
        formatter_class=raw,
    )
    history.add_argument("--game", metavar="G", help="only this game's matches")
    history.add_argument("--player", metavar="NAME", help="only matches this player sat in")
    history.add_argument("--since", metavar="YYYY-MM-DD", type=date.fromisoformat,
                         help="finished on or after this day (local time)")
    history.add_argument("--until", metavar="YYYY-MM-DD", type=date.fromisoformat,
                         help="finished on or before this day (local time)")
    history.add_argument("--abandoned", action="store_true", help="list abandoned matches too")
    history.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                         help=f"at most N matches (default {DEFAULT_LIMIT}; 0 for all)")
    history.add_argument("--json", action="store_true", help="print JSON for scripts instead of a table")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the sub-command in `args.command`; returns the exit status."""
    from companion.errors import RefereeError
    from db import Store
    from db.errors import CannotOpen, NewerDatabase, StoreError

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        store = Store.open()
    except (CannotOpen, NewerDatabase) as error:
        print(error.message(LANG), file=err)
        return 2
    try:
        with store:
            if args.command == "export":
                return _export(store, args, out)
            if args.command == "import":
                return _import(store, args, out)
            return _history(store, args, out, err)
    except (StoreError, RefereeError) as error:
        print(error.message(LANG), file=err)
        return 1


def _export(store: Store, args: argparse.Namespace, out: TextIO) -> int:
    from db.exchange import export_csv, export_json

    path = Path(args.file)
    if path.suffix.lower() == ".csv":
        rows = export_csv(store, path, game=args.game)
        print(t("historycli.exported_csv", LANG, rows=rows, path=path), file=out)
    else:
        summary = export_json(store, path, game=args.game)
        print(t("historycli.exported", LANG, matches=summary.matches, players=summary.players,
                events=summary.events, path=path), file=out)
    return 0


def _import(store: Store, args: argparse.Namespace, out: TextIO) -> int:
    from db.exchange import import_json, import_match_code

    path = Path(args.file)
    if not path.exists() and args.file.strip().upper().startswith("M") and "-" in args.file:
        report = import_match_code(store, args.file)
    else:
        report = import_json(store, path)
    print(t("historycli.imported", LANG, added=report.matches_added, skipped=report.matches_skipped,
            players=len(report.players_added)), file=out)
    return 0


def _history(store: Store, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from db.history import HistoryFilter, history_page

    player_id = None
    if args.player is not None:
        wanted = " ".join(args.player.split()).casefold()
        found = [p for p in store.players(include_archived=True) if p.name.casefold() == wanted]
        if not found:
            print(t("historycli.no_player", LANG, name=args.player), file=err)
            return 1
        player_id = min(found, key=lambda p: (p.archived, p.id)).id
    where = HistoryFilter(
        game=args.game,
        player_id=player_id,
        since=_local_midnight(args.since) if args.since else None,
        until=_local_midnight(args.until + timedelta(days=1)) if args.until else None,
        include_abandoned=args.abandoned,
    )
    rows: list[HistoryRow] = []
    after = None
    while args.limit <= 0 or len(rows) < args.limit:
        wanted_now = DEFAULT_LIMIT if args.limit <= 0 else min(DEFAULT_LIMIT, args.limit - len(rows))
        page = history_page(store, where, after, wanted_now)
        rows.extend(page.rows)
        if page.next is None:
            break
        after = page.next
    if args.json:
        json.dump([_row_json(row) for row in rows], out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif not rows:
        print(t("historycli.no_matches", LANG), file=out)
    else:
        out.write(table(rows))
    return 0


def _local_midnight(day: date) -> datetime:
    return datetime.combine(day, time()).astimezone().astimezone(UTC)


def _row_json(row: HistoryRow) -> dict[str, Any]:
    duration = row.duration
    return {
        "id": row.id,
        "uid": row.uid,
        "game": row.game,
        "variant": row.variant,
        "status": row.status,
        "started_at": _iso(row.started_at),
        "finished_at": _iso(row.finished_at) if row.finished_at else None,
        "duration_seconds": None if duration is None else int(duration.total_seconds()),
        "seats": [
            {"seat": s.seat, "player": s.name, "team": s.team, "score": s.score, "placing": s.placing}
            for s in row.seats
        ],
    }


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def table(rows: list[HistoryRow]) -> str:
    """A plain-text table: finish time (local), game, duration, and each seat's result."""
    header = [t(f"historycli.column_{name}", LANG) for name in ("finished", "game", "duration", "result")]
    lines = [header]
    for row in rows:
        finished = row.finished_at.astimezone().strftime("%Y-%m-%d %H:%M") if row.finished_at else ""
        game = row.game + (f" ({row.variant})" if row.variant else "")
        if row.status != "finished":
            game += f" [{t('historycli.abandoned', LANG)}]"
        lines.append([finished, game, _duration(row.duration), _result(row)])
    widths = [max(_width(line[i]) for line in lines) for i in range(len(header) - 1)]
    text = []
    for line in lines:
        cells = [cell + " " * (width - _width(cell)) for cell, width in zip(line, widths, strict=False)]
        text.append("  ".join([*cells, line[-1]]).rstrip())
    return "\n".join(text) + "\n"


def _result(row: HistoryRow) -> str:
    seats = sorted(row.seats, key=lambda s: (s.placing is None, s.placing or 0, s.seat))
    parts = []
    for seat in seats:
        place = f"{seat.placing}. " if seat.placing is not None else ""
        score = f" {seat.score}" if seat.score is not None else ""
        parts.append(f"{place}{seat.name}{score}")
    return ", ".join(parts)


def _duration(duration: timedelta | None) -> str:
    if duration is None:
        return ""
    minutes = int(duration.total_seconds() // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def _width(text: str) -> int:
    """Columns a text takes in a terminal: Hangul and other wide letters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
