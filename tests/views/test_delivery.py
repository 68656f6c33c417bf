"""How `companion --web` delivers its files (issue 18, the first page): gzipped, cacheable (the
engine and fonts immutable under versioned addresses, the shell revalidated), no font that no
screen uses, every fallback font the engine asks for answered by a font the app ships, and no
script address on a CDN. Over HTTP from a real server."""

from __future__ import annotations

import gzip
import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tests.e2e.helpers import RunningApp, start_app, stop_app
from views import webclient

FONTS = Path(__file__).resolve().parents[2] / "views" / "assets" / "fonts"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    app = start_app(tmp_path_factory.mktemp("delivery"))
    yield app
    stop_app(app)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def fetch(app: RunningApp, path: str, **headers: str):
    request = urllib.request.Request(app.url + path.lstrip("/"), headers={k.replace("_", "-"): v
                                                                          for k, v in headers.items()})
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers, answer.read()


def shell(app: RunningApp) -> str:
    status, _, body = fetch(app, "/")
    assert status == 200
    return body.decode("utf-8")


def engine_address(page: str) -> str:
    found = re.search(r'flet\.entrypointBaseUrl="(/_v/[^"]+/)"', page)
    assert found, "the shell does not load the engine from a versioned address"
    return found.group(1)


def test_the_engine_is_gzipped_and_immutable_under_a_versioned_address(served: RunningApp) -> None:
    page = shell(served)
    base = engine_address(page)
    assert f'flet.canvasKitBaseUrl="{base}canvaskit/"' in page
    plain = (webclient.web_dir() / "main.dart.wasm").read_bytes()
    status, headers, body = fetch(served, base + "main.dart.wasm", Accept_Encoding="gzip, br")
    assert status == 200
    assert headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
    assert "immutable" in headers["Cache-Control"] and "max-age=31536000" in headers["Cache-Control"]
    assert gzip.decompress(body) == plain
    assert len(body) < len(plain) / 2
    assert int(headers["Content-Length"]) == len(body)


def test_a_browser_without_gzip_gets_the_file_as_it_is(served: RunningApp) -> None:
    status, headers, body = fetch(served, engine_address(shell(served)) + "main.dart.mjs")
    assert status == 200 and "Content-Encoding" not in headers
    assert body == (webclient.web_dir() / "main.dart.mjs").read_bytes()


def test_the_shell_is_revalidated_and_an_unchanged_file_answers_304(served: RunningApp) -> None:
    status, headers, _ = fetch(served, "/", Accept_Encoding="gzip")
    assert status == 200 and headers["Cache-Control"] == "no-cache" and headers["Content-Encoding"] == "gzip"
    status, headers, _ = fetch(served, "/flutter_bootstrap.js", Accept_Encoding="gzip")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    status, again, body = fetch(served, "/flutter_bootstrap.js", Accept_Encoding="gzip", If_None_Match=headers["ETag"])
    assert status == 304 and body == b"" and again["Cache-Control"] == "no-cache"


def test_the_font_manifest_has_the_app_font_and_no_maths_or_cupertino_fonts(served: RunningApp) -> None:
    status, _, body = fetch(served, "/assets/FontManifest.json")
    assert status == 200
    families = {family["family"]: family["fonts"] for family in json.loads(body)}
    assert not [name for name in families if "KaTeX" in name or "Cupertino" in name]
    assert {"MaterialIcons", "Roboto", webclient.FONT_FAMILY} <= set(families)
    base = engine_address(shell(served))
    for fonts in families.values():  # every font listed is served, immutable, at its versioned address
        path = "/" + re.sub(r"^\.\./", "", fonts[0]["asset"])
        assert path.startswith(base), path
        status, headers, _ = fetch(served, path)
        assert status == 200 and "immutable" in headers["Cache-Control"], path


@pytest.mark.parametrize(("slice_path", "font", "character"), [
    ("assets/fonts/notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.7.woff2",
     webclient.EMOJI_FILE, "🎲"),
    ("assets/fonts/notosanskr/v36/PbyxFmXiEBPT4ITbgNA5Cgms3VYcOA-vvnIzzuoyeLGC5nwuDo-KBTUm6CryotyJROlrnQ.105.woff2",
     webclient.FONT_FILE, "민"),
])
def test_a_fallback_slice_the_engine_asks_for_is_answered_by_a_shipped_font(
        served: RunningApp, slice_path: str, font: str, character: str) -> None:
    status, headers, _ = fetch(served, slice_path)
    assert status == 301
    assert headers["Location"] == engine_address(shell(served)) + font
    status, _, body = fetch(served, headers["Location"])
    assert status == 200 and body == (FONTS.parent / font).read_bytes()
    assert ord(character) in TTFont(FONTS.parent / font).getBestCmap()


def test_the_shell_drops_the_cdn_address_of_rives_runtime_before_any_script_runs(served: RunningApp) -> None:
    page = shell(served)
    head = page.split("</head>")[0]
    assert head.index(webclient.RIVE_CDN) < head.index("<script src=")
