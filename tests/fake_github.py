"""A small stand-in for GitHub's REST API on 127.0.0.1, for tests: the real client runs.

It serves commit tarballs the way GitHub does (``GET /repos/{o}/{r}/tarball/{sha}``
answers 302 to a download host, here ``localhost`` instead of ``127.0.0.1`` so the host
differs; the archive has one top folder ``{owner}-{repo}-{sha7}/`` and a pax global
header holding the commit id), accepts commit statuses and issue comments, and records
every request. ``fail_next(prefix, status, count)`` makes the next COUNT requests whose
path starts with PREFIX fail with STATUS.
"""

from __future__ import annotations

import io
import json
import re
import tarfile
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict
    body: dict | None


def github_tarball(repository: str, sha: str, files: dict[str, bytes]) -> bytes:
    """A tar.gz shaped like GitHub's: pax global header, one top folder, then the files."""
    top = f"{repository.replace('/', '-')}-{sha[:7]}"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.PAX_FORMAT,
                      pax_headers={"comment": sha}) as archive:
        folders = {top} | {f"{top}/{'/'.join(name.split('/')[:depth])}"
                           for name in files for depth in range(1, name.count("/") + 1)}
        for folder in sorted(folders):
            info = tarfile.TarInfo(folder + "/")
            info.type, info.mode = tarfile.DIRTYPE, 0o775
            archive.addfile(info)
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size, info.mode = len(data), 0o664
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


@dataclass
class FakeGitHub:
    tarballs: dict[tuple[str, str], bytes] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    failures: list[list] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def add_commit(self, repository: str, sha: str, files: dict[str, bytes]) -> None:
        self.tarballs[(repository, sha)] = github_tarball(repository, sha, files)

    def fail_next(self, prefix: str, status: int, count: int = 1) -> None:
        with self.lock:
            self.failures.append([prefix, status, count])

    def received(self, method: str, pattern: str) -> list[Recorded]:
        with self.lock:
            return [r for r in self.requests if r.method == method and re.search(pattern, r.path)]

    def reset(self) -> None:
        with self.lock:
            self.tarballs.clear()
            self.requests.clear()
            self.failures.clear()

    def _failure_for(self, path: str) -> int | None:
        with self.lock:
            for failure in self.failures:
                if path.startswith(failure[0]) and failure[2] > 0:
                    failure[2] -= 1
                    return failure[1]
        return None

    def start(self) -> FakeGitHub:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def _answer(self, status: int, body: object = None, headers: dict | None = None):
                data = b"" if body is None else (
                    body if isinstance(body, bytes) else json.dumps(body).encode())
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _record(self, body):
                with fake.lock:
                    fake.requests.append(Recorded(self.command, self.path,
                                                  dict(self.headers.items()), body))

            def do_GET(self):
                self._record(None)
                failure = fake._failure_for(self.path)
                if failure:
                    return self._answer(failure, {"message": "Server Error"})
                match = re.fullmatch(r"/repos/([^/]+/[^/]+)/tarball/([0-9a-f]+)", self.path)
                if match:
                    if tuple(match.groups()) not in fake.tarballs:
                        return self._answer(404, {"message": "Not Found"})
                    port = self.server.server_port
                    location = f"http://localhost:{port}/codeload/{match[1]}/tar.gz/{match[2]}"
                    return self._answer(302, headers={"Location": location})
                match = re.fullmatch(r"/codeload/([^/]+/[^/]+)/tar.gz/([0-9a-f]+)", self.path)
                if match and tuple(match.groups()) in fake.tarballs:
                    return self._answer(200, fake.tarballs[tuple(match.groups())],
                                        {"Content-Type": "application/x-gzip"})
                return self._answer(404, {"message": "Not Found"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null")
                self._record(body)
                failure = fake._failure_for(self.path)
                if failure:
                    return self._answer(failure, {"message": "Server Error"})
                if self.headers.get("Authorization") != "Bearer test-token":
                    return self._answer(401, {"message": "Bad credentials"})
                if re.fullmatch(r"/repos/[^/]+/[^/]+/statuses/[0-9a-f]+", self.path):
                    return self._answer(201, {"id": len(fake.requests), **body})
                if re.fullmatch(r"/repos/[^/]+/[^/]+/issues/\d+/comments", self.path):
                    return self._answer(201, {"id": len(fake.requests), **body})
                return self._answer(404, {"message": "Not Found"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
