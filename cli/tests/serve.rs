//! `fairyc serve`: files of the folder with their media types, nothing
//! outside it, and clear errors for a missing folder or a port in use.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::{fairyc, stderr};

/// A folder of its own under target/ for one test.
fn folder(name: &str) -> PathBuf {
    let dir = common::root().join("target").join("serve-test").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pkg")).expect("make the folder");
    std::fs::write(dir.join("index.html"), "<!doctype html><p>hi</p>\n").expect("write");
    std::fs::write(dir.join("pkg").join("m.wasm"), b"\0asm\x01\0\0\0").expect("write");
    std::fs::write(dir.join("app.js"), "export {};\n").expect("write");
    dir
}

/// A running server and its address.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(dir: &Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(["serve", dir.to_str().expect("a UTF-8 path"), "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fairyc serve");
    let mut line = String::new();
    let out = child.stdout.take().expect("stdout");
    BufReader::new(out)
        .read_line(&mut line)
        .expect("read the first line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(
        addr.starts_with("127.0.0.1:"),
        "binds this machine only: {line}"
    );
    Server { child, addr }
}

/// GET `path`: the status code, the headers (lower case) and the body.
fn get(addr: &str, path: &str) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    (code, head, raw[split + 4..].to_vec())
}

#[test]
fn serves_the_folder_with_media_types() {
    let dir = folder("types");
    let server = start(&dir);
    let (code, head, body) = get(&server.addr, "/");
    assert_eq!(code, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert_eq!(body, b"<!doctype html><p>hi</p>\n");
    let (code, head, body) = get(&server.addr, "/pkg/m.wasm?v=2");
    assert_eq!(code, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert_eq!(body, b"\0asm\x01\0\0\0");
    let (_, head, _) = get(&server.addr, "/app.js");
    assert!(head.contains("content-type: text/javascript"), "{head}");
    assert_eq!(get(&server.addr, "/missing.js").0, 404);
}

#[test]
fn nothing_outside_the_folder() {
    let dir = folder("outside");
    std::fs::write(dir.parent().expect("parent").join("secret.txt"), "no").expect("write");
    let server = start(&dir);
    assert_eq!(get(&server.addr, "/../secret.txt").0, 403);
    assert_eq!(get(&server.addr, "/pkg/%2e%2e/%2e%2e/secret.txt").0, 403);
}

#[test]
fn a_missing_folder_is_a_clear_error() {
    let o = fairyc(&["serve", "target/serve-test/no-such-folder", "--port", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no folder `target/serve-test/no-such-folder` to serve"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let dir = folder("busy");
    let taken = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").port().to_string();
    let o = fairyc(&["serve", dir.to_str().expect("utf-8"), "--port", &port]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("port {port} on 127.0.0.1 is in use")),
        "{}",
        stderr(&o)
    );
}
