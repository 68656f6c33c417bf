"""Player names as the store keeps them: what a screen shows is what was meant.

A name typed, renamed, imported from a file or arriving by match code goes through
`clean_name`: control characters and the characters that reorder text (bidi overrides,
embeddings and isolates, which would show "Anna" reversed) and invisible separators are
taken out, runs of spaces become one space, and a name with nothing left to see (only a
zero-width space, a byte-order mark, a Hangul filler, NUL ...) is refused. Joiners stay:
emoji sequences and scripts such as Persian need them.
"""

from __future__ import annotations

import unicodedata

from db import errors
from db.models import NAME_MAX

# Reordering controls: LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM ALM.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Invisible separators and fillers that only hide a name: zero-width space, word joiner and
# the invisible operators, BOM, Mongolian vowel separator, soft hyphen.
_INVISIBLE = frozenset("\u200b\u2060\u2061\u2062\u2063\u2064\ufeff\u180e\u00ad")
# Letters that draw nothing: Hangul fillers, the blank Braille pattern.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Categories that show nothing on their own: separators, format characters, combining marks.
_UNSEEN = ("Z", "Cf", "Mn", "Me")


def _kept(char: str) -> bool:
    return unicodedata.category(char) != "Cc" and char not in _BIDI and char not in _INVISIBLE


def _seen(char: str) -> bool:
    return char not in _BLANK_LETTERS and not unicodedata.category(char).startswith(_UNSEEN)


def clean_name(name: object) -> str:
    """`name` as stored: cleaned as above; EmptyName, InvisibleName or NameTooLong if it cannot be.

    A lone surrogate (text no file or screen can hold) is refused as invisible too.
    """
    if not isinstance(name, str) or not name.strip():
        raise errors.EmptyName()
    if any("\ud800" <= char <= "\udfff" for char in name):
        raise errors.InvisibleName()
    cleaned = " ".join("".join(char if _kept(char) else " " if char.isspace() else "" for char in name).split())
    if not cleaned:
        raise errors.InvisibleName()
    if not any(_seen(char) for char in cleaned):
        raise errors.InvisibleName()
    if len(cleaned) > NAME_MAX:
        raise errors.NameTooLong(name=cleaned, max=NAME_MAX)
    return cleaned
