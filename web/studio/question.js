// A step's question: who answers, what they are asked, which answers are right — moves picked on the board, or a
// condition of the game's (lesson_conditions, the engine's own list for this game) — and the two replies.
import { el } from "../dom.js";
import { field, seatLabel } from "./fields.js";

/** The question's fieldset for `ed` (the Editor); its step has a question. */
export function questionForm(ed) {
  const q = ed.step.question;
  const slots = ed.slots;
  const text = (key, label, studio, rows, hint) => {
    const box = el(rows ? "textarea" : "input", { dataset: { studio }, ...(rows ? { rows } : { type: "text" }),
      oninput: (e) => ed.change(() => { q[key] = e.target.value; }) });
    box.value = q[key];
    return field(label, box, { path: `question.${key}`, slots, hint });
  };
  const seat = el("select", { dataset: { studio: "question-seat" }, onchange: (e) => {
    ed.change(() => { q.seat = +e.target.value; if ("viewer" in ed.step) delete ed.step.viewer; }, { step: true });
    ed.refollow();
  } }, Array.from({ length: ed.lesson.players }, (_, s) => el("option",
    { value: s, selected: s === q.seat, text: seatLabel(s) })));
  return el("fieldset", { class: "studio-question" }, el("legend", { text: "Question" }),
    field("Who answers", seat, { path: "question.seat", slots,
      hint: "That seat must be the one to move here; the reader plays it." }),
    text("prompt", "What the reader is asked", "prompt", 0),
    acceptBlock(ed),
    text("right", "Reply to a right answer", "right", 2),
    text("wrong", "Reply to a wrong answer", "wrong", 2, "Say why: what the move misses."),
    el("button", { type: "button", dataset: { studio: "unquestion" }, onclick: () => {
      ed.change(() => { delete ed.step.question; }, { steps: true });
      ed.setMode("play");
      ed.drawStep();
    }, text: "Remove the question" }));
}

const kindOf = (accept) => (Array.isArray(accept) ? "moves" : accept && typeof accept.condition === "string"
  && accept.condition !== "any_of" ? "condition" : "written");

// Which answers are right: the moves picked on the board, a condition, or (a lesson opened from a file) anything else
// the format allows, such as "any_of", as JSON.
function acceptBlock(ed) {
  const q = ed.step.question;
  const kind = kindOf(q.accept);
  const body = el("div", { class: "studio-accept-body" });
  const problem = el("p", { class: "studio-problem", hidden: true, id: "studio-accept-problem" });
  const choose = (value, label) => el("label", { class: "studio-check" }, el("input", {
    type: "radio", name: "studio-accept", value, checked: kind === value,
    dataset: { studioAccept: value, focusKey: `accept-${value}` },
    onchange: () => {
      ed.change(() => {
        q.accept = value === "moves" ? [] : value === "condition" ? firstCondition(ed) : q.accept;
      }, { step: true });
      if (value === "moves") ed.setMode("answer");
    },
  }), ` ${label}`);
  const wrap = el("fieldset", { class: "studio-field studio-accept", dataset: { field: "question.accept" },
    "aria-describedby": problem.id },
  el("legend", { text: "Right answers" }),
  el("div", { class: "studio-accept-kinds" }, choose("moves", "Moves picked on the board"),
    choose("condition", "A condition the engine checks"),
    kind === "written" ? choose("written", "As written in the file") : null),
  body, problem);
  wrap.input = wrap;
  wrap.problem = problem;
  ed.slots["question.accept"] = wrap;
  if (kind === "moves") body.append(...movesList(ed));
  else if (kind === "condition") conditionForm(ed, body);
  else body.append(writtenAccept(ed));
  return wrap;
}

function movesList(ed) {
  const q = ed.step.question;
  const items = q.accept.map((action, j) => el("li", {}, el("span", { text: ed.describe(q.seat, action) }), " ",
    el("button", { type: "button", dataset: { studioUnaccept: String(j), focusKey: `unaccept-${j}` },
      "aria-label": `No longer accept move ${j + 1}`,
      onclick: () => ed.change(() => { q.accept = q.accept.filter((_, k) => k !== j); }, { step: true }),
      text: "Remove" })));
  return [
    items.length ? el("ol", { class: "studio-accepted" }, items)
      : el("p", { class: "hint", text: "None yet." }),
    el("p", { class: "hint" }, ed.mode === "answer"
      ? `Click each right move on the board (as ${seatLabel(q.seat)} sees it); a second click takes it back.`
      : "", ed.mode === "answer" ? null : el("button", { type: "button", dataset: { studio: "pick-answers" },
      onclick: () => ed.setMode("answer"), text: "Pick them on the board" })),
  ];
}

// The game's conditions: the engine's list, asked once per page.
async function conditions(ed) {
  if (!ed.conditions) {
    // "any_of" combines others: a lesson written by hand may use it (drawn as JSON), the list offers the rest.
    ed.conditions = ed.ctx.engine.call("lesson_conditions", { game: ed.lesson.game })
      .then((got) => got.conditions.filter((c) => c.name !== "any_of"));
  }
  return ed.conditions;
}

function firstCondition(ed) {
  const known = ed.conditionList || [];
  return known.length ? { condition: known[0].name } : { condition: "best_by_bot" };
}

function conditionForm(ed, body) {
  body.append(el("p", { class: "hint", text: "Reading the conditions of this game…" }));
  conditions(ed).then((list) => {
    ed.conditionList = list;
    body.replaceChildren(...conditionFields(ed, list));
  }, (err) => body.replaceChildren(
    el("p", { class: "error", text: `The engine lists no conditions: ${err.message}` })));
}

function conditionFields(ed, list) {
  const q = ed.step.question;
  const chosen = list.find((c) => c.name === q.accept.condition);
  const select = el("select", { dataset: { studio: "condition" }, onchange: (e) => {
    ed.change(() => { q.accept = { condition: e.target.value }; }, { step: true });
  } }, (chosen ? [] : [el("option", { value: q.accept.condition, selected: true, text: q.accept.condition })]),
  list.map((c) => el("option", { value: c.name, selected: c === chosen, text: c.name })));
  const out = [field("Condition", select, { hint: chosen ? chosen.help : "Not a condition of this game." })];
  for (const p of chosen ? chosen.params || [] : []) out.push(paramField(ed, p));
  return out;
}

// One parameter of a condition: a list of choices, a number, a yes/no or a text; empty means the default.
function paramField(ed, p) {
  const accept = ed.step.question.accept;
  const set = (value) => ed.change(() => {
    if (value === undefined) delete accept[p.name];
    else accept[p.name] = value;
  });
  const has = p.name in accept;
  let control;
  const type = String(p.type || "").toLowerCase();
  if (Array.isArray(p.choices) && p.choices.length) {
    const named = (i) => p.labels && p.labels[i] !== undefined && p.labels[i] !== String(p.choices[i]);
    const label = (i) => (named(i) ? `${p.labels[i]} (${p.choices[i]})` : String(p.choices[i]));
    control = el("select", { dataset: { studioParam: p.name }, onchange: (e) => {
      set(e.target.value === "" ? undefined : JSON.parse(e.target.value));
    } }, el("option", { value: "", selected: !has, text: p.default !== undefined ? `(default: ${p.default})`
      : "(default)" }),
    p.choices.map((c, i) => el("option", { value: JSON.stringify(c), selected: has && accept[p.name] === c,
      text: label(i) })));
  } else if (/^(bool|boolean)$/.test(type)) {
    control = el("input", { type: "checkbox", checked: has ? accept[p.name] === true : p.default === true,
      dataset: { studioParam: p.name }, onchange: (e) => set(e.target.checked) });
  } else if (/^(int|integer|number|float)$/.test(type)) {
    control = el("input", { type: "number", dataset: { studioParam: p.name }, value: has ? accept[p.name] : "",
      placeholder: p.default !== undefined ? `default ${p.default}` : "", step: /float|number/.test(type) ? "any" : 1,
      oninput: (e) => set(e.target.value === "" ? undefined : Number(e.target.value)) });
  } else {
    control = el("input", { type: "text", dataset: { studioParam: p.name }, value: has ? accept[p.name] : "",
      placeholder: p.default !== undefined ? `default ${p.default}` : "",
      oninput: (e) => set(e.target.value === "" ? undefined : e.target.value) });
  }
  return field(p.name, control, { hint: p.help, path: `question.accept.${p.name}`, slots: ed.slots });
}

// An `accept` the forms above do not draw (any_of, from a file): its JSON, taken when it parses.
function writtenAccept(ed) {
  const q = ed.step.question;
  const box = el("textarea", { rows: 4, class: "studio-json", dataset: { studio: "accept-json" },
    "aria-label": "Right answers, as JSON" });
  box.value = JSON.stringify(q.accept, null, 1);
  const said = el("p", { class: "hint", role: "status" });
  box.addEventListener("input", () => {
    try {
      const parsed = JSON.parse(box.value);
      said.textContent = "";
      ed.change(() => { q.accept = parsed; });
    } catch {
      said.textContent = "Not JSON yet: the lesson keeps the last JSON that was.";
    }
  });
  return el("div", {}, box, said);
}
