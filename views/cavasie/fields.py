"""Text fields that belong to the player (as views.ui.field_text, for several fields a screen
draws and takes away again).

A field drawn from the screen's state gets an older text back whenever the screen draws one
keystroke while the next is on its way, and the player loses what they typed since. So a field
is given its text once, when it appears, and then left as the player types it (Flet keeps the
text a field holds when it is drawn again without one); the screen still hears every change.
"""

from __future__ import annotations

from collections.abc import Iterable


def given_once(drawn: set[str], key: str, text: str) -> str:
    """The text to draw the field `key` with: `text` the first time, then None ("keep what the
    field holds"). `drawn` is the screen's record of the fields already given their text."""
    if key in drawn:
        return None  # type: ignore[return-value]  # Flet's None: "keep the text the field holds"
    drawn.add(key)
    return text


def forget(drawn: set[str], keys: Iterable[str]) -> None:
    """Fields that are taken away or must show a new text: the next draw gives them their text."""
    drawn.difference_update(keys)
