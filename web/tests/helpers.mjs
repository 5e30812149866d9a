// Shared by the browser tests: the page served by the native `fairyc serve`
// (target/release/fairyc, or $FAIRYC_BIN) and a headless Chromium (Debian's
// /usr/bin/chromium, or $CHROMIUM) driven through the DevTools protocol by
// playwright-core. The page must have been built (web/build.sh).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const WEB = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(WEB);
export const BIN = process.env.FAIRYC_BIN ?? join(ROOT, "target", "release", "fairyc");
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
/** Where the screenshots go. */
export const SHOTS = join(ROOT, "target", "playground");
export const FSF = "/usr/games/fairy-stockfish";

for (const [path, what] of [
  [join(WEB, "pkg", "fairyc_bg.wasm"), "web/pkg is not built: run bash web/build.sh"],
  [BIN, `no native fairyc at ${BIN}: run cargo build --release -p fairyc`],
  [CHROMIUM, `no Chromium at ${CHROMIUM}: apt-get install chromium chromium-driver`],
]) {
  if (!existsSync(path)) throw new Error(what);
}
mkdirSync(SHOTS, { recursive: true });

/** Runs the native binary, which must succeed; returns its standard output. */
export function native(...args) {
  const r = spawnSync(BIN, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`fairyc ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** Starts `fairyc serve web --port 0`; resolves to { url, stop }. */
export function serve() {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ["serve", WEB, "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`fairyc serve exited ${code}: ${err}`)));
    child.stdout.on("data", (d) => {
      out += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        child.removeAllListeners("exit");
        resolve({ url: m[1], stop: () => child.kill() });
      }
    });
  });
}

/**
 * A browser with the page open and ready. Every request the page makes is
 * recorded in `requests`; one to another origin than the server's is
 * refused (and so would fail the test that looks at `foreign`).
 */
export async function open({ width = 1280, height = 900, query = "" } = {}) {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const page = await browser.newPage({ viewport: { width, height } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const requests = [];
  const foreign = [];
  const origin = new URL(server.url).origin;
  await page.route("**/*", (route) => {
    const url = route.request().url();
    requests.push(url);
    if (new URL(url).origin !== origin) {
      foreign.push(url);
      return route.abort();
    }
    return route.continue();
  });
  await page.goto(server.url + query);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  return {
    page,
    errors,
    requests,
    foreign,
    url: server.url,
    async close() {
      await browser.close();
      server.stop();
    },
  };
}

/** Replaces the editor's text as typing would (an `input` event). */
export async function setSource(page, text) {
  await page.fill("#source", text);
}

/** Waits until the page has checked the source now in the editor. */
export async function checked(page) {
  // The check runs 200 ms after the last keystroke.
  await page.waitForFunction(() => {
    const s = document.getElementById("compile-status");
    return s.dataset.errors !== undefined && s.dataset.pending === undefined;
  });
}

/** Clicks a square of the board pane by name. */
export async function clickSquare(page, name) {
  await page.click(`#position path.square[data-square="${name}"]`, { force: true });
}

/** The squares marked as targets on the board pane, sorted. */
export async function marked(page) {
  return page.$$eval("#move-marks .move-mark", (ms) => ms.map((m) => m.dataset.square).sort());
}

/** The FEN the page shows. */
export async function fen(page) {
  return page.inputValue("#fen");
}

/** Fairy-Stockfish's FEN after `moves` from the start of `variant`. */
export function fsfFen(variant, moves, fen = "startpos") {
  const pos = fen === "startpos" ? "startpos" : `fen ${fen}`;
  const input = `uci\nsetoption name UCI_Variant value ${variant}\nposition ${pos} moves ${moves.join(" ")}\nd\nquit\n`;
  const r = spawnSync(FSF, [], { input, encoding: "utf8" });
  if (r.error) throw r.error;
  const m = /^Fen: (.*)$/m.exec(r.stdout);
  if (!m) throw new Error(`no FEN from Fairy-Stockfish: ${r.stdout}`);
  return m[1].trim();
}
