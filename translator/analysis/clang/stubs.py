"""The stubs every parse reads, and the cache of their precompiled form.

The stubs are in-memory headers: rocport's declarations of the CUDA names
(``data/cuda_stubs.h``, ``translator.analysis.cuda_declarations``) and stand-ins for the
CUDA headers. Precompiled with the C++ library headers CUDA sources include most, they
cost a parse almost nothing; the precompiled file costs about a second to build.

A ``StubCache`` is where one process finds that file: built by itself (in a private
temporary folder removed at exit), read from a folder another process built it in
(``shared``, e.g. the sandbox's parent or a pool's first worker), or copied from a
folder that keeps it between runs (``lasting``). Whoever sets a translation up makes the
cache and passes it to ``parse``; nothing here is steered through module globals.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import functools
import glob
import hashlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Sequence

from translator.analysis.clang.library import (
    ClangUnavailable,
    bindings,
    clang_index,
    find_resource_dir,
    loaded_version,
)
from translator.data import DIRECTORY as DATA_DIRECTORY

_STUBS = DATA_DIRECTORY / "cuda_stubs.h"
#: Stand-ins for the headers of PyTorch and of pybind11, which a tree never carries.
_TORCH_STUBS = DATA_DIRECTORY / "torch_stubs.h"
_PYBIND11_STUBS = DATA_DIRECTORY / "pybind11_stubs.h"
#: The folders of PyTorch's headers (``torch/extension.h``, ``ATen/ATen.h``,
#: ``c10/cuda/CUDAGuard.h``): each one absent from a tree stands in for all of them.
_TORCH_FOLDERS = ("torch/", "ATen/", "c10/")
#: The folder the in-memory headers are served from; on every parse's include path.
STUB_DIR = "/__rocport_stubs__"
#: The C++ library headers CUDA sources include most, precompiled with the stubs: parsed
#: per file they were most of a small file's parse (vector, algorithm, random...).
#: A file that uses one without including it is then analysed as if it had.
PRECOMPILED_HEADERS = (
    "algorithm", "array", "atomic", "cassert", "cfloat", "chrono", "cinttypes", "climits",
    "complex", "cstddef", "cstdint", "cstring", "functional", "initializer_list",
    "iomanip", "iostream", "iterator", "limits", "map", "memory", "mutex", "numeric",
    "random", "set", "sstream", "stdexcept", "string", "thread", "tuple", "type_traits",
    "unordered_map", "utility", "vector",
)
#: How many precompiled stubs (about 15 MB each) a lasting folder keeps: one per set of
#: clang arguments and libclang version, the least recently used removed first.
KEPT_STUBS = 4
#: In a folder while a process builds stubs in it (``claim``).
BUILDING = ".building"
#: How long a process waits for stubs that another builds (about a second's work).
_STUBS_WAIT = 60.0


def clang_arguments(resource_dir: str, extra_args: Sequence[str]) -> list[str]:
    """The arguments of every parse, and the key of its precompiled stubs."""
    # clang takes the last -std; it goes first, so that a project's own standard (most
    # often the default) gives the same arguments, and the same precompiled stubs
    standards = [a for a in extra_args if a.startswith("-std=")]
    others = [a for a in extra_args if not a.startswith("-std=")]
    return ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
            "-resource-dir", resource_dir, (standards or ["-std=c++17"])[-1],
            # -w: no rule reads a warning, and a hostile file can make clang warn once per
            # character (a run of quotes: 125,000 "empty character constant" warnings
            # took 12 s to read back through libclang)
            "-w", "-ferror-limit=50", f"-I{STUB_DIR}", *others]


@functools.cache
def stub_files() -> tuple[tuple[str, str], ...]:
    """In-memory headers: the declarations and empty stand-ins for CUDA headers."""
    from translator.analysis.cuda_declarations import NCCL_HEADER, declarations
    from translator.data.names import load_names

    stubs = _STUBS.read_text(encoding="utf-8")
    declared = frozenset(re.findall(r"[A-Za-z_]\w*", stubs))
    files = [(f"{STUB_DIR}/cuda_stubs.h", stubs),
             (f"{STUB_DIR}/cuda_names.h", declarations(declared))]
    for header in sorted(load_names().headers):
        files.append((f"{STUB_DIR}/{header}", "#pragma once\n#include \"cuda_stubs.h\"\n"))
    files.append((f"{STUB_DIR}/nccl.h", NCCL_HEADER))
    files.append((f"{STUB_DIR}/__rocport_libcudacxx.h", _LIBCUDACXX))
    files.append((f"{STUB_DIR}/__rocport_torch.h", _TORCH_STUBS.read_text(encoding="utf-8")))
    files.append((f"{STUB_DIR}/__rocport_pybind11.h",
                  _PYBIND11_STUBS.read_text(encoding="utf-8")))
    return tuple(files)


def declares_api(header: str) -> bool:
    """True when the stand-in for HEADER declares a library's API (PyTorch's, pybind11's)
    rather than being empty or nearly so."""
    return header.startswith((*_TORCH_FOLDERS, "pybind11/"))


def stand_in(header: str) -> bytes:
    """The text of the stand-in for a header that is nowhere: empty, but for the CUDA C++
    library's (``<cuda/atomic>``, ``<cuda/std/cstddef>``), which declare the few names
    that size data (``cuda::atomic<int, cuda::thread_scope_block>``, ``cuda::std::byte``),
    and PyTorch's and pybind11's, which declare what extensions use of them
    (``torch::Tensor``, ``at::cuda::getCurrentCUDAStream``, ``AT_DISPATCH_*``,
    ``PYBIND11_MODULE``): every function of an extension takes or makes tensors, and
    without them none of its launches would be analysed with types."""
    if header.startswith("cuda/"):
        return b'#pragma once\n#include "__rocport_libcudacxx.h"\n'
    if header.startswith(_TORCH_FOLDERS):
        return b'#pragma once\n#include "__rocport_torch.h"\n'
    if header.startswith("pybind11/"):
        return b'#pragma once\n#include "__rocport_pybind11.h"\n'
    return b"#pragma once\n"


#: The CUDA C++ library's names that size data, for ``stand_in``.
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
@functools.cache
def stub_files_bytes() -> tuple[tuple[str, bytes], ...]:
    return tuple((name, text.encode()) for name, text in stub_files())


class StubCache:
    """Where one process finds its precompiled stubs, by the clang arguments they are for.

    ``shared``: a folder another process builds them in (``precompile_into``), read-only
    here; a process that needs them while that folder is claimed waits for them instead
    of building its own. ``lasting``: a folder that keeps them between runs ("" for
    none); a kept file's name changes with all that it depends on (``file_name``), so the
    file found there is always the right one.
    """

    def __init__(self, *, shared: str = "", lasting: str = "") -> None:
        self.shared = shared
        self.lasting = lasting
        #: Precompiled stubs found or built, by the arguments they are for (None: failed).
        self._found: dict[tuple[str, ...], str | None] = {}

    def with_shared(self, folder: str) -> StubCache:
        """A copy of this cache (of its kind, keeping them where it does) that reads the
        stubs another process builds in FOLDER: for a pool's workers."""
        worker = copy.copy(self)
        worker.shared, worker._found = folder, {}
        return worker

    def used(self) -> list[str]:
        """The precompiled stubs this cache found or built so far."""
        return [path for path in self._found.values() if path]

    def precompiled(self, arguments: list[str]) -> str | None:
        """The stubs precompiled for ARGUMENTS, or None when that fails: the stubs, the
        standard headers and the name declarations then cost one parse per process
        instead of one per file."""
        key = tuple(arguments)
        if key not in self._found:
            name = file_name(arguments)
            if self.shared:
                _wait_while_built(os.path.join(self.shared, name))
            if self.shared and os.path.isfile(os.path.join(self.shared, name)):
                self._found[key] = os.path.join(self.shared, name)
            else:
                folder = _private_folder()
                built = folder and self._into(arguments, os.path.join(folder, name))
                self._found[key] = built or None
        return self._found[key]

    def unreadable(self, arguments: list[str]) -> None:
        """libclang could not load the stubs for ARGUMENTS: parse with them as text."""
        self._found[tuple(arguments)] = None

    def prepare(self, resource_dir: str | None = None, extra_args: Sequence[str] = ()) -> None:
        """Precompile now the stubs that ``parse`` with these arguments uses (nothing when
        they are there or libclang is missing). libclang works without the interpreter
        lock, so a thread can do it while the caller reads a tree."""
        try:
            clang_index(None)
            resource = find_resource_dir(resource_dir)
        except ClangUnavailable:
            return  # parse() says why, file by file
        self.precompiled(clang_arguments(resource, extra_args))

    def precompile_into(self, folder: str, resource_dir: str | None = None,
                        extra_args: Sequence[str] = ()) -> str | None:
        """Build the stubs that ``parse`` with these arguments uses into FOLDER (unless they
        are there), for caches that read it as ``shared``, or copy them there from the
        lasting folder; their path, or None when they cannot be built (ClangUnavailable
        without libclang). Ends a ``claim`` either way."""
        try:
            arguments = clang_arguments(find_resource_dir(resource_dir), extra_args)
            clang_index(None)
            target = os.path.join(folder, file_name(arguments))
            if os.path.isfile(target):
                return target
            partial = f"{target}.{os.getpid()}.partial"
            if not self._into(arguments, partial):
                return None
            with contextlib.suppress(OSError):  # a link to a kept file another user owns
                os.chmod(partial, 0o644)
            os.replace(partial, target)  # whole or absent for a reader
            return target
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.remove(os.path.join(folder, BUILDING))

    def build(self, arguments: list[str], target: str) -> str:
        """TARGET, holding the stubs and PRECOMPILED_HEADERS precompiled, or "" on failure."""
        cindex = bindings()
        header = f"{STUB_DIR}/__rocport_all.h"
        text = '#include "cuda_stubs.h"\n#include "cuda_names.h"\n' + "".join(
            f"#include <{name}>\n" for name in PRECOMPILED_HEADERS)
        unsaved = [*stub_files_bytes(), (header, text.encode())]
        try:
            unit = clang_index(None).parse(header, args=arguments, unsaved_files=unsaved,
                                           options=cindex.TranslationUnit.PARSE_INCOMPLETE)
            if any(d.severity >= 3 for d in unit.diagnostics):
                raise OSError("the stubs did not parse")
            unit.save(target)
        except (OSError, cindex.TranslationUnitLoadError, cindex.TranslationUnitSaveError):
            return ""
        return target

    def _into(self, arguments: list[str], target: str) -> str:
        """TARGET, holding the stubs for ARGUMENTS: taken from the lasting folder when it
        has them, else built (and then kept there); "" on failure. A kept file is never
        read in place, since another run may replace or remove it meanwhile (``keep``
        replaces it whole): TARGET is a second link to it, which keeps its content
        whatever happens to the kept name, or a copy where the two folders cannot share
        a file. A link costs nothing; copying the 15 MB took a pool's first worker a
        tenth of a second."""
        kept = os.path.join(self.lasting, file_name(arguments)) if self.lasting else ""
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
        if not self.build(arguments, target):
            return ""
        if kept:
            keep(target, kept)
        return target


#: The cache of a parse that was given none: built in this process, kept nowhere.
PROCESS_STUBS = StubCache()


def claim(folder: str) -> None:
    """Mark FOLDER as having stubs built in it (by a ``precompile_into`` to come, perhaps
    in another process): a cache that reads it as ``shared`` meanwhile waits for them
    instead of building its own."""
    with open(os.path.join(folder, BUILDING), "w"):
        pass


def _wait_while_built(target: str) -> None:
    """Return when TARGET is built, or no longer being built, or after _STUBS_WAIT."""
    marker = os.path.join(os.path.dirname(target), BUILDING)
    deadline = time.monotonic() + _STUBS_WAIT
    while os.path.exists(marker) and not os.path.isfile(target) and time.monotonic() < deadline:
        time.sleep(0.01)


def file_name(arguments: list[str]) -> str:
    """A name that changes with everything the precompiled file depends on: the
    arguments, the headers, the stubs and the libclang that reads it (a file kept in a
    lasting folder outlives an upgrade)."""
    digest = hashlib.sha256("\0".join([loaded_version(), *arguments,
                                        *PRECOMPILED_HEADERS]).encode())
    for name, data in stub_files_bytes():
        digest.update(name.encode() + b"\0" + data)
    return f"stubs-{digest.hexdigest()[:32]}.pch"


def keep(built: str, kept: str) -> None:
    """Copy BUILT to KEPT in its lasting folder (whole or not at all, for a concurrent
    reader), then remove all but the KEPT_STUBS most recently used files there."""
    folder = os.path.dirname(kept)
    partial = f"{kept}.{os.getpid()}.partial"
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        shutil.copyfile(built, partial)
        os.replace(partial, kept)
        files = sorted(glob.glob(os.path.join(glob.escape(folder), "stubs-*.pch")),
                       key=os.path.getmtime, reverse=True)
        for old in files[KEPT_STUBS:]:
            os.remove(old)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(partial)  # a full disk or a folder we may not write: build next time


@functools.cache
def _private_folder() -> str:
    """This process's temporary folder for stubs it builds, removed at exit."""
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
