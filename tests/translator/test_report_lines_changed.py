"""The report's "lines changed": what a line diff of the file counts, in time linear in size."""

from __future__ import annotations

import difflib
import time

import pytest

from translator.engine import translate
from translator.options import Options
from translator.output.patches import split_lines
from translator.output.report import statistics
from translator.output.statistics import file_statistics

OPTIONS = Options(use_clang=False)

# Renames on several lines, and two headers that become one.
SOURCE = """#include <cuda.h>
#include <cuda_runtime.h>

__global__ void scale(float *x) {
  x[threadIdx.x] *= 2.0f;
}

int main() {
  float *d;
  cudaMalloc(&d, 4 * sizeof(float));
  scale<<<1, 4>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
"""

# A kernel of many repeated lines ("}" and blank lines), one CUDA call in each copy.
BLOCK = """
__global__ void step_{n}(float *x) {{
  if (threadIdx.x == 0) {{
    x[0] += 1.0f;
  }}
}}

void run_{n}(float *d) {{
  step_{n}<<<1, 32>>>(d);
  cudaDeviceSynchronize();
}}
"""


def _diffed(result) -> int:
    matcher = difflib.SequenceMatcher(None, split_lines(result.original),
                                      split_lines(result.source), autojunk=False)
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes()
               if tag != "equal")


def test_lines_changed_is_what_a_line_diff_counts():
    result = translate(SOURCE, OPTIONS, "main.cu")
    assert result.changed
    assert statistics([result])["lines_changed"] == _diffed(result) > 0


def test_an_unchanged_file_changes_no_lines():
    result = translate("int main() { return 0; }\n", OPTIONS, "main.cpp")
    assert statistics([result])["lines_changed"] == 0


@pytest.mark.parametrize("copies", [600])
def test_lines_changed_of_a_large_file_with_repeated_lines_is_fast(copies):
    source = "#include <cuda_runtime.h>\n" + "".join(BLOCK.format(n=n) for n in range(copies))
    result = translate(source, OPTIONS, "big.cu")
    started = time.process_time()
    counted = statistics([result])["lines_changed"]
    spent = time.process_time() - started
    # the synchronize call of each copy (launches keep their syntax), and the header
    assert counted == copies + 1
    # a diff of the whole file takes seconds here (quadratic in the repeated lines)
    assert spent < 0.5, f"{spent:.2f} s to count the changed lines of {len(source)} bytes"


def test_the_statistics_of_one_file_count_lines_changed_as_the_report_does():
    """``--print-stats`` and the report agree. An edit that adds a line (the runtime
    header HIP's cooperative groups need before them) changes two lines, not the one
    it touches."""
    source = "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
    result = translate(source, OPTIONS, "a.cu")
    assert result.source.count("\n") == 3
    assert file_statistics(result)["lines_changed"] == statistics([result])["lines_changed"]
    assert file_statistics(result)["lines_changed"] == _diffed(result)
