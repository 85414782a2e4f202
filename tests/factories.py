"""Small factories for web and worker tests: users, jobs and archives."""

from __future__ import annotations

import io
import itertools
import tarfile
import zipfile
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile

from webapp.jobs.models import Job

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "saxpy"
PASSWORD = "correct horse battery staple"
_numbers = itertools.count(1)


def make_user(**overrides):
    username = overrides.pop("username", f"user{next(_numbers)}")
    user = get_user_model().objects.create_user(username=username, password=PASSWORD,
                                                **overrides)
    return user


def make_job(**overrides) -> Job:
    """A saved Job; pass ``archive=bytes`` (and ``suffix``) to store an input too."""
    archive = overrides.pop("archive", None)
    suffix = overrides.pop("suffix", ".zip")
    overrides.setdefault("owner", make_user())
    overrides.setdefault("source_name", f"project{suffix}")
    job = Job.objects.create(**overrides)
    if archive is not None:
        job.store_input(ContentFile(archive), suffix)
    return job


def zip_bytes(files: dict[str, bytes | str]) -> bytes:
    """A zip of ``files`` with a fixed timestamp, so equal input gives equal bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, data in files.items():
            member = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_DEFLATED
            # Folder entries keep the mode and MS-DOS flag zipfile gives them itself.
            member.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
            bundle.writestr(member, data)
    return buffer.getvalue()


def tar_bytes(members: list[tarfile.TarInfo | tuple[str, bytes]], compressed=False) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz" if compressed else "w") as bundle:
        for item in members:
            if isinstance(item, tarfile.TarInfo):
                bundle.addfile(item)
            else:
                name, data = item
                info = tarfile.TarInfo(name)
                info.size = len(data)
                bundle.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def example_files(folder: Path = EXAMPLE) -> dict[str, bytes]:
    """The example project's files, keyed by ``<folder name>/<relative path>``."""
    return {
        f"{folder.name}/{path.relative_to(folder).as_posix()}": path.read_bytes()
        for path in sorted(folder.rglob("*")) if path.is_file()
    }


def example_zip(folder: Path = EXAMPLE) -> bytes:
    return zip_bytes(example_files(folder))


def report_json(**parts) -> dict:
    """The report JSON (version 2: ``translator/output/report_json.py``) of an empty tree
    with PARTS in place of its keys: the whole shape the sandbox stores, not a fragment."""
    report = {
        "tool": "rocport", "version": 2, "rocport_version": "0.1.0", "options": {},
        "toolchain": {}, "files": [], "findings": [], "compile": [],
        "compile_commands": {"path": "", "problems": [], "files": {}},
        "stats": {"families": {}, "converted": 0, "unsupported": 0, "coverage": 100.0,
                  "lines_changed": 0, "kinds": {}, "files": {}, "run": {},
                  "findings": {"active": 0, "suppressed": 0, "categories": {}},
                  "analysis": {"types": 0, "tokens": 0, "not_needed": 0, "rate": 100.0}},
        "line_maps": {},
        "hip_build": {"detected": False, "evidence": [], "macros": [], "switches": [],
                      "vendor_headers": [], "cuda_branches_left": 0, "blocks_kept_off": 0,
                      "action": ""},
        "summary": "",
    }
    return {**report, **parts}


def file_entry(path: str, **overrides) -> dict:
    """A translated C++ file of a report's ``files[]``."""
    return {"path": path, "output_path": path, "kind": "cuda-source", "language": "c++",
            "status": "translated", "message": "", "utf8": True, "analysis": "types",
            "analysis_error": "", "replacements": 1, "unsupported": [], **overrides}


def finding_entry(path: str, line: int, **overrides) -> dict:
    """A finding of a report's ``findings[]``."""
    return {"code": "R101", "name": "cuda-api-name", "category": "api", "severity": "warning",
            "path": path, "line": line, "column": 1, "message": "", "help": "",
            "suppressed": False, "fixes": [], **overrides}
