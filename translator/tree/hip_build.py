"""Whether a repository already builds for HIP, found once for a whole tree.

Many CUDA projects carry their own ROCm build: a HIP option in CMake (``option(FOO_USE_HIP
...)``, ``enable_language(HIP)``, ``hip::device`` targets), a HIP branch in a Makefile
(``ifeq ($(USE_HIP),1)`` with ``hipcc`` and ``-DUSE_ROCM``) or a vendor header of
``#define cudaXxx hipXxx`` lines. ``detect_hip_build`` finds that evidence, and the
macros the build defines only in its HIP configuration (``add_compile_definitions``,
``add_definitions(-D...)``, ``target_compile_definitions`` inside ``if(...HIP...)``;
``-D`` flags inside a HIP branch of a Makefile). Those macros reach the rules through
``Options.tree.hip_macros``: conditions on them mark the project's HIP branches
(``translator/analysis/hip_guards.py``), which rocport leaves as written.

Limits: no CMake or make evaluation; a condition counts as a HIP one when it names
``HIP`` or ``ROCM`` as a word (``FOO_USE_HIP``, ``CMAKE_HIP_COMPILER``,
``GPU_BACKEND STREQUAL "HIP"``), and ``NOT``/``ifndef`` turns it into a CUDA one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["HipBuild", "detect_hip_build", "reads_file"]

_HIP_WORD = re.compile(r"(?<![A-Za-z])(?:HIP|ROCM|ROCm|hip|rocm)(?![A-Za-z])")
_CMAKE_COMMAND = re.compile(r"^[ \t]*([A-Za-z_]\w*)[ \t]*\(([^()]*(?:\([^()]*\)[^()]*)*)\)",
                            re.M)
_CMAKE_COMMENT = re.compile(r"#[^\n]*")
_CMAKE_HIP_BUILD = re.compile(
    r"enable_language|project|find_package|hip_add_executable|hip_add_library"
    r"|set_source_files_properties|target_link_libraries", re.I)
_CMAKE_HIP_VALUE = re.compile(r"(?<![\w-])(?:HIP|hip|hip::host|hip::device|hip::amdhip64"
                              r"|roc::\w+|hip-lang)(?![\w-])")
_MACRO = re.compile(r"^[A-Za-z_]\w*$")
_DEFINE_FLAG = re.compile(r"(?<![\w-])-D([A-Za-z_]\w*)(?:=(?P<value>[^\s\\]*))?")
_MAKE_CONDITION = re.compile(r"^[ \t]*(ifeq|ifneq|ifdef|ifndef|else|endif)\b(.*)$", re.M)
_VENDOR_LINE = re.compile(
    r"^[ \t]*#[ \t]*define[ \t]+(?:cu[A-Za-z]\w*|CU\w+|__\w+_sync)\b(?:\([^)\n]*\))?[ \t]+"
    r"(?:hip\w+|HIP\w+|__\w+)", re.M)
_REVERSE_VENDOR_LINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+hip[A-Z]\w*[ \t]+cu[a-zA-Z]\w*",
                                  re.M)
_VENDOR_MINIMUM = 3
_C_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".cu", ".cpp", ".cc", ".cxx", ".hip")


@dataclass(frozen=True)
class HipBuild:
    """What shows that a tree builds for HIP already, and its HIP-only macros."""

    #: One line per piece of evidence: ``"CMakeLists.txt: option FOO_USE_HIP"``.
    evidence: tuple[str, ...] = ()
    #: Macros its build defines only for the HIP build (sorted).
    macros: tuple[str, ...] = ()
    #: C/C++ files that map CUDA names to HIP ones with #define lines.
    vendor_headers: tuple[str, ...] = ()
    #: The macros the project's ROCm build must define (sorted): the build switches its
    #: sources test (``USE_ROCM``, ``FOO_USE_HIP``) and its build's HIP-only macros. The
    #: compile check defines them (the report's ``hip_build.switches``).
    switches: tuple[str, ...] = ()
    #: Those of MACROS the build defines with a value other than 1 (``SM_TARGET=gfx942``,
    #: ``WAVE=64``): settings, not switches; the compile check never defines them bare,
    #: which would give them the value 1 and override the build's own (sorted).
    valued: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.evidence)


def reads_file(path: str) -> bool:
    """Whether ``detect_hip_build`` looks at the file at PATH (by its name): the other
    files of a tree need not be passed to it."""
    name = path.rsplit("/", 1)[-1]
    return (name in ("CMakeLists.txt", "Makefile", "makefile", "GNUmakefile")
            or name.endswith((".cmake", ".mk", *_C_SUFFIXES)))


def detect_hip_build(files: Iterable[tuple[str, bytes]]) -> HipBuild:
    """The HIP build of a tree whose FILES are (tree-relative path, content) pairs."""
    evidence: list[str] = []
    macros: set[str] = set()
    valued: set[str] = set()
    vendors: list[str] = []
    for path, data in sorted(files):
        name = path.rsplit("/", 1)[-1]
        if not reads_file(path):
            continue
        if name == "CMakeLists.txt" or name.endswith(".cmake"):
            _cmake(path, data.decode("utf-8", "replace"), evidence, macros, valued)
        elif name in ("Makefile", "makefile", "GNUmakefile") or name.endswith(".mk"):
            _makefile(path, data.decode("utf-8", "replace"), evidence, macros, valued)
        elif (name.endswith(_C_SUFFIXES) and b"define" in data  # both patterns need it
              and b"hip" in data.lower()):
            # the patterns match within a line that says "define": searched alone, those
            # lines cost the line-anchored patterns a small part of the whole text's time
            text = "\n".join(line for line in data.decode("utf-8", "replace").split("\n")
                             if "define" in line)
            lines = len(_VENDOR_LINE.findall(text)) + len(_REVERSE_VENDOR_LINE.findall(text))
            if lines >= _VENDOR_MINIMUM:
                vendors.append(path)
                evidence.append(f"{path}: vendor header ({lines} #define lines mapping CUDA "
                                "and HIP names)")
    return HipBuild(tuple(evidence), tuple(sorted(macros)), tuple(vendors),
                    valued=tuple(sorted(valued)))


def _cmake(path: str, text: str, evidence: list[str], macros: set[str],
           valued: set[str]) -> None:
    text = _CMAKE_COMMENT.sub("", text)
    # Each frame: is the current branch a HIP one (True), a CUDA one (False) or neither.
    stack: list[bool | None] = []
    found: list[str] = []
    for match in _CMAKE_COMMAND.finditer(text):
        command, arguments = match.group(1).lower(), match.group(2)
        if command == "if":
            stack.append(_cmake_hip_condition(arguments))
        elif command == "elseif" and stack:
            stack[-1] = _cmake_hip_condition(arguments)
        elif command == "else" and stack:
            stack[-1] = None if stack[-1] is None else not stack[-1]
        elif command == "endif" and stack:
            stack.pop()
        elif command == "option":
            words = arguments.split()
            if words and _HIP_WORD.search(words[0]):
                found.append(f"option {words[0]}")
        elif _CMAKE_HIP_BUILD.fullmatch(command) and _CMAKE_HIP_VALUE.search(arguments):
            found.append(f"{command}({' '.join(arguments.split())[:60]})")
        elif command in ("add_compile_definitions", "add_definitions",
                         "target_compile_definitions") and True in stack:
            for name, value in _cmake_definitions(command, arguments):
                macros.add(name)
                if value not in (None, "1"):
                    valued.add(name)
    if found:
        evidence.append(f"{path}: " + "; ".join(dict.fromkeys(found)))


def _cmake_hip_condition(arguments: str) -> bool | None:
    if not _HIP_WORD.search(arguments):
        return None
    return not arguments.strip().upper().startswith("NOT ")


def _cmake_definitions(command: str, arguments: str) -> list[tuple[str, str | None]]:
    """(name, value or None) of each macro the command defines."""
    words = arguments.replace('"', " ").split()
    if command == "target_compile_definitions":
        words = words[1:]
    names = []
    for word in words:
        if word.upper() in ("PUBLIC", "PRIVATE", "INTERFACE"):
            continue
        name, equals, value = word.removeprefix("-D").partition("=")
        if _MACRO.match(name) and "$" not in name:
            names.append((name, value if equals else None))
    return names


def _makefile(path: str, text: str, evidence: list[str], macros: set[str],
              valued: set[str]) -> None:
    stack: list[bool | None] = []
    found: list[str] = []
    position = 0
    for match in _MAKE_CONDITION.finditer(text):
        if True in stack:
            for flag in _DEFINE_FLAG.finditer(text, position, match.start()):
                macros.add(flag.group(1))
                if flag.group("value") not in (None, "1"):
                    valued.add(flag.group(1))
        keyword, rest = match.group(1), match.group(2)
        if keyword in ("ifeq", "ifneq", "ifdef", "ifndef"):
            hip = _HIP_WORD.search(rest) is not None
            stack.append((keyword != "ifndef") if hip else None)
            if hip:
                found.append(f"{keyword}{rest.rstrip()}")
        elif keyword == "else" and stack:
            stack[-1] = None if stack[-1] is None else not stack[-1]
        elif keyword == "endif" and stack:
            stack.pop()
        position = match.end()
    if re.search(r"(?<![\w/-])hipcc(?![\w-])", text):
        found.append("hipcc")
    if found:
        evidence.append(f"{path}: HIP build ({'; '.join(dict.fromkeys(found))})")
