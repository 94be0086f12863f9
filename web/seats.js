// Who can sit at a seat: "human", "bot" (the game's "normal" search level), the other search levels, and the old
// bots kept for practice. Shared by the lobby, the deep-link checks (validate.js) and the turn loop.

// "bot" (in the lobby and in deep links) is the game's "normal" search level; a game without levels falls back to its
// last-listed bot. The levels come first in the seat menu; the old bots stay available for practice.
export function defaultBot(info) {
  return info.bots.includes("normal") ? "normal" : info.bots[info.bots.length - 1];
}

export const LEVELS = ["easy", "normal", "hard"]; // the search levels (app.js: they think; the others answer at once)

export function seatKinds(info) {
  const main = defaultBot(info);
  const levels = LEVELS.filter((b) => info.bots.includes(b) && b !== main);
  return ["human", "bot", ...levels, ...info.bots.filter((b) => b !== main && !levels.includes(b))];
}

export function kindLabel(kind, info) {
  if (kind === "human") return "Human";
  if (kind === "bot") return `Bot (${defaultBot(info)})`;
  return `Bot (${kind})`;
}

/** The seat of the one person at a table of bots: a replay of their game may show that seat's secrets (web/viewer.js
 *  `ownSeat`); a hot-seat table or a table of bots has none, and its replay shows only what a spectator sees. */
export function ownSeat(seats) {
  const humans = seats.flatMap((kind, s) => (kind === "human" ? [s] : []));
  return humans.length === 1 ? humans[0] : null;
}
