// The Studio's drafts: every lesson being written is kept in this browser's localStorage after each change, one key
// per draft, and listed when the Studio opens. A draft read back is checked whole (its envelope and the lesson's
// shape, web/studio/shape.js) before anything is built from it; one that fails is moved aside under its own key with
// the reason — listed, to download or delete — and never half-loaded.
import { checkShape } from "./shape.js";

const FORMAT = "shoal-studio-draft";
const VERSION = 1;
const PREFIX = "shoal.studio.draft.";
const ASIDE = "shoal.studio.aside.";
const ID = /^[a-z0-9]{6,24}$/;

function storage() {
  try { return window.localStorage; } catch { return null; } // blocked (a sandboxed frame, some private modes)
}

function keysWith(store, prefix) {
  const out = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(prefix)) out.push(key);
    }
  } catch { /* what was read is enough */ }
  return out;
}

/** A new draft's id: random, so two tabs never write over each other's drafts. */
export function newId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(36).padStart(2, "0")).join("");
}

/** Whether this browser keeps drafts at all (storage may be blocked). */
export const canKeep = () => storage() !== null;

/**
 * Keep `draft` ({id, created, lesson, labels}). Returns null when kept, else why not (the storage is full or
 * blocked): the Studio says so beside its "Saved" line, and the author can still download the lesson.
 */
export function save(draft) {
  const store = storage();
  if (!store) return "this browser keeps nothing for this page (its storage is blocked)";
  const { id, created, lesson, labels = {} } = draft;
  const value = { format: FORMAT, version: VERSION, id, created, updated: Date.now(), lesson, labels };
  try {
    store.setItem(PREFIX + id, JSON.stringify(value));
    return null;
  } catch {
    return "this browser's storage is full: download the lesson to keep it";
  }
}

// The words the author saw on the board for each move they played or picked (web/studio/table.js `label`):
// {"<seat>|<action>": text}. Only for the author's eyes, never in the lesson file.
const MAX_LABELS = 2000;
function labelsProblem(labels) {
  if (!labels || typeof labels !== "object" || Array.isArray(labels)) return "its move labels are damaged";
  const entries = Object.entries(labels);
  if (entries.length > MAX_LABELS || entries.some(([k, v]) => typeof v !== "string" || v.length > 200
    || k.length > 2000)) {
    return "its move labels are damaged";
  }
  return null;
}

/** Check a stored value; the draft, or an Error saying what is wrong with it. */
function read(raw, id, games) {
  let value;
  try { value = JSON.parse(raw); } catch { return new Error("it is not readable JSON"); }
  if (!value || typeof value !== "object" || value.format !== FORMAT) return new Error("it is not a Studio draft");
  if (value.version !== VERSION) return new Error(`it was written by another version of the Studio (${value.version})`);
  if (value.id !== id || !Number.isFinite(value.updated) || !Number.isFinite(value.created)) {
    return new Error("its envelope is damaged");
  }
  const bad = labelsProblem(value.labels);
  if (bad) return new Error(bad);
  try { checkShape(value.lesson, games); } catch (err) { return err; }
  return value;
}

/** Move a stored value out of the drafts, with the reason; it is listed among the set-aside drafts. */
function setAside(store, id, raw, reason) {
  try {
    store.setItem(ASIDE + id, JSON.stringify({ at: Date.now(), reason, raw }));
    store.removeItem(PREFIX + id);
  } catch {
    /* too full to copy: it stays where it is, and is refused again (and said again) next time */
  }
}

/** Every usable draft, newest first: [{id, created, updated, lesson}]. Unusable ones are set aside on the way. */
export function list(games) {
  const store = storage();
  if (!store) return [];
  const out = [];
  for (const key of keysWith(store, PREFIX)) {
    const id = key.slice(PREFIX.length);
    const raw = store.getItem(key);
    const got = ID.test(id) ? read(raw, id, games) : new Error("its name is not one the Studio writes");
    if (got instanceof Error) setAside(store, id.replace(/[^a-z0-9]/g, "").slice(0, 24) || newId(), raw, got.message);
    else out.push(got);
  }
  return out.sort((a, b) => b.updated - a.updated);
}

/** One draft, checked whole; null when there is none; an Error (and the draft set aside) when it is unusable. */
export function load(id, games) {
  const store = storage();
  if (!store || !ID.test(id)) return null;
  const raw = store.getItem(PREFIX + id);
  if (raw === null) return null;
  const got = read(raw, id, games);
  if (got instanceof Error) setAside(store, id, raw, got.message);
  return got;
}

export function remove(id) {
  const store = storage();
  try { store?.removeItem(PREFIX + id); } catch { /* nothing to do */ }
}

/** The set-aside drafts: [{id, at, reason, raw}], newest first. */
export function asideList() {
  const store = storage();
  if (!store) return [];
  const out = [];
  for (const key of keysWith(store, ASIDE)) {
    let value = null;
    try { value = JSON.parse(store.getItem(key)); } catch { /* listed as unreadable */ }
    const ok = value && typeof value.raw === "string" && typeof value.reason === "string";
    out.push({ id: key.slice(ASIDE.length), at: ok ? value.at : 0, reason: ok ? value.reason : "it is not readable",
      raw: ok ? value.raw : String(store.getItem(key)) });
  }
  return out.sort((a, b) => b.at - a.at);
}

export function dropAside(id) {
  const store = storage();
  try { store?.removeItem(ASIDE + id); } catch { /* nothing to do */ }
}
