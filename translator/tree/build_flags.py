"""The flags a project's build files give its units: include folders, macros, standard.

``read_build_flags`` (``cmake_flags``, ``makefile_flags``) is rocport's reader of the
project's ``CMakeLists.txt`` files and Makefiles, for the tree's analysis
(``translator.tree.include_paths``: where clang finds the tree's headers) and for the
compile check when the real build could not run (``translator.compile``). Build files
are untrusted input: the reader honours only flags that change what a unit means
(include directories, macro definitions, the C++ standard) from ``include_directories``,
``target_include_directories``, ``add_definitions``, ``add_compile_definitions``,
``target_compile_definitions``, ``add_compile_options``, ``target_compile_options``,
``CMAKE_{CXX,CUDA,HIP}_STANDARD``, ``target_compile_features(... cxx_std_NN)``, and
Makefiles' ``-I``, ``-D``, ``-std=`` in variables and recipes, with simple variable
expansion.

The reader takes one branch of each condition, as the build would on this Linux runner
with the project's defaults: ``ifeq``/``ifneq``/``ifdef``/``ifndef`` on the variables
assigned so far (command-line defaults ``?=`` included), CMake's ``if()`` on options'
defaults (an option named for HIP or ROCm on: the project's own HIP build,
``HIP_SWITCH``), ``set()`` values and the platform (``UNIX``, not
``WIN32``/``APPLE``/``MSVC``); an unknown variable is false, as in both.
``Flags.branches`` says what was decided. ``$<BUILD_INTERFACE:...>`` include folders are
read; other generator expressions, functions and unknown variables are skipped; flags
apply to every unit in the build file's folder and below (targets are not told apart).
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Flags", "filter_flags", "cmake_flags", "makefile_flags", "BUILD_FILE_NAMES",
           "SAFE_MACRO", "read_build_flags", "HIP_SWITCH", "hip_make_variables"]

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
            # the project's own HIP build is the one the check compiles (compile/build_config.py)
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
    # A value built from a folder variable (-DDATA=${CMAKE_SOURCE_DIR}/data) names the
    # folder from where units compile, the tree's root; the stand-in is no path (its NUL
    # cannot be passed in an argument).
    flags.defines = list(dict.fromkeys(_tree_path_in_value(d) for d in flags.defines))
    return flags


def _tree_path_in_value(value: str) -> str:
    return value.replace(_TREE + "/", "./").replace(_TREE, ".")


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
    # the project's own HIP build is the one the check compiles (compile/build_config.py)
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
        return cmake_flags(text, folder, _cmake_top(root, folder))
    if name in ("Makefile", "makefile", "GNUmakefile") or name.endswith(".mk"):
        return makefile_flags(text, folder)
    return None


def _cmake_top(root: Path, folder: str) -> str:
    """The folder of FOLDER's CMake project: the highest of FOLDER and the folders above
    it, in the tree, that has a CMakeLists.txt (``${CMAKE_SOURCE_DIR}``)."""
    top, parts = folder, folder.split("/") if folder else []
    for depth in range(len(parts) - 1, -1, -1):
        above = "/".join(parts[:depth])
        if not (root / above / "CMakeLists.txt").is_file():
            break
        top = above
    return top


#: An option or variable that selects a project's own HIP build: HIP or ROCm as a word.
HIP_SWITCH = re.compile(r"(?:^|_)(?:HIP|ROCM|HIPBLAS|AMD)(?:_|$)", re.I)


def hip_make_variables(text: str) -> list[str]:
    """The variables named for HIP or ROCm that a Makefile's conditionals test."""
    names = set(re.findall(r"^\s*(?:ifeq|ifneq)\s*\(\s*\$[({](\w+)[)}]\s*,\s*1\s*\)", text,
                           re.M))
    names |= set(re.findall(r"^\s*ifdef\s+(\w+)", text, re.M))
    return sorted(name for name in names if HIP_SWITCH.search(name))

