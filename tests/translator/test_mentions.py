"""Rules declare the texts they test with ``Unit.mentions`` as data (``Rule.mentions``),
the analysis helpers in ``translator.analysis.mentioned``; the engine looks for those of
the rules it runs in one pass per file, with no state shared between files."""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

import pytest

from translator import engine
from translator.analysis.mentioned import SHARED_MENTIONS
from translator.options import Options
from translator.rules import RULES
from translator.unit import Unit

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "translator"
#: Calls whose text is a name from the API table, not a constant of the code: each is
#: answered by a search of its own (module, argument).
FROM_TABLES = {("translator.rules.cuda_api_name", "prefix"),
               ("translator.analysis.call_rewrites", "name")}


def asked_texts(path: Path) -> tuple[set[str], set[str]]:
    """The constant texts the module at PATH passes to ``mentions``/``mentions_any``
    (literals, or module constants: a string, or a collection of strings), and the
    arguments it passes that are no constant."""
    module = importlib.import_module(
        ".".join(path.relative_to(ROOT).with_suffix("").parts))
    texts: set[str] = set()
    others: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("mentions", "mentions_any") and node.args):
            continue
        argument = node.args[0]
        value: object = None
        if isinstance(argument, ast.Constant):
            value = argument.value
        elif isinstance(argument, ast.Tuple | ast.List):
            value = [element.value for element in argument.elts
                     if isinstance(element, ast.Constant)]
            if len(value) != len(argument.elts):  # type: ignore[arg-type]
                value = None
        elif isinstance(argument, ast.Name):
            value = getattr(module, argument.id, None)
        if isinstance(value, str):
            texts.add(value)
        elif isinstance(value, list | tuple | set | frozenset | dict) and all(
                isinstance(text, str) for text in value):
            texts.update(value)
        else:
            others.add(ast.unparse(argument))
    return texts, others


def modules_asking() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py")
                  if path.name != "unit.py" and ".mentions" in path.read_text(encoding="utf-8"))


def test_the_collector_finds_what_a_rule_asks():
    texts, others = asked_texts(PACKAGE / "rules" / "_shared" / "ballot_counts.py")
    assert {"__popc", "__ffs", "__clz"} <= texts
    assert not others
    texts, others = asked_texts(PACKAGE / "rules" / "cuda_api_name.py")
    assert "caffe2" in texts
    assert others == {"prefix"}


def test_every_text_a_rule_asks_is_declared_by_that_rule():
    rules = {rule.check.__module__: rule for rule in RULES if rule.check}
    undeclared = {}
    for path in modules_asking():
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name not in rules:
            continue
        texts, _ = asked_texts(path)
        missing = texts - set(rules[name].mentions)
        if missing:
            undeclared[rules[name].code] = sorted(missing)
    assert undeclared == {}


def test_every_text_the_helpers_and_the_engine_ask_is_declared():
    """The engine's in its own list, the analysis helpers' in ``SHARED_MENTIONS``, and
    those of a module of ``rules/_shared/`` by every rule that imports it."""
    rules = {rule.check.__module__: rule for rule in RULES if rule.check}
    undeclared = {}
    for path in modules_asking():
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name in rules:
            continue
        texts = asked_texts(path)[0]
        if name.startswith("translator.rules._shared."):
            importers = [rule for module, rule in rules.items()
                         if name in (PACKAGE.parent / Path(*module.split("."))).with_suffix(
                             ".py").read_text(encoding="utf-8")]
            assert importers, name
            missing = {text for rule in importers for text in texts - set(rule.mentions)}
        else:
            declared = engine._ENGINE_MENTIONS if name == "translator.engine" \
                else SHARED_MENTIONS
            missing = texts - set(declared)
        if missing:
            undeclared[name] = sorted(missing)
    assert undeclared == {}


def test_only_the_table_names_are_asked_without_a_declaration():
    found = set()
    for path in modules_asking():
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found |= {(name, other) for other in asked_texts(path)[1]}
    assert found == FROM_TABLES


def test_the_engine_looks_for_the_texts_of_the_rules_it_runs_only():
    everything = engine._looked_for(Options(), "c++")
    assert {"rocport:", "__CUDA_ARCH__", "cooperative_groups", "__shfl"} <= set(everything)
    assert "CUDA_ARCHITECTURES" not in everything  # R502 reads build files only
    without = engine._looked_for(Options(ignore=("W402",)), "c++")  # the only one
    # of the rules that asks for "__shfl" (warp-shuffle-reduction)
    assert "__shfl" not in without
    assert "cooperative_groups" in without
    assert "CUDA_ARCHITECTURES" in engine._looked_for(Options(), "cmake")


@pytest.mark.parametrize("seed", range(20))
def test_answers_are_the_text_search_declared_or_not(seed):
    rng = random.Random(seed)
    alphabet = "ab_<#\n"
    source = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 200)))
    asked = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 4)))
             for _ in range(30)]
    declared = tuple(dict.fromkeys(asked[:15]))
    unit = Unit(source, path="a.cu", looked_for=declared)
    assert [unit.mentions(text) for text in asked] == [text in source for text in asked]


def test_no_file_changes_what_another_is_told():
    first = Unit("__shfl_down_sync(mask, v, 1);", path="a.cu")
    assert first.mentions("__shfl")
    assert not first.mentions("__syncwarp")
    second = Unit("__syncwarp();", path="b.cu", looked_for=("__shfl",))
    assert second.mentions("__syncwarp")
    assert not second.mentions("__shfl")
    assert second.looked_for == ("__shfl",)  # the first file's questions did not join
