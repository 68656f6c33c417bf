"""The `companion` command: start the app, or serve the referee protocol."""

from __future__ import annotations

import argparse
import sys

from companion import __version__, history_cli

DESCRIPTION = """\
companion: a referee and score keeper for games played on a real table
({games}).

With no command it starts the app in a desktop window; --web serves it to
browsers instead (phones on the same network included, with --host 0.0.0.0:
then only the devices that open the printed address, which carries a secret
token, may use the app; this machine's own browser always may).
The match store is an SQLite file in your user data folder unless the
environment variable COMPANION_DB_URL names another SQLAlchemy URL."""

REFEREE_HELP = """\
Serve the JSON-lines referee protocol on standard input/output: one JSON request
per line in, one JSON response per line out, until end of input (exit status 0).
Example:
  printf '{"game":"senet","op":"new"}\\n' | companion referee
Every game's operations, positions, moves and error codes, with worked
examples, are described in docs/protocol.md in the project's repository.
Errors carry a code (bad_json, bad_request, unknown_game, unknown_op,
bad_position, illegal_move, game_over, unsupported) and, where one applies,
the rule id."""


def game_names() -> str:
    """Every game the app knows, by its English name. Named by the games' ids, so no game is
    imported: every command builds this help, `companion referee` included, which would
    otherwise load every game to serve one."""
    from companion.games import ids
    from companion.i18n import t

    return ", ".join(t(f"game.{game_id}", "en") for game_id in ids())


BUILD_WEB_HELP = """\
Write the whole app (every game, the match store, history, statistics, export and
import, both languages) into OUT as a static web site: the browser runs it itself,
with no server. Put the folder on any static HTTPS host, open it once on the phone
and add it to the home screen; from then on it starts with no network. The matches
are kept in that browser's storage on that phone. The live table view and several
phones on one match need a server: use `companion --web` for those.
Needs the web-build extra (pip install 'companion[web-build]'); downloads nothing."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description=DESCRIPTION.format(games=game_names()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--web", action="store_true",
                        help="serve the app to web browsers instead of opening a window; prints the URL")
    parser.add_argument("--host", default="127.0.0.1",
                        help="with --web: the address to listen on "
                             "(default 127.0.0.1; 0.0.0.0 for phones on your network)")
    parser.add_argument("--port", type=int, default=8550,
                        help="with --web: the port to listen on (default 8550; 0 picks a free one)")
    parser.add_argument("--open", action="store_true",
                        help="with --web: also open the URL in this machine's browser")
    parser.add_argument("--new-token", action="store_true",
                        help="with --web beyond loopback: make a new access token, so that every device "
                             "let in before must scan the new address")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        "referee",
        help="serve the JSON-lines referee protocol on stdin/stdout",
        description=REFEREE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    history_cli.add_commands(commands)
    build = commands.add_parser(
        "build-web",
        help="write the app as a static web site that runs in the browser, offline",
        description=BUILD_WEB_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build.add_argument("out", metavar="OUT", help="the folder to write (made if missing; an earlier build is replaced)")
    build.add_argument("--base-url", default="/", metavar="PATH",
                       help="the path the site is served under (default /; e.g. /companion/ for "
                            "https://NAME.github.io/companion/)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "referee":
        from companion.referee import serve

        try:
            return serve()
        except KeyboardInterrupt:  # Ctrl-C at a terminal: stop, without a traceback
            return 130
    if args.command == "build-web":
        # The builder imports Flet's publisher; `companion referee` never loads it.
        from views.webbuild import main as build_web

        return build_web(args.out, args.base_url)
    if args.command in history_cli.COMMANDS:
        # The store lives in db/; importing it here keeps `companion referee` free of it.
        from db.cli import run

        return run(args)
    if args.web:
        return serve_web(args.host, args.port, args.open, args.new_token)
    # The app lives in views/; importing it here keeps `companion referee` free of Flet.
    from views.main import run_app

    return run_app()


def serve_web(host: str, port: int, open_browser: bool, new_token: bool = False) -> int:
    """`companion --web`: print where phones at the table open the app (its address on the
    network and a QR code of it), then serve it until stopped.

    Listening beyond loopback, the address carries the access token (views/access.py): only
    the devices that open it (and this machine) may use the app."""
    from db import StoreError
    from views.access import invite_url, open_gate
    from views.main import free_port, port_taken, run_app, shared_store
    from views.share import address_banner, lan_address, public_url

    if port == 0:
        port = free_port(host)
    ready = not port_taken(host, port)  # else run_app says so, and nothing is printed here
    if ready:
        try:
            shared_store()  # opened (and migrated) once; run_app reports a failure itself
        except StoreError:
            ready = False
    if ready:
        open_gate(host, new_token)
        everywhere = host in ("0.0.0.0", "::", "")
        url = invite_url(public_url(host, port)) or public_url(host, port)
        print(address_banner(url, lan_address(), everywhere), flush=True)
    return run_app(web=True, host=host, port=port, open_browser=open_browser)


if __name__ == "__main__":
    sys.exit(main())
