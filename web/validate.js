// Checks on everything that reaches the page from outside — a deep link's parameters, a saved file — made before the
// page allocates anything from them (`players=300000000` would freeze the page for half a minute building seat
// arrays). Each check throws an Error whose message is for the player; nothing here decides a rule: the ranges
// come from the game's info (games.json) and the engine checks everything again.
import { seatKinds } from "./seats.js";
import { MAX_SEED, parseSeed } from "./seed.js";

export const NAME_SHOWN = 16; // characters of a player's name the page shows (the lobby's field takes as many)
const NAME_LIMIT = 40; // the engine's bound on a label kept with a record
export const MAX_RECORD_CHARS = 1_000_000; // the engine refuses longer requests; a long match's record is ~50 kB
const MAX_BOT_DELAY = 10_000; // ms

// A value quoted in a message, cut to a readable length (a 10 MB parameter must not become a 10 MB message).
export function brief(value) {
  let text;
  try { text = typeof value === "string" ? value : JSON.stringify(value); } catch { text = String(value); }
  text = String(text);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const playerRange = (info) => (info.min_players === info.max_players ? `${info.min_players}`
  : `${info.min_players} to ${info.max_players}`);

/** Every seat kind the page can seat: "human", "bot", the game's bots (and whatever the lobby offers). */
export function knownKinds(info) { return [...new Set([...seatKinds(info), ...info.bots])]; }

/** `players` as a number of seats this game takes, or an Error saying which numbers it takes. */
export function checkPlayers(info, players) {
  if (!Number.isSafeInteger(players) || players < info.min_players || players > info.max_players) {
    throw new Error(`${info.title} is played by ${playerRange(info)} players, not ${brief(players)}`);
  }
  return players;
}

function checkKind(info, kind, where) {
  if (!knownKinds(info).includes(kind)) {
    throw new Error(`${where} is “${brief(kind)}”: a seat is one of ${knownKinds(info).join(", ")}`);
  }
  return kind;
}

// A comma-separated list from a link, split no further than `limit + 1` items (a huge list is never built).
function listParam(params, name, players, what) {
  const raw = params.get(name);
  if (raw === null || raw === "") return [];
  if (raw.length > 64 * players + 64) throw new Error(`the link's ${name} are too long`);
  const items = raw.split(",", players + 1);
  if (items.length > players) throw new Error(`the link lists more ${what} than the ${players} players`);
  return items;
}

/** A deep link's game setup: {game, info, players, seats, names, seed, seedFromLink, options}. */
export function readDeepLink(params, games) {
  const id = params.get("game");
  const info = games.find((g) => g.id === id);
  if (!info) throw new Error(`there is no game called “${brief(id)}” (games: ${games.map((g) => g.id).join(", ")})`);
  const rawPlayers = params.get("players");
  let players = info.min_players;
  if (rawPlayers !== null) {
    if (!/^\d{1,4}$/.test(rawPlayers)) {
      throw new Error(`${info.title} is played by ${playerRange(info)} players, not “${brief(rawPlayers)}”`);
    }
    players = checkPlayers(info, Number(rawPlayers));
  }
  const kind = (k, s) => (k === "" ? "" : checkKind(info, k, `seat ${s + 1}`));
  const seats = listParam(params, "seats", players, "seats").map(kind);
  const names = listParam(params, "names", players, "names");
  names.forEach((n, s) => {
    if (n.length > NAME_SHOWN) throw new Error(`the name for seat ${s + 1} is longer than ${NAME_SHOWN} characters`);
  });
  let seed;
  try { seed = parseSeed(params.get("seed")); } catch (err) {
    throw new Error(`${err.message}, not “${brief(params.get("seed"))}”`, { cause: err });
  }
  const options = {};
  for (const [name, opt] of Object.entries(info.options)) {
    if (!params.has(name)) continue;
    const raw = params.get(name);
    if (opt.length) { // a sequence option (e.g. &line=1,2,3,10,11,12): split no further, the engine checks the picks
      if (raw) {
        options[name] = raw.split(",", 64).map((tok) => opt.choices.find((c) => String(c) === tok.trim())
          ?? tok.trim());
      }
      continue;
    }
    const choice = opt.choices.find((c) => String(c) === raw || JSON.stringify(c) === raw);
    if (choice === undefined) {
      throw new Error(`“${brief(raw)}” is not a choice for ${opt.label} (${opt.choices.map(String).join(", ")})`);
    }
    options[name] = choice;
  }
  // hints=0: no Hint button, for a game between friends (web/hint.js)
  const hints = params.get("hints");
  if (hints !== null && hints !== "0" && hints !== "1") {
    throw new Error(`hints is 0 (off) or 1 (on), not “${brief(hints)}”`);
  }
  return {
    game: info.id, info, players, seats, names, seed, seedFromLink: seed !== null, options, hints: hints !== "0",
  };
}

/** A game's setup as the lobby keeps it on the device (lobby-memory.js): {players, seats, names, options}, exactly
 *  as the lobby writes it, checked as a link's would be; returns a clean copy or throws (never a part of it). */
export function checkSetup(info, setup) {
  const plain = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!plain(setup) || Object.keys(setup).sort().join(",") !== "names,options,players,seats") {
    throw new Error("not a lobby setup");
  }
  const players = checkPlayers(info, setup.players);
  const { seats, names, options } = setup;
  if (!Array.isArray(seats) || seats.length !== players) throw new Error(`the setup must list ${players} seats`);
  seats.forEach((k, s) => checkKind(info, k, `seat ${s + 1}`));
  if (!Array.isArray(names) || names.length !== players) throw new Error(`the setup must list ${players} names`);
  names.forEach((n, s) => {
    if (typeof n !== "string" || n.length > NAME_SHOWN || (n && seats[s] !== "human")) {
      throw new Error(`the name for seat ${s + 1} is not one the lobby keeps`);
    }
  });
  if (!plain(options)) throw new Error("the setup's options must be an object");
  const clean = {};
  for (const [name, value] of Object.entries(options)) {
    const opt = info.options[name];
    if (!opt) throw new Error(`${info.title} has no option “${brief(name)}”`);
    // A sequence option (AQUA's own Ecosystem line) is its default (off) or one choice per place, in order.
    const ok = opt.length
      ? JSON.stringify(value) === JSON.stringify(opt.default)
        || (Array.isArray(value) && value.length === opt.length && value.every((v) => opt.choices.includes(v)))
      : opt.choices.includes(value);
    if (!ok) throw new Error(`“${brief(value)}” is not a choice for ${opt.label}`);
    clean[name] = Array.isArray(value) ? [...value] : value;
  }
  return { players, seats: [...seats], names: [...names], options: clean };
}

/** The `botDelay` parameter (ms between bot moves): 450 by default, a whole number up to 10 s otherwise. */
export function readBotDelay(params) {
  const raw = params.get("botDelay");
  if (raw === null) return 450;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > MAX_BOT_DELAY) {
    throw new Error(`botDelay must be a whole number of milliseconds up to ${MAX_BOT_DELAY}, not “${brief(raw)}”`);
  }
  return Number(raw);
}

/** A saved file's text, parsed: refused when too long to be a Shoal save or not JSON. */
export function parseRecordText(text, max = MAX_RECORD_CHARS) {
  if (text.length > max) throw new Error("that file is too large to be a Shoal game record");
  try { return JSON.parse(text); } catch { throw new Error("that file is not JSON"); }
}

/** The fields of a record (a saved file, a ?record= link) the page uses, checked before it allocates anything:
 *  {info, players, seats, names, seed, options, clean} where `clean` is what the engine replays. */
export function checkRecord(record, games) {
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    throw new Error("that file is not a Shoal game record");
  }
  const info = games.find((g) => g.id === record.game);
  if (!info) {
    throw new Error(typeof record.game === "string" ? `there is no game called “${brief(record.game)}”`
      : "that file is not a Shoal game record");
  }
  const players = checkPlayers(info, record.players);
  if (!Number.isSafeInteger(record.seed) || record.seed < 0 || record.seed > MAX_SEED) {
    throw new Error(`the record's seed must be a whole number from 0 to ${MAX_SEED}, not ${brief(record.seed)}`);
  }
  if (!Array.isArray(record.actions)) throw new Error("the record has no list of moves");
  const options = record.options ?? {};
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new Error(`the record's options must be an object, not ${brief(options)}`);
  }
  const labels = (key) => {
    if (record[key] === undefined) return null;
    if (!Array.isArray(record[key]) || record[key].length !== players) {
      throw new Error(`the record's ${key} must list one per seat (${players}), not ${brief(record[key])}`);
    }
    record[key].forEach((label, s) => {
      if (typeof label !== "string" || label.length > NAME_LIMIT) {
        throw new Error(`the record's ${key} for seat ${s + 1} must be a text of at most ${NAME_LIMIT} characters`);
      }
    });
    return record[key];
  };
  const kinds = labels("seats");
  const seats = Array.from({ length: players },
    (_, s) => (kinds ? checkKind(info, kinds[s], `the record's seat ${s + 1}`) : "human"));
  const given = labels("names");
  const names = Array.from({ length: players }, (_, s) => (given ? given[s].slice(0, NAME_SHOWN) : ""));
  const { seats: _seats, names: _names, ...clean } = record;
  return { info, players, seats, names, seed: record.seed, options, clean };
}
