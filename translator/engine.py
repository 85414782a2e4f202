"""translate(): run every enabled rule on one file, apply the edits, gather findings."""

from __future__ import annotations

import contextlib
import functools
import gc
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields

from translator.analysis import clang
from translator.analysis.facts import Facts, facts_of
from translator.analysis.hazard import outside_platform_branches
from translator.analysis.mentioned import SHARED_MENTIONS
from translator.analysis.parsed import parse_attempted, parse_error, parsed_of
from translator.analysis.protected_code import overlaps, protected_spans
from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit, apply_edits, line_map, without_overlaps
from translator.options import Options
from translator.rules import RULES, RULES_BY_CODE, Rule
from translator.rules.base import Findings
from translator.source.file_kinds import text_language
from translator.unit import Unit

__all__ = ["Result", "translate", "decode"]

logger = logging.getLogger(__name__)

_SUPPRESSION = re.compile(r"rocport:\s*ignore\[([A-Z0-9_, ]+)\]")
#: The rules whose fixes ``--fix-hazards`` applies (``Rule.safe_fixes``).
_SAFE_FIX_CODES = frozenset(rule.code for rule in RULES if rule.safe_fixes)


@dataclass
class Result:
    """The translated text and everything learned on the way."""

    source: str
    original: str
    path: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    usages: list[Usage] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    #: For each output line (index 0 is line 1), the original line it came from.
    line_map: list[int] = field(default_factory=list)
    #: False when the input was not valid UTF-8 (bytes are kept through surrogateescape).
    utf8: bool = True
    #: How far rules could see: "types" (clang parsed the file without an error),
    #: "tokens" (a rule asked for types but the parse failed or clang was unavailable:
    #: ``analysis_error`` says why) or "" (no rule needed types).
    analysis: str = ""
    analysis_error: str = ""

    @property
    def changed(self) -> bool:
        return self.source != self.original

    def encode(self) -> bytes:
        """The output as bytes; undecodable input bytes come back unchanged."""
        return self.source.encode("utf-8", "surrogateescape")

    def __reduce__(self) -> tuple:
        # Usages and edits as plain tuples: a named tuple pickles through its class, ten
        # times slower, and a process pool sends a tree's hundred thousand of them back.
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["usages"] = [tuple(usage) for usage in self.usages]
        values["edits"] = [tuple(edit) for edit in self.edits]
        return _unpickled_result, (values,)

    @property
    def unsupported(self) -> list[Usage]:
        return [usage for usage in self.usages if not usage.converted]


def _unpickled_result(values: dict) -> Result:
    values["usages"] = list(map(Usage._make, values["usages"]))
    values["edits"] = list(map(Edit._make, values["edits"]))
    return Result(**values)


def decode(data: bytes) -> tuple[str, bool]:
    """Decode file bytes losslessly: (text, True) for UTF-8, else surrogate-escaped text."""
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        return data.decode("utf-8", "surrogateescape"), False


def translate(source: str | bytes, options: Options | None = None, path: str = "", *,
              stubs: clang.StubCache | None = None) -> Result:
    """Translate one CUDA file to HIP. STUBS is where clang's precompiled stubs are
    found or built (default: in this process, kept nowhere).

    Never raises for bad input: undecodable bytes, unbalanced code or parse failures
    become diagnostics. Raises TypeError for a SOURCE that is neither str nor bytes.
    """
    with collector_paused():
        return _translate(source, options or Options(), path, stubs)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a file is translated: its millions of
    tokens made it run thousands of times per tree, each full pass over every live
    token (an eighth of a token-only run). A translation leaves no cycles to collect
    (``Unit.release``); what refcounting does not free waits for the next pass.
    ``migrate_tree`` pauses it for a whole tree too, whose results it holds."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _translate(source: str | bytes, options: Options, path: str,
               stubs: clang.StubCache | None) -> Result:
    unit, utf8, diagnostics = _begin(source, options, path, stubs)
    edits: list[Edit] = []
    usages: list[Usage] = []
    for rule in _enabled_rules(options, unit.language):
        _run_rule(rule, unit, edits, diagnostics, usages)
    usages, diagnostics = _first_per_offset(usages, diagnostics)
    if options.skips_excluded_blocks and unit.inactive:
        edits, diagnostics, usages = _active_only(unit, edits, diagnostics, usages)
    protected = protected_spans(unit)
    if protected:
        edits, diagnostics, usages = _unprotected(protected, edits, diagnostics, usages)
    if parse_attempted(unit) and parsed_of(unit) is not None:
        diagnostics.extend(_parse_errors(unit))
    elif parse_attempted(unit) and parse_error(unit) and options.use_clang:
        diagnostics.append(
            Diagnostic("E001", f"semantic analysis unavailable: {parse_error(unit)}", offset=0,
                       severity=Severity.NOTE)
        )
    if options.fix_hazards:
        # A fix of text that a rewrite rule changed gives way silently: the rewrite
        # already did it (R401 widens the masks W410 would widen).
        rewrites = sorted(edit for edit in edits if not edit.fallback)
        fixes = [
            Edit(fix.start, fix.end, fix.text, diagnostic.code)
            for diagnostic in diagnostics
            if diagnostic.code in _SAFE_FIX_CODES
            for fix in diagnostic.fixes
            if not _suppressed(unit, diagnostic)
        ]
        edits.extend(without_overlaps(rewrites, sorted(fixes)))
    result = _finish(unit, utf8, edits, diagnostics, usages, **_analysis(unit))
    unit.release()
    return result


def _begin(source: str | bytes, options: Options, path: str,
           stubs: clang.StubCache | None = None) -> tuple[Unit, bool, list[Diagnostic]]:
    """The start of every file's translation: SOURCE's unit (bytes decoded losslessly),
    whether it was UTF-8, and the diagnostics so far (E004 when it was not)."""
    if isinstance(source, bytes):
        text, utf8 = decode(source)
    elif isinstance(source, str):
        text, utf8 = source, True
    else:
        raise TypeError(f"translate() takes str or bytes, not {type(source).__name__}")
    diagnostics = [] if utf8 else [Diagnostic("E004", _first_bad_byte(text), offset=0)]
    looked_for = _looked_for(options, text_language(path, text))
    return Unit(text, options, path, stubs=stubs, looked_for=looked_for), utf8, diagnostics


def _finish(unit: Unit, utf8: bool, edits: list[Edit], diagnostics: list[Diagnostic],
           usages: list[Usage], **analysis: str) -> Result:
    """The end of every file's translation: the edits applied (E002 for those that
    overlap), the findings located on the original text, the Result."""
    text = unit.source
    output, applied, rejected = apply_edits(text, edits)
    for edit in rejected:
        diagnostics.append(
            Diagnostic("E002", f"edit of {edit.code} at this place overlaps another rule's edit "
                       f"and was dropped (wanted {edit.text!r})", offset=edit.start)
        )
    # located in the order of their offsets, each counting the newlines from the one
    # before (Unit.location), then ordered by place as before
    in_text_order = sorted(range(len(diagnostics)), key=lambda i: diagnostics[i].offset)
    by_index = {i: _locate(unit, diagnostics[i]) for i in in_text_order}
    located = sorted((by_index[i] for i in range(len(diagnostics))),
                     key=lambda d: (d.line, d.column, d.code))
    return Result(source=output, original=text, path=unit.path, diagnostics=located,
                  usages=usages, edits=applied, line_map=line_map(text, applied, output),
                  utf8=utf8, **analysis)


def _first_per_offset(
    usages: list[Usage], diagnostics: list[Diagnostic]
) -> tuple[list[Usage], list[Diagnostic]]:
    """One usage per name occurrence: the first rule (in RULES order) that saw it wins.

    A later rule's complaint about a name that an earlier rule converted (a call
    rewrite of a name the table calls unsupported) is dropped with its usage.
    """
    kept: dict[int, Usage] = {}
    superseded: set[tuple[str, int]] = set()
    setdefault = kept.setdefault
    for usage in usages:
        first = setdefault(usage.offset, usage)
        if first is not usage and first.converted and not usage.converted:
            superseded.add((usage.code, usage.offset))
    if len(kept) == len(usages):
        return usages, diagnostics
    if superseded:
        diagnostics = [d for d in diagnostics if (d.code, d.offset) not in superseded]
    return list(kept.values()), diagnostics


def _unprotected(protected, edits, diagnostics, usages):
    """Drop what rules found in code the project already wrote for HIP (HIP branches and
    their CUDA alternatives, its own definitions of CUDA names, blocks kept off on HIP:
    translator/analysis/protected_code.py); R004 and engine errors stay."""
    return (
        [e for e in edits if not overlaps(protected, e.start, e.end)],
        [d for d in diagnostics if d.code == "R004" or d.code.startswith("E")
         or d.offset not in protected],
        [u for u in usages if u.offset not in protected],
    )


def _active_only(unit: Unit, edits, diagnostics, usages):
    """Drop what rules found in preprocessor branches that are not taken."""
    inactive = unit.inactive
    return (
        [e for e in edits if e.start not in inactive],
        [d for d in diagnostics if d.code.startswith(("E", "W")) or d.offset not in inactive],
        [u for u in usages if u.offset not in inactive],
    )


@functools.lru_cache(maxsize=256)
def _enabled_rules(options: Options, language: str) -> tuple[Rule, ...]:
    """The rules OPTIONS select for a file in LANGUAGE, in RULES order (cached: a tree
    migration asks per file). translate() is the C++ engine: every rule that reads
    ``c++`` runs on whatever text it is given, and the rules of the file's own language
    (a CMakeLists.txt given on the command line) run too."""
    return tuple(rule for rule in RULES if options.rule_enabled(rule.code)
                 and ("c++" in rule.languages or language in rule.languages))


#: The texts the engine itself tests with ``Unit.mentions``: suppression comments.
_ENGINE_MENTIONS = ("rocport:",)


@functools.lru_cache(maxsize=256)
def _looked_for(options: Options, language: str) -> tuple[str, ...]:
    """Every text a file in LANGUAGE may be asked about (``Unit.looked_for``): the
    engine's, the analysis helpers' and those of the rules OPTIONS select."""
    declared = [_ENGINE_MENTIONS, SHARED_MENTIONS,
                *(rule.mentions for rule in _enabled_rules(options, language))]
    return tuple(dict.fromkeys(text for texts in declared for text in texts))


def _run_rule(
    rule: Rule, unit: Unit, edits: list[Edit], diagnostics: list[Diagnostic], usages: list[Usage]
) -> None:
    check = rule.check
    assert check is not None  # only RULES get here, and each of them has a check
    try:
        found = check(unit)
        if rule.silent_in_platform_branches:
            found = list(found)  # most rules find nothing in most files: no filter then
            if found:
                found = list(outside_platform_branches(unit, found))
        elif type(found) is not Findings:
            found = list(found)  # run a generator's checks inside the try
    except MemoryError:
        raise  # not a rule's bug: the file is too big for the job's memory, which ends it
    except Exception as error:  # noqa: BLE001 - any rule bug, see below
        # A rule bug must cost only that rule's findings, whatever it raised (an
        # assertion, a division by zero, a libclang binding's error): report it as data
        # and go on with the other rules. The traceback goes to the log once.
        logger.exception("rule %s failed on %s", rule.code, unit.path or "<text>")
        diagnostics.append(
            Diagnostic("E003", f"rule {rule.code} {rule.name} failed: {error!r}", offset=0,
                       severity=Severity.ERROR)
        )
        return
    if type(found) is Findings:  # sorted by kind already, codes filled in
        edits.extend(found.edits)
        usages.extend(found.usages)
        diagnostics.extend(found.diagnostics)
        return
    add_edit, add_usage, add_diagnostic = edits.append, usages.append, diagnostics.append
    for item in found:
        if type(item) is Edit:
            add_edit(item if item.code else item._replace(code=rule.code))
        elif type(item) is Usage:
            add_usage(item if item.code else item._replace(code=rule.code))
        elif isinstance(item, Edit):
            add_edit(item)
        elif isinstance(item, Usage):
            add_usage(item)
        else:
            add_diagnostic(item)


def _analysis(unit: Unit) -> dict[str, str]:
    """Result.analysis and analysis_error: whether the rules that asked had types. An
    error of clang spoils its answers in the function that holds it only: the file is
    analysed with types unless a rule asked there (``Facts.typed_at``)."""
    if not parse_attempted(unit):
        return {}
    parsed = parsed_of(unit)
    if parsed is None:
        return {"analysis": "tokens", "analysis_error": parse_error(unit)}
    untyped = facts_of(unit).untyped_at if unit.known(Facts) else None
    if untyped is None:
        return {"analysis": "types"}
    line = unit.location(untyped).line
    # the error clang gave in the function (or statement) that asked
    errors = [m for m in parsed.errors if m.in_main_file]
    first = min(errors, key=lambda m: abs(m.line - line)) if errors else None
    where = f"line {first.line}: " if first is not None else ""
    return {"analysis": "tokens",
            "analysis_error": where + (first.message if first is not None else "")}


def _parse_errors(unit: Unit) -> Iterable[Diagnostic]:
    """One E001 note for a file clang reported errors in: the first of them, how many
    functions it could not analyse, and the headers it did not find (named once)."""
    parsed = parsed_of(unit)
    assert parsed is not None  # asked only when clang parsed the file
    errors = [m for m in parsed.errors if m.in_main_file] or list(parsed.errors)
    if not errors:
        return []
    first = errors[0]
    more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
    line = first.line if first.in_main_file else 1
    column = first.column if first.in_main_file else 1
    offset = unit.line_starts[min(line, len(unit.line_starts)) - 1] + column - 1
    missing = [m.message.split(": ", 1)[1] for m in parsed.messages
               if m.message.startswith(clang.MISSING_HEADERS)]
    spoiled = _functions_with_errors(parsed)
    scope = (f"; {spoiled} of {len(parsed.functions)} functions analysed with tokens"
             if spoiled else "")
    headers = f"; headers not found, read as empty: {missing[0]}" if missing else ""
    return [
        Diagnostic("E001", f"clang: {first.message}{more}{scope}{headers}",
                   offset=min(offset, len(unit.source)), severity=Severity.NOTE)
    ]


def _functions_with_errors(parsed: clang.ParseResult) -> int:
    lines = {m.line for m in parsed.errors if m.in_main_file}
    return sum(1 for f in parsed.functions
               if f.node is not None and any(f.node.line <= line <= f.node.end_line
                                             for line in lines))


def _locate(unit: Unit, diagnostic: Diagnostic) -> Diagnostic:
    """Fill in line, column, path, category, name and suppression from the rule registry."""
    offset = min(max(diagnostic.offset, 0), len(unit.source))
    line, column = (
        (diagnostic.line, diagnostic.column) if diagnostic.line else unit.location(offset)
    )
    rule = RULES_BY_CODE.get(diagnostic.code)
    name, category = (rule.name, rule.category) if rule is not None else ("", "")
    # Built directly (not with dataclasses.replace): this runs for every finding.
    return Diagnostic(
        diagnostic.code, diagnostic.message, line, column, diagnostic.severity,
        diagnostic.category or category, diagnostic.name or name, diagnostic.help,
        diagnostic.path or unit.path, offset, diagnostic.fixes,
        _suppressed(unit, diagnostic, line),
    )


def _suppressed(unit: Unit, diagnostic: Diagnostic, line: int = 0) -> bool:
    """``// rocport: ignore[CODE]`` (or ``ignore[ALL]``) on the finding's line (LINE when
    the caller knows it)."""
    if not unit.fact(_has_suppressions):
        return False
    line = line or diagnostic.line or unit.location(max(diagnostic.offset, 0)).line
    starts = unit.line_starts
    end = starts[line] if line < len(starts) else len(unit.source)
    text = unit.source[starts[line - 1] : end]
    for match in _SUPPRESSION.finditer(text):
        codes = {code.strip() for code in match.group(1).split(",")}
        if diagnostic.code in codes or "ALL" in codes:
            return True
    return False


def _has_suppressions(unit: Unit) -> bool:
    return unit.mentions("rocport:")


def _first_bad_byte(text: str) -> str:
    for index, char in enumerate(text):
        if "\udc80" <= char <= "\udcff":
            line = text.count("\n", 0, index) + 1
            return (
                f"not valid UTF-8 (first bad byte 0x{ord(char) - 0xDC00:02x} on line {line}); "
                "the bytes were kept as they are"
            )
    return "not valid UTF-8; the bytes were kept as they are"
