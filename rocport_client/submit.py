"""``rocport submit DIR|ARCHIVE --url URL [--token TOKEN] [options]``.

Packs a folder as a zip (regular files only; links and special files are left out, as
the service would refuse them), sends it to ``POST /api/jobs/`` with the options,
follows ``GET /api/jobs/{id}/`` with a progress bar (when stderr is a terminal), and
downloads ``hip-tree.tar.gz``, ``changes.patch`` and ``report.json`` into the output
folder. The token comes from ``--token`` or the ``ROCPORT_TOKEN`` environment variable.

Exit codes: 0 the job is done; 1 the job failed or was canceled; 2 usage errors (no
token, no such file); 4 the service refused the request or could not be reached.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
import urllib.error
import urllib.request
import urllib.response
import uuid
import zipfile
from pathlib import Path

__all__ = ["submit", "pack_folder", "SubmitError", "DOWNLOADS", "TOKEN_VARIABLE"]

TOKEN_VARIABLE = "ROCPORT_TOKEN"
DOWNLOADS = ("hip-tree.tar.gz", "changes.patch", "report.json")
_ENDED = {"done", "failed", "canceled"}
_FLAGS = ("roc", "miopen", "experimental", "amap", "hip_kernel_execution_syntax",
          "fix_hazards", "skip_excluded_preprocessor_blocks")


class SubmitError(Exception):
    """The service refused a request or could not be reached (exit code 4)."""


def pack_folder(folder: Path) -> bytes:
    """FOLDER as a zip whose members start with the folder's name."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.is_symlink():
                archive.write(path, f"{folder.name}/{path.relative_to(folder).as_posix()}")
    return buffer.getvalue()


def _multipart(fields: list[tuple[str, str]], name: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = []
    for key, value in fields:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n'
                     f"{value}\r\n".encode())
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="archive"; '
                 f'filename="{name}"\r\nContent-Type: application/octet-stream\r\n\r\n'
                 .encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class _Service:
    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url.rstrip("/"), token

    def request(self, path_or_url: str, body: bytes | None = None,
                content_type: str = "") -> urllib.response.addinfourl:
        url = path_or_url if "://" in path_or_url else self.url + path_or_url
        headers = {"Authorization": f"Token {self.token}", "Accept": "application/json"}
        if content_type:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(url, data=body, headers=headers)
        try:
            return urllib.request.urlopen(request, timeout=60)  # noqa: S310 (the user's URL)
        except urllib.error.HTTPError as error:
            try:
                message = json.load(error)["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = error.reason
            raise SubmitError(f"{url}: {error.code} {message}") from None
        except (urllib.error.URLError, OSError) as error:
            raise SubmitError(f"{url}: {getattr(error, 'reason', error)}") from None

    def json(self, path: str, body: bytes | None = None, content_type: str = "") -> dict:
        with self.request(path, body, content_type) as response:
            return json.load(response)


def _fields(arguments: argparse.Namespace) -> list[tuple[str, str]]:
    fields = [(name, "true") for name in _FLAGS if getattr(arguments, name, False)]
    if arguments.hip_version:
        fields.append(("hip_version", arguments.hip_version))
    if arguments.naming:
        fields.append(("naming", arguments.naming))
    for name in ("offload_archs", "select", "ignore", "defines", "skip_rewrites", "cmake",
                 "make_variables", "make_goals"):
        fields += [(name, value) for value in getattr(arguments, name, None) or ()]
    return fields


def _bar(quiet: bool):
    if quiet or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=0, unit="file", file=sys.stderr, dynamic_ncols=True)


def follow(service: _Service, job: dict, quiet: bool, interval: float = 1.0) -> dict:
    """Poll the job until it ended; show its state and progress."""
    bar = _bar(quiet)
    last_state = None
    try:
        while job["state"] not in _ENDED:
            time.sleep(interval)
            job = service.json(job["links"]["self"])
            progress = job.get("progress") or {}
            if bar is not None:
                bar.total = progress.get("total") or bar.total
                bar.n = progress.get("done", 0)
                bar.set_description(job["state"])
                bar.refresh()
            elif not quiet and job["state"] != last_state:
                print(f"rocport: {job['state']}", file=sys.stderr)
            last_state = job["state"]
    finally:
        if bar is not None:
            bar.close()
    return job


def submit(arguments: argparse.Namespace) -> int:
    token = arguments.token or os.environ.get(TOKEN_VARIABLE, "")
    if not token:
        print(f"rocport: submit needs --token or {TOKEN_VARIABLE}", file=sys.stderr)
        return 2
    source = Path(arguments.source)
    if source.is_dir():
        name, data = f"{source.resolve().name}.zip", pack_folder(source.resolve())
    elif source.is_file():
        name, data = source.name, source.read_bytes()
    else:
        print(f"rocport: {source}: no such file or folder", file=sys.stderr)
        return 2
    service = _Service(arguments.url, token)
    try:
        body, content_type = _multipart(_fields(arguments), name, data)
        job = service.json("/api/jobs/", body, content_type)
        if not arguments.quiet:
            print(f"rocport: job {job['id']}: {job['links']['page']}", file=sys.stderr)
        if arguments.no_wait:
            print(job["id"])
            return 0
        job = follow(service, job, arguments.quiet, arguments.interval)
        if job["state"] != "done":
            failure = job.get("failure") or {}
            print(f"rocport: job {job['state']}"
                  + (f": {failure.get('code')}: {failure.get('message')}" if failure else ""),
                  file=sys.stderr)
            return 1
        output = Path(arguments.output or f"{Path(name).stem.removesuffix('.tar')}-hip")
        output.mkdir(parents=True, exist_ok=True)
        for file_name in DOWNLOADS:
            link = job["links"]["files"].get(file_name)
            if link:
                with service.request(link) as response, open(output / file_name, "wb") as out:
                    while chunk := response.read(1 << 16):
                        out.write(chunk)
    except SubmitError as error:
        print(f"rocport: {error}", file=sys.stderr)
        return 4
    if not arguments.quiet:
        summary = job.get("summary") or {}
        print(f"rocport: done: {summary.get('translated', 0)} of {summary.get('files', 0)} files "
              f"translated, {summary.get('findings', 0)} findings; {job.get('compile_status', '')}"
              f"; results in {output}/", file=sys.stderr)
    return 0
