"""``parse()``: one file's text as clang sees it, with the headers it cannot find
stood in for, and clang's messages about it."""

from __future__ import annotations

import functools
import glob
import itertools
import os
import re
from collections.abc import Iterator, Sequence

from translator.analysis.clang.library import (
    ClangUnavailable,
    bindings,
    clang_index,
    find_resource_dir,
)
from translator.analysis.clang.nodes import ClangMessage, Node, OffsetMap, ParseResult
from translator.analysis.clang.stubs import (
    PROCESS_STUBS,
    STUB_DIR,
    StubCache,
    clang_arguments,
    declares_api,
    stand_in,
    stub_files,
    stub_files_bytes,
)
from translator.analysis.header_constants import (
    MAX_HEADER_BYTES,
    MAX_HEADERS,
    find_header,
    included_headers,
)


def parse(
    source: str,
    path: str = "input.cu",
    *,
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    extra_args: Sequence[str] = (),
    resource_dir: str | None = None,
    library_file: str | None = None,
    directory: str = "",
    context: tuple[str, str] | tuple[()] = (),
    stubs: StubCache | None = None,
    insert: Sequence[tuple[int, str]] = (),
) -> ParseResult:
    """Parse SOURCE as CUDA; never raises on bad code, only on a missing libclang.

    PATH is relative to DIRECTORY (the tree's root; default: the working folder), where
    clang finds the file's quoted includes next to it, as a compiler does. CONTEXT, for a
    header, is (the path of a file that includes it, that file's text up to the end of
    its include line): the header is parsed as that file's compiler sees it, after what
    the file declared first, and the result is the header's. When that text turns out
    not to reach the header, it is parsed alone. STUBS is where the precompiled stubs
    are found (``StubCache``; default: built in this process, kept nowhere). INSERT is
    (offset, text) pairs, by offset: clang reads each text inserted before that offset
    of SOURCE (a type name before a braced launch argument it would reject), while the
    offsets and places of what the parse gives stay those of SOURCE.
    """
    stubs = stubs or PROCESS_STUBS
    if context:
        found = _parse(source, path, include_dirs, defines, extra_args, resource_dir,
                       library_file, directory, context, stubs, insert)
        if found is not None:
            return found
    parsed = _parse(source, path, include_dirs, defines, extra_args, resource_dir,
                    library_file, directory, (), stubs, insert)
    assert parsed is not None  # alone, the main file is always there
    return parsed


def _parse(source: str, path: str, include_dirs: Sequence[str], defines: Sequence[str],
           extra_args: Sequence[str], resource_dir: str | None, library_file: str | None,
           directory: str, context: tuple[str, str] | tuple[()],
           stubs: StubCache, insert: Sequence[tuple[int, str]]) -> ParseResult | None:
    cindex = bindings()
    index = clang_index(library_file)
    directory = os.path.abspath(directory or os.getcwd())
    main = os.path.normpath(os.path.join(directory, path or "input.cu"))
    entry = os.path.normpath(os.path.join(directory, context[0])) if context else main
    base = clang_arguments(find_resource_dir(resource_dir), extra_args)
    precompiled = stubs.precompiled(base)
    args = [
        *base,
        *(("-include-pch", precompiled) if precompiled else
          ("-include", "cuda_stubs.h", "-include", "cuda_names.h")),
        *(f"-I{d}" for d in include_dirs),
        *(f"-D{d}" for d in defines),
    ]
    read = _inserted(source, insert)
    data = read.encode("utf-8", "surrogateescape")
    unsaved = [(main, data), *stub_files_bytes()]
    if context:
        unsaved.insert(0, (entry, context[1].encode("utf-8", "surrogateescape")))
    options = (
        cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
        | cindex.TranslationUnit.PARSE_INCOMPLETE
        | _KEEP_GOING
    )
    missing = _absent_headers(context[1] + "\n" + source if context else source,
                              os.path.dirname(entry), include_dirs,
                              _system_folders(base[base.index("-resource-dir") + 1]),
                              every_header=not _names_include_folders(extra_args))
    unsaved += [(f"{STUB_DIR}/{h}", stand_in(h)) for h in missing]
    parses = 0
    while True:
        parses += 1
        try:
            unit = index.parse(entry, args=args, unsaved_files=unsaved, options=options)
        except cindex.TranslationUnitLoadError as error:
            if not precompiled:
                raise ClangUnavailable(f"libclang failed to load {path}: {error}") from error
            # libclang 18 cannot load its own C++20 PCH: include the stubs as text instead
            stubs.unreadable(base)
            precompiled = None
            args[args.index("-include-pch"):args.index("-include-pch") + 2] = [
                "-include", "cuda_stubs.h", "-include", "cuda_names.h"]
            unit = index.parse(entry, args=args, unsaved_files=unsaved, options=options)
        headers = [h for h in _missing_headers(unit) if h not in missing]
        if not headers:
            break
        # A missing header leaves calls unresolved for the rest of the file: stand in an
        # empty one for each (in the stub folder, which is on the include path) and parse
        # again, so unavailable headers do not cost the analysis. Parsing goes on past
        # the first (KeepGoing), so one more parse usually finds them all.
        missing += headers
        unsaved += [(f"{STUB_DIR}/{h}", stand_in(h)) for h in headers]
        if parses > _MAX_MISSING_HEADERS:
            break
    if context and unit.get_file(main) is None:
        return None  # the includer's text did not reach the header (another was found)
    offsets = OffsetMap(data, source, read, tuple((at, len(text)) for at, text in insert))
    messages = tuple(_messages(unit, main, directory, base[base.index("-resource-dir") + 1],
                               offsets if insert else None))
    declared = [h for h in missing if declares_api(h)]
    empty = [h for h in missing if not declares_api(h)]
    if declared:
        note = ClangMessage("warning", 1, 1, STOOD_IN_HEADERS + ": " + ", ".join(declared), True)
        messages = (note, *messages)
    if empty:
        note = ClangMessage("warning", 1, 1, MISSING_HEADERS + ": " + ", ".join(empty), True)
        messages = (note, *messages)
    return ParseResult(Node(unit.cursor, main, offsets, unit), messages, parses)


_MAX_MISSING_HEADERS = 4


def _inserted(source: str, insert: Sequence[tuple[int, str]]) -> str:
    """SOURCE with each text of INSERT before its offset."""
    if not insert:
        return source
    pieces, done = [], 0
    for offset, text in insert:
        pieces += [source[done:offset], text]
        done = offset
    pieces.append(source[done:])
    return "".join(pieces)

#: How the note that names the headers stood in for as empty begins.
MISSING_HEADERS = "headers not found, analysed as empty"
#: How the note that names the headers stood in for by rocport's declarations of their
#: API begins (PyTorch's, pybind11's: ``stubs.declares_api``).
STOOD_IN_HEADERS = "headers not found, analysed with rocport's stand-ins"
#: CXTranslationUnit_KeepGoing: a missing header does not end the parse.
_KEEP_GOING = 0x200


#: CUDA toolkit headers (cuda_fp8.h, mma.h, cooperative_groups/reduce.h, cuda/std/...):
#: with -nocudainc clang finds one only where a project or the system keeps a copy.
_TOOLKIT_HEADER = re.compile(
    r"(?:cuda\w*|cooperative_groups|mma|sm_\d+_\w+|nvToolsExt\w*|nvrtc|nvml)\.h(?:pp)?"
    r"|(?:cuda|cooperative_groups|crt|nvtx3)/[\w./]+")
#: A header a file only asks about: standing in an empty one would change the answer.
_ASKED = re.compile(r'__has_include(?:_next)?\s*\(\s*[<"]([^>"\n]+)[>"]')
#: Where clang looks for the system's headers on Linux, and more: a header found in none
#: of these (nor in the tree's folders) is one clang cannot find either.
_SYSTEM_INCLUDE_PATTERNS = (
    "/usr/local/include", "/usr/include", "/usr/include/*-linux-gnu", "/usr/include/c++/*",
    "/usr/include/c++/*/backward", "/usr/include/*-linux-gnu/c++/*")


def _names_include_folders(extra_args: Sequence[str]) -> bool:
    """True when the arguments add folders clang searches that cannot be told here
    (``-isystem``, ``-iquote``, ``-include``, ``--sysroot``): only the toolkit's headers
    are then stood in for before the parse."""
    return any(a.startswith(("-I", "-i", "--include", "--sysroot")) for a in extra_args)


@functools.cache
def _system_folders(resource: str) -> tuple[str, ...]:
    """The folders of _SYSTEM_INCLUDE_PATTERNS and clang's RESOURCE folder that exist."""
    patterns = (f"{resource}/include", f"{resource}/include/cuda_wrappers",
                *_SYSTEM_INCLUDE_PATTERNS)
    return tuple(sorted({folder for pattern in patterns for folder in glob.glob(pattern)
                         if os.path.isdir(folder)}))


def _absent_headers(source: str, folder: str, include_dirs: Sequence[str],
                    system_dirs: Sequence[str], every_header: bool) -> list[str]:
    """The headers that SOURCE includes, itself or through the project's headers (found
    in FOLDER or INCLUDE_DIRS, as clang finds them), that clang cannot find, in order:
    neither stubs nor in those folders or SYSTEM_DIRS. Without EVERY_HEADER, only the
    CUDA toolkit's. One that is nowhere cost a second parse of the whole file to stand
    in an empty one (library headers of PyTorch, CUTLASS or spdlog that a repository
    does not carry: most real files); found first, it costs none. A header the texts ask
    about with ``__has_include`` is left to clang (the toolkit's are stood in for, as
    ever)."""
    stubs = {name[len(STUB_DIR) + 1:] for name, _ in stub_files()}
    absent: list[str] = []
    asked: set[str] = set()
    pending, seen = [(source, folder)], set[str]()
    # where each name was found, by includer's folder for quoted names: the project's
    # common headers are included from most of its headers, each a search of every folder
    located: dict[tuple[str, str], str | None] = {}
    while pending and len(seen) < MAX_HEADERS:
        text, here = pending.pop(0)
        if "__has_include" in text:
            asked.update(_ASKED.findall(text))
        for header, quoted in included_headers(text):
            if header in stubs or header in absent or ".." in header or header.startswith("/"):
                continue
            key = (here if quoted else "", header)
            if key in located:
                found = located[key]
            else:
                found = located[key] = find_header(header, quoted, here, include_dirs)
            if found is None:
                toolkit = _TOOLKIT_HEADER.fullmatch(header) is not None
                if (toolkit or every_header) and not any(
                        os.path.isfile(os.path.join(f, header)) for f in system_dirs):
                    absent.append(header)
            elif found not in seen:
                seen.add(found)
                try:
                    with open(found, encoding="utf-8", errors="replace") as file:
                        pending.append((file.read(MAX_HEADER_BYTES), os.path.dirname(found)))
                except OSError:
                    continue
    return [header for header in absent
            if header not in asked or _TOOLKIT_HEADER.fullmatch(header)]


#: Diagnostics read back from libclang (each costs tens of microseconds): clang stops after
#: 50 errors, and the notes that go with them stay far below this.
_MAX_DIAGNOSTICS = 1000


def _missing_headers(unit) -> list[str]:
    """The headers of the 'file not found' errors, in order."""
    found = []
    for diagnostic in itertools.islice(unit.diagnostics, _MAX_DIAGNOSTICS):
        text = diagnostic.spelling
        if diagnostic.severity >= 3 and text.endswith("file not found") and text.startswith("'"):
            header = text[1:text.index("'", 1)]
            if ".." not in header and not header.startswith("/") and header not in found:
                found.append(header)
    return found


def _messages(unit, main: str, directory: str, resource_dir: str,
              offsets: OffsetMap | None) -> Iterator[ClangMessage]:
    """clang's diagnostics; the text of one located in a file that is neither the tree's
    (below DIRECTORY, which relative paths are resolved against) nor a system header is
    withheld: it could quote a file of the host. OFFSETS, when clang read texts inserted
    in the main file, puts the main file's messages back on the original text's lines."""
    names = {0: "ignored", 1: "note", 2: "warning", 3: "error", 4: "fatal"}
    shown = (os.path.realpath(directory), resource_dir, STUB_DIR, *_SYSTEM_HEADERS)
    for diagnostic in itertools.islice(unit.diagnostics, _MAX_DIAGNOSTICS):
        location = diagnostic.location
        file = location.file.name if location.file else ""
        in_main = file == main
        text = diagnostic.spelling
        if file and not in_main and not _below_any(file, shown):
            text = "an error in a file outside the project (not shown)"
        line, column = location.line, location.column
        if in_main and offsets is not None:
            original = offsets.char_offset(location.offset)
            line = offsets.text.count("\n", 0, original) + 1
            column = original - offsets.text.rfind("\n", 0, original)
        yield ClangMessage(names.get(diagnostic.severity, "note"), line, column, text, in_main)


#: Folders of public system headers whose diagnostics may be quoted.
_SYSTEM_HEADERS = ("/usr/include", "/usr/lib", "/usr/local/include", "/opt/rocm")


def _below_any(file: str, folders: Sequence[str]) -> bool:
    real = os.path.realpath(file) if not file.startswith(STUB_DIR) else file
    return any(real == folder or real.startswith(folder.rstrip("/") + "/") for folder in folders)
