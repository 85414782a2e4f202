"""What a parse gives: ``Node``s over clang's cursors with offsets in characters of the
original text, the file's function definitions and clang's messages."""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

from translator.analysis.clang.library import bindings


@dataclass(frozen=True, slots=True)
class ClangMessage:
    """A clang diagnostic located in the parsed file (1-based line and column)."""

    severity: str  # "note", "warning", "error" or "fatal"
    line: int
    column: int
    message: str
    in_main_file: bool


@dataclass(frozen=True, eq=False)
class Function:
    """A function definition of the main file and where its code runs.

    ``target`` is ``"global"`` (a kernel), ``"device"``, ``"host-device"`` or ``"host"``.
    Offsets are characters of the original text; ``body`` is the COMPOUND_STMT node.
    """

    name: str
    start: int
    end: int
    body_start: int
    target: str
    node: Node | None = None

    @property
    def on_device(self) -> bool:
        return self.target != "host"


_FUNCTION_KINDS = frozenset({
    "FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE", "CONSTRUCTOR", "DESTRUCTOR",
    "CONVERSION_FUNCTION",
})
@dataclass(frozen=True)
class ParseResult:
    root: Node
    messages: tuple[ClangMessage, ...]
    #: How many times clang parsed the file: a header found missing costs one more.
    parses: int = 1

    @property
    def errors(self) -> tuple[ClangMessage, ...]:
        return tuple(m for m in self.messages if m.severity in ("error", "fatal"))

    @functools.cached_property
    def functions(self) -> tuple[Function, ...]:
        """Function definitions of the main file (also in namespaces and classes), by start."""
        found: list[Function] = []
        pending = self.root.main_file_children()
        while pending:
            node = pending.pop()
            kind = node.kind
            if kind in _FUNCTION_KINDS:
                body, target = node.body_and_target()
                if body is not None:
                    found.append(Function(node.spelling, node.start, node.end, body.start,
                                          target, node))
            elif kind in ("NAMESPACE", "CLASS_DECL", "STRUCT_DECL", "CLASS_TEMPLATE",
                          "UNEXPOSED_DECL", "LINKAGE_SPEC"):
                pending.extend(c for c in node.children() if c.in_main_file)
        return tuple(sorted(found, key=lambda f: f.start))

class OffsetMap:
    """Turns clang's byte offsets into character offsets of the original text, and back.

    clang reads DATA, the UTF-8 of READ: the original TEXT with some texts inserted
    (``INSERTED``: (offset in TEXT, length) of each, by offset; see ``parse``). A place
    inside an inserted text is the offset it was inserted at."""

    def __init__(self, data: bytes, text: str, read: str | None = None,
                 inserted: tuple[tuple[int, int], ...] = ()) -> None:
        self._read = text if read is None else read
        self._identity = len(data) == len(self._read)
        self._data = data
        self._inserted = inserted
        self.text = text

    def char_offset(self, byte_offset: int) -> int:
        read = byte_offset if self._identity else len(
            self._data[:byte_offset].decode("utf-8", "surrogateescape"))
        shift = 0
        for offset, length in self._inserted:
            if read < offset + shift:
                break
            if read < offset + shift + length:
                return offset
            shift += length
        return read - shift

    def byte_offset(self, char_offset: int) -> int:
        read = char_offset + sum(length for offset, length in self._inserted
                                 if offset < char_offset)
        if self._identity:
            return read
        return len(self._read[:read].encode("utf-8", "surrogateescape"))


#: Canonical type kinds whose size libclang cannot give. It crashes (a segmentation
#: fault) on some of them: a variable declared with a class template's name alone
#: (``Tensor t = make_tensor(...)`` in a function template) has an undeduced type that
#: canonicalises to UNEXPOSED.
_UNSIZED_KINDS = frozenset({"INVALID", "UNEXPOSED", "DEPENDENT", "AUTO"})


def _size_of(type_) -> int | None:  # a cindex.Type
    """sizeof TYPE in bytes (of what a reference refers to), or None when unknown."""
    canonical = type_.get_canonical()
    if canonical.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        canonical = canonical.get_pointee().get_canonical()
    if canonical.kind.name in _UNSIZED_KINDS:
        return None
    size = canonical.get_size()
    return size if size >= 0 else None


class Node:
    """A cursor of the parsed file with offsets in characters of the original text.

    Besides the cursor's kind, spelling and extent it answers the few semantic questions
    hazard rules ask: the constant value of an expression (``evaluate``), sizes and
    shapes of types (``type_size``, ``pointee_size``, ``array_extents``), volatility,
    the operator of an operator node and where a function runs (``cuda_target``).
    """

    __slots__ = ("_cursor", "_main", "_offsets", "_unit", "_start", "_end", "_walked", "_top")

    def __init__(self, cursor, main: str, offsets: OffsetMap, unit) -> None:
        self._cursor = cursor
        self._main = main
        self._offsets = offsets
        self._unit = unit  # keeps the translation unit alive while nodes exist
        self._start: int | None = None  # character offsets, read once
        self._end: int | None = None
        self._walked: list[Node] | None = None  # the translation unit's walk, listed once
        self._top: list | None = None  # the translation unit's main-file top-level cursors

    @property
    def kind(self) -> str:
        """Cursor kind name, e.g. ``CALL_EXPR``, ``FUNCTION_DECL``, ``VAR_DECL``."""
        try:
            return self._cursor.kind.name
        except ValueError:  # a kind newer than the bindings know
            return "UNKNOWN"

    @property
    def spelling(self) -> str:
        return self._cursor.spelling

    @property
    def type_spelling(self) -> str:
        return self._cursor.type.spelling

    @property
    def in_main_file(self) -> bool:
        location = self._cursor.location
        return bool(location.file) and location.file.name == self._main

    @property
    def start(self) -> int:
        if self._start is None:
            self._start = self._offsets.char_offset(_offset(self._extent.start))
        return self._start

    @property
    def end(self) -> int:
        if self._end is None:
            self._end = self._offsets.char_offset(_offset(self._extent.end))
        return self._end

    @property
    def expanded_start(self) -> int:
        """Where the outermost macro use the node's first token comes from starts (its
        ``start`` when that token is not from a macro): ``start`` is where the code is
        written, in a macro's argument where it is spelled."""
        return self._offsets.char_offset(_expansion_offset(self._extent.start))

    @property
    def _extent(self):
        return self._cursor.extent

    @property
    def line(self) -> int:
        return self._cursor.location.line

    @property
    def end_line(self) -> int:
        """The line of the end of the extent."""
        return self._cursor.extent.end.line

    @property
    def attributes(self) -> frozenset[str]:
        """Kinds of attribute children: ``CUDAGLOBAL_ATTR``, ``CUDADEVICE_ATTR``..."""
        return frozenset(
            child.kind.name for child in self._cursor.get_children() if child.kind.is_attribute()
        )

    @property
    def text(self) -> str:
        """The source text of the extent ('' for nodes without a main-file extent)."""
        start, end = self.start, self.end
        return self._offsets.text[start:end] if end > start else ""

    @property
    def cuda_target(self) -> str:
        """For a function: ``global``, ``device``, ``host-device`` or ``host``."""
        return _cuda_target(self.attributes)

    def body_and_target(self) -> tuple[Node | None, str]:
        """For a function: its body (None for a declaration) and ``cuda_target``, from
        one listing of its children."""
        body, attributes = None, set()
        for child in self._cursor.get_children():
            try:
                kind = child.kind
            except ValueError:  # a kind newer than the bindings know
                continue
            if kind.is_attribute():
                attributes.add(kind.name)
            elif body is None and kind.name == "COMPOUND_STMT":
                body = Node(child, self._main, self._offsets, self._unit)
        return body, _cuda_target(attributes)

    @property
    def is_shared(self) -> bool:
        """A variable declared ``__shared__``."""
        return "CUDASHARED_ATTR" in self.attributes

    @property
    def is_invalid_declaration(self) -> bool:
        """A declaration clang marked invalid: its type names something clang could not
        resolve (a header the tree lacks), so its type and size are guesses."""
        return bool(_invalid_declaration()(self._cursor))

    @property
    def is_pointer(self) -> bool:
        return self._cursor.type.get_canonical().kind.name == "POINTER"

    @property
    def type_size(self) -> int | None:
        """Size in bytes of the node's type; None for incomplete or dependent types."""
        return _size_of(self._cursor.type)

    @property
    def pointee_size(self) -> int | None:
        """Size in bytes of what a pointer (or array) points to; None when unknown."""
        canonical = self._cursor.type.get_canonical()
        inner = canonical.get_pointee() if canonical.kind.name == "POINTER" else None
        if inner is None or inner.kind.name == "INVALID":
            inner = canonical.get_array_element_type()
        size = _size_of(inner)
        return size if size else None

    @property
    def pointee_spelling(self) -> str:
        canonical = self._cursor.type.get_canonical()
        inner = canonical.get_pointee()
        if inner.kind.name == "INVALID":
            inner = canonical.get_array_element_type()
        return inner.spelling if inner.kind.name != "INVALID" else ""

    @property
    def array_extents(self) -> tuple[int, ...]:
        """Extents of a constant-size array type, outermost first (``()`` otherwise)."""
        extents = []
        kind = self._cursor.type.get_canonical()
        while kind.kind.name == "CONSTANTARRAY":
            extents.append(kind.get_array_size())
            kind = kind.get_array_element_type().get_canonical()
        return tuple(extents)

    @property
    def operator(self) -> str:
        """The operator of a binary, compound-assignment or unary operator node."""
        children = list(self._cursor.get_children())
        text = self._offsets.text
        if len(children) == 2 and self.kind != "UNARY_OPERATOR":
            left, right = (Node(c, self._main, self._offsets, self._unit) for c in children)
            return text[left.end:right.start].strip() if right.start > left.end else ""
        if len(children) == 1:
            operand = Node(children[0], self._main, self._offsets, self._unit)
            before = text[self.start:operand.start].strip()
            return before or text[operand.end:self.end].strip()
        return ""

    def evaluate(self) -> int | float | None:
        """The value clang computes for a constant expression, or None."""
        return _evaluate(self._cursor)

    @property
    def referenced(self) -> Node | None:
        target = self._cursor.referenced
        return Node(target, self._main, self._offsets, self._unit) if target else None

    def main_file_children(self) -> list[Node]:
        """The children located in the main file (for the translation unit: its top-level
        declarations, without visiting the headers' declarations one by one in Python)."""
        if self._cursor.kind.name == "TRANSLATION_UNIT":
            return self._walk(self._top_level())
        return [child for child in self.children() if child.in_main_file]

    def _top_level(self) -> list:
        """The translation unit's top-level cursors in the main file, listed once (a visit
        of every declaration of the included headers too, but not of the precompiled
        ones: the index excludes them)."""
        if self._top is None:
            self._top = _top_cursors(self._cursor, self._main)
        return self._top

    def children(self) -> Iterator[Node]:
        for child in self._cursor.get_children():
            yield Node(child, self._main, self._offsets, self._unit)

    def walk(self) -> Iterator[Node]:
        """This node and its descendants located in the main file, depth first.

        From the translation unit, only top-level declarations of the main file are
        entered, so the (large) ASTs of included headers are never visited; that walk is
        listed once and shared by every rule that asks for it.
        """
        if self._cursor.kind.name != "TRANSLATION_UNIT":
            return iter(self._walk(_main_file_cursors(self._cursor, self._main)))
        if self._walked is None:
            found = []
            for top in self._top_level():
                found += _main_file_cursors(top, self._main)
            self._walked = self._walk(found)
        return iter(self._walked)

    def descendants(self, kind: str) -> list[Node]:
        """The nodes of KIND (a cursor kind name, e.g. ``VAR_DECL``) among ``walk()``'s
        (of a node other than the translation unit): filtered in the visit, without a
        Python object per node of the subtree."""
        cursor_kind = getattr(bindings().CursorKind, kind)
        return self._walk(_main_file_cursors(self._cursor, self._main, cursor_kind))

    def declarations_at(self, name: str, offsets: Iterable[int]) -> list[Node]:
        """The variables and parameters named NAME whose names are at OFFSETS (character
        offsets of main-file tokens), in order. Called on the translation unit: clang is
        asked at each spot instead of the whole tree being walked in Python, which costs
        a callback per node of the file."""
        cindex = bindings()
        unit, offsets_map = self._unit, self._offsets
        file = unit.get_file(self._main)
        kinds = _declaration_kinds()
        found = []
        for offset in offsets:
            byte = offsets_map.byte_offset(offset)
            location = cindex.SourceLocation.from_offset(unit, file, byte)
            cursor = cindex.Cursor.from_location(unit, location)
            if (cursor.kind in kinds and cursor.spelling == name
                    and _offset(cursor.location) == byte):
                found.append(Node(cursor, self._main, offsets_map, unit))
        return found

    def starting_at(self, start: int) -> list[Node]:
        """The nodes of ``walk()`` (of a node other than the translation unit) that start
        at START, a character offset of the main file, in preorder. Only the subtrees
        whose extents hold START are entered: a walk of a whole declaration (a namespace
        of the file) cost a Python callback and an extent per node."""
        return self._walk(_cursors_starting_at(self._cursor, self._main,
                                               self._offsets.byte_offset(start)))

    def _walk(self, cursors) -> list[Node]:
        main, offsets, unit = self._main, self._offsets, self._unit
        return [Node(cursor, main, offsets, unit) for cursor in cursors]

    def __repr__(self) -> str:
        return f"Node({self.kind}, {self.spelling!r}, {self.start}..{self.end})"


def _cuda_target(attributes: Collection[str]) -> str:
    if "CUDAGLOBAL_ATTR" in attributes:
        return "global"
    if "CUDADEVICE_ATTR" in attributes:
        return "host-device" if "CUDAHOST_ATTR" in attributes else "device"
    return "host"


@functools.cache
def _invalid_declaration():
    """``clang_isInvalidDeclaration`` (libclang 7 and later), declared for ctypes."""
    import ctypes

    cindex = bindings()
    function = cindex.conf.lib.clang_isInvalidDeclaration
    function.argtypes = [cindex.Cursor]
    function.restype = ctypes.c_uint
    return function


@functools.cache
def _declaration_kinds() -> frozenset:
    kinds = bindings().CursorKind
    return frozenset({kinds.VAR_DECL, kinds.PARM_DECL})


@functools.cache
def _location_parts():
    """``clang_getFileLocation``, ``clang_getInstantiationLocation`` and
    ``clang_getCursorLocation``, the first two declared to take plain pointers (the
    bindings' declaration builds a File per call)."""
    import ctypes

    cindex = bindings()
    lib = cindex.conf.lib
    found = []
    for name in ("clang_getFileLocation", "clang_getInstantiationLocation"):
        function = lib._FuncPtr((name, lib))
        function.argtypes = [cindex.SourceLocation, ctypes.c_void_p, ctypes.c_void_p,
                             ctypes.c_void_p, ctypes.c_void_p]
        function.restype = None
        found.append(function)
    return found[0], found[1], lib.clang_getCursorLocation


def _offset(location) -> int:
    """The byte offset of a source location where its code is written: in a macro's
    argument (``CHECK(f(x))``, a lambda given to a dispatch macro), where the argument
    is spelled; in a macro's body, where the macro is used (clang's file location).
    Questions about code inside a macro's arguments find its nodes there."""
    import ctypes

    offset = ctypes.c_uint()
    _location_parts()[0](location, None, None, None, ctypes.byref(offset))
    return offset.value


def _expansion_offset(location) -> int:
    """The byte offset of the start of the outermost macro use a source location comes
    from (its own offset outside macros)."""
    import ctypes

    offset = ctypes.c_uint()
    _location_parts()[1](location, None, None, None, ctypes.byref(offset))
    return offset.value


def _main_file_test(main: str):
    """A test ``cursor.location.file.name == main`` (of the file location, as
    ``_offset``'s) that names each distinct file once."""
    import ctypes

    cindex = bindings()
    parts, _, location_of = _location_parts()
    file = ctypes.c_void_p()
    file_pointer = ctypes.byref(file)
    names: dict[int, bool] = {}

    def in_main(cursor) -> bool:
        parts(location_of(cursor), file_pointer, None, None, None)
        address = file.value
        if not address:
            return False
        known = names.get(address)
        if known is None:
            named = cindex.File(ctypes.cast(address, cindex.c_object_p))
            known = names[address] = named.name == main
        return known

    return in_main


def _top_cursors(unit_cursor, main: str) -> list:
    """The top-level cursors of the translation unit located in the main file, in order
    (one C callback per declaration instead of Python cursor lists)."""
    cindex = bindings()
    tu, in_main, found = unit_cursor._tu, _main_file_test(main), []

    def visit(cursor, _parent, _data):
        if in_main(cursor):
            cursor._tu = tu
            found.append(cursor)
        return 1  # CXChildVisit_Continue

    cindex.conf.lib.clang_visitChildren(unit_cursor, cindex.callbacks["cursor_visit"](visit), [])
    return found


def _main_file_cursors(top, main: str, kind=None) -> list:
    """TOP and its descendants located in the main file (of KIND only, a CursorKind,
    when given), in preorder (as ``walk_preorder`` filtered by file, with one C
    callback per cursor)."""
    cindex = bindings()
    tu, in_main = top._tu, _main_file_test(main)
    wanted = None if kind is None else kind.value
    found = [top] if in_main(top) and (wanted is None or top._kind_id == wanted) else []

    def visit(cursor, _parent, _data):
        if (wanted is None or cursor._kind_id == wanted) and in_main(cursor):
            cursor._tu = tu
            found.append(cursor)
        return 2  # CXChildVisit_Recurse: preorder

    cindex.conf.lib.clang_visitChildren(top, cindex.callbacks["cursor_visit"](visit), [])
    return found


def _cursors_starting_at(top, main: str, target: int) -> list:
    """TOP's cursors located in the main file whose extents start at byte offset TARGET,
    in preorder; a subtree is entered only when its root's extent holds TARGET.

    A cursor starts at TARGET where its code is written (``_offset``) or, for code a
    macro makes, where the macro is used (``SZ(32)`` for ``32 * 4``: its expansion)."""
    cindex = bindings()
    tu, in_main = top._tu, _main_file_test(main)
    extent_of = cindex.conf.lib.clang_getCursorExtent
    found = []

    def visit(cursor, _parent, _data):
        extent = extent_of(cursor)
        begin, end = extent.start, extent.end
        first, expanded = _offset(begin), _expansion_offset(begin)
        if first == target or expanded == target:
            if in_main(cursor):
                cursor._tu = tu
                found.append(cursor)
            return 2  # CXChildVisit_Recurse
        last = _offset(end)
        # the extent, as written and as expanded; arguments a macro reorders make the
        # written one run backwards, and then the subtree is entered
        if min(first, expanded) <= target <= max(last, _expansion_offset(end)) or first > last:
            return 2
        return 1  # CXChildVisit_Continue: nothing below starts there

    start = top.extent.start
    if target in (_offset(start), _expansion_offset(start)) and in_main(top):
        found.append(top)
    cindex.conf.lib.clang_visitChildren(top, cindex.callbacks["cursor_visit"](visit), [])
    return found


@functools.cache
def _evaluation_library():
    """libclang with the clang_Cursor_Evaluate family declared (the bindings lack it)."""
    import ctypes

    cindex = bindings()
    lib = cindex.conf.lib
    lib.clang_Cursor_Evaluate.argtypes = [cindex.Cursor]
    lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
    for name, restype in (
        ("clang_EvalResult_getKind", ctypes.c_int),
        ("clang_EvalResult_isUnsignedInt", ctypes.c_uint),
        ("clang_EvalResult_getAsUnsigned", ctypes.c_ulonglong),
        ("clang_EvalResult_getAsLongLong", ctypes.c_longlong),
        ("clang_EvalResult_getAsDouble", ctypes.c_double),
        ("clang_EvalResult_dispose", None),
    ):
        function = getattr(lib, name)
        function.argtypes = [ctypes.c_void_p]
        function.restype = restype
    return lib


def _evaluate(cursor) -> int | float | None:
    if not (cursor.kind.is_expression() or cursor.kind.name == "VAR_DECL"):
        return None
    lib = _evaluation_library()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        kind = lib.clang_EvalResult_getKind(result)
        if kind == 1:  # CXEval_Int
            if lib.clang_EvalResult_isUnsignedInt(result):
                return int(lib.clang_EvalResult_getAsUnsigned(result))
            return int(lib.clang_EvalResult_getAsLongLong(result))
        if kind == 2:  # CXEval_Float
            return float(lib.clang_EvalResult_getAsDouble(result))
        return None
    finally:
        lib.clang_EvalResult_dispose(result)
