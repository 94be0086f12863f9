// The generic end-of-match score sheet: every seat's breakdown rows, the total in [data-score-seat].
import { el } from "./dom.js";

export function renderOutcome(root, view, ui) {
  const { scores, winners, breakdown } = view.outcome;
  const names = winners.map((s) => ui.seatName(s));
  const heading = scores.length === 1 ? "Final score" : winners.length > 1 ? `Shared win: ${names.join(" and ")}` : `${names[0]} won`;
  root.append(
    el("h2", { class: "result", text: heading }),
    el(
      "div",
      { class: "score-sheet" },
      scores.map((score, seat) =>
        el(
          "section",
          { class: "score-card" + (winners.includes(seat) ? " winner" : ""), style: { borderColor: ui.seatColor(seat) } },
          el("h3", {}, ui.seatName(seat), ": ", el("span", { dataset: { scoreSeat: String(seat) }, text: String(score) }), " points"),
          el(
            "table",
            {},
            breakdown[seat].map((row) =>
              el("tr", { class: row.points ? "" : "zero" }, el("td", { text: row.label }), el("td", { class: "pts", text: String(row.points) })),
            ),
          ),
        ),
      ),
    ),
  );
}
