"""`companion export`, `companion import` and `companion history`: the match store from a shell.

`add_commands(subparsers)` adds the three sub-commands to the `companion` parser; `db.cli.run`
runs them (the store lives in db/, which companion/ never imports: `companion/cli.py` loads
db.cli only when one of these commands runs).
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

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
