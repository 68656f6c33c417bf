"""Flet's state hook with the types a screen means: `use_state(initial)` where the state may later
hold any value of the type given (`str | None` for "no problem yet"), and `use_lazy_state(make)`
whose first value is made once, on the first render (a read that must not run on every render).

Flet's own `ft.use_state` takes a value or a maker in one parameter, which leaves a type checker
unable to tell them apart; these two say which one they are given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar, cast

import flet as ft

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


class Kept(Generic[T]):
    """What `use_ref` keeps: `.current`, the same object on every render (the type Flet's own
    holder has, without its `None` before the first value)."""

    current: T


def use_state(initial: T) -> tuple[T, Callable[[T], None]]:
    """State starting at `initial`, a value (never a function: Flet would call it)."""
    value, change = ft.use_state(cast(Any, initial))
    return cast(T, value), change


def use_lazy_state(make: Callable[[], T]) -> tuple[T, Callable[[T], None]]:
    """State whose first value `make()` gives, called on the first render only."""
    value, change = ft.use_state(cast(Any, make))
    return cast(T, value), change


def use_ref(initial: T) -> Kept[T]:
    """A value kept across renders that changes nothing when set (`.current`); a value, never a
    function (Flet would call it: give a function through `use_lazy_ref(lambda: function)`)."""
    return cast("Kept[T]", ft.use_ref(cast(Any, initial)))


def use_lazy_ref(make: Callable[[], T]) -> Kept[T]:
    """A value kept across renders, made by `make()` on the first render only."""
    return cast("Kept[T]", ft.use_ref(cast(Any, make)))


def memo(component: Callable[P, R]) -> Callable[P, R]:
    """`component` (an @ft.component) drawn again only when an argument changed (compared with
    ==) or an observable argument it takes (the model, a LiveMatch) told it so; otherwise its last
    drawing is kept and Flet sends nothing for it. Flet's `ft.memo`, typed."""
    return cast("Callable[P, R]", ft.memo(component))  # type: ignore[no-untyped-call]


def use_latest(fn: Callable[P, R]) -> Callable[P, R]:
    """One function, the same object on every render, that calls `fn` as this component's latest
    render gave it: memoised children (a board's squares) keep their drawing, yet a tap calls what
    the screen drew last, as a handler made afresh on each render would (an event reaches the
    handler of the last render sent; one that arrives before the next render reaches the one before)."""
    latest = use_lazy_ref(lambda: fn)
    latest.current = fn
    steady = use_lazy_ref(lambda: _calling(latest))
    return steady.current


def _calling(latest: Kept[Callable[P, R]]) -> Callable[P, R]:
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        return latest.current(*args, **kwargs)

    return call
