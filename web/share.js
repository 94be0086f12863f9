// Share links: a finished game's record (index.html?replay=1#r=<payload>) or a lesson (index.html?lesson=#<payload>)
// travels inside the URL fragment, so nothing leaves the device — the fragment is never sent to a server.
// Payload = base64url(deflate-raw(JSON)). One codec for both: the same limits, the same checks. A damaged or foreign
// payload is refused with an Error that says what is wrong.

const MAX_PAYLOAD = 1_000_000; // characters of base64url: far above any real record (a long AQUA game is a few KB)
const MAX_JSON = 8_000_000; // bytes after inflating: a tiny payload must not inflate into gigabytes

// What a payload may hold: its words for a person, its fragment's prefix, and the shape it must have.
const KINDS = {
  record: { what: "game", prefix: "r=", fits: (o) => typeof o.game === "string" && Array.isArray(o.actions),
    not: "the link does not hold a Shoal game record" },
  lesson: { what: "lesson", prefix: "l=", fits: (o) => typeof o.game === "string" && Array.isArray(o.steps),
    not: "the link does not hold a Shoal lesson" },
};
const isObject = (o) => o !== null && typeof o === "object" && !Array.isArray(o);

/** JSON object → deflate-raw → base64url. */
async function encode(obj, kind) {
  if (!isObject(obj)) throw new Error(`only a ${kind === "record" ? "record" : "lesson"} object can be shared`);
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  return toBase64url(await pump(bytes, new CompressionStream("deflate-raw"), Infinity));
}

/** base64url → inflate → the JSON object; throws an Error with a plain reason for anything that is not such a
    payload. */
async function decode(text, kind) {
  const { what, prefix, fits, not } = KINDS[kind];
  if (typeof text !== "string") throw new Error(`a shared ${what} must be text`);
  let payload = text.trim().replace(/^#/, "");
  if (payload.startsWith(prefix)) payload = payload.slice(prefix.length);
  if (!payload) throw new Error(`the link holds no ${what}`);
  if (payload.length > MAX_PAYLOAD) throw new Error(`the link is too long to be a Shoal ${what}`);
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || payload.length % 4 === 1) {
    throw new Error("the link is damaged: it is not base64url text");
  }
  let inflated;
  try {
    inflated = await pump(fromBase64url(payload), new DecompressionStream("deflate-raw"), MAX_JSON);
  } catch (err) {
    if (err instanceof RangeError) {
      throw new Error(`the link is damaged: it inflates to more than a ${what} can be`, { cause: err });
    }
    throw new Error("the link is damaged: its data does not decompress (was it cut short?)", { cause: err });
  }
  let obj;
  try {
    obj = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(inflated));
  } catch {
    throw new Error(`the link is damaged: its data is not a ${kind === "record" ? "game record" : "lesson"}`);
  }
  if (!isObject(obj) || !fits(obj)) throw new Error(not);
  return obj;
}

/** A record → its share payload. */
export const encodeRecord = (record) => encode(record, "record");
/** A share payload (with or without its "#r=") → the record. */
export const decodeRecord = (text) => decode(text, "record");
/** A lesson (hand-written, as the Studio keeps it) → its payload. */
export const encodeLesson = (lesson) => encode(lesson, "lesson");
/** A lesson link's fragment (with or without "#") → the lesson (hand-written: the page's engine compiles it). */
export const decodeLesson = (text) => decode(text, "lesson");

/** The shareable URL for `record`, relative to the page at `base` (any sub-path works). */
export async function shareUrl(record, base = location.href) {
  const url = new URL("index.html", base);
  url.search = "?replay=1";
  url.hash = `r=${await encodeRecord(record)}`;
  return url.href;
}

/** The link that opens `lesson` on the site at `base`: index.html?lesson=#<payload> (the lesson in the fragment,
    which never leaves the reader's device). */
export async function lessonUrl(lesson, base = location.href) {
  const url = new URL("index.html", base);
  url.search = "?lesson=";
  url.hash = await encodeLesson(lesson);
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
