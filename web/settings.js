// The Settings dialog: theme and motion, kept on this device (web/prefs.js reads and applies them before the first
// paint; this module only offers them). Opened by the header's Settings button on every page of the site; an
// embedded table (?embed=1) shows the button only when its link asks for it (&settings=1).
import { el } from "./dom.js";

const prefs = window.shoalPrefs;
const LABELS = {
  theme: { legend: "Theme", system: "System", light: "Light", dark: "Dark" },
  motion: { legend: "Motion", system: "System", on: "On", off: "Off" },
};
const darkNow = matchMedia("(prefers-color-scheme: dark)");
const lessMotion = matchMedia("(prefers-reduced-motion: reduce)");

function group(name) {
  const hint = `settings-${name}-hint`;
  return el("fieldset", { class: "settings-group", dataset: { setting: name }, "aria-describedby": hint },
    el("legend", { text: LABELS[name].legend }),
    el("div", { class: "settings-choices" },
      prefs.CHOICES[name].map((value) => el("label", { class: "settings-choice" }, el("input", {
        type: "radio", name: `settings-${name}`, value, dataset: { choice: `${name}-${value}` },
        onchange: () => prefs.set(name, value),
      }), ` ${LABELS[name][value]}`))),
    el("small", { class: "hint", id: `settings-${name}-hint` }));
}

let dialog = null;
let opener = null;

// The choices as they are now, and what "System" follows on this device right now.
function fill() {
  if (!dialog) return;
  const chosen = prefs.get();
  for (const input of dialog.querySelectorAll("input[type=radio]")) {
    input.checked = chosen[input.closest("[data-setting]").dataset.setting] === input.value;
  }
  dialog.querySelector("#settings-theme-hint").textContent = prefs.darkSupported()
    ? `System: as this device asks (now ${darkNow.matches ? "dark" : "light"}).`
    : "This browser cannot draw the dark theme: pages stay light.";
  dialog.querySelector("#settings-motion-hint").textContent =
    `Off: nothing slides, fades or pulses. System: as this device asks ` +
      `(now ${lessMotion.matches ? "less motion" : "motion on"}).`;
}

function open(from) {
  if (!dialog) {
    dialog = el("dialog", { class: "settings", "aria-labelledby": "settings-title" },
      el("h2", { id: "settings-title", text: "Settings" }),
      el("p", { class: "hint", text: "Kept in this browser, on this device only." }),
      group("theme"), group("motion"),
      el("div", { class: "dialog-buttons" }, el("button", {
        type: "button", class: "primary", dataset: { closeSettings: "1" }, onclick: () => dialog.close(), text: "Close",
      })));
    dialog.addEventListener("close", () => { if (opener && opener.isConnected) opener.focus(); });
    document.body.append(dialog);
  }
  opener = from;
  fill();
  dialog.showModal();
}

prefs.onChange(fill);
darkNow.addEventListener("change", fill);
// The header's button is written into each page (it has its place before any script runs); this wires it.
for (const button of document.querySelectorAll("[data-settings]")) button.addEventListener("click", () => open(button));
const params = new URLSearchParams(location.search);
if (params.has("embed") && params.get("settings") === "1") document.documentElement.dataset.embedSettings = "";
