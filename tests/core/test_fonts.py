"""The shipped fonts draw every character the app writes, so no box ever shows (issues 14, 18).

The Korean font is a subset (`fontsrc/subset.py`): a catalogue line with a character it lacks
fails here until the subset is made again. Player names: KS X 1001's 2,350 Hangul syllables,
Latin with accents, Greek, Cyrillic, kana and every emoji. In a browser, a letter the Korean font
lacks (ř, Å) is drawn by Roboto, the web engine's own fallback, which Flet's web client carries
and the font manifest lists (`views/webclient.py`)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "views" / "assets" / "fonts"
SUBSET = importlib.util.spec_from_file_location("subset", ROOT / "fontsrc" / "subset.py")
assert SUBSET is not None and SUBSET.loader is not None
subset = importlib.util.module_from_spec(SUBSET)
SUBSET.loader.exec_module(subset)


@pytest.fixture(scope="module")
def korean() -> set[int]:
    return set(TTFont(FONTS / "CompanionGothic.ttf").getBestCmap())


@pytest.fixture(scope="module")
def roboto() -> set[int]:
    from views.webclient import web_dir

    return set(TTFont(web_dir() / "assets" / "fonts" / "roboto.woff2").getBestCmap())


@pytest.fixture(scope="module")
def emoji() -> set[int]:
    return set(TTFont(FONTS / "NotoEmoji.woff2").getBestCmap())


HANGUL_BLOCKS = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7A3))


def screen_code_characters() -> set[str]:
    """Every non-ASCII character in a string literal of the screens' code (signs such as ✕, the
    word joiner), but Hangul: the code names Hangul only as the bounds of its blocks, and what
    the screens write in Hangul comes from the catalogues (checked above)."""
    chars: set[str] = set()
    for path in (ROOT / "views").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars.update(c for c in node.value if ord(c) > 127)
    return {c for c in chars if not any(low <= ord(c) <= high for low, high in HANGUL_BLOCKS)}


def describe(missing: set[str]) -> list[str]:
    return [f"U+{ord(c):04X} {c!r}" for c in sorted(missing)]


def test_every_character_of_every_catalogue_string_is_in_a_shipped_font(korean, emoji) -> None:
    chars = subset.catalogue_characters()
    assert len(chars) > 300  # both languages were read
    missing = {c for c in chars if ord(c) not in korean | emoji}
    assert not missing, f"run `python fontsrc/subset.py`: {describe(missing)}"


def test_every_sign_in_the_screens_code_is_in_a_shipped_font(korean, emoji) -> None:
    missing = {c for c in screen_code_characters() if ord(c) not in korean | emoji}
    assert not missing, describe(missing)


def test_the_word_joiner_between_korean_syllables_is_drawn_as_nothing(korean) -> None:
    font = TTFont(FONTS / "CompanionGothic.ttf")
    glyph = font.getBestCmap()[0x2060]
    assert font["hmtx"][glyph][0] == 0 and font["glyf"][glyph].numberOfContours == 0


def test_the_korean_font_has_all_2350_hangul_syllables_of_ks_x_1001(korean) -> None:
    syllables = {c for c in subset.ks_x_1001() if "\uac00" <= c <= "\ud7a3"}
    assert len(syllables) == 2350
    assert not {c for c in syllables if ord(c) not in korean}


@pytest.mark.parametrize("name", ["Çävasie", "Zoë Ångström", "Łukasz Dvořák", "Νίκος", "Дмитрий", "さくら", "김똘똘"])
def test_names_in_latin_greek_cyrillic_kana_and_hangul_are_drawn(korean, roboto, name: str) -> None:
    assert all(ord(c) in korean | roboto for c in name.replace(" ", ""))


@pytest.mark.parametrize("name", ["🎲", "😀", "👍", "🐸", "❤", "⭐", "🇰🇷"])
def test_emoji_in_a_name_are_drawn_by_the_emoji_font(emoji, name: str) -> None:
    assert all(ord(c) in emoji for c in name)


def test_the_subset_is_much_smaller_than_the_whole_font_and_renamed() -> None:
    font = TTFont(FONTS / "CompanionGothic.ttf")
    assert (FONTS / "CompanionGothic.ttf").stat().st_size < (ROOT / "fontsrc" / "NanumGothic.ttf").stat().st_size / 4
    assert "Nanum" not in font["name"].getDebugName(1)  # a Reserved Font Name of the OFL
