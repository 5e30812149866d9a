//! `fairyc check` as a product: the summary, exit codes, warnings,
//! `--deny-warnings`, `--format json` and `fairyc explain`.

mod common;

use common::{fairyc, stderr, stdout};

const ERR: &str = "tests/fixtures/check/err/duplicate_letter.variant";
const WARN: &str = "tests/fixtures/lower/warn/unused_piece.variant";
const ZH: &str = "variants/crazyhouse.variant";

#[test]
fn errors_exit_1_with_a_summary() {
    let o = fairyc(&["check", ERR, "variants/"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("error[E0015]"), "{err}");
    // The fixture and every shipped variant.
    let shipped = std::fs::read_dir(common::root().join("variants"))
        .expect("variants/")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "variant"))
        })
        .count();
    let summary = format!(
        "checked {} files: 1 error, 0 warnings (1 file failed)",
        shipped + 1
    );
    assert_eq!(err.lines().last(), Some(summary.as_str()));
}

#[test]
fn warnings_pass_unless_denied() {
    let o = fairyc(&["check", WARN]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning[W0001]"));
    let o = fairyc(&["check", "--deny-warnings", WARN]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).ends_with("warnings denied\n"), "{}", stderr(&o));
}

#[test]
fn json_is_one_object_per_line() {
    let o = fairyc(&["check", "--format", "json", ERR, WARN]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 2, "{out}");
    let e = &objects[0];
    assert_eq!(e["file"], ERR);
    assert_eq!(e["code"], "E0015");
    assert_eq!(e["severity"], "error");
    assert_eq!(e["message"], "letter `k` is already used by `King`");
    let primary = &e["labels"][0];
    assert_eq!(primary["primary"], true);
    assert_eq!(primary["byte_start"], 196);
    assert_eq!(primary["byte_end"], 197);
    assert_eq!(primary["line_start"], 19);
    assert_eq!(primary["column_start"], 12);
    assert_eq!(primary["line_end"], 19);
    assert_eq!(primary["column_end"], 13);
    assert_eq!(e["labels"][1]["primary"], false);
    assert_eq!(e["labels"][1]["line_start"], 13);
    assert!(e["help"][0]
        .as_str()
        .is_some_and(|h| h.starts_with("symbols must differ")));
    assert_eq!(objects[1]["severity"], "warning");
    assert_eq!(objects[1]["code"], "W0001");
}

#[test]
fn json_of_a_clean_file_is_empty() {
    let o = fairyc(&["check", "--format", "json", "variants/"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");
}

#[test]
fn explain_prints_an_example() {
    let o = fairyc(&["explain", "E0013"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.starts_with("E0013 (error): piece defined twice"),
        "{out}"
    );
    assert!(
        out.contains("For example:") && out.contains("Fixed:"),
        "{out}"
    );
    let o = fairyc(&["explain", "w0001"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("W0001 (warning)"));
}

#[test]
fn explain_of_an_unknown_code_is_exit_2() {
    let o = fairyc(&["explain", "E9999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("E9999"));
}

#[test]
fn invalid_utf8_is_a_diagnostic_at_its_line_and_column() {
    let dir = std::env::temp_dir().join(format!("fairyc-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.variant");
    std::fs::write(&file, b"# ok\nvariant \"\xff\xfe\" {}\n").expect("write");
    let path = file.to_str().expect("utf-8 path");
    let o = fairyc(&["check", path]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("error[E0050]: the file is not valid UTF-8"),
        "{err}"
    );
    assert!(err.contains("bad.variant:2:10"), "{err}");
    let o = fairyc(&["check", "--format", "json", path]);
    assert_eq!(o.status.code(), Some(1));
    let e: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one object");
    assert_eq!(e["code"], "E0050");
    assert_eq!(e["labels"][0]["line_start"], 2);
    assert_eq!(e["labels"][0]["column_start"], 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = std::env::temp_dir().join(format!("fairyc-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bom.variant");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(std::fs::read(common::root().join(ZH)).expect("crazyhouse"));
    std::fs::write(&file, bytes).expect("write");
    let o = fairyc(&["check", file.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
