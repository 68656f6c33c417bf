"""`companion build-web` and the app's browser side (issue 16), without a browser.

- What goes into the site: the libraries the app's requirements name as Pyodide reads them,
  their Python only; the finished site's page, worker and archive.
- The data folder's keeper (views.browser.Keeper), with IndexedDB played by a fake that
  copies a file when its time differs from the kept one's, as Emscripten's IDBFS does.
- The site's own Python worker under Node (tests/web/node_worker.mjs): it boots, and every
  route is drawn, with a match of every game in the store.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import tarfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

from companion.games import registry
from companion.i18n import t
from tests.web.site import built_site, record_figures
from views import browser
from views.webbuild import LEFT_OUT, browser_distributions, copy_distribution, main, measure

HERE = Path(__file__).parent
WORD_JOINER = "\u2060"  # the screens put it between a word's syllables (views/words.py)


# -- what goes into the site -----------------------------------------------------------------
def test_the_browser_gets_the_requirements_as_pyodide_reads_them() -> None:
    names = {canonicalize_name(found.metadata["Name"]) for found in browser_distributions()}
    assert {"flet", "flet-charts", "sqlalchemy", "alembic", "mako", "markupsafe", "platformdirs", "qrcode",
            "pypng", "msgpack", "typing-extensions"} <= names
    assert names.isdisjoint(LEFT_OUT)  # no web server, no desktop client, nothing compiled for this machine
    # Flet asks for httpx and oauthlib only off Pyodide (its login), FastAPI comes with flet-web.
    assert names.isdisjoint({"httpx", "oauthlib", "fastapi", "uvicorn", "zxing-cpp", "pillow"})


def test_a_library_is_copied_as_python_and_its_metadata(tmp_path) -> None:
    copy_distribution(metadata.distribution("msgpack"), tmp_path)
    files = {path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*") if path.is_file()}
    assert "msgpack/fallback.py" in files  # what runs without the compiled extension
    assert not [name for name in files if name.endswith((".so", ".pyc", ".pyx", ".pyi"))]
    assert [name for name in files if name.endswith(".dist-info/METADATA")]  # importlib.metadata finds it
    assert not [name for name in files if name.endswith(".dist-info/RECORD")]


def test_a_folder_with_other_files_is_not_written_over(tmp_path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(str(tmp_path)) == 2
    assert "is not empty" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


def test_the_site_is_complete_and_asks_no_other_host(site) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    assert 'flet.pyodideUrl=new URL("pyodide/pyodide.mjs", document.baseURI).href;' in page  # not a bare specifier
    assert '<html lang="ko"' in page and "<title>컴패니언</title>" in page
    assert 'src="flutter_bootstrap.js"' not in page  # started by keep.js, once the worker is in control
    assert 'serviceWorkerVersion: "' not in (site / "flutter_bootstrap.js").read_text(encoding="utf-8")  # Flet's stub
    worker = (site / "flutter_service_worker.js").read_text(encoding="utf-8")
    kept = json.loads(re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1))
    files = sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())
    assert sorted([*kept, "flutter_service_worker.js"]) == files  # every file, and only those
    for gone in ("main.dart.wasm", "canvaskit/skwasm.wasm", "pyodide/python.exe", "assets/packages/media_kit"):
        assert not (site / gone).exists()
    assert json.loads((site / "pyodide" / "pyodide-lock.json").read_text())["packages"] == {}
    manifest = json.loads((site / "assets" / "FontManifest.json").read_text())
    assert "KaTeX" not in json.dumps(manifest) and "Companion Gothic" in json.dumps(manifest)
    assert json.loads((site / "manifest.json").read_text())["name"] == "컴패니언"
    addresses = re.findall(r"https?://[^\s\"'`)]+", worker + page)
    assert [address for address in addresses if "jsdelivr.net/npm/@rive-app" not in address] == []


def test_the_archive_holds_the_app_and_its_libraries_only(site) -> None:
    with tarfile.open(site / "app.tar.gz") as archive:
        names = archive.getnames()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"main.py", "__pycache__", "companion", "db", "views", "__pypackages__"}
    assert "requirements.txt" not in names and "pyproject.toml" not in names  # micropip installs nothing
    assert not [name for name in names if name.startswith(("tests/", "docs/")) or "/assets/" in name]
    assert "views/webbuild.py" not in names and "views/static_site/main.py" not in names
    assert "__pypackages__/sqlalchemy/orm/session.pyc" in names  # byte code, compiled for Pyodide's Python
    assert not [name for name in names if name.startswith(("__pypackages__/sqlalchemy/testing/",
                                                            "__pypackages__/alembic/testing/"))]  # never imported
    assert "db/migrations/versions" in {name.rsplit("/", 1)[0] for name in names}  # Alembic reads these


# -- the data folder's keeper ----------------------------------------------------------------
class FakeIndexedDB:
    """IDBFS's syncfs(false): a file is copied when its time differs from the kept one's."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.kept: dict[str, tuple[int, bytes]] = {}
        self.copies = 0

    async def sync(self, populate: bool) -> None:
        assert not populate
        await asyncio.sleep(0)
        for path in self.folder.iterdir():
            mtime = path.stat().st_mtime_ns
            if self.kept.get(path.name, (None,))[0] != mtime:
                self.kept[path.name] = (mtime, path.read_bytes())
                self.copies += 1


@pytest.fixture
def keeper(tmp_path, monkeypatch):
    idb = FakeIndexedDB(tmp_path)
    monkeypatch.setattr(browser, "_syncfs", lambda populate: idb.sync(populate))
    keeper = browser.Keeper(tmp_path, persistent=True)
    keeper.idb = idb
    return keeper


def test_a_message_to_the_screen_waits_until_the_change_is_kept(keeper, tmp_path) -> None:
    async def run() -> list[str]:
        shown: list[str] = []
        send = keeper.hold(lambda message: shown.append(message))
        send("unchanged")  # nothing changed: at once
        assert shown == ["unchanged"]
        (tmp_path / "companion.db").write_bytes(b"one tap")
        send("after the tap")
        send("and the next frame")
        assert shown == ["unchanged"]  # held while the folder is copied
        for _ in range(5):
            await asyncio.sleep(0)
        assert keeper.idb.kept["companion.db"][1] == b"one tap"
        return shown

    assert asyncio.run(run()) == ["unchanged", "after the tap", "and the next frame"]  # in order


def test_a_second_write_within_the_same_millisecond_is_kept_too(keeper, tmp_path) -> None:
    """IDBFS copies a file only when its time changed: the keeper stamps each file it copies with
    a time no write gives, so a later write whose time equals the one kept is still copied."""
    database = tmp_path / "companion.db"

    async def run() -> None:
        database.write_bytes(b"first")
        written = database.stat().st_mtime_ns
        await keeper.save()
        database.write_bytes(b"later")  # same size, and (the worst case) the very same time
        os.utime(database, ns=(written, written))
        assert keeper.changed()
        await keeper.save()

    asyncio.run(run())
    assert keeper.idb.kept["companion.db"][1] == b"later"


def test_an_unchanged_folder_is_not_copied_again(keeper, tmp_path) -> None:
    (tmp_path / "settings.json").write_text("{}")
    asyncio.run(keeper.save())
    copies = keeper.idb.copies
    asyncio.run(keeper.save())
    assert not keeper.changed() and keeper.idb.copies == copies


# -- the site's Python worker under Node -----------------------------------------------------
def test_the_sites_python_boots_under_node_and_draws_every_route(site) -> None:
    node = shutil.which("node")
    if node is None:
        message = "no Node.js on PATH (Debian's nodejs package): the site's Python worker cannot be run"
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    done = subprocess.run([node, str(HERE / "node_worker.mjs"), str(site), str(HERE / "every_route.py")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["problems"] == [] and report["crashed"] == []
    routes = {entry["route"]: entry for entry in report["routes"]}
    shipped = registry()  # the app's own games (a test may have registered one more in this process)
    assert len(routes) == 1 + 7 + 6 * len(shipped) + 1  # home, the screens without a match, six a game, a player's
    assert {route.split("/")[2] for route in routes if route.startswith("/new/")} == set(shipped)
    for route, entry in routes.items():
        assert entry["title"] and entry["texts"] > 0, route
    assert routes["/"]["title"].replace(WORD_JOINER, "") == "컴패니언"
    table = next(entry for route, entry in routes.items() if route.startswith("/table/"))
    assert table["sample"][0].replace(WORD_JOINER, "") == t("browser.server_only", "ko")  # no server here
    assert report["served"] == ["/app.tar.gz"]  # the app's archive, and nothing installed from anywhere
    assert {"PIL", "zxingcpp", "httpx", "micropip", "fastapi"}.isdisjoint(report["modules"])
    stats = report["stats"]  # the statistics over a long history, read in the site's own Python
    assert stats["finished_matches"] == 200 and "stats.game/quacks/None" in stats["reads_ms"]
    assert [key for key in stats["reads_ms"] if key.startswith("stats.player/")]
    site_files = [path for path in site.rglob("*") if path.is_file()]
    record_figures({
        "site, files": len(site_files),
        "site, bytes": sum(path.stat().st_size for path in site_files),
        "site, bytes gzipped (what a compressing host sends at most)": measure(site).gzipped,
        "Node: seconds until the worker started": round(report["boot_seconds"], 1),
        "Node: ms to draw the home screen": routes["/"]["ms"],
        "Node: slowest route, ms": max(entry["ms"] for entry in routes.values()),
        "statistics over 200 finished matches: longest single read, ms (no tap answered meanwhile)":
            stats["longest_read_ms"],
        "statistics over 200 finished matches: a player's screen drawn, ms": stats["route_ms"],
        "statistics: each read, ms": stats["reads_ms"],
        "statistics: seconds to store the 200 matches (the check's own set-up)": stats["seed_seconds"],
    })
