# Installers shared by serve.sh and test.sh: each installs only what is missing, from the registries by name.
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
ensure_node() {
  command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
}
ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}
ensure_python_test_deps() {
  # The "test" extra of pyproject.toml, installed without building the package itself.
  python3 - <<'PY' | xargs -r python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore
import importlib.metadata, re, tomllib
# Asked by distribution name (pytest-xdist, pyyaml), not module name: their modules are xdist and yaml.
deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["test"]
for dep in deps:
    name = re.split(r"[<>=!~ \[]", dep, 1)[0]
    try:
        importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        print(dep)
PY
}
ensure_test_npm() {
  # Test-only npm packages (the axe-core accessibility scanner), pinned by their own lock file; never in the site.
  [ -f tests/e2e/axe/node_modules/axe-core/axe.min.js ] || (cd tests/e2e/axe && npm ci --no-audit --no-fund --silent)
}
