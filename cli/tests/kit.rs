//! `fairyc kit`: the committed conformance kit (conformance/) is what the
//! command writes now, byte for byte; and the command keeps to its folder
//! rules (refuses a folder that holds something else, replaces an earlier
//! kit).

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::{fairyc, root, stderr};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-kit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every file under `dir`, as paths relative to it.
fn files(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).expect("inside").to_string_lossy();
                out.insert(rel.replace('\\', "/"));
            }
        }
    }
    out
}

#[test]
fn the_committed_kit_is_current_and_rewritten_in_place() {
    let dir = temp("current");
    let o = fairyc(&["kit", "--out", dir.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let kit = root().join("conformance");
    let fresh = files(&dir);
    let mut committed = files(&kit);
    // The README is written by hand; everything else is generated.
    assert!(committed.remove("README.md"), "conformance/README.md");
    assert_eq!(
        fresh, committed,
        "the kit's files differ: regenerate it with `cargo run -p fairyc -- kit --out conformance`"
    );
    let mut stale = Vec::new();
    for f in &fresh {
        let a = std::fs::read(dir.join(f)).expect("fresh");
        let b = std::fs::read(kit.join(f)).expect("committed");
        if a != b {
            stale.push(f.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "conformance/ is not current ({} files differ, e.g. {}): regenerate it with \
         `cargo run -p fairyc -- kit --out conformance`",
        stale.len(),
        stale[..stale.len().min(5)].join(", ")
    );
    // The manifest lists every other file with its size.
    let manifest = std::fs::read_to_string(dir.join("MANIFEST")).expect("manifest");
    assert_eq!(manifest.lines().count(), fresh.len() - 1);
    for line in manifest.lines() {
        let (name, size) = line.split_once('\t').expect("name and size");
        let len = std::fs::metadata(dir.join(name))
            .expect("listed file")
            .len();
        assert_eq!(size.parse::<u64>().ok(), Some(len), "{name}");
    }

    // Written again over itself: a file the earlier kit listed that the new
    // one does not have goes; a file nobody listed stays.
    let out = dir.to_str().expect("utf-8");
    std::fs::write(dir.join("cases/gone.txt"), "old").expect("write");
    std::fs::write(
        dir.join("MANIFEST"),
        format!("{manifest}cases/gone.txt\t3\n"),
    )
    .expect("write");
    std::fs::write(dir.join("mine.txt"), "mine").expect("write");
    let o = fairyc(&["kit", "--out", out]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!dir.join("cases/gone.txt").exists());
    assert!(dir.join("mine.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_kit_is_not_written_over_other_files() {
    let dir = temp("other");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("notes.txt"), "mine").expect("write");
    let o = fairyc(&["kit", "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds no kit"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).expect("kept"),
        "mine"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
