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
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.progress) {
          onProgress(data.progress);
          if (data.progress === "ready") { // "snapshot" or "plain"
            this.boot = data.boot;
            this.marks.push(...(data.marks || []).map(([name, at]) => [name, at - performance.timeOrigin]),
              ["ready-received", performance.now()]);
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
