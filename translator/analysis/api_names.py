"""What CUDA API names mean in a file: knowledge R101 shares with other rules and the tree.

R101 (``translator/rules/cuda_api_name.py``) renames the table's names. Others need
part of what it knows:

- ``UNKNOWN``: the shape of a name that looks like a CUDA API name but is in no table
  (``cudaFooBar``, ``CUBLAS_X``); ``declared_in_file`` tells a file's own such name (a
  ``CUDA_CHECK`` macro, a ``cudaStatus`` variable) from an API name, by the shape of its
  declaration. R003's block judging and the tree's ``project_names`` use both.
- ``translate_names``: a piece of code with the table's renames applied, for rules that
  rebuild a piece of code (a call's arguments) whose renames they overwrite; it renames
  as R101 does, in the file's context (``in_context``: the legacy cuBLAS API of
  ``cublas.h``, rocSPARSE's data types with ``--roc``).
"""

from __future__ import annotations

import re

from translator.data.names import Target, resolve
from translator.source.scan import Regions
from translator.source.syntax import is_member_name
from translator.unit import Unit

__all__ = ["CANDIDATES", "UNKNOWN", "KEYWORDS", "declared_in_file", "translate_names",
           "in_context", "depends_on_context"]

#: Words with an API prefix: the candidates for a rename.
CANDIDATES = re.compile(r"(?:cu|CU|Cu|__|nv|NV)(?<![\w$]..)[\w$]*")
#: Names that look like CUDA API names; reported when neither the table nor the file has them.
UNKNOWN = re.compile(
    r"""(?:cuda|cublas(?:Lt)?|cusparse|cusolver(?:Dn|Sp|Rf|Mg)?|curand|cufft|cudnn|cutensor
         |nvrtc|nvjpeg|nvJitLink)[A-Z0-9_]\w*
       |cuuint(?:8|16|32|64)_t
       |cu[A-Z]\w*|CU[a-z]\w*
       |(?:CU|CUDA|CUDART|CUBLAS|CUBLASLT|CUSPARSE|CUSOLVER|CURAND|CUFFT|CUDNN|CUTENSOR|NVRTC
          |CUB)_\w+
       |__CUDA\w*""",
    re.VERBOSE,
)
#: Words that end no type: a name after one of them is used, not declared.
KEYWORDS = (r"(?:return|else|case|goto|throw|new|delete|sizeof|co_return|co_yield|do"
             r"|operator|namespace)")
# What may come before a declared name: a type (an identifier that is not a keyword,
# possibly with * and &), a closing > or }, struct/class/... or "#define".
_DECLARED_BEFORE = re.compile(
    rf"""(?:(?<![\w$])(?!{KEYWORDS}\b)[A-Za-z_][\w$]*(?:\s*[*&]+\s*|\s+)
         |[>}}]\s*[*&]*\s*
         |^[ \t]*\#[ \t]*define[ \t]+)$""",
    re.VERBOSE | re.MULTILINE,
)
_DECLARED_AFTER = re.compile(r"\s*[(=;,\[){:]|[ \t\r\n]|$")


def in_context(entry, target: Target, unit: Unit) -> Target:
    """TARGET adjusted to what the file around the name says.

    A cuBLAS name that the legacy API (``cublas.h``) and the v2 API share
    (``hip_supported_v2_only`` in the table: ``cublasSgemm``) means the legacy, handle-free
    function in a file that includes ``cublas.h`` and not ``cublas_v2.h``; hipBLAS and
    rocBLAS have only the v2 API. With --roc, CUDA's data type values (CUDA_R_32F) name
    rocBLAS types; in a file that uses cuSPARSE and not cuBLAS they must name rocSPARSE's.
    """
    name = target.name
    if name and "hip_supported_v2_only" in entry.flags and _legacy_cublas(unit):
        return Target(None, f"{entry.cuda} here is the legacy cuBLAS API of cublas.h, which "
                      "hipBLAS and rocBLAS lack (they have the cublas_v2.h API)", target.library)
    if (name and name.startswith("rocblas_datatype_") and unit.mentions("cusparse")
            and not unit.mentions("cublas")):
        return target._replace(name="rocsparse_datatype_" + name[len("rocblas_datatype_"):])
    return target


def depends_on_context(entry, target: Target) -> bool:
    """True when in_context may change TARGET depending on the file."""
    return "hip_supported_v2_only" in entry.flags or bool(
        target.name and target.name.startswith("rocblas_datatype_"))


def _legacy_cublas(unit: Unit) -> bool:
    """True when UNIT includes the legacy cuBLAS header and not the v2 one."""
    return unit.fact(_includes_legacy_cublas)


def _includes_legacy_cublas(unit: Unit) -> bool:
    headers = {d.tokens[0].text[1:-1] for d in unit.includes if d.tokens}
    return "cublas.h" in headers and "cublas_v2.h" not in headers


def declared_in_file(unit: Unit, name: str) -> bool:
    """True when the file declares NAME itself (a macro, type, function or variable):
    an occurrence in the position of a declaration. Enough to tell a user's CUDA_CHECK
    or cudaStatus from an API name."""
    source = unit.source
    for start in unit.whole_identifiers(name):
        if not _DECLARED_AFTER.match(source, start + len(name)):
            continue
        line_start = source.rfind("\n", 0, start) + 1
        if _DECLARED_BEFORE.search(source[max(line_start, start - 80) : start]):
            return True
        if re.search(r"(?<![\w$])(?:struct|class|union|enum|namespace|typedef|using)\s+$",
                     source[max(0, start - 40) : start]):
            return True
    return False


def translate_names(text: str, unit: Unit) -> str:
    """TEXT (a piece of code, e.g. a call argument) with the table's renames applied.

    Used by rules that rebuild a piece of code whose own renames they overwrite.
    """
    if not CANDIDATES.search(text):
        return text
    pieces: list[str] = []
    position = 0
    table = unit.names.identifiers
    for match in Regions(text).code_matches(CANDIDATES):
        entry = table.get(match.group())
        if entry is None or is_member_name(text, match.start()):
            continue
        target = in_context(entry, resolve(entry, unit.options), unit)
        if target.name and target.name != match.group():
            pieces.append(text[position : match.start()] + target.name)
            position = match.end()
    return "".join(pieces) + text[position:]

