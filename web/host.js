// What a board tells the page that holds it: an iframe's parent (postMessage) or an embedding page's listeners
// (web/embed.js). That page is not a player: it hears only what the spectator may see, never a person's or a bot's
// secret choice (a face-down card, a card kept in a pass, a discard), even at a hot-seat table.
import { brief } from "./validate.js";

/**
 * A move as the host hears it: the seat that moved, and its action only in a game without secrets between seats
 * (every view shows every action there); in any other game the spectator's view is the move's whole public effect.
 */
export function publicMove(info, seat, action) {
  return info && !info.private_views && action !== undefined ? { seat, action } : { seat };
}

/**
 * postMessage's targetOrigin for the iframe's parent, from the link's `parentOrigin=` (an http(s) origin such as
 * `https://teacher.example`): only a parent of that origin receives the events. Without it, "*": whatever page frames
 * the site hears them (public events only). Throws an Error for the player on a value that is not such an origin.
 */
export function parentTarget(params) {
  const raw = params.get("parentOrigin");
  if (raw === null) return "*";
  let origin = null;
  try { origin = new URL(raw).origin; } catch { /* said below */ }
  // Exactly an origin (scheme, host, port; a trailing "/" allowed): a path or a typo must not widen who hears.
  if (!origin || !/^https?:\/\//.test(origin) || raw.replace(/\/$/, "").toLowerCase() !== origin) {
    throw new Error(`parentOrigin must be an origin such as https://example.org, not “${brief(raw)}”`);
  }
  return origin;
}
