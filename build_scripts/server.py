"""A static file server for the built site, optionally under a sub-path (as GitHub Pages project sites are).

python3 build_scripts/server.py [--root dist] [--port 8000] [--prefix /shoal/]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import csp  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / "__outside_the_site__")  # 404: every URL must stay under the prefix
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        # The pages carry the policy as a meta tag (static hosts send no headers); sending it as a header too holds the
        # Pyodide worker to it, which a meta tag cannot do (a worker's policy comes only from its own response).
        self.send_header("Content-Security-Policy", csp.POLICY)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A browser that closes a connection early (a cancelled download, a closed tab) is not an error here."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int = 8000, prefix: str = "/", host: str = "127.0.0.1") -> SiteServer:
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"prefix": prefix})
    return SiteServer((host, port), functools.partial(handler, directory=str(root)))


def serve_in_thread(root: Path, prefix: str = "/") -> tuple[SiteServer, str]:
    """Start a server on a free port; returns it and the site's base URL (for tests)."""
    server = make_server(root, 0, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{handler_prefix(server)}"


def handler_prefix(server: SiteServer) -> str:
    return server.RequestHandlerClass.func.prefix  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(ROOT / "dist"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    args = parser.parse_args()
    server = make_server(Path(args.root), args.port, args.prefix)
    print(f"Shoal is at http://127.0.0.1:{args.port}{handler_prefix(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
