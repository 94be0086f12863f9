// Firefox ESR for the Python browser tests (tests/e2e/browsers.py): puppeteer-core drives it over WebDriver BiDi (no
// geckodriver) and this bridge answers one JSON command per stdin line with one JSON line on stdout.
//   node bridge.mjs /usr/bin/firefox-esr
// Commands: {cmd: "page", width, height} (a fresh private context and page), "close" (that page), "goto" {url},
// "reload", "eval" {expr}, "click" {x, y} (a real pointer click at viewport coordinates), "screenshot" {path},
// "console" (the console errors and uncaught page errors since the last ask), "quit".
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.argv[2] || "/usr/bin/firefox-esr",
  headless: true,
  // Hermetic: no update checks, telemetry, captive-portal or safe-browsing requests leave the machine.
  extraPrefsFirefox: {
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    "browser.safebrowsing.malware.enabled": false,
    "browser.safebrowsing.phishing.enabled": false,
    "app.update.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
  },
});

let context = null;
let page = null;
let logged = [];

async function closePage() {
  if (context) await context.close();
  context = page = null;
  return true;
}

async function freshPage({ width = 1280, height = 900 }) {
  await closePage();
  context = await browser.createBrowserContext();
  page = await context.newPage();
  logged = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warn") logged.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => logged.push(`page error: ${e.message || e}`));
  await page.setViewport({ width, height });
  page.setDefaultTimeout(90_000);
  return true;
}

const commands = {
  page: freshPage,
  close: closePage,
  goto: async ({ url }) => { await page.goto(url, { waitUntil: "load" }); return page.url(); },
  reload: async () => { await page.reload({ waitUntil: "load" }); return page.url(); },
  eval: async ({ expr }) => page.evaluate(expr),
  click: async ({ x, y }) => { await page.mouse.click(x, y); return true; },
  screenshot: async ({ path }) => { await page.screenshot({ path, fullPage: false }); return path; },
  console: async () => logged.splice(0, logged.length),
  version: async () => browser.version(),
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { cmd, ...args } = JSON.parse(line);
  if (cmd === "quit") break;
  let answer;
  try {
    answer = { ok: true, value: await commands[cmd](args) };
  } catch (err) {
    answer = { ok: false, error: `${cmd}: ${err && err.message ? err.message : err}` };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await browser.close();
