"""The CUDA->HIP name table (``data/cuda2hip.tsv``), loaded once, and target selection.

``load_names()`` reads the table the first time it is called and returns the same
immutable ``NameTable`` afterwards. rocport's own additions (``data/hip_extras.tsv``:
names HIPIFY's table lacks or marks unsupported although current HIP has them, with the
form to use for older HIP, or for every HIP when no release has the name) replace the
table's rows of the same name.
``resolve(entry, options)`` decides what a CUDA name becomes for a given set of options,
or why it cannot be translated.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, NamedTuple

from translator.data import DIRECTORY as DATA_DIRECTORY
from translator.options import Options, parse_version

__all__ = [
    "ApiName", "NameTable", "Target", "load_names", "resolve", "resolve_name", "resolve_header",
    "newest_hip_version",
    "ROC_FAMILIES",
]

TABLE_PATH = DATA_DIRECTORY / "cuda2hip.tsv"
EXTRAS_PATH = TABLE_PATH.with_name("hip_extras.tsv")
#: Families whose --roc target is a ROC library rather than the hip* wrapper.
ROC_FAMILIES = frozenset({"blas", "rand", "sparse", "solver"})
_FAMILY_PREFERENCE = ("runtime", "driver", "complex")


@dataclass(frozen=True, slots=True)
class ApiName:
    """One row of the table."""

    cuda: str
    hip: str
    roc: str
    kind: str
    api: str
    section: str
    flags: frozenset[str]
    cuda_added: str
    cuda_deprecated: str
    cuda_removed: str
    hip_added: str
    hip_deprecated: str
    hip_removed: str
    #: From hip_extras.tsv: the form for HIP older than hip_added, and its arguments.
    older: str = ""
    older_arguments: str = "*"

    @property
    def is_include(self) -> bool:
        return self.kind.startswith("include")


class Target(NamedTuple):
    """What a CUDA name becomes: ``name`` (None when untranslatable) and why."""

    name: str | None
    reason: str = ""
    library: str = "hip"  # "hip", "roc" or "miopen": which target family was chosen
    #: For a call whose target form takes other arguments: the template of the new
    #: argument list (see hip_extras.tsv), else None.
    arguments: str | None = None


@dataclass(frozen=True)
class NameTable:
    """All rows, indexed by CUDA name (identifiers) and by header name (includes)."""

    identifiers: dict[str, ApiName]
    headers: dict[str, ApiName]
    all_rows: tuple[ApiName, ...]
    #: HIPIFY's own (hip, roc) spelling of the headers that hip_extras.tsv respells
    #: (``cublas_v2.h``: ``hipblas.h``, ``rocblas.h``), for Options.hipify_compat.
    hipify_headers: dict[str, tuple[str, str]] = None  # type: ignore[assignment]
    #: flags -> the identifiers flagged so (``flagged``)
    _flagged: dict[frozenset[str], frozenset[str]] = field(
        default_factory=dict, compare=False, repr=False)

    def get(self, name: str) -> ApiName | None:
        return self.identifiers.get(name)

    def flagged(self, flags: frozenset[str]) -> frozenset[str]:
        """The identifiers whose rows carry one of FLAGS, listed once: a rule intersects
        them with every file's names instead of looking each name up."""
        found = self._flagged.get(flags)
        if found is None:
            found = self._flagged[flags] = frozenset(
                name for name, entry in self.identifiers.items() if entry.flags & flags)
        return found


@functools.cache
def load_names(path: Path = TABLE_PATH, extras_path: Path = EXTRAS_PATH) -> NameTable:
    rows: list[ApiName] = []
    with open(path, encoding="utf-8") as table:
        header = table.readline().rstrip("\n").split("\t")
        if header != [f.name for f in fields(ApiName)][:len(header)]:
            raise ValueError(f"{path}: columns {header} are not ApiName's fields in order")
        flags_at = header.index("flags")
        flag_sets: dict[str, frozenset[str]] = {}  # few distinct ones among 9,000 rows
        # positional rows: every process loads the table, and naming each value took
        # three times as long (a pool worker's start)
        for line in table:
            values: list[Any] = line.rstrip("\n").split("\t")
            if len(values) != len(header):
                raise ValueError(f"{path}: {len(values)} columns, not {len(header)}: {line!r}")
            flags = values[flags_at]
            if flags not in flag_sets:
                flag_sets[flags] = frozenset(f for f in flags.split(",") if f)
            values[flags_at] = flag_sets[flags]
            rows.append(ApiName(*values))
    extras = _load_extras(extras_path)
    # ApiName.is_include of each row, from its few distinct kinds (three asks per row)
    include_kinds = {kind for kind in {row.kind for row in rows} if kind.startswith("include")}
    hipify_headers = {row.cuda: (row.hip, row.roc) for row in rows
                      if row.kind in include_kinds and (row.cuda, True) in extras}
    rows = [row for row in rows if (row.cuda, row.kind in include_kinds) not in extras]
    rows.extend(extras.values())
    identifiers: dict[str, ApiName] = {}
    headers: dict[str, ApiName] = {}
    for row in rows:
        index = headers if row.is_include else identifiers
        current = index.get(row.cuda)
        if current is None or _preferred(row, current):
            index[row.cuda] = row
    return NameTable(identifiers, headers, tuple(rows), hipify_headers)


@functools.cache
def newest_hip_version() -> tuple[int, ...]:
    """The newest HIP release the table knows of (the default target)."""
    return max(parse_version(row.hip_added) for row in load_names().all_rows if row.hip_added)


def _load_extras(path: Path) -> dict[tuple[str, bool], ApiName]:
    """Rows of hip_extras.tsv ("#" lines are comments) by (name, is a header)."""
    rows: dict[tuple[str, bool], ApiName] = {}
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    header = lines[0].split("\t")
    for line in lines[1:]:
        values = dict(zip(header, line.split("\t"), strict=True))
        row = ApiName(
            cuda=values["cuda"], hip=values["hip"], roc=values["roc"], kind=values["kind"],
            api=values["api"], section="rocport", flags=frozenset(), cuda_added="",
            cuda_deprecated="", cuda_removed="", hip_added=values["hip_added"],
            hip_deprecated="", hip_removed="", older=values["older"],
            older_arguments=values["older_arguments"],
        )
        rows[(row.cuda, row.is_include)] = row
    return rows


def _preferred(row: ApiName, current: ApiName) -> bool:
    """Among rows for one name, prefer a translatable one, then the runtime family."""
    def rank(entry: ApiName) -> tuple[int, int]:
        family = (
            _FAMILY_PREFERENCE.index(entry.api)
            if entry.api in _FAMILY_PREFERENCE
            else len(_FAMILY_PREFERENCE)
        )
        return (0 if entry.hip and "unsupported" not in entry.flags else 1, family)

    return rank(row) < rank(current)


def resolve_name(name: str, options: Options) -> tuple[ApiName, Target] | None:
    """(row, target) of the identifier NAME under OPTIONS, or None when the table does
    not know it. Cached: the same names recur in every file."""
    return _resolve_name(name, options.name_resolution)


@functools.lru_cache(maxsize=65536)
def _resolve_name(name: str, name_resolution: Options) -> tuple[ApiName, Target] | None:
    entry = load_names().identifiers.get(name)
    return None if entry is None else (entry, resolve(entry, name_resolution))


def resolve_header(name: str, options: Options) -> tuple[ApiName, Target] | None:
    """(row, target) of the header NAME under OPTIONS, or None when the table does not
    know it. Cached: files include the same few headers."""
    return _resolve_header(name, options.name_resolution)


@functools.lru_cache(maxsize=4096)
def _resolve_header(name: str, name_resolution: Options) -> tuple[ApiName, Target] | None:
    entry = load_names().headers.get(name)
    return None if entry is None else (entry, resolve(entry, name_resolution))


def resolve(entry: ApiName, options: Options) -> Target:
    """Pick the replacement of ENTRY under OPTIONS, or explain why there is none. Reads
    only the options ``Options.name_resolution`` keeps (the caches above rely on it).
    With ``hipify_compat`` a library header is spelled as hipify-clang spells it
    (``hipblas.h``, ``rocblas.h``: its include table), whatever the target version."""
    target = _resolve(entry, options)
    if options.hipify_compat and entry.is_include and target.name:
        hip, roc = (load_names().hipify_headers or {}).get(entry.cuda, ("", ""))
        bare = {"hip": hip, "roc": roc}.get(target.library)
        if bare:
            return target._replace(name=bare)
    return target


def _resolve(entry: ApiName, options: Options) -> Target:
    if options.miopen and entry.api == "dnn":
        return _pick(entry, entry.roc, "roc_unsupported", options, "miopen", "MIOpen")
    if options.roc and entry.api in ROC_FAMILIES and entry.roc:
        return _pick(entry, entry.roc, "roc_unsupported", options, "roc", "the ROC libraries")
    if options.miopen and "roc_miopen_only" in entry.flags and entry.roc:
        return _pick(entry, entry.roc, "roc_unsupported", options, "miopen", "MIOpen")
    return _pick(entry, entry.hip, "hip_unsupported", options, "hip", "HIP")


def _pick(
    entry: ApiName, name: str, unsupported_flag: str, options: Options, library: str, label: str
) -> Target:
    flags = entry.flags
    if not name:
        if library == "hip" and entry.older:
            return _stand_in(entry)  # no HIP release has the name: its stand-in, always
        return Target(None, f"{entry.cuda} has no {label} counterpart", library)
    if ("unsupported" in flags or unsupported_flag in flags) and not options.amap:
        if library == "hip" and DIRECTED_ROUNDING.fullmatch(entry.cuda):
            return Target(None, _directed_rounding(entry.cuda), library)
        if library == "hip" and entry.api == "dnn":
            if options.hipify_compat:
                return Target(name, "", library)  # hipify-clang's hipDNN spelling
            return Target(None, _without_hipdnn(entry), library)
        return Target(
            None, f"{entry.cuda} is not supported by {label} (use --amap to map it to {name} "
            "anyway)", library)
    if "hip_experimental" in flags and library == "hip" and not options.experimental:
        return Target(
            None, f"{name} is experimental in HIP (use --experimental to translate "
            f"{entry.cuda})", library)
    if library == "hip" and options.hip_version is not None:
        if entry.hip_added and _compare(parse_version(entry.hip_added), options.hip_version) > 0:
            return _older_form(entry, name, options.hip_version)
        if entry.hip_removed and _compare(parse_version(entry.hip_removed),
                                          options.hip_version) <= 0:
            return Target(None, f"{name} was removed in HIP {entry.hip_removed}", library)
    return Target(name, "", library)


def _without_hipdnn(entry: ApiName) -> str:
    """Why the cuDNN name of ENTRY has no HIP counterpart, and what to use."""
    if entry.roc and not entry.flags & {"unsupported", "roc_unsupported"}:
        miopen = f"--miopen maps it to {entry.roc}"
    else:
        miopen = "--miopen translates cuDNN to MIOpen where MIOpen can"
    return (f"{entry.cuda} has no HIP counterpart: ROCm ships no hipDNN; MIOpen is its "
            f"DNN library ({miopen})")


#: CUDA's arithmetic with a directed rounding mode (round down, up, towards zero).
DIRECTED_ROUNDING = re.compile(r"__(?:[fd](?:add|sub|mul|div|rcp|sqrt)|fmaf?)_r[duz]")


def _directed_rounding(name: str) -> str:
    """Why NAME (``__fadd_rd``) cannot be translated, and what to do."""
    nearest = name[:-1] + "n"
    return (f"HIP has no directed rounding for {name} (HIP 5.2 declares it only with "
            "OCML_BASIC_ROUNDED_OPERATIONS, and then it does not link: no __ocml_*_rtn/rtp/rtz "
            f"functions); use {nearest} (round to nearest) where the direction does not "
            "matter, else keep this code CUDA-only")


def _compare(left: tuple[int, ...], right: tuple[int, ...]) -> int:
    """-1, 0 or 1 as LEFT is older than, the same as or newer than RIGHT; missing parts
    count as 0, so HIP 5.2.0 is HIP 5.2."""
    width = max(len(left), len(right))
    left, right = left + (0,) * (width - len(left)), right + (0,) * (width - len(right))
    return (left > right) - (left < right)


def _older_form(entry: ApiName, name: str, version: tuple[int, ...]) -> Target:
    """The form of ENTRY that HIP VERSION (older than entry.hip_added) offers, if any."""
    if entry.older:
        return _stand_in(entry)
    if "hip_supported_v2_only" in entry.flags and name.endswith("_v2"):
        return Target(name[: -len("_v2")], "", "hip")  # the v1 API of the same function
    return Target(
        None, f"{name} needs HIP {entry.hip_added}; the target is HIP {_dotted(version)}", "hip"
    )


def _stand_in(entry: ApiName) -> Target:
    """The form hip_extras.tsv gives for HIP releases without ENTRY's HIP name."""
    arguments = None if entry.older_arguments == "*" else entry.older_arguments
    return Target(entry.older, "", "hip", arguments)


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(str(part) for part in version)
