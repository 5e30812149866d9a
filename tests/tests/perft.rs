//! Perft against reference figures from data files.
//!
//! Each `tests/perft/NAME.perft` is checked against the shipped
//! `variants/NAME.variant`.
//! The normal run goes to depth 4; `--ignored` (best with `--release`) runs
//! every depth.

use std::path::Path;

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::{read_perft_file, root, shipped};

fn check_file(variant: &Variant, file: &Path, max_depth: u32) {
    let name = file.display();
    for case in read_perft_file(file) {
        let pos =
            Position::from_fen(variant, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in &case.counts {
            if depth > max_depth {
                continue;
            }
            println!("{name} {} depth {depth}: expecting {nodes}", case.id);
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{name} {} depth {depth}",
                case.id
            );
        }
    }
}

fn shipped_files(max_depth: u32) {
    let dir = root().join("tests").join("perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft data files");
    for file in files {
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file name");
        check_file(&shipped(stem), &file, max_depth);
    }
}

#[test]
fn perft_up_to_depth_4() {
    shipped_files(4);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn perft_all_depths() {
    shipped_files(u32::MAX);
}
