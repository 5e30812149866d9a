// A share link carries the source in the address's fragment (never sent to
// any server): `#src=` then the UTF-8 source compressed with raw DEFLATE
// (the browser's CompressionStream) in URL-safe base64 without padding.

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/// The fragment (without `#`) that carries `source`.
export async function encodeSource(source) {
  const packed = await pipe(new TextEncoder().encode(source), new CompressionStream("deflate-raw"));
  return `src=${toBase64Url(packed)}`;
}

/// The source a fragment carries, `null` if it carries none; throws with a
/// message for a damaged one.
export async function decodeSource(fragment) {
  const m = /^#?src=([A-Za-z0-9_-]*)$/.exec(fragment);
  if (!m) return null;
  try {
    const bytes = await pipe(fromBase64Url(m[1]), new DecompressionStream("deflate-raw"));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error("the shared link is damaged: its source could not be read (was it cut short?)");
  }
}
