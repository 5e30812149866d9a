//! `fairyc serve`: serves a folder of static files over HTTP on this
//! machine, for the playground (`web/`, see docs/playground.md). It only
//! reads files: no upload, no listing, nothing outside the folder.
//!
//! A small HTTP/1.1 server over `std::net` whose every resource is bounded:
//!
//! - it listens only on a loopback address, and answers only requests whose
//!   `Host` is this machine (`localhost`, `127.0.0.1`, `[::1]` or the
//!   address given, with the port): a web page that renames its own host
//!   to 127.0.0.1 (DNS rebinding) cannot read the folder;
//! - one thread reads the heads of every waiting request, without blocking
//!   on any of them: at most [`MAX_HEAD`] bytes of a head ([`MAX_TARGET`]
//!   of its address), within [`HEAD_TIMEOUT`], and at most [`MAX_WAITING`]
//!   connections at once (the one waiting longest is closed for a new one),
//!   so clients that send half a request hold no thread;
//! - [`WORKERS`] threads send the answers, each write within
//!   [`WRITE_TIMEOUT`] and each answer within [`SEND_TIMEOUT`], so a client
//!   that never reads holds one of them for a while and blocks no one;
//!   at most [`MAX_QUEUED`] answers wait for a worker (beyond: 503);
//! - it serves regular files only: never opens a FIFO or a device.
//!
//! One request per connection (`Connection: close`).

use std::collections::VecDeque;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::files::Fatal;

/// The longest request head (request line and headers), in bytes: 16 KiB.
pub const MAX_HEAD: usize = 16 << 10;
/// The longest request target (the path and query), in bytes: 2 KiB.
pub const MAX_TARGET: usize = 2 << 10;
/// The time a client has to send its whole request head: 10 s.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The time one write of an answer may block: 10 s.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// The time one whole answer may take: 60 s.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(60);
/// The most connections whose request head is being read at once: 256.
pub const MAX_WAITING: usize = 256;
/// The threads that send answers: 8.
pub const WORKERS: usize = 8;
/// The most answers waiting for a worker: 64.
pub const MAX_QUEUED: usize = 64;

/// The media type of a file, by its extension.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        // `WebAssembly.instantiateStreaming` insists on this type.
        Some("wasm") => "application/wasm",
        Some("json" | "map") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("txt" | "md" | "variant" | "ts") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The value of a hexadecimal digit.
fn hex(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// The path of a request's URL (`/pkg/fairyc.js?x` → `pkg/fairyc.js`),
/// percent-decoded, as a relative path of plain names; `None` for one that
/// leaves the folder (`..`), is not UTF-8 or is not a path.
fn relative(url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hi = hex(*bytes.get(i + 1)?)?;
            let lo = hex(*bytes.get(i + 2)?)?;
            decoded.push(hi << 4 | lo);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    let text = String::from_utf8(decoded).ok()?;
    let text = text.strip_prefix('/')?;
    let mut out = PathBuf::new();
    for c in Path::new(text).components() {
        match c {
            Component::Normal(name) => out.push(name),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(out)
}

/// Whether `host` (as `--host` gives it) names this machine only.
fn is_loopback(host: &str) -> bool {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Serves `dir` at `host:port` until the process is ended. Port 0 takes
/// any free port; the address is printed on the first line either way.
pub fn run(dir: &Path, host: &str, port: u16) -> Result<ExitCode, Fatal> {
    if !dir.is_dir() {
        return Err(Fatal(if dir.exists() {
            format!("`{}` is not a folder", dir.display())
        } else {
            format!(
                "no folder `{}` to serve (the playground is `web/`; build it first with `bash web/build.sh`)",
                dir.display()
            )
        }));
    }
    if !is_loopback(host) {
        return Err(Fatal(format!(
            "`serve` listens on this machine only: --host must be a loopback address \
             (127.0.0.1, ::1 or localhost), not `{}`",
            crate::files::printable(host, false)
        )));
    }
    let root = dir
        .canonicalize()
        .map_err(|e| Fatal(format!("cannot read `{}`: {e}", dir.display())))?;
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    let listener = TcpListener::bind((bare, port)).map_err(|e| {
        Fatal(if e.kind() == ErrorKind::AddrInUse {
            format!("port {port} on {host} is in use: choose another with `--port N` (0 takes any free port)")
        } else {
            format!("cannot listen on {host}:{port}: {e}")
        })
    })?;
    let addr = listener.local_addr()?;
    if !addr.ip().is_loopback() {
        return Err(Fatal(format!(
            "`{host}` is not an address of this machine only ({addr})"
        )));
    }
    {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "serving {} at http://{addr}/ (Ctrl-C stops)",
            dir.display()
        )?;
        out.flush()?;
    }
    let site = Arc::new(Site {
        root,
        hosts: hosts(host, addr),
    });
    let (jobs, queue) = mpsc::sync_channel::<Job>(MAX_QUEUED);
    let queue = Arc::new(Mutex::new(queue));
    for _ in 0..WORKERS {
        let queue = Arc::clone(&queue);
        let site = Arc::clone(&site);
        std::thread::spawn(move || worker(&queue, &site));
    }
    let (incoming, waiting) = mpsc::channel::<TcpStream>();
    {
        let site = Arc::clone(&site);
        std::thread::spawn(move || read_heads(&waiting, &jobs, &site));
    }
    for stream in listener.incoming() {
        match stream {
            Ok(s) => {
                if s.set_nonblocking(true).is_ok() && incoming.send(s).is_err() {
                    break;
                }
            }
            // Out of file descriptors, or a connection reset before it was
            // accepted: wait a little and go on.
            Err(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The folder and the `Host` values answered.
struct Site {
    root: PathBuf,
    /// Lower case, with the port.
    hosts: Vec<String>,
}

/// The `Host` values of this machine at `addr`: `localhost`, `127.0.0.1`,
/// `[::1]` and the address given, each with the port (and without it for
/// port 80).
fn hosts(given: &str, addr: SocketAddr) -> Vec<String> {
    let port = addr.port();
    let ip = match addr.ip() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    let given = if given.contains(':') && !given.starts_with('[') {
        format!("[{given}]")
    } else {
        given.to_string()
    };
    let mut out = Vec::new();
    for name in ["localhost", "127.0.0.1", "[::1]", &ip, &given] {
        let name = name.to_ascii_lowercase();
        out.push(format!("{name}:{port}"));
        if port == 80 {
            out.push(name);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A connection whose request head is being read.
struct Waiting {
    stream: TcpStream,
    head: Vec<u8>,
    since: Instant,
}

/// What a worker does with a connection.
enum Job {
    /// Answers a request for a path.
    Serve {
        stream: TcpStream,
        head_only: bool,
        target: String,
    },
    /// Answers with an error; with `drain`, reads what the client still
    /// sends for a moment (a head too long), so that it sees the answer.
    Refuse {
        stream: TcpStream,
        code: u16,
        body: String,
        extra: &'static str,
        drain: bool,
    },
}

/// The reason phrase of a status code.
fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// The end of the request head in `buf` (after its blank line), if there.
fn head_end(buf: &[u8]) -> Option<usize> {
    let crlf = buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
    let lf = buf.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Reads the heads of waiting connections, never blocking on one, and
/// hands each complete request (or its refusal) to the workers.
fn read_heads(incoming: &Receiver<TcpStream>, jobs: &SyncSender<Job>, site: &Site) {
    let mut waiting: VecDeque<Waiting> = VecDeque::new();
    let mut chunk = vec![0u8; 4096];
    loop {
        // Block for a new connection only when none is waiting.
        let new: Vec<TcpStream> = if waiting.is_empty() {
            match incoming.recv() {
                Ok(s) => std::iter::once(s).chain(incoming.try_iter()).collect(),
                Err(_) => return,
            }
        } else {
            incoming.try_iter().collect()
        };
        for stream in new {
            if waiting.len() >= MAX_WAITING {
                // The connection waiting longest makes room.
                waiting.pop_front();
            }
            waiting.push_back(Waiting {
                stream,
                head: Vec::new(),
                since: Instant::now(),
            });
        }
        let mut progress = false;
        let mut still = VecDeque::with_capacity(waiting.len());
        while let Some(mut w) = waiting.pop_front() {
            let mut closed = false;
            loop {
                match w.stream.read(&mut chunk) {
                    Ok(0) => {
                        closed = true;
                        break;
                    }
                    Ok(n) => {
                        progress = true;
                        let room = MAX_HEAD + 1 - w.head.len().min(MAX_HEAD + 1);
                        w.head.extend_from_slice(&chunk[..n.min(room)]);
                        if w.head.len() > MAX_HEAD || head_end(&w.head).is_some() {
                            break;
                        }
                    }
                    Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(_) => {
                        closed = true;
                        break;
                    }
                }
            }
            if closed {
                continue;
            }
            let first_line_len = w.head.iter().position(|&b| b == b'\n');
            let job = if let Some(end) = head_end(&w.head) {
                let head = w.head[..end].to_vec();
                Some(request_job(w.stream, &head, site))
            } else if first_line_len.map_or(w.head.len(), |n| n) > MAX_TARGET + 32 {
                Some(refuse(w.stream, 414, "the address is too long\n", true))
            } else if w.head.len() > MAX_HEAD {
                Some(refuse(
                    w.stream,
                    431,
                    "the request head is too large\n",
                    true,
                ))
            } else if w.since.elapsed() > HEAD_TIMEOUT {
                // An idle client: told at once, here, and closed.
                at_once(w.stream, 408, "the request took too long\n");
                None
            } else {
                still.push_back(w);
                None
            };
            if let Some(job) = job {
                match jobs.try_send(job) {
                    Ok(()) => {}
                    Err(TrySendError::Full(job)) => busy(job),
                    Err(TrySendError::Disconnected(_)) => return,
                }
            }
        }
        waiting = still;
        if !progress && !waiting.is_empty() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// A refusal job.
fn refuse(stream: TcpStream, code: u16, body: &str, drain: bool) -> Job {
    Job::Refuse {
        stream,
        code,
        body: body.to_string(),
        extra: "",
        drain,
    }
}

/// A short answer written at once, if the socket takes it without waiting
/// (it is non-blocking), and the connection closed.
fn at_once(stream: TcpStream, code: u16, body: &str) {
    let head = response_head(code, "text/plain; charset=utf-8", body.len() as u64, "");
    let _ = (&stream).write_all(format!("{head}{body}").as_bytes());
    let _ = stream.shutdown(Shutdown::Both);
}

/// Every worker is busy and the queue is full: a 503 at once.
fn busy(job: Job) {
    let stream = match job {
        Job::Serve { stream, .. } | Job::Refuse { stream, .. } => stream,
    };
    at_once(stream, 503, "the server is busy; try again\n");
}

/// The job for a complete request head.
fn request_job(stream: TcpStream, head: &[u8], site: &Site) -> Job {
    let Ok(text) = std::str::from_utf8(head) else {
        return refuse(stream, 400, "the request head is not UTF-8\n", false);
    };
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let request = lines.next().unwrap_or_default();
    let parts: Vec<&str> = request.split(' ').collect();
    let [method, target, version] = parts[..] else {
        return refuse(
            stream,
            400,
            "a request line is `METHOD PATH HTTP/1.1`\n",
            false,
        );
    };
    if !version.starts_with("HTTP/1.") {
        return refuse(stream, 400, "only HTTP/1.x is spoken\n", false);
    }
    if target.len() > MAX_TARGET {
        return refuse(stream, 414, "the address is too long\n", false);
    }
    let mut host = None;
    let mut hosts_seen = 0;
    for line in lines {
        if line.is_empty() {
            break;
        }
        let Some((name, value)) = line.split_once(':') else {
            return refuse(stream, 400, "a header line is `Name: value`\n", false);
        };
        if name.trim().eq_ignore_ascii_case("host") {
            hosts_seen += 1;
            host = Some(value.trim().to_ascii_lowercase());
        }
    }
    match host {
        Some(h) if hosts_seen == 1 && site.hosts.contains(&h) => {}
        _ => {
            return refuse(
                stream,
                403,
                &format!(
                    "this server answers only requests to {}\n",
                    site.hosts.join(", ")
                ),
                false,
            )
        }
    }
    match method {
        "GET" | "HEAD" => Job::Serve {
            stream,
            head_only: method == "HEAD",
            target: target.to_string(),
        },
        _ => Job::Refuse {
            stream,
            code: 405,
            body: "only GET and HEAD are served\n".to_string(),
            extra: "Allow: GET, HEAD\r\n",
            drain: false,
        },
    }
}

/// A response's status line and headers.
fn response_head(code: u16, media: &str, length: u64, extra: &str) -> String {
    format!(
        "HTTP/1.1 {code} {}\r\nContent-Type: {media}\r\nContent-Length: {length}\r\n\
         Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n{extra}Connection: close\r\n\r\n",
        reason(code)
    )
}

/// A worker: takes jobs until the server ends.
fn worker(queue: &Mutex<Receiver<Job>>, site: &Site) {
    loop {
        let job = {
            let q = queue.lock().unwrap_or_else(|e| e.into_inner());
            q.recv()
        };
        let Ok(job) = job else { return };
        // A client that went away is no error of ours.
        let _ = run_job(job, site);
    }
}

fn run_job(job: Job, site: &Site) -> std::io::Result<()> {
    let deadline = Instant::now() + SEND_TIMEOUT;
    match job {
        Job::Refuse {
            stream,
            code,
            body,
            extra,
            drain,
        } => {
            stream.set_nonblocking(false)?;
            stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
            let head = response_head(code, "text/plain; charset=utf-8", body.len() as u64, extra);
            (&stream).write_all(head.as_bytes())?;
            (&stream).write_all(body.as_bytes())?;
            stream.shutdown(Shutdown::Write)?;
            if !drain {
                return Ok(());
            }
            // Read what the client still sends (up to 1 MiB, for a second),
            // so that closing does not reset the connection before it has
            // read the answer.
            stream.set_read_timeout(Some(Duration::from_secs(1)))?;
            let mut sink = [0u8; 8192];
            let mut drained = 0;
            let start = Instant::now();
            while drained < (1 << 20) && start.elapsed() < Duration::from_secs(1) {
                match (&stream).read(&mut sink) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => drained += n,
                }
            }
            Ok(())
        }
        Job::Serve {
            stream,
            head_only,
            target,
        } => {
            stream.set_nonblocking(false)?;
            stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
            match open(&site.root, &target) {
                Err((code, body)) => {
                    let head =
                        response_head(code, "text/plain; charset=utf-8", body.len() as u64, "");
                    (&stream).write_all(head.as_bytes())?;
                    if !head_only {
                        (&stream).write_all(body.as_bytes())?;
                    }
                }
                Ok((mut file, length, media)) => {
                    (&stream).write_all(response_head(200, media, length, "").as_bytes())?;
                    if !head_only {
                        let mut buf = vec![0u8; 64 << 10];
                        let mut left = length;
                        while left > 0 {
                            if Instant::now() > deadline {
                                return Err(std::io::Error::new(
                                    ErrorKind::TimedOut,
                                    "the answer took too long",
                                ));
                            }
                            let want =
                                usize::try_from(left.min(buf.len() as u64)).unwrap_or(buf.len());
                            let n = file.read(&mut buf[..want])?;
                            if n == 0 {
                                break;
                            }
                            (&stream).write_all(&buf[..n])?;
                            left -= n as u64;
                        }
                    }
                }
            }
            let _ = stream.shutdown(Shutdown::Write);
            Ok(())
        }
    }
}

/// The file a request target names: open, with its length and media type;
/// or the status and text of the refusal (404, or 403 for a path out of
/// the folder). Only regular files are opened: a FIFO or a device in the
/// folder is not found (opening a FIFO would wait for a writer).
fn open(root: &Path, target: &str) -> Result<(File, u64, &'static str), (u16, &'static str)> {
    const OUTSIDE: (u16, &str) = (403, "that path is outside the served folder\n");
    const MISSING: (u16, &str) = (404, "not found\n");
    let rel = relative(target).ok_or(OUTSIDE)?;
    let mut path = root.join(rel);
    if path.is_dir() {
        path.push("index.html");
    }
    // A symbolic link may not lead out of the folder either.
    let real = path.canonicalize().map_err(|_| MISSING)?;
    if !real.starts_with(root) {
        return Err(OUTSIDE);
    }
    if !std::fs::metadata(&real).is_ok_and(|m| m.is_file()) {
        return Err(MISSING);
    }
    let file = File::open(&real).map_err(|_| MISSING)?;
    let meta = file.metadata().map_err(|_| MISSING)?;
    if !meta.is_file() {
        return Err(MISSING);
    }
    Ok((file, meta.len(), content_type(&real)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(relative("/"), Some(PathBuf::new()));
        assert_eq!(
            relative("/pkg/fairyc.js?v=1"),
            Some(PathBuf::from("pkg/fairyc.js"))
        );
        assert_eq!(relative("/a%20b.txt"), Some(PathBuf::from("a b.txt")));
        assert_eq!(relative("/../etc/passwd"), None);
        assert_eq!(relative("/a/%2e%2e/%2e%2e/x"), None);
        assert_eq!(relative("/%zz"), None);
        assert_eq!(relative("no-slash"), None);
    }

    #[test]
    fn media_types() {
        assert_eq!(content_type(Path::new("x.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("a/index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("app.js")),
            "text/javascript; charset=utf-8"
        );
    }

    #[test]
    fn loopback_hosts_only() {
        for ok in [
            "127.0.0.1",
            "localhost",
            "::1",
            "[::1]",
            "127.0.0.2",
            "LOCALHOST",
        ] {
            assert!(is_loopback(ok), "{ok}");
        }
        for bad in [
            "0.0.0.0",
            "::",
            "192.168.1.2",
            "example.com",
            "",
            "10.0.0.1",
        ] {
            assert!(!is_loopback(bad), "{bad}");
        }
    }

    #[test]
    fn host_values_answered() {
        let addr: SocketAddr = "127.0.0.1:8000".parse().expect("an address");
        assert_eq!(
            hosts("127.0.0.1", addr),
            ["127.0.0.1:8000", "[::1]:8000", "localhost:8000"]
        );
        let addr: SocketAddr = "[::1]:80".parse().expect("an address");
        let h = hosts("::1", addr);
        assert!(h.contains(&"[::1]".to_string()), "{h:?}");
        assert!(h.contains(&"[::1]:80".to_string()), "{h:?}");
    }

    #[test]
    fn heads_end_at_a_blank_line() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nrest"), Some(27));
        assert_eq!(head_end(b"GET / HTTP/1.1\nHost: x\n\n"), Some(24));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n"), None);
    }
}
