"""Helpers shared by the warning (W) rules: building findings and reading expressions.

Not a rule itself. Everything here works on the code tokens of ``facts_of(unit)`` (no comments,
strings or preprocessor directives), so no rule can fire inside a comment or string.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from translator.analysis.arch_tests import AMD_ARCH_EQUIVALENT, ARCH, replaced_branches
from translator.analysis.facts import facts_of
from translator.data.names import resolve
from translator.diagnostics import Diagnostic, Fix
from translator.source.preprocessor import evaluate
from translator.source.scan import next_branch
from translator.source.tokens import Token

__all__ = ["outside_platform_branches", "finding", "fix", "r101_reports", "left_operand",
           "right_operand", "SYNC_MASKED", "BALLOTS", "SHUFFLES", "is_call", "FULL_MASK_32",
           "ballot_names", "shift_amount", "within_word", "unreachable_on_amd",
           "one_warp_block", "narrow_tile_ballot", "macro_bodies"]

#: Warp intrinsics whose first argument is a lane mask.
SYNC_MASKED = frozenset({
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync",
    "__any_sync", "__all_sync", "__uni_sync", "__match_any_sync", "__match_all_sync",
    "__syncwarp", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
})
#: Intrinsics that return one bit per lane.
BALLOTS = frozenset({"__ballot_sync", "__ballot", "__activemask", "__match_any_sync"})
SHUFFLES = frozenset({"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
                      "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"})
FULL_MASK_32 = 0xFFFFFFFF
_BOUNDARY = frozenset({"=", ",", ";", "(", "[", "{", "}", "?", ":", "return", "&&", "||", "==",
                       "!=", "<", ">", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                       "^=", "<<=", ">>=", "<<<", ">>>"})
_MULTIPLICATIVE = frozenset({"*", "/", "%"})
_SHIFT = _MULTIPLICATIVE | {"+", "-", ">>", "<<"}
#: For a binary operator, the operators that bind at least as tightly on its left.
_TIGHTER = {"*": _MULTIPLICATIVE, "/": _MULTIPLICATIVE, "%": _MULTIPLICATIVE,
            ">>": _SHIFT, "<<": _SHIFT, "&": _SHIFT}
_BINARY = frozenset({"+", "-", "*", "/", "%", ">>", "<<", "&", "|", "^"})


def outside_platform_branches(unit, findings: Iterable) -> Iterator:
    """FINDINGS without those inside ``#if`` groups that test for HIP/ROCm/AMD
    (``#ifdef __HIP_PLATFORM_AMD__ ... #else ... #endif``), where the author already
    chose what each platform compiles, inside ``#if 0`` branches, and inside
    ``#if __CUDA_ARCH__ >= N`` branches that R003 replaces by their alternative or that
    no AMD compile takes (``unreachable_on_amd``). The engine applies it to the rules
    that declare ``silent_in_platform_branches``; findings without an offset (edits)
    pass."""
    replaced = None
    facts = facts_of(unit)
    for item in findings:
        offset = getattr(item, "offset", -1)
        if offset < 0:
            yield item
            continue
        if replaced is None:
            replaced = replaced_branches(unit) + unreachable_on_amd(unit)
        if not (facts.platform_branches and facts.in_platform_branch(offset)
                or any(start <= offset < end for start, end in replaced)):
            yield item


def unreachable_on_amd(unit) -> list[tuple[int, int]]:
    """Source spans of ``#if``/``#elif``/``#else`` branches that neither pass of an AMD
    compile takes, judged as R003 rewrites ``__CUDA_ARCH__``: undefined in the host pass,
    compute capability 8.0 in the device pass (``#if __CUDA_ARCH__ >= 900``, the
    ``#else`` of ``#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600``). Only
    conditions that test nothing but ``__CUDA_ARCH__`` are judged."""
    return unit.fact(_unreachable_on_amd)


def _unreachable_on_amd(unit) -> list[tuple[int, int]]:
    if not unit.mentions(ARCH):
        return []
    worlds: tuple[dict[str, tuple[str, ...]], ...] = ({}, {ARCH: (str(AMD_ARCH_EQUIVALENT),)})
    conditionals = unit.conditionals
    spans: list[tuple[int, int]] = []
    for index, directive in enumerate(conditionals):
        if directive.keyword != "if" or ARCH not in unit.source[directive.start:directive.end]:
            continue
        position, taken = index, False  # taken: an earlier branch is always taken
        while position is not None and conditionals[position].keyword != "endif":
            branch = conditionals[position]
            following = next_branch(conditionals, position)
            if following is None:
                break
            value: tuple[bool, ...]
            if branch.keyword == "else":
                value = (False, False) if taken else (True, True)
            else:
                texts = [t.text for t in branch.tokens]
                if branch.keyword not in ("if", "elif") or not set(
                        t for t in texts if t[:1].isalpha() or t[:1] == "_") <= {ARCH, "defined"}:
                    break
                results = tuple(evaluate(texts, world) for world in worlds)
                if None in results:
                    break
                value = (False, False) if taken else tuple(bool(v) for v in results)
            if not any(value):
                spans.append((branch.end, following.start))
            taken = taken or all(value)
            position = conditionals.index(following, position + 1)
    return spans


def finding(code: str, message: str, offset: int, help: str = "",
            fixes: tuple[Fix, ...] = ()) -> Diagnostic:
    return Diagnostic(code, message, offset=offset, help=help, fixes=fixes)


def fix(token: Token, text: str, description: str) -> Fix:
    return Fix(token.start, token.end, text, description)


def r101_reports(unit, name: str) -> bool:
    """True when R101 reports NAME as not translated (so a W rule must not repeat it)."""
    entry = unit.names.identifiers.get(name)
    return entry is not None and resolve(entry, unit.options).name is None


def is_call(code: list[Token], index: int, names) -> bool:
    return (index + 1 < len(code) and code[index].text in names
            and code[index + 1].text == "(" and (index == 0 or code[index - 1].text not in
                                                 (".", "->")))


def left_operand(code: list[Token], index: int) -> int:
    """First token index of the left operand of the binary operator at INDEX."""
    tighter = _TIGHTER.get(code[index].text, frozenset())
    position, depth = index - 1, 0
    while position >= 0:
        text = code[position].text
        if text in (")", "]"):
            depth += 1
        elif text in ("(", "["):
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (text in _BOUNDARY or text in _BINARY and text not in tighter):
            break
        position -= 1
    return position + 1


def right_operand(code: list[Token], index: int) -> int:
    """Past-last token index of a simple right operand (a primary expression)."""
    position = index + 1
    if position < len(code) and code[position].text == "(":
        from translator.analysis.expressions import closing

        return closing(code, position) + 1
    while position < len(code) and (code[position].kind in ("ident", "number")
                                    or code[position].text in (".", "->", "::")):
        position += 1
    return position


def shift_amount(code: list[Token], index: int) -> int:
    """Past-last token index of the right operand of the shift operator at INDEX: an
    additive expression (``1u << tid % 32`` shifts by ``tid % 32``)."""
    position, depth = index + 1, 0
    while position < len(code):
        text = code[position].text
        if text in ("(", "["):
            depth += 1
        elif text in (")", "]"):
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (text in _BOUNDARY or text in ("<<", ">>", "&", "|", "^")):
            break
        position += 1
    return position


def within_word(code: list[Token], first: int, last: int, macros) -> bool:
    """True when the expression FIRST..LAST is reduced to a bit position of a 32-bit word
    (``x % 32``, ``x & 31``, also spelled with constants): whatever ``x`` is, shifting a
    32-bit value by it cannot overflow, so it is a bit index, not a 64-lane lane index."""
    from translator.analysis.expressions import fold

    while last - first > 2 and code[first].text == "(" and right_operand(code, first - 1) == last:
        first, last = first + 1, last - 1
    depth = 0
    for position in range(last - 1, first, -1):
        text = code[position].text
        depth += text in (")", "]")
        depth -= text in ("(", "[")
        if depth == 0 and text in ("%", "&"):
            value = fold(code[position + 1:last], macros)
            return value is not None and 0 < value <= (32 if text == "%" else 31)
        if depth == 0 and text in ("+", "-", "*", "/"):
            return False
    return False


def ballot_names(facts, function) -> frozenset[str]:
    """Variables of FUNCTION assigned from a ballot (or from another such variable); the
    ballot of a tile of at most 32 lanes (``narrow_tile_ballot``) does not count."""
    code = facts.code
    first, last = facts.body_span(function)
    names: set[str] = set()
    # in code order: a variable assigned from one found before it counts
    for index in facts.indexes_within_any(("=", "|=", "&="), first, last):
        if code[index - 1].kind != "ident":
            continue
        end = index + 1
        while end < last and code[end].text not in (";", ","):
            end += 1
        words = {t.text for t in code[index + 1:end]}
        if words & BALLOTS or words & names or "ballot" in words and not all(
                narrow_tile_ballot(facts, at) for at in range(index + 1, end)
                if code[at].text == "ballot"):
            names.add(code[index - 1].text)
    return frozenset(names)


#: Cooperative-groups types and calls whose template argument is a tile's lane count.
_TILES = frozenset({"thread_block_tile", "tiled_partition"})


def narrow_tile_ballot(facts, index: int) -> bool:
    """True when code token INDEX is the ``ballot`` of ``tile.ballot(...)`` and ``tile`` is
    a cooperative-groups ``thread_block_tile<N>`` (or ``tiled_partition<N>``'s result)
    with N at most 32, or N a name the tokens cannot fold (a template parameter: CUDA's
    tiles have at most 32 lanes, but for its experimental large tiles): the ballot then
    holds one bit per lane of the tile, which 32 bits hold on AMD too."""
    code = facts.code
    if index < 2 or code[index - 1].text not in (".", "->") or code[index - 2].kind != "ident":
        return False
    name = code[index - 2].text
    function = facts.function_at(code[index].start)
    first = facts.index_at(function.start) if function is not None else 0
    # the latest declaration of the name before the call: its statement names the tile
    for position in reversed(facts.indexes_within(name, first, index - 2)):
        start = position
        while start > first and code[start - 1].text not in (";", "{", "}", "(", ","):
            start -= 1
        end = position + 1
        while end < index and code[end].text not in (";", ",", ")"):
            end += 1
        tiles = [at for at in range(start, end) if code[at].text in _TILES]
        if not tiles:
            continue
        at = tiles[0]
        if at + 2 >= len(code) or code[at + 1].text != "<":
            return False
        close = at + 2
        while close < len(code) and code[close].text not in (">", ">>"):
            close += 1
        lanes = facts.fold_span(at + 2, close)
        return lanes is None or lanes <= 32
    return False


def scan(facts, names):
    """(index, token) of every identifier in NAMES, in code order (fast: indexed)."""
    code = facts.code
    return ((index, code[index]) for index in facts.occurrences(names))


def one_warp_block(unit, offset: int) -> str:
    """For a warp-size finding at OFFSET: a note when its kernel takes one block for one
    warp, launched in the file with a literal 32-thread block (``k<<<n, 32>>>``) or
    testing ``blockDim.x == 32``; '' otherwise."""
    function = facts_of(unit).function_at(offset)
    if function is None:
        return ""
    launched, tested = unit.fact(_one_warp_blocks)
    if function.name in launched and function.target == "global":
        return (f"; {function.name} is launched with blocks of 32 threads (line "
                f"{launched[function.name]}): one block is one warp on NVIDIA GPUs, half a "
                "wavefront on AMD")
    if any(function.start <= at < function.end for at in tested):
        return "; the code tests blockDim.x == 32: one block was meant to be one warp"
    return ""


def _one_warp_blocks(unit) -> tuple[dict[str, int], list[int]]:
    facts = facts_of(unit)
    code = facts.code
    launched: dict[str, int] = {}
    for launch in facts.launches:
        if len(launch.config) >= 2:
            first, last = launch.config[1]
            if last - first == 1 and code[first].text == "32":
                launched.setdefault(launch.kernel, unit.location(code[first].start).line)
    tested = []
    for index in facts.occurrences(("blockDim",)):
        if index + 4 < len(code) and code[index + 1].text == "." and \
                code[index + 3].text in ("==", "!=") and code[index + 4].text == "32":
            tested.append(code[index].start)
    return launched, tested


def macro_bodies(unit) -> list[tuple[Token, list[Token]]]:
    """The name and the body's code tokens (after the parameters of a function-like
    macro) of each of the file's ``#define`` directives: calls and arithmetic that a
    macro spells are found there, not among ``Facts.code``."""
    return unit.fact(_macro_bodies)


def _macro_bodies(unit) -> list[tuple[Token, list[Token]]]:
    bodies = []
    for directive in unit.directives:
        tokens = directive.tokens
        if directive.keyword != "define" or len(tokens) < 2:
            continue
        first = 1
        name = tokens[0]
        if tokens[1].text == "(" and tokens[1].start == name.end:  # function-like
            while first < len(tokens) and tokens[first].text != ")":
                first += 1
            first += 1
        if first < len(tokens):
            bodies.append((name, tokens[first:]))
    return bodies
