//! `fairyc fmt`: formats in place, `--check` lists what is not formatted,
//! a file that does not parse is left untouched with an error, standard
//! input goes to standard output.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{fairyc, stderr, stdout};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-fmt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

const MESSY: &str = "board{files a..h\n  ranks 1..8}\npiece King{letter K;moves K;royal}\n";
const TIDY: &str =
    "board {\n    files a..h\n    ranks 1..8\n}\npiece King { letter K; moves K; royal }\n";

#[test]
fn formats_in_place_and_check_then_passes() {
    let dir = temp("inplace");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).expect("sub");
    let file = sub.join("a.variant");
    std::fs::write(&file, MESSY).expect("write");
    let tidy = dir.join("b.variant");
    std::fs::write(&tidy, TIDY).expect("write");

    let check = fairyc(&["fmt", "--check", s(&dir)]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert_eq!(
        stdout(&check).trim(),
        s(&file),
        "only the unformatted file is listed"
    );
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        MESSY,
        "--check writes nothing"
    );

    let run = fairyc(&["fmt", s(&dir)]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), TIDY);
    assert!(stderr(&run).contains("formatted"), "{}", stderr(&run));
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(&sub).expect("dir").count(), 1);

    let again = fairyc(&["fmt", "--check", s(&dir)]);
    assert!(again.status.success(), "{}", stdout(&again));
    assert_eq!(stdout(&again), "");
}

#[test]
fn a_file_that_does_not_parse_is_left_untouched() {
    let dir = temp("broken");
    let file = dir.join("broken.variant");
    let broken = "piece King {  letter K\n";
    std::fs::write(&file, broken).expect("write");
    let run = fairyc(&["fmt", s(&file)]);
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("does not parse"), "{}", stderr(&run));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), broken);
    // Two statements on one line without `;`: refused, not guessed.
    let sep = dir.join("sep.variant");
    std::fs::write(&sep, "board { files a..h ranks 1..8 }\n").expect("write");
    let run = fairyc(&["fmt", s(&sep)]);
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("missing"), "{}", stderr(&run));
}

#[test]
fn a_missing_file_is_an_error_and_no_shipped_variant_is_written() {
    let run = fairyc(&["fmt", "chess"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("cannot read chess"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn standard_input_to_standard_output() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .arg("fmt")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(MESSY.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), TIDY);
}

#[test]
fn shipped_variants_pass_the_check() {
    let run = fairyc(&["fmt", "--check", "variants/"]);
    assert!(run.status.success(), "not formatted: {}", stdout(&run));
}
