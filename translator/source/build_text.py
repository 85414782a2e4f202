"""Text helpers shared by the build-system rules (R5xx/W5xx): comments, CMake commands.


The CMake style produced is the one this repository can verify with CMake 3.25 and
Debian's HIP 5.2: ``find_package(hip)``, ``.cu`` sources compiled as ``CXX`` by ``hipcc``
(configure with ``CXX=hipcc``) and ``hip::device`` linked to every target; targets come
from ``GPU_TARGETS``. (CMake's own HIP language needs a ROCm layout that Debian's
multiarch packages do not have.)

Limits: comments are found with a simple ``#`` scan that respects quotes on one line;
CMake arguments built at configure time (``${VAR}`` lists, generator expressions) are
only renamed, never evaluated.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass

from translator.options import Options
from translator.source.file_kinds import BUILD_LANGUAGES, SCRIPT_LANGUAGES

__all__ = [
    "code_spans", "Command", "cmake_commands", "offload_arch_flags", "words",
    "hip_setup", "remove_argument", "environment_variables", "WARP_SYNC_DEFINE",
    "defines_warp_sync", "gpu_targets_set_before", "renamed_reference"]

#: Languages of the files that set or read environment variables: scripts, CI, builds.
ENVIRONMENT_LANGUAGES = BUILD_LANGUAGES | SCRIPT_LANGUAGES


def code_spans(text: str) -> Iterator[tuple[int, str]]:
    """(offset, text) of every line's code part: the line without its ``#`` comment."""
    offset = 0
    for line in text.split("\n"):
        quote = ""
        cut = len(line)
        for index, char in enumerate(line):
            if quote:
                if char == quote and line[index - 1] != "\\":
                    quote = ""
            elif char in "\"'":
                quote = char
            elif char == "#" and (index == 0 or line[index - 1] != "$"):
                cut = index
                break
        yield offset, line[:cut]
        offset += len(line) + 1


def environment_variables(text: str, language: str,
                          names: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """(offset, name) of every whole-word use of one of NAMES (all starting ``CUDA_``) in
    the code, not the comments, of TEXT, a script, CI or build file in LANGUAGE; nothing
    in other files."""
    if language not in ENVIRONMENT_LANGUAGES or "CUDA_" not in text:
        return
    pattern = _names_pattern(names)
    for offset, code in code_spans(text):
        for match in pattern.finditer(code):
            yield offset + match.start(), match.group()


@functools.cache
def _names_pattern(names: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"(?<![\w])(?:" + "|".join(names) + r")(?!\w)")


def words(text: str) -> Iterator[_Shifted]:
    """Whitespace-separated words of TEXT's code parts (match.start() is an offset in TEXT)."""
    for offset, code in code_spans(text):
        for match in re.finditer(r"\S+", code):
            yield _Shifted(match, offset)


class _Shifted:
    """A regex match moved by an offset, so callers see positions in the whole text."""

    def __init__(self, match: re.Match, offset: int) -> None:
        self._match, self._offset = match, offset

    def group(self, *names):
        return self._match.group(*names)

    def start(self, name=0) -> int:
        return self._match.start(name) + self._offset

    def end(self, name=0) -> int:
        return self._match.end(name) + self._offset


@dataclass(frozen=True)
class Argument:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Command:
    """One CMake command call: ``name(args)``; START..END covers the whole call."""

    name: str
    start: int
    end: int
    open: int  # offset of "("
    arguments: tuple[Argument, ...]

    @property
    def lowered(self) -> str:
        return self.name.lower()


_COMMAND_START = re.compile(r"(?m)^[ \t]*(?P<name>[A-Za-z_][A-Za-z0-9_]*)[ \t]*\(")
_ARGUMENT = re.compile(
    r'"(?:[^"\\]|\\.)*"|\[(?P<eq>=*)\[[\s\S]*?\](?P=eq)\]|#\[(?P<ceq>=*)\[[\s\S]*?\](?P=ceq)\]'
    r"|#[^\n]*|[()]|(?:[^\s()#\"\\]|\\.)+"
)


def cmake_commands(text: str) -> list[Command]:
    """Every command call in a CMake file, in order (nested parentheses are arguments)."""
    commands: list[Command] = []
    position = 0
    while True:
        match = _COMMAND_START.search(text, position)
        if match is None:
            return commands
        if _inside_comment_or_string(text, match.start("name")):
            position = match.end()
            continue
        depth, arguments, index = 1, [], match.end()
        for token in _ARGUMENT.finditer(text, match.end()):
            index = token.end()
            value = token.group()
            if value.startswith("#"):
                continue
            if value == "(":
                depth += 1
            elif value == ")":
                depth -= 1
                if depth == 0:
                    break
            if value not in ("(", ")"):
                arguments.append(Argument(value, token.start(), token.end()))
        commands.append(Command(match.group("name"), match.start("name"), index,
                                match.end() - 1, tuple(arguments)))
        position = index


def _inside_comment_or_string(text: str, offset: int) -> bool:
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    return "#" in before or before.count('"') % 2 == 1


def offload_arch_flags(options: Options) -> str:
    """``--offload-arch=gfx942`` (one flag per target in OPTIONS.offload_archs)."""
    return " ".join(f"--offload-arch={arch}" for arch in options.offload_archs or ("gfx942",))


def defines_warp_sync(options: Options) -> bool:
    """True when the migrated build must define WARP_SYNC_DEFINE: the tree calls ``*_sync``
    warp functions and keeps them (HIP before 6.2 gets the maskless forms instead, R401).
    ROCm 6.2 to 6.x declare those functions only with the macro defined before
    ``hip/hip_runtime.h``; ROCm 7 declares them anyway and ignores it."""
    version = options.hip_version
    return options.tree.warp_sync_calls and (version is None or tuple(version) >= (6, 2))


WARP_SYNC_DEFINE = "HIP_ENABLE_WARP_SYNC_BUILTINS"


_SETS_ARCHITECTURES = re.compile(r"(?im)^[ \t]*set[ \t]*\([ \t]*CMAKE_CUDA_ARCHITECTURES\b")
#: The commands after which a migrated CMake file has set GPU_TARGETS: R502's own set, and
#: the HIP setup R503 puts in place of the CUDA package ...
_SETS_GPU_TARGETS = re.compile(
    r"(?im)^[ \t]*(?:set[ \t]*\([ \t]*CMAKE_CUDA_ARCHITECTURES\b"
    r"|find_package[ \t]*\([ \t]*(?:CUDA|CUDAToolkit)\b)")
#: ... or R501 after the CUDA language, in a file that finds no GPU package.
_ENABLES_CUDA = re.compile(
    r"(?im)^[ \t]*(?:enable_language[ \t]*\([^)]*\bCUDA\b|project[ \t]*\([^)]*\bCUDA\b)")
FINDS_GPU = re.compile(r"(?i)find_package\s*\(\s*(?:CUDA|CUDAToolkit|hip)\b")


def renamed_reference(name: str, folder: str, options: Options) -> str:
    """NAME, a file named in FOLDER's build file, as it reads after the naming policy
    (``x.cu`` -> ``x.hip`` unless kept): R515 renames such references, R512 lists the
    renamed sources."""
    if options.naming != "hip" or not name.endswith(".cu"):
        return name
    if posixpath.normpath(posixpath.join(folder, name)) in options.tree.kept_names:
        return name
    return name[:-3] + ".hip"


def gpu_targets_set_before(text: str, offset: int) -> bool:
    """Whether the migrated TEXT has set GPU_TARGETS before OFFSET."""
    return _SETS_GPU_TARGETS.search(text, 0, offset) is not None or (
        _ENABLES_CUDA.search(text, 0, offset) is not None and not FINDS_GPU.search(text))


def hip_setup(options: Options, indent: str = "", text: str = "", offset: int = 0) -> str:
    """The CMake lines that make HIP available: GPU targets, ``hip``, ``hip::device``, and
    the warp-sync definition when ``defines_warp_sync(options)``.

    ``GPU_TARGETS`` is a cache entry set before ``find_package(hip)`` (which reads it), so
    ``-DGPU_TARGETS=...`` on the command line still wins. It is left out when TEXT sets
    ``CMAKE_CUDA_ARCHITECTURES`` before OFFSET: R502 turns that into the same entry.
    """
    targets = ";".join(options.offload_archs or ("gfx942",))
    lines = [f"{indent}find_package(hip REQUIRED)", f"{indent}link_libraries(hip::device)"]
    if not _SETS_ARCHITECTURES.search(text, 0, offset):
        lines.insert(0, f'{indent}set(GPU_TARGETS "{targets}" CACHE STRING '
                        '"AMD GPU targets to compile for")')
    setup = "\n".join(lines)
    if defines_warp_sync(options):
        setup += f"\n{indent}add_compile_definitions({WARP_SYNC_DEFINE})"
    return setup


def remove_argument(text: str, argument: Argument) -> tuple[int, int]:
    """The span that removes ARGUMENT and the blanks before it."""
    start = argument.start
    while start > 0 and text[start - 1] in " \t":
        start -= 1
    return start, argument.end
