"""The only importer of ``clang.cindex``: parse CUDA text and walk it as ``Node``s.

Parsing needs no CUDA toolkit. The text is parsed as CUDA host code with clang's own
CUDA builtin variables and rocport's minimal declarations (``data/cuda_stubs.h``),
served as in-memory files, together with empty stand-ins for the CUDA headers, so
``#include <cuda_runtime.h>`` resolves on any machine.

clang's resource headers (``stddef.h``, ``__clang_cuda_builtin_vars.h``) do not ship in
the pip ``libclang`` wheel; they come from an installed clang (Debian:
``libclang-common-NN-dev``). ``find_resource_dir()`` looks for them; when neither the
library nor the headers can be found, ``ClangUnavailable`` is raised and callers fall
back to tokens.
"""

from __future__ import annotations

import atexit
import functools
import glob
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ClangUnavailable",
    "Node",
    "ParseResult",
    "ClangMessage",
    "parse",
    "find_resource_dir",
    "libclang_version",
]

_STUBS = Path(__file__).resolve().parent / "data" / "cuda_stubs.h"
_STUB_DIR = "/__rocport_stubs__"
_RESOURCE_PATTERNS = (
    "/usr/lib/llvm-*/lib/clang/*",
    "/usr/lib/clang/*",
    "/usr/local/lib/clang/*",
    "/opt/rocm*/llvm/lib/clang/*",
    "/opt/rocm*/lib/llvm/lib/clang/*",
)


class ClangUnavailable(RuntimeError):
    """libclang or clang's resource headers cannot be found on this machine."""


@dataclass(frozen=True, slots=True)
class ClangMessage:
    """A clang diagnostic located in the parsed file (1-based line and column)."""

    severity: str  # "note", "warning", "error" or "fatal"
    line: int
    column: int
    message: str
    in_main_file: bool


@dataclass(frozen=True)
class ParseResult:
    root: Node
    messages: tuple[ClangMessage, ...]

    @property
    def errors(self) -> tuple[ClangMessage, ...]:
        return tuple(m for m in self.messages if m.severity in ("error", "fatal"))


def _cindex():
    try:
        from clang import cindex
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ClangUnavailable(f"the libclang Python package is not installed: {error}") from error
    return cindex


@functools.cache
def _index(library_file: str | None):
    cindex = _cindex()
    if library_file and not cindex.Config.loaded:
        cindex.Config.set_library_file(library_file)
    try:
        return cindex.Index.create()
    except cindex.LibclangError as error:
        raise ClangUnavailable(f"libclang cannot be loaded: {error}") from error


# Drop the cached Index while clang.cindex still works; at interpreter teardown its
# __del__ would otherwise print "Exception ignored ... 'NoneType' object has no attribute".
atexit.register(_index.cache_clear)


def libclang_version(library_file: str | None = None) -> str:
    """clang's version string, e.g. ``clang version 18.1.1``."""
    _index(library_file)
    cindex = _cindex()
    get_version = cindex.conf.lib.clang_getClangVersion
    get_version.restype = cindex._CXString
    get_version.errcheck = cindex._CXString.from_result
    return get_version()


@functools.cache
def find_resource_dir(hint: str | None = None) -> str:
    """A clang resource directory with the CUDA builtin-variable header; newest first."""
    candidates = [hint] if hint else []
    for pattern in _RESOURCE_PATTERNS:
        candidates.extend(sorted(glob.glob(pattern), key=_version_key, reverse=True))
    for candidate in candidates:
        if candidate and os.path.isfile(
            os.path.join(candidate, "include", "__clang_cuda_builtin_vars.h")
        ):
            return candidate
    raise ClangUnavailable(
        "clang resource headers not found (install libclang-common-NN-dev, "
        "or set the clang resource directory)"
    )


def _version_key(path: str) -> tuple[int, ...]:
    parts = []
    for piece in path.replace("-", "/").split("/"):
        if piece.replace(".", "").isdigit():
            parts.extend(int(p) for p in piece.split(".") if p)
    return tuple(parts)


@functools.cache
def _stub_files() -> tuple[tuple[str, str], ...]:
    """In-memory headers: the declarations and empty stand-ins for CUDA headers."""
    from translator.names import load_names

    stubs = _STUBS.read_text(encoding="utf-8")
    files = [(f"{_STUB_DIR}/cuda_stubs.h", stubs)]
    for header in sorted(load_names().headers):
        files.append((f"{_STUB_DIR}/{header}", "#pragma once\n#include \"cuda_stubs.h\"\n"))
    return tuple(files)


def parse(
    source: str,
    path: str = "input.cu",
    *,
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    extra_args: Sequence[str] = (),
    resource_dir: str | None = None,
    library_file: str | None = None,
) -> ParseResult:
    """Parse SOURCE as CUDA; never raises on bad code, only on a missing libclang."""
    cindex = _cindex()
    index = _index(library_file)
    main = os.path.abspath(path or "input.cu")
    args = [
        "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
        "-resource-dir", find_resource_dir(resource_dir),
        "-std=c++17", "-Wno-unknown-cuda-version", "-ferror-limit=50",
        f"-I{_STUB_DIR}", "-include", "cuda_stubs.h",
        *(f"-I{d}" for d in include_dirs),
        *(f"-D{d}" for d in defines),
        *extra_args,
    ]
    data = source.encode("utf-8", "surrogateescape")
    unsaved = [(main, data), *((name, text.encode()) for name, text in _stub_files())]
    options = (
        cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
        | cindex.TranslationUnit.PARSE_INCOMPLETE
    )
    try:
        unit = index.parse(main, args=args, unsaved_files=unsaved, options=options)
    except cindex.TranslationUnitLoadError as error:
        raise ClangUnavailable(f"libclang failed to load {path}: {error}") from error
    offsets = _OffsetMap(data, source)
    messages = tuple(_messages(unit, main))
    return ParseResult(Node(unit.cursor, main, offsets, unit), messages)


def _messages(unit, main: str) -> Iterator[ClangMessage]:
    names = {0: "ignored", 1: "note", 2: "warning", 3: "error", 4: "fatal"}
    for diagnostic in unit.diagnostics:
        location = diagnostic.location
        in_main = bool(location.file) and location.file.name == main
        yield ClangMessage(
            names.get(diagnostic.severity, "note"),
            location.line, location.column, diagnostic.spelling, in_main,
        )


class _OffsetMap:
    """Turns clang's byte offsets into character offsets of the decoded text."""

    def __init__(self, data: bytes, text: str) -> None:
        self._identity = len(data) == len(text)
        self._data = data

    def char_offset(self, byte_offset: int) -> int:
        if self._identity:
            return byte_offset
        return len(self._data[:byte_offset].decode("utf-8", "surrogateescape"))


class Node:
    """A cursor of the parsed file with offsets in characters of the original text."""

    __slots__ = ("_cursor", "_main", "_offsets", "_unit")

    def __init__(self, cursor, main: str, offsets: _OffsetMap, unit) -> None:
        self._cursor = cursor
        self._main = main
        self._offsets = offsets
        self._unit = unit  # keeps the translation unit alive while nodes exist

    @property
    def kind(self) -> str:
        """Cursor kind name, e.g. ``CALL_EXPR``, ``FUNCTION_DECL``, ``VAR_DECL``."""
        try:
            return self._cursor.kind.name
        except ValueError:  # a kind newer than the bindings know
            return "UNKNOWN"

    @property
    def spelling(self) -> str:
        return self._cursor.spelling

    @property
    def type_spelling(self) -> str:
        return self._cursor.type.spelling

    @property
    def in_main_file(self) -> bool:
        location = self._cursor.location
        return bool(location.file) and location.file.name == self._main

    @property
    def start(self) -> int:
        return self._offsets.char_offset(self._cursor.extent.start.offset)

    @property
    def end(self) -> int:
        return self._offsets.char_offset(self._cursor.extent.end.offset)

    @property
    def line(self) -> int:
        return self._cursor.location.line

    @property
    def attributes(self) -> frozenset[str]:
        """Kinds of attribute children: ``CUDAGLOBAL_ATTR``, ``CUDADEVICE_ATTR``..."""
        return frozenset(
            child.kind.name for child in self._cursor.get_children() if child.kind.is_attribute()
        )

    @property
    def referenced(self) -> Node | None:
        target = self._cursor.referenced
        return Node(target, self._main, self._offsets, self._unit) if target else None

    def children(self) -> Iterator[Node]:
        for child in self._cursor.get_children():
            yield Node(child, self._main, self._offsets, self._unit)

    def walk(self) -> Iterator[Node]:
        """This node and its descendants located in the main file, depth first."""
        for cursor in self._cursor.walk_preorder():
            location = cursor.location
            if location.file and location.file.name == self._main:
                yield Node(cursor, self._main, self._offsets, self._unit)

    def __repr__(self) -> str:
        return f"Node({self.kind}, {self.spelling!r}, {self.start}..{self.end})"

