"""The GitHub HTTP client of the workers: fetch a commit's sources, report results.

``GitHubClient(api_url, token)`` speaks the REST API with urllib:

- ``download_tarball(repository, sha, target, ...)``: ``GET /repos/{o}/{r}/tarball/{sha}``
  (GitHub redirects to its download host; the token is not sent to another host), kept
  to ``max_bytes``, then re-packed as a ``.tar.gz`` without GitHub's top folder
  (``owner-repo-abc1234/``), so report paths are relative to the repository root;
- ``post_status(repository, sha, state, description, target_url)``:
  ``POST /repos/{o}/{r}/statuses/{sha}`` with context ``rocport``;
- ``post_comment(repository, number, body)``: ``POST /repos/{o}/{r}/issues/{n}/comments``.

Errors are ``GitHubError(code, message)``; ``TransientGitHubError`` marks the ones worth
retrying (connection problems, time-outs, 5xx, 429 and rate-limited 403), which tasks
retry with back-off. Re-packing keeps every member type: the worker's safe unpacking
refuses links and special files later, as for uploads.
"""

from __future__ import annotations

import json
import logging
import tarfile
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

logger = logging.getLogger(__name__)

_CHUNK = 1024 * 1024
_USER_AGENT = "rocport"


class GitHubError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)  # both in args: Celery pickles task exceptions
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class TransientGitHubError(GitHubError):
    """A failure that may go away by itself: retry later."""


class _NoAuthorizationAcrossHosts(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, request, fp, code, message, headers, new_url):
        redirected = super().redirect_request(request, fp, code, message, headers, new_url)
        if redirected is not None and urlsplit(new_url).netloc != urlsplit(request.full_url).netloc:
            redirected.remove_header("Authorization")
        return redirected


class GitHubClient:
    def __init__(self, api_url: str, token: str, timeout: float = 30) -> None:
        self.api_url = api_url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self._opener = urllib.request.build_opener(_NoAuthorizationAcrossHosts)

    # --- requests ---------------------------------------------------------------------
    def _open(self, method: str, path: str, body: dict | None = None):
        headers = {"Accept": "application/vnd.github+json", "User-Agent": _USER_AGENT,
                   "X-GitHub-Api-Version": "2022-11-28"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
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

    def _post(self, path: str, body: dict) -> dict:
        with self._open("POST", path, body) as response:
            return json.loads(response.read() or b"{}")

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


def _http_error(method: str, path: str, error: urllib.error.HTTPError) -> GitHubError:
    detail = error.read(2000).decode("utf-8", "replace")
    try:
        detail = json.loads(detail).get("message", detail)
    except (ValueError, AttributeError):
        pass
    message = f"{method} {path}: GitHub answered {error.code} {detail}".strip()
    rate_limited = error.code == 403 and error.headers.get("X-RateLimit-Remaining") == "0"
    if error.code >= 500 or error.code == 429 or rate_limited:
        return TransientGitHubError("github-unavailable", message)
    if error.code == 404:
        return GitHubError("github-not-found", message)
    return GitHubError("github-refused", message)


def _copy_limited(source, target, limit: int) -> None:
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
