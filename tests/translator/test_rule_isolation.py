"""A rule that fails costs its own findings only (issue 36, item 11): the engine reports
it as E003 and every other rule's edits and findings stay."""

import logging

import pytest

from translator import engine
from translator.engine import translate
from translator.options import Options
from translator.rules import RULES
from translator.rules.base import Rule

KERNEL = """#include <cuda_runtime.h>
__global__ void scale(float *x) {
  int lane = threadIdx.x % 32;
  x[lane] *= 2.0f;
}
void run(float *x) {
  cudaMalloc(&x, 4);
  scale<<<1, 48>>>(x);
}
"""


def _failing(error: Exception) -> Rule:
    def check(unit):
        yield from ()
        raise error

    return Rule("W999", "always-fails", "fails", check, "warp-size", "")


@pytest.mark.parametrize("error", [ZeroDivisionError("by zero"), AssertionError("bad"),
                                   RuntimeError("libclang answered nonsense"),
                                   StopIteration()])
def test_a_failing_rule_keeps_the_other_rules_findings(monkeypatch, caplog, error):
    expected = translate(KERNEL, Options(use_clang=False), "k.cu")
    rules = (_failing(error), *RULES)
    monkeypatch.setattr(engine, "_enabled_rules", lambda options, language: rules)
    with caplog.at_level(logging.CRITICAL, logger="translator.engine"):
        result = translate(KERNEL, Options(use_clang=False), "k.cu")
    failures = [d for d in result.diagnostics if d.code == "E003"]
    assert [d.message.split(":")[0] for d in failures] == ["rule W999 always-fails failed"]
    kept = [d for d in result.diagnostics if d.code != "E003"]
    assert [(d.code, d.line) for d in kept] == [(d.code, d.line) for d in expected.diagnostics]
    assert result.source == expected.source


def test_running_out_of_memory_is_not_a_rule_failure(monkeypatch):
    """MemoryError ends the translation: the sandbox reports the job as too big for its
    memory (test_confinement) instead of a file with every rule "failed"."""
    monkeypatch.setattr(engine, "_enabled_rules",
                        lambda options, language: (_failing(MemoryError()), *RULES))
    with pytest.raises(MemoryError):
        translate(KERNEL, Options(use_clang=False), "k.cu")
