// Match seeds. A seed fixes every shuffle of a match, so whoever knows it knows every hidden card: the page draws it
// from the browser's cryptographic generator over the whole range the engine accepts (0..2^53-1, the integers a
// JavaScript number and JSON carry exactly), never from Math.random or a small range that could be searched.

export const MAX_SEED = 2 ** 53 - 1;

/** A fresh seed, uniform over 0..2^53-1 (53 random bits from crypto.getRandomValues). */
export function newSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}

/** A seed typed or linked by a player: null when `text` is empty (draw a fresh one); an Error with a message for
 *  the player when it is not a whole number in 0..2^53-1. Checked on the digits, so no rounding can let a
 *  too-large number through. */
export function parseSeed(text) {
  const raw = String(text ?? "").trim();
  if (raw === "") return null;
  if (!/^\d+$/.test(raw)) throw new Error(`the seed must be a whole number from 0 to ${MAX_SEED}`);
  const digits = raw.replace(/^0+(?=\d)/, "");
  if (digits.length > 16 || BigInt(digits) > BigInt(MAX_SEED)) throw new Error(`the seed must be at most ${MAX_SEED}`);
  return Number(digits);
}
