"""The only importer of ``clang.cindex``: parse CUDA text and walk it as ``Node``s.

Modules: ``library`` loads libclang, ``stubs`` holds the in-memory headers and the
``StubCache`` of their precompiled form, ``parsing`` reads one file, ``nodes`` is
what a parse gives.

Parsing needs no CUDA toolkit. The text is parsed as CUDA host code with clang's own
CUDA builtin variables and rocport's declarations, served as in-memory files: the CUDA
names with their types and the real C and C++ library beside them
(``data/cuda_stubs.h``), every other name of the name table in a simple form
(``translator.analysis.cuda_declarations``), and stand-ins for the CUDA headers, so
``#include <cuda_runtime.h>`` resolves on any machine. The stubs are precompiled once
(a PCH: where a ``StubCache``, passed to ``parse``, finds or builds it), so they cost
each file almost nothing. The file is read at its place in the tree (``directory``),
so quoted includes resolve next to it as a compiler resolves them;
``translator.tree.include_paths`` gives the tree's ``-I`` folders.

What rules can ask (a small API; everything else stays inside this package):

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

from translator.analysis.clang.library import ClangUnavailable, find_resource_dir, libclang_version
from translator.analysis.clang.nodes import ClangMessage, Function, Node, ParseResult
from translator.analysis.clang.parsing import MISSING_HEADERS, parse
from translator.analysis.clang.stubs import PROCESS_STUBS, StubCache, claim

__all__ = [
    "ClangUnavailable",
    "ClangMessage",
    "Function",
    "MISSING_HEADERS",
    "Node",
    "PROCESS_STUBS",
    "ParseResult",
    "StubCache",
    "claim",
    "find_resource_dir",
    "libclang_version",
    "parse",
]
