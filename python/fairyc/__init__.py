"""fairyc for Python: check, compile and play chess variants written in the
`.variant` language, and a pyffish-compatible module (`fairyc.ffish`).

    import fairyc
    chess = fairyc.variant("chess")              # a shipped variant
    pos = fairyc.Position.start(chess)
    pos.push("e2e4")
    pos.legal_moves()                            # ['a7a6', 'a7a5', ...]
    pos.perft(3)                                 # 8902, with the GIL released

    for d in fairyc.check(source):               # the diagnostics of a source
        print(d.code, d.line, d.column, d.message)
    v = fairyc.compile(source)                   # or CompileError
    print(v.export_fsf("myvariant"))             # a Fairy-Stockfish section

Diagnostics equal the objects `fairyc check --format json` prints. Every
failure is an exception derived from `FairycError` (and from `ValueError`
for bad input), which carries the first error's code, message and place.
See docs/python.md.
"""

from __future__ import annotations

import os
from typing import Dict, List, Optional, Union

from . import _fairyc
from ._types import (
    CompileError,
    Diagnostic,
    Edit,
    ExportError,
    FairycError,
    FenError,
    Fix,
    IllegalMoveError,
    Label,
    Outcome,
    ShippedVariant,
    TableError,
    UnknownVariantError,
)

__all__ = [
    "CompileError",
    "Diagnostic",
    "Edit",
    "ExportError",
    "FairycError",
    "FenError",
    "Fix",
    "IllegalMoveError",
    "Label",
    "Outcome",
    "Position",
    "ShippedVariant",
    "TableError",
    "UnknownVariantError",
    "Variant",
    "check",
    "check_file",
    "compile",
    "explain",
    "export_fsf",
    "variant",
    "variant_source",
    "variants",
]

Variant = _fairyc.Variant
Position = _fairyc.Position


def check(source: str, file: str = "input.variant") -> List[Diagnostic]:
    """The diagnostics of a `.variant` source: its errors, or the warnings
    of a source that compiles; empty for a clean one. `file` names the
    source in them."""
    return _types_diagnostics(_fairyc.check_json(source, file))


def check_file(path: Union[str, "os.PathLike[str]"]) -> List[Diagnostic]:
    """The diagnostics of a file, as `fairyc check --format json PATH`
    prints them: a `.variant` source's, or one diagnostic without a code for
    a table `.json` that is not valid or a file that cannot be read."""
    return _types_diagnostics(_fairyc.check_file_json(os.fspath(path)))


def compile(source: str, file: str = "input.variant") -> Variant:  # noqa: A001
    """Compiles a `.variant` source into a playable `Variant`; a source with
    errors raises `CompileError` with all its diagnostics."""
    return _fairyc.Variant.from_source(source, file)


def variant(name: str) -> Variant:
    """A shipped variant by file stem, display name or alias, ignoring case
    (`"crazyhouse"`, `"Crazyhouse"`, `"zh"`); `UnknownVariantError`
    otherwise."""
    return _fairyc.Variant.from_name(name)


def variants() -> List[ShippedVariant]:
    """The shipped variants in file order (`fairyc variants`)."""
    return [ShippedVariant(stem, name, tuple(aliases)) for stem, name, aliases in _fairyc.shipped()]


def variant_source(name: str) -> str:
    """The `.variant` source of a shipped variant (by stem, name or alias)."""
    return _fairyc.shipped_source(name)


def explain(code: str) -> Optional[str]:
    """The long explanation of a diagnostic code (`fairyc explain`), or
    None for an unknown code."""
    return _fairyc.explain(code)


def export_fsf(source: str, section: str = "fairyc-variant", file: str = "input.variant") -> str:
    """The current Fairy-Stockfish's `variants.ini` section of a `.variant`
    source (`fairyc export --to fairy-stockfish`), named `section`; a
    source Fairy-Stockfish cannot play raises `ExportError` whose
    diagnostics say why."""
    return _fairyc.export_fsf(source, section, file)


def _types_diagnostics(text: str) -> List[Diagnostic]:
    from ._types import diagnostics_of

    return diagnostics_of(text)
