"""``rocport translate`` for files: output, in-place, statistics, report.

Kept apart from ``cli.py`` (argument parsing, folders) so each stays short. Exit codes:
0 done (findings are not failures), 1 some file could not be read or written,
2 a usage error.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from translator.analysis.clang import StubCache
from translator.config import ConfigError, configure
from translator.engine import Result, translate
from translator.options import Options
from translator.output.report_json import Report
from translator.output.statistics import file_statistics, format_statistics, merge, write_csv

__all__ = ["translate_files"]


def translate_files(arguments: argparse.Namespace, options: Options,
                    stubs: StubCache | None = None) -> int:
    sources = [Path(source) for source in arguments.sources]
    no_output = arguments.no_output or arguments.examine
    if len(sources) > 1 and arguments.output and not no_output:
        print("rocport: -o takes one file; use --o-dir or --inplace for several",
              file=sys.stderr)
        return 2
    status = 0
    results: list[tuple[Path, Result]] = []
    for source in sources:
        if not source.is_file():
            print(f"rocport: {source}: no such file", file=sys.stderr)
            status = 1
            continue
        try:
            data = source.read_bytes()
            file_options = configure(options, source)  # the nearest .rocport.toml
            if arguments.build_path:
                file_options = _with_database_flags(file_options, arguments.build_path, source)
        except OSError as error:
            print(f"rocport: {source}: cannot read: {error.strerror}", file=sys.stderr)
            status = 1
            continue
        except ConfigError as error:
            print(f"rocport: {error}", file=sys.stderr)
            return 2
        result = translate(data, file_options, source.name, stubs=stubs)
        results.append((source, result))
        if not arguments.quiet_warnings:
            _print_findings(source, result)
        if not no_output and not _write(source, result, arguments):
            status = 1
    _statistics(results, arguments)
    if arguments.report:
        Path(arguments.report).write_text(json.dumps(_report(results, options), indent=2) + "\n")
    return status


def _with_database_flags(options: Options, build_path: str, source: Path) -> Options:
    """OPTIONS plus the ``-I``/``-D`` that BUILD_PATH/compile_commands.json gives SOURCE
    (hipify-clang's ``-p``): the entry of SOURCE's path, else the only entry of its file
    name. A missing or unreadable database, or a file it does not list, changes nothing."""
    database = Path(build_path) / "compile_commands.json"
    try:
        entries = json.loads(database.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        print(f"rocport: {database}: no readable compilation database", file=sys.stderr)
        return options
    entries = [entry for entry in entries if isinstance(entry, dict) and "file" in entry] \
        if isinstance(entries, list) else []
    wanted = source.resolve()
    same_name = []
    for entry in entries:
        folder = Path(str(entry.get("directory", ".")))
        path = folder / str(entry["file"])
        if path.resolve() == wanted:
            return _with_entry_flags(options, entry, folder)
        if path.name == source.name:
            same_name.append((entry, folder))
    if len(same_name) == 1:  # a database written where the tree sat elsewhere
        return _with_entry_flags(options, *same_name[0])
    return options


def _with_entry_flags(options: Options, entry: dict, folder: Path) -> Options:
    try:
        words = entry.get("arguments") or shlex.split(str(entry.get("command", "")))
    except ValueError:  # unbalanced quotes in the command
        return options
    include_dirs, defines = _preprocessor_flags([str(word) for word in words[1:]], folder)
    return options.with_changes(include_dirs=(*options.include_dirs, *include_dirs),
                                defines=(*options.defines, *defines))


def _preprocessor_flags(words: list[str], folder: Path) -> tuple[list[str], list[str]]:
    include_dirs: list[str] = []
    defines: list[str] = []
    words_left = iter(words)
    for word in words_left:
        flag = next((f for f in ("-isystem", "-I", "-D") if word.startswith(f)), None)
        if flag is None:
            continue
        value = word[len(flag):] or next(words_left, "")
        if flag == "-D":
            defines.append(value)
        else:
            include_dirs.append(str(folder / value))
    return include_dirs, defines


def _print_findings(source: Path, result: Result) -> None:
    suppressed = 0
    for diagnostic in result.diagnostics:
        if diagnostic.suppressed:
            suppressed += 1
            continue
        print(f"{source}:{diagnostic.line}:{diagnostic.column}: "
              f"{diagnostic.severity.value}: {diagnostic.code} {diagnostic.message}",
              file=sys.stderr)
    if suppressed:
        print(f"{source}: {suppressed} finding(s) suppressed with 'rocport: ignore'",
              file=sys.stderr)


def _write(source: Path, result: Result, arguments: argparse.Namespace) -> bool:
    try:
        if arguments.inplace:
            if not arguments.no_backup:
                backup = source.with_name(source.name + ".prehip")
                backup.write_bytes(result.original.encode("utf-8", "surrogateescape"))
            source.write_bytes(result.encode())
        elif arguments.o_dir:
            folder = Path(arguments.o_dir)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / source.name).write_bytes(result.encode())
        elif arguments.output:
            Path(arguments.output).write_bytes(result.encode())
        else:
            sys.stdout.buffer.write(result.encode())
            sys.stdout.flush()
    except OSError as error:
        print(f"rocport: cannot write the translation of {source}: {error.strerror}",
              file=sys.stderr)
        return False
    return True


def _statistics(results: list[tuple[Path, Result]], arguments: argparse.Namespace) -> None:
    if not results or not (arguments.print_stats or arguments.examine
                           or arguments.print_stats_csv):
        return
    per_file = [(source, file_statistics(result)) for source, result in results]
    if arguments.print_stats or arguments.examine:
        to_stdout = arguments.output or arguments.o_dir or arguments.inplace \
            or arguments.no_output or arguments.examine
        stream = sys.stdout if to_stdout else sys.stderr
        for source, stats in per_file:
            stream.write(format_statistics(stats, str(source)))
        if len(per_file) > 1:
            stream.write(format_statistics(merge(s for _, s in per_file), "all files"))
    if arguments.print_stats_csv:
        path = Path(arguments.o_stats or f"{results[0][0]}.csv")
        with open(path, "w", encoding="utf-8", newline="") as stream:
            write_csv(merge(s for _, s in per_file), stream)


def _report(results: list[tuple[Path, Result]], options: Options) -> Report:
    """The report JSON for single files (folders get theirs from the tree migration)."""
    from translator.output.report import build_report
    from translator.tree.migrate import FileOutcome, TreeResult

    outcomes = [
        FileOutcome(source.name, source.name, "cuda-source" if source.suffix == ".cu" else "cpp",
                    "translated" if result.changed else "unchanged", result)
        for source, result in results
    ]
    root = results[0][0].parent if results else Path(".")
    return build_report(TreeResult(root, root, options, outcomes))
