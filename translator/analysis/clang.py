"""The only importer of ``clang.cindex``: parse CUDA text and walk it as ``Node``s.

Parsing needs no CUDA toolkit. The text is parsed as CUDA host code with clang's own
CUDA builtin variables and rocport's declarations, served as in-memory files: the CUDA
names with their types and the real C and C++ library beside them
(``data/cuda_stubs.h``), every other name of the name table in a simple form
(``translator.analysis.cuda_declarations``), and stand-ins for the CUDA headers, so
``#include <cuda_runtime.h>`` resolves on any machine. The stubs are precompiled once
per process (a PCH in a private temporary folder), so they cost each file almost
nothing. The file is read at its place in the tree (``directory``), so quoted includes
resolve next to it as a compiler resolves them; ``translator.analysis.include_paths`` gives the
tree's ``-I`` folders.

What rules can ask (a small API; everything else stays inside this module):

- ``parse(source, path, ...) -> ParseResult`` with ``messages``/``errors`` and
  ``functions`` (each ``Function`` has its span and CUDA ``target``: global, device,
  host-device or host);
- ``Node``: ``kind``, ``spelling``, ``text``, ``start``/``end``, ``children()``,
  ``walk()``, ``referenced``, and the semantic answers ``evaluate()`` (constant folding
  through ``clang_Cursor_Evaluate``), ``type_size``, ``pointee_size``,
  ``array_extents``, ``is_pointer``, ``is_shared``, ``operator`` and
  ``cuda_target``. Pointer data flow over Nodes lives in ``translator.analysis.dataflow``.

A header that cannot be found is replaced by an empty stand-in and the file parsed
again (all of a parse's missing headers at once), so a missing header does not leave
the rest of the file unresolved; CUDA toolkit headers that are nowhere get theirs
before the first parse.

clang's resource headers (``stddef.h``, ``__clang_cuda_builtin_vars.h``) do not ship in
the pip ``libclang`` wheel; they come from an installed clang (Debian:
``libclang-common-NN-dev``). ``find_resource_dir()`` looks for them; when neither the
library nor the headers can be found, ``ClangUnavailable`` is raised and callers fall
back to tokens.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import glob
import itertools
import os
import re
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass

from translator.analysis.header_constants import (
    MAX_HEADER_BYTES,
    MAX_HEADERS,
    find_header,
    included_headers,
)
from translator.data import DIRECTORY as DATA_DIRECTORY

__all__ = [
    "ClangUnavailable",
    "Node",
    "ParseResult",
    "ClangMessage",
    "Function",
    "parse",
    "find_resource_dir",
    "libclang_version",
    "prepare_stubs",
    "precompile_stubs",
    "use_precompiled_stubs",
]

_STUBS = DATA_DIRECTORY / "cuda_stubs.h"
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


@dataclass(frozen=True, eq=False)
class Function:
    """A function definition of the main file and where its code runs.

    ``target`` is ``"global"`` (a kernel), ``"device"``, ``"host-device"`` or ``"host"``.
    Offsets are characters of the original text; ``body`` is the COMPOUND_STMT node.
    """

    name: str
    start: int
    end: int
    body_start: int
    target: str
    node: Node | None = None

    @property
    def on_device(self) -> bool:
        return self.target != "host"


_FUNCTION_KINDS = frozenset({
    "FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE", "CONSTRUCTOR", "DESTRUCTOR",
    "CONVERSION_FUNCTION",
})
@dataclass(frozen=True)
class ParseResult:
    root: Node
    messages: tuple[ClangMessage, ...]

    @property
    def errors(self) -> tuple[ClangMessage, ...]:
        return tuple(m for m in self.messages if m.severity in ("error", "fatal"))

    @functools.cached_property
    def functions(self) -> tuple[Function, ...]:
        """Function definitions of the main file (also in namespaces and classes), by start."""
        found: list[Function] = []
        pending = self.root.main_file_children()
        while pending:
            node = pending.pop()
            kind = node.kind
            if kind in _FUNCTION_KINDS:
                body, target = node.body_and_target()
                if body is not None:
                    found.append(Function(node.spelling, node.start, node.end, body.start,
                                          target, node))
            elif kind in ("NAMESPACE", "CLASS_DECL", "STRUCT_DECL", "CLASS_TEMPLATE",
                          "UNEXPOSED_DECL", "LINKAGE_SPEC"):
                pending.extend(c for c in node.children() if c.in_main_file)
        return tuple(sorted(found, key=lambda f: f.start))


def _cindex():
    try:
        from clang import cindex
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ClangUnavailable(f"the libclang Python package is not installed: {error}") from error
    return cindex


@functools.cache
def _index(library_file: str | None):
    cindex = _cindex()
    # Free the index while the bindings still exist, not during interpreter teardown.
    atexit.register(_index.cache_clear)
    if library_file and not cindex.Config.loaded:
        cindex.Config.set_library_file(library_file)
    try:
        # excludeDecls: a visit of the translation unit lists the declarations parsed for
        # this file only, not the thousands of the precompiled stubs and standard headers
        # (one Python callback each).
        return cindex.Index.create(excludeDecls=True)
    except cindex.LibclangError as error:
        raise ClangUnavailable(f"libclang cannot be loaded: {error}") from error


# Drop the cached Index while clang.cindex still works; at interpreter teardown its
# __del__ would otherwise print "Exception ignored ... 'NoneType' object has no attribute".
atexit.register(_index.cache_clear)


def libclang_version(library_file: str | None = None) -> str:
    """clang's version string, e.g. ``clang version 18.1.1``."""
    _index(library_file)
    return _loaded_version()


@functools.cache
def _loaded_version() -> str:
    """The version string of the libclang this process loaded (an index was made)."""
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
    parts: list[int] = []
    for piece in path.replace("-", "/").split("/"):
        if piece.replace(".", "").isdigit():
            parts.extend(int(p) for p in piece.split(".") if p)
    return tuple(parts)


@functools.cache
def _stub_files() -> tuple[tuple[str, str], ...]:
    """In-memory headers: the declarations and empty stand-ins for CUDA headers."""
    from translator.analysis.cuda_declarations import NCCL_HEADER, declarations
    from translator.data.names import load_names

    stubs = _STUBS.read_text(encoding="utf-8")
    declared = frozenset(re.findall(r"[A-Za-z_]\w*", stubs))
    files = [(f"{_STUB_DIR}/cuda_stubs.h", stubs),
             (f"{_STUB_DIR}/cuda_names.h", declarations(declared))]
    for header in sorted(load_names().headers):
        files.append((f"{_STUB_DIR}/{header}", "#pragma once\n#include \"cuda_stubs.h\"\n"))
    files.append((f"{_STUB_DIR}/nccl.h", NCCL_HEADER))
    files.append((f"{_STUB_DIR}/__rocport_libcudacxx.h", _LIBCUDACXX))
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
    directory: str = "",
    context: tuple[str, str] | tuple[()] = (),
) -> ParseResult:
    """Parse SOURCE as CUDA; never raises on bad code, only on a missing libclang.

    PATH is relative to DIRECTORY (the tree's root; default: the working folder), where
    clang finds the file's quoted includes next to it, as a compiler does. CONTEXT, for a
    header, is (the path of a file that includes it, that file's text up to the end of
    its include line): the header is parsed as that file's compiler sees it, after what
    the file declared first, and the result is the header's. When that text turns out
    not to reach the header, it is parsed alone.
    """
    if context:
        found = _parse(source, path, include_dirs, defines, extra_args, resource_dir,
                       library_file, directory, context)
        if found is not None:
            return found
    parsed = _parse(source, path, include_dirs, defines, extra_args, resource_dir,
                    library_file, directory, ())
    assert parsed is not None  # alone, the main file is always there
    return parsed


def _parse(source: str, path: str, include_dirs: Sequence[str], defines: Sequence[str],
           extra_args: Sequence[str], resource_dir: str | None, library_file: str | None,
           directory: str, context: tuple[str, str] | tuple[()]) -> ParseResult | None:
    cindex = _cindex()
    index = _index(library_file)
    directory = os.path.abspath(directory or os.getcwd())
    main = os.path.normpath(os.path.join(directory, path or "input.cu"))
    entry = os.path.normpath(os.path.join(directory, context[0])) if context else main
    base = _base_args(find_resource_dir(resource_dir), tuple(extra_args))
    precompiled = _precompiled(index, base)
    args = [
        *base,
        *(("-include-pch", precompiled) if precompiled else
          ("-include", "cuda_stubs.h", "-include", "cuda_names.h")),
        *(f"-I{d}" for d in include_dirs),
        *(f"-D{d}" for d in defines),
    ]
    data = source.encode("utf-8", "surrogateescape")
    unsaved = [(main, data), *_stub_files_bytes()]
    if context:
        unsaved.insert(0, (entry, context[1].encode("utf-8", "surrogateescape")))
    options = (
        cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
        | cindex.TranslationUnit.PARSE_INCOMPLETE
        | _KEEP_GOING
    )
    missing = _absent_headers(context[1] + "\n" + source if context else source,
                              os.path.dirname(entry), include_dirs,
                              _system_folders(base[base.index("-resource-dir") + 1]),
                              every_header=not _names_include_folders(extra_args))
    unsaved += [(f"{_STUB_DIR}/{h}", _stand_in(h)) for h in missing]
    for _attempt in range(_MAX_MISSING_HEADERS + 1):
        try:
            unit = index.parse(entry, args=args, unsaved_files=unsaved, options=options)
        except cindex.TranslationUnitLoadError as error:
            if not precompiled:
                raise ClangUnavailable(f"libclang failed to load {path}: {error}") from error
            # libclang 18 cannot load its own C++20 PCH: include the stubs as text instead
            _PRECOMPILED[tuple(base)] = precompiled = None
            args[args.index("-include-pch"):args.index("-include-pch") + 2] = [
                "-include", "cuda_stubs.h", "-include", "cuda_names.h"]
            unit = index.parse(entry, args=args, unsaved_files=unsaved, options=options)
        headers = [h for h in _missing_headers(unit) if h not in missing]
        if not headers:
            break
        # A missing header leaves calls unresolved for the rest of the file: stand in an
        # empty one for each (in the stub folder, which is on the include path) and parse
        # again, so unavailable headers do not cost the analysis. Parsing goes on past
        # the first (KeepGoing), so one more parse usually finds them all.
        missing += headers
        unsaved += [(f"{_STUB_DIR}/{h}", _stand_in(h)) for h in headers]
    if context and unit.get_file(main) is None:
        return None  # the includer's text did not reach the header (another was found)
    offsets = _OffsetMap(data, source)
    messages = tuple(_messages(unit, main, directory, base[base.index("-resource-dir") + 1]))
    if missing:
        note = ClangMessage("warning", 1, 1, MISSING_HEADERS + ": " + ", ".join(missing), True)
        messages = (note, *messages)
    return ParseResult(Node(unit.cursor, main, offsets, unit), messages)


_MAX_MISSING_HEADERS = 4


def _stand_in(header: str) -> bytes:
    """The text of the stand-in for a header that is nowhere: empty, but for the CUDA C++
    library's (``<cuda/atomic>``, ``<cuda/std/cstddef>``), which declare the few names
    that size data (``cuda::atomic<int, cuda::thread_scope_block>``, ``cuda::std::byte``)."""
    if header.startswith("cuda/"):
        return b'#pragma once\n#include "__rocport_libcudacxx.h"\n'
    return b"#pragma once\n"


#: The CUDA C++ library's names that size data, for ``_stand_in``.
_LIBCUDACXX = """#pragma once
namespace cuda {
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2,
                    thread_scope_thread = 3 };
namespace std {
enum class byte : unsigned char {};
enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire,
                    memory_order_release, memory_order_acq_rel, memory_order_seq_cst };
typedef decltype(sizeof(0)) size_t;
}  // namespace std
template <class T, thread_scope Scope = thread_scope_system> struct atomic {
  T __value;
  atomic() = default;
  __host__ __device__ constexpr atomic(T value) : __value(value) {}
  __host__ __device__ T load(std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ void store(T, std::memory_order = std::memory_order_seq_cst);
  __host__ __device__ T exchange(T, std::memory_order = std::memory_order_seq_cst);
  __host__ __device__ bool compare_exchange_strong(T &, T, std::memory_order =
                                                   std::memory_order_seq_cst);
  __host__ __device__ bool compare_exchange_weak(T &, T, std::memory_order =
                                                 std::memory_order_seq_cst);
  __host__ __device__ T fetch_add(T, std::memory_order = std::memory_order_seq_cst);
  __host__ __device__ T fetch_sub(T, std::memory_order = std::memory_order_seq_cst);
  __host__ __device__ T fetch_min(T, std::memory_order = std::memory_order_seq_cst);
  __host__ __device__ T fetch_max(T, std::memory_order = std::memory_order_seq_cst);
  __host__ __device__ operator T() const;
};
template <class T, thread_scope Scope = thread_scope_system> struct atomic_ref {
  T *__pointer;
  __host__ __device__ explicit atomic_ref(T &value) : __pointer(&value) {}
  __host__ __device__ T load(std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ void store(T, std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ T exchange(T, std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ bool compare_exchange_strong(T &, T, std::memory_order =
                                                   std::memory_order_seq_cst) const;
  __host__ __device__ T fetch_add(T, std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ T fetch_sub(T, std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ T fetch_min(T, std::memory_order = std::memory_order_seq_cst) const;
  __host__ __device__ T fetch_max(T, std::memory_order = std::memory_order_seq_cst) const;
};
namespace std {
template <class T> using atomic = ::cuda::atomic<T>;
template <class T> using atomic_ref = ::cuda::atomic_ref<T>;
}  // namespace std
}  // namespace cuda
"""
#: How the note that names the headers stood in for as empty begins.
MISSING_HEADERS = "headers not found, analysed as empty"
#: CXTranslationUnit_KeepGoing: a missing header does not end the parse.
_KEEP_GOING = 0x200


#: CUDA toolkit headers (cuda_fp8.h, mma.h, cooperative_groups/reduce.h, cuda/std/...):
#: with -nocudainc clang finds one only where a project or the system keeps a copy.
_TOOLKIT_HEADER = re.compile(
    r"(?:cuda\w*|cooperative_groups|mma|sm_\d+_\w+|nvToolsExt\w*|nvrtc|nvml)\.h(?:pp)?"
    r"|(?:cuda|cooperative_groups|crt|nvtx3)/[\w./]+")
#: A header a file only asks about: standing in an empty one would change the answer.
_ASKED = re.compile(r'__has_include(?:_next)?\s*\(\s*[<"]([^>"\n]+)[>"]')
#: Where clang looks for the system's headers on Linux, and more: a header found in none
#: of these (nor in the tree's folders) is one clang cannot find either.
_SYSTEM_INCLUDE_PATTERNS = (
    "/usr/local/include", "/usr/include", "/usr/include/*-linux-gnu", "/usr/include/c++/*",
    "/usr/include/c++/*/backward", "/usr/include/*-linux-gnu/c++/*")


def _names_include_folders(extra_args: Sequence[str]) -> bool:
    """True when the arguments add folders clang searches that cannot be told here
    (``-isystem``, ``-iquote``, ``-include``, ``--sysroot``): only the toolkit's headers
    are then stood in for before the parse."""
    return any(a.startswith(("-I", "-i", "--include", "--sysroot")) for a in extra_args)


@functools.cache
def _system_folders(resource: str) -> tuple[str, ...]:
    """The folders of _SYSTEM_INCLUDE_PATTERNS and clang's RESOURCE folder that exist."""
    patterns = (f"{resource}/include", f"{resource}/include/cuda_wrappers",
                *_SYSTEM_INCLUDE_PATTERNS)
    return tuple(sorted({folder for pattern in patterns for folder in glob.glob(pattern)
                         if os.path.isdir(folder)}))


def _absent_headers(source: str, folder: str, include_dirs: Sequence[str],
                    system_dirs: Sequence[str], every_header: bool) -> list[str]:
    """The headers that SOURCE includes, itself or through the project's headers (found
    in FOLDER or INCLUDE_DIRS, as clang finds them), that clang cannot find, in order:
    neither stubs nor in those folders or SYSTEM_DIRS. Without EVERY_HEADER, only the
    CUDA toolkit's. One that is nowhere cost a second parse of the whole file to stand
    in an empty one (library headers of PyTorch, CUTLASS or spdlog that a repository
    does not carry: most real files); found first, it costs none. A header the texts ask
    about with ``__has_include`` is left to clang (the toolkit's are stood in for, as
    ever)."""
    stubs = {name[len(_STUB_DIR) + 1:] for name, _ in _stub_files()}
    absent: list[str] = []
    asked: set[str] = set()
    pending, seen = [(source, folder)], set[str]()
    # where each name was found, by includer's folder for quoted names: the project's
    # common headers are included from most of its headers, each a search of every folder
    located: dict[tuple[str, str], str | None] = {}
    while pending and len(seen) < MAX_HEADERS:
        text, here = pending.pop(0)
        if "__has_include" in text:
            asked.update(_ASKED.findall(text))
        for header, quoted in included_headers(text):
            if header in stubs or header in absent or ".." in header or header.startswith("/"):
                continue
            key = (here if quoted else "", header)
            if key in located:
                found = located[key]
            else:
                found = located[key] = find_header(header, quoted, here, include_dirs)
            if found is None:
                toolkit = _TOOLKIT_HEADER.fullmatch(header) is not None
                if (toolkit or every_header) and not any(
                        os.path.isfile(os.path.join(f, header)) for f in system_dirs):
                    absent.append(header)
            elif found not in seen:
                seen.add(found)
                try:
                    with open(found, encoding="utf-8", errors="replace") as file:
                        pending.append((file.read(MAX_HEADER_BYTES), os.path.dirname(found)))
                except OSError:
                    continue
    return [header for header in absent
            if header not in asked or _TOOLKIT_HEADER.fullmatch(header)]


#: Diagnostics read back from libclang (each costs tens of microseconds): clang stops after
#: 50 errors, and the notes that go with them stay far below this.
_MAX_DIAGNOSTICS = 1000


def _missing_headers(unit) -> list[str]:
    """The headers of the 'file not found' errors, in order."""
    found = []
    for diagnostic in itertools.islice(unit.diagnostics, _MAX_DIAGNOSTICS):
        text = diagnostic.spelling
        if diagnostic.severity >= 3 and text.endswith("file not found") and text.startswith("'"):
            header = text[1:text.index("'", 1)]
            if ".." not in header and not header.startswith("/") and header not in found:
                found.append(header)
    return found


def _base_args(resource_dir: str, extra_args: tuple[str, ...]) -> list[str]:
    # clang takes the last -std; it goes first, so that a project's own standard (most
    # often the default) gives the same arguments, and the same precompiled stubs
    standards = [a for a in extra_args if a.startswith("-std=")]
    others = [a for a in extra_args if not a.startswith("-std=")]
    return ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
            "-resource-dir", resource_dir, (standards or ["-std=c++17"])[-1],
            # -w: no rule reads a warning, and a hostile file can make clang warn once per
            # character (a run of quotes: 125,000 "empty character constant" warnings
            # took 12 s to read back through libclang)
            "-w", "-ferror-limit=50", f"-I{_STUB_DIR}", *others]


@functools.cache
def _stub_files_bytes() -> tuple[tuple[str, bytes], ...]:
    return tuple((name, text.encode()) for name, text in _stub_files())


#: Precompiled stubs of this process, by the arguments they were built with.
_PRECOMPILED: dict[tuple[str, ...], str | None] = {}
#: A folder of stubs precompiled by another process (``precompile_stubs``), read-only
#: here: a sandboxed translation finds them there instead of building its own.
_shared_precompiled_folder = ""
#: The C++ library headers CUDA sources include most, precompiled with the stubs: parsed
#: per file they were most of a small file's parse (vector, algorithm, random...).
#: A file that uses one without including it is then analysed as if it had.
_PRECOMPILED_HEADERS = (
    "algorithm", "array", "atomic", "cassert", "cfloat", "chrono", "cinttypes", "climits",
    "complex", "cstddef", "cstdint", "cstring", "functional", "initializer_list",
    "iomanip", "iostream", "iterator", "limits", "map", "memory", "mutex", "numeric",
    "random", "set", "sstream", "stdexcept", "string", "thread", "tuple", "type_traits",
    "unordered_map", "utility", "vector",
)


def _precompiled(index, base: list[str]) -> str | None:
    """The stub headers precompiled for BASE, or None when that fails: the stubs, the
    standard headers and the name declarations then cost one parse per process (or
    none, when ``use_precompiled_stubs`` named a folder that has them) instead of one
    per file. Built in a private temporary folder removed at exit, or copied there from
    the folder that keeps them between runs (``keep_stubs_in``)."""
    key = tuple(base)
    if key not in _PRECOMPILED:
        name = _precompiled_name(base)
        shared = _shared_precompiled_folder
        if shared:
            _wait_while_built(os.path.join(shared, name))
        if shared and os.path.isfile(os.path.join(shared, name)):
            _PRECOMPILED[key] = os.path.join(shared, name)
        else:
            folder = _precompiled_folder()
            built = folder and _stubs_into(index, base, os.path.join(folder, name))
            _PRECOMPILED[key] = built or None
    return _PRECOMPILED[key]


def prepare_stubs(resource_dir: str | None = None, extra_args: Sequence[str] = ()) -> None:
    """Precompile now, in this process, the stubs that ``parse`` with these arguments
    uses (nothing when they are there or libclang is missing), or take them from the
    folder that keeps them (``keep_stubs_in``). libclang works without the interpreter
    lock, so a thread can do it while the caller reads a tree; process pool workers
    forked afterwards inherit the file instead of each building it."""
    try:
        index, resource = _index(None), find_resource_dir(resource_dir)
    except ClangUnavailable:
        return  # parse() says why, file by file
    _precompiled(index, _base_args(resource, tuple(extra_args)))


def precompile_stubs(folder: str, resource_dir: str | None = None,
                     extra_args: Sequence[str] = ()) -> str | None:
    """Build the precompiled stubs that ``parse`` with these arguments uses into FOLDER
    (unless they are there), for processes that ``use_precompiled_stubs(FOLDER)``, or
    copy them there from the folder that keeps them (``keep_stubs_in``); their path, or
    None when they cannot be built. Ends a ``claim_stubs`` either way."""
    try:
        index = _index(None)
        base = _base_args(find_resource_dir(resource_dir), tuple(extra_args))
        target = os.path.join(folder, _precompiled_name(base))
        if os.path.isfile(target):
            return target
        partial = f"{target}.{os.getpid()}.partial"
        if not _stubs_into(index, base, partial):
            return None
        with contextlib.suppress(OSError):  # a link to a kept file another user owns
            os.chmod(partial, 0o644)
        os.replace(partial, target)  # whole or absent for a reader
        return target
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove(os.path.join(folder, _BUILDING))


def claim_stubs(folder: str) -> None:
    """Mark FOLDER as having stubs built in it (by a ``precompile_stubs`` to come, perhaps
    in another process): a process that needs stubs from it meanwhile waits for them
    instead of building its own."""
    with open(os.path.join(folder, _BUILDING), "w"):
        pass


#: In a folder while a process builds stubs in it (``claim_stubs``).
_BUILDING = ".building"
#: How long a process waits for stubs that another builds (about a second's work).
_STUBS_WAIT = 60.0


def _wait_while_built(target: str) -> None:
    """Return when TARGET is built, or no longer being built, or after _STUBS_WAIT."""
    marker = os.path.join(os.path.dirname(target), _BUILDING)
    deadline = time.monotonic() + _STUBS_WAIT
    while os.path.exists(marker) and not os.path.isfile(target) and time.monotonic() < deadline:
        time.sleep(0.01)


def use_precompiled_stubs(folder: str) -> None:
    """Read the stubs from FOLDER (built there by ``precompile_stubs``, perhaps by another
    process) instead of building them, when they are there for a parse's arguments."""
    global _shared_precompiled_folder
    _shared_precompiled_folder = folder
    _PRECOMPILED.clear()  # what this process built before is looked up again


def _precompiled_name(base: list[str]) -> str:
    """A name that changes with everything the precompiled file depends on: the
    arguments, the headers, the stubs and the libclang that reads it (a file kept in a
    lasting folder outlives an upgrade)."""
    import hashlib

    digest = hashlib.sha256("\0".join([_loaded_version(), *base,
                                        *_PRECOMPILED_HEADERS]).encode())
    for name, data in _stub_files_bytes():
        digest.update(name.encode() + b"\0" + data)
    return f"stubs-{digest.hexdigest()[:32]}.pch"


#: How many precompiled stubs (about 15 MB each) a lasting folder keeps: one per set of
#: clang arguments and libclang version, the least recently used removed first.
_KEPT_STUBS = 4


def keep_stubs_in(folder: str) -> None:
    """Keep the stubs this process builds in FOLDER, and take them from there when a
    run kept them before ("": nowhere, the default): they outlast the run, which saves
    the next one the second of work they cost. A kept file's name changes with all that
    it depends on (``_precompiled_name``), so the file found is always the right one.
    Process pool workers forked afterwards keep them there too."""
    global _lasting_folder
    _lasting_folder = folder


#: Where this process keeps its stubs between runs (``keep_stubs_in``).
_lasting_folder = ""


def _stubs_into(index, base: list[str], target: str) -> str:
    """TARGET, holding the stubs for BASE: taken from the folder that keeps them when it
    has them, else built (and then kept there); "" on failure. A kept file is never read
    in place, since another run may replace or remove it meanwhile (``_keep`` replaces
    it whole): TARGET is a second link to it, which keeps its content whatever happens
    to the kept name, or a copy where the two folders cannot share a file. A link costs
    nothing; copying the 15 MB took a pool's first worker a tenth of a second."""
    import shutil

    kept = os.path.join(_lasting_folder, _precompiled_name(base)) if _lasting_folder else ""
    if kept and os.path.isfile(kept):
        with contextlib.suppress(OSError):
            linked = f"{target}.{os.getpid()}.link"
            try:
                os.link(kept, linked)
                os.replace(linked, target)  # TARGET may be there from an earlier run
            except OSError:  # another file system, or links not allowed there
                shutil.copyfile(kept, target)
            os.utime(kept)  # recently used: the last to be removed
            return target
    if not _build_precompiled(index, base, target):
        return ""
    if kept:
        _keep(target, kept)
    return target


def _keep(built: str, kept: str) -> None:
    """Copy BUILT to KEPT in its lasting folder (whole or not at all, for a concurrent
    reader), then remove all but the _KEPT_STUBS most recently used files there."""
    import shutil

    folder = os.path.dirname(kept)
    partial = f"{kept}.{os.getpid()}.partial"
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        shutil.copyfile(built, partial)
        os.replace(partial, kept)
        files = sorted(glob.glob(os.path.join(glob.escape(folder), "stubs-*.pch")),
                       key=os.path.getmtime, reverse=True)
        for old in files[_KEPT_STUBS:]:
            os.remove(old)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(partial)  # a full disk or a folder we may not write: build next time


def _build_precompiled(index, base: list[str], target: str) -> str:
    """TARGET, holding the stubs and _PRECOMPILED_HEADERS precompiled, or "" on failure."""
    cindex = _cindex()
    header = f"{_STUB_DIR}/__rocport_all.h"
    text = '#include "cuda_stubs.h"\n#include "cuda_names.h"\n' + "".join(
        f"#include <{name}>\n" for name in _PRECOMPILED_HEADERS)
    unsaved = [*_stub_files_bytes(), (header, text.encode())]
    try:
        unit = index.parse(header, args=base, unsaved_files=unsaved,
                           options=cindex.TranslationUnit.PARSE_INCOMPLETE)
        if any(d.severity >= 3 for d in unit.diagnostics):
            raise OSError("the stubs did not parse")
        unit.save(target)
    except (OSError, cindex.TranslationUnitLoadError, cindex.TranslationUnitSaveError):
        return ""
    return target


@functools.cache
def _precompiled_folder() -> str:
    import shutil
    import tempfile

    try:
        folder = tempfile.mkdtemp(prefix="rocport-clang-")
    except OSError:
        return ""
    owner = os.getpid()
    # Only the process that made it removes it (forked pool workers inherit this cache).
    def remove() -> None:
        if os.getpid() == owner:
            shutil.rmtree(folder, ignore_errors=True)

    atexit.register(remove)
    return folder


def _messages(unit, main: str, directory: str, resource_dir: str) -> Iterator[ClangMessage]:
    """clang's diagnostics; the text of one located in a file that is neither the tree's
    (below DIRECTORY, which relative paths are resolved against) nor a system header is
    withheld: it could quote a file of the host."""
    names = {0: "ignored", 1: "note", 2: "warning", 3: "error", 4: "fatal"}
    shown = (os.path.realpath(directory), resource_dir, _STUB_DIR, *_SYSTEM_HEADERS)
    for diagnostic in itertools.islice(unit.diagnostics, _MAX_DIAGNOSTICS):
        location = diagnostic.location
        file = location.file.name if location.file else ""
        in_main = file == main
        text = diagnostic.spelling
        if file and not in_main and not _below_any(file, shown):
            text = "an error in a file outside the project (not shown)"
        yield ClangMessage(names.get(diagnostic.severity, "note"), location.line,
                           location.column, text, in_main)


#: Folders of public system headers whose diagnostics may be quoted.
_SYSTEM_HEADERS = ("/usr/include", "/usr/lib", "/usr/local/include", "/opt/rocm")


def _below_any(file: str, folders: Sequence[str]) -> bool:
    real = os.path.realpath(file) if not file.startswith(_STUB_DIR) else file
    return any(real == folder or real.startswith(folder.rstrip("/") + "/") for folder in folders)


class _OffsetMap:
    """Turns clang's byte offsets into character offsets of the decoded text."""

    def __init__(self, data: bytes, text: str) -> None:
        self._identity = len(data) == len(text)
        self._data = data
        self.text = text

    def char_offset(self, byte_offset: int) -> int:
        if self._identity:
            return byte_offset
        return len(self._data[:byte_offset].decode("utf-8", "surrogateescape"))

    def byte_offset(self, char_offset: int) -> int:
        if self._identity:
            return char_offset
        return len(self.text[:char_offset].encode("utf-8", "surrogateescape"))


#: Canonical type kinds whose size libclang cannot give. It crashes (a segmentation
#: fault) on some of them: a variable declared with a class template's name alone
#: (``Tensor t = make_tensor(...)`` in a function template) has an undeduced type that
#: canonicalises to UNEXPOSED.
_UNSIZED_KINDS = frozenset({"INVALID", "UNEXPOSED", "DEPENDENT", "AUTO"})


def _size_of(type_) -> int | None:  # a cindex.Type
    """sizeof TYPE in bytes (of what a reference refers to), or None when unknown."""
    canonical = type_.get_canonical()
    if canonical.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        canonical = canonical.get_pointee().get_canonical()
    if canonical.kind.name in _UNSIZED_KINDS:
        return None
    size = canonical.get_size()
    return size if size >= 0 else None


class Node:
    """A cursor of the parsed file with offsets in characters of the original text.

    Besides the cursor's kind, spelling and extent it answers the few semantic questions
    hazard rules ask: the constant value of an expression (``evaluate``), sizes and
    shapes of types (``type_size``, ``pointee_size``, ``array_extents``), volatility,
    the operator of an operator node and where a function runs (``cuda_target``).
    """

    __slots__ = ("_cursor", "_main", "_offsets", "_unit", "_start", "_end", "_walked", "_top")

    def __init__(self, cursor, main: str, offsets: _OffsetMap, unit) -> None:
        self._cursor = cursor
        self._main = main
        self._offsets = offsets
        self._unit = unit  # keeps the translation unit alive while nodes exist
        self._start: int | None = None  # character offsets, read once
        self._end: int | None = None
        self._walked: list[Node] | None = None  # the translation unit's walk, listed once
        self._top: list | None = None  # the translation unit's main-file top-level cursors

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
        if self._start is None:
            self._start = self._offsets.char_offset(_offset(self._extent.start))
        return self._start

    @property
    def end(self) -> int:
        if self._end is None:
            self._end = self._offsets.char_offset(_offset(self._extent.end))
        return self._end

    @property
    def _extent(self):
        return self._cursor.extent

    @property
    def line(self) -> int:
        return self._cursor.location.line

    @property
    def end_line(self) -> int:
        """The line of the end of the extent."""
        return self._cursor.extent.end.line

    @property
    def attributes(self) -> frozenset[str]:
        """Kinds of attribute children: ``CUDAGLOBAL_ATTR``, ``CUDADEVICE_ATTR``..."""
        return frozenset(
            child.kind.name for child in self._cursor.get_children() if child.kind.is_attribute()
        )

    @property
    def text(self) -> str:
        """The source text of the extent ('' for nodes without a main-file extent)."""
        start, end = self.start, self.end
        return self._offsets.text[start:end] if end > start else ""

    @property
    def cuda_target(self) -> str:
        """For a function: ``global``, ``device``, ``host-device`` or ``host``."""
        return _cuda_target(self.attributes)

    def body_and_target(self) -> tuple[Node | None, str]:
        """For a function: its body (None for a declaration) and ``cuda_target``, from
        one listing of its children."""
        body, attributes = None, set()
        for child in self._cursor.get_children():
            try:
                kind = child.kind
            except ValueError:  # a kind newer than the bindings know
                continue
            if kind.is_attribute():
                attributes.add(kind.name)
            elif body is None and kind.name == "COMPOUND_STMT":
                body = Node(child, self._main, self._offsets, self._unit)
        return body, _cuda_target(attributes)

    @property
    def is_shared(self) -> bool:
        """A variable declared ``__shared__``."""
        return "CUDASHARED_ATTR" in self.attributes

    @property
    def is_invalid_declaration(self) -> bool:
        """A declaration clang marked invalid: its type names something clang could not
        resolve (a header the tree lacks), so its type and size are guesses."""
        return bool(_invalid_declaration()(self._cursor))

    @property
    def is_pointer(self) -> bool:
        return self._cursor.type.get_canonical().kind.name == "POINTER"

    @property
    def type_size(self) -> int | None:
        """Size in bytes of the node's type; None for incomplete or dependent types."""
        return _size_of(self._cursor.type)

    @property
    def pointee_size(self) -> int | None:
        """Size in bytes of what a pointer (or array) points to; None when unknown."""
        canonical = self._cursor.type.get_canonical()
        inner = canonical.get_pointee() if canonical.kind.name == "POINTER" else None
        if inner is None or inner.kind.name == "INVALID":
            inner = canonical.get_array_element_type()
        size = _size_of(inner)
        return size if size else None

    @property
    def pointee_spelling(self) -> str:
        canonical = self._cursor.type.get_canonical()
        inner = canonical.get_pointee()
        if inner.kind.name == "INVALID":
            inner = canonical.get_array_element_type()
        return inner.spelling if inner.kind.name != "INVALID" else ""

    @property
    def array_extents(self) -> tuple[int, ...]:
        """Extents of a constant-size array type, outermost first (``()`` otherwise)."""
        extents = []
        kind = self._cursor.type.get_canonical()
        while kind.kind.name == "CONSTANTARRAY":
            extents.append(kind.get_array_size())
            kind = kind.get_array_element_type().get_canonical()
        return tuple(extents)

    @property
    def operator(self) -> str:
        """The operator of a binary, compound-assignment or unary operator node."""
        children = list(self._cursor.get_children())
        text = self._offsets.text
        if len(children) == 2 and self.kind != "UNARY_OPERATOR":
            left, right = (Node(c, self._main, self._offsets, self._unit) for c in children)
            return text[left.end:right.start].strip() if right.start > left.end else ""
        if len(children) == 1:
            operand = Node(children[0], self._main, self._offsets, self._unit)
            before = text[self.start:operand.start].strip()
            return before or text[operand.end:self.end].strip()
        return ""

    def evaluate(self) -> int | float | None:
        """The value clang computes for a constant expression, or None."""
        return _evaluate(self._cursor)

    @property
    def referenced(self) -> Node | None:
        target = self._cursor.referenced
        return Node(target, self._main, self._offsets, self._unit) if target else None

    def main_file_children(self) -> list[Node]:
        """The children located in the main file (for the translation unit: its top-level
        declarations, without visiting the headers' declarations one by one in Python)."""
        if self._cursor.kind.name == "TRANSLATION_UNIT":
            return self._walk(self._top_level())
        return [child for child in self.children() if child.in_main_file]

    def _top_level(self) -> list:
        """The translation unit's top-level cursors in the main file, listed once (a visit
        of every declaration of the included headers too, but not of the precompiled
        ones: the index excludes them)."""
        if self._top is None:
            self._top = _top_cursors(self._cursor, self._main)
        return self._top

    def children(self) -> Iterator[Node]:
        for child in self._cursor.get_children():
            yield Node(child, self._main, self._offsets, self._unit)

    def walk(self) -> Iterator[Node]:
        """This node and its descendants located in the main file, depth first.

        From the translation unit, only top-level declarations of the main file are
        entered, so the (large) ASTs of included headers are never visited; that walk is
        listed once and shared by every rule that asks for it.
        """
        if self._cursor.kind.name != "TRANSLATION_UNIT":
            return iter(self._walk(_main_file_cursors(self._cursor, self._main)))
        if self._walked is None:
            found = []
            for top in self._top_level():
                found += _main_file_cursors(top, self._main)
            self._walked = self._walk(found)
        return iter(self._walked)

    def descendants(self, kind: str) -> list[Node]:
        """The nodes of KIND (a cursor kind name, e.g. ``VAR_DECL``) among ``walk()``'s
        (of a node other than the translation unit): filtered in the visit, without a
        Python object per node of the subtree."""
        cursor_kind = getattr(_cindex().CursorKind, kind)
        return self._walk(_main_file_cursors(self._cursor, self._main, cursor_kind))

    def declarations_at(self, name: str, offsets: Iterable[int]) -> list[Node]:
        """The variables and parameters named NAME whose names are at OFFSETS (character
        offsets of main-file tokens), in order. Called on the translation unit: clang is
        asked at each spot instead of the whole tree being walked in Python, which costs
        a callback per node of the file."""
        cindex = _cindex()
        unit, offsets_map = self._unit, self._offsets
        file = unit.get_file(self._main)
        kinds = _declaration_kinds()
        found = []
        for offset in offsets:
            byte = offsets_map.byte_offset(offset)
            location = cindex.SourceLocation.from_offset(unit, file, byte)
            cursor = cindex.Cursor.from_location(unit, location)
            if (cursor.kind in kinds and cursor.spelling == name
                    and _offset(cursor.location) == byte):
                found.append(Node(cursor, self._main, offsets_map, unit))
        return found

    def starting_at(self, start: int) -> list[Node]:
        """The nodes of ``walk()`` (of a node other than the translation unit) that start
        at START, a character offset of the main file, in preorder. Only the subtrees
        whose extents hold START are entered: a walk of a whole declaration (a namespace
        of the file) cost a Python callback and an extent per node."""
        return self._walk(_cursors_starting_at(self._cursor, self._main,
                                               self._offsets.byte_offset(start)))

    def _walk(self, cursors) -> list[Node]:
        main, offsets, unit = self._main, self._offsets, self._unit
        return [Node(cursor, main, offsets, unit) for cursor in cursors]

    def __repr__(self) -> str:
        return f"Node({self.kind}, {self.spelling!r}, {self.start}..{self.end})"


def _cuda_target(attributes: Collection[str]) -> str:
    if "CUDAGLOBAL_ATTR" in attributes:
        return "global"
    if "CUDADEVICE_ATTR" in attributes:
        return "host-device" if "CUDAHOST_ATTR" in attributes else "device"
    return "host"


@functools.cache
def _invalid_declaration():
    """``clang_isInvalidDeclaration`` (libclang 7 and later), declared for ctypes."""
    import ctypes

    cindex = _cindex()
    function = cindex.conf.lib.clang_isInvalidDeclaration
    function.argtypes = [cindex.Cursor]
    function.restype = ctypes.c_uint
    return function


@functools.cache
def _declaration_kinds() -> frozenset:
    kinds = _cindex().CursorKind
    return frozenset({kinds.VAR_DECL, kinds.PARM_DECL})


@functools.cache
def _location_parts():
    """``clang_getInstantiationLocation`` and ``clang_getCursorLocation`` declared to take
    plain pointers (the bindings' declaration builds a File per call)."""
    import ctypes

    cindex = _cindex()
    lib = cindex.conf.lib
    parts = lib._FuncPtr(("clang_getInstantiationLocation", lib))
    parts.argtypes = [cindex.SourceLocation, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                      ctypes.c_void_p]
    parts.restype = None
    return parts, lib.clang_getCursorLocation


def _offset(location) -> int:
    """The (expansion) byte offset of a source location."""
    import ctypes

    offset = ctypes.c_uint()
    _location_parts()[0](location, None, None, None, ctypes.byref(offset))
    return offset.value


def _main_file_test(main: str):
    """A test ``cursor.location.file.name == main`` that names each distinct file once."""
    import ctypes

    cindex = _cindex()
    parts, location_of = _location_parts()
    file = ctypes.c_void_p()
    file_pointer = ctypes.byref(file)
    names: dict[int, bool] = {}

    def in_main(cursor) -> bool:
        parts(location_of(cursor), file_pointer, None, None, None)
        address = file.value
        if not address:
            return False
        known = names.get(address)
        if known is None:
            named = cindex.File(ctypes.cast(address, cindex.c_object_p))
            known = names[address] = named.name == main
        return known

    return in_main


def _top_cursors(unit_cursor, main: str) -> list:
    """The top-level cursors of the translation unit located in the main file, in order
    (one C callback per declaration instead of Python cursor lists)."""
    cindex = _cindex()
    tu, in_main, found = unit_cursor._tu, _main_file_test(main), []

    def visit(cursor, _parent, _data):
        if in_main(cursor):
            cursor._tu = tu
            found.append(cursor)
        return 1  # CXChildVisit_Continue

    cindex.conf.lib.clang_visitChildren(unit_cursor, cindex.callbacks["cursor_visit"](visit), [])
    return found


def _main_file_cursors(top, main: str, kind=None) -> list:
    """TOP and its descendants located in the main file (of KIND only, a CursorKind,
    when given), in preorder (as ``walk_preorder`` filtered by file, with one C
    callback per cursor)."""
    cindex = _cindex()
    tu, in_main = top._tu, _main_file_test(main)
    wanted = None if kind is None else kind.value
    found = [top] if in_main(top) and (wanted is None or top._kind_id == wanted) else []

    def visit(cursor, _parent, _data):
        if (wanted is None or cursor._kind_id == wanted) and in_main(cursor):
            cursor._tu = tu
            found.append(cursor)
        return 2  # CXChildVisit_Recurse: preorder

    cindex.conf.lib.clang_visitChildren(top, cindex.callbacks["cursor_visit"](visit), [])
    return found


def _cursors_starting_at(top, main: str, target: int) -> list:
    """TOP's cursors located in the main file whose extents start at byte offset TARGET,
    in preorder; a subtree is entered only when its root's extent holds TARGET."""
    cindex = _cindex()
    tu, in_main = top._tu, _main_file_test(main)
    extent_of = cindex.conf.lib.clang_getCursorExtent
    found = []

    def visit(cursor, _parent, _data):
        extent = extent_of(cursor)
        first = _offset(extent.start)
        if not first <= target <= _offset(extent.end):
            return 1  # CXChildVisit_Continue: nothing below starts there
        if first == target and in_main(cursor):
            cursor._tu = tu
            found.append(cursor)
        return 2  # CXChildVisit_Recurse

    extent = top.extent
    if _offset(extent.start) == target and in_main(top):
        found.append(top)
    cindex.conf.lib.clang_visitChildren(top, cindex.callbacks["cursor_visit"](visit), [])
    return found


@functools.cache
def _evaluation_library():
    """libclang with the clang_Cursor_Evaluate family declared (the bindings lack it)."""
    import ctypes

    cindex = _cindex()
    lib = cindex.conf.lib
    lib.clang_Cursor_Evaluate.argtypes = [cindex.Cursor]
    lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
    for name, restype in (
        ("clang_EvalResult_getKind", ctypes.c_int),
        ("clang_EvalResult_isUnsignedInt", ctypes.c_uint),
        ("clang_EvalResult_getAsUnsigned", ctypes.c_ulonglong),
        ("clang_EvalResult_getAsLongLong", ctypes.c_longlong),
        ("clang_EvalResult_getAsDouble", ctypes.c_double),
        ("clang_EvalResult_dispose", None),
    ):
        function = getattr(lib, name)
        function.argtypes = [ctypes.c_void_p]
        function.restype = restype
    return lib


def _evaluate(cursor) -> int | float | None:
    if not (cursor.kind.is_expression() or cursor.kind.name == "VAR_DECL"):
        return None
    lib = _evaluation_library()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        kind = lib.clang_EvalResult_getKind(result)
        if kind == 1:  # CXEval_Int
            if lib.clang_EvalResult_isUnsignedInt(result):
                return int(lib.clang_EvalResult_getAsUnsigned(result))
            return int(lib.clang_EvalResult_getAsLongLong(result))
        if kind == 2:  # CXEval_Float
            return float(lib.clang_EvalResult_getAsDouble(result))
        return None
    finally:
        lib.clang_EvalResult_dispose(result)

