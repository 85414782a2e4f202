"""Launch configurations clang cannot read: a braced list as a launch argument.

nvcc accepts ``k<<<grid, {16, 16, 1}, 0, stream>>>(...)``: the list initialises the
``dim3``. clang parses what is between ``<<<`` and ``>>>`` as plain expressions and
rejects the list ("expected expression"), and the whole function around the launch is
then analysed with tokens. In the text given to clang such a list is read as
``dim3{16, 16, 1}``: ``braced_launch_arguments`` says where, and
``translator.analysis.clang.parse`` inserts the type name there while keeping the
offsets of the nodes and messages those of the original text. hipcc rejects the list as
clang does, so R201 writes the same type name in the output.
"""

from __future__ import annotations

from translator.analysis.expressions import CodeTokens, arguments, closing
from translator.source.tokens import tokenize_code
from translator.unit import Unit

__all__ = ["braced_launch_arguments", "LAUNCH_TYPE"]

#: The type a braced launch argument initialises, inserted before it for clang.
LAUNCH_TYPE = "dim3"


def braced_launch_arguments(unit: Unit) -> tuple[int, ...]:
    """The offsets of the ``{`` of each braced argument of a ``<<<...>>>`` launch
    configuration in UNIT's code (outside preprocessor directives), in order."""
    source = unit.source
    if not unit.mentions("<<<") or "{" not in source:
        return ()
    directives = unit.directives
    outside = ([d.start for d in directives], [d.end for d in directives])
    # the tokens Facts.code holds (facts asks for the parse: it cannot be asked here)
    code = CodeTokens(tokenize_code(source, outside if directives else None))
    found = []
    for index, token in enumerate(code):
        # An unclosed "<<<" (a shift, or text being written) is no launch; its arguments
        # would run to the end of the file, each of them (quadratic on "<<<<<<...").
        if token.text == "<<<" and code.closer(index) < len(code):
            found += [code[first].start for first, last in arguments(code, index)
                      if code[first].text == "{" and closing(code, first) == last - 1]
    return tuple(found)
