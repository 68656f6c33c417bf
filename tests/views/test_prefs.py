"""Language and theme: the device's own choice, the server's file only the default."""

from __future__ import annotations

import json

import pytest

from views.model import AppModel
from views.prefs import Prefs, checked, load_prefs, save_prefs


@pytest.fixture
def settings_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    monkeypatch.setenv("COMPANION_SETTINGS_FILE", str(path))
    return path


def test_no_file_gives_korean_and_the_automatic_theme(settings_file):
    assert load_prefs() == Prefs("ko", "system")


def test_a_file_from_before_the_four_themes_still_reads(settings_file):
    settings_file.write_text(json.dumps({"lang": "en", "dark": True}))
    assert load_prefs() == Prefs("en", "dark")
    settings_file.write_text(json.dumps({"lang": "en", "dark": False}))
    assert load_prefs() == Prefs("en", "system")


@pytest.mark.parametrize("content", ["{", "[]", '"en"', '{"lang": "fr", "theme": "neon"}', '{"lang": 3}'])
def test_a_damaged_or_strange_file_gives_the_defaults(settings_file, content):
    settings_file.write_text(content)
    assert load_prefs() == Prefs("ko", "system")


def test_saved_defaults_read_back(settings_file):
    assert save_prefs(Prefs("en", "black"))
    assert load_prefs() == Prefs("en", "black")
    assert json.loads(settings_file.read_text()) == {"lang": "en", "theme": "black"}


def test_stored_values_are_checked():
    assert checked("en", "black") == Prefs("en", "black")
    assert checked(None, 7) == Prefs("ko", "system")


def test_a_device_switching_language_or_theme_changes_only_its_own_storage(settings_file):
    settings_file.write_text(json.dumps({"lang": "ko", "theme": "light"}))
    remembered: list[Prefs] = []
    model = AppModel.create(None, "/settings", prefs=None)  # type: ignore[arg-type]
    assert model.prefs == Prefs("ko", "light")  # a device that has chosen nothing: the server's
    model.remember = remembered.append
    model.set_lang("en")
    model.set_theme("black")
    assert remembered == [Prefs("en", "light"), Prefs("en", "black")]
    assert json.loads(settings_file.read_text()) == {"lang": "ko", "theme": "light"}  # the server's stays
    assert not model.is_default()
    assert model.make_default() and model.is_default()
    assert load_prefs() == Prefs("en", "black")


def test_a_device_with_its_own_choice_opens_in_it(settings_file):
    model = AppModel.create(None, "/", prefs=Prefs("en", "dark"))  # type: ignore[arg-type]
    assert (model.lang, model.theme) == ("en", "dark")
