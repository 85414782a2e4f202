"""Golden cases: tests/translator/cases/<CODE>/<name>.cu with .hip, optional .diag, .args.

- ``<name>.cu``: the input (``<name>.cuh`` for a header);
- ``<name>.hip``: the expected output, byte for byte;
- ``<name>.diag``: expected diagnostics, one per line ``LINE:COL CODE message``; when it
  is absent, the case must produce no diagnostic with the folder's code;
- ``<name>.args``: options as on the ``rocport translate`` command line (``--roc``).

Build files and other non-C++ inputs need their real names (``CMakeLists.txt``,
``Makefile``, ``requirements.txt``, ``.github/workflows/ci.yml``), so they live in a
case folder: ``<CODE>/<name>/<file>`` (the file may be nested), with ``<file>.hip``,
``<file>.diag`` and ``<file>.args`` beside it. The path given to the translator is the
file's path relative to the case folder. C++ inputs may use a case folder too.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from translator.cli import build_parser, normalize_arguments, options_from
from translator.options import Options
from translator.tree.build_files import find_modules
from translator.tree.file_facts import file_facts
from translator.tree.own_libraries import own_libraries

CASES = Path(__file__).resolve().parent / "cases"
INPUT_SUFFIXES = (".cu", ".cuh")


@dataclass(frozen=True)
class Case:
    code: str
    name: str
    input: Path
    #: path given to the translator ('' = the input's file name, for flat cases)
    relative: str = ""

    @property
    def id(self) -> str:
        return f"{self.code}/{self.name}"

    @property
    def path(self) -> str:
        return self.relative or self.input.name

    def _beside(self, suffix: str) -> Path:
        if self.relative:
            return self.input.with_name(self.input.name + suffix)
        return self.input.with_suffix(suffix)

    @property
    def expected(self) -> Path:
        return self._beside(".hip")

    @property
    def diag(self) -> Path:
        return self._beside(".diag")

    @property
    def options(self) -> Options:
        args_file = self._beside(".args")
        words = shlex.split(args_file.read_text()) if args_file.exists() else []
        arguments, _ = normalize_arguments(["translate", str(self.input), *words])
        options = options_from(build_parser().parse_args(arguments))
        if self.relative:  # a case folder is a small tree: the facts a tree migration finds
            folder = self.input.parents[len(Path(self.relative).parts) - 1]
            inputs = [p for p in folder.rglob("*") if p.is_file()
                      and p.suffix not in (".hip", ".diag", ".args")]
            facts = {p.relative_to(folder).as_posix(): file_facts(
                         (p.relative_to(folder).as_posix(), p.read_bytes()))
                     for p in inputs if p.suffix in (".cu", ".cuh", ".h", ".cpp", ".cc")}
            sync = any(found.warp_sync_call for found in facts.values())
            blas_half = any(found.blas_half for found in facts.values())
            paths = [p.relative_to(folder).as_posix() for p in inputs]
            options = options.with_tree_facts(
                find_modules=find_modules(paths),
                warp_sync_calls=sync or options.tree.warp_sync_calls,
                blas_half=blas_half or options.tree.blas_half,
                thrust=any(found.thrust for found in facts.values()) or options.tree.thrust,
                kernel_headers=tuple(sorted(found.kernel_header for found in facts.values()
                                            if found.kernel_header)),
                own_libraries=own_libraries(paths, {path: found.library_includes
                                                    for path, found in facts.items()}))
        return options


def all_cases() -> list[Case]:
    cases = []
    for folder in sorted(p for p in CASES.iterdir() if p.is_dir()):
        for path in sorted(folder.iterdir()):
            if path.suffix in INPUT_SUFFIXES:
                cases.append(Case(folder.name, path.stem, path))
            elif path.is_dir():
                inputs = [p for p in sorted(path.rglob("*")) if p.is_file()
                          and p.suffix not in (".hip", ".diag", ".args")]
                for item in inputs:
                    relative = item.relative_to(path).as_posix()
                    cases.append(Case(folder.name, f"{path.name}/{relative}", item, relative))
    return cases


def format_diagnostic(diagnostic) -> str:
    return f"{diagnostic.line}:{diagnostic.column} {diagnostic.code} {diagnostic.message}"
