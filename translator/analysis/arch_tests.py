"""Tests of ``__CUDA_ARCH__``, the CUDA version macros and CUDA's feature macros in
``#if`` lines, read as an AMD compile reads them.

R003 (``translator/rules/cuda_macro_test.py``) rewrites these tests; the rules and the
analysis that must agree with it read them here: an AMD GPU is taken to offer the
features of compute capability ``AMD_ARCH_EQUIVALENT`` (8.0) in the device pass, and
``__CUDA_ARCH__`` is undefined in the host pass (``arch_test``); a CUDA API level is
offered by the first HIP release that follows it (``version_test``, from
``data/cuda_api_levels.tsv``). ``replaced_branches`` lists the ``__CUDA_ARCH__``
branches that give way to their alternative because they use what AMD GPUs lack (inline
PTX, a name without HIP counterpart): code the port never compiles for AMD, where the
hazard rules stay silent (``translator.analysis.hazard``). The gates among these tests
(version, feature and device-pass tests whose block may stay off on HIP) are judged in
``translator.analysis.gates``.

Only comparisons with a number literal have a meaning here; a condition is read from
its tokens, as a conjunction of tests when it has no ``||``, ``?:`` or ``!`` other than
``!defined``.
"""

from __future__ import annotations

import functools
import operator
import re

from translator.analysis.gate_blocks import inside
from translator.data import DIRECTORY as DATA_DIRECTORY
from translator.data.names import resolve_name
from translator.options import parse_version
from translator.source.scan import IDENTIFIER, next_branch
from translator.source.tokens import Token
from translator.unit import Unit

__all__ = [
    "ARCH", "CLANG_CUDA", "COMPILER_MAJOR", "VERSIONS", "DEVICE_PASS", "AMD_ARCH_EQUIVALENT",
    "FEATURE", "COMPILER", "HIP_PLATFORM", "mentions_tests", "gate_macro", "defined_operand",
    "negated", "conjunction", "device_test", "clang_cuda_test", "comparison", "bounded",
    "arch_test", "version_test", "replaced_branches", "nvidia_only_branch",
]

ARCH = "__CUDA_ARCH__"
#: clang's macro for "compiling CUDA"; in HIP mode it defines __HIP__ instead.
CLANG_CUDA = "__CUDA__"
COMPILER_MAJOR = "__CUDACC_VER_MAJOR__"
VERSIONS = ("CUDART_VERSION", "CUDA_VERSION", COMPILER_MAJOR)
DEVICE_PASS = "__HIP_DEVICE_COMPILE__"
#: The compute capability whose features an AMD Instinct GPU is taken to offer.
AMD_ARCH_EQUIVALENT = 800
LEVELS_PATH = DATA_DIRECTORY / "cuda_api_levels.tsv"
_COMPARISONS = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}
_MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_BOUNDARY = frozenset({"(", ")", "&&", "||", "!", "?", ":"})
#: CUDA's feature macros (``__CUDA_BF16_TYPES_EXIST__``) and nvcc's compiler macro.
FEATURE = re.compile(r"__CUDA_\w+_TYPES_EXIST__")
COMPILER = "__NVCC__"
HIP_PLATFORM = "__HIP_PLATFORM_AMD__"


def mentions_tests(unit: Unit) -> bool:
    """True when UNIT's code names one of the macros tested here (from the API-name scan)."""
    offsets = unit.api_offsets
    return (ARCH in offsets or COMPILER in offsets or CLANG_CUDA in offsets
            or any(name in offsets for name in VERSIONS)
            or any(FEATURE.fullmatch(name) for name in offsets if name.startswith("__CUDA_")))


def gate_macro(name: str) -> bool:
    """True for nvcc's compiler macro and CUDA's feature macros."""
    return name == COMPILER or FEATURE.fullmatch(name) is not None


def defined_operand(tokens: list[Token], index: int) -> bool:
    """True when the token at INDEX is the operand of ``defined``."""
    before = tokens[index - 1].text if index else ""
    return before == "defined" or (before == "(" and index > 1
                                   and tokens[index - 2].text == "defined")


def negated(tokens: list[Token], index: int) -> bool:
    """True when the ``defined`` test at INDEX is preceded by ``!``."""
    first = index - 1 if tokens[index - 1].text == "defined" else index - 2
    return first > 0 and tokens[first - 1].text == "!"


def conjunction(tokens: list[Token]) -> bool:
    """True when the condition is a conjunction of its tests (no ``||``, ``?:``, or ``!``
    other than ``!defined``): a ``0`` in place of one test then makes it false."""
    for index, token in enumerate(tokens):
        if token.text in ("||", "?"):
            return False
        if token.text == "!" and (index + 1 == len(tokens) or tokens[index + 1].text != "defined"):
            return False
    return True


def device_test(tokens: list[Token], position: int) -> bool:
    """True for ``defined(__CUDA_ARCH__)`` in a conjunction, not negated and without an
    architecture comparison beside it: a test whose block runs in the device pass
    (judged like a gate: kept off when HIP lacks what the block names)."""
    return (tokens[position].text == ARCH and defined_operand(tokens, position)
            and not negated(tokens, position) and conjunction(tokens)
            and not any(token.text == ARCH and comparison(tokens, index) is not None
                        for index, token in enumerate(tokens)))  # nvidia_only_branch's


def clang_cuda_test(tokens: list[Token], index: int) -> bool:
    """True for ``!defined(__NVCC__)`` beside ``defined(__CUDACC__)`` or
    ``defined(__CUDA__)`` in a conjunction: a test of clang's CUDA compiler ("CUDA, but
    not nvcc"), which hipcc, a clang, passes as it stands (R101 renames the other test)."""
    if tokens[index].text != COMPILER or not negated(tokens, index) or not conjunction(tokens):
        return False
    return any(token.text in ("__CUDACC__", "__CUDA__") and defined_operand(tokens, position)
               and not negated(tokens, position) for position, token in enumerate(tokens))


def comparison(tokens: list[Token], index: int) -> tuple[int, int, str, int] | None:
    """(first, last, op, number) for ``NAME op NUMBER`` or ``NUMBER op NAME``, normalised
    to the form with NAME on the left."""
    if index + 2 < len(tokens) and tokens[index + 1].text in _COMPARISONS:
        number = _number(tokens[index + 2])
        if number is not None and bounded(tokens, index, index + 2):
            return index, index + 2, tokens[index + 1].text, number
    if index >= 2 and tokens[index - 1].text in _COMPARISONS:
        number = _number(tokens[index - 2])
        if number is not None and bounded(tokens, index - 2, index):
            return index - 2, index, _MIRRORED[tokens[index - 1].text], number
    return None


def bounded(tokens: list[Token], first: int, last: int) -> bool:
    """True when tokens FIRST..LAST form a whole operand of && || ! ?: or parentheses."""
    before = tokens[first - 1].text if first else "("
    after = tokens[last + 1].text if last + 1 < len(tokens) else ")"
    return before in _BOUNDARY and after in _BOUNDARY and after != "!"


def _number(token: Token) -> int | None:
    if token.kind != "number":
        return None
    text = token.text.rstrip("uUlL").replace("'", "")
    try:
        if len(text) > 1 and text[0] == "0" and text.isdigit():
            return int(text, 8)
        return int(text, 0)
    except ValueError:
        return None


def arch_test(op: str, number: int) -> str:
    """The test's HIP form."""
    device = _COMPARISONS[op](AMD_ARCH_EQUIVALENT, number)
    host = _COMPARISONS[op](0, number)  # the host pass sees an undefined macro: 0
    if device and host:
        return "1"
    if device:
        return f"defined({DEVICE_PASS})"
    return f"!defined({DEVICE_PASS})" if host else "0"


def version_test(op: str, number: int) -> str | None:
    if op in ("==", "!="):
        return None
    if op in (">", "<="):
        number += 1  # V > N is V >= N+1; V <= N is V < N+1
    release = _first_release(number)
    if op in (">", ">="):
        return "0" if release is None else f"HIP_VERSION >= {release}"
    return "1" if release is None else f"HIP_VERSION < {release}"


def _first_release(level: int) -> int | None:
    """HIP_VERSION of the first HIP release that follows CUDA API LEVEL, or None."""
    for version, cuda_level in _levels():
        if cuda_level >= level:
            major, minor = (version + (0,))[:2]
            return major * 10_000_000 + minor * 100_000
    return None


@functools.cache
def _levels() -> tuple[tuple[tuple[int, ...], int], ...]:
    rows = []
    for line in LEVELS_PATH.read_text(encoding="utf-8").splitlines()[1:]:
        if line.strip() and not line.startswith(("#", "hip_version")):
            version, level = line.split("\t")
            rows.append((parse_version(version), int(level)))
    return tuple(sorted(rows))


def replaced_branches(unit: Unit) -> list[tuple[int, int]]:
    """Source spans of the ``__CUDA_ARCH__`` branches that give way to their alternative
    (see ``nvidia_only_branch``): code that the port never compiles for AMD."""
    if not unit.mentions(ARCH):
        return []
    conditionals = unit.conditionals
    spans = []
    for index, directive in enumerate(conditionals):
        if directive.keyword in ("if", "elif") and nvidia_only_branch(unit, index):
            end = next_branch(conditionals, index) or conditionals[-1]
            spans.append((directive.end, end.start))
    return spans


def nvidia_only_branch(unit: Unit, index: int) -> str:
    """For the ``#if``/``#elif`` ``unit.conditionals[INDEX]`` whose condition is a
    conjunction with a ``__CUDA_ARCH__`` comparison (which R003 turns into ``0`` then;
    ``defined(__CUDA_ARCH__)`` alone stays a device-pass test): the first NVIDIA-only
    construct of its branch (inline PTX, a name without HIP counterpart) and what
    becomes of the branch, else ''. Nested branches that give way to their own
    alternative do not count: their own gate already keeps that code from AMD GPUs.
    Judged once per branch (a nested one is asked again by every branch around it)."""
    return unit.fact(_judge_nvidia_only, index)


def _judge_nvidia_only(unit: Unit, index: int) -> str:
    conditionals = unit.conditionals
    tokens = conditionals[index].tokens
    if not conjunction(tokens) or not any(
            token.text == ARCH and comparison(tokens, position) is not None
            for position, token in enumerate(tokens)):
        return ""
    following = next_branch(conditionals, index)
    if following is None:
        return ""  # an unterminated #if: leave it to the compiler's error
    start, end = conditionals[index].end, following.start
    given_way = []  # the text of nested branches that give way to their alternative
    inner = index + 1
    while inner < len(conditionals) and conditionals[inner].start < end:
        if (conditionals[inner].keyword in ("if", "elif")
                and nvidia_only_branch(unit, inner)):
            closing = next_branch(conditionals, inner)
            given_way.append((conditionals[inner].end, closing.start if closing else end))
        inner += 1
    construct = _first_nvidia_only(unit, start, end, given_way)
    if not construct:
        return ""
    if following.keyword == "endif":
        return f"{construct}, which AMD GPUs lack; the branch is left out, as on older GPUs"
    return f"{construct}, which AMD GPUs lack; the alternative branch is taken"


def _first_nvidia_only(unit: Unit, start: int, end: int, skipped: list[tuple[int, int]]) -> str:
    """The first NVIDIA-only construct between START and END, outside the SKIPPED spans."""
    regions = unit.regions
    for match in IDENTIFIER.finditer(unit.source, start, end):
        name = match.group()
        if (name[0] not in "_acCn" or not regions.in_code(match.start())
                or skipped and inside(skipped, match.start())):
            continue
        if name in ("asm", "__asm__", "__asm"):
            return "inline PTX"
        resolved = resolve_name(name, unit.options)
        if resolved is not None and resolved[1].name is None and resolved[0].kind != "preprocessor":
            return name
    return ""
