"""The ``rocport`` command (also ``python -m translator``).

    rocport translate SRC... [-o DST | --o-dir DIR | --inplace] [--report R.json]
                      [--print-stats] [--print-stats-csv] [--o-stats F.csv] [options]
                      [-- clang args]
    rocport translate DIR -o OUTDIR [--naming keep|hip] [--jobs N] [--cache-dir D]
                      [--patch changes.patch] [--archive hip.tar.gz] [--archive hip.zip]
    rocport check DST [--offload-arch gfx942] [--report R.json]
    rocport submit DIR|ARCHIVE --url URL [--token TOKEN] [options] [-o OUTDIR]
    rocport rules

Exit codes of ``translate``: 0 done (findings are not failures), 1 some file could not
be read, translated or written, 2 usage errors. ``check``: 0 every unit compiled, 1 some
failed, 3 the check did not run, 2 usage errors. ``submit``: see ``rocport_client.submit``.

hipify-clang and hipify-perl spellings are accepted: single-dash long options
(``-roc``, ``-inplace``), ``-o=FILE`` and ``--option=value``, ``--extra-arg=X``,
``--cuda-kernel-execution-syntax`` (the default), and options that mean nothing to
rocport, which are consumed (with their value) and reported as ignored.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

from translator import __version__
from translator.options import Options, parse_version
from translator.output.report_json import Report

if TYPE_CHECKING:
    from translator.analysis.clang import StubCache
    from translator.compile.report import CompileOutcome

__all__ = ["main", "build_parser", "normalize_arguments", "options_from", "parse_arguments"]

#: hipify options without meaning for rocport (no toolkit, no documentation generator).
IGNORED_FLAGS = {
    "--save-temps", "--no-undocumented-features", "--no-warnings-on-undocumented-features",
    "--doc-roc", "--md", "--csv", "--perl", "--python", "--no-warning", "--warnings",
    "--use-hip-data-types", "--hipblas-v2", "--versions",
}
IGNORED_WITH_VALUE = {
    "--temp-dir", "--whitelist", "--exclude-dirs", "--exclude-files", "--doc-format",
    "--cuda-path", "--cuda-gpu-arch", "--o-hipify-perl-dir", "--o-python-map-dir",
}
#: hipify spellings of rocport options, mapped to rocport's.
SYNONYMS = {
    "--extra-arg": "--clang-arg",
    "--extra-arg-before": "--clang-arg",
    "--clang-resource-directory": "--clang-resource-dir",
    "--default-preprocessor": "--skip-excluded-preprocessor-conditional-blocks",
    "--o": "-o",
    "--p": "-p",
}
#: Single-letter options that take their value glued on (``-Idir``, ``-DNAME``), as
#: hipify's ``-I`` and ``-D`` do.
_PREFIX_LETTERS = frozenset("ID")


def normalize_arguments(argv: list[str]) -> tuple[list[str], list[str]]:
    """Rewrite hipify spellings to rocport's; return (arguments, ignored options).

    As with hipify-clang (LLVM's option parser), every long option may be written with
    one dash or two and take its value after ``=`` or as the next word: ``-o=F``,
    ``--o F``, ``-o-dir=D``, ``-print-stats``, ``-p=build``.
    """
    long_options = _long_options()
    normalized: list[str] = []
    ignored: list[str] = []
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--":
            normalized.append(argument)
            normalized.extend(arguments)
            break
        if argument.startswith("-") and not argument.startswith("--") and len(argument) > 2:
            name = "-" + argument.partition("=")[0]
            if name in long_options or argument[1] not in _PREFIX_LETTERS:
                argument = "-" + argument  # -roc -> --roc, -o-dir=D -> --o-dir=D
        name, has_value, value = argument.partition("=")
        if name in IGNORED_FLAGS or name in IGNORED_WITH_VALUE:
            if name in IGNORED_WITH_VALUE and not has_value:
                skipped = next(arguments, None)
                argument += f" {skipped}" if skipped is not None else ""
            ignored.append(argument)
            continue
        if name in SYNONYMS:
            name = SYNONYMS[name]
            if not name.startswith("--") and has_value:  # a short option: -o F, not -o=F
                normalized.extend([name, value])
                continue
            argument = name + (f"={value}" if has_value else "")
        normalized.append(argument)
    return normalized, ignored


def _long_options() -> frozenset[str]:
    """Every ``--name`` the command line knows (rocport's and hipify's)."""
    names = set(IGNORED_FLAGS) | IGNORED_WITH_VALUE | set(SYNONYMS)
    for action in _translate_parser()._actions:
        names.update(o for o in action.option_strings if o.startswith("--"))
    return frozenset(names)


def _translate_parser() -> argparse.ArgumentParser:
    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction))
    return commands.choices["translate"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rocport", description="CUDA to HIP migration",
                                     allow_abbrev=False)
    parser.add_argument("--version", action="version", version=f"rocport {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    translate = commands.add_parser(
        "translate", help="translate CUDA files or a folder to HIP", allow_abbrev=False,
        epilog="exit status: 0 done (findings are not failures), 1 some file could not be "
        "read, translated or written, 2 usage error")
    translate.add_argument("sources", nargs="+", metavar="SRC", help="CUDA files, or one folder")
    translate.add_argument("-o", "--output", help="output file or folder (stdout for a file)")
    translate.add_argument("--o-dir", help="write each translated file into this folder")
    translate.add_argument("--inplace", action="store_true",
                           help="overwrite the input (a copy is kept as FILE.prehip)")
    translate.add_argument("--no-backup", action="store_true", help="with --inplace: no .prehip")
    translate.add_argument("--no-output", action="store_true", help="translate, write nothing")
    translate.add_argument("--examine", action="store_true",
                           help="--no-output and --print-stats together")
    translate.add_argument("--report", help="write the report JSON here")
    translate.add_argument("--sarif", help="write findings as SARIF 2.1.0 here")
    translate.add_argument("--print-stats", action="store_true", help="print statistics")
    translate.add_argument("--print-stats-csv", action="store_true",
                           help="write statistics as CSV (to --o-stats, else SRC.csv)")
    translate.add_argument("--o-stats", help="file for --print-stats-csv")
    translate.add_argument("--quiet-warnings", action="store_true",
                           help="do not print findings")
    translate.add_argument("-q", "--quiet", action="store_true",
                           help="folders: no progress bar, no findings, no summary line")
    translate.add_argument("--hip-kernel-execution-syntax", action="store_true",
                           help="launch kernels with hipLaunchKernelGGL")
    translate.add_argument("--cuda-kernel-execution-syntax", action="store_true",
                           help="keep <<<>>> launches (the default)")
    translate.add_argument("--roc", action="store_true",
                           help="rocBLAS/rocRAND/rocSPARSE/rocSOLVER instead of hip*")
    translate.add_argument("--miopen", action="store_true", help="MIOpen for cuDNN")
    translate.add_argument("--experimental", action="store_true",
                           help="translate names HIP marks experimental")
    translate.add_argument("--amap", action="store_true",
                           help="as much as possible: names HIP marks unsupported, and "
                           "excluded #if branches even with the skip option")
    translate.add_argument("--hip-version", type=parse_version, metavar="X.Y",
                           help="target HIP release (newer names count as unsupported)")
    translate.add_argument("--hipify-compat", action="store_true",
                           help="hipify-clang's spellings (bare library headers where the "
                           "target HIP has them, hip_runtime.h in every .cu file, "
                           "HIP_KERNEL_NAME(k) in every launch, CUDA names in strings "
                           "renamed)")
    translate.add_argument("--skip-excluded-preprocessor-conditional-blocks",
                           action="store_true",
                           help="leave #if branches not taken (given -D/-I) untouched")
    translate.add_argument("--fix-hazards", action="store_true")
    translate.add_argument("--no-clang", action="store_true", help="token-only translation")
    translate.add_argument("-p", dest="build_path", metavar="BUILD",
                           help="folder of compile_commands.json: -I/-D of each source")
    translate.add_argument("--clang-resource-dir", help="clang's resource folder")
    translate.add_argument("--clang-arg", dest="extra_clang_args", action="append", default=[],
                           help="an argument for clang (hipify: --extra-arg)")
    translate.add_argument("-I", dest="include_dirs", action="append", default=[])
    translate.add_argument("-D", dest="defines", action="append", default=[])
    translate.add_argument("--offload-arch", action="append", dest="offload_archs",
                           help="AMD GPU target for build files (repeatable; default gfx942)")
    translate.add_argument("--naming", choices=("keep", "hip"), default="keep",
                           help="folders: keep file names, or rename .cu to .hip")
    translate.add_argument("--jobs", type=int, help="folders: processes (default: all cores)")
    translate.add_argument("--cache-dir", help="folders: reuse results cached in this folder")
    translate.add_argument("--stubs-dir", default=None,
                           help="keep clang's precompiled stubs here between runs (default: "
                                "~/.cache/rocport/clang-stubs; '' keeps none)")
    translate.add_argument("--patch", help="folders: write the whole-tree patch here")
    translate.add_argument("--archive", action="append", default=[],
                           help="folders: pack the output as .tar.gz/.tgz/.zip (repeatable)")

    check = commands.add_parser(
        "check", help="compile a migrated folder with hipcc",
        description="Compile every translation unit of a migrated folder with hipcc in a "
        "sandbox. When --report names an existing report of `rocport translate`, its "
        "compile part is replaced and diagnostics are placed on the original CUDA lines.",
    )
    check.add_argument("folder")
    check.add_argument("--offload-arch", action="append", dest="offload_archs",
                       help="GPU target (repeatable; default gfx942)")
    check.add_argument("--hipcc", default="hipcc")
    check.add_argument("--report", help="write (or update) the report JSON here")
    check.add_argument("--jobs", "-j", type=int, default=0, help="parallel compiles")
    check.add_argument("--cache", help="folder of cached compile results")
    check.add_argument("--timeout", type=float, default=300.0, help="seconds per unit")
    check.add_argument("--std", help="C++ standard for every unit, e.g. c++20")
    check.add_argument("-I", dest="include_dirs", action="append", default=[])
    check.add_argument("-D", dest="defines", action="append", default=[])
    check.add_argument("--allow-unsandboxed", action="store_true",
                       help="development only: run hipcc without bubblewrap if it is missing")
    check.add_argument("--runner", default="host",
                       help="the toolchain to compile in: host (this machine's hipcc) or a "
                       "built runner, e.g. rocm-6.4 (see `rocport runner list`)")
    check.add_argument("--runners-dir", help="where runners are built (default "
                       "~/.cache/rocport/runners)")
    check.add_argument("--cmake", action="append", default=[], metavar="NAME=VALUE",
                       help="a CMake cache entry to configure with (repeatable)")
    check.add_argument("--make-var", action="append", default=[], metavar="NAME=VALUE",
                       help="a make variable (repeatable)")
    check.add_argument("--make-goal", action="append", default=[], metavar="GOAL",
                       help="a make goal to build (repeatable)")

    runner = commands.add_parser("runner", help="build and list the compile check's "
                                 "toolchains (root file systems of ROCm packages)")
    actions = runner.add_subparsers(dest="action", required=True)
    build = actions.add_parser("build", help="build a runner from Debian's packages")
    build.add_argument("name", help="rocm-6.4 (Debian sid) or rocm-5.7 (Debian trixie)")
    build.add_argument("--force", action="store_true", help="build again even when current")
    build.add_argument("--runners-dir", help="default ~/.cache/rocport/runners")
    listing = actions.add_parser("list", help="the runners: versions, targets, libraries")
    listing.add_argument("--runners-dir", help="default ~/.cache/rocport/runners")

    _add_submit(commands)
    commands.add_parser("rules", help="list the rule catalogue")
    return parser


def _add_submit(commands) -> None:
    submit = commands.add_parser(
        "submit", help="translate a folder or archive on a rocport service",
        description="Pack a folder (or send an archive) to a rocport service's REST API, "
        "follow the job and download hip-tree.tar.gz, changes.patch and report.json.",
        epilog="exit status: 0 done, 1 the job failed or was canceled, 2 usage error, "
        "4 the service refused the request or could not be reached. The token may be given "
        "in the ROCPORT_TOKEN environment variable.")
    submit.add_argument("source", metavar="DIR|ARCHIVE")
    submit.add_argument("--url", required=True, help="the service, e.g. https://rocport.example")
    submit.add_argument("--token", help="API token (default: $ROCPORT_TOKEN)")
    submit.add_argument("-o", "--output", help="folder for the results (default: NAME-hip)")
    submit.add_argument("--no-wait", action="store_true", help="print the job id and return")
    submit.add_argument("-q", "--quiet", action="store_true", help="no progress, no summary")
    submit.add_argument("--interval", type=float, default=1.0, help="seconds between polls")
    submit.add_argument("--hip-version", help="target HIP release, e.g. 6.2")
    submit.add_argument("--naming", choices=("keep", "hip"))
    for flag, text in (("roc", "roc* libraries instead of hip*"), ("miopen", "MIOpen for cuDNN"),
                       ("experimental", "names HIP marks experimental"),
                       ("amap", "as much as possible"),
                       ("hip-kernel-execution-syntax", "launch kernels with hipLaunchKernelGGL"),
                       ("fix-hazards", "apply safe fixes of hazards"),
                       ("skip-excluded-preprocessor-blocks", "leave inactive #if branches")):
        submit.add_argument(f"--{flag}", action="store_true", help=text)
    submit.add_argument("--offload-arch", action="append", dest="offload_archs")
    submit.add_argument("--select", action="append", help="rule code or prefix (repeatable)")
    submit.add_argument("--ignore", action="append", help="rule code or prefix (repeatable)")
    submit.add_argument("-D", dest="defines", action="append", help="NAME or NAME=VALUE")
    submit.add_argument("--skip-rewrite", action="append", dest="skip_rewrites",
                        metavar="CODE", help="confirm that a rewrite rule --select/--ignore "
                        "turns off stays off (repeatable)")
    submit.add_argument("--cmake", action="append", metavar="NAME=VALUE",
                        help="a CMake cache entry for the compile check (repeatable)")
    submit.add_argument("--make-var", action="append", dest="make_variables",
                        metavar="NAME=VALUE", help="a make variable (repeatable)")
    submit.add_argument("--make-goal", action="append", dest="make_goals", metavar="GOAL",
                        help="a make goal to build (repeatable)")


def options_from(arguments: argparse.Namespace) -> Options:
    clang_args, include_dirs, defines = _preprocessor_arguments(
        [*arguments.extra_clang_args, *getattr(arguments, "clang_args", ())])
    return Options(
        hip_kernel_execution_syntax=arguments.hip_kernel_execution_syntax
        and not arguments.cuda_kernel_execution_syntax,
        roc=arguments.roc,
        miopen=arguments.miopen,
        experimental=arguments.experimental,
        amap=arguments.amap,
        hip_version=arguments.hip_version,
        hipify_compat=arguments.hipify_compat,
        include_dirs=(*arguments.include_dirs, *include_dirs),
        defines=(*arguments.defines, *defines),
        clang_args=tuple(clang_args),
        skip_excluded_preprocessor_blocks=arguments.skip_excluded_preprocessor_conditional_blocks,
        fix_hazards=arguments.fix_hazards,
        use_clang=not arguments.no_clang,
        clang_resource_dir=arguments.clang_resource_dir,
        naming=getattr(arguments, "naming", "keep"),
        offload_archs=tuple(getattr(arguments, "offload_archs", None) or ("gfx942",)),
    )


def _preprocessor_arguments(words: list[str]) -> tuple[list[str], list[str], list[str]]:
    """Split clang arguments into (others, include folders, macro definitions): ``-D``
    and ``-I`` given to clang (after ``--`` or with ``--extra-arg``) decide which
    preprocessor branches are taken, as they do for hipify-clang."""
    others: list[str] = []
    include_dirs: list[str] = []
    defines: list[str] = []
    remaining = iter(words)
    for word in remaining:
        target = {"-D": defines, "-I": include_dirs}.get(word[:2])
        if target is None:
            others.append(word)
        elif len(word) > 2:
            target.append(word[2:])
        else:
            value = next(remaining, None)
            if value is not None:
                target.append(value)
    return others, include_dirs, defines


def parse_arguments(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Parse a command line (hipify spellings included); return (namespace, ignored).

    Everything after ``--`` goes to clang (``namespace.clang_args``).
    """
    normalized, ignored = normalize_arguments(argv)
    clang_args: list[str] = []
    if "--" in normalized:
        split = normalized.index("--")
        normalized, clang_args = normalized[:split], normalized[split + 1 :]
    arguments = build_parser().parse_args(normalized)
    arguments.clang_args = clang_args
    return arguments, ignored


def main(argv: list[str] | None = None) -> int:
    arguments, ignored = parse_arguments(list(sys.argv[1:] if argv is None else argv))
    for option in ignored:
        print(f"rocport: ignoring {option} (no meaning for rocport)", file=sys.stderr)
    if arguments.command == "rules":
        return _list_rules()
    if arguments.command == "check":
        return _check(arguments)
    if arguments.command == "runner":
        from translator.cli_runners import runner_command

        return runner_command(arguments)
    if arguments.command == "submit":
        from rocport_client.submit import submit

        return submit(arguments)
    options = options_from(arguments)
    from translator.analysis import clang

    stubs = clang.StubCache(lasting=_stubs_dir(arguments))
    if len(arguments.sources) == 1 and Path(arguments.sources[0]).is_dir():
        return _translate_folder(Path(arguments.sources[0]), arguments, options, stubs)
    from translator.cli_files import translate_files

    return translate_files(arguments, options, stubs)


def _stubs_dir(arguments: argparse.Namespace) -> str:
    """Where clang's precompiled stubs last between runs ("" for nowhere): --stubs-dir, or
    rocport's folder in the user's cache, where a later run finds them and saves the
    second it takes to build them."""
    if arguments.stubs_dir is not None:
        return str(arguments.stubs_dir)
    try:
        home = Path.home()
    except RuntimeError:  # no home folder
        return ""
    # without a home, "~" comes back as it is: never a folder of the current one
    return str(home / ".cache" / "rocport" / "clang-stubs") if home.is_absolute() else ""


def _translate_folder(source: Path, arguments: argparse.Namespace, options: Options,
                      stubs: StubCache) -> int:
    from translator.output.packing import pack
    from translator.output.report import build_report, tree_patch
    from translator.output.sarif import to_sarif
    from translator.tree.migrate import migrate_tree

    if not arguments.output:
        print("rocport: translating a folder needs -o OUTDIR", file=sys.stderr)
        return 2
    bar = _progress_bar(arguments.quiet)
    try:
        tree = migrate_tree(source, arguments.output, options, jobs=arguments.jobs,
                            cache_dir=arguments.cache_dir, progress=bar, stubs=stubs)
    except ValueError as error:
        print(f"rocport: {error}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    report = build_report(tree)
    if arguments.report:
        Path(arguments.report).write_text(json.dumps(report, indent=2) + "\n")
    if arguments.sarif:
        Path(arguments.sarif).write_text(json.dumps(to_sarif(report), indent=2) + "\n")
    if arguments.patch:
        Path(arguments.patch).write_bytes(tree_patch(tree))
    for archive in arguments.archive:
        pack(tree.output_root, archive)
    if not (arguments.quiet or arguments.quiet_warnings):
        for finding in report["findings"]:
            if not finding["suppressed"]:
                print(f"{finding['path']}:{finding['line']}:{finding['column']}: "
                      f"{finding['severity']}: {finding['code']} {finding['message']}",
                      file=sys.stderr)
    if report["hip_build"]["detected"] and not arguments.print_stats:
        print(f"rocport: {report['summary'].splitlines()[0]}", file=sys.stderr)
    if arguments.print_stats:
        print(report["summary"])
    if not arguments.quiet:
        print(summary_line(report), file=sys.stderr)
    return 1 if any(f["status"] == "error" for f in report["files"]) else 0


class _Bar:
    """A tqdm progress bar fed by migrate_tree's (done, total) callback."""

    def __init__(self) -> None:
        from tqdm import tqdm

        self.bar = tqdm(total=0, unit="file", desc="translating", file=sys.stderr,
                        dynamic_ncols=True, leave=False)

    def __call__(self, done: int, total: int) -> None:
        if self.bar.total != total:
            self.bar.total = total
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def _progress_bar(quiet: bool) -> _Bar | None:
    """A progress bar on stderr when it is a terminal (never in pipes, logs or --quiet)."""
    return None if quiet or not sys.stderr.isatty() else _Bar()


def summary_line(report: Report) -> str:
    """One line for the end of ``rocport translate DIR``: files, findings by severity,
    names without a HIP counterpart, time."""
    files = report["stats"].get("files", {})
    active = [f for f in report["findings"] if not f["suppressed"]]
    severities = {s: sum(1 for f in active if f["severity"] == s)
                  for s in ("error", "warning", "note")}
    findings = ", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in severities.items() if n)
    run = report["stats"].get("run") or {}
    errors = files.get("error", 0)
    return (f"rocport: {files.get('translated', 0)} files translated, "
            f"{files.get('unchanged', 0)} unchanged, {files.get('copied', 0)} copied"
            + (f", {errors} failed" if errors else "")
            + f"; findings: {findings or 'none'}; "
            f"{report['stats'].get('unsupported', 0)} names without a HIP counterpart; "
            f"{run.get('seconds', 0):.1f} s")


def _list_rules() -> int:
    """The rules, then the codes the engine and the compile check report themselves."""
    from translator.rules import CODES

    for rule in CODES:
        print(f"{rule.code}  {rule.name:<32} {rule.category:<22} {rule.summary}")
    return 0


def _check(arguments: argparse.Namespace) -> int:
    from translator.compile.build_config import build_config_from
    from translator.compile.check import (
        CompileOptions,
        Limits,
        compile_check,
        merge_into_report,
        report_context,
    )

    report_path = Path(arguments.report) if arguments.report else None
    report: Report | None = None  # the file's JSON, as the translation wrote it
    if report_path is not None and report_path.is_file():
        try:
            report = json.loads(report_path.read_text(encoding="utf-8"))
        except ValueError as error:
            print(f"rocport: {report_path} is not a report ({error})", file=sys.stderr)
            return 2
    try:
        build_config = build_config_from(arguments.cmake, arguments.make_var,
                                         arguments.make_goal)
    except ValueError as error:
        print(f"rocport: {error}", file=sys.stderr)
        return 2
    options = CompileOptions(
        hipcc=arguments.hipcc, offload_archs=tuple(arguments.offload_archs or ("gfx942",)),
        jobs=arguments.jobs, cache_dir=arguments.cache, std=arguments.std,
        limits=Limits(wall_seconds=arguments.timeout),
        include_dirs=tuple(arguments.include_dirs), defines=tuple(arguments.defines),
        allow_unsandboxed=arguments.allow_unsandboxed, runner=arguments.runner,
        runners_dir=arguments.runners_dir,
        build_config=build_config,
    )
    if not Path(arguments.folder).is_dir():
        print(f"rocport: {arguments.folder}: no such folder", file=sys.stderr)
        return 2
    outcome = compile_check(arguments.folder, options, **report_context(report or {}))
    for note in outcome["notes"]:
        print(f"rocport: {note}", file=sys.stderr)
    if outcome["skipped"]:
        print(f"rocport: {outcome['skipped']}", file=sys.stderr)
    _print_compile(outcome)
    if report_path is not None:
        if not report:
            # No translation's report: only the keys the merge reads and the compile
            # check's own make up the file.
            report = cast(Report, {"tool": "rocport", "toolchain": {}, "findings": []})
        report_path.write_text(json.dumps(merge_into_report(report, outcome), indent=2) + "\n")
    if outcome["skipped"]:
        return 3
    unchecked = outcome["summary"].get("gpu_sources", {}).get("unchecked", [])
    return 0 if outcome["summary"]["failed"] == 0 and not unchecked else 1


def _print_compile(outcome: CompileOutcome) -> None:
    for unit in outcome["compile"]:
        label = "ok" if unit["ok"] else unit["status"].upper()
        extra = " (cached)" if unit["cached"] else ""
        print(f"{label:<12} {unit['output_path']}{extra}")
        for diagnostic in unit["diagnostics"]:
            if diagnostic["severity"] in ("error", "fatal error", "warning"):
                where = f"{diagnostic['path']}:{diagnostic['line']}"
                print(f"    {where}: {diagnostic['severity']}: {diagnostic['message']}")
        if unit["message"]:
            print(f"    {unit['message']}")
    summary = outcome["summary"]
    hipcc = outcome["toolchain"].get("hipcc", {})
    if outcome["compile"]:
        print(f"{summary['ok']}/{summary['units']} units compiled "
              f"(hipcc {hipcc.get('hip_version', '?')}, {', '.join(hipcc.get('offload_archs', []))}"
              f"; {summary['cached']} cached)")
    for group in summary["top_errors"][:5]:
        print(f"  {group['count']:>4} x {group['message']}")
    gpu = summary.get("gpu_sources")
    if gpu:
        print(f"{gpu['checked']} of {gpu['total']} GPU sources checked")
        for left in gpu["unchecked"]:
            print(f"  not checked: {left['path']}: {left['reason']}")


if __name__ == "__main__":
    sys.exit(main())
