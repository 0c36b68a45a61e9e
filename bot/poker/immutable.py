"""Immutable records for the engine's values: actions, events, pots.

Hand-written rather than ``@dataclass(frozen=True)``: a frozen dataclass sets its fields through
``object.__setattr__`` in a generated ``__init__`` that stays interpreted even when the engine
is compiled, and creating events was a fifth of a compiled hand's time that way. A compiled
plain ``__init__`` costs a tenth of it.
"""

from __future__ import annotations

from typing import ClassVar


class Record:
    """An immutable record: equality, hash and repr come from the fields in ``__match_args__``.

    A subclass lists its fields in ``__slots__`` and ``__match_args__`` and sets each one,
    annotated ``Final``, in a plain ``__init__``; mypy then refuses any later assignment.
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.fields()))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({values})"
