"""Display preferences (language, theme) and the server's defaults for them, kept in a small
JSON file.

Each device keeps its own choice (views/device.py); this file only says what a device that has
chosen nothing starts with, so one player switching to English does not switch the phones opened
after. Settings offers to make a device's choice the default. Preferences are not match data,
so they live beside the user's config rather than in the store. `COMPANION_SETTINGS_FILE` points
them elsewhere (tests use it).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_config_dir

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES

# "system" follows the device's light or dark setting; "black" is dark with pure black
# backgrounds, for a dim game room and an OLED screen.
THEMES = ("system", "light", "dark", "black")
DEFAULT_THEME = "system"


@dataclass(frozen=True)
class Prefs:
    lang: str = DEFAULT_LANGUAGE
    theme: str = DEFAULT_THEME


def checked(lang: object, theme: object) -> Prefs:
    """Prefs from stored values; an unknown value gives that default."""
    return Prefs(lang=lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT_LANGUAGE,
                 theme=theme if isinstance(theme, str) and theme in THEMES else DEFAULT_THEME)


def prefs_path() -> Path:
    override = os.environ.get("COMPANION_SETTINGS_FILE")
    if override:
        return Path(override)
    return Path(user_config_dir("companion", "companion")) / "settings.json"


def load_prefs() -> Prefs:
    """The server's defaults; a missing or damaged file gives the app's own."""
    try:
        data = json.loads(prefs_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Prefs()
    if not isinstance(data, dict):
        return Prefs()
    theme = data.get("theme")
    if theme is None and data.get("dark") is True:  # written before there was a choice of four
        theme = "dark"
    return checked(data.get("lang"), theme)


def save_prefs(prefs: Prefs) -> bool:
    """Make `prefs` the server's defaults; False if the file could not be written."""
    path = prefs_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(prefs)), encoding="utf-8")
        tmp.replace(path)  # never leave a half-written file behind
    except OSError:
        return False  # preferences are a convenience: failing to save them must not break a match
    return True
