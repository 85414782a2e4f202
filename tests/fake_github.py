"""A small stand-in for GitHub's REST API on 127.0.0.1, for tests: the real client runs.

It serves commit tarballs the way GitHub does (``GET /repos/{o}/{r}/tarball/{sha}``
answers 302 to a download host, here ``localhost`` instead of ``127.0.0.1`` so the host
differs; the archive has one top folder ``{owner}-{repo}-{sha7}/`` and a pax global
header holding the commit id), accepts commit statuses and issue comments, and records
every request. ``fail_next(prefix, status, count, headers)`` makes the next COUNT requests
whose path starts with PREFIX fail with STATUS; ``rate_limit_next`` answers GitHub's
secondary rate limit (403 with ``Retry-After``).

As a GitHub App (``use_app(app_id, public_key)``) it checks what GitHub checks:

- ``POST /app/installations/{id}/access_tokens`` needs the app's JWT: RS256, signed by the
  app's key, ``iss`` the app id, ``iat`` not in the future, at most 10 minutes to ``exp``;
  it answers a token that expires after ``token_seconds``;
- check runs, pull request files and the Git Data API need such an installation token
  (a personal token or the JWT is refused, 401), for a repository of that installation
  (``installations[id]``, None: all);
- check runs are validated against GitHub's schema: ``status``/``conclusion`` values,
  ``output`` with ``title`` and ``summary``, annotations with ``path``, ``start_line``,
  ``end_line``, ``annotation_level`` (notice, warning, failure) and ``message``, at most 50
  per request (422 otherwise, as GitHub answers), columns only on one line, at most three
  actions with GitHub's length limits. Annotations accumulate across requests;
- the Git Data API keeps real objects (blob SHAs as git computes them; trees flat by
  path): commits added with ``add_commit`` can be read, blobs, trees, commits and refs
  created, refs force-updated; pull requests listed, opened (422 for a second open one of
  the same head and base) and edited; ``pull_files`` lists a pull request's changed files,
  30 a page with a ``Link`` header, as GitHub pages them.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import json
import re
import tarfile
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

import jwt

PERSONAL_TOKEN = "test-token"
ANNOTATION_LEVELS = {"notice", "warning", "failure"}
CONCLUSIONS = {"action_required", "cancelled", "failure", "neutral", "success", "skipped",
               "stale", "timed_out"}
FILES_PER_PAGE = 30


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict
    body: dict | None


class Refusal(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.status, self.message = status, message


@functools.cache
def app_keys() -> tuple[str, str]:
    """(private, public) PEM of an RSA key for a test GitHub App, made once per session."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(serialization.Encoding.PEM,
                                serialization.PrivateFormat.TraditionalOpenSSL,
                                serialization.NoEncryption()).decode()
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    return private, public.decode()


def git_blob_sha(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


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
    # --- the GitHub App ---
    app_id: str = ""
    public_key: str = ""
    #: installation id -> repositories it may act on (None: every repository)
    installations: dict[int, set[str] | None] = field(default_factory=dict)
    token_seconds: int = 3600
    tokens: dict[str, tuple[int, float]] = field(default_factory=dict)
    check_runs: dict[int, dict] = field(default_factory=dict)
    # --- git objects, refs and pull requests, per repository ---
    blobs: dict[str, bytes] = field(default_factory=dict)
    trees: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)
    commits: dict[str, dict] = field(default_factory=dict)
    refs: dict[tuple[str, str], str] = field(default_factory=dict)
    pulls: dict[tuple[str, int], dict] = field(default_factory=dict)
    pull_files: dict[tuple[str, int], list[dict]] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    # --- set-up ---------------------------------------------------------------------
    def add_commit(self, repository: str, sha: str, files: dict[str, bytes],
                   branch: str | None = None) -> None:
        """A commit: its tarball and its git objects (and BRANCH pointing at it)."""
        self.tarballs[(repository, sha)] = github_tarball(repository, sha, files)
        with self.lock:
            entries = {}
            for path, data in files.items():
                self.blobs[git_blob_sha(data)] = data
                entries[path] = ("100644", git_blob_sha(data))
            tree = self._store_tree(entries)
            self.commits[sha] = {"tree": tree, "parents": [], "message": "head"}
            if branch:
                self.refs[(repository, f"heads/{branch}")] = sha

    def use_app(self, app_id: str, public_key: str,
                installations: dict[int, set[str] | None] | None = None) -> None:
        self.app_id, self.public_key = str(app_id), public_key
        self.installations = dict(installations or {})

    def fail_next(self, prefix: str, status: int, count: int = 1, headers: dict | None = None,
                  message: str = "Server Error") -> None:
        with self.lock:
            self.failures.append([prefix, status, count, headers or {}, message])

    def rate_limit_next(self, prefix: str, retry_after: int = 1) -> None:
        """The next request to PREFIX meets GitHub's secondary rate limit."""
        self.fail_next(prefix, 403, 1, {"Retry-After": str(retry_after)},
                       "You have exceeded a secondary rate limit. Please wait a few minutes "
                       "before you try again.")

    def received(self, method: str, pattern: str) -> list[Recorded]:
        with self.lock:
            return [r for r in self.requests if r.method == method and re.search(pattern, r.path)]

    def files_of(self, repository: str, ref: str) -> dict[str, bytes]:
        """The files of the commit REF (a branch name or a commit SHA) points at."""
        with self.lock:
            sha = self.refs.get((repository, f"heads/{ref}"), ref)
            tree = self.trees[self.commits[sha]["tree"]]
            return {path: self.blobs[blob] for path, (_mode, blob) in tree.items()}

    def reset(self) -> None:
        with self.lock:
            for store in (self.tarballs, self.requests, self.failures, self.tokens,
                          self.check_runs, self.blobs, self.trees, self.commits, self.refs,
                          self.pulls, self.pull_files, self.installations):
                store.clear()
            self.app_id = self.public_key = ""

    def _store_tree(self, entries: dict[str, tuple[str, str]]) -> str:
        sha = hashlib.sha1(json.dumps(sorted(entries.items())).encode()).hexdigest()
        self.trees[sha] = dict(entries)
        return sha

    def _failure_for(self, path: str) -> tuple[int, dict, str] | None:
        with self.lock:
            for failure in self.failures:
                if path.startswith(failure[0]) and failure[2] > 0:
                    failure[2] -= 1
                    return failure[1], failure[3], failure[4]
        return None

    # --- authentication -------------------------------------------------------------
    def _check_jwt(self, header: str) -> None:
        if not self.app_id or not header.startswith("Bearer "):
            raise Refusal(401, "A JSON web token could not be decoded")
        try:
            claims = jwt.decode(header[7:], self.public_key, algorithms=["RS256"],
                                options={"require": ["iat", "exp", "iss"]}, leeway=0)
        except jwt.PyJWTError as error:
            raise Refusal(401, f"A JSON web token could not be decoded: {error}") from None
        if str(claims["iss"]) != self.app_id:
            raise Refusal(401, "'Issuer' claim ('iss') must be the app id")
        if claims["iat"] > time.time() + 1 or claims["exp"] - claims["iat"] > 600:
            raise Refusal(401, "'Expiration time' claim ('exp') is too far in the future")

    def _installation_of(self, header: str, repository: str) -> int:
        token = header.removeprefix("Bearer ").removeprefix("token ")
        with self.lock:
            issued = self.tokens.get(token)
        if issued is None or issued[1] < time.time():
            raise Refusal(401, "Bad credentials")
        allowed = self.installations.get(issued[0])
        if allowed is not None and repository not in allowed:
            raise Refusal(404, "Not Found")  # GitHub hides what the token may not see
        return issued[0]

    # --- the routes -----------------------------------------------------------------
    def route(self, method: str, path: str, query: dict, body, headers: dict):
        """(status, body, headers) for one request, or Refusal."""
        auth = headers.get("Authorization", "")
        match = re.fullmatch(r"/app/installations/(\d+)/access_tokens", path)
        if match and method == "POST":
            self._check_jwt(auth)
            return self._issue_token(int(match[1]))
        match = re.fullmatch(r"/repos/([^/]+/[^/]+)/(.*)", path)
        if not match:
            raise Refusal(404, "Not Found")
        repository, rest = match.groups()
        if method == "GET" and re.fullmatch(r"tarball/[0-9a-f]+", rest):
            return self._tarball(repository, rest.split("/")[1])
        if re.fullmatch(r"statuses/[0-9a-f]+|issues/\d+/comments", rest) and method == "POST":
            if auth != f"Bearer {PERSONAL_TOKEN}":
                self._installation_of(auth, repository)
            return 201, {"id": len(self.requests), **body}, {}
        self._installation_of(auth, repository)
        return self._repository_route(method, repository, rest, query, body)

    def _repository_route(self, method, repository, rest, query, body):
        routes = [
            ("POST", r"check-runs", self._create_check_run),
            ("PATCH", r"check-runs/(\d+)", self._update_check_run),
            ("GET", r"pulls/(\d+)/files", self._list_pull_files),
            ("GET", r"git/commits/([0-9a-f]{40})", self._get_commit),
            ("GET", r"git/trees/([0-9a-f]{40})", self._get_tree),
            ("POST", r"git/blobs", self._create_blob),
            ("POST", r"git/trees", self._create_tree),
            ("POST", r"git/commits", self._create_commit),
            ("GET", r"git/ref/(heads/.+)", self._get_ref),
            ("POST", r"git/refs", self._create_ref),
            ("PATCH", r"git/refs/(heads/.+)", self._update_ref),
            ("GET", r"pulls", self._list_pulls),
            ("POST", r"pulls", self._create_pull),
            ("PATCH", r"pulls/(\d+)", self._update_pull),
        ]
        for route_method, pattern, handler in routes:
            match = re.fullmatch(pattern, rest)
            if match and method == route_method:
                with self.lock:
                    return handler(repository, *match.groups(), query=query, body=body)
        raise Refusal(404, "Not Found")

    def _issue_token(self, installation: int):
        if installation not in self.installations:
            raise Refusal(404, "Not Found")
        with self.lock:
            token = f"ghs_{installation}_{len(self.tokens) + 1:04d}"
            expires = time.time() + self.token_seconds
            self.tokens[token] = (installation, expires)
        stamp = datetime.fromtimestamp(expires, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return 201, {"token": token, "expires_at": stamp, "permissions": {
            "checks": "write", "contents": "write", "pull_requests": "write",
            "metadata": "read"}, "repository_selection": "selected"}, {}

    def _tarball(self, repository: str, sha: str):
        if (repository, sha) not in self.tarballs:
            raise Refusal(404, "Not Found")
        location = f"http://localhost:{self.server.server_port}/codeload/{repository}/tar.gz/{sha}"
        return 302, None, {"Location": location}

    # --- check runs -----------------------------------------------------------------
    def _create_check_run(self, repository, *, query, body):
        if not isinstance(body, dict) or not body.get("name") or not re.fullmatch(
                r"[0-9a-f]{40}", str(body.get("head_sha", ""))):
            raise Refusal(422, "name and head_sha are required")
        _validate_check_run(body)
        number = len(self.check_runs) + 1
        run = {"id": number, "repository": repository, "status": "queued", "conclusion": None,
               "annotations": [], "output": {}}
        self.check_runs[number] = run
        _merge_check_run(run, body)
        return 201, _shown(run), {}

    def _update_check_run(self, repository, number, *, query, body):
        run = self.check_runs.get(int(number))
        if run is None or run["repository"] != repository:
            raise Refusal(404, "Not Found")
        _validate_check_run(body)
        _merge_check_run(run, body)
        return 200, _shown(run), {}

    # --- pull requests --------------------------------------------------------------
    def _list_pull_files(self, repository, number, *, query, body):
        files = self.pull_files.get((repository, int(number)), [])
        page = int(query.get("page", ["1"])[0])
        shown = files[(page - 1) * FILES_PER_PAGE:page * FILES_PER_PAGE]
        headers = {}
        if page * FILES_PER_PAGE < len(files):
            headers["Link"] = (f'<{self.url}/repos/{repository}/pulls/{number}/files?'
                               f'page={page + 1}>; rel="next"')
        return 200, shown, headers

    def _list_pulls(self, repository, *, query, body):
        head = query.get("head", [""])[0]
        base = query.get("base", [""])[0]
        owner = repository.split("/")[0]
        found = [pull for (repo, _n), pull in sorted(self.pulls.items())
                 if repo == repository and pull["state"] == "open"
                 and (not head or f"{owner}:{pull['head']['ref']}" == head)
                 and (not base or pull["base"]["ref"] == base)]
        return 200, found, {}

    def _create_pull(self, repository, *, query, body):
        for key in ("title", "head", "base"):
            if not isinstance(body.get(key), str) or not body[key]:
                raise Refusal(422, f"{key} is required")
        if (repository, f"heads/{body['head']}") not in self.refs:
            raise Refusal(422, "Validation Failed: head is invalid")
        if (repository, f"heads/{body['base']}") not in self.refs:
            raise Refusal(422, "Validation Failed: base is invalid")
        if any(repo == repository and pull["state"] == "open"
               and pull["head"]["ref"] == body["head"] and pull["base"]["ref"] == body["base"]
               for (repo, _n), pull in self.pulls.items()):
            raise Refusal(422, f"A pull request already exists for {body['head']}.")
        number = 1000 + len(self.pulls) + 1
        pull = {"number": number, "state": "open", "title": body["title"],
                "body": body.get("body", ""), "head": {"ref": body["head"]},
                "base": {"ref": body["base"]},
                "html_url": f"https://github.com/{repository}/pull/{number}"}
        self.pulls[(repository, number)] = pull
        return 201, pull, {}

    def _update_pull(self, repository, number, *, query, body):
        pull = self.pulls.get((repository, int(number)))
        if pull is None:
            raise Refusal(404, "Not Found")
        pull.update({key: body[key] for key in ("title", "body") if key in body})
        return 200, pull, {}

    # --- the Git Data API -----------------------------------------------------------
    def _get_commit(self, repository, sha, *, query, body):
        commit = self.commits.get(sha)
        if commit is None:
            raise Refusal(404, "Not Found")
        return 200, {"sha": sha, "tree": {"sha": commit["tree"]},
                     "parents": [{"sha": parent} for parent in commit["parents"]],
                     "message": commit["message"]}, {}

    def _get_tree(self, repository, sha, *, query, body):
        tree = self.trees.get(sha)
        if tree is None:
            raise Refusal(404, "Not Found")
        recursive = query.get("recursive", ["0"])[0] not in ("", "0", "false")
        entries = [{"path": path, "mode": mode, "type": "blob", "sha": blob,
                    "size": len(self.blobs[blob])}
                   for path, (mode, blob) in sorted(tree.items())
                   if recursive or "/" not in path]
        return 200, {"sha": sha, "tree": entries, "truncated": False}, {}

    def _create_blob(self, repository, *, query, body):
        if body.get("encoding") not in ("base64", "utf-8") or not isinstance(
                body.get("content"), str):
            raise Refusal(422, "content and encoding are required")
        data = (base64.b64decode(body["content"], validate=True)
                if body["encoding"] == "base64" else body["content"].encode())
        self.blobs[git_blob_sha(data)] = data
        return 201, {"sha": git_blob_sha(data)}, {}

    def _create_tree(self, repository, *, query, body):
        base = body.get("base_tree")
        if base is not None and base not in self.trees:
            raise Refusal(422, "base_tree is not a tree")
        entries = dict(self.trees.get(base, {}))
        for entry in body.get("tree", []):
            if entry.get("mode") not in ("100644", "100755") or entry.get("type") != "blob":
                raise Refusal(422, f"tree entry {entry.get('path')}: bad mode or type")
            if entry.get("sha") is None:
                if entry["path"] not in entries:
                    raise Refusal(422, f"tree.path {entry['path']} does not exist")
                del entries[entry["path"]]
            elif entry["sha"] not in self.blobs:
                raise Refusal(422, f"tree.sha {entry['sha']} is not a valid blob")
            else:
                entries[entry["path"]] = (entry["mode"], entry["sha"])
        return 201, {"sha": self._store_tree(entries)}, {}

    def _create_commit(self, repository, *, query, body):
        if body.get("tree") not in self.trees or not body.get("message"):
            raise Refusal(422, "tree and message are required")
        if any(parent not in self.commits for parent in body.get("parents", [])):
            raise Refusal(422, "a parent is not a commit")
        sha = hashlib.sha1(json.dumps(body, sort_keys=True).encode()).hexdigest()
        self.commits[sha] = {"tree": body["tree"], "parents": list(body.get("parents", [])),
                             "message": body["message"]}
        return 201, {"sha": sha}, {}

    def _get_ref(self, repository, ref, *, query, body):
        sha = self.refs.get((repository, unquote(ref)))
        if sha is None:
            raise Refusal(404, "Not Found")
        return 200, {"ref": f"refs/{unquote(ref)}", "object": {"sha": sha, "type": "commit"}}, {}

    def _create_ref(self, repository, *, query, body):
        ref = str(body.get("ref", ""))
        if not ref.startswith("refs/heads/") or body.get("sha") not in self.commits:
            raise Refusal(422, "ref and sha are required")
        if (repository, ref[5:]) in self.refs:
            raise Refusal(422, "Reference already exists")
        self.refs[(repository, ref[5:])] = body["sha"]
        return 201, {"ref": ref, "object": {"sha": body["sha"]}}, {}

    def _update_ref(self, repository, ref, *, query, body):
        key = (repository, unquote(ref))
        if key not in self.refs:
            raise Refusal(422, "Reference does not exist")
        if body.get("sha") not in self.commits:
            raise Refusal(422, "sha is not a commit")
        if not body.get("force") and self.refs[key] not in self.commits[body["sha"]]["parents"]:
            raise Refusal(422, "Update is not a fast forward")
        self.refs[key] = body["sha"]
        return 200, {"ref": f"refs/{key[1]}", "object": {"sha": body["sha"]}}, {}

    # --- the server -----------------------------------------------------------------
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

            def _handle(self, method: str):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null") if length else None
                with fake.lock:
                    fake.requests.append(Recorded(method, self.path, dict(self.headers.items()),
                                                  body))
                failure = fake._failure_for(self.path)
                if failure:
                    status, headers, message = failure
                    return self._answer(status, {"message": message}, headers)
                parts = urlsplit(self.path)
                match = re.fullmatch(r"/codeload/([^/]+/[^/]+)/tar.gz/([0-9a-f]+)", parts.path)
                if method == "GET" and match and tuple(match.groups()) in fake.tarballs:
                    return self._answer(200, fake.tarballs[tuple(match.groups())],
                                        {"Content-Type": "application/x-gzip"})
                try:
                    answer = fake.route(method, parts.path, parse_qs(parts.query), body,
                                        dict(self.headers.items()))
                except Refusal as refusal:
                    return self._answer(refusal.status, {"message": refusal.message})
                self._answer(*answer)

            def do_GET(self):
                self._handle("GET")

            def do_POST(self):
                self._handle("POST")

            def do_PATCH(self):
                self._handle("PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _validate_check_run(body: dict) -> None:
    """GitHub's rules for a check run body (its REST schema), as 422 answers."""
    status = body.get("status")
    if status is not None and status not in ("queued", "in_progress", "completed"):
        raise Refusal(422, f"status {status!r} is not valid")
    conclusion = body.get("conclusion")
    if conclusion is not None and conclusion not in CONCLUSIONS:
        raise Refusal(422, f"conclusion {conclusion!r} is not valid")
    if status == "completed" and conclusion is None:
        raise Refusal(422, "conclusion is required when status is completed")
    output = body.get("output")
    if output is not None:
        if not isinstance(output.get("title"), str) or not isinstance(output.get("summary"), str):
            raise Refusal(422, "output needs a title and a summary")
        if len(output["summary"]) > 65535 or len(output.get("text") or "") > 65535:
            raise Refusal(422, "output.summary and output.text are limited to 65535 characters")
        annotations = output.get("annotations") or []
        if len(annotations) > 50:
            raise Refusal(422, "Only 50 annotations are allowed per request")
        for annotation in annotations:
            _validate_annotation(annotation)
    actions = body.get("actions") or []
    if len(actions) > 3:
        raise Refusal(422, "at most 3 actions")
    for action in actions:
        if not (0 < len(action.get("label", "")) <= 20
                and 0 < len(action.get("description", "")) <= 40
                and 0 < len(action.get("identifier", "")) <= 20):
            raise Refusal(422, f"action {action!r}: label, description or identifier too long")


def _validate_annotation(annotation: dict) -> None:
    for key, kind in (("path", str), ("start_line", int), ("end_line", int),
                      ("annotation_level", str), ("message", str)):
        if not isinstance(annotation.get(key), kind) or isinstance(annotation.get(key), bool):
            raise Refusal(422, f"annotation {key} is missing or not a {kind.__name__}")
    if annotation["annotation_level"] not in ANNOTATION_LEVELS:
        raise Refusal(422, f"annotation_level {annotation['annotation_level']!r} is not valid")
    if annotation["start_line"] < 1 or annotation["end_line"] < annotation["start_line"]:
        raise Refusal(422, "annotation lines out of order")
    has_columns = "start_column" in annotation or "end_column" in annotation
    if has_columns and annotation["start_line"] != annotation["end_line"]:
        raise Refusal(422, "start_column and end_column need start_line == end_line")


def _merge_check_run(run: dict, body: dict) -> None:
    for key, value in body.items():
        if key == "output":
            run["annotations"] += value.get("annotations") or []
            run["output"] = {k: v for k, v in value.items() if k != "annotations"}
        else:
            run[key] = value


def _shown(run: dict) -> dict:
    shown = {k: v for k, v in run.items() if k != "annotations"}
    shown["output"] = {**run["output"], "annotations_count": len(run["annotations"])}
    return shown
