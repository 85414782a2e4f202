"""What a file in a repository is, from its path and its bytes.

``classify(path, data)`` answers with a ``Kind(kind, language)``:

- ``kind``: ``cuda-source`` (``.cu``), ``cuda-header`` (``.cuh``), ``cpp`` (other C/C++
  suffixes; the tree later calls it ``cuda-cpp`` when it uses CUDA APIs), ``build``
  (CMake, Makefiles), ``script`` (shell, Python, CI files, Python dependency files),
  ``text`` (everything else that decodes as text) or ``binary`` (NUL bytes).
- ``language``: which rules apply: ``c++``, ``cmake``, ``make``, ``shell``, ``python``,
  ``python-deps``, ``ci`` or ``""``.

Limits: the decision uses names, suffixes and a shebang line only; a file with NUL bytes
is binary whatever its suffix (text patches cannot carry NUL bytes, so it is copied).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Kind", "classify", "language_of", "text_language", "C_SUFFIXES", "BUILD_LANGUAGES",
           "SCRIPT_LANGUAGES"]

C_HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".h++", ".inl", ".inc", ".ipp", ".tpp", ".tcc")
C_SOURCE_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".c", ".hip", ".cp")
C_SUFFIXES = frozenset((".cu", ".cuh") + C_HEADER_SUFFIXES + C_SOURCE_SUFFIXES)
BUILD_LANGUAGES = frozenset(("cmake", "make"))
SCRIPT_LANGUAGES = frozenset(("shell", "python", "python-deps", "ci"))

_MAKEFILE_NAMES = frozenset(("makefile", "gnumakefile", "makefile.am", "makefile.in"))
_DEPENDENCY_NAMES = frozenset(
    ("pyproject.toml", "setup.py", "setup.cfg", "pipfile", "environment.yml", "environment.yaml")
)
_DEPENDENCY_PATTERN = re.compile(r"(requirements|constraints)[\w.-]*\.(txt|in)")
_CI_NAMES = frozenset(
    (".gitlab-ci.yml", "jenkinsfile", ".travis.yml", "azure-pipelines.yml", "dockerfile",
     "containerfile")
)
_SHEBANG = re.compile(rb"#![ \t]*\S*?(?:/env[ \t]+(?:-\S+[ \t]+)*)?(?P<program>[\w.+-]+)")


@dataclass(frozen=True)
class Kind:
    kind: str
    language: str = ""


def language_of(path: str, head: bytes = b"") -> str:
    """The rule language of PATH (``/``-separated, relative), '' when no rule applies."""
    lower = path.lower()
    name = lower.rsplit("/", 1)[-1]
    suffix = name[name.rfind(".") :] if "." in name[1:] else ""
    if suffix in C_SUFFIXES:
        return "c++"
    if name == "cmakelists.txt" or suffix == ".cmake":
        return "cmake"
    if name in _MAKEFILE_NAMES or suffix in (".mk", ".mak") or name.startswith("makefile."):
        return "make"
    if name in _DEPENDENCY_NAMES or _DEPENDENCY_PATTERN.fullmatch(name) or (
        "/requirements/" in f"/{lower}" and suffix in (".txt", ".in")
    ):
        return "python-deps"
    if _is_ci(lower, name, suffix):
        return "ci"
    if suffix in (".sh", ".bash", ".zsh", ".ksh", ".envrc") or name in (".envrc", ".bashrc"):
        return "shell"
    if suffix == ".py":
        return "python"
    return _shebang_language(head)


def text_language(path: str, text: str) -> str:
    """``language_of`` PATH whose decoded content is TEXT (its first line read for a shebang)."""
    return language_of(path, text[:200].encode("utf-8", "surrogateescape"))


def _is_ci(lower: str, name: str, suffix: str) -> bool:
    if name in _CI_NAMES or name.startswith("dockerfile") or suffix == ".dockerfile":
        return True
    if suffix in (".yml", ".yaml"):
        return (
            "/.github/workflows/" in f"/{lower}" or "/.circleci/" in f"/{lower}"
            or name.startswith("docker-compose") or name.startswith("compose.")
        )
    return False


def _shebang_language(head: bytes) -> str:
    match = _SHEBANG.match(head[:200])
    if not match:
        return ""
    program = match.group("program").decode("ascii", "replace")
    if program in ("sh", "bash", "zsh", "ksh", "dash"):
        return "shell"
    if program.startswith("python"):
        return "python"
    return ""


def classify(path: str, data: bytes) -> Kind:
    """The kind and rule language of one file."""
    if b"\0" in data:
        return Kind("binary")
    language = language_of(path, data[:200])
    if language == "c++":
        suffix = path.lower()[path.rfind(".") :]
        if suffix == ".cu":
            return Kind("cuda-source", language)
        if suffix == ".cuh":
            return Kind("cuda-header", language)
        return Kind("cpp", language)
    if language in BUILD_LANGUAGES:
        return Kind("build", language)
    if language in SCRIPT_LANGUAGES:
        return Kind("script", language)
    return Kind("text")
