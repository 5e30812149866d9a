//! `fairyc serve`: serves a folder of static files over HTTP on this
//! machine, for the playground (`web/`, see docs/playground.md). It only
//! reads files: no upload, no listing, nothing outside the folder.

use std::fs::File;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

use tiny_http::{Header, Method, Response, Server, StatusCode};

use crate::files::Fatal;

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
    let root = dir
        .canonicalize()
        .map_err(|e| Fatal(format!("cannot read `{}`: {e}", dir.display())))?;
    let server = Server::http((host, port)).map_err(|e| {
        let in_use = e
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::AddrInUse);
        Fatal(if in_use {
            format!("port {port} on {host} is in use: choose another with `--port N` (0 takes any free port)")
        } else {
            format!("cannot listen on {host}:{port}: {e}")
        })
    })?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| Fatal("the server has no IP address".into()))?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "serving {} at http://{addr}/ (Ctrl-C stops)",
            dir.display()
        )?;
        out.flush()?;
    }
    for request in server.incoming_requests() {
        let response = answer(&root, request.method(), request.url());
        // A client that went away before the answer is no error of ours.
        let _ = request.respond(response);
    }
    Ok(ExitCode::SUCCESS)
}

/// A response with a plain-text body.
fn text(code: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(StatusCode(code))
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}

fn header(name: &str, value: &str) -> Header {
    // Both are ASCII constants or media types of ours.
    Header::from_bytes(name.as_bytes(), value.as_bytes()).unwrap_or_else(|()| {
        Header::from_bytes(&b"X-Invalid"[..], &b"1"[..]).expect("an ASCII header")
    })
}

/// The answer to one request: the file, `index.html` for a folder, 404,
/// 403 for a path out of the folder, 405 for a method other than GET/HEAD.
fn answer(root: &Path, method: &Method, url: &str) -> Response<Box<dyn std::io::Read + Send>> {
    fn boxed<R: std::io::Read + Send + 'static>(
        r: Response<R>,
    ) -> Response<Box<dyn std::io::Read + Send>> {
        r.boxed()
    }
    if !matches!(method, Method::Get | Method::Head) {
        return boxed(text(405, "only GET and HEAD are served\n"));
    }
    let Some(rel) = relative(url) else {
        return boxed(text(403, "that path is outside the served folder\n"));
    };
    let mut path = root.join(rel);
    if path.is_dir() {
        path.push("index.html");
    }
    // A symbolic link may not lead out of the folder either.
    match path.canonicalize() {
        Ok(real) if real.starts_with(root) => match File::open(&real) {
            Ok(file) => boxed(
                Response::from_file(file)
                    .with_header(header("Content-Type", content_type(&real)))
                    .with_header(header("Cache-Control", "no-cache")),
            ),
            Err(_) => boxed(text(404, "not found\n")),
        },
        Ok(_) => boxed(text(403, "that path is outside the served folder\n")),
        Err(_) => boxed(text(404, "not found\n")),
    }
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
}
