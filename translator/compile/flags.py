"""The compile check's flags from a project's build, reduced to the safe ones.

Two sources, both untrusted input (a flag such as ``-B``, ``-fplugin``, ``-Xclang -load``
or ``--hip-path`` can make the compiler execute or read arbitrary files):

- ``safe_arguments``: one compile command of the project's real build (cmake's
  ``compile_commands.json``, ``make -n``; translator/compile/build_systems.py), kept in order
  minus what is unsafe or beside the point (output, linking, GPU targets);
- ``read_build_flags``: rocport's reader, the fallback when the real build could not
  run. It honours only flags that change what a unit means (include directories, macro
  definitions, the C++ standard) from the migrated ``CMakeLists.txt`` files
  (``include_directories``, ``target_include_directories``, ``add_definitions``,
  ``add_compile_definitions``, ``target_compile_definitions``, ``add_compile_options``,
  ``target_compile_options``, ``CMAKE_{CXX,CUDA,HIP}_STANDARD``,
  ``target_compile_features(... cxx_std_NN)``) and Makefiles (``-I``, ``-D``, ``-std=`` in
  variables and recipes, with simple variable expansion).

The nvcc flags that the build-file rules rewrite are another matter:
translator/source/nvcc_flags.py.

The reader takes one branch of each condition, as the build would on this Linux runner
with the project's defaults: ``ifeq``/``ifneq``/``ifdef``/``ifndef`` on the variables
assigned so far (command-line defaults ``?=`` included), CMake's ``if()`` on options'
defaults (an option named for HIP or ROCm on: the project's own HIP build), ``set()``
values and the platform (``UNIX``, not ``WIN32``/``APPLE``/``MSVC``); an unknown
variable is false, as in both. ``Flags.branches`` says what was decided.
``$<BUILD_INTERFACE:...>`` include folders are read; other generator expressions,
functions and unknown variables are skipped; flags apply to every unit in the build
file's folder and below (targets are not told apart).
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from translator.compile.build_config import HIP_SWITCH, hip_make_variables

__all__ = ["Flags", "filter_flags", "cmake_flags", "makefile_flags", "BUILD_FILE_NAMES",
           "SAFE_MACRO", "read_build_flags"]

BUILD_FILE_NAMES = ("CMakeLists.txt", "Makefile", "makefile", "GNUmakefile")
_PATH_FLAGS = {"-I": "include", "-isystem": "system", "-iquote": "include",
               "-idirafter": "system"}
_STD = re.compile(r"^--?std=(?P<std>(?:c|gnu)\+\+\w+)$")
SAFE_MACRO = re.compile(r"^[A-Za-z_]\w*(?:=.*)?$", re.S)


@dataclass
class Flags:
    """Flags with paths as given (relative to ``base`` or absolute)."""

    base: str = ""  # folder the relative paths are relative to (tree-relative)
    include_dirs: list[str] = field(default_factory=list)
    system_include_dirs: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    undefines: list[str] = field(default_factory=list)
    std: str | None = None
    ignored: list[str] = field(default_factory=list)
    #: The conditions the reader decided, for people: "ifeq ($(OS),Windows_NT): no".
    branches: list[str] = field(default_factory=list)


def filter_flags(arguments: list[str], flags: Flags) -> Flags:
    """Add the safe flags of ARGUMENTS (a tokenized command line) to FLAGS."""
    items = iter(arguments)
    for argument in items:
        matched = False
        for prefix, kind in _PATH_FLAGS.items():
            if argument == prefix or (argument.startswith(prefix) and prefix == "-I"):
                value = argument[len(prefix):] or next(items, "")
                if value:
                    target = flags.include_dirs if kind == "include" else flags.system_include_dirs
                    target.append(value)
                matched = True
                break
        if matched:
            continue
        if argument.startswith(("-D", "-U")):
            value = argument[2:] or next(items, "")
            if SAFE_MACRO.match(value):
                (flags.defines if argument.startswith("-D") else flags.undefines).append(value)
            continue
        std = _STD.match(argument)
        if std:
            flags.std = std.group("std")
        elif argument.startswith("-"):
            flags.ignored.append(argument)
    return flags


# --- CMake -------------------------------------------------------------------------------

_CMAKE_COMMAND = re.compile(r"\b(?P<name>[A-Za-z_]\w*)\s*\((?P<args>[^()]*)\)", re.S)
_CMAKE_COMMENT = re.compile(r'#\[(=*)\[.*?\]\1\]|#[^\n]*', re.S)
_CMAKE_VARIABLE = re.compile(r"\$\{(\w+)\}")
_CMAKE_KEYWORDS = {"SYSTEM", "BEFORE", "AFTER", "PUBLIC", "PRIVATE", "INTERFACE"}
_CXX_FEATURE = re.compile(r"^cxx_std_(\d+)$")


def cmake_flags(text: str, folder: str, root_folder: str = "") -> Flags:
    """Flags of one CMakeLists.txt in FOLDER (tree-relative; ROOT_FOLDER is the top)."""
    flags = Flags(base=folder)
    here, top = _in_tree(folder), _in_tree(root_folder)
    variables = {
        "CMAKE_CURRENT_SOURCE_DIR": here, "CMAKE_CURRENT_LIST_DIR": here,
        "PROJECT_SOURCE_DIR": top, "CMAKE_SOURCE_DIR": top,
    }
    truth: dict[str, bool] = dict(_PLATFORM)
    taken: list[bool] = []  # per open if(): whether the branch being read is on
    decided: list[bool] = []  # per open if(): whether an earlier branch was taken
    for match in _CMAKE_COMMAND.finditer(_CMAKE_COMMENT.sub("", text)):
        name = match.group("name").lower()
        if name in ("if", "elseif", "else", "endif"):
            _cmake_branch(name, match.group("args"), truth, variables, taken, decided, flags)
            continue
        if not all(taken):
            continue
        arguments = _cmake_arguments(match.group("args"), variables)
        if name == "option" and len(arguments) >= 2:
            # the project's own HIP build is the one the check compiles (build_config.py)
            truth.setdefault(arguments[0], arguments[-1].upper() in _TRUE
                             or HIP_SWITCH.search(arguments[0]) is not None)
        elif name == "set" and arguments:
            truth[arguments[0]] = bool(arguments[1:]) and arguments[1].upper() in _TRUE
            _cmake_set(arguments, variables, flags)
        else:
            _cmake_flag_command(name, arguments, flags)
    return _resolved(flags, folder)


def _cmake_flag_command(name: str, arguments: list[str], flags: Flags) -> None:
    """The include folders, definitions, options and standard one command gives."""
    skip = 1 if name.startswith("target_") else 0
    if name in ("include_directories", "target_include_directories"):
        flags.include_dirs += [v for v in arguments[skip:] if v.upper() not in _CMAKE_KEYWORDS]
    elif name in ("add_definitions", "add_compile_options", "target_compile_options"):
        filter_flags([a for a in arguments[skip:] if a.upper() not in _CMAKE_KEYWORDS], flags)
    elif name in ("add_compile_definitions", "target_compile_definitions"):
        for value in arguments[skip:]:
            value = value.removeprefix("-D")
            if value.upper() not in _CMAKE_KEYWORDS and SAFE_MACRO.match(value):
                flags.defines.append(value)
    elif name == "target_compile_features":
        for value in arguments:
            feature = _CXX_FEATURE.match(value)
            if feature:
                flags.std = f"c++{feature.group(1)}"


_TRUE = {"ON", "YES", "TRUE", "Y", "1"}
#: This runner's platform, as CMake's variables say it.
_PLATFORM = {"UNIX": True, "LINUX": True, "WIN32": False, "APPLE": False, "MSVC": False,
             "CYGWIN": False, "MINGW": False, "ANDROID": False, "IOS": False}


def _cmake_branch(name: str, condition: str, truth: dict[str, bool], variables: dict[str, str],
                  taken: list[bool], decided: list[bool], flags: Flags) -> None:
    """Follow if/elseif/else/endif: TAKEN says whether the current branch is read."""
    if name == "if":
        value = _cmake_condition(condition, truth, variables)
        taken.append(value)
        decided.append(value)
        flags.branches.append(f"if({' '.join(condition.split())}): {'yes' if value else 'no'}")
    elif name == "elseif" and taken:
        value = not decided[-1] and _cmake_condition(condition, truth, variables)
        taken[-1] = value
        decided[-1] = decided[-1] or value
    elif name == "else" and taken:
        taken[-1] = not decided[-1]
    elif name == "endif" and taken:
        taken.pop()
        decided.pop()


def _cmake_condition(condition: str, truth: dict[str, bool], variables: dict[str, str]) -> bool:
    """A condition of one name, NOT name, or names joined by AND/OR (left to right); a
    name is true when it is an option or variable set true; anything else is false."""
    words = condition.replace("(", " ").replace(")", " ").split()
    value, operator, negate = False, "OR", False
    for word in words:
        if word in ("AND", "OR"):
            operator = word
            continue
        if word == "NOT":
            negate = not negate
            continue
        name = word.strip('"${}')
        one = truth.get(name, variables.get(name, "").upper() in _TRUE) != negate
        negate = False
        value = (value and one) if operator == "AND" else (value or one)
    return value


def _resolved(flags: Flags, folder: str) -> Flags:
    """Paths made tree-relative, duplicates dropped (first kept)."""
    flags.include_dirs = list(dict.fromkeys(_relative_to(d, folder) for d in flags.include_dirs))
    flags.system_include_dirs = list(
        dict.fromkeys(_relative_to(d, folder) for d in flags.system_include_dirs)
    )
    flags.defines = list(dict.fromkeys(flags.defines))
    return flags


def _cmake_set(arguments: list[str], variables: dict[str, str], flags: Flags) -> None:
    name, values = arguments[0], arguments[1:]
    if name in ("CMAKE_CXX_STANDARD", "CMAKE_CUDA_STANDARD", "CMAKE_HIP_STANDARD") and values:
        if values[0].isdigit():
            flags.std = f"c++{values[0]}"
    elif values and not any(v in ("CACHE", "PARENT_SCOPE") for v in values[1:2]):
        variables[name] = " ".join(values)


def _cmake_arguments(text: str, variables: dict[str, str]) -> list[str]:
    try:
        words = shlex.split(text, comments=False, posix=True)
    except ValueError:
        words = text.split()
    expanded = []
    for word in words:
        build = re.fullmatch(r"\$<BUILD_INTERFACE:(.*)>", word)
        if build:  # what the build itself uses; $<INSTALL_INTERFACE:...> is for users
            word = build.group(1)
        if "$<" in word:
            continue  # other generator expressions are evaluated at build time only
        value = _CMAKE_VARIABLE.sub(lambda m: variables.get(m.group(1), "\x01"), word)
        if "\x01" not in value and "$" not in value:
            expanded.append(value)
    return expanded


#: Stands for the tree's root while paths are expanded, so that a path built from a
#: variable such as ${CMAKE_CURRENT_SOURCE_DIR} is not joined to its folder twice.
_TREE = "/\0tree"


def _in_tree(folder: str) -> str:
    return f"{_TREE}/{folder}" if folder else _TREE


def _relative_to(value: str, folder: str) -> str:
    """VALUE as a tree-relative path ("." for the root); absolute paths stay absolute.

    Paths that climb out of the tree stay relative with their ``..`` (callers drop them).
    """
    if value.startswith(_TREE):
        return os.path.normpath(value[len(_TREE):].lstrip("/") or ".")
    if os.path.isabs(value):
        return os.path.normpath(value)
    return os.path.normpath(os.path.join(folder, value))


# --- Makefiles ---------------------------------------------------------------------------

_MAKE_ASSIGNMENT = re.compile(r"^\s*(?:export\s+|override\s+)?(?P<name>[\w.]+)\s*"
                              r"(?P<op>[:+?!]?=|::=)\s*(?P<value>.*)$")
_MAKE_REFERENCE = re.compile(r"\$(?:\((?P<a>[\w.]+)\)|\{(?P<b>[\w.]+)\}|(?P<c>\w))")


def makefile_flags(text: str, folder: str) -> Flags:
    """Flags of one Makefile in FOLDER; relative paths are relative to FOLDER."""
    flags = Flags(base=folder)
    lines = _make_branch_lines(text.replace("\\\n", " ").splitlines(), flags)
    variables: dict[str, str] = {"CURDIR": _in_tree(folder)}
    for line in lines:
        assignment = _MAKE_ASSIGNMENT.match(line.split("#", 1)[0])
        if assignment:
            name, op, value = assignment.group("name", "op", "value")
            variables[name] = (variables.get(name, "") + " " + value) if op == "+=" else value
    for line in lines:
        code = line.split("#", 1)[0]
        assignment = _MAKE_ASSIGNMENT.match(code)
        if assignment:
            code = assignment.group("value")
        if "-I" not in code and "-D" not in code and "std=" not in code and "-isystem" not in code:
            continue
        expanded = _make_expand(code, variables)
        try:
            words = shlex.split(expanded)
        except ValueError:
            words = expanded.split()
        filter_flags(words, flags)
    flags.ignored = []  # recipes hold many unrelated flags; not worth listing
    return _resolved(flags, folder)


_MAKE_CONDITION = re.compile(r"^\s*(?P<kind>ifeq|ifneq|ifdef|ifndef)\s+(?P<test>.*)$")


def _make_branch_lines(lines: list[str], flags: Flags) -> list[str]:
    """The lines make reads: of each conditional, the branch its test selects with the
    variables assigned before it (an unknown variable is empty, as in make)."""
    kept: list[str] = []
    # the project's own HIP build is the one the check compiles (build_config.py)
    variables = dict.fromkeys(hip_make_variables("\n".join(lines)), "1")
    taken: list[bool] = []
    decided: list[bool] = []
    for line in lines:
        code = line.split("#", 1)[0]
        stripped = code.strip()
        condition = _MAKE_CONDITION.match(code)
        if condition or stripped.startswith("else") and taken:
            if condition is None:  # else, or else ifeq ...
                nested = _MAKE_CONDITION.match(stripped[4:])
                chosen = not decided[-1] and (nested is None or _make_test(nested, variables))
                taken[-1], decided[-1] = chosen, decided[-1] or chosen
                continue
            chosen = all(taken) and _make_test(condition, variables)
            taken.append(chosen)
            decided.append(chosen)
            flags.branches.append(f"{' '.join(stripped.split())}: {'yes' if chosen else 'no'}")
            continue
        if stripped.startswith("endif") and taken:
            taken.pop()
            decided.pop()
            continue
        if not all(taken):
            continue
        kept.append(line)
        assignment = _MAKE_ASSIGNMENT.match(code)
        if assignment:
            name, op, value = assignment.group("name", "op", "value")
            if op == "?=" and name in variables:
                continue
            value = _make_expand(value, variables).strip()
            variables[name] = f"{variables.get(name, '')} {value}".strip() if op == "+=" \
                else value
    return kept


def _make_test(condition: re.Match, variables: dict[str, str]) -> bool:
    kind, test = condition.group("kind"), condition.group("test").strip()
    if kind in ("ifdef", "ifndef"):
        return bool(variables.get(test)) == (kind == "ifdef")
    pair = re.fullmatch(r"\((.*),(.*)\)", test) or re.fullmatch(
        r"""["'](.*)["']\s+["'](.*)["']""", test)
    if pair is None:
        return False
    left, right = (_make_expand(part, variables).strip() for part in pair.groups())
    return (left == right) == (kind == "ifeq")


def _make_expand(text: str, variables: dict[str, str], depth: int = 0) -> str:
    if depth > 8 or "$" not in text:
        return text

    def replace(match: re.Match) -> str:
        name = match.group("a") or match.group("b") or match.group("c")
        return _make_expand(variables.get(name, ""), variables, depth + 1)

    text = re.sub(r"\$\((?:shell|wildcard|patsubst|foreach|call)\b[^)]*\)", "", text)
    return _MAKE_REFERENCE.sub(replace, text)


def read_build_flags(root: Path, relative: str) -> Flags | None:
    """Flags of the build file ROOT/RELATIVE, or None when it is not one we read."""
    path = root / relative
    folder = os.path.dirname(relative)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    name = os.path.basename(relative)
    if name == "CMakeLists.txt":
        return cmake_flags(text, folder)
    if name in ("Makefile", "makefile", "GNUmakefile") or name.endswith(".mk"):
        return makefile_flags(text, folder)
    return None


# --- whole command lines from the project's build ------------------------------------------

#: Parts of a compile command that say where output goes, not what the unit means.
_OUTPUT_FLAGS = {"-o", "-MF", "-MT", "-MQ", "-MJ", "-l", "-L"}
_LINK_PREFIXES = ("-MF", "-MT", "-MQ", "-l", "-L", "-Wl,")
_OUTPUT_SWITCHES = {"-c", "-shared", "-static", "-rdynamic", "-M", "-MM", "-MD", "-MMD",
                    "-MP", "-MG", "-S", "-E", "-pipe"}
#: Flags that take a value as the next word, by what we do with them.
_KEPT_WITH_VALUE = {"-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-x", "-I",
                    "-D", "-U"}
_DROPPED_WITH_VALUE = {"-Xclang", "-mllvm", "-Xlinker", "-Xassembler", "-Xpreprocessor",
                       "-Xarch_host", "-Xarch_device", "-Xoffload-linker", "--config", "-B",
                       "-isysroot", "--sysroot", "--gcc-toolchain", "-resource-dir",
                       "-target", "-arch", "-Xcompiler", "-ccbin"}
#: Kept prefixes: what a unit means (paths, macros, language, standard), code generation
#: and warnings. Anything else is dropped and listed.
_KEPT_PREFIXES = ("-I", "-D", "-U", "-std=", "--std=", "-x", "-O", "-g", "-W", "-f", "-m",
                  "-isystem", "-iquote", "-idirafter", "-pthread", "-pedantic", "-w",
                  "--genco", "-fgpu-rdc", "-ansi", "-nostdinc", "-nogpuinc", "-nogpulib")
#: Never kept although their prefix is: they load code, write files where they like,
#: pick another compiler or link (a compile check compiles only).
_DROPPED_PREFIXES = ("-Wp,", "-Wa,", "-fplugin", "-fpass-plugin", "-fprofile",
                     "-fcrash-diagnostics", "-fmodules", "-fmodule-", "-fprebuilt-module",
                     "-fsave-optimization-record", "-ftime-trace", "-fcoverage",
                     "-fdebug-compilation-dir", "-ffile-prefix-map", "-fdebug-prefix-map",
                     "-fmacro-prefix-map", "-fuse-ld", "-fembed-offload",
                     "-fgpu-sanitize", "-fsanitize", "-fcolor-diagnostics",
                     "-fdiagnostics-color", "-mprintf-kind")
#: GPU targets are the check's choice (CompileOptions.offload_archs), not the build's.
_TARGET_PREFIXES = ("--offload-arch=", "--amdgpu-target=", "--cuda-gpu-arch=",
                    "--offload-arch", "-offload-arch=")
_PATH_VALUE_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros")


def safe_arguments(arguments: list[str]) -> tuple[list[str], list[str]]:
    """(kept, dropped): the flags of one compile command from the project's build, in
    order, without the compiler, the sources, the output and dependency-file flags and the
    GPU targets (those are not listed as dropped: every build has them). Nothing is
    merged, added or invented. Dropped: flags that load code (``-fplugin``,
    ``-Xclang -load``), pick another toolchain (``-B``, ``--hip-path``), pass options to
    the linker or assembler, or that this function does not know."""
    kept: list[str] = []
    dropped: list[str] = []
    items = iter(arguments)
    for argument in items:
        if argument in _OUTPUT_FLAGS:
            next(items, None)
        elif argument in _OUTPUT_SWITCHES or argument.startswith(_LINK_PREFIXES):
            continue  # output, dependency files, linking: a compile check compiles only
        elif argument.startswith(_TARGET_PREFIXES):
            if argument == "--offload-arch":
                next(items, None)
        elif argument in _DROPPED_WITH_VALUE:
            dropped += [argument, next(items, "")]
        elif argument in _KEPT_WITH_VALUE:
            value = next(items, None)
            if value is not None:
                kept += [argument, value]
        elif argument.startswith(("-D", "-U")):
            if SAFE_MACRO.match(argument[2:]):
                kept.append(argument)
            else:
                dropped.append(argument)
        elif argument.startswith(_DROPPED_PREFIXES) or argument.startswith("--") and not \
                argument.startswith(("--std=", "--genco")):
            dropped.append(argument)
        elif argument.startswith(_KEPT_PREFIXES):
            kept.append(argument)
        elif argument.startswith("-"):
            dropped.append(argument)
    return kept, dropped


def path_arguments(arguments: list[str], transform) -> list[str]:
    """ARGUMENTS with the path of every include flag passed through TRANSFORM (which
    returns the new path, or None to drop the flag)."""
    result: list[str] = []
    items = iter(arguments)
    for argument in items:
        flag = argument if argument in _PATH_VALUE_FLAGS else (
            "-I" if argument.startswith("-I") and argument != "-I" else None)
        if flag is None:
            result.append(argument)
            continue
        value = argument[2:] if argument != flag else next(items, "")
        new = transform(value)
        if new is not None:
            result += [f"-I{new}"] if flag == "-I" else [flag, new]
    return result
