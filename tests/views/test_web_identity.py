"""The web app is Companion, not Flet: its page shell, manifest and icons, over HTTP from a real
`companion --web` server, in the app's language (Korean unless the settings say otherwise)."""

from __future__ import annotations

import io
import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import flet_web
import pytest
from PIL import Image

from companion.i18n import t
from tests.e2e.helpers import RunningApp, start_app, stop_app

ASSETS = Path(__file__).resolve().parents[2] / "views" / "assets"
FLET_WEB = Path(flet_web.get_package_web_dir())


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningApp]:
    app = start_app(tmp_path_factory.mktemp("web_identity"))
    yield app
    stop_app(app)


def get(app: RunningApp, path: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(app.url + path.lstrip("/"), timeout=30) as response:
        return response.status, response.read()


def set_language(app: RunningApp, lang: str) -> None:
    """What the Settings screen saves; the server reads it on the next request."""
    settings = Path(app.log).parent / "settings.json"
    settings.write_text(json.dumps({"lang": lang, "dark": False}), encoding="utf-8")


def shell(app: RunningApp, path: str = "/") -> str:
    status, body = get(app, path)
    assert status == 200
    return body.decode("utf-8")


@pytest.mark.parametrize("path", ["/", "/match/1", "/rules/senet"])
def test_the_page_is_korean_by_default_on_every_address(served: RunningApp, path: str) -> None:
    set_language(served, "ko")
    page = shell(served, path)
    assert re.search(r'<html lang="ko"', page), page[:200]
    assert "<title>컴패니언</title>" in page
    assert f'<meta name="description" content="{t("app.tagline", "ko")}">' in page
    assert f'<meta name="apple-mobile-web-app-title" content="{t("app.title", "ko")}">' in page
    assert "Flet" not in page.split("</head>")[0].split("<script")[0]  # title and meta tags


def test_the_manifest_names_the_app_with_its_own_description_and_icons(served: RunningApp) -> None:
    set_language(served, "ko")
    status, body = get(served, "/manifest.json")
    manifest = json.loads(body)
    assert status == 200
    assert manifest["name"] == manifest["short_name"] == "컴패니언"
    assert manifest["description"] == t("app.tagline", "ko")
    assert manifest["lang"] == "ko"
    assert "Flet" not in body.decode("utf-8") and "Python" not in manifest["description"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_every_icon_is_the_apps_own_png_of_its_stated_size(served: RunningApp) -> None:
    _, body = get(served, "/manifest.json")
    icons = json.loads(body)["icons"] + [{"src": "icons/apple-touch-icon-192.png", "sizes": "192x192"},
                                         {"src": "favicon.png", "sizes": "64x64"}]
    for icon in icons:
        status, png = get(served, icon["src"])
        assert status == 200
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert Image.open(io.BytesIO(png)).size == (width, height), icon
        assert png == (ASSETS / icon["src"]).read_bytes(), f"{icon['src']} is not the file in views/assets"
        flets = FLET_WEB / icon["src"]
        assert not flets.exists() or png != flets.read_bytes(), f"{icon['src']} is still Flet's"


def test_the_loading_picture_is_the_apps_icon_not_flets(served: RunningApp) -> None:
    status, png = get(served, "/icons/loading-animation.png")
    assert status == 200 and png != (FLET_WEB / "icons" / "loading-animation.png").read_bytes()


def test_page_and_manifest_follow_the_language_setting(served: RunningApp) -> None:
    set_language(served, "en")
    try:
        page = shell(served)
        assert '<html lang="en"' in page and "<title>Companion</title>" in page
        manifest = json.loads(get(served, "/manifest.json")[1])
        assert (manifest["name"], manifest["lang"]) == ("Companion", "en")
        assert manifest["description"] == t("app.tagline", "en")
    finally:
        set_language(served, "ko")
    assert '<html lang="ko"' in shell(served)
