// The lobby's last choices, kept on this device: for each game the player last started from the lobby, its number of
// players, who sits where (and at which level), the names and the options — never the seed, which deals the cards. The
// lobby offers them on the next visit; Reset forgets them. Read back like any input from outside the page: every
// setup is checked as a link's would be (validate.js), and a stored value that fails any check is ignored whole.

import { checkSetup } from "./validate.js";

const KEY = "shoal.lobby";
const FORMAT = "shoal-lobby";
const VERSION = 1;
const MAX_CHARS = 50_000; // far above what the lobby writes (four games' setups are ~1 kB)

function storage() {
  try { return window.localStorage; } catch { return null; } // blocked storage: the lobby simply forgets
}

/** What is kept, checked: {last: gameId, setups: {gameId: {players, seats, names, options}}}, or null (nothing
 *  usable: never stored, forgotten, or a value that is not exactly what remember() writes for these games). */
export function recall(games) {
  let raw;
  try { raw = storage()?.getItem(KEY) ?? null; } catch { return null; }
  if (raw === null || raw.length > MAX_CHARS) return null;
  try {
    const kept = JSON.parse(raw);
    if (!kept || typeof kept !== "object" || Array.isArray(kept)) return null;
    if (Object.keys(kept).sort().join(",") !== "format,last,setups,version" || kept.format !== FORMAT
      || kept.version !== VERSION) {
      return null;
    }
    const { setups } = kept;
    if (!setups || typeof setups !== "object" || Array.isArray(setups) || !Object.hasOwn(setups, kept.last)) {
      return null;
    }
    const clean = {};
    for (const [id, setup] of Object.entries(setups)) {
      const info = games.find((g) => g.id === id);
      if (!info) return null; // a game this site does not have: the value is not this site's
      clean[id] = checkSetup(info, setup); // throws on anything the lobby would not have written
    }
    return { last: kept.last, setups: clean };
  } catch {
    return null;
  }
}

/** Keep `setup` as the last choice for game `info` (beside the other games' kept setups). Never throws: a setup
 *  that could not be read back as it is (it fails the check) is not kept, and the game starts all the same. */
export function remember(games, info, setup) {
  const store = storage();
  if (!store) return;
  try {
    const kept = recall(games) ?? { setups: {} };
    const value = { format: FORMAT, version: VERSION, last: info.id,
      setups: { ...kept.setups, [info.id]: checkSetup(info, setup) } };
    store.setItem(KEY, JSON.stringify(value));
  } catch { /* not a setup the lobby keeps, or storage full or blocked */ }
}

/** Forget every kept choice (the lobby's Reset). */
export function forget() {
  try { storage()?.removeItem(KEY); } catch { /* nothing to forget */ }
}
