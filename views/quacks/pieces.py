"""Drawn pieces of the Quacks screens: chips as coloured discs, the bag's palette, the pot's
spaces with the chips on them, the white total against the limit and the odds."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.quacks.data import CHIPS, POT_TRACK, Bag
from companion.quacks.match_view import SeatView
from views.hooks import memo
from views.quacks.words import ODDS_INK, ODDS_PAINT, Words, odds_level, percent

PALETTE_DISC = 48  # a bag chip in the palette: a thumb-sized target, five in a row on a 360 px phone
POT_DISC = 24
SPACE = 32  # one pot space (the chips on it a little smaller)
WIDE_SPACE = 40  # on a wide window
WIDE = 900  # a window this wide shows the whole pot
TRACK_AHEAD = 6  # pot spaces drawn past the scoring space

# Chip paint: fill, the value's ink, the rim.
CHIP_PAINT: Mapping[str, tuple[str, str, str]] = {
    "white": ("#fafafa", "#212121", "#757575"),
    "orange": ("#f57c00", "#ffffff", "#e65100"),
    "green": ("#2e7d32", "#ffffff", "#1b5e20"),
    "blue": ("#1565c0", "#ffffff", "#0d47a1"),
    "red": ("#c62828", "#ffffff", "#8e0000"),
    "yellow": ("#fdd835", "#212121", "#c6a700"),
    "purple": ("#6a1b9a", "#ffffff", "#38006b"),
    "black": ("#212121", "#ffffff", "#000000"),
}
SCORING_RING = "#d81b60"
RUBY = "#e91e63"
DROPLET = "#0288d1"
RAT = "#6d4c41"


def keyed(component: Callable[..., Any], *args: Any, key: str) -> Any:
    """Render `component` with a key (Flet takes `key` off the arguments), so its own state
    starts afresh when the key changes: a new question, another seat."""
    return component(*args, key=key)


def chip_disc(code: str, size: float, dimmed: bool = False) -> ft.Control:
    """One chip: a disc in its colour with its value."""
    fill, ink, rim = CHIP_PAINT[CHIPS[code].colour]
    return ft.Container(
        width=size, height=size, shape=ft.BoxShape.CIRCLE, bgcolor=fill, opacity=0.35 if dimmed else 1.0,
        border=ft.Border.all(max(1.0, size / 18), rim), alignment=ft.Alignment.CENTER,
        content=ft.Text(str(CHIPS[code].value), size=size * 0.45, weight=ft.FontWeight.BOLD, color=ink),
    )


@dataclass(frozen=True)
class TileLook:
    """One kind of chip in the palette, compared whole: a tile whose look did not change with a
    draw keeps its drawing (Flet sends nothing for it)."""

    seat: int
    code: str
    count: int
    can: bool  # the engine accepts this chip now
    label: str  # what a screen reader (and the browser test) hears


@ft.component
def ChipTile(look: TileLook, on_draw: Callable[[str], Any]) -> ft.Control:
    disc = ft.Stack(width=PALETTE_DISC + 6, height=PALETTE_DISC + 6, controls=[
        ft.Container(left=0, top=6, content=chip_disc(look.code, PALETTE_DISC, dimmed=not look.can)),
        ft.Container(right=0, top=0, padding=ft.Padding.symmetric(horizontal=4, vertical=0), border_radius=9,
                     bgcolor=ft.Colors.SECONDARY_CONTAINER,
                     content=ft.Text(f"×{look.count}", size=11, weight=ft.FontWeight.BOLD,
                                     color=ft.Colors.ON_SECONDARY_CONTAINER)),
    ])
    return ft.Semantics(
        label=look.label, button=look.can, container=True, exclude_semantics=True,
        content=ft.Container(key=f"bag-{look.seat}-{look.code}", content=disc, border_radius=12, padding=0,
                             ink=look.can, on_click=(lambda e, c=look.code: on_draw(c)) if look.can else None),
    )


Tile = memo(ChipTile)


def palette(words: Words, bag: Bag, drawable: Sequence[str], on_draw: Callable[[str], Any],
            seat: int) -> ft.Control:
    """The chips the bag still holds, one disc per kind with how many: tap to enter the chip
    drawn. A kind the engine does not accept now is dimmed and does nothing. `on_draw` should be
    the same function on every render (views.hooks.use_latest), or every tile is drawn again."""
    tiles: list[ft.Control] = [
        Tile(TileLook(seat=seat, code=code, count=bag[code], can=code in drawable,
                      label=words.tr("quacks_ui.draw_chip", chip=words.chip(code), count=bag[code])), on_draw)
        for code in bag]
    if not tiles:
        tiles.append(ft.Text(words.tr("quacks_ui.bag_empty"), size=14))
    return ft.Row(key=f"palette-{seat}", wrap=True, spacing=6, run_spacing=6, controls=tiles)


def track_end(view: SeatView, whole: bool = False) -> int:
    """The last pot space worth drawing: a few past the scoring space (or the rat stone), so the
    pot takes two or three rows on a phone, not six; the spoon at most. `whole`: every space
    (a wide window has room for the whole pot in two rows)."""
    if whole:
        return len(POT_TRACK) - 1
    scoring = view.scoring.index if view.scoring is not None else view.start + 1
    return min(len(POT_TRACK) - 1, max(scoring + TRACK_AHEAD, view.start + 2 * TRACK_AHEAD, 2 * TRACK_AHEAD))


@dataclass(frozen=True)
class SpaceLook:
    """One space of a pot, compared whole (see TileLook)."""

    seat: int
    index: int
    size: float
    ruby: bool
    chips: tuple[str, ...]  # the chips lying there, in the order placed
    droplet: bool  # the droplet, with no chip on it
    rat: bool  # the rat stone, with no chip on it
    lit: bool  # the scoring space
    behind: bool  # before the droplet's start


@ft.component
def PotSpaceCell(look: SpaceLook) -> ft.Control:
    size, index = look.size, look.index
    disc = size * POT_DISC / SPACE
    layers: list[ft.Control] = [ft.Container(  # the space named as every text names it: its number
        key="number", left=1, top=0, content=ft.Text(str(index), size=9, color=ft.Colors.ON_SURFACE_VARIANT))]
    if look.ruby:
        layers.append(ft.Container(key="ruby", right=2, top=2, width=6, height=6, shape=ft.BoxShape.CIRCLE,
                                   bgcolor=RUBY))
    if look.chips:
        offset = (size - disc) / 2
        layers.append(ft.Container(key="chip", left=offset, top=offset + 2, content=chip_disc(look.chips[-1], disc)))
        if len(look.chips) > 1:
            layers.append(ft.Container(
                right=0, bottom=0, padding=ft.Padding.symmetric(horizontal=2), border_radius=6,
                bgcolor=ft.Colors.SECONDARY_CONTAINER, key=f"space-count-{look.seat}-{index}",
                content=ft.Text(f"×{len(look.chips)}", size=9, weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_SECONDARY_CONTAINER)))
    elif look.droplet:
        layers.append(ft.Container(key="droplet", left=size / 2 - 5, top=size / 2 - 3, width=10, height=10,
                                   shape=ft.BoxShape.CIRCLE, bgcolor=DROPLET))
    if look.rat:
        layers.append(ft.Container(key="rat", left=2, bottom=1, width=size - 4, height=4, border_radius=2, bgcolor=RAT))
    lit = look.lit
    return ft.Container(
        width=size, height=size, border_radius=6,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if lit else (ft.Colors.SURFACE_CONTAINER_HIGHEST if look.behind
                                                          else ft.Colors.SURFACE_CONTAINER),
        border=ft.Border.all(3, SCORING_RING) if lit else ft.Border.all(0.5, ft.Colors.OUTLINE_VARIANT),
        key=f"space-{look.seat}-{index}" if lit else None,
        content=ft.Stack(width=size, height=size, controls=layers),
    )


Space = memo(PotSpaceCell)


def pot_track(words: Words, view: SeatView, wide: bool = False) -> ft.Control:
    """The pot's spaces from 0, in rows: the droplet and the rat stone marked, the chips on their
    spaces and the scoring space ringed (on a phone up to a few spaces past it, see `track_end`;
    on a wide window all of them, larger). Each space is drawn again only when it changed."""
    size = WIDE_SPACE if wide else SPACE
    placed: dict[int, list[str]] = {}  # several chips may lie on the last space
    for p in view.chips:
        placed.setdefault(p.space, []).append(p.chip)
    scoring = view.scoring.index if view.scoring is not None else None
    cells: list[ft.Control] = [
        Space(SpaceLook(seat=view.seat, index=space.index, size=size, ruby=bool(space.ruby),
                        chips=tuple(placed.get(space.index, ())), droplet=space.index == view.droplet,
                        rat=bool(view.rats) and space.index == view.start and space.index not in placed,
                        lit=space.index == scoring, behind=space.index < view.start))
        for space in POT_TRACK[:track_end(view, wide) + 1]]
    said = pot_words(words, view)
    return ft.Semantics(label=said, container=True, exclude_semantics=True, content=ft.Row(
        key=f"pot-{view.seat}", wrap=True, spacing=2, run_spacing=2, controls=cells))


def pot_words(words: Words, view: SeatView) -> str:
    """The pot read aloud: the chips on their spaces (all of them: several may share the last
    space) and the scoring space."""
    chips = ", ".join(words.tr("quacks_ui.chip_on", chip=words.chip(p.chip), space=p.space) for p in view.chips)
    scoring = words.space(view.scoring) if view.scoring is not None else words.tr("quacks_ui.nothing")
    return words.tr("quacks_ui.pot_said", name=words.name(view.seat), chips=chips or words.tr("quacks_ui.nothing"),
                    scoring=scoring, droplet=view.droplet, start=view.start)


def pot_strip(words: Words, view: SeatView) -> ft.Control:
    """The pot in short (the overview): the chips in order, then the scoring space."""
    discs: list[ft.Control] = [chip_disc(p.chip, 26) for p in view.chips]
    if view.scoring is not None:
        discs.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=3), border_radius=8,
            border=ft.Border.all(2, SCORING_RING),
            content=ft.Text(words.tr("quacks_ui.scores_on", index=view.scoring.index, coins=view.scoring.coins,
                                     vp=view.scoring.vp), size=13, weight=ft.FontWeight.BOLD)))
    return ft.Semantics(label=pot_words(words, view), container=True, exclude_semantics=True,
                        content=ft.Row(wrap=True, spacing=3, run_spacing=3, controls=discs))


def whites_meter(words: Words, view: SeatView) -> ft.Control:
    """The white total against the limit: one box per point up to the limit, then the bang."""
    total, limit = view.white_total, view.white_limit
    boxes: list[ft.Control] = []
    for point in range(1, max(limit, total) + 2):
        filled = point <= total
        over = point > limit
        paint = ("#c62828" if over else "#fb8c00" if limit - total <= 2 else "#9e9e9e") if filled else None
        boxes.append(ft.Container(
            width=24, height=14, border_radius=3, bgcolor=paint,
            border=ft.Border.all(2 if point == limit + 1 else 1, "#c62828" if over else ft.Colors.OUTLINE)))
    text = words.tr("quacks_ui.whites", total=total, limit=limit)
    return ft.Column(key=f"whites-{view.seat}", spacing=4, controls=[
        ft.Text(text, size=15, weight=ft.FontWeight.BOLD),
        ft.Row(spacing=2, controls=boxes),
    ])


ODDS_MODES = ("percent", "chips", "off")  # how a table likes the risk shown (the device keeps it)


def odds_row(words: Words, view: SeatView, mode: str = "percent") -> ft.Control:
    """The chance of exploding on the next draw, within 2 and within 3, coloured by size; in
    "chips" the next draw as the chips that would explode it ("3 of 14"), the others as
    percentages; nothing in "off"."""
    odds = view.odds
    if odds is None:
        return ft.Text(words.tr("quacks_ui.odds_none"), size=13, key=f"odds-{view.seat}")
    if mode == "off":
        return ft.Text(words.tr("quacks_ui.odds_hidden"), size=13, key=f"odds-{view.seat}")
    pills: list[ft.Control] = []
    for key, chance in (("next", odds.next), ("within_2", odds.within_2), ("within_3", odds.within_3)):
        level = odds_level(chance)
        label = words.tr(f"quacks_ui.odds.{key}")
        said = words.tr("quacks_ui.odds_said", what=label, chance=percent(chance))
        shown = percent(chance)
        if mode == "chips" and key == "next":
            shown = words.tr("quacks_ui.odds_chips", count=odds.next_chips, left=odds.draws_left)
            said = words.tr("quacks_ui.odds_chips_said", count=odds.next_chips, left=odds.draws_left)
        pills.append(ft.Semantics(label=said, container=True, exclude_semantics=True, expand=True, content=ft.Container(
            expand=True, padding=ft.Padding.symmetric(horizontal=6, vertical=6), border_radius=10,
            bgcolor=ODDS_PAINT[level], key=f"odds-{view.seat}-{key}",
            content=ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(shown, size=20, weight=ft.FontWeight.BOLD, color=ODDS_INK[level]),
                ft.Text(label, size=12, color=ODDS_INK[level], text_align=ft.TextAlign.CENTER),
            ]))))
    return ft.Column(key=f"odds-{view.seat}", spacing=4, controls=[
        ft.Text(words.tr("quacks_ui.odds_title", left=odds.draws_left), size=13),
        ft.Row(spacing=6, controls=pills),
    ])


def odds_short(words: Words, view: SeatView, mode: str) -> str | None:
    """The next draw's risk in a few words, as the table likes it (None: hidden or none)."""
    odds = view.odds
    if odds is None or mode == "off":
        return None
    if mode == "chips":
        return words.tr("quacks_ui.odds_short_chips", count=odds.next_chips, left=odds.draws_left)
    return words.tr("quacks_ui.odds_short", chance=percent(odds.next))


def odds_modes(words: Words, mode: str, choose: Callable[[str], Any]) -> ft.Control:
    """How the risk is shown on this device: in percent, in chips, or hidden."""
    return ft.Row(key="odds-modes", wrap=True, spacing=6, run_spacing=6, controls=[
        ft.Text(words.tr("quacks_ui.odds_mode"), size=13),
        *((ft.FilledTonalButton if choice == mode else ft.OutlinedButton)(
            content=ft.Text(words.tr(f"quacks_ui.odds_mode.{choice}"), size=13), height=48,
            key=f"odds-mode-{choice}", on_click=lambda e, c=choice: choose(c))
          for choice in ODDS_MODES)])


def odds_legend(words: Words) -> ft.Control:
    """The colour scale, once, under the odds."""
    bands = ("quacks_ui.odds_band.0", "quacks_ui.odds_band.1", "quacks_ui.odds_band.2", "quacks_ui.odds_band.3")
    return ft.Row(wrap=True, spacing=8, run_spacing=4, controls=[
        ft.Row(spacing=4, tight=True, controls=[
            ft.Container(width=12, height=12, border_radius=3, bgcolor=ODDS_PAINT[level]),
            ft.Text(words.tr(band), size=12),
        ])
        for level, band in enumerate(bands)
    ])
