"""`companion --help` and every subcommand's help say something useful."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_main_help_names_the_modes_and_the_database_setting():
    out = run("--help")
    assert out.returncode == 0
    for word in ("--web", "--host", "--port", "referee", "COMPANION_DB_URL"):
        assert word in out.stdout


def test_referee_help_explains_the_protocol():
    out = run("referee", "--help")
    assert out.returncode == 0
    assert "JSON" in out.stdout and "bad_json" in out.stdout


def test_help_points_to_the_protocol_document_in_the_repository():
    """The project stands alone: its help names its own docs, never a folder outside it."""
    out = run("referee", "--help").stdout + run("--help").stdout
    assert "docs/protocol.md" in out
    assert "shared/" not in out
    assert (ROOT / "docs" / "protocol.md").is_file()


def test_unknown_subcommand_fails_with_usage():
    out = run("frobnicate")
    assert out.returncode != 0 and "usage" in out.stderr.lower()


def test_main_help_names_every_game_the_app_plays():
    from companion.games import REGISTERED
    from companion.i18n import t

    out = " ".join(run("--help").stdout.split())  # argparse may wrap a name over two lines
    for game_id in REGISTERED:  # the app's own (a test may register one more in this process only)
        assert t(f"game.{game_id}", "en") in out, game_id
