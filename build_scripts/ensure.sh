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
ensure_firefox() {
  # Debian's Firefox ESR, driven by npm puppeteer-core over WebDriver BiDi (tests/e2e/firefox/): no geckodriver.
  [ -x /usr/bin/firefox-esr ] || apt_install firefox-esr
}
ensure_webkit() {
  # WebKitGTK (Safari's engine): WebKitWebDriver and the MiniBrowser of libwebkit2gtk-4.1-0, on an Xvfb display.
  command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null \
    && compgen -G "/usr/lib/*/webkit2gtk-4.1/MiniBrowser" >/dev/null || apt_install webkit2gtk-driver xvfb
}
ensure_python_test_deps() {
  # The "test" extra of pyproject.toml, installed without building the package itself: each package that is missing,
  # or installed at a version outside its range (ruff's is one minor version), is installed by pip.
  python3 - <<'PY' | xargs -r python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore
import importlib.metadata, re, tomllib
try:
    from packaging.specifiers import SpecifierSet
except ImportError:  # pip carries its own copy
    from pip._vendor.packaging.specifiers import SpecifierSet
# Asked by distribution name (pytest-xdist, pyyaml), not module name: their modules are xdist and yaml.
deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["test"]
for dep in deps:
    name, spec = re.match(r"([A-Za-z0-9._-]+)(.*)", dep).groups()
    try:
        if importlib.metadata.version(name) not in SpecifierSet(spec):
            print(dep)
    except importlib.metadata.PackageNotFoundError:
        print(dep)
PY
}
ensure_test_npm() {
  # Test-only npm packages, each pinned by its own lock file and never in the site: the axe-core accessibility scanner,
  # puppeteer-core (which drives Firefox) and ESLint (tests/eslint: the JavaScript linter).
  [ -f tests/e2e/axe/node_modules/axe-core/axe.min.js ] || (cd tests/e2e/axe && npm ci --no-audit --no-fund --silent)
  [ -f tests/eslint/node_modules/eslint/bin/eslint.js ] || (cd tests/eslint && npm ci --no-audit --no-fund --silent)
  [ -f tests/e2e/firefox/node_modules/puppeteer-core/package.json ] \
    || (cd tests/e2e/firefox && npm ci --no-audit --no-fund --silent)
}
