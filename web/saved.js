// The match in progress survives a reload: after every move the page keeps its record, seats, names and level in
// localStorage, one slot per game title. Reading a slot checks its shape first; a slot that is not what this page
// wrote (corrupt, or from an older format) is moved aside with a reason and never half-loaded.

const FORMAT = "shoal-save";
const VERSION = 1;
const slot = (gameId) => `shoal.save.${gameId}`;
const aside = (gameId) => `shoal.aside.${gameId}`;

function storage() {
  try { return window.localStorage; } catch { return null; } // blocked storage (private mode, sandboxed iframe)
}

/** Keep `entry` ({record, seats, names, level, url}) as the unfinished game of its title. */
export function keep(entry) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(slot(entry.record.game), JSON.stringify({ format: FORMAT, version: VERSION, savedAt: Date.now(), ...entry }));
  } catch { /* storage full or blocked: the game goes on, only without a save */ }
}

/** Forget the unfinished game of `gameId` (it ended, or the player started another). */
export function forget(gameId) {
  const store = storage();
  if (store) try { store.removeItem(slot(gameId)); } catch { /* nothing to do */ }
}

/** Move a save that could not be used out of the way, keeping it (for a curious player) under another key. */
export function setAside(gameId, raw) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(aside(gameId), typeof raw === "string" ? raw : JSON.stringify(raw));
    store.removeItem(slot(gameId));
  } catch { /* nothing to do */ }
}

/** Check a parsed save; returns null when it is usable, else the reason. */
export function problem(save, gameId) {
  if (!save || typeof save !== "object" || Array.isArray(save)) return "it is not a saved game";
  if (save.format !== FORMAT) return "it is not a Shoal save";
  if (save.version !== VERSION) return `it was written by another version of Shoal (save format ${save.version})`;
  const r = save.record;
  if (!r || typeof r !== "object" || r.game !== gameId) return "its record is missing or names another game";
  if (!Number.isInteger(r.players) || r.players < 1 || !Array.isArray(r.actions)) return "its record is damaged";
  if (!Array.isArray(save.seats) || save.seats.length !== r.players || !save.seats.every((k) => typeof k === "string")) return "its seats are damaged";
  if (!Array.isArray(save.names) || save.names.length !== r.players) return "its names are damaged";
  return null;
}

/**
 * Every title's unfinished game: {gameId: save}. Saves that fail the check are set aside and reported through
 * `onBad(gameId, reason)`; nothing here can throw into the lobby.
 */
export function unfinished(games, onBad = () => {}) {
  const store = storage();
  const out = {};
  if (!store) return out;
  for (const g of games) {
    let raw = null;
    try { raw = store.getItem(slot(g.id)); } catch { return out; }
    if (raw === null) continue;
    let save = null;
    try { save = JSON.parse(raw); } catch { /* reported below */ }
    const why = save === null ? "it is not readable" : problem(save, g.id);
    if (why) {
      setAside(g.id, raw);
      onBad(g.id, why);
      continue;
    }
    if (save.record.rules_version !== g.rules_version) {
      setAside(g.id, raw);
      onBad(g.id, `it was played under older rules (version ${save.record.rules_version}, now ${g.rules_version})`);
      continue;
    }
    out[g.id] = save;
  }
  return out;
}
