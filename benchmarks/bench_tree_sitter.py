"""tree-sitter with the tree-sitter-cuda grammar against rocport's compiled lexer: speed,
memory, what the grammar cannot parse, whether its leaves round-trip, and how its calls
and function definitions compare with the token helpers'. docs/tree-sitter.md reads the
figures. Asserts nothing.

    .venv/bin/pip install 'tree-sitter>=0.26,<0.27' 'tree-sitter-cuda>=0.21,<0.22'
    .venv/bin/python benchmarks/bench_tree_sitter.py [--rounds 3] [--examples 2]
    .venv/bin/python benchmarks/bench_tree_sitter.py --instructions   # needs valgrind

tree-sitter is needed by this benchmark only: no requirements file lists it, and without it
the script says how to install it and exits 0 (``make bench`` goes on).

Corpora: ``realistic`` (every C/C++ file of tests/realistic), ``cases`` (the inputs of the
golden cases, one construct each) and ``large`` (bench_real_code.py's amalgamated sources
over 200 KB, one copy of each project, and bench_hazards.py's one large file). Each mode
runs in a child process of its own: a first pass keeps what it builds of every file (the
growth of the peak resident size, getrusage's maxrss, is its memory: tracemalloc does not
see C allocations), then three timed passes. The children of all modes take turns for
ROUNDS rounds, and the fastest pass counts (CPU and wall): the machine is shared. Modes:

- ``lexer``: ``tokenize(source)``, the lossless token list the translator builds;
- ``lexer code``: ``tokenize_code(source)``, code tokens only (what the hazard facts use);
- ``ts parse``: ``Parser.parse`` of the source encoded as UTF-8, the tree kept;
- ``ts tokens``: the parse, then a walk to a list of (type, text, start) leaves, each
  literal and comment one leaf: the list comparable to the lexer's.

With --instructions, each mode's single pass over each corpus runs under callgrind instead,
and the instructions it adds to a child that only reads the files are printed: a ratio
the load of the machine does not change.

Then, per corpus and untimed: ERROR and MISSING nodes by file and by construct, with
examples; whether the leaves round-trip (in order, and only blanks between them); how
many of the lexer's code tokens are also a leaf. Last, two helpers against their tree
forms, with their CPU time: function definitions (``Facts.functions`` from tokens, against
``function_definition`` and ``lambda_expression`` nodes) and calls (``call_at`` after every
identifier, against ``call_expression`` nodes with their argument spans).
"""

from __future__ import annotations

import argparse
import bisect
import collections
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

try:
    import tree_sitter
    import tree_sitter_cuda
except ImportError:
    tree_sitter = tree_sitter_cuda = None

from translator.source.tokens import tokenize, tokenize_code  # noqa: E402

INSTALL = (
    "tree-sitter is not installed (a benchmark-only dependency); install it with\n"
    "    .venv/bin/pip install 'tree-sitter>=0.26,<0.27' 'tree-sitter-cuda>=0.21,<0.22'"
)
SUFFIXES = {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".inl"}
MODES = ("lexer", "lexer code", "ts parse", "ts tokens")
#: Nodes read as one token: their children split a literal or a header name.
ATOMIC = frozenset(
    {"string_literal", "char_literal", "raw_string_literal", "system_lib_string", "comment"}
)
_BLANK = re.compile(r"(?:[ \t\r\n\f\v]|\\\r?\n)*")
#: The construct a line with an ERROR or MISSING node holds, first match wins.
CONSTRUCTS = (
    ("__launch_bounds__ renamed by the corpus generator", re.compile(r"__launch_bounds___\d")),
    ("preprocessor directive", re.compile(r"^\s*#")),
    ("lambda with __device__ or a macro", re.compile(r"\[[^\]]*\]\s*(?:__\w+__|[A-Z_]{3,})")),
    ("<<< >>> launch", re.compile(r"<<<")),
    ("__align__ and other CUDA attributes", re.compile(r"__(?:align|cluster_dims|maxnreg)__")),
    ("macro in a declaration", re.compile(r"\b[A-Z_][A-Z0-9_]+\b")),
    ("template", re.compile(r"\btemplate\b|<[\w\s:,*&]*>")),
)
#: Words before "(" that call nothing.
# fmt: off
_NOT_CALLS = frozenset({
    "if", "for", "while", "switch", "return", "sizeof", "catch", "alignof", "decltype",
    "defined", "__launch_bounds__", "__align__", "__attribute__", "__declspec", "alignas",
    "noexcept", "static_assert",
})
# fmt: on


def _parser():
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_cuda.language()))


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="surrogateescape")


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def leaves(tree, data: bytes) -> list[tuple[str, str, int]]:
    """(type, text, start byte) of each leaf of TREE in order, ATOMIC nodes whole."""
    found = []
    cursor = tree.walk()
    while True:
        node = cursor.node
        if node.type in ATOMIC or not cursor.goto_first_child():
            start, end = node.start_byte, node.end_byte
            found.append((node.type, data[start:end].decode("utf-8", "surrogateescape"), start))
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    return found


def _work(mode: str, parser):
    if mode == "lexer":
        return tokenize
    if mode == "lexer code":
        return tokenize_code
    if mode == "ts parse":
        return lambda text: parser.parse(_encode(text))
    if mode == "ts tokens":
        return lambda text: leaves(parser.parse(data := _encode(text)), data)
    return lambda text: ()  # "none": reading the files only


def measure(mode: str, paths: list[Path], passes: int) -> dict:
    """In a child process: the memory of MODE's results for PATHS and its fastest pass."""
    texts = [_read(path) for path in paths]
    work = _work(mode, _parser())
    work("__global__ void warm(int *p) { p[0] = 1; }")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kept = [work(text) for text in texts]
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    if mode == "ts parse":
        items = sum(tree.root_node.descendant_count for tree in kept)
    else:
        items = sum(len(one) for one in kept)
    del kept
    cpu = wall = float("inf")
    for _ in range(passes):
        started, clock = time.process_time(), time.perf_counter()
        for text in texts:
            work(text)
        cpu = min(cpu, time.process_time() - started)
        wall = min(wall, time.perf_counter() - clock)
    return {"cpu": cpu, "wall": wall, "grown_kib": grown, "items": items}


def _child(mode: str, listing: Path, passes: int = 3, instructions: bool = False) -> dict:
    command = [sys.executable, __file__, "--measure", mode, "--files", str(listing)]
    command += ["--passes", str(passes)]
    if instructions:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    answer = subprocess.run(command, check=True, capture_output=True, text=True)
    result = json.loads(answer.stdout.strip().splitlines()[-1])
    if instructions:
        result["instructions"] = int(re.findall(r"Collected : (\d+)", answer.stderr)[-1])
    return result


def corpora(scratch: Path) -> dict[str, list[Path]]:
    """The three corpora; the large files are written under SCRATCH."""
    from bench_real_code import LARGE, _sources, make_tree  # the tree `make bench` builds

    realistic = sorted(p for p in (ROOT / "tests/realistic").rglob("*") if p.suffix in SUFFIXES)
    cases = sorted(p for p in (ROOT / "tests/translator/cases").rglob("*") if p.suffix in SUFFIXES)
    make_tree(scratch / "tree", copies=1, seed=1)
    large = [p for p in _sources(scratch / "tree") if p.stat().st_size > LARGE]
    # bench_hazards.py's large file: each labelled file fifteen times, in namespaces
    labelled = [p.read_bytes() for p in sorted((ROOT / "tests/translator/labelled").glob("*.cu"))]
    joined = scratch / "hazards_large.cu"
    copies = (b"namespace copy%d {\n%s\n}\n" % (i, data) for i in range(15) for data in labelled)
    joined.write_bytes(b"".join(copies))
    return {"realistic": realistic, "cases": cases, "large": [*large, joined]}


def _megabytes(paths: list[Path]) -> float:
    return sum(p.stat().st_size for p in paths) / 1e6


def _name(path: Path) -> str:
    if path.is_relative_to(ROOT):
        return str(path.relative_to(ROOT))
    return f"<{path.parent.parent.name}/{path.parent.name}/{path.name}>"


def _char_offsets(text: str, data: bytes):
    """A function from byte offsets of DATA to character offsets of TEXT."""
    if len(text) == len(data):
        return int
    table = []
    for index, char in enumerate(text):
        table += [index] * len(_encode(char))
    table.append(len(text))
    return table.__getitem__


def report_speed(paths: list[Path], listing: Path, rounds: int) -> None:
    runs = collections.defaultdict(list)
    for _ in range(rounds):  # the modes take turns: the machine's speed drifts
        for mode in MODES:
            runs[mode].append(_child(mode, listing))
    megabytes = _megabytes(paths)
    for mode in MODES:
        cpu, wall = min(r["cpu"] for r in runs[mode]), min(r["wall"] for r in runs[mode])
        kept = max(r["grown_kib"] for r in runs[mode]) / 1024
        # below a megabyte, the results fit in what the imports freed: maxrss does not grow
        memory = f", kept {kept:5.1f} MiB ({kept / megabytes:4.1f} per MB)" if megabytes > 1 else ""
        unit = "nodes" if mode == "ts parse" else "tokens"
        print(
            f"  {mode:10s} {megabytes / cpu:6.2f} MB/s per CPU second, {megabytes / wall:6.2f} "
            f"wall, {runs[mode][0]['items'] / megabytes / 1000:4.0f}k {unit}/MB{memory}"
        )


def report_instructions(paths: list[Path], listing: Path) -> None:
    base = _child("none", listing, passes=0, instructions=True)["instructions"]
    megabytes = _megabytes(paths)
    for mode in MODES:
        added = _child(mode, listing, passes=0, instructions=True)["instructions"] - base
        print(f"  {mode:10s} {added / megabytes / 1e6:8.1f} M instructions per MB")


def _problems(tree) -> list:
    """The ERROR and MISSING nodes of TREE (a MISSING node is a leaf)."""
    found, stack = [], [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            found.append(node)
        if node.has_error and not node.is_missing:
            stack.extend(node.children)
    return found


def report_errors(name: str, paths: list[Path], parser, examples: int) -> None:
    errors = missing = broken = 0
    sites: dict[str, list[str]] = collections.defaultdict(list)
    worst = (0, "")
    for path in paths:
        data = path.read_bytes()
        problems = _problems(parser.parse(data))
        if not problems:
            continue
        broken += 1
        errors += sum(1 for node in problems if node.is_error)
        missing += sum(1 for node in problems if node.is_missing)
        worst = max(worst, (len(problems), _name(path)))
        lines = data.split(b"\n")
        for row in sorted({node.start_point[0] for node in problems}):
            line = lines[row].decode("utf-8", "replace").strip()
            kind = next((k for k, pattern in CONSTRUCTS if pattern.search(line)), "other")
            sites[kind].append(f"{_name(path)}:{row + 1}: {line[:80]}")
    print(
        f"{name}: {broken} of {len(paths)} files ({100 * broken / len(paths):.0f}%) have ERROR "
        f"or MISSING nodes: {errors} ERROR, {missing} MISSING; most in one file: {worst[0]} "
        f"({worst[1]}). Lines with one, by construct:"
    )
    for kind, found in sorted(sites.items(), key=lambda item: -len(item[1])):
        print(f"  {len(found):4d}  {kind}")
        for example in found[:examples]:
            print(f"          {example}")


def report_round_trip(name: str, paths: list[Path], parser, examples: int) -> None:
    """Whether the leaves cover the file (only blanks between them), and how many of the
    lexer's code tokens are exactly one leaf."""
    lossless = out_of_order = gap_bytes = empty = tokens = same = 0
    gaps: list[str] = []
    differing: collections.Counter = collections.Counter()
    for path in paths:
        text = _read(path)
        data = _encode(text)
        char_at = _char_offsets(text, data)
        position, clean = 0, True
        kinds: dict[tuple[int, int], str] = {}  # character span of each leaf: its type
        for kind, leaf, start in leaves(parser.parse(data), data):
            end = start + len(_encode(leaf))
            empty += start == end
            if start < position:
                out_of_order += 1
                clean = False
                continue
            gap = data[position:start].decode("utf-8", "surrogateescape")
            if not _BLANK.fullmatch(gap):
                clean = False
                gap_bytes += start - position
                gaps.append(f"{_name(path)}: {gap.strip()[:60]!r} before {kind}")
            kinds[char_at(start), char_at(end)] = kind
            position = end
        tail = data[position:].decode("utf-8", "surrogateescape")
        lossless += clean and _BLANK.fullmatch(tail) is not None
        spans = sorted(kinds)
        for token in tokenize_code(text):
            tokens += 1
            if (token.start, token.end) in kinds:
                same += 1
                continue
            at = bisect.bisect_right(spans, (token.start, len(text) + 1)) - 1
            inside = kinds[spans[at]] if at >= 0 and spans[at][1] > token.start else "no leaf"
            differing[f"{token.kind} {token.text[:12]!r} in {inside}"] += 1
    print(
        f"{name}: leaves round-trip (in order, only blanks between) in {lossless} of "
        f"{len(paths)} files; {out_of_order} leaves out of order, {gap_bytes} bytes of code "
        f"between leaves, {empty} empty (MISSING) leaves"
    )
    for gap in gaps[:examples]:
        print(f"  gap: {gap}")
    print(
        f"  lexer code tokens that are one leaf: {same:,} of {tokens:,} "
        f"({100 * same / max(1, tokens):.1f}%); the most frequent others:"
    )
    for key, count in differing.most_common(6):
        print(f"    {count:6d}  {key}")


def _nodes(tree, types: tuple[str, ...]):
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type in types:
            yield node


def _tree_functions(tree, char_at) -> dict[int, tuple[str, str]]:
    """{body's "{" offset: (name, node type)} of the function definitions and lambdas."""
    found = {}
    for node in _nodes(tree, ("function_definition", "lambda_expression")):
        body = node.child_by_field_name("body")
        if body is not None and body.type == "compound_statement":
            name = "<lambda>" if node.type == "lambda_expression" else _function_name(node)
            found[char_at(body.start_byte)] = (name, node.type)
    return found


def _function_name(node) -> str:
    """The name a function definition declares, without its class or namespace."""
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        inner = declarator.child_by_field_name("declarator")  # (*f), &f: the last child
        declarator = inner if inner is not None else (declarator.named_children or [None])[-1]
    if declarator is None:
        return "?"
    return declarator.child_by_field_name("declarator").text.decode().split("::")[-1]


def _callee(node):
    """The name leaf of a call's function: f, a.f, ns::f, f<T>."""
    while node is not None and node.type not in ("identifier", "field_identifier"):
        node = node.child_by_field_name("field" if node.type == "field_expression" else "name")
    return node


def _tree_calls(tree, char_at) -> dict[int, tuple]:
    """{name offset: (argument spans, how the callee was written)} of the calls of TREE."""
    found = {}
    for node in _nodes(tree, ("call_expression",)):
        function = node.child_by_field_name("function")
        name, listed = _callee(function), node.child_by_field_name("arguments")
        if name is not None and listed is not None and listed.type == "argument_list":
            spans = tuple(
                (char_at(a.start_byte), char_at(a.end_byte))
                for a in listed.named_children
                if a.type != "comment"
            )
            launch = any(c.type == "kernel_call_syntax" for c in node.children)
            found[char_at(name.start_byte)] = (spans, "launch" if launch else function.type)
    return found


def _token_calls(text: str, path: Path) -> dict[int, tuple]:
    from translator.source.scan import Regions
    from translator.source.syntax import ClosedCalls, call_at

    closed = ClosedCalls(text, Regions(text))
    found = {}
    for token in tokenize_code(text):
        if token.kind == "ident" and token.text not in _NOT_CALLS:
            call = call_at(text, token.start, token.end, closed)
            if call is not None:
                found[token.start] = (tuple((a.start, a.end) for a in call.arguments if a.text),)
    return found


def _token_functions(text: str, path: Path) -> dict[int, tuple[str, str]]:
    from translator.analysis.facts import facts_of
    from translator.options import Options
    from translator.unit import Unit

    functions = facts_of(Unit(text, Options(use_clang=False), str(path))).functions
    return {f.body_start: (f.name, f.target) for f in functions}


def _best_cpu(function, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


def _place(path: Path, text: str, offset: int) -> str:
    """path:line: the line's text, for character OFFSET of TEXT."""
    start = text.rfind("\n", 0, offset) + 1
    line = text[start:].split("\n", 1)[0].strip()
    return f"{_name(path)}:{text.count(chr(10), 0, offset) + 1}: {line[:70]}"


def _where(tree, text: str, offset: int) -> str:
    """What the tree has at character OFFSET of TEXT: the leaf's parent and the leaf."""
    at = len(_encode(text[:offset]))
    leaf = tree.root_node.descendant_for_byte_range(at, at + 1)
    return f"{leaf.parent.type if leaf.parent else '-'} > {leaf.type}"


def report_helper(name, helper, ours, theirs, paths, parser, rounds, examples) -> None:
    """OURS against THEIRS (each {offset: (compared value, ...)}) on every file of PATHS."""
    texts = [(path, _read(path)) for path in paths]
    both = agree = 0
    one_sided = {"tokens only": collections.Counter(), "tree only": collections.Counter()}
    example: dict[str, str] = {}  # the first place of each kind of one-sided finding
    shown = []
    for path, text in texts:
        data = _encode(text)
        tree = parser.parse(data)
        mine, found = ours(text, path), theirs(tree, _char_offsets(text, data))
        for offset in sorted(mine.keys() & found.keys()):
            both += 1
            agree += mine[offset][0] == found[offset][0]
            if mine[offset][0] != found[offset][0] and len(shown) < examples:
                shown.append(
                    f"{_place(path, text, offset)}: tokens {mine[offset][0]}, "
                    f"tree {found[offset][0]}"
                )
        for side, offsets in (
            ("tokens only", mine.keys() - found.keys()),
            ("tree only", found.keys() - mine.keys()),
        ):
            for offset in sorted(offsets):
                kind = _where(tree, text, offset) if side == "tokens only" else found[offset][1]
                one_sided[side][kind] += 1
                example.setdefault(f"{side} {kind}", _place(path, text, offset))
    same = "the same argument spans" if helper == "calls" else "the same name"
    print(
        f"{name}, {helper}: both {both:,} ({agree:,} with {same}), tokens only "
        f"{one_sided['tokens only'].total():,}, tree only {one_sided['tree only'].total():,}"
    )
    for line in shown:
        print(f"    {line}")
    for side, kinds in one_sided.items():
        for kind, count in kinds.most_common(examples + 2):
            print(f"    {side}, {kind} ({count}), e.g. {example[f'{side} {kind}']}")

    def tree_pass():
        for _, text in texts:
            data = _encode(text)
            theirs(parser.parse(data), _char_offsets(text, data))

    mine_cpu = _best_cpu(lambda: [ours(text, path) for path, text in texts], rounds)
    tree_cpu = _best_cpu(tree_pass, rounds)
    megabytes = _megabytes(paths)
    print(
        f"    CPU: tokens {megabytes / mine_cpu:.2f} MB/s, tree-sitter (parse included) "
        f"{megabytes / tree_cpu:.2f} MB/s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--examples", type=int, default=2)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--measure", choices=[*MODES, "none"], help=argparse.SUPPRESS)
    parser.add_argument("--files", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--passes", type=int, default=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if tree_sitter is None:
        print(INSTALL)
        return 0
    if args.measure:  # a child: one mode over one corpus, one line of JSON
        paths = [Path(line) for line in args.files.read_text().splitlines()]
        print(json.dumps(measure(args.measure, paths, args.passes)))
        return 0
    from importlib.metadata import version

    from translator.source import tokens

    compiled = tokens.lex is not tokens.lex_with_pattern
    print(
        f"tree-sitter {version('tree-sitter')}, tree-sitter-cuda {version('tree-sitter-cuda')}; "
        f"lexer: {'compiled (_lexer.c)' if compiled else 'the pattern (no compiled lexer)'}"
    )
    ts_parser = _parser()
    with tempfile.TemporaryDirectory(prefix="rocport-bench-ts-") as folder:
        for name, paths in corpora(Path(folder)).items():
            listing = Path(folder) / f"{name}.txt"
            listing.write_text("".join(f"{p}\n" for p in paths))
            largest = max(p.stat().st_size for p in paths) / 1000
            print(
                f"\n== {name}: {len(paths)} files, {_megabytes(paths):.2f} MB "
                f"(largest {largest:.0f} KB)"
            )
            if args.instructions:
                report_instructions(paths, listing)
                continue
            report_speed(paths, listing, args.rounds)
            report_errors(name, paths, ts_parser, args.examples)
            report_round_trip(name, paths, ts_parser, args.examples)
            for helper, ours, theirs in (
                ("function definitions", _token_functions, _tree_functions),
                ("calls", _token_calls, _tree_calls),
            ):
                report_helper(
                    name, helper, ours, theirs, paths, ts_parser, args.rounds, args.examples
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
