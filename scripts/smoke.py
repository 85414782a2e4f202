"""Drive a running rocport like a person: sign in, upload an archive, wait, check the result.

    python scripts/smoke.py http://127.0.0.1:8000 rocport PASSWORD examples/saxpy

The last argument is a folder (zipped here) or an archive. Exits 0 when the job is done
with a file tree, a highlighted diff, a findings summary, a compile result and a
downloadable HIP tree; prints what it saw and how long it took. Standard library only.
"""

from __future__ import annotations

import html
import http.cookiejar
import io
import re
import sys
import tarfile
import time
import urllib.parse
import urllib.request
import uuid
import zipfile
from pathlib import Path


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def get(self, path: str) -> tuple[str, bytes]:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.geturl(), response.read()

    def post(self, path: str, body: bytes, content_type: str) -> tuple[str, bytes]:
        request = urllib.request.Request(self.base + path, data=body, method="POST", headers={
            "Content-Type": content_type, "Referer": self.base + path,
        })
        with self.opener.open(request, timeout=120) as response:
            return response.geturl(), response.read()

    def csrf(self) -> str:
        return next(c.value for c in self.cookies if c.name == "csrftoken")


def multipart(fields: dict[str, str], name: str, filename: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
        f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
        + data + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def archive_of(source: Path) -> tuple[str, bytes]:
    if source.is_file():
        return source.name, source.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                bundle.write(path, f"{source.name}/{path.relative_to(source).as_posix()}")
    return f"{source.name}.zip", buffer.getvalue()


def main(base: str, username: str, password: str, source: str, timeout: float = 60) -> int:
    started = time.monotonic()
    browser = Browser(base)
    browser.get("/accounts/login/")
    form = urllib.parse.urlencode({"username": username, "password": password,
                                   "csrfmiddlewaretoken": browser.csrf()}).encode()
    url, _ = browser.post("/accounts/login/", form, "application/x-www-form-urlencoded")
    if "/accounts/login/" in url:
        print("smoke: sign-in failed")
        return 1
    browser.get("/jobs/new/")
    filename, data = archive_of(Path(source))
    body, content_type = multipart({"csrfmiddlewaretoken": browser.csrf()}, "archive",
                                   filename, data)
    job_url, _ = browser.post("/jobs/new/", body, content_type)
    job_path = urllib.parse.urlparse(job_url).path
    print(f"smoke: uploaded {filename} ({len(data)} bytes) -> {job_path}")
    while True:
        _, page = browser.get(job_path)
        state = re.search(rb'id="job-state">(\w+)<', page)
        state = state.group(1).decode() if state else "?"
        if state in ("done", "failed", "canceled"):
            break
        if time.monotonic() - started > timeout:
            print(f"smoke: still {state} after {timeout} s")
            return 1
        time.sleep(1)
    text = page.decode()
    # The page lists the files; one file's diff is its own page (or fragment).
    first = re.search(r'<li class="file [^"]*"><a href="([^"]+)" data-file=', text)
    _, file_page = browser.get(job_path + html.unescape(first.group(1))) if first else (None, b"")
    checks = {
        "state done": state == "done",
        "file tree": 'id="file-tree"' in text and first is not None,
        "highlighted diff": 'id="diff"' in file_page.decode() and '<span class="' in
        file_page.decode(),
        "findings summary": 'id="findings-chart"' in text,
        "compile result": 'id="compile"' in text,
    }
    _, tree = browser.get(f"{job_path}files/hip-tree.tar.gz")
    with tarfile.open(fileobj=io.BytesIO(tree)) as bundle:
        names = bundle.getnames()
        files = {member.name for member in bundle.getmembers() if member.isfile()}
    checks["downloadable HIP tree (tar.gz)"] = bool(names)
    _, tree_zip = browser.get(f"{job_path}files/hip-tree.zip")
    with zipfile.ZipFile(io.BytesIO(tree_zip)) as bundle:
        zip_files = {name for name in bundle.namelist() if not name.endswith("/")}
    checks["downloadable HIP tree (zip), same files"] = bool(files) and zip_files == files
    status = re.search(r'id="compile-status">([^<]*)<', text)
    print(f"smoke: {state} in {time.monotonic() - started:.1f} s; "
          f"{status.group(1) if status else 'no compile status'}; tree: {', '.join(names)}")
    for what, ok in checks.items():
        print(f"smoke: {'ok  ' if ok else 'FAIL'} {what}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
