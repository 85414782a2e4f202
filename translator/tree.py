"""migrate_tree(): translate a whole repository folder into a HIP folder.

First version: walks the tree, translates C/C++/CUDA files, copies everything else
byte for byte with its mode, never follows links. Later work adds build files,
renaming policies, parallelism and caching (see the repository's issues).
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from translator.config import configure, options_for_path
from translator.engine import Result, translate
from translator.options import Options
from translator.unit import HEADER_SUFFIXES, SOURCE_SUFFIXES

__all__ = ["FileOutcome", "TreeResult", "migrate_tree", "classify"]

CODE_SUFFIXES = frozenset(HEADER_SUFFIXES + SOURCE_SUFFIXES)
MAX_TRANSLATED_BYTES = 64 * 1024 * 1024


@dataclass
class FileOutcome:
    """What happened to one file. Paths are relative to the tree roots, with ``/``."""

    path: str
    output_path: str
    kind: str  # "cuda-source", "cuda-header", "cpp", "build", "text", "binary", "link"
    status: str  # "translated", "unchanged", "copied", "skipped", "error"
    result: Result | None = None
    message: str = ""


@dataclass
class TreeResult:
    source_root: Path
    output_root: Path
    options: Options
    files: list[FileOutcome] = field(default_factory=list)


def classify(relative_path: str, data: bytes) -> str:
    """The kind of a file from its name and its first bytes."""
    suffix = os.path.splitext(relative_path)[1].lower()
    if suffix in (".cu",):
        return "cuda-source"
    if suffix in (".cuh",):
        return "cuda-header"
    if suffix in CODE_SUFFIXES:
        return "cpp"
    if b"\0" in data[:8192]:
        return "binary"
    return "text"


def migrate_tree(
    source: str | os.PathLike,
    output: str | os.PathLike,
    options: Options | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> TreeResult:
    """Translate every file under SOURCE into OUTPUT (created; must not be inside SOURCE).

    PROGRESS, when given, is called with (files done, files total).
    """
    source_root = Path(source).resolve()
    output_root = Path(output).resolve()
    if output_root == source_root or source_root in output_root.parents:
        raise ValueError("the output folder must not be inside the source folder")
    options = configure(options or Options(), source_root)  # the repository's .rocport.toml
    tree = TreeResult(source_root, output_root, options)
    paths = sorted(_walk(source_root))
    output_root.mkdir(parents=True, exist_ok=True)
    for done, path in enumerate(paths, start=1):
        tree.files.append(_migrate_file(source_root, output_root, path, options))
        if progress is not None:
            progress(done, len(paths))
    return tree


def _walk(root: Path):
    for folder, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        for name in files:
            yield Path(folder, name).relative_to(root).as_posix()


def _migrate_file(source_root: Path, output_root: Path, relative: str, options: Options) -> FileOutcome:
    source_path = source_root / relative
    target_path = output_root / relative
    target_path.parent.mkdir(parents=True, exist_ok=True)
    if source_path.is_symlink():
        return FileOutcome(relative, relative, "link", "skipped", message="symbolic link not followed")
    try:
        data = source_path.read_bytes()
    except OSError as error:
        return FileOutcome(relative, relative, "unknown", "error", message=f"cannot read: {error.strerror}")
    kind = classify(relative, data)
    if kind in ("cuda-source", "cuda-header", "cpp") and len(data) <= MAX_TRANSLATED_BYTES:
        result = translate(data, options_for_path(options, relative), relative)
        target_path.write_bytes(result.encode())
        _copy_mode(source_path, target_path)
        status = "translated" if result.changed else "unchanged"
        return FileOutcome(relative, relative, kind, status, result)
    shutil.copyfile(source_path, target_path)
    _copy_mode(source_path, target_path)
    return FileOutcome(relative, relative, kind, "copied")


def _copy_mode(source_path: Path, target_path: Path) -> None:
    os.chmod(target_path, stat.S_IMODE(source_path.stat().st_mode))
