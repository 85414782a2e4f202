"""The configuration a project is built with in the compile check: the one that brings its
GPU sources into the build.

A project's GPU backend is often switched on by a build option: ``option(X_WITH_CUDA ...)``
around the ``.cu`` sources, a Makefile variable (``ifeq ($(WITH_MPI),1)``) or goal
(``all``, ``bench``) beside a default goal that builds only part. Configured with its
defaults such a project compiles none of its GPU sources, and a check that said "done"
would have checked nothing. So the compile check configures first with the defaults and,
when GPU sources are left out, reads the build files for what leaves them out:

- CMake (``cmake_switches``): the ``if()`` blocks around the commands that name a GPU
  source (directly, through a variable that lists it, a ``file(GLOB)``, or an
  ``add_subdirectory`` of its folder). A condition on an option (``option()``,
  ``cmake_dependent_option()``, ``set(... CACHE BOOL ...)``) gives a cache entry
  (``-DX=ON``, or ``OFF`` under ``NOT X``); a platform test (``WIN32``, ``APPLE``,
  ``MSVC``...) marks the source platform-only; any other condition (a package's
  ``X_FOUND``) is named as the reason.
- a project that carries its own HIP build (``option(FOO_USE_HIP ...)``,
  ``ifeq ($(USE_HIP),1)``: ``hip_switches``) is configured with it from the start: its
  HIP code is what rocport leaves as it is, and only that configuration compiles it;
- make (``make_switches``): goals of make's own database (``make -p``) whose
  prerequisites reach a GPU source (its object file), and the variables of the
  ``ifeq``/``ifdef`` blocks that name it.

The user can give the configuration too, for every project of the tree: ``.rocport.toml``
at the tree's root (translator/config.py: ``[build]`` with ``cmake = {X = "ON"}``,
``make-variables = {V = "1"}`` and ``make-goals = ["all"]``) or ``CompileOptions``
(``rocport check --cmake X=ON --make-var V=1 --make-goal all``); the user's values win
over what is found.

Limits: conditions are read, not evaluated (``if(A OR B)`` switches on every option in
it; generator expressions and ``if(X VERSION_GREATER ...)`` are not switches); make
goals are matched to sources by the object file's stem.
"""

from __future__ import annotations

import posixpath
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from translator.tree.build_flags import HIP_SWITCH, hip_make_variables

__all__ = ["BuildConfig", "NO_CONFIG", "Switches", "read_user_config", "build_config_from",
           "assignment", "cmake_switches",
           "make_switches", "hip_switches", "parse_make_database", "USER_CONFIG_NAME"]

USER_CONFIG_NAME = ".rocport.toml"
_PLATFORMS = {"WIN32", "APPLE", "MSVC", "CYGWIN", "MINGW", "ANDROID", "IOS", "MSYS", "BORLAND",
              "XCODE", "WINCE", "WINDOWS_PHONE", "WINDOWS_STORE"}
_SOURCE = re.compile(r"\.(?:cu|hip)$")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MAX_CMAKE_BYTES = 2 << 20


@dataclass(frozen=True)
class BuildConfig:
    """Cache entries for CMake, variables and goals for make."""

    cmake: tuple[tuple[str, str], ...] = ()
    make_variables: tuple[tuple[str, str], ...] = ()
    make_goals: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cmake or self.make_variables or self.make_goals)

    def merged(self, over: BuildConfig) -> BuildConfig:
        """This configuration with OVER's values winning."""
        return BuildConfig(
            tuple({**dict(self.cmake), **dict(over.cmake)}.items()),
            tuple({**dict(self.make_variables), **dict(over.make_variables)}.items()),
            tuple(dict.fromkeys((*self.make_goals, *over.make_goals))))

    def describe(self) -> str:
        parts = [f"-D{name}={value}" for name, value in self.cmake]
        parts += [f"{name}={value}" for name, value in self.make_variables]
        parts += list(self.make_goals)
        return " ".join(parts)


#: No configuration beyond a project's defaults.
NO_CONFIG = BuildConfig()


@dataclass
class Switches:
    """What ``cmake_switches``/``make_switches`` found: the configuration that brings
    sources in, and why the others stay out ({source: reason})."""

    config: BuildConfig = field(default_factory=BuildConfig)
    reasons: dict[str, str] = field(default_factory=dict)


def read_user_config(root: Path) -> tuple[BuildConfig, str]:
    """The tree's ``.rocport.toml`` ``[build]`` section, and a problem with it ('' when
    none): a bad file is named, not fatal."""
    path = Path(root) / USER_CONFIG_NAME
    if not path.is_file() or path.is_symlink():
        return BuildConfig(), ""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return BuildConfig(), f"{USER_CONFIG_NAME} is not valid TOML ({error}); ignored"
    build = data.get("build", {})
    try:
        return BuildConfig(
            tuple(_pairs(build.get("cmake", {}))),
            tuple(_pairs(build.get("make-variables", {}))),
            tuple(str(goal) for goal in build.get("make-goals", []) if _goal_name(goal))), ""
    except (AttributeError, TypeError, ValueError) as error:
        return BuildConfig(), f"{USER_CONFIG_NAME}: [build] is not understood ({error}); ignored"


def build_config_from(cmake: Iterable[str] = (), make_variables: Iterable[str] = (),
                      make_goals: Iterable[str] = ()) -> BuildConfig:
    """A configuration given as words, as a user types them (``rocport check --cmake``,
    a job's options): NAME=VALUE (NAME alone is NAME=ON) and goal names. ValueError names
    the first bad word."""
    goals = tuple(make_goals)
    for goal in goals:
        if not _goal_name(goal):
            raise ValueError(f"{goal!r} is not a make goal (letters, digits, . / + _ -, "
                             "not starting with -)")
    return BuildConfig(tuple(assignment(word) for word in cmake),
                       tuple(assignment(word) for word in make_variables), goals)


def assignment(word: str) -> tuple[str, str]:
    """NAME=VALUE as (NAME, VALUE); NAME alone is (NAME, "ON"). ValueError for a name that
    is no variable's or a value with a line break (one argument of cmake or make each)."""
    name, sep, value = word.partition("=")
    if not _NAME.match(name):
        raise ValueError(f"{name!r} is not a variable name")
    if any(character in value for character in "\n\r\0") or len(value) > _MAX_VALUE:
        raise ValueError(f"the value of {name} must be one line of at most {_MAX_VALUE} "
                         "characters")
    return name, value if sep else "ON"


_MAX_VALUE = 1000


def _goal_name(goal: object) -> bool:
    # not "-...": a goal is one argument of make, which would take it for an option
    return isinstance(goal, str) and bool(re.fullmatch(r"[\w./+][\w./+-]*", goal))


def _pairs(table: object) -> list[tuple[str, str]]:
    if not isinstance(table, dict):
        raise TypeError("expected a table of NAME = value")
    pairs = []
    for name, value in table.items():
        if not _NAME.match(str(name)):
            raise ValueError(f"{name!r} is not a variable name")
        text = ("ON" if value else "OFF") if isinstance(value, bool) else str(value)
        pairs.append((str(name), text))
    return pairs


# --- CMake -------------------------------------------------------------------------------

@dataclass
class _Command:
    name: str  # lower case
    words: list[str]
    conditions: tuple[str, ...]  # the if()/elseif() conditions around it, outermost first


def _strip_comments(text: str) -> str:
    text = re.sub(r"#\[(=*)\[.*?\]\1\]", " ", text, flags=re.S)  # bracket comments
    out, quoted = [], False
    for line in text.split("\n"):
        kept = []
        for index, char in enumerate(line):
            if char == '"' and (index == 0 or line[index - 1] != "\\"):
                quoted = not quoted
            if char == "#" and not quoted:
                break
            kept.append(char)
        out.append("".join(kept))
    return "\n".join(out)


def _commands(text: str) -> list[tuple[str, list[str]]]:
    """(lower-case name, argument words) of every command of a CMake file."""
    text = _strip_comments(text)
    found = []
    for match in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", text):
        depth, index, quoted = 1, match.end(), False
        while index < len(text) and depth:
            char = text[index]
            if char == '"' and text[index - 1] != "\\":
                quoted = not quoted
            elif not quoted and char == "(":
                depth += 1
            elif not quoted and char == ")":
                depth -= 1
            index += 1
        body = text[match.end():index - 1]
        found.append((match.group(1).lower(), re.findall(r'"[^"]*"|[^\s()]+', body)))
    return found


def _cmake_files(project: Path) -> dict[str, list[_Command]]:
    """{project-relative CMake file: its commands with their conditions}."""
    files = {}
    for path in sorted(project.rglob("*")):
        if not (path.name == "CMakeLists.txt" or path.suffix == ".cmake") or \
                path.is_symlink() or not path.is_file() or path.stat().st_size > _MAX_CMAKE_BYTES:
            continue
        stack: list[str] = []
        commands = []
        for name, words in _commands(path.read_text(encoding="utf-8", errors="replace")):
            if name == "if":
                stack.append(" ".join(words))
            elif name == "elseif" and stack:
                stack[-1] = " ".join(words)
            elif name == "else" and stack:
                stack[-1] = f"NOT ({stack[-1]})"
            elif name == "endif" and stack:
                stack.pop()
            else:
                commands.append(_Command(name, words, tuple(stack)))
        files[path.relative_to(project).as_posix()] = commands
    return files


def cmake_switches(project: Path, left_out: list[str]) -> Switches:
    """Cache entries that bring LEFT_OUT (project-relative GPU sources the default
    configuration does not compile) into the build of the CMake project at PROJECT."""
    files = _cmake_files(project)
    commands = [command for listed in files.values() for command in listed if command.words]
    options = {c.words[0] for c in commands if c.name in ("option", "cmake_dependent_option")}
    options |= {c.words[0] for c in commands
                if c.name == "set" and "CACHE" in c.words and "BOOL" in c.words}
    entry = _entry_conditions(files)
    switches = Switches()
    chosen: dict[str, str] = {}
    for source in left_out:
        conditions = _conditions_of(source, files, entry)
        if conditions is None:
            switches.reasons[source] = "not in any build target of the CMake project"
            continue
        platform = [c for c in conditions if set(re.findall(r"\w+", c)) & _PLATFORMS]
        if platform:
            switches.reasons[source] = f"platform-only: if({platform[-1]})"
            continue
        found, other = _option_values(conditions, options)
        if other:
            switches.reasons[source] = f"excluded by if({other}), which is not an option"
        chosen.update(found)
        if found and not other:
            switches.reasons[source] = "needs " + ", ".join(f"{n}={v}" for n, v in found.items())
    switches.config = BuildConfig(tuple(sorted(chosen.items())))
    return switches


def _entry_conditions(files: dict[str, list[_Command]]) -> dict[str, tuple[str, ...]]:
    """{folder: the conditions of the add_subdirectory() that reads its CMakeLists.txt}."""
    entry: dict[str, tuple[str, ...]] = {"": ()}
    for _ in range(8):  # nested subdirectories, outermost first
        for relative, commands in files.items():
            folder = posixpath.dirname(relative)
            if folder not in entry:
                continue
            for command in commands:
                if command.name == "add_subdirectory" and command.words:
                    below = posixpath.normpath(posixpath.join(folder, command.words[0].strip('"')))
                    entry.setdefault(below, entry[folder] + command.conditions)
    return entry


def _conditions_of(source: str, files: dict[str, list[_Command]],
                   entry: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The conditions around the first command that names SOURCE; None when none does."""
    for relative, commands in files.items():
        folder = posixpath.dirname(relative)
        if relative.endswith(".cmake"):
            folder = ""  # included from the top, mostly
        variables = _variables(commands, folder)
        for command in commands:
            if command.name in ("set", "list", "file", "option", "message"):
                continue
            for word in command.words:
                word = word.strip('"')
                names = re.findall(r"\$\{(\w+)\}", word)
                candidates = [c for name in names for c in variables.get(name, [])]
                candidates.append(posixpath.normpath(posixpath.join(folder, word)))
                if any(_glob_match(source, pattern) for pattern in candidates):
                    return entry.get(folder, ()) + command.conditions
    return None


def _glob_match(path: str, pattern: str) -> bool:
    """PATH matches PATTERN as file(GLOB) matches: ``*`` and ``?`` stay within a folder;
    ``**/`` (GLOB_RECURSE) is any number of folders."""
    regex = re.escape(pattern).replace(r"\*\*/", "(?:[^/]+/)*").replace(r"\*", "[^/]*")
    return re.fullmatch(regex.replace(r"\?", "[^/]"), path) is not None


def _variables(commands: list[_Command], folder: str) -> dict[str, list[str]]:
    """Source patterns each variable of a file lists (set, list(APPEND), file(GLOB))."""
    values: dict[str, list[str]] = {}
    for command in commands:
        words = [w.strip('"') for w in command.words]
        if command.name == "set" and words:
            values.setdefault(words[0], []).extend(words[1:])
        elif command.name == "list" and len(words) > 2 and words[0] == "APPEND":
            values.setdefault(words[1], []).extend(words[2:])
        elif command.name == "file" and len(words) > 2 and words[0].startswith("GLOB"):
            patterns = [w for w in words[2:] if w not in (
                "CONFIGURE_DEPENDS", "LIST_DIRECTORIES", "RELATIVE", "true", "false")]
            if words[0] == "GLOB_RECURSE":  # the file name's pattern at any depth
                patterns = [posixpath.join(posixpath.dirname(w), "**", posixpath.basename(w))
                            for w in patterns]
            values.setdefault(words[1], []).extend(patterns)
    return {name: [posixpath.normpath(posixpath.join(folder, w.replace(
        "${CMAKE_CURRENT_SOURCE_DIR}/", "").replace("${PROJECT_SOURCE_DIR}/", "")))
        for w in words if _SOURCE.search(w) or "*" in w] for name, words in values.items()}


def _option_values(conditions: tuple[str, ...], options: set[str]) -> tuple[dict[str, str], str]:
    """({option: value} that satisfies CONDITIONS, the first condition that is no option)."""
    found: dict[str, str] = {}
    for condition in conditions:
        negated = condition.startswith("NOT (")
        text = condition[5:-1] if negated else condition
        words = [w.strip("${}") for w in text.replace("(", " ").replace(")", " ").split()]
        names = [w for w in words if w not in ("AND", "OR", "NOT")]
        named = [w for w in names if w in options]
        if not named or len(names) != len(named):
            return found, condition
        for index, word in enumerate(words):
            if word in options:
                inverted = (index > 0 and words[index - 1] == "NOT") != negated
                found[word] = "OFF" if inverted else "ON"
    return found, ""


def hip_switches(project: Path, system: str) -> BuildConfig:
    """The project's own HIP build switched on: every CMake option (or cache BOOL) named
    for HIP or ROCm, or every make variable of that name a conditional tests."""
    if system == "cmake":
        names = {c.words[0] for commands in _cmake_files(project).values() for c in commands
                 if c.words and (c.name in ("option", "cmake_dependent_option") or (
                     c.name == "set" and "CACHE" in c.words and "BOOL" in c.words))}
        return BuildConfig(tuple((name, "ON") for name in sorted(names)
                                 if HIP_SWITCH.search(name)))
    text = _makefile_text(project)
    return BuildConfig(make_variables=tuple((name, "1") for name in hip_make_variables(text)))


def _makefile_text(folder: Path) -> str:
    for name in ("GNUmakefile", "makefile", "Makefile"):
        path = folder / name
        if path.is_file() and not path.is_symlink():
            return path.read_text(encoding="utf-8", errors="replace")[:_MAX_CMAKE_BYTES]
    return ""


# --- make --------------------------------------------------------------------------------

def parse_make_database(text: str) -> tuple[dict[str, list[str]], str]:
    """({target: prerequisites}, the default goal) from ``make -p``'s database."""
    rules: dict[str, list[str]] = {}
    default = ""
    in_files = False
    previous = ""
    for line in text.splitlines():
        if line.startswith("# Files"):
            in_files = True
            continue
        if line.startswith(".DEFAULT_GOAL := "):
            default = line.split(":=", 1)[1].strip()
        if not in_files or line.startswith(("#", "\t")) or ":" not in line:
            previous = line
            continue
        if previous.startswith("# Not a target"):
            previous = line
            continue
        target, _, rest = line.partition(":")
        if target.strip() and not rest.startswith("="):
            prerequisites = rest.lstrip(":").split("|")
            words = " ".join(prerequisites).split()
            for name in target.split():
                rules.setdefault(name, []).extend(words)
        previous = line
    return rules, default


def make_switches(makefile_text: str, database: str, left_out: list[str]) -> Switches:
    """Goals and variables that bring LEFT_OUT (GPU sources relative to the Makefile's
    folder) into a make build, from its text and ``make -p``'s DATABASE."""
    rules, _ = parse_make_database(database)
    stems = {posixpath.splitext(posixpath.basename(s))[0]: s for s in left_out}
    switches = Switches()
    goals: list[str] = []
    covered: set[str] = set()
    for goal in sorted(rules):
        if goal.startswith(".") or "%" in goal or goal in ("clean", "distclean", "install",
                                                           "uninstall"):
            continue
        reached = {stems[s] for s in _reached_stems(goal, rules) if s in stems}
        if reached - covered:
            goals.append(goal)
            covered |= reached
    variables = _make_conditions(makefile_text, stems)
    for source in left_out:
        if source in covered:
            continue
        stem = posixpath.splitext(posixpath.basename(source))[0]
        if stem in variables:
            name, value = variables[stem]
            switches.reasons[source] = f"needs {name}={value}"
        else:
            switches.reasons[source] = "not built by any goal of the Makefile"
    switches.config = BuildConfig(make_variables=tuple(sorted(set(variables.values()))),
                                  make_goals=tuple(goals))
    return switches


def _reached_stems(goal: str, rules: dict[str, list[str]]) -> set[str]:
    seen, pending, stems = set(), [goal], set()
    while pending:
        target = pending.pop()
        if target in seen:
            continue
        seen.add(target)
        stems.add(posixpath.splitext(posixpath.basename(target))[0])
        pending.extend(rules.get(target, []))
    return stems


def _make_conditions(text: str, stems: dict[str, str]) -> dict[str, tuple[str, str]]:
    """{stem: (variable, value)} for the stems named in ``ifeq``/``ifdef`` blocks."""
    found: dict[str, tuple[str, str]] = {}
    stack: list[tuple[str, str] | None] = []
    for line in text.splitlines():
        stripped = line.strip()
        equal = re.match(r"ifeq\s*\(\s*\$[({](\w+)[)}]\s*,\s*([^)\s]+)\s*\)", stripped) or \
            re.match(r"ifeq\s+['\"]\$[({](\w+)[)}]['\"]\s+['\"]([^'\"]+)['\"]", stripped)
        defined = re.match(r"ifdef\s+(\w+)", stripped)
        not_empty = re.match(r"ifneq\s*\(\s*\$[({](\w+)[)}]\s*,\s*\)", stripped)
        if equal:
            stack.append((equal.group(1), equal.group(2)))
        elif defined:
            stack.append((defined.group(1), "1"))
        elif not_empty:
            stack.append((not_empty.group(1), "1"))
        elif stripped.startswith(("ifeq", "ifneq", "ifndef")):
            stack.append(None)
        elif stripped.startswith("else"):
            if stack:
                stack[-1] = None
        elif stripped.startswith("endif"):
            if stack:
                stack.pop()
        elif stack and stack[-1] is not None:
            for stem in stems:
                if re.search(rf"\b{re.escape(stem)}\.(?:o|cu|hip|cpp)\b", stripped):
                    found.setdefault(stem, stack[-1])
    return found
