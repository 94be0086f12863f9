// Statistics of one game's kept games (web/history.js entries), for the person who plays on this device: only a game
// one person played against bots (its `own` seat) says how that person did; a hot-seat game or a table of bots only
// counts. Scores, winners and the solo rating are the engine's, stored when the game ended (or replayed on import):
// nothing here scores or rates anything.

const LEVEL_ORDER = ["beginner", "easy", "normal", "hard"];
const levelRank = (name) => { const i = LEVEL_ORDER.indexOf(name); return i < 0 ? LEVEL_ORDER.length : i; };

/** The bots a game was played against, as one label: "normal", or "easy + hard" for a mixed table. */
export function opponents(entry) {
  const levels = [...new Set(entry.levels.filter((l, s) => l !== null && s !== entry.own))];
  levels.sort((a, b) => levelRank(a) - levelRank(b) || (a < b ? -1 : 1));
  return levels.join(" + ");
}

const won = (e) => e.winners.includes(e.own);

/**
 * {games, played, byLevel: [{level, games, wins, share}], best, mean, solo: {games, best, rating} | null,
 * streak: {current, longest}} for `entries` (one game's, any order).
 */
export function gameStats(entries) {
  const mine = entries.filter((e) => e.own !== null).sort((a, b) => a.at - b.at);
  const versus = mine.filter((e) => e.players > 1);
  const levels = new Map();
  for (const e of versus) {
    const key = opponents(e);
    const row = levels.get(key) || { level: key, games: 0, wins: 0 };
    row.games++;
    if (won(e)) row.wins++;
    levels.set(key, row);
  }
  const byLevel = [...levels.values()].map((r) => ({ ...r, share: r.wins / r.games }));
  const scores = mine.map((e) => e.scores[e.own]);
  let current = 0;
  let longest = 0;
  for (const e of versus) {
    current = won(e) ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  const solos = mine.filter((e) => e.players === 1);
  const bestSolo = solos.reduce((b, e) => (!b || e.scores[0] > b.scores[0] ? e : b), null);
  return {
    games: entries.length,
    played: mine.length,
    byLevel,
    wins: versus.filter(won).length,
    versus: versus.length,
    best: scores.length ? Math.max(...scores) : null,
    mean: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
    solo: bestSolo ? { games: solos.length, best: bestSolo.scores[0], rating: bestSolo.rating } : null,
    streak: { current, longest },
  };
}
