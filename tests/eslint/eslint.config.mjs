// ESLint for every JavaScript file in the tree: the site (web/), the teaching example, the build's Node scripts and
// the browser tests' helpers. tests/eslint/test_eslint.py runs it; any finding fails the suite.
// The rule set is ESLint's "recommended" (rules that catch mistakes, not taste) and the few below, each for a reason.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["**/node_modules/**", "dist/**", "build/**"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // One width for the whole tree (the Python side's is the same): a line over 120 characters is wrapped. Core's
      // rule is kept until ESLint 11 (it then lives in @stylistic/eslint-plugin, under the same name and options).
      "max-len": ["error", { code: 120, ignoreUrls: true }],
      // A name declared and never used is a leftover or a typo. `_`-names mark what is dropped on purpose
      // (`const { seats: _s, ...clean } = record`); a caught error need not be named when it is not read.
      "no-unused-vars": ["error", {
        argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none",
      }],
      // The pages' Content-Security-Policy refuses code built from strings (build_scripts/csp.py): say so at lint
      // time, not as a blocked call in a player's browser.
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      // `==` converts its operands (0 == "" is true); the engine's JSON is compared as it is. `x == null` is allowed:
      // it reads as "null or undefined", which is what such a test means.
      eqeqeq: ["error", "always", { null: "ignore" }],
      // Nothing is reassigned by accident: `let` marks what changes, and `var`'s function scope is not wanted.
      "prefer-const": ["error", { destructuring: "all" }],
      "no-var": "error",
    },
  },
  {
    // The site runs in browsers: pages and modules, the Web Worker and the service worker.
    files: ["web/**/*.js", "examples/**/*.js", "tests/e2e/probe.js", "tests/e2e/tour/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ["web/worker.js"], languageOptions: { globals: { ...globals.worker } } },
  { files: ["web/sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    // Classic scripts, not modules: boot.js runs in <head> before any module; the probe is one function expression
    // the tests hand to every engine's evaluate.
    files: ["web/boot.js", "web/sw.js", "tests/e2e/probe.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    // Node: the build's scripts (Pyodide's snapshot, bytecode, the stdlib's trim) and the tests' bridges.
    files: ["build_scripts/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
];
