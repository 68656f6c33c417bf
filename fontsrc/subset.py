"""Make the fonts the app ships from the full fonts in this folder (run at development time).

    python fontsrc/subset.py

Writes `views/assets/fonts/CompanionGothic.ttf`: Nanum Gothic cut down and renamed, as its
licence asks of a modified version (Nanum is a Reserved Font Name under the SIL OFL 1.1).

- Nanum Gothic is cut down to what a table needs: KS X 1001's 2,350 Hangul syllables (nearly
  every Korean name), its symbols, Greek, Cyrillic and kana rows, Latin with its accented letters,
  punctuation, and every character of the app's catalogues. The whole font is 4.7 MB; a phone
  downloads it before the first screen. Hanja are left out.
- Zero-width glyphs for the invisible joiners the screens write (the word joiner above all).
- Two signs the screens draw that Nanum Gothic lacks (− minus and ✕ the capture mark) are copied
  from DejaVu Sans (Debian's fonts-dejavu-core; its glyphs are free to copy into a renamed font).

`views/assets/fonts/NotoEmoji.woff2` ships as it comes (the emoji slice of the npm package
`@fontsource/noto-emoji` 5.3.2, weight 400: all 1,464 emoji in 476 kB; monochrome, as the colour
font is twenty times larger). The web client asks for it only when a screen shows an emoji.

`tests/core/test_fonts.py` checks that every catalogue character (and every sign in the
screens' code) is in the shipped fonts, so a
catalogue change that needs a new glyph fails there until this script has been run again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
FAMILY = "Companion Gothic"
TARGET = "CompanionGothic.ttf"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
BORROWED = "\u2212\u2715"  # − ✕
# Invisible characters the screens write (views/words.py puts a word joiner between the syllables
# of a Korean word so that Flutter breaks lines only between words): an empty glyph of no width
# each, so the web engine never looks for a fallback font to draw nothing with.
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
ROOT = HERE.parent
OUT = ROOT / "views" / "assets" / "fonts"
CATALOGUES = ROOT / "companion" / "i18n"

# Unicode blocks kept whole: Latin (with the accents of European names), punctuation and the
# symbols the screens draw (arrows, maths, geometric shapes, dingbats such as ✓ and ✕).
KEPT_RANGES = [
    (0x0020, 0x024F),  # Basic Latin … Latin Extended-B
    (0x02B0, 0x036F),  # spacing modifiers, combining accents
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x2BFF),  # punctuation, super/subscripts, currency, arrows, maths, shapes, dingbats
    (0x3000, 0x303F),  # CJK punctuation
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0xFF01, 0xFFEE),  # full-width forms
]


def ks_x_1001(non_hanja_only: bool = True) -> set[str]:
    """Every character of KS X 1001 (EUC-KR's two-byte plane), without its 4,888 Hanja."""
    chars: set[str] = set()
    for lead in range(0xA1, 0xFE + 1):
        if non_hanja_only and 0xCA <= lead <= 0xFD:  # rows 42–93 are Hanja
            continue
        for trail in range(0xA1, 0xFE + 1):
            try:
                chars.add(bytes([lead, trail]).decode("euc-kr"))
            except UnicodeDecodeError:
                continue
    return chars


def catalogue_characters() -> set[str]:
    """Every character of every string in the app's catalogues (both languages)."""
    chars: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            chars.update(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(CATALOGUES.glob("*/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return chars - set("\n\t\r")


def korean_characters() -> set[int]:
    wanted = {ord(c) for c in ks_x_1001() | catalogue_characters()}
    for low, high in KEPT_RANGES:
        wanted.update(range(low, high + 1))
    return wanted


def subset_nanum(source: Path, target: Path) -> None:
    font = TTFont(source, recalcTimestamp=False)  # the same bytes on every run
    has = set(font.getBestCmap())
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False  # the web client draws without hints; they were 40% of the file
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(korean_characters() & has))
    subsetter.subset(font)
    borrow(font, DEJAVU, BORROWED)
    add_invisible(font, INVISIBLE)
    rename(font)
    font.save(target, reorderTables=True)


def borrow(font: TTFont, donor_path: Path, characters: str) -> None:
    """Copy the outlines of `characters` from another TrueType font, scaled to this one's em."""
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    donor = TTFont(donor_path)
    scale = font["head"].unitsPerEm / donor["head"].unitsPerEm
    donor_glyphs, donor_cmap = donor.getGlyphSet(), donor.getBestCmap()
    order = font.getGlyphOrder()
    for character in characters:
        if ord(character) in font.getBestCmap():
            continue
        source = donor_cmap[ord(character)]
        name = f"uni{ord(character):04X}"
        pen = TTGlyphPen(None)
        donor_glyphs[source].draw(TransformPen(pen, (scale, 0, 0, scale, 0, 0)))
        font["glyf"][name] = pen.glyph()
        font["glyf"][name].recalcBounds(font["glyf"])
        advance, _ = donor["hmtx"][source]
        font["hmtx"][name] = (round(advance * scale), font["glyf"][name].xMin)
        if name not in order:  # the glyf table may share the font's glyph order
            order.append(name)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[ord(character)] = name
    font.setGlyphOrder(order)
    font["glyf"].glyphOrder = order


def add_invisible(font: TTFont, characters: str) -> None:
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    order = font.getGlyphOrder()
    for character in characters:
        if ord(character) in font.getBestCmap():
            continue
        name = f"uni{ord(character):04X}"
        font["glyf"][name] = TTGlyphPen(None).glyph()
        font["hmtx"][name] = (0, 0)
        if name not in order:
            order.append(name)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[ord(character)] = name
    font.setGlyphOrder(order)
    font["glyf"].glyphOrder = order


def rename(font: TTFont) -> None:
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17, 18):
            names.removeNames(nameID=record.nameID)
    for name_id, text in ((1, FAMILY), (4, FAMILY), (6, FAMILY.replace(" ", "")),
                          (3, f"{FAMILY}; subset of Nanum Gothic")):
        names.setName(text, name_id, 3, 1, 0x409)
        names.setName(text, name_id, 1, 0, 0)


def main() -> int:
    subset_nanum(HERE / "NanumGothic.ttf", OUT / TARGET)
    print(f"{TARGET}: {(OUT / TARGET).stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
