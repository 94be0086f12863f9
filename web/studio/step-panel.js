// The current step's panel: its move, its comment, what it lights up, whose view the reader gets, and its question.
// Typing changes the lesson at once (kept, then checked); only a change of structure draws the panel again, so the
// caret never jumps while the author writes.
import { el } from "../dom.js";
import { field, seatLabel } from "./fields.js";
import { questionForm } from "./question.js";

/** The nodes of the step panel for `ed` (the Editor). */
export function stepPanel(ed) {
  const step = ed.step;
  const i = ed.current;
  const slots = ed.slots;
  const parts = [el("h2", { id: "studio-step-title", text: `Step ${i + 1} of ${ed.lesson.steps.length}` })];
  if (step.move) {
    parts.push(field("Move played at this step", el("output", { text: ed.describe(step.move[0], step.move[1]) }),
      { path: "move", slots, cls: "studio-move" }));
  } else {
    parts.push(el("p", { class: "hint", text: i === 0 ? "The lesson's starting position." : "No move: the position "
      + "of the step before, with new words." }));
  }
  const comment = el("textarea", { rows: 4, dataset: { studio: "comment" }, value: step.comment,
    placeholder: "What the reader reads at this step",
    oninput: (e) => ed.change(() => { step.comment = e.target.value; }),
    onchange: () => ed.drawSteps() });
  comment.value = step.comment;
  parts.push(field("Comment", comment, { path: "comment", slots }));
  parts.push(highlights(ed));
  parts.push(viewerField(ed));
  if (step.question) {
    parts.push(questionForm(ed));
  } else {
    parts.push(el("button", { type: "button", class: "primary", dataset: { studio: "question" },
      onclick: () => makeQuestion(ed), text: "Make this step a question" }),
    el("p", { class: "hint", text: "The reader then answers by playing a move here; you pick the right moves on the "
      + "board, or a condition." }));
  }
  parts.push(el("ul", { class: "studio-step-problems studio-problem", hidden: true }));
  return parts;
}

// The lit-up things: one chip each (a button that removes it), and the list of everything drawn on the board, one
// checkbox each — the keyboard's way to do what a click on the board does.
function highlights(ed) {
  const refs = ed.step.highlight || [];
  const chips = el("ul", { class: "studio-chips", tabindex: "-1", "aria-label": "Highlighted on the board" },
    refs.length ? refs.map((ref) => el("li", {}, el("button", {
      type: "button", class: "studio-chip", dataset: { studioUnlight: ref, focusKey: `unlight-${ref}` },
      "aria-label": `Stop highlighting ${ref}`,
      onclick: () => ed.toggleRef(ref),
    }, el("span", { text: ref }), el("span", { "aria-hidden": "true", text: " ×" }))))
      : el("li", { class: "hint",
        text: "Nothing yet: choose “Highlight” above the board and click what to light up." }));
  const all = el("div", { class: "studio-drawn" });
  const list = el("details", { class: "studio-drawn-box", open: Boolean(ed.drawnOpen), ontoggle: () => {
    ed.drawnOpen = list.open;
    if (list.open) fillDrawn(ed, all);
  } },
    el("summary", { text: "Everything drawn on the board" }), all);
  ed.onDrawn = () => { if (list.open) fillDrawn(ed, all); };
  if (list.open) fillDrawn(ed, all);
  const problem = el("p", { class: "studio-problem", hidden: true, id: "studio-highlight-problem" });
  chips.setAttribute("aria-describedby", problem.id);
  const wrap = el("div", { class: "studio-field", dataset: { field: "highlight" } },
    el("span", { class: "studio-label", text: "Highlighted" }), chips, problem, list);
  wrap.input = chips;
  wrap.problem = problem;
  ed.slots.highlight = wrap;
  return wrap;
}

function fillDrawn(ed, box) {
  const lit = new Set(ed.step.highlight || []);
  const byKind = new Map();
  for (const ref of ed.table.drawnRefs()) {
    const kind = ref.split(":")[0];
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(ref);
  }
  box.replaceChildren(...[...byKind].map(([kind, refs]) => el("fieldset", { class: "studio-kind" },
    el("legend", { text: `${kind} (${refs.length})` }),
    refs.map((ref) => el("label", { class: "studio-check" }, el("input", {
      type: "checkbox", checked: lit.has(ref), dataset: { studioLight: ref, focusKey: `light-${ref}` },
      onchange: () => ed.toggleRef(ref),
    }), ` ${ref}`)))));
  if (!byKind.size) box.replaceChildren(el("p", { class: "hint", text: "The board draws nothing that can be named." }));
}

// Whose view the reader gets at this step: the lesson's default, the spectator or a seat; a question is always
// shown from its own seat.
function viewerField(ed) {
  const step = ed.step;
  const players = ed.lesson.players;
  const q = step.question;
  const deflt = ed.lesson.viewer ?? null;
  const current = q ? String(q.seat) : "viewer" in step ? (step.viewer === null ? "null" : String(step.viewer)) : "";
  const select = el("select", { dataset: { studio: "viewer" }, disabled: Boolean(q), onchange: (e) => {
    const v = e.target.value;
    ed.change(() => {
      if (v === "") delete step.viewer;
      else step.viewer = v === "null" ? null : +v;
    });
    ed.refollow();
  } },
  el("option", { value: "", selected: current === "", text: `As the lesson says (${seatLabel(deflt)})` }),
  el("option", { value: "null", selected: current === "null", text: "The spectator (no hidden card)" }),
  Array.from({ length: players }, (_, s) => el("option", { value: String(s), selected: current === String(s),
    text: seatLabel(s) })));
  return field("The reader sees the board as", select, { path: "viewer", slots: ed.slots,
    hint: q ? "A question is shown from the seat that answers it." : null });
}

// A new question asks the seat on show if it is to act, else the first seat to act; the board then takes clicks on
// moves as right answers.
function makeQuestion(ed) {
  const view = ed.table.view;
  const toAct = view ? view.to_act : [];
  const seat = toAct.includes(ed.table.viewer) ? ed.table.viewer : toAct.length ? toAct[0] : 0;
  ed.change(() => {
    ed.step.question = { seat, prompt: "", accept: [], right: "", wrong: "" };
    if ("viewer" in ed.step && ed.step.viewer !== seat) delete ed.step.viewer;
  }, { steps: true });
  ed.setMode("answer");
  ed.drawStep();
  const prompt = ed.stepBox.querySelector("[data-studio=prompt]");
  if (prompt) prompt.focus();
}
