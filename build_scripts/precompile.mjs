// Compile Python sources to bytecode with Pyodide's own CPython (the host's Python writes the wrong bytecode).
//   node precompile.mjs STDLIB_IN.zip STDLIB_OUT.zip   -> the stdlib zip with each .py replaced by its .pyc
//   node precompile.mjs --tree SRC_DIR OUT_DIR         -> OUT_DIR/<same paths>/__pycache__/<mod>.cpython-314.pyc
// Unchecked hash-based .pyc files: the interpreter never compares them with a source timestamp, so they stay valid
// after a wheel is unpacked with new mtimes. Start-up in the browser is dominated by compiling the stdlib on import;
// shipping bytecode roughly halves it (docs/benchmarks.md).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(path.join(here, "pyodide/node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide();

const COMPILE = `
import importlib._bootstrap_external as ext, importlib.util, io, zipfile

def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def compile_zip(src, dst, prefix):
    kept = failed = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                try:
                    zout.writestr(info.filename[:-3] + ".pyc", pyc(data, prefix + info.filename))
                    kept += 1
                    continue
                except SyntaxError:
                    failed += 1
            zout.writestr(info.filename, data)
    return kept, failed
`;
py.runPython(COMPILE);

const [mode, a, b] = process.argv.slice(2);
if (mode === "--tree") {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== "__pycache__") walk(p);
      else if (e.isFile() && e.name.endsWith(".py")) files.push(path.relative(a, p));
    }
  };
  walk(a);
  for (const rel of files) {
    const inside = "/src/" + rel.split(path.sep).join("/");
    py.FS.mkdirTree(path.posix.dirname(inside));
    py.FS.writeFile(inside, new Uint8Array(fs.readFileSync(path.join(a, rel))));
  }
  const tag = py.runPython(`
import os, sys
for top, _, names in os.walk("/src"):
    for name in names:
        src = os.path.join(top, name)
        rel = os.path.relpath(src, "/src")
        compiled = name[:-3] + "." + sys.implementation.cache_tag + ".pyc"
        out = os.path.join("/out", os.path.dirname(rel), "__pycache__", compiled)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(src, "rb") as f, open(out, "wb") as g:
            g.write(pyc(f.read(), "/lib/python3.14/site-packages/" + rel))
sys.implementation.cache_tag
`);
  for (const rel of files) {
    const dir = path.dirname(rel);
    const name = `${path.basename(rel, ".py")}.${tag}.pyc`;
    const dest = path.join(b, dir, "__pycache__", name);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, py.FS.readFile("/out/" + [dir, "__pycache__", name].filter((x) => x !== ".").join("/")));
  }
  console.log(`compiled ${files.length} modules for ${tag}`);
} else {
  py.FS.writeFile("/tmp/in.zip", fs.readFileSync(mode));
  const [kept, failed] = py.runPython(`compile_zip("/tmp/in.zip", "/tmp/out.zip", "/lib/python314.zip/")`).toJs();
  fs.writeFileSync(a, py.FS.readFile("/tmp/out.zip"));
  console.log(`stdlib: ${kept} modules compiled, ${failed} kept as source`);
}
