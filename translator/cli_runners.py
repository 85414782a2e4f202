"""``rocport runner build NAME`` and ``rocport runner list``
(translator/compile/runner_build.py, translator/compile/runners.py)."""

from __future__ import annotations

import argparse
import sys

from translator.compile.runner_build import RunnerBuildFailed, build_runner
from translator.compile.runners import (
    HOST,
    SPECS,
    RunnerUnavailable,
    default_runners_dir,
    find_runner,
    spec_named,
)


def runner_command(arguments: argparse.Namespace) -> int:
    folder = arguments.runners_dir or str(default_runners_dir())
    if arguments.action == "list":
        print(runner_table(folder))
        return 0
    try:
        build_runner(spec_named(arguments.name), folder, say=_say, force=arguments.force)
    except (RunnerUnavailable, RunnerBuildFailed) as error:
        print(f"rocport: {error}", file=sys.stderr)
        return 1
    return 0


def _say(line: str) -> None:
    print(f"rocport: {line}", file=sys.stderr, flush=True)


def runner_table(folder: str) -> str:
    """Every runner: built or not, HIP and clang versions, targets, libraries, size."""
    lines = [f"{HOST:<10} this machine's hipcc (nothing to build)"]
    for spec in SPECS:
        try:
            info = find_runner(spec.name, folder).info
        except RunnerUnavailable as error:
            lines.append(f"{spec.name:<10} not built: {error}")
            continue
        versions = info["versions"]
        packages = info["packages"]
        lines.append(
            f"{spec.name:<10} HIP {versions['hip']}, {versions['clang_vendor']} clang "
            f"{versions['clang']}, Debian {info['suite']}, {info['size_bytes'] / 1e9:.2f} GB"
            f"{' (compile-only)' if info['compile_only'] else ''}, built {info['built_at']} "
            f"in {info['build_seconds']:.0f} s")
        lines.append(f"{'':<10} targets: {', '.join(info['offload_archs'])}")
        lines.append(f"{'':<10} libraries: {', '.join(info['libraries'])}")
        lines.append(f"{'':<10} packages: " + ", ".join(
            f"{name} {version}" for name, version in sorted(packages.items())))
    return "\n".join(lines)
