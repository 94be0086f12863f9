// The match in progress survives a reload: after every move the page keeps its record, seats, names and level in
// localStorage, one slot per game title. Reading a slot checks its shape first; a slot that is not what this page
// wrote (corrupt, from an older format, played under older rules) is moved aside with a reason and never half-loaded.
// Set-aside values are kept too, the last ASIDE_KEPT of them, each said once and then listed until the player
// downloads or deletes it: nothing the player played is thrown away without their knowing.

const FORMAT = "shoal-save";
const VERSION = 1;
const slot = (gameId) => `shoal.save.${gameId}`;
const ASIDE = "shoal.aside"; // the list of set-aside values: [{key, game, reason, at, size, told, inPlace?}]
export const ASIDE_KEPT = 5;

function storage() {
  try { return window.localStorage; } catch { return null; } // blocked storage (private mode, sandboxed iframe)
}

/** Keep `entry` ({record, seats, names, level, url}) as the unfinished game of its title. */
export function keep(entry) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(slot(entry.record.game),
      JSON.stringify({ format: FORMAT, version: VERSION, savedAt: Date.now(), ...entry }));
  } catch { return; /* storage full or blocked: the game goes on, only without a save */ }
  // A value too large to copy aside stayed in this slot (the player was told it would be replaced): it is gone now.
  const list = asideIndex(store);
  if (list.some((e) => e.inPlace && e.key === slot(entry.record.game))) {
    writeIndex(store, list.filter((e) => !(e.inPlace && e.key === slot(entry.record.game))));
  }
}

/** Forget the unfinished game of `gameId` (it ended, or the player started another). */
export function forget(gameId) {
  const store = storage();
  if (store) try { store.removeItem(slot(gameId)); } catch { /* nothing to do */ }
}

/** Check a parsed save; returns null when it is usable, else the reason. */
export function problem(save, gameId) {
  if (!save || typeof save !== "object" || Array.isArray(save)) return "it is not a saved game";
  if (save.format !== FORMAT) return "it is not a Shoal save";
  if (save.version !== VERSION) return `it was written by another version of Shoal (save format ${save.version})`;
  const r = save.record;
  if (!r || typeof r !== "object" || r.game !== gameId) return "its record is missing or names another game";
  if (!Number.isInteger(r.players) || r.players < 1 || !Array.isArray(r.actions)) return "its record is damaged";
  if (!Array.isArray(save.seats) || save.seats.length !== r.players
    || !save.seats.every((k) => typeof k === "string")) {
    return "its seats are damaged";
  }
  if (!Array.isArray(save.names) || save.names.length !== r.players) return "its names are damaged";
  return null;
}

/**
 * Every title's unfinished game: {gameId: save}. A save that fails the check, or was played under other rules than
 * this build's, is set aside, to be said once (takeUntold); nothing here can throw into the lobby.
 */
export function unfinished(games) {
  const store = storage();
  const out = {};
  if (!store) return out;
  for (const g of games) {
    let raw = null;
    try { raw = store.getItem(slot(g.id)); } catch { return out; }
    if (raw === null) continue;
    let save = null;
    try { save = JSON.parse(raw); } catch { /* reported below */ }
    let why = save === null ? "it is not readable" : problem(save, g.id);
    if (!why && save.record.rules_version !== g.rules_version) {
      const was = save.record.rules_version;
      why = `it was played under ${Number(was) < g.rules_version ? "older" : "other"} rules ` +
        `(version ${String(was).slice(0, 12)}; this version of Shoal plays ${g.rules_version})`;
    }
    if (why) {
      // Already set aside where it lies (too large to copy): it was said, and it is listed; not again.
      if (!asideIndex(store).some((e) => e.inPlace && e.key === slot(g.id) && e.size === raw.length)) {
        setAside(g.id, raw, why);
      }
      continue;
    }
    out[g.id] = save;
  }
  return out;
}

// ---- set-aside values -------------------------------------------------------------------------------------------
const validEntry = (e) => e && typeof e === "object" && typeof e.key === "string" && e.key.startsWith("shoal.")
  && typeof e.game === "string" && typeof e.reason === "string" && Number.isFinite(e.at) && Number.isFinite(e.size);

// The list, oldest first. A value under "shoal.aside.<game>" that the list does not name (an earlier build kept one
// such value per title, and said nothing) is adopted, to be said once like any other.
function asideIndex(store) {
  let list;
  try { list = JSON.parse(store.getItem(ASIDE) || "[]"); } catch { list = []; }
  list = Array.isArray(list) ? list.filter(validEntry) : [];
  const known = new Set(list.map((e) => e.key));
  let adopted = false;
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key || !key.startsWith(`${ASIDE}.`) || known.has(key)) continue;
      const value = store.getItem(key) ?? "";
      const game = key.slice(ASIDE.length + 1).split(".")[0];
      list.unshift({ key, game, reason: "an earlier version of Shoal could not restore it", at: 0, size: value.length,
        told: false });
      adopted = true;
    }
  } catch { /* storage blocked part-way: what was read is enough */ }
  if (adopted) writeIndex(store, list);
  return list;
}

function writeIndex(store, list) {
  try { store.setItem(ASIDE, JSON.stringify(list)); return true; } catch { return false; }
}

/**
 * Move the value of `gameId`'s slot (or a value given: a save the engine refused) out of the way, keeping it under its
 * own key with the reason. Beyond ASIDE_KEPT the oldest go. When the storage is too full to copy the value, it stays
 * in its slot, listed `inPlace` (the next game of that title replaces it; the player is told so). Returns the entry.
 */
export function setAside(gameId, raw, reason, { told = false } = {}) {
  const store = storage();
  if (!store) return null;
  const text = typeof raw === "string" ? raw : JSON.stringify(raw);
  let list = asideIndex(store).filter((e) => !(e.inPlace && e.key === slot(gameId)));
  while (list.length >= ASIDE_KEPT) {
    try { store.removeItem(list[0].key); } catch { /* nothing to do */ }
    list = list.slice(1);
  }
  const at = Date.now();
  let key = `${ASIDE}.${gameId}.${at}`;
  for (let n = 1; list.some((e) => e.key === key) || store.getItem(key) !== null; n++) {
    key = `${ASIDE}.${gameId}.${at}-${n}`;
  }
  const entry = { key, game: gameId, reason, at, size: text.length, told, record: keptSave(text) !== null };
  try {
    store.setItem(key, text);
    store.removeItem(slot(gameId));
  } catch {
    try { store.removeItem(key); } catch { /* nothing to do */ }
    // Too large to copy: it stays in its slot (which holds it: the caller read it from there), listed in place.
    if (store.getItem(slot(gameId)) === null) return null;
    entry.key = slot(gameId);
    entry.inPlace = true;
  }
  writeIndex(store, [...list, entry]);
  return entry;
}

/**
 * Set aside the unfinished game of `gameId`, when one is kept, before another takes its slot (a new game started
 * from the lobby, a file loaded over it): the lobby lists it to continue from its file or delete, never lost unasked.
 */
export function setAsideSlot(gameId, reason) {
  const store = storage();
  let raw;
  try { raw = store ? store.getItem(slot(gameId)) : null; } catch { return null; }
  return raw === null ? null : setAside(gameId, raw, reason, { told: true });
}

// A kept value's save, when it is one whose record can be given back as a game file (see asideFile); else null.
function keptSave(text) {
  let save;
  try { save = JSON.parse(text); } catch { return null; }
  const usable = save && typeof save === "object" && save.record && typeof save.record === "object";
  return usable && !Array.isArray(save.record) ? save : null;
}

/** Every set-aside value, newest first. */
export function asideList() {
  const store = storage();
  return store ? asideIndex(store).slice().reverse() : [];
}

/** The set-aside values not yet said to the player, newest first, marked as said now. */
export function takeUntold() {
  const store = storage();
  if (!store) return [];
  const list = asideIndex(store);
  const fresh = list.filter((e) => !e.told);
  if (fresh.length) writeIndex(store, list.map((e) => ({ ...e, told: true })));
  return fresh.reverse();
}

/** Delete a set-aside value for good. */
export function dropAside(key) {
  const store = storage();
  if (!store) return;
  const list = asideIndex(store);
  if (!list.some((e) => e.key === key)) return;
  try { store.removeItem(key); } catch { /* nothing to do */ }
  writeIndex(store, list.filter((e) => e.key !== key));
}

/**
 * A set-aside value as a file to download: {name, text, type}. A save whose record is readable becomes that record
 * (with its seats and names), the same file "Save game" writes; anything else is given back exactly as it was kept.
 */
export function asideFile(entry) {
  const store = storage();
  const text = store ? store.getItem(entry.key) : null;
  if (text === null) return null;
  const day = new Date(entry.at || Date.now()).toISOString().slice(0, 10);
  const save = keptSave(text);
  if (save) {
    const rec = { ...save.record, ...(Array.isArray(save.seats) ? { seats: save.seats } : {}),
      ...(Array.isArray(save.names) ? { names: save.names } : {}) };
    return { name: `shoal-${entry.game}-set-aside-${day}.json`, text: JSON.stringify(rec, null, 1),
      type: "application/json" };
  }
  return { name: `shoal-${entry.game}-set-aside-${day}.txt`, text, type: "text/plain" }; // exactly as it was kept
}

// ---- what a link asks for -------------------------------------------------------------------------------------------
/** JSON with every object's keys in order, at every depth: equal values give equal text. */
export const canonical = (v) => JSON.stringify(v,
  (_, x) => (x && typeof x === "object" && !Array.isArray(x)
  ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

/** A game's options with every one the engine fills in by default written out (records keep them all). */
export function fullOptions(info, options) {
  const out = {};
  for (const [name, opt] of Object.entries(info.options || {})) {
    out[name] = (options || {})[name] ?? opt.default ?? null;
  }
  return canonical(out);
}

/**
 * Whether the unfinished `save` is the game a deep link `cfg` (validate.readDeepLink's answer) asks for: the same
 * title, number of players, seats and options, and the same seed when the link names one. Compared as values: the
 * page's own rewritten address (`seats=human%2Cbot`) and a bookmark of the first one (`seats=human,bot`) agree.
 * `kind(k)` says what a seat kind means ("bot" is the game's default bot).
 */
export function linkAsksFor(save, cfg, info, kind = (k) => k) {
  const r = save.record;
  if (r.game !== cfg.game || r.players !== cfg.players) return false;
  const seats = Array.from({ length: cfg.players }, (_, s) => kind(cfg.seats[s] || (s === 0 ? "human" : "bot")));
  if (seats.some((k, s) => k !== kind(save.seats[s]))) return false;
  if (cfg.seedFromLink && r.seed !== cfg.seed) return false;
  return fullOptions(info, r.options) === fullOptions(info, cfg.options);
}

/**
 * Whether the unfinished `save` went on from `record` (a ?record= link's position): the same deal and start, and
 * its moves begin with the record's. Then reopening the link (a reload, an update) resumes the played-on game.
 */
export function continues(save, record, info) {
  const r = save.record;
  const same = (k) => canonical(r[k] ?? null) === canonical(record[k] ?? null);
  if (!["game", "players", "seed", "position"].every(same)) return false;
  if ((record.rules_version ?? r.rules_version) !== r.rules_version) return false;
  if (fullOptions(info, r.options) !== fullOptions(info, record.options)) return false;
  const moves = Array.isArray(record.actions) ? record.actions : [];
  return moves.length <= r.actions.length && moves.every((a, i) => canonical(a) === canonical(r.actions[i]));
}
