"""The hazard analysis runs without a CUDA toolkit, with CUDA 13 headers, without clang,
and on files clang cannot parse."""

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.tools import needs, needs_root, needs_tools
from tests.translator.cases import all_cases
from translator import Options, translate

ROOT = Path(__file__).resolve().parents[2]
CUDA_INCLUDE = Path("/usr/local/cuda/include")
SAMPLE = next(c for c in all_cases() if c.id == "W410/fix_hazards").input
SCRIPT = """
import json, sys
from translator import translate, Options
source = open(sys.argv[1], "rb").read()
result = translate(source, Options(), "sample.cu")
print(json.dumps(sorted([d.line, d.code] for d in result.diagnostics)))
"""


def _findings(options: Options, source: bytes = None):
    source = source if source is not None else SAMPLE.read_bytes()
    return sorted([d.line, d.code] for d in translate(source, options, "sample.cu").diagnostics)


@needs_tools("unshare")
@needs_root  # to mount a tmpfs over the toolkit
def test_same_findings_with_the_cuda_toolkit_hidden():
    command = (f"mount -t tmpfs none /usr/local/cuda && test ! -e {CUDA_INCLUDE}/cuda.h && "
               f"{sys.executable} -c '{SCRIPT}' {SAMPLE}")
    done = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", command],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    hidden = json.loads(done.stdout)
    assert hidden == _findings(Options())
    assert any(code == "W410" for _, code in hidden)


@needs((CUDA_INCLUDE / "cuda_runtime.h").is_file(), f"the CUDA headers in {CUDA_INCLUDE}")
def test_same_findings_with_cuda_13_headers():
    source = b"#include <cuda/std/cstdint>\n" + SAMPLE.read_bytes()
    with_headers = _findings(Options(include_dirs=(str(CUDA_INCLUDE),)), source)
    without = _findings(Options(), source)
    warnings = [f for f in with_headers if f[1].startswith("W")]
    assert warnings == [f for f in without if f[1].startswith("W")]
    assert len(warnings) >= 6


def test_token_fallback_finds_the_same_hazards_in_every_case():
    """Except the cases that need types only clang knows (named ``*_needs_clang``)."""
    differences = []
    for case in all_cases():
        if case.code.startswith("W") and not case.name.endswith("_needs_clang"):
            data = case.input.read_bytes()
            semantic = {(d.line, d.code) for d in translate(data, case.options, "x.cu")
                        .diagnostics if d.code.startswith("W")}
            tokens = {(d.line, d.code) for d in translate(
                data, case.options.with_changes(use_clang=False), "x.cu").diagnostics
                if d.code.startswith("W")}
            if semantic != tokens:
                differences.append((case.id, semantic ^ tokens))
    assert differences == []


def test_cases_that_need_clang_are_found_otherwise_without_it():
    """A ``*_needs_clang`` case shows what clang's types change: its code's findings
    (line and message) differ without clang, and a case that is no ``noop_`` one is
    found with clang."""
    for case in all_cases():
        if case.name.endswith("_needs_clang"):
            data = case.input.read_bytes()
            with_clang, without = ({(d.line, d.message) for d in translate(
                data, options, "x.cu").diagnostics if d.code == case.code}
                for options in (case.options, case.options.with_changes(use_clang=False)))
            assert with_clang != without, case.id
            assert bool(with_clang) != case.name.startswith("noop_"), case.id


def test_unparseable_file_gets_a_parse_error_quoting_clang_and_token_findings():
    source = ("typedef unsigned mask_t;\n__device__ int lane(int p) {\n"
              "  mask_t m = __ballot_sync(0xffffffff, p);\n  return threadIdx.x % 32;\n}\n"
              "int broken( {\n")
    result = translate(source, Options(), "k.cu")
    errors = [d for d in result.diagnostics if d.code == "E001"]
    assert [e.category for e in errors] == ["parse-error"]
    assert "clang: expected" in errors[0].message
    assert errors[0].line == 6
    assert {"W401", "W410", "W412"} <= {d.code for d in result.diagnostics}


def test_files_without_semantic_questions_are_not_parsed():
    from translator.analysis.parsed import parse_attempted
    from translator.rules import RULES
    from translator.unit import Unit

    unit = Unit(SAMPLE.read_text(), Options(), "sample.cu")
    for rule in RULES:
        list(rule.check(unit))
    assert not parse_attempted(unit)


def test_missing_project_header_does_not_cost_the_analysis():
    source = ('#include "not_shipped.cuh"\n#include <cuda_runtime.h>\n'
              "int main() { float *d; cudaMalloc(&d, 64); d[0] = 1; return 0; }\n")
    codes = [d.code for d in translate(source, Options(), "k.cu").diagnostics]
    assert "W103" in codes
    assert "E001" not in codes
