"""Type stubs of the native module `fairyc._fairyc` (python/src/lib.rs).
Use it through `fairyc` and `fairyc.ffish`."""

from typing import Dict, List, Optional, Tuple

from ._types import Outcome

VALUE_MATE: int

def check_json(source: str, file: str) -> str: ...
def check_file_json(path: str) -> str: ...
def explain(code: str) -> Optional[str]: ...
def shipped() -> List[Tuple[str, Optional[str], List[str]]]: ...
def shipped_source(name: str) -> str: ...
def export_fsf(source: str, section: str, file: str) -> str: ...

class Variant:
    """A compiled variant (a move table ready to play)."""

    @staticmethod
    def from_source(source: str, file: str = "input.variant") -> "Variant":
        """Compiles a `.variant` source; `CompileError` with its diagnostics."""
    @staticmethod
    def from_table(json: str) -> "Variant":
        """Loads a move table (the JSON of `fairyc compile`); `TableError`."""
    @staticmethod
    def from_name(name: str) -> "Variant":
        """A shipped variant by stem, name or alias; `UnknownVariantError`."""
    @property
    def name(self) -> str:
        """The display name."""
    @property
    def start_fen(self) -> str:
        """The FEN of the start position."""
    @property
    def source(self) -> Optional[str]:
        """The `.variant` source, if compiled from one."""
    def pieces(self) -> List[Tuple[str, str]]:
        """The piece types in table order: (name, token)."""
    def squares(self) -> List[str]:
        """The square names in table order."""
    def table_json(self) -> str:
        """The move table as `fairyc compile` writes it."""
    def export_fsf(self, section: str = "fairyc-variant") -> str:
        """The current Fairy-Stockfish's section of the source; `ExportError`."""

class Position:
    """A game of a variant: the current position and the moves pushed."""

    @staticmethod
    def start(variant: Variant) -> "Position":
        """The start position."""
    @staticmethod
    def from_fen(variant: Variant, fen: str) -> "Position":
        """The position of a FEN (or SFEN); `FenError`."""
    def fen(self) -> str:
        """The position as FEN."""
    @property
    def turn(self) -> str:
        """`white` or `black`."""
    @property
    def move_stack(self) -> List[str]:
        """The moves pushed since the position was set up."""
    @property
    def variant_name(self) -> str:
        """The variant's display name."""
    def legal_moves(self) -> List[str]:
        """The legal moves in fairyc's notation; none when the game is over."""
    def san(self, move: str) -> str:
        """The move in SAN (`Nf3`); `IllegalMoveError`."""
    def parse_san(self, text: str) -> str:
        """The SAN move in fairyc's notation (`g1f3`); `IllegalMoveError`."""
    def push(self, move: str) -> None:
        """Plays a move; `IllegalMoveError`."""
    def play(self, move: str) -> "Position":
        """A new position after a move; this one is unchanged."""
    def pop(self) -> Optional[str]:
        """Takes back the last move pushed; None if none was."""
    def copy(self) -> "Position":
        """A copy with the same history."""
    def __copy__(self) -> "Position": ...
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def hands(self) -> Dict[str, Dict[str, int]]:
        """The pieces in hand: {"white": {token: count}, "black": {...}}."""
    def perft(self, depth: int) -> int:
        """Leaves of the legal move tree `depth` plies deep (GIL released)."""
    def divide(self, depth: int) -> List[Tuple[str, int]]:
        """Perft by first move, in generation order."""

def ffish_variants() -> List[str]: ...
def ffish_start_fen(variant: str) -> str: ...
def ffish_legal_moves(variant: str, fen: str, moves: List[str]) -> List[str]: ...
def ffish_get_fen(variant: str, fen: str, moves: List[str]) -> str: ...
def ffish_gives_check(variant: str, fen: str, moves: List[str]) -> bool: ...
def ffish_is_capture(variant: str, fen: str, moves: List[str], mv: str) -> bool: ...
def ffish_game_result(variant: str, fen: str, moves: List[str]) -> int: ...
def ffish_is_immediate_game_end(variant: str, fen: str, moves: List[str]) -> Tuple[bool, int]: ...
def ffish_is_optional_game_end(variant: str, fen: str, moves: List[str]) -> Tuple[bool, int]: ...
def ffish_load_variant_config(source: str, file: str = "input.variant") -> str: ...
def ffish_fen_error(variant: str, fen: str) -> Optional[str]: ...
