"""The `companion export`, `import` and `history` commands (parsed in companion/history_cli.py).

`run(args)` runs the chosen one and returns the exit status: 0 done, 1 refused (a damaged
file, an unknown player, a read-only database asked to import ...: the reason goes to
standard error) or, for an export from a damaged database, done in part (what could be read
is exported, and standard error says what was left out), 2 the store cannot be opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any, TextIO

from companion.history_cli import DEFAULT_LIMIT, LANG
from companion.i18n import t
from db.history import HistoryRow
from db.store import Store


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the sub-command in `args.command`; returns the exit status."""
    from companion.errors import RefereeError
    from db import Store
    from db.errors import CannotOpen, DatabaseDamaged, NewerDatabase, StoreError

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        store = Store.open()
    except (CannotOpen, NewerDatabase, DatabaseDamaged) as error:
        print(error.message(LANG), file=err)
        return 2
    damage = None
    try:
        with store:
            damage = store.health()  # said first, whatever the command: the file needs care
            if damage is not None:
                print(damage.message(LANG), file=err)
            if args.command == "export":
                status = _export(store, args, out, err)
            elif args.command == "import":
                status = _import(store, args, out)
            else:
                status = _history(store, args, out, err)
            return 1 if store.damage is not None else status  # done, from a damaged file: in part
    except (StoreError, RefereeError) as error:
        if error is not damage:  # the damage was said already
            print(error.message(LANG), file=err)
        return 1


def _export(store: Store, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from db.exchange import export_csv, export_json

    path = Path(args.file)
    if path.suffix.lower() == ".csv":
        rows = export_csv(store, path, game=args.game)
        print(t("historycli.exported_csv", LANG, rows=rows, path=path), file=out)
    else:
        summary = export_json(store, path, game=args.game)
        print(t("historycli.exported", LANG, matches=summary.matches, players=summary.players,
                events=summary.events, path=path), file=out)
        if summary.skipped:  # from a damaged file: what could be read
            print(t("historycli.left_out", LANG, skipped=summary.skipped), file=err)
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
