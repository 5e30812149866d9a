//! Files the command line reads and writes: devices, pipes, read-only files,
//! folders, temporary names, unreadable inputs, name collisions, a closed or
//! full standard output (issue 10).

mod common;

use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{fairyc, root, stderr, stdout};

const ZH: &str = "variants/crazyhouse.variant";

/// A fresh temporary folder for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn is_char_device(p: &str) -> bool {
    std::fs::metadata(p).is_ok_and(|m| m.file_type().is_char_device())
}

#[test]
fn output_to_dev_full_is_an_error_and_the_device_stays() {
    let o = fairyc(&["compile", ZH, "-o", "/dev/full"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot write /dev/full"),
        "{}",
        stderr(&o)
    );
    assert!(is_char_device("/dev/full"));
    let o = fairyc(&["show", ZH, "--svg", "/dev/full"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(is_char_device("/dev/full"));
}

#[test]
fn output_to_dev_null_and_dev_stdout_writes_in_place() {
    let o = fairyc(&["compile", ZH, "-o", "/dev/null"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(is_char_device("/dev/null"));
    let o = fairyc(&["show", ZH, "--svg", "/dev/null"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(is_char_device("/dev/null"));
    // Standard output is a pipe here: the table goes through it.
    let o = fairyc(&["compile", ZH, "-o", "/dev/stdout"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with('{'), "{}", stdout(&o));
    assert!(std::fs::symlink_metadata("/dev/stdout").is_ok_and(|m| m.file_type().is_symlink()));
}

#[test]
fn output_to_a_fifo_writes_into_it() {
    let dir = temp("fifo");
    let fifo = dir.join("pipe.json");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).expect("read the fifo"))
    };
    let o = fairyc(&["compile", ZH, "-o", s(&fifo)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Checked before joining: a replaced fifo would leave the reader waiting.
    let kind = std::fs::metadata(&fifo).expect("still there").file_type();
    assert!(kind.is_fifo(), "the fifo was replaced");
    let got = reader.join().expect("reader");
    assert!(got.starts_with('{') && got.ends_with("}\n"));
    assert_eq!(names(&dir), ["pipe.json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_read_only_output_is_refused() {
    let dir = temp("readonly");
    let out = dir.join("t.json");
    std::fs::write(&out, "keep").expect("write");
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let o = fairyc(&["compile", ZH, "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("read-only"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).expect("still there"), "keep");
    let svg = dir.join("t.svg");
    std::fs::write(&svg, "keep").expect("write");
    std::fs::set_permissions(&svg, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let o = fairyc(&["show", ZH, "--svg", s(&svg)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&svg).expect("still there"), "keep");
    assert_eq!(names(&dir), ["t.json", "t.svg"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_temporary_file_never_is_the_input() {
    let dir = temp("tmpname");
    // The old temporary name of `-o t.json` was `t.json.tmp`.
    let input = dir.join("t.json.tmp");
    std::fs::copy(root().join(ZH), &input).expect("copy");
    let source = std::fs::read_to_string(&input).expect("read");
    let out = dir.join("t.json");
    let o = fairyc(&["compile", s(&input), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&input).expect("input kept"), source);
    assert!(std::fs::read_to_string(&out)
        .expect("output")
        .starts_with('{'));
    // Writing again replaces the output, keeping its mode; nothing is left
    // behind.
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let o = fairyc(&["compile", s(&input), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(names(&dir), ["t.json", "t.json.tmp"]);
    let mode = std::fs::metadata(&out)
        .expect("output")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_as_output_is_refused_and_leaves_nothing() {
    let dir = temp("outdir");
    let out = dir.join("out");
    std::fs::create_dir(&out).expect("mkdir");
    let o = fairyc(&["compile", ZH, "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a folder"), "{}", stderr(&o));
    assert_eq!(names(&dir), ["out"]);
    assert!(names(&out).is_empty());
    let o = fairyc(&["show", ZH, "--svg", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(names(&dir), ["out"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn build_refuses_two_inputs_with_one_output_name() {
    let dir = temp("collide");
    for sub in ["a", "b"] {
        std::fs::create_dir(dir.join(sub)).expect("mkdir");
        std::fs::copy(root().join(ZH), dir.join(sub).join("x.variant")).expect("copy");
    }
    let out = dir.join("out");
    let (a, b) = (dir.join("a/x.variant"), dir.join("b/x.variant"));
    let o = fairyc(&["build", s(&a), s(&b), "--out-dir", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains(s(&a)) && err.contains(s(&b)), "{err}");
    assert!(!stdout(&o).contains("built 2 of 2"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn build_keeps_non_utf8_names_apart() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = temp("nonutf8");
    let src = dir.join("src");
    std::fs::create_dir(&src).expect("mkdir");
    for name in [&b"\xff.variant"[..], &b"\xfe.variant"[..]] {
        std::fs::copy(root().join(ZH), src.join(OsStr::from_bytes(name))).expect("copy");
    }
    let out = dir.join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .arg("build")
        .arg(&src)
        .arg("--out-dir")
        .arg(&out)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("built 2 of 2"), "{}", stdout(&o));
    let mut written: Vec<Vec<u8>> = std::fs::read_dir(&out)
        .expect("out")
        .map(|e| e.expect("entry").file_name().as_bytes().to_vec())
        .collect();
    written.sort();
    assert_eq!(written, [b"\xfe.json".to_vec(), b"\xff.json".to_vec()]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A missing file, then a folder holding a folder named `folder.variant`
/// and an endless `zero.variant` (a link to `/dev/zero`): the arguments, and
/// the three files they name.
fn unreadable_inputs(dir: &Path) -> ([PathBuf; 3], [PathBuf; 3]) {
    let scanned = dir.join("in");
    let folder = scanned.join("folder.variant");
    std::fs::create_dir_all(&folder).expect("mkdir");
    // Given by name: a device in a folder is skipped (see
    // `check_skips_a_fifo_in_a_folder`), one named is read.
    let zero = dir.join("zero.variant");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
    let missing = dir.join("missing.variant");
    (
        [missing.clone(), scanned, zero.clone()],
        [missing, folder, zero],
    )
}

#[test]
fn check_reports_unreadable_files_and_goes_on() {
    let dir = temp("unreadable");
    let (given, bad) = unreadable_inputs(&dir);
    let mut args = vec!["check", s(&given[0]), s(&given[1]), s(&given[2]), ZH];
    let o = fairyc(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("missing.variant: No such file"), "{err}");
    assert!(err.contains("folder.variant: it is a folder"), "{err}");
    assert!(
        err.contains("zero.variant: it is larger than the limit of 8 MiB"),
        "{err}"
    );
    assert_eq!(
        err.lines().last(),
        Some("checked 4 files: 3 errors, 0 warnings (3 files failed, 3 unreadable)")
    );
    args.insert(1, "--format");
    args.insert(2, "json");
    let o = fairyc(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let objects: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objects.len(), 3, "{}", stdout(&o));
    for (obj, path) in objects.iter().zip(&bad) {
        assert_eq!(obj["file"], s(path));
        assert_eq!(obj["code"], serde_json::Value::Null);
        assert_eq!(obj["severity"], "error");
        assert_eq!(obj["labels"], serde_json::json!([]));
        assert!(obj["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("cannot read")));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn build_reports_unreadable_files_and_goes_on() {
    let dir = temp("buildunreadable");
    let (given, _) = unreadable_inputs(&dir);
    let out = dir.join("out");
    let o = fairyc(&[
        "build",
        s(&given[0]),
        s(&given[1]),
        s(&given[2]),
        ZH,
        "--out-dir",
        s(&out),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("built 1 of 4 variants"), "{text}");
    assert_eq!(names(&out), ["crazyhouse.json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `fairyc ARGS` with standard output on `/dev/full`.
fn to_dev_full(args: &[&str]) -> std::process::Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::from(full))
        .output()
        .expect("run fairyc")
}

#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    let dir = temp("full");
    let out = dir.join("out");
    for args in [
        vec!["explain", "E0001"],
        vec!["build", ZH, "--out-dir", s(&out)],
        vec!["compile", ZH],
        vec![
            "check",
            "--format",
            "json",
            "tests/fixtures/check/err/duplicate_letter.variant",
        ],
        vec!["moves", ZH],
        vec!["perft", ZH, "--depth", "1", "--divide"],
        vec!["show", ZH],
    ] {
        let o = to_dev_full(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output"),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_standard_error_is_no_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let o = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args([
            "check",
            "tests/fixtures/check/err/duplicate_letter.variant",
            "no/such.variant",
        ])
        .current_dir(root())
        .stderr(Stdio::from(full))
        .output()
        .expect("run fairyc");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // The reader (`true`) is gone before fairyc writes.
    for cmd in [
        "explain E0001",
        "perft variants/crazyhouse.variant --depth 1",
    ] {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "{{ sleep 0.3; \"$0\" {cmd}; echo \"exit $?\" >&2; }} | true"
            ))
            .arg(env!("CARGO_BIN_EXE_fairyc"))
            .current_dir(root())
            .output()
            .expect("run sh");
        let err = stderr(&o);
        assert_eq!(err, "exit 0\n", "{cmd}");
    }
}

/// `-o`, `--svg` and `build` never write through a symbolic link onto a
/// `.variant` file (they replaced it), and say so.
#[test]
fn no_output_writes_through_a_link_onto_a_variant_file() {
    let dir = temp("symlink");
    let mine = dir.join("mine.variant");
    std::fs::write(&mine, "precious").expect("write");
    let link = |name: &str| {
        let l = dir.join(name);
        let _ = std::fs::remove_file(&l);
        std::os::unix::fs::symlink(&mine, &l).expect("symlink");
        l
    };
    let cases: Vec<Vec<String>> = vec![
        vec![
            "compile".into(),
            "chess".into(),
            "-o".into(),
            s(&link("out.json")).into(),
        ],
        vec![
            "show".into(),
            "chess".into(),
            "--svg".into(),
            s(&link("out.svg")).into(),
        ],
        vec![
            "export".into(),
            "chess".into(),
            "--to".into(),
            "fairy-stockfish".into(),
            "-o".into(),
            s(&link("out.ini")).into(),
        ],
    ];
    for args in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = fairyc(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("refusing to write over the variant source"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_eq!(std::fs::read_to_string(&mine).expect("mine"), "precious");
    }
    // A link to a link to the source.
    let first = link("first.json");
    let second = dir.join("second.json");
    std::os::unix::fs::symlink(&first, &second).expect("symlink");
    let o = fairyc(&["compile", "chess", "-o", s(&second)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // `build` into a folder whose `chess.json` is such a link.
    let bd = dir.join("bd");
    std::fs::create_dir_all(&bd).expect("bd");
    std::os::unix::fs::symlink(&mine, bd.join("chess.json")).expect("symlink");
    let o = fairyc(&["build", "variants/chess.variant", "--out-dir", s(&bd)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&mine).expect("mine"), "precious");
    // A link to something else is still written through, as before.
    let other = dir.join("table.json");
    std::fs::write(&other, "old").expect("write");
    let to_table = dir.join("to-table.json");
    std::os::unix::fs::symlink(&other, &to_table).expect("symlink");
    let o = fairyc(&["compile", "chess", "-o", s(&to_table)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&other)
        .expect("table")
        .starts_with('{'));
}

/// `import` keeps a dangling symbolic link at its output name unless
/// `--force` (it replaced it).
#[test]
fn import_keeps_a_dangling_link_without_force() {
    let dir = temp("importlink");
    let ini = dir.join("v.ini");
    std::fs::write(&ini, "[z:chess]\nmaxFile = 8\n").expect("write");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).expect("out");
    let z = out.join("z.variant");
    std::os::unix::fs::symlink(dir.join("nowhere.variant"), &z).expect("symlink");
    let o = fairyc(&["import", s(&ini), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("exists: not replaced"),
        "{}",
        stderr(&o)
    );
    let meta = std::fs::symlink_metadata(&z).expect("still there");
    assert!(meta.file_type().is_symlink(), "the link was replaced");
}

/// `check DIR` skips a FIFO named `*.variant` with a warning (it waited for
/// a writer for ever); a hang fails the test after 60 s instead of holding
/// it.
#[test]
fn check_skips_a_fifo_in_a_folder() {
    let dir = temp("checkfifo");
    std::fs::copy(
        root().join("variants/chess.variant"),
        dir.join("chess.variant"),
    )
    .expect("copy");
    let made = Command::new("mkfifo")
        .arg(dir.join("pipe.variant"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(["check", s(&dir)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run");
    let begun = std::time::Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break Some(st);
        }
        if begun.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut err);
    }
    assert_eq!(status.and_then(|s| s.code()), Some(0), "{err}");
    assert!(
        err.contains("warning: skipped") && err.contains("pipe.variant: not a regular file"),
        "{err}"
    );
}
