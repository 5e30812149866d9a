"""check / check_file give the objects `fairyc check --format json` prints,
for every fixture of tests/fixtures/, a shipped variant, a broken table and
a missing file; CompileError carries them."""

from __future__ import annotations

import pytest

import fairyc
from conftest import ROOT, json_lines, run

FIXTURES = sorted(p.relative_to(ROOT) for p in (ROOT / "tests" / "fixtures").rglob("*.variant"))


def native(fairyc_bin, path):
    return json_lines(run(fairyc_bin, "check", "--format", "json", str(path), ok=False).stdout)


def test_there_are_fixtures():
    assert len(FIXTURES) > 50


@pytest.mark.parametrize("path", FIXTURES, ids=str)
def test_fixture_equals_check_format_json(path, fairyc_bin):
    expected = native(fairyc_bin, path)
    got = fairyc.check_file(path if path.is_absolute() else ROOT / path)
    # The CLI ran from the root with a relative path: name the file alike.
    assert [d.to_dict() | {"file": str(path)} for d in got] == expected
    source = (ROOT / path).read_bytes()
    try:
        text = source.decode("utf-8")
    except UnicodeDecodeError:
        return
    assert [d.to_dict() for d in fairyc.check(text, str(path))] == expected


def test_diagnostic_objects_are_typed():
    path = next(p for p in FIXTURES if "/err/" in str(p))
    found = fairyc.check((ROOT / path).read_text(), "x.variant")
    assert found and all(isinstance(d, fairyc.Diagnostic) for d in found)
    d = found[0]
    assert d.is_error and d.code and d.code.startswith("E")
    assert d.line >= 1 and d.column >= 1 and d.file == "x.variant"
    assert isinstance(d.labels[0], fairyc.Label)
    assert fairyc.explain(d.code)
    assert fairyc.explain("E9999") is None


def test_compile_error_carries_the_diagnostics():
    path = next(p for p in FIXTURES if "/err/" in str(p))
    text = (ROOT / path).read_text()
    with pytest.raises(fairyc.CompileError) as e:
        fairyc.compile(text, "bad.variant")
    err = e.value
    assert [d.to_dict() for d in err.diagnostics] == [d.to_dict() for d in fairyc.check(text, "bad.variant")]
    first = next(d for d in err.diagnostics if d.is_error)
    assert (err.code, err.line, err.column, err.file) == (first.code, first.line, first.column, "bad.variant")
    assert isinstance(err, ValueError)


def test_clean_shipped_variant_and_table(fairyc_bin, tmp_path):
    assert fairyc.check_file(ROOT / "variants" / "chess.variant") == []
    table = tmp_path / "broken.json"
    table.write_text('{"format": 1}')
    got = [d.to_dict() for d in fairyc.check_file(table)]
    assert got == native(fairyc_bin, table)
    assert got[0]["code"] is None and got[0]["severity"] == "error"
    missing = tmp_path / "missing.variant"
    assert [d.to_dict() for d in fairyc.check_file(missing)] == native(fairyc_bin, missing)


def test_fixes_mend_the_source():
    text = (ROOT / "tests" / "fixtures" / "check" / "err" / "clock_in_end.variant").read_text()
    found = fairyc.check(text, "x.variant")
    fixes = [f for d in found for f in d.fixes]
    assert [f.title for f in fixes] == [
        "Move to `clock { limit 50 }`",
        "Move to `clock { resets capture, Pawn, Lance }`",
    ]
    assert all(isinstance(f, fairyc.Fix) for f in fixes)
    fixed = fixes[0].apply(text)
    assert "move-limit" not in fixed
    assert fixed.endswith("}\n\nclock { limit 50 }\n")
    assert [d.code for d in fairyc.check(fixed, "x.variant")] == ["E0178"]
