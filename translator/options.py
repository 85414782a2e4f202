"""Options: everything a caller can choose about one translation, as an immutable value.

What a tree migration finds out about the whole repository (``TreeFacts``) travels with
the options, in ``Options.tree``, so that ``translate(source, options, path)`` stays the
one entry point. Options are hashable so that a translation can be cached by
(content, options), and picklable so that they cross the sandbox boundary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property, lru_cache
from typing import Any, TypeVar

__all__ = ["Options", "TreeFacts", "parse_version", "options_json", "options_from_json"]


def parse_version(text: str) -> tuple[int, ...]:
    """Turn ``"6.2"`` or ``"5.2.21153"`` into ``(6, 2)`` / ``(5, 2, 21153)``."""
    if not re.fullmatch(r"\d+(?:\.\d+)*", text.strip()):
        raise ValueError(f"not a version number: {text!r}")
    return tuple(int(part) for part in text.strip().split("."))


def _lists_as_tuples(value: Options | TreeFacts) -> None:
    """Store the list fields of VALUE (frozen) as tuples, so that it hashes."""
    for field in fields(value):
        if isinstance(getattr(value, field.name), list):
            object.__setattr__(value, field.name, tuple(getattr(value, field.name)))


@dataclass(frozen=True)
class TreeFacts:
    """What a tree migration (translator/tree/migrate.py) computes about the repository
    before it translates a file; callers never choose these. Every field's default means
    "not a tree migration"."""

    #: Tree-relative ``.cu`` paths that keep their name under "hip" naming (name clashes).
    kept_names: tuple[str, ...] = ()
    #: CUDA-looking names (``cudaCheckErrors``) that the project's own files define
    #: (translator/tree/project_names.py): not reported as unknown API names.
    project_names: tuple[str, ...] = ()
    #: The tree calls ``*_sync`` warp functions: ROCm 6.2 to 6.x declare them only with
    #: HIP_ENABLE_WARP_SYNC_BUILTINS, which the build files then define.
    warp_sync_calls: bool = False
    #: Some file of the tree passes ``__half`` to cuBLAS: hipBLAS then needs
    #: HIPBLAS_USE_HIP_HALF in every file that includes it (R001), or the first include
    #: in a unit decides hipblasHalf as uint16_t for the rest.
    blas_half: bool = False
    #: Tree-relative paths of headers with kernels or thread indexes that include no
    #: runtime (translator/rules/implicit_cuda_runtime.py kernel_header): a C++ source
    #: that includes one gets the runtime's include (R002).
    kernel_headers: tuple[str, ...] = ()
    #: Some file of the tree includes a Thrust or CUB header: rocThrust and hipCUB need
    #: C++14, which the build files then ask instead of C++11 (R517).
    thrust: bool = False
    #: Macros the project's build defines only for its HIP build (``FOO_USE_HIP``,
    #: translator/tree/hip_build.py): conditions on them mark HIP branches.
    hip_macros: tuple[str, ...] = ()
    #: Macros of the project's files that mark device code, ``NAME=target`` with target
    #: ``device``, ``host-device`` or ``global`` (translator/analysis/qualifiers.py):
    #: a file using a header's ``HOST_DEVICE`` knows it.
    device_macros: tuple[str, ...] = ()
    #: Packages the tree finds with a CMake module of its own (``FindNCCL.cmake`` gives
    #: "NCCL"): their ``find_package`` and result variables are the project's, and
    #: the module itself is migrated (translator/rules/cmake_find_cuda.py).
    find_modules: tuple[str, ...] = ()
    #: CUDA-side libraries the tree provides itself (translator/tree/own_libraries.py):
    #: ``(library, path)`` pairs, "nccl" or "nvtx" and the file that says so once. Their
    #: headers are project code: R541/R542 leave them and their uses as written.
    own_libraries: tuple[tuple[str, str], ...] = ()
    #: The folder a file's path is relative to (set per file): clang
    #: finds the file's quoted includes next to it there. Empty: the working folder.
    tree_root: str = ""
    #: For a header (set per file): a source file of the tree that includes it and the
    #: length of the text of that file up to the end of its include line. The header is
    #: analysed in that context, as its compiler sees it, since headers often rely on
    #: what the including file declared first (translator/tree/include_paths.py).
    includer: tuple[str, int] | tuple[()] = ()

    def __post_init__(self) -> None:
        _lists_as_tuples(self)


@dataclass(frozen=True)
class Options:
    """How to translate. Defaults give hipify-clang's default output."""

    #: Rewrite ``k<<<g, b>>>(args)`` to ``hipLaunchKernelGGL(k, dim3(g), dim3(b), 0, 0, args)``.
    hip_kernel_execution_syntax: bool = False
    #: Target rocBLAS/rocRAND/rocSPARSE/rocSOLVER names instead of the hip* wrappers.
    roc: bool = False
    #: Target MIOpen names for cuDNN.
    miopen: bool = False
    #: Translate names whose HIP counterpart is marked experimental.
    experimental: bool = False
    #: "As much as possible": translate names even when their HIP counterpart is marked
    #: unsupported, and code in excluded preprocessor branches even when asked to skip
    #: them (hipify-clang's --amap "ignores --default-preprocessor").
    amap: bool = False
    #: Target HIP version, e.g. (5, 2); None means the newest HIP the table knows.
    hip_version: tuple[int, ...] | None = None
    #: Include directories and macro definitions (``NAME`` or ``NAME=VALUE``) for analysis.
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    #: Extra arguments for clang, after ``--`` on the command line.
    clang_args: tuple[str, ...] = ()
    #: hipify-clang's output as it is today, for teams that compare with existing hipify
    #: output: its bare library headers (``hipblas.h``, ``rocblas.h``; ROCm 6 no longer
    #: installs them), ``hip/hip_runtime.h`` in every ``.cu`` file,
    #: ``HIP_KERNEL_NAME(k)`` around template kernels only (deduced arguments too) in
    #: hipLaunchKernelGGL launches, and CUDA names in string literals renamed the way
    #: hipify-clang finds them.
    hipify_compat: bool = False
    #: Leave code in preprocessor branches that are not taken untouched.
    skip_excluded_preprocessor_blocks: bool = False
    #: Apply the safe suggested fixes of hazard findings.
    fix_hazards: bool = False
    #: Rule codes (or code prefixes such as ``W1``) to run; empty means all.
    select: tuple[str, ...] = ()
    #: Rule codes (or prefixes) to skip.
    ignore: tuple[str, ...] = ()
    #: GPU targets the port is meant for (affects limits such as LDS size).
    offload_archs: tuple[str, ...] = ("gfx942",)
    #: Use libclang for semantic analysis; False gives the token-only path.
    use_clang: bool = True
    #: Clang resource directory (headers such as stddef.h); None means look for one.
    clang_resource_dir: str | None = None
    #: (glob, codes) pairs from ``.rocport.toml``; see ``translator.config.options_for_path``.
    path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: File naming policy of a tree migration: "keep" names, or "hip" (``.cu`` -> ``.hip``,
    #: with includes and build files updated; ``.cuh`` headers keep their names).
    naming: str = "keep"
    #: What a tree migration computed about the repository; empty for a single file.
    tree: TreeFacts = TreeFacts()
    #: CPU seconds clang may spend parsing a file, per 100 KB of its text (a file smaller
    #: than that gets the whole allowance); a file over it is analysed with tokens only and
    #: says so (E001). 0: no limit.
    analysis_budget: float = 10.0

    def __post_init__(self) -> None:
        _lists_as_tuples(self)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        # Options key caches looked up once per name of every file: hash them once.
        return hash(tuple(getattr(self, field.name) for field in fields(self)))

    @cached_property
    def name_resolution(self) -> Options:
        """Only the options that decide what a table name becomes (``NAME_RESOLUTION_FIELDS``), as
        one object shared by all options that agree on them: caches of name decisions
        keyed by it serve every file of a tree, whose options differ from folder to
        folder (the include folders) but not in these."""
        values = tuple(getattr(self, name) for name in NAME_RESOLUTION_FIELDS)
        return _name_resolution_options(values)

    @property
    def skips_excluded_blocks(self) -> bool:
        """True when code in preprocessor branches not taken is left untouched."""
        return self.skip_excluded_preprocessor_blocks and not self.amap

    def with_changes(self, **changes: Any) -> Options:
        return replace(self, **changes)

    def with_tree_facts(self, **facts: Any) -> Options:
        """These options with some of ``tree``'s fields changed."""
        return replace(self, tree=replace(self.tree, **facts))

    def rule_enabled(self, code: str) -> bool:
        if self.select and not any(code.startswith(prefix) for prefix in self.select):
            return False
        return not any(code.startswith(prefix) for prefix in self.ignore)


#: The fields of Options that ``translator.data.names.resolve`` reads.
NAME_RESOLUTION_FIELDS = ("roc", "miopen", "experimental", "amap", "hip_version", "hipify_compat")


@lru_cache(maxsize=64)
def _name_resolution_options(values: tuple) -> Options:
    return Options(**dict(zip(NAME_RESOLUTION_FIELDS, values, strict=True)))


def options_json(options: Options) -> dict[str, Any]:
    """OPTIONS as JSON data (tuples as lists, ``tree`` as an object): the one form in
    which options cross a process or are stored; ``options_from_json`` reads it back."""
    return asdict(options)


def options_from_json(data: Mapping[str, Any]) -> Options:
    """Options from JSON data as ``options_json`` writes it, or from part of it (the
    fields a user chose): names Options does not have are left out, lists become
    tuples."""
    facts = _from_json(TreeFacts, data.get("tree") or {})
    return _from_json(Options, {**data, "tree": facts})


_Value = TypeVar("_Value", Options, TreeFacts)


def _from_json(kind: type[_Value], data: Mapping[str, Any]) -> _Value:
    def frozen(value: Any) -> Any:
        return tuple(frozen(item) for item in value) if isinstance(value, list) else value

    names = {field.name for field in fields(kind)}
    return kind(**{name: frozen(value) for name, value in data.items() if name in names})
