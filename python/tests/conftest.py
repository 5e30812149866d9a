"""Shared helpers of the Python package's tests: the workspace root and the
native `fairyc` binary the results are compared with (FAIRYC_BIN, else
target/release/fairyc, else target/debug/fairyc; `.ci/run` builds the
release one first)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import List

import pytest

ROOT = Path(__file__).resolve().parents[2]


def native_binary() -> Path:
    env = os.environ.get("FAIRYC_BIN")
    if env:
        return Path(env)
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "fairyc"
        if p.exists():
            return p
    raise RuntimeError("no native fairyc binary: run `cargo build --release -p fairyc` or set FAIRYC_BIN")


@pytest.fixture(scope="session")
def fairyc_bin() -> Path:
    return native_binary()


def run(binary: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([str(binary), *args], capture_output=True, text=True, cwd=ROOT)
    if ok and done.returncode != 0:
        raise AssertionError(f"fairyc {' '.join(args)} failed: {done.stderr}")
    return done


def json_lines(text: str) -> List[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def same_fen(a: str, b: str) -> bool:
    """Two FENs equal up to the order of the pieces in hand (Fairy-Stockfish
    lists them in its internal type order), as tests/src/lib.rs compares."""

    def sort_hands(fen: str) -> str:
        o, c = fen.find("["), fen.find("]")
        if 0 <= o < c:
            return fen[: o + 1] + "".join(sorted(fen[o + 1 : c])) + fen[c:]
        return fen

    return sort_hands(a) == sort_hands(b)
