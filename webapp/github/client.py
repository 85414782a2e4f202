"""The GitHub HTTP client (the workers' tasks use it): fetch a commit's sources, report results.

``GitHubClient(api_url, token)`` speaks the REST API with urllib, authenticated by a
personal token, or by ``auth=``: a GitHub App's installation (``authentication``).
Besides ``get``/``post``/``patch`` of JSON:

- ``download_tarball(repository, sha, target, ...)``: ``GET /repos/{o}/{r}/tarball/{sha}``
  (GitHub redirects to its download host; the token is not sent to another host), kept
  to ``max_bytes``, then re-packed as a ``.tar.gz`` without GitHub's top folder
  (``owner-repo-abc1234/``), so report paths are relative to the repository root;
- ``post_status(repository, sha, state, description, target_url)``:
  ``POST /repos/{o}/{r}/statuses/{sha}`` with context ``rocport``;
- ``post_comment(repository, number, body)``: ``POST /repos/{o}/{r}/issues/{n}/comments``;
- check runs (``create_check_run``, ``update_check_run``, ``annotate_check_run``: at most
  ``MAX_ANNOTATIONS`` annotations per request, as GitHub requires) and the files a pull
  request changed (``pull_request_files``, every page).

Errors are ``GitHubError(code, message)``; ``TransientGitHubError`` marks the ones worth
retrying (connection problems, time-outs, 5xx, 429 and rate-limited 403), which tasks
retry with back-off. A secondary rate limit that says when to come back (``Retry-After``,
or ``X-RateLimit-Reset`` with nothing remaining) is waited out here first, up to
``max_wait`` seconds, twice at most; GitHub's documentation asks for exactly that. An
installation token GitHub refuses (401) is dropped from the cache and fetched once more.
Re-packing keeps every member type: the worker's safe unpacking refuses links and
special files later, as for uploads.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import tarfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.client import HTTPResponse
from pathlib import Path
from typing import IO, Any, Protocol
from urllib.parse import urlsplit

logger = logging.getLogger(__name__)

_CHUNK = 1024 * 1024
_USER_AGENT = "rocport"
#: GitHub accepts at most this many annotations in one check run request.
MAX_ANNOTATIONS = 50
#: ``GET /pulls/{n}/files`` lists at most 3000 files, 100 a page.
_MAX_FILE_PAGES = 30
_NEXT_LINK = re.compile(r'<([^>]+)>;\s*rel="next"')


class GitHubError(Exception):
    #: The HTTP status of a refusal (401, 403, 422...); None for other failures.
    status: int | None = None

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)  # both in args: Celery pickles task exceptions
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class TransientGitHubError(GitHubError):
    """A failure that may go away by itself: retry later (after RETRY_AFTER seconds, when
    GitHub said so)."""

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(code, message)
        self.retry_after = retry_after


class Authorization(Protocol):
    """What authenticates a client's requests (``TokenAuth``, or ``authentication``'s)."""

    def header(self) -> str:
        """The ``Authorization`` header's value ('' for none)."""
        ...

    def refused(self) -> bool:
        """GitHub answered 401: True when a fresh credential is worth one more try."""
        ...


class TokenAuth:
    """A personal (or any fixed) token; empty: anonymous requests."""

    def __init__(self, token: str) -> None:
        self.token = token

    def header(self) -> str:
        return f"Bearer {self.token}" if self.token else ""

    def refused(self) -> bool:
        """GitHub answered 401: True when a fresh credential is worth one more try."""
        return False


class _NoAuthorizationAcrossHosts(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, request, fp, code, message, headers, new_url):
        redirected = super().redirect_request(request, fp, code, message, headers, new_url)
        if redirected is not None and urlsplit(new_url).netloc != urlsplit(request.full_url).netloc:
            redirected.remove_header("Authorization")
        return redirected


class GitHubClient:
    def __init__(self, api_url: str, token: str = "", timeout: float = 30, *,
                 auth: Authorization | None = None, max_wait: float = 60,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.api_url = api_url.rstrip("/")
        self.auth: Authorization = auth if auth is not None else TokenAuth(token)
        self.timeout = timeout
        self.max_wait = max_wait
        self._sleep = sleep
        self._opener = urllib.request.build_opener(_NoAuthorizationAcrossHosts)

    # --- requests ---------------------------------------------------------------------
    def _open(self, method: str, path: str, body: dict | None = None) -> HTTPResponse:
        waits = 0
        renewed = False
        while True:
            try:
                return self._open_once(method, path, body)
            except TransientGitHubError as error:
                wait = error.retry_after
                if wait is None or wait > self.max_wait or waits >= 2:
                    raise
                waits += 1
                logger.warning("%s; waiting %.0f s as GitHub asks", error.message, wait)
                self._sleep(wait)
            except GitHubError as error:
                if error.status != 401 or renewed or not self.auth.refused():
                    raise
                renewed = True

    def _open_once(self, method: str, path: str, body: dict | None) -> HTTPResponse:
        headers = {"Accept": "application/vnd.github+json", "User-Agent": _USER_AGENT,
                   "X-GitHub-Api-Version": "2022-11-28"}
        authorization = self.auth.header()
        if authorization:
            headers["Authorization"] = authorization
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.api_url + path, data=data, headers=headers,
                                         method=method)
        try:
            return self._opener.open(request, timeout=self.timeout)
        except urllib.error.HTTPError as error:
            raise _http_error(method, path, error) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
            reason = getattr(error, "reason", error)
            message = f"{method} {path}: GitHub did not answer ({reason})"
            raise TransientGitHubError("github-unavailable", message) from None

    def request(self, method: str, path: str,
                body: dict | None = None) -> tuple[Any, dict[str, str]]:
        """(decoded JSON answer, response headers) of one API call."""
        with self._open(method, path, body) as response:
            return json.loads(response.read() or b"null"), dict(response.headers.items())

    def get(self, path: str) -> Any:
        """The decoded JSON answer: an object or a list, as the endpoint gives."""
        return self.request("GET", path)[0]

    def post(self, path: str, body: dict) -> dict[str, Any]:
        return _json_object("POST", path, self.request("POST", path, body)[0])

    def patch(self, path: str, body: dict) -> dict[str, Any]:
        return _json_object("PATCH", path, self.request("PATCH", path, body)[0])

    _post = post

    # --- reporting --------------------------------------------------------------------
    def post_status(self, repository: str, sha: str, state: str, description: str,
                    target_url: str = "", context: str = "rocport") -> dict:
        """Set the commit status; STATE is pending, success, failure or error."""
        body = {"state": state, "description": description[:140], "context": context}
        if target_url:
            body["target_url"] = target_url
        return self._post(f"/repos/{repository}/statuses/{sha}", body)

    def post_comment(self, repository: str, number: int, text: str) -> dict:
        return self._post(f"/repos/{repository}/issues/{number}/comments", {"body": text})

    # --- check runs (GitHub App installations only) -----------------------------------
    def create_check_run(self, repository: str, body: dict) -> dict:
        return self.post(f"/repos/{repository}/check-runs", body)

    def update_check_run(self, repository: str, check_run_id: int, body: dict) -> dict:
        return self.patch(f"/repos/{repository}/check-runs/{check_run_id}", body)

    def annotate_check_run(self, repository: str, check_run_id: int, output: dict,
                           annotations: list[dict], *, sent: int = 0,
                           on_batch: Callable[[int], None] | None = None) -> int:
        """Add ANNOTATIONS[SENT:] to the check run, MAX_ANNOTATIONS per request (GitHub
        appends them; OUTPUT's title and summary go along, as each request needs them).
        ON_BATCH(total sent) runs after each request, so a retry can resume."""
        while sent < len(annotations):
            batch = annotations[sent:sent + MAX_ANNOTATIONS]
            self.update_check_run(repository, check_run_id, {"output": {
                "title": output["title"], "summary": output["summary"], "annotations": batch}})
            sent += len(batch)
            if on_batch is not None:
                on_batch(sent)
        return sent

    # --- pull requests ----------------------------------------------------------------
    def pull_request_files(self, repository: str, number: int) -> list[dict]:
        """The files pull request NUMBER changes: ``filename``, ``status`` and, for a
        rename, ``previous_filename`` (every page, at most the 3000 GitHub lists)."""
        path = f"/repos/{repository}/pulls/{number}/files?per_page=100"
        files: list[dict] = []
        for _page in range(_MAX_FILE_PAGES):
            answer, headers = self.request("GET", path)
            listed = answer if isinstance(answer, list) else []
            files += [entry for entry in listed if isinstance(entry, dict)]
            match = _NEXT_LINK.search(headers.get("Link", ""))
            if not match:
                break
            path = _api_path(self.api_url, match[1])
        return files

    # --- sources ----------------------------------------------------------------------
    def download_tarball(self, repository: str, sha: str, target: Path, *, max_bytes: int,
                         max_unpacked_bytes: int, max_files: int) -> None:
        """Write the sources of SHA to TARGET (.tar.gz, repository root at the top)."""
        raw = target.with_name(target.name + ".download")
        try:
            with self._open("GET", f"/repos/{repository}/tarball/{sha}") as response, \
                    open(raw, "wb") as output:
                _copy_limited(response, output, max_bytes)
            strip_top_folder(raw, target, max_files=max_files, max_bytes=max_unpacked_bytes)
        finally:
            raw.unlink(missing_ok=True)


def _json_object(method: str, path: str, answer: object) -> dict[str, Any]:
    """ANSWER, which a create or update call gives as an object (the thing it made)."""
    if not isinstance(answer, dict):
        raise GitHubError("github-refused", f"{method} {path}: GitHub's answer is not an "
                          f"object: {str(answer)[:200]}")
    return answer


def _api_path(api_url: str, url: str) -> str:
    """The path (and query) of URL, a link GitHub gave, relative to API_URL."""
    if not url.startswith(api_url + "/"):
        raise GitHubError("github-refused", f"GitHub linked outside its API: {url[:200]}")
    return url[len(api_url):]


def _http_error(method: str, path: str, error: urllib.error.HTTPError) -> GitHubError:
    detail = error.read(2000).decode("utf-8", "replace")
    with contextlib.suppress(ValueError, AttributeError):
        detail = json.loads(detail).get("message", detail)
    message = f"{method} {path}: GitHub answered {error.code} {detail}".strip()
    headers = error.headers
    rate_limited = error.code in (403, 429) and (
        headers.get("X-RateLimit-Remaining") == "0" or headers.get("Retry-After") is not None
        or "secondary rate limit" in str(detail).lower())
    if error.code >= 500 or error.code == 429 or rate_limited:
        return TransientGitHubError("github-unavailable", message, _retry_after(headers))
    if error.code == 404:
        return GitHubError("github-not-found", message)
    refused = GitHubError("github-refused", message)
    refused.status = error.code
    return refused


def _retry_after(headers) -> float | None:
    """Seconds GitHub asked us to wait: Retry-After, or until X-RateLimit-Reset."""
    try:
        if headers.get("Retry-After") is not None:
            return max(float(headers["Retry-After"]), 0.0)
        if headers.get("X-RateLimit-Remaining") == "0" and headers.get("X-RateLimit-Reset"):
            return max(float(headers["X-RateLimit-Reset"]) - time.time(), 0.0) + 1
    except ValueError:
        pass
    return None


def _copy_limited(source: IO[bytes], target: IO[bytes], limit: int) -> None:
    copied = 0
    while chunk := source.read(_CHUNK):
        copied += len(chunk)
        if copied > limit:
            raise GitHubError("too-large",
                              f"the repository's tarball is larger than {limit} bytes")
        target.write(chunk)


def strip_top_folder(source: Path, target: Path, *, max_files: int, max_bytes: int) -> None:
    """Re-pack the tarball SOURCE into TARGET without each member's first path component.

    Members stream through one at a time; the member count and the declared sizes are
    capped (the worker's unpacking checks real sizes again).
    """
    total = 0
    try:
        with tarfile.open(source, "r:*") as archive, tarfile.open(target, "w:gz") as output:
            for count, member in enumerate(archive, start=1):
                if count > max_files:
                    raise GitHubError("too-many-files",
                                      f"the repository has more than {max_files} entries")
                _top, _, rest = member.name.partition("/")
                if not rest.strip("/"):
                    continue  # the top folder itself
                total += member.size
                if total > max_bytes:
                    raise GitHubError("too-large",
                                      f"the repository unpacks to more than {max_bytes} bytes")
                member.name = rest
                # A long name travels in a pax "path" record, which would win over .name.
                member.pax_headers = {key: value for key, value in member.pax_headers.items()
                                      if key not in ("path", "linkpath")}
                data = archive.extractfile(member) if member.isreg() else None
                output.addfile(member, data)
    except (tarfile.TarError, EOFError, OSError) as error:
        raise GitHubError("bad-tarball", f"GitHub's tarball cannot be read: {error}") from None
