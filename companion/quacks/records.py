"""`evolve`: a frozen record with some fields changed, made cheaply.

`dataclasses.replace` re-runs the constructor with every field (keyword matching, defaults,
`__post_init__`), which is most of the time a replayed match or a referee `evaluate` spends:
a draw changes one field of one pot. The Quacks records (pots, players, the match, the
evaluation's tallies) have no `__post_init__`, so a copy of the instance's fields with the
changes written over them is the same record.
"""

from __future__ import annotations

from typing import Any, TypeVar

Record = TypeVar("Record")


def evolve(record: Record, **changes: Any) -> Record:
    """`record` with `changes`, like `dataclasses.replace` for a frozen dataclass without
    `__post_init__` (the changed names must be fields: nothing checks them)."""
    copy: Record = object.__new__(type(record))
    fields = copy.__dict__
    fields.update(record.__dict__)
    fields.update(changes)
    return copy
