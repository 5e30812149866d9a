//! Shipped variants found by name: `fairyc perft zh --depth 2` from any
//! folder, `fairyc variants`, and what happens with a name that is no file
//! and no variant.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::{fairyc, root, stderr, stdout};

/// Runs `fairyc ARGS…` in an empty folder of its own, away from `variants/`.
fn elsewhere(tag: &str, args: &[&str]) -> (Output, PathBuf) {
    let dir = std::env::temp_dir().join(format!("fairyc-lib-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let o = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(args)
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run fairyc");
    (o, dir)
}

#[test]
fn a_shipped_variant_is_found_by_file_name_display_name_or_alias() {
    let by_path = fairyc(&["perft", "variants/crazyhouse.variant", "--depth", "3"]);
    assert!(by_path.status.success(), "{}", stderr(&by_path));
    for name in ["crazyhouse", "zh", "Crazyhouse", "ZH", "crazyhouse.variant"] {
        let (o, _) = elsewhere("find", &["perft", name, "--depth", "3"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert_eq!(stdout(&o), stdout(&by_path), "{name}");
    }
}

#[test]
fn every_file_of_variants_is_listed_with_its_aliases() {
    let o = fairyc(&["variants"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let list = stdout(&o);
    let mut stems: Vec<String> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .filter_map(|p| p.file_stem()?.to_str().map(str::to_string))
        .collect();
    stems.sort();
    let listed: Vec<&str> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(listed, stems);
    let zh = list
        .lines()
        .find(|l| l.starts_with("crazyhouse "))
        .expect("crazyhouse listed");
    assert!(zh.ends_with(" Crazyhouse (alias zh)"), "{zh}");
}

#[test]
fn the_source_of_a_shipped_variant_can_be_printed_to_start_from() {
    let o = fairyc(&["variants", "zh"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = std::fs::read_to_string(root().join("variants/crazyhouse.variant")).expect("read");
    assert_eq!(stdout(&o), file);
}

#[test]
fn a_name_that_is_no_file_and_no_variant_gets_a_did_you_mean() {
    let (o, _) = elsewhere("typo", &["perft", "crazyhous", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("no shipped variant is called `crazyhous`"),
        "{err}"
    );
    assert!(err.contains("did you mean `crazyhouse`?"), "{err}");
    let o = fairyc(&["variants", "nothing-like-it"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no shipped variant is called `nothing-like-it`"));
}

#[test]
fn a_file_of_that_name_comes_first() {
    // A file called `zh` in the working folder is read, not the shipped
    // Crazyhouse: here it is broken, so the command fails on it.
    let dir = std::env::temp_dir().join(format!("fairyc-lib-first-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("zh"), "board {").expect("write");
    let o = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(["perft", "zh", "--depth", "1"])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run fairyc");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("zh:"), "{}", stderr(&o));
}

#[test]
fn a_path_with_a_folder_is_never_a_variant_name() {
    let (o, _) = elsewhere("folder", &["perft", "./zh", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read ./zh"), "{}", stderr(&o));
}
