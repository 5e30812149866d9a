//! The import, measured: the sections of `tests/data/field/imported.ini`
//! (written for this test, one per key family of the current
//! Fairy-Stockfish) are imported with `fairyc_interop::import` and each
//! imported file is played against pyffish loading the same section,
//! through `tests/oracle/ffish_uci.py`: the start FEN and perft 1..=3, then
//! 100 seeded random games with the FEN and perft 1..=3 twice a game, as the
//! `current` rows are. `FAIRYC_FIELD_ONLY=name,…` runs only those sections.

use fairyc_interop::import::{import_for, Target};
use fairyc_tests::root;

#[test]
#[ignore = "needs python3 with pyffish (pinned in .ci/run); run by .ci/run"]
fn imported() {
    let ini = root().join("tests/data/field/imported.ini");
    let text = std::fs::read_to_string(&ini).expect("imported.ini");
    let result = import_for(&text, &fairyc_tests::shipped_for_import(), Target::Current);
    let errors: Vec<String> = result
        .diagnostics
        .iter()
        .filter(|d| !d.code.starts_with('W'))
        .map(|d| format!("{} {} at byte {}", d.code, d.message, d.span.start))
        .collect();
    assert!(errors.is_empty(), "the test sections import: {errors:#?}");
    let dir = std::env::temp_dir().join(format!("fairyc-imported-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut mismatches = Vec::new();
    let mut sections = 0;
    let only = std::env::var("FAIRYC_FIELD_ONLY").ok();
    for section in &result.sections {
        if only
            .as_ref()
            .is_some_and(|o| !o.split(',').any(|n| n.trim() == section.name))
        {
            sections += 1;
            continue;
        }
        let path = dir.join(format!("{}.variant", section.name));
        std::fs::write(&path, &section.source).expect("write the imported file");
        let base = fairyc_tests::rows::Row {
            line: 0,
            at: format!("{}: [{}]", ini.display(), section.name),
            stem: section.name.clone(),
            name: section.name.clone(),
            games: 100,
            plies: 60,
            every: 30,
            depth: 3,
            start_depth: 3,
            ours: Some(path),
            other: Vec::new(),
        };
        let row = crate::Row {
            base,
            ini: Some(ini.clone()),
            engine: Some(root().join("tests/oracle/ffish_uci.py")),
            skip: None,
            fens: None,
            starts: None,
        };
        let before = mismatches.len();
        let t = crate::run_row(&row, &[], &mut mismatches);
        for m in mismatches.get(before..).unwrap_or_default().iter().take(3) {
            println!("{m}");
        }
        println!(
            "[{}]: {} positions of 100 games compared at depth 3, start to depth 3",
            section.name, t.positions
        );
        sections += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(sections, 93, "every section of imported.ini is compared");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
