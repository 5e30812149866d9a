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
 * One headless Chromium and one `fairyc serve`, with the page open and
 * ready in a laptop-sized window. Every request a page makes is recorded
 * in `requests`; one to another origin than the server's is refused (and
 * so would fail the test that looks at `foreign`). `newPage` opens the page
 * once more in the same browser (its own window size, its own errors).
 */
export async function open({ width = 1280, height = 900, query = "" } = {}) {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const origin = new URL(server.url).origin;
  const requests = [];
  const foreign = [];
  /// `block`: a pattern of addresses answered with a failure (a file
  /// missing); `ready`: whether to wait for the page to be ready.
  async function newPage({ width, height, query = "", block = null, ready = true }) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.route("**/*", (route) => {
      const url = route.request().url();
      requests.push(url);
      if (new URL(url).origin !== origin) {
        foreign.push(url);
        return route.abort();
      }
      if (block && block.test(url)) return route.abort();
      return route.continue();
    });
    await page.goto(server.url + query);
    if (ready) await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
    return { page, errors, close: () => context.close() };
  }
  const first = await newPage({ width, height, query });
  return {
    page: first.page,
    errors: first.errors,
    requests,
    foreign,
    url: server.url,
    newPage,
    /** Stops the server: the page has to live on what it has loaded. */
    stopServer: () => server.stop(),
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

/**
 * The number of squares of Fairy-Stockfish's board for `variant`: the
 * cells of its start position's FEN (digits count empty cells, letters
 * pieces); throws for a variant it does not offer.
 */
export function fsfSquares(variant) {
  const input = `uci\nsetoption name UCI_Variant value ${variant}\nposition startpos\nd\nquit\n`;
  const r = spawnSync(FSF, [], { input, encoding: "utf8" });
  if (r.error) throw r.error;
  const offered = /^option name UCI_Variant type combo (.*)$/m.exec(r.stdout)?.[1].split(" var ") ?? [];
  if (!offered.includes(variant)) throw new Error(`Fairy-Stockfish does not offer the variant ${variant}`);
  const fen = /^Fen: (\S+)/m.exec(r.stdout)[1].replace(/\[.*$/, "");
  return [...fen.matchAll(/\d+|[A-Za-z]/g)].reduce((n, [t]) => n + (/\d/.test(t) ? Number(t) : 1), 0);
}

/**
 * The number of squares of `variant`'s board by an oracle engine: Debian's
 * Fairy-Stockfish 11.1 where it offers the variant, else the current
 * Fairy-Stockfish (PyPI's pyffish, which .ci/run installs) for the variants
 * only it knows, with the sections of Fairy-Stockfish's own variants.ini
 * that the field loads (tests/data/field/current.ini: Orda chess and the
 * like, which pyffish does not build in; atomic.ini: 6x6atom and the
 * other atomic sections); throws if neither offers it.
 */
export function oracleSquares(variant) {
  try {
    return fsfSquares(variant);
  } catch (e) {
    if (!/does not offer/.test(String(e.message))) throw e;
  }
  const code =
    "import sys, pyffish\nfor f in sys.argv[2:]:\n    pyffish.load_variant_config(open(f).read())\nprint(pyffish.start_fen(sys.argv[1]))";
  const inis = ["current.ini", "atomic.ini", "lines.ini"].map((f) => join(ROOT, "tests", "data", "field", f));
  const r = spawnSync("python3", ["-c", code, variant, ...inis], { encoding: "utf8" });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`neither Fairy-Stockfish 11.1 nor pyffish offers ${variant}: ${r.stderr}`);
  const fen = r.stdout.trim().split(" ")[0].replace(/\[.*$/, "");
  // A wall (`*`) is a cell of the engine's grid but no square: it is not drawn.
  return [...fen.matchAll(/\d+|[A-Za-z]/g)].reduce((n, [t]) => n + (/\d/.test(t) ? Number(t) : 1), 0);
}

/**
 * The squares seen in a PNG picture of a board: the regions of pixels of
 * a square's fill colour (`fills`, as `#rrggbb`), each its own square since
 * the board draws a line round every square. Regions of fewer than `min`
 * pixels (anti-aliased specks) do not count. Decoded and counted in the
 * page, with a canvas.
 */
export async function squaresInPicture(page, png, fills, min = 40) {
  const sizes = await page.evaluate(
    async ({ b64, fills }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const g = canvas.getContext("2d", { willReadFrequently: true });
      g.drawImage(img, 0, 0);
      const { data, width, height } = g.getImageData(0, 0, canvas.width, canvas.height);
      const rgb = fills.map((f) => [1, 3, 5].map((i) => parseInt(f.slice(i, i + 2), 16)));
      const colour = new Int8Array(width * height).fill(-1);
      for (let i = 0; i < width * height; i++) {
        const k = rgb.findIndex(
          ([r, gr, b]) =>
            Math.abs(data[4 * i] - r) <= 6 && Math.abs(data[4 * i + 1] - gr) <= 6 && Math.abs(data[4 * i + 2] - b) <= 6,
        );
        colour[i] = k;
      }
      const seen = new Uint8Array(width * height);
      const sizes = [];
      const stack = [];
      for (let start = 0; start < width * height; start++) {
        if (colour[start] < 0 || seen[start]) continue;
        let size = 0;
        seen[start] = 1;
        stack.push(start);
        while (stack.length) {
          const i = stack.pop();
          size++;
          const x = i % width;
          for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
            if (j >= 0 && j < width * height && !seen[j] && colour[j] === colour[i]) {
              seen[j] = 1;
              stack.push(j);
            }
          }
        }
        sizes.push(size);
      }
      return sizes;
    },
    { b64: png.toString("base64"), fills },
  );
  return sizes.filter((s) => s >= min).length;
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
