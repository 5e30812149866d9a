//! Embeds the variants shipped in the workspace's `variants/` folder, so that
//! `fairyc perft shogi` finds a shipped variant by name from any folder.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "variant"))
                .collect()
        })
        .unwrap_or_default();
    files.sort_by(|a, b| a.file_stem().cmp(&b.file_stem()));
    let mut out = String::from("/// The shipped variants: file stem and source.\n");
    out.push_str("pub static SHIPPED: &[(&str, &str)] = &[\n");
    for f in &files {
        let stem = f
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("UTF-8 file name");
        let path = f.canonicalize().expect("a listed file exists");
        writeln!(
            out,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("write to a String");
    }
    out.push_str("];\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("shipped.rs");
    std::fs::write(target, out).expect("write shipped.rs");
}
