// Every game finished on this device, kept in this browser (IndexedDB: a long Brunch record is ~16 kB, and 500 of
// them would crowd the unfinished games' saves out of localStorage). One entry per game: when it ended, who sat where
// (names, seat kinds, bot levels), the engine's scores, winners and solo rating, the seat of the one person who
// played it here, and the whole record (with its seats and names: the same file "Save game" writes). At most KEPT
// entries: beyond, the oldest go first, and the page is told how many went (`dropped`). Nothing here leaves the
// device.
import { gameIdentity } from "./progress.js";
import { defaultBot, ownSeat } from "./seats.js";

export const KEPT = 500;
export const FORMAT = "shoal-games";
export const VERSION = 1;
const DB = "shoal-games";
const STORE = "games";
const DROPPED = "shoal.games.dropped"; // localStorage: {count, oldest, newest} of the games dropped and not yet seen

let opened = null;
function db() {
  opened ??= new Promise((resolve, reject) => {
    let req;
    try { req = indexedDB.open(DB, 1); } catch (err) { reject(err); return; }
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" }).createIndex("at", "at");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("this browser keeps no games (storage is blocked)"));
  });
  opened.catch(() => { opened = null; });
  return opened;
}

const done = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onabort = tx.onerror = () => reject(tx.error || new Error("the browser refused to store the games"));
});
const result = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

/**
 * The entry for a finished game: `record` is the engine's (seats and names beside it), `outcome` the view's
 * (scores, winners and, for a solo AQUA game, its rating). `at`: when it ended (ms).
 */
export function entryFor(info, { record, seats, names, outcome, at = Date.now() }) {
  const full = { ...record, seats: seats.slice(), names: names.slice() };
  return {
    id: gameIdentity(record),
    at,
    game: info.id,
    players: seats.length,
    seats: seats.slice(),
    names: names.slice(),
    levels: seats.map((k) => (k === "human" ? null : k === "bot" ? defaultBot(info) : k)),
    own: ownSeat(seats),
    scores: outcome.scores.slice(),
    winners: outcome.winners.slice(),
    rating: typeof outcome.rating === "string" ? outcome.rating : null,
    record: full,
  };
}

/** Every kept game, newest first. */
export async function list() {
  const store = (await db()).transaction(STORE).objectStore(STORE);
  const all = await result(store.getAll());
  return all.sort((a, b) => b.at - a.at);
}

/**
 * Keep `entries` (the same game twice is kept once) and drop the oldest beyond KEPT, in one transaction: either all
 * of it is stored or none. Returns how many were dropped (also noted for the My games page to say).
 */
export async function keep(entries) {
  const base = await db();
  const tx = base.transaction(STORE, "readwrite");
  const store = tx.objectStore(STORE);
  const finished = done(tx);
  for (const entry of entries) store.put(entry);
  const dropped = [];
  const cursorDone = new Promise((resolve, reject) => {
    const count = store.count();
    count.onerror = () => reject(count.error);
    count.onsuccess = () => {
      let extra = count.result - KEPT;
      if (extra <= 0) { resolve(); return; }
      const walk = store.index("at").openCursor(); // oldest first
      walk.onerror = () => reject(walk.error);
      walk.onsuccess = () => {
        const cursor = walk.result;
        if (!cursor || extra <= 0) { resolve(); return; }
        dropped.push(cursor.value.at);
        cursor.delete();
        extra--;
        cursor.continue();
      };
    };
  });
  await Promise.all([cursorDone, finished]);
  if (dropped.length) noteDropped(dropped);
  return dropped.length;
}

/** Delete one kept game for good. */
export async function remove(id) {
  const tx = (await db()).transaction(STORE, "readwrite");
  tx.objectStore(STORE).delete(id);
  await done(tx);
}

// ---- the notice of games dropped by the bound ---------------------------------------------------------------------
function noteDropped(times) {
  try {
    const was = droppedNotice();
    const all = [...times, ...(was ? [was.oldest, was.newest] : [])];
    localStorage.setItem(DROPPED, JSON.stringify({ count: (was ? was.count : 0) + times.length,
      oldest: Math.min(...all), newest: Math.max(...all) }));
  } catch { /* blocked storage: the page says nothing more */ }
}

/** {count, oldest, newest} of the games dropped since the player last dismissed the notice, or null. */
export function droppedNotice() {
  try {
    const d = JSON.parse(localStorage.getItem(DROPPED) || "null");
    return d && Number.isInteger(d.count) && d.count > 0 ? d : null;
  } catch { return null; }
}

export function dismissDropped() {
  try { localStorage.removeItem(DROPPED); } catch { /* nothing to do */ }
}

// ---- one file of them all ---------------------------------------------------------------------------------------
/** `entries` as one JSON text, in their order (the whole records: every hidden card is in it). */
export function exportText(entries) {
  return JSON.stringify({ format: FORMAT, version: VERSION, exported: new Date().toISOString(),
    games: entries.map(({ at, record }) => ({ at, record })) }, null, 1);
}

/**
 * The games of an exported file, each checked by `check(record)` (the engine replays it: it must be a legal, finished
 * game, whose outcome the engine states). Any problem refuses the whole file: it throws, naming the game.
 * `check` answers {info, seats, names, record, outcome}.
 */
export async function readExport(data, check, progress = () => {}) {
  if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT) {
    throw new Error("it is not a file of Shoal games (exported from My games)");
  }
  if (data.version !== VERSION) {
    throw new Error(`it was written by another version of Shoal (format version ${String(data.version)})`);
  }
  if (!Array.isArray(data.games)) throw new Error("it holds no list of games");
  const out = [];
  for (const [i, item] of data.games.entries()) {
    const where = `game ${i + 1} of ${data.games.length}`;
    if (!item || typeof item !== "object" || !Number.isFinite(item.at) || item.at < 0) {
      throw new Error(`${where} has no date`);
    }
    let checked;
    try { checked = await check(item.record); } catch (err) {
      throw new Error(`${where}: ${err.message}`, { cause: err });
    }
    out.push(entryFor(checked.info, { ...checked, at: item.at }));
    progress(i + 1, data.games.length);
  }
  return out;
}
