"""The typed objects and exception classes of the `fairyc` package.

Diagnostics are the objects of `fairyc check --format json`
(docs/diagnostics.md) as frozen dataclasses; `to_dict()` gives the JSON
object back, key for key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Label:
    """A place in the source a diagnostic points at, and what it says there.

    Lines and columns are 1-based; columns count characters. Byte offsets
    are those of the UTF-8 source.
    """

    primary: bool
    message: str
    byte_start: int
    byte_end: int
    line_start: int
    column_start: int
    line_end: int
    column_end: int

    def to_dict(self) -> Dict[str, Any]:
        """The label as the JSON object `check --format json` prints."""
        return {
            "primary": self.primary,
            "message": self.message,
            "byte_start": self.byte_start,
            "byte_end": self.byte_end,
            "line_start": self.line_start,
            "column_start": self.column_start,
            "line_end": self.line_end,
            "column_end": self.column_end,
        }


@dataclass(frozen=True)
class Edit:
    """One change of a fix: the bytes `byte_start..byte_end` replaced by
    `text` (an empty range inserts, an empty text deletes). Lines and
    columns as in `Label`."""

    byte_start: int
    byte_end: int
    line_start: int
    column_start: int
    line_end: int
    column_end: int
    text: str

    def to_dict(self) -> Dict[str, Any]:
        """The edit as the JSON object `check --format json` prints."""
        return {
            "byte_start": self.byte_start,
            "byte_end": self.byte_end,
            "line_start": self.line_start,
            "column_start": self.column_start,
            "line_end": self.line_end,
            "column_end": self.column_end,
            "text": self.text,
        }


@dataclass(frozen=True)
class Fix:
    """An edit of the source that mends a diagnostic: a title ("Replace
    with `piece`") and its edits, in source order, applied together."""

    title: str
    edits: Tuple[Edit, ...] = ()

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Fix":
        """A fix from a JSON object of `check --format json`."""
        return cls(title=d["title"], edits=tuple(Edit(**e) for e in d["edits"]))

    def to_dict(self) -> Dict[str, Any]:
        """The fix as the JSON object `check --format json` prints."""
        return {"title": self.title, "edits": [e.to_dict() for e in self.edits]}

    def apply(self, source: str) -> str:
        """`source` with the edits applied (offsets are UTF-8 bytes)."""
        data = source.encode("utf-8")
        out = bytearray()
        at = 0
        for e in self.edits:
            out += data[at : e.byte_start] + e.text.encode("utf-8")
            at = e.byte_end
        out += data[at:]
        return out.decode("utf-8")


@dataclass(frozen=True)
class Diagnostic:
    """An error or warning of a `.variant` source (or of a whole file).

    `code` is `E0013`-like (see `fairyc.explain`), or None for an error
    about a whole file (unreadable, an invalid table). `line` and `column`
    are those of the primary label, None without labels.
    """

    file: str
    code: Optional[str]
    severity: str
    message: str
    labels: Tuple[Label, ...] = ()
    help: Tuple[str, ...] = ()
    notes: Tuple[str, ...] = ()
    fixes: Tuple[Fix, ...] = ()

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Diagnostic":
        """A diagnostic from a JSON object of `check --format json`."""
        return cls(
            file=d["file"],
            code=d["code"],
            severity=d["severity"],
            message=d["message"],
            labels=tuple(Label(**label) for label in d["labels"]),
            help=tuple(d["help"]),
            notes=tuple(d["notes"]),
            fixes=tuple(Fix.from_dict(f) for f in d.get("fixes", [])),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The diagnostic as the JSON object `check --format json` prints."""
        return {
            "file": self.file,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "labels": [label.to_dict() for label in self.labels],
            "help": list(self.help),
            "notes": list(self.notes),
            "fixes": [f.to_dict() for f in self.fixes],
        }

    @property
    def is_error(self) -> bool:
        """Whether it is an error (not a warning)."""
        return self.severity == "error"

    @property
    def primary(self) -> Optional[Label]:
        """The primary label, or None."""
        for label in self.labels:
            if label.primary:
                return label
        return self.labels[0] if self.labels else None

    @property
    def line(self) -> Optional[int]:
        """The line of the primary label (1-based)."""
        p = self.primary
        return p.line_start if p else None

    @property
    def column(self) -> Optional[int]:
        """The column of the primary label (1-based, in characters)."""
        p = self.primary
        return p.column_start if p else None

    def __str__(self) -> str:
        code = f"[{self.code}]" if self.code else ""
        place = f"{self.file}:{self.line}:{self.column}: " if self.line else f"{self.file}: "
        return f"{place}{self.severity}{code}: {self.message}"


def diagnostics_of(text: str) -> List[Diagnostic]:
    """Diagnostics from the JSON array the native module gives."""
    return [Diagnostic.from_dict(d) for d in json.loads(text)]


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    `winner` is "white", "black" or None for a draw; `score` is "1-0",
    "0-1" or "1/2-1/2"; `reason` says why ("checkmate", "stalemate",
    "bare king", "repetition", ...); `text` says both in words.
    """

    winner: Optional[str]
    score: str
    reason: str
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ShippedVariant:
    """A variant shipped with fairyc: its file stem, display name, aliases."""

    stem: str
    name: Optional[str]
    aliases: Tuple[str, ...] = field(default=())


class FairycError(Exception):
    """The base class of every error `fairyc` raises.

    `code`, `message`, `file`, `line` and `column` are those of the first
    error diagnostic when there is one, else `code` and the place are None.
    """

    code: Optional[str] = None
    file: Optional[str] = None
    line: Optional[int] = None
    column: Optional[int] = None

    def __init__(self, message: str, diagnostics: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics: List[Diagnostic] = diagnostics_of(diagnostics) if diagnostics else []
        first = next((d for d in self.diagnostics if d.is_error), None)
        if first is not None:
            self.code = first.code
            self.file = first.file
            self.line = first.line
            self.column = first.column


class CompileError(FairycError, ValueError):
    """A `.variant` source with errors; `diagnostics` lists them all."""


class ExportError(FairycError, ValueError):
    """A source Fairy-Stockfish cannot play; `diagnostics` say why."""


class TableError(FairycError, ValueError):
    """A move table that is not valid (or whose start is not playable)."""


class FenError(FairycError, ValueError):
    """A FEN that is not valid for the variant, or an illegal position."""


class IllegalMoveError(FairycError, ValueError):
    """A move that is not legal in the position, or a game that is over."""


class UnknownVariantError(FairycError, KeyError):
    """No variant of that name is shipped (or loaded)."""

    def __str__(self) -> str:
        return self.message
