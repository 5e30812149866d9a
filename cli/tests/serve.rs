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

/// A request as raw bytes on a new connection: the status code of the
/// answer, or `None` if the connection was closed (or reset) without one.
/// Reading waits at most `WAIT`: a hang fails the test instead of holding it.
fn raw(addr: &str, request: &[u8]) -> Option<u16> {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(WAIT)).expect("timeout");
    s.set_write_timeout(Some(WAIT)).expect("timeout");
    // The server may refuse and close before all is sent.
    let _ = s.write_all(request);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let head = String::from_utf8_lossy(&raw);
    head.split_whitespace().nth(1).and_then(|c| c.parse().ok())
}

/// The guard against a hang: every read in these tests waits at most this.
const WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// GET with a read timeout, so a wedged server fails the test.
fn get_within(addr: &str, path: &str) -> Option<u16> {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

/// Only requests to this machine by name are answered (DNS rebinding: a
/// page whose host name now points at 127.0.0.1 sends its own `Host`).
#[test]
fn only_hosts_of_this_machine_are_answered() {
    let dir = folder("hosts");
    let server = start(&dir);
    let port = server.addr.rsplit(':').next().expect("a port");
    let ask = |host: &str| {
        raw(
            &server.addr,
            format!("GET /app.js HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(),
        )
    };
    assert_eq!(ask(&format!("127.0.0.1:{port}")), Some(200));
    assert_eq!(ask(&format!("localhost:{port}")), Some(200));
    assert_eq!(ask(&format!("LOCALHOST:{port}")), Some(200));
    assert_eq!(ask(&format!("evil.example:{port}")), Some(403));
    assert_eq!(ask("evil.example"), Some(403));
    assert_eq!(ask(&format!("127.0.0.1:{}", 1)), Some(403));
    // No `Host` at all.
    assert_eq!(
        raw(&server.addr, b"GET /app.js HTTP/1.0\r\n\r\n"),
        Some(403)
    );
}

#[test]
fn a_host_that_is_not_loopback_is_refused() {
    let dir = folder("nonloop");
    for host in ["0.0.0.0", "::", "192.0.2.1", "example.com"] {
        // A server that starts would run until killed: wait at most `WAIT`.
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
            .args([
                "serve",
                dir.to_str().expect("utf-8"),
                "--port",
                "0",
                "--host",
                host,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run fairyc serve");
        let begun = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break Some(status);
            }
            if begun.elapsed() > WAIT {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        assert_eq!(
            status.and_then(|s| s.code()),
            Some(2),
            "--host {host}: {err}"
        );
        assert!(err.contains("--host must be a loopback address"), "{err}");
    }
}

/// A FIFO in the folder is not opened (opening it waits for a writer, and
/// wedged the server); the next request is answered.
#[test]
fn a_fifo_in_the_folder_is_not_served() {
    let dir = folder("fifo");
    let made = Command::new("mkfifo")
        .arg(dir.join("pipe.js"))
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    let server = start(&dir);
    assert_eq!(get_within(&server.addr, "/pipe.js"), Some(404));
    assert_eq!(get_within(&server.addr, "/app.js"), Some(200));
}

/// A client that asks for a large file and never reads holds no one else
/// up.
#[test]
fn a_client_that_never_reads_blocks_no_one() {
    let dir = folder("slow");
    std::fs::write(dir.join("big.bin"), vec![7u8; 64 << 20]).expect("write");
    let server = start(&dir);
    let mut idle = Vec::new();
    for _ in 0..3 {
        let mut s = TcpStream::connect(&server.addr).expect("connect");
        write!(s, "GET /big.bin HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).expect("send");
        idle.push(s);
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(get_within(&server.addr, "/app.js"), Some(200));
    drop(idle);
}

/// Long heads and addresses are refused (a 10 MB address was accepted, a
/// 256 MiB header read whole), and the server goes on.
#[test]
fn long_heads_and_addresses_are_refused() {
    let dir = folder("long");
    let server = start(&dir);
    let long_url = format!(
        "GET /{} HTTP/1.1\r\nHost: {}\r\n\r\n",
        "a".repeat(100_000),
        server.addr
    );
    let code = raw(&server.addr, long_url.as_bytes());
    assert!(matches!(code, Some(414) | None), "{code:?}");
    let long_header = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nX-Big: {}\r\n\r\n",
        server.addr,
        "b".repeat(4 << 20)
    );
    let code = raw(&server.addr, long_header.as_bytes());
    assert!(matches!(code, Some(431) | None), "{code:?}");
    // Just under the limits: answered.
    let fits = format!(
        "GET /app.js?{} HTTP/1.1\r\nHost: {}\r\nX-Fits: {}\r\n\r\n",
        "q".repeat(1500),
        server.addr,
        "c".repeat(8000)
    );
    assert_eq!(raw(&server.addr, fits.as_bytes()), Some(200));
    assert_eq!(get_within(&server.addr, "/app.js"), Some(200));
}

/// Many connections that send half a request hold no thread: a normal
/// request right after is answered (one was lost in 3 of 11 tries).
#[test]
fn half_open_requests_do_not_hold_the_server() {
    let dir = folder("halfopen");
    let server = start(&dir);
    for _ in 0..11 {
        let mut half = Vec::new();
        for _ in 0..200 {
            let mut s = TcpStream::connect(&server.addr).expect("connect");
            s.write_all(b"GET / HTTP/1.1\r\nHost: ").expect("send");
            half.push(s);
        }
        assert_eq!(get_within(&server.addr, "/app.js"), Some(200));
        drop(half);
    }
}

/// A connection that sends half a request is answered 408 and closed after
/// the head timeout (10 s; they were held for ever).
#[test]
fn a_half_request_times_out() {
    let dir = folder("timeout");
    let server = start(&dir);
    assert_eq!(raw(&server.addr, b"GET / HTTP/1.1\r\nHost: "), Some(408));
}
