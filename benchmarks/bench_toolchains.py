"""The ROCm 6.4 runner against this host's hipcc: its size, its build time, and the time
per unit of the compile check on realistic code.

    python benchmarks/bench_toolchains.py [--runner rocm-6.4] [--runners-dir DIR]

Reads the runner's size and build time from its runner.json (``rocport runner build``
measured them). Migrates the realistic corpus (tests/realistic/corpus) once, for HIP 5.2
so that both toolchains can compile it, and compile-checks the tree twice, one unit at a
time and without the cache: on the host's hipcc (gfx90a: HIP 5.2 has no gfx942) and on
the runner (gfx942). Compares the seconds of the units both compiled. Goals (issue 34):
about 1 GB, under 10 minutes to build here, under 1.3 times the host's time per unit.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.realistic.measure import CORPUS  # noqa: E402
from translator.compile.check import CompileOptions, compile_check, report_context  # noqa: E402
from translator.compile.runners import RunnerUnavailable, find_runner  # noqa: E402
from translator.options import Options  # noqa: E402
from translator.output.report import build_report  # noqa: E402
from translator.tree.migrate import migrate_tree  # noqa: E402


def seconds_per_unit(tree: Path, context: dict, runner: str, arch: str,
                     runners_dir: str | None) -> dict[str, float]:
    """{unit: seconds} of the units RUNNER compiled."""
    outcome = compile_check(tree, CompileOptions(
        runner=runner, runners_dir=runners_dir, offload_archs=(arch,), jobs=1,
        resource_usage=False, cache_dir=None), **context)
    return {entry["path"]: entry["seconds"] for entry in outcome["compile"] if entry["ok"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runner", default="rocm-6.4")
    parser.add_argument("--runners-dir")
    arguments = parser.parse_args()
    try:
        runner = find_runner(arguments.runner, arguments.runners_dir)
    except RunnerUnavailable as error:
        print(f"runner: {error}")
        return 0
    info = runner.info
    print(f"runner {runner.name}: {info['size_bytes'] / 1e9:.2f} GB on disk (goal about 1 GB), "
          f"built in {info['build_seconds']:.0f} s (goal under 600 s), "
          f"HIP {info['versions']['hip']}, clang {info['versions']['clang']}")
    with tempfile.TemporaryDirectory(prefix="rocport-toolchains-") as folder:
        tree = Path(folder) / "hip"
        migrated = migrate_tree(CORPUS, tree, Options(hip_version=(5, 2)), jobs=2)
        context = report_context(build_report(migrated))
        host = seconds_per_unit(tree, context, "host", "gfx90a", None)
        other = seconds_per_unit(tree, context, runner.name, "gfx942", arguments.runners_dir)
    both = sorted(set(host) & set(other))
    if not both:
        print("no unit compiled on both toolchains")
        return 0
    ratios = [other[unit] / host[unit] for unit in both if host[unit] > 0]
    print(f"units compiled: host {len(host)}, {runner.name} {len(other)}, both {len(both)}")
    print(f"seconds per unit (median): host {statistics.median(host[u] for u in both):.2f}, "
          f"{runner.name} {statistics.median(other[u] for u in both):.2f}")
    print(f"{runner.name} / host per unit: median x{statistics.median(ratios):.2f}, "
          f"total x{sum(other[u] for u in both) / sum(host[u] for u in both):.2f} "
          "(goal under x1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
