// The page's side of the worker: one promise per request, JSON both ways.
import { addCall } from "./latency.js";

export class Engine {
  constructor(stamp, onProgress) {
    const boot = window.shoalBoot; // started by index.html before any module loaded
    this.worker = boot ? boot.worker : new Worker(new URL(`./worker.js?v=${stamp}`, import.meta.url),
      { type: "module", name: stamp });
    this.marks = boot ? boot.marks : [["worker-created", performance.now()]]; // the boot's timeline
    this.pending = new Map();
    this.next = 1;
    this.booted = false; // Python is up: a question's answer is a round trip away, not a download
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.progress) {
          onProgress(data.progress);
          if (data.progress === "ready") { // "snapshot" or "plain"
            this.boot = data.boot;
            this.marks.push(...(data.marks || []).map(([name, at]) => [name, at - performance.timeOrigin]),
              ["ready-received", performance.now()]);
            this.booted = true;
            resolve();
          }
        } else if (data.fatal) {
          reject(new Error(data.fatal));
        } else {
          const done = this.pending.get(data.id);
          this.pending.delete(data.id);
          const t0 = performance.now();
          const answer = JSON.parse(data.answer);
          done(answer, data.ms || 0, performance.now() - t0);
        }
      };
      this.worker.onerror = (e) => reject(new Error(e.message || "the engine worker failed to start"));
      if (boot) for (const event of boot.early.splice(0)) this.worker.onmessage(event);
    });
  }

  // Resolves with the answer object ({ok: true, ...}); rejects with the engine's message when ok is false.
  /** Note a moment of the boot on its timeline (the first answer, the first board painted). */
  mark(name) { this.marks.push([name, performance.now()]); }

  /** Let the worker warm up the paths of the match it opened first (once the first board is on screen). */
  warmUp() { this.worker.postMessage({ warm: true }); }

  call(cmd, args = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const sent = performance.now();
      this.pending.set(id, (answer, pythonMs, jsonMs) => {
        addCall(performance.now() - sent - pythonMs - jsonMs, pythonMs, jsonMs);
        if (answer.ok) resolve(answer); else reject(new Error(answer.error));
      });
      this.worker.postMessage({ id, request: JSON.stringify({ cmd, ...args }) });
    });
  }
}

/** The engine made by `make` on first use: any property read (call, ready, mark…) makes it, as `start()` does. */
export function onFirstUse(make) {
  let made = null;
  return new Proxy({}, {
    get(_, key) {
      made ||= make();
      if (key === "start") return () => made;
      const value = made[key];
      return typeof value === "function" ? value.bind(made) : value;
    },
  });
}

/** Start the engine once the page has been idle for a while (`ms` after the call, then the browser's next idle
    moment): a page that opts in (`preload: true`) has Python ready before its reader's first question, and a page
    that does not downloads no Python for a reader who only reads. */
export function startWhenIdle(start, ms = 3000) {
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 0));
  setTimeout(() => idle(() => start(), { timeout: 2000 }), ms);
}
