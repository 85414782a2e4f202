"""Fingerprints of the translator's output, for checking that a speedup changes nothing.

Translates every golden case input (tests/translator/cases, tests/translator/hipify_style)
with the benchmark's options, with the hazard warnings on, with the case's own options
and with the default options, and the benchmark corpus (bench_translate.make_corpus) with
the benchmark's options and with the warnings on; prints one sha256 per translation of
the output text, the diagnostics (code, line, column, message, suppressed), the usages,
the applied edits and the line map. Store the output of a run before a change and
compare it with the output after:

    python benchmarks/output_hashes.py > /tmp/before.txt
    ... change the translator ...
    python benchmarks/output_hashes.py | diff /tmp/before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from benchmarks.bench_translate import OPTIONS, WITH_WARNINGS, make_corpus  # noqa: E402
from tests.translator.cases import all_cases  # noqa: E402
from translator.engine import translate  # noqa: E402
from translator.options import Options  # noqa: E402
from translator.source.file_kinds import language_of  # noqa: E402
from translator.tree.migrate import translate_file  # noqa: E402


def fingerprint(result) -> str:
    digest = hashlib.sha256(result.encode())
    for d in result.diagnostics:
        digest.update(repr((d.code, d.line, d.column, d.message, d.suppressed)).encode())
    digest.update(repr([tuple(usage) for usage in result.usages]).encode())
    digest.update(repr([tuple(edit) for edit in result.edits]).encode())
    digest.update(repr(result.line_map).encode())
    return digest.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    hipify = ROOT / "tests" / "translator" / "hipify_style"
    inputs = [(case.id, case.input, case.path, case.options) for case in all_cases()]
    inputs += [(str(p.relative_to(hipify)), p, p.name, Options())
               for p in sorted(hipify.rglob("*.cu*"))]
    for name, path, relative, own in inputs:
        data = path.read_bytes()
        language = language_of(relative, data[:200])
        for label, options in (("bench", OPTIONS), ("warnings", WITH_WARNINGS),
                               ("own", own), ("default", Options())):
            result = translate_file(data, options, relative, language)
            print(f"{fingerprint(result)} {label} {name}")
    for index, text in enumerate(make_corpus(arguments.megabytes, arguments.seed)):
        for label, options in (("bench", OPTIONS), ("warnings", WITH_WARNINGS)):
            result = translate(text, options, f"file_{index}.cu")
            print(f"{fingerprint(result)} {label} corpus/{index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
