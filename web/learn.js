// "Learn to play": one page per game (learn.html?game=museum), built from the site's compiled lessons
// (lessons/index.json, written by the build). The chosen lesson (&lesson=<id>) is shown in the step viewer at once,
// from its precomputed views; Python starts for a question or "play on from here", and once the page is idle when the
// lesson asks a question (so its first question does not wait for the whole boot). A lesson the reader finished in
// this browser (web/lesson-memory.js) is ticked in the list.
import { el } from "./dom.js";
import { site } from "./board.js";
import { Shoal } from "./embed.js";
import { startWhenIdle } from "./engine.js";
import { finished } from "./lesson-memory.js";

const params = new URLSearchParams(location.search);
const screen = document.getElementById("screen");

// A finished lesson's tick, read by a screen reader as "finished"; an unfinished one keeps the room, so titles align.
function tick(lesson, done = finished(lesson)) {
  return el("span", { class: "learn-tick", dataset: { finished: done ? "1" : "0" }, "aria-hidden": done ? null : "true",
    title: done ? "Finished" : null }, done ? [el("span", { "aria-hidden": "true", text: "✓" }),
    el("span", { class: "sr-only", text: "Finished: " })] : null);
}

function countLine(list) {
  const done = list.filter((l) => finished(l)).length;
  return done ? `${done} of ${list.length} lessons finished` : `${list.length} lessons`;
}

async function main() {
  const [{ games }, lessons] = await Promise.all(
    [site(), fetch("./lessons/index.json").then((r) => (r.ok ? r.json() : []), () => [])]);
  const game = games.find((g) => g.id === params.get("game"));
  if (!game) {
    // No game named: every game with its lessons.
    screen.replaceChildren(el("h1", { text: "Learn to play" }),
      el("div", { class: "learn-games" }, games.map((g) => el("section", { class: "learn-game" },
      el("h2", {}, el("a", { href: `learn.html?game=${g.id}`, text: g.title })), el("p", { text: g.summary }),
      el("p", { class: "hint", text: countLine(lessons.filter((l) => l.game === g.id)) })))),
      el("p", { class: "learn-studio" }, el("a", { href: "studio.html", dataset: { studioLink: "learn" },
        text: "Write a lesson of your own in the Lesson Studio" })));
    document.body.dataset.status = "learn";
    return;
  }
  const mine = lessons.filter((l) => l.game === game.id);
  const chosen = mine.find((l) => l.id === params.get("lesson")) || mine[0];
  document.title = `Learn to play ${game.title} — Shoal`;
  const host = el("div", { class: "learn-board" });
  screen.replaceChildren(
    el("h1", { text: `Learn to play ${game.title}` }),
    el("nav", { class: "learn-nav" },
      el("ol", { class: "learn-list" }, mine.map((l) => el("li", { class: l === chosen ? "current" : "" },
        el("a", { href: `learn.html?game=${game.id}&lesson=${l.id}`, dataset: { lesson: l.id } },
          tick(l), el("strong", { text: l.title }), el("small", { text: ` ${l.summary || ""}` }))))),
      el("p", {}, el("a", { class: "button", href: `index.html?game=${game.id}`, text: `Play ${game.title}` }),
        " ", el("a", { href: "learn.html", text: "Other games" }),
        chosen ? [" ", el("a", { href: `studio.html?lesson=${chosen.id}`, dataset: { studioLink: "learn" },
          text: "Open a copy in the Lesson Studio" })] : null)),
    mine.length ? host : el("p", { class: "hint", text: "No lessons for this game yet." }),
    el("details", { class: "rules" }, el("summary", { text: "Rules summary" }),
      el("ul", {}, game.rules.map((r) => el("li", { text: r })))));
  if (chosen) {
    const board = await Shoal.mount(host,
      { lesson: `lessons/${chosen.id}.json`, step: params.has("step") ? parseInt(params.get("step"), 10) : undefined });
    window.shoalBoard = board;
    if (board.viewer.lesson.steps.some((s) => s.question)) startWhenIdle(Shoal.engine);
    board.on("progress", (p) => { // finishing the lesson on this page ticks it at once
      const mark = screen.querySelector(`.learn-list a[data-lesson="${chosen.id}"] .learn-tick`);
      if (mark) mark.replaceWith(tick(chosen, p.finished));
    });
    board.viewer.root.focus({ preventScroll: true });
  }
  document.body.dataset.status = "learn";
}

main().catch((err) => {
  screen.replaceChildren(el("p", { class: "error", role: "alert",
    text: `The lessons could not open: ${err.message}` }));
  document.body.dataset.status = "error";
});
