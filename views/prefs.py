"""The player's display preferences (language, theme), kept in a small JSON file.

They are not match data, so they live beside the user's config rather than in the store.
`COMPANION_SETTINGS_FILE` points them elsewhere (tests use it).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_config_dir

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES


@dataclass(frozen=True)
class Prefs:
    lang: str = DEFAULT_LANGUAGE
    dark: bool = False


def prefs_path() -> Path:
    override = os.environ.get("COMPANION_SETTINGS_FILE")
    if override:
        return Path(override)
    return Path(user_config_dir("companion", "companion")) / "settings.json"


def load_prefs() -> Prefs:
    """The saved preferences; a missing or damaged file gives the defaults."""
    try:
        data = json.loads(prefs_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Prefs()
    lang = data.get("lang") if data.get("lang") in LANGUAGES else DEFAULT_LANGUAGE
    return Prefs(lang=lang, dark=bool(data.get("dark", False)))


def save_prefs(prefs: Prefs) -> None:
    path = prefs_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(prefs)), encoding="utf-8")
        tmp.replace(path)  # never leave a half-written file behind
    except OSError:
        pass  # preferences are a convenience: failing to save them must not break a match
