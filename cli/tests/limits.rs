//! The resource limits through the command line (docs/limits.md): a file
//! whose moves cost too much is refused by `check` and by UCI's
//! `VariantPath` with `E0190`; a long line is elided in snippets; an
//! import over the limits is refused with `E0213`. No timed assertions:
//! the figures are in the issue notes.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::{fairyc, root, stderr, stdout};

/// A temporary folder for this test binary.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-limits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// An 8×8 variant whose piece moves by `term`.
fn legs_variant(term: &str) -> String {
    format!(
        "variant \"Legs\" {{}}\nboard {{ files a..h; ranks 1..8 }}\n\
         piece King {{ letter K; moves K; royal }}\npiece Leg {{ letter L; moves {term} }}\n\
         setup \"k7/8/8/8/8/8/8/L6K w - - 0 1\"\n"
    )
}

#[test]
fn check_refuses_a_move_of_eighteen_legs_at_the_move() {
    let dir = temp("check");
    let file = dir.join("legs.variant");
    std::fs::write(&file, legs_variant("mamamamamamamamamamamamamamamamamaK")).expect("write");
    let out = fairyc(&["check", file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("error[E0190]"), "{err}");
    assert!(err.contains("legs.variant:4:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_variant_path_refuses_a_move_too_costly() {
    let dir = temp("uci");
    let file = dir.join("legs.variant");
    std::fs::write(&file, legs_variant("yayayayayayayayayayayayafsQ")).expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .arg("uci")
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fairyc uci");
    let script = format!(
        "uci\nsetoption name VariantPath value {}\nisready\nquit\n",
        file.display()
    );
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{:?}", out.status);
    let text = stdout(&out);
    assert!(
        text.lines()
            .any(|l| l.starts_with("info string") && l.contains("costs too much")),
        "{text}"
    );
    assert!(text.lines().any(|l| l == "readyok"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_line_is_not_echoed_whole() {
    let dir = temp("long");
    let file = dir.join("long.variant");
    // 2 MB on one line, with mistakes near its start and its end.
    let line = format!(
        "variant \"Long\" {{}} piece P {{ letter P; moves {} }} zone",
        "W ".repeat(1_000_000)
    );
    std::fs::write(&file, &line).expect("write");
    let out = fairyc(&["check", file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.len() < 20_000, "{} bytes of diagnostics", err.len());
    assert!(err.contains("..."), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_refuses_a_file_over_the_section_limit() {
    let dir = temp("ini");
    let file = dir.join("many.ini");
    let text: String = (0..2000).map(|i| format!("[s{i}]\n")).collect();
    std::fs::write(&file, text).expect("write");
    let out = fairyc(&[
        "import",
        file.to_str().expect("utf-8"),
        "-o",
        dir.join("out").to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("error[E0213]"), "{err}");
    assert!(!dir.join("out").join("s0.variant").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
