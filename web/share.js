// Share links: a finished game's record travels inside the URL fragment (index.html?replay=1#r=<payload>), so
// nothing leaves the device — the fragment is never sent to a server. Payload = base64url(deflate-raw(JSON)).
// The replay viewer decodes it; a damaged or foreign payload is refused with an Error that says what is wrong.

const MAX_PAYLOAD = 1_000_000; // characters of base64url: far above any real record (a long AQUA game is a few KB)
const MAX_JSON = 8_000_000; // bytes after inflating: a tiny payload must not inflate into gigabytes

/** JSON → deflate-raw → base64url. */
export async function encodeRecord(record) {
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    throw new Error("only a record object can be shared");
  }
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  return toBase64url(await pump(bytes, new CompressionStream("deflate-raw"), Infinity));
}

/** base64url → inflate → JSON object; throws an Error with a plain reason for anything that is not such a payload. */
export async function decodeRecord(text) {
  if (typeof text !== "string") throw new Error("a shared game must be text");
  const payload = text.trim().replace(/^#?r=/, "");
  if (!payload) throw new Error("the link holds no game");
  if (payload.length > MAX_PAYLOAD) throw new Error("the link is too long to be a Shoal game");
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || payload.length % 4 === 1) {
    throw new Error("the link is damaged: it is not base64url text");
  }
  let inflated;
  try {
    inflated = await pump(fromBase64url(payload), new DecompressionStream("deflate-raw"), MAX_JSON);
  } catch (err) {
    if (err instanceof RangeError) {
      throw new Error("the link is damaged: it inflates to more than a game can be", { cause: err });
    }
    throw new Error("the link is damaged: its data does not decompress (was it cut short?)", { cause: err });
  }
  let record;
  try {
    record = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(inflated));
  } catch {
    throw new Error("the link is damaged: its data is not a game record");
  }
  if (record === null || typeof record !== "object" || Array.isArray(record) || typeof record.game !== "string"
    || !Array.isArray(record.actions)) {
    throw new Error("the link does not hold a Shoal game record");
  }
  return record;
}

/** The shareable URL for `record`, relative to the page at `base` (any sub-path works). */
export async function shareUrl(record, base = location.href) {
  const url = new URL("index.html", base);
  url.search = "?replay=1";
  url.hash = `r=${await encodeRecord(record)}`;
  return url.href;
}

// Push bytes through a (de)compression stream, refusing more than `limit` output bytes.
async function pump(bytes, stream, limit) {
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes).then(() => writer.close());
  written.catch(() => {}); // the reader reports the failure
  const reader = stream.readable.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new RangeError("too large");
    }
    chunks.push(value);
  }
  await written;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
