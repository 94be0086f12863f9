// The shape of a hand-written lesson as the Studio edits it: the fields and types docs/lessons.md names, checked
// before the Studio builds any screen from a lesson it did not write itself (a draft read back from storage, a file
// opened). Whether the moves are legal, the refs drawn and the questions answerable is the engine's to say
// (lesson_check); this only makes sure the Studio never half-loads something it cannot show. Messages speak as the
// engine's do: "lesson step N, field: why".

const plain = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const LESSON_KEYS = ["title", "summary", "game", "players", "options", "seed", "start", "viewer", "steps", "id",
  "format"];
const STEP_KEYS = ["move", "comment", "highlight", "viewer", "question"];
// A question's gamebook fields (hint, explain, refute) are kept as written: the engine checks them.
const QUESTION_KEYS = ["seat", "prompt", "accept", "right", "wrong", "hint", "explain", "refute"];
const START_KEYS = ["position", "record", "actions"];
export const MAX_STEPS = 400; // far above a real lesson (the shipped ones have 2 to 8), far below a frozen page

function fail(step, field, why) {
  throw new Error(`lesson ${step === null ? "" : `step ${step + 1}, `}${field}: ${why}`);
}

function known(obj, keys, step, field) {
  const extra = Object.keys(obj).filter((k) => !keys.includes(k));
  if (extra.length) fail(step, field, `unknown field(s) ${extra.map((k) => JSON.stringify(k)).join(", ")}`);
}

const isSeat = (v, players) => Number.isInteger(v) && v >= 0 && v < players;

/**
 * Check `lesson` (a parsed object) against the hand-written format's shape, for the games of `games` (games.json).
 * Returns it unchanged, or throws an Error naming the step and the field. Nothing is repaired or dropped.
 */
export function checkShape(lesson, games) {
  if (!plain(lesson)) throw new Error("a lesson is a JSON object");
  known(lesson, LESSON_KEYS, null, "top level");
  if (typeof lesson.title !== "string") fail(null, "title", "must be text");
  if (lesson.summary !== undefined && typeof lesson.summary !== "string") fail(null, "summary", "must be text");
  const info = games.find((g) => g.id === lesson.game);
  if (!info) fail(null, "game", `must be one of ${games.map((g) => g.id).join(", ")}`);
  const n = lesson.players;
  if (!Number.isInteger(n) || n < info.min_players || n > info.max_players) {
    fail(null, "players", `${info.title} is for ${info.min_players}–${info.max_players} players`);
  }
  if (lesson.options !== undefined && !plain(lesson.options)) fail(null, "options", "must be an object");
  if (lesson.seed !== undefined && !Number.isSafeInteger(lesson.seed)) fail(null, "seed", "must be a whole number");
  if (lesson.viewer !== undefined && lesson.viewer !== null && !isSeat(lesson.viewer, n)) {
    fail(null, "viewer", `must be a seat 0–${n - 1} or null`);
  }
  if (lesson.start !== undefined && lesson.start !== null) {
    const s = lesson.start;
    if (!plain(s)) fail(null, "start", "must be an object");
    known(s, START_KEYS, null, "start");
    if (s.position !== undefined && typeof s.position !== "string") fail(null, "start.position", "must be text");
    if (s.record !== undefined && !plain(s.record)) fail(null, "start.record", "must be a game record");
    if (s.actions !== undefined && !Array.isArray(s.actions)) fail(null, "start.actions", "must be a list");
  }
  if (!Array.isArray(lesson.steps) || !lesson.steps.length) fail(null, "steps", "a lesson has at least one step");
  if (lesson.steps.length > MAX_STEPS) fail(null, "steps", `at most ${MAX_STEPS} steps`);
  lesson.steps.forEach((step, i) => checkStep(step, i, n));
  return lesson;
}

function checkStep(step, i, players) {
  if (!plain(step)) fail(i, "step", "must be an object");
  known(step, STEP_KEYS, i, "fields");
  if (typeof step.comment !== "string") fail(i, "comment", "must be text");
  if (step.move !== undefined && step.move !== null
    && !(Array.isArray(step.move) && step.move.length === 2 && isSeat(step.move[0], players) && plain(step.move[1]))) {
    fail(i, "move", "must be [seat, action] or null");
  }
  if (step.highlight !== undefined
    && !(Array.isArray(step.highlight) && step.highlight.every((r) => typeof r === "string"))) {
    fail(i, "highlight", "must be a list of refs");
  }
  if (step.viewer !== undefined && step.viewer !== null && !isSeat(step.viewer, players)) {
    fail(i, "viewer", `must be a seat 0–${players - 1} or null`);
  }
  const q = step.question;
  if (q === undefined || q === null) return;
  if (!plain(q)) fail(i, "question", "must be an object");
  known(q, QUESTION_KEYS, i, "question");
  if (!isSeat(q.seat, players)) fail(i, "question.seat", `must be a seat 0–${players - 1}`);
  for (const key of ["prompt", "right", "wrong"]) {
    if (typeof q[key] !== "string") fail(i, `question.${key}`, "must be text");
  }
  if (!Array.isArray(q.accept) && !plain(q.accept)) {
    fail(i, "question.accept", "must be a list of moves or a condition");
  }
}
