"""Finds inline PTX assembly and lists the opcodes it uses.

What it finds
-------------
``asm(...)``, ``asm volatile(...)`` and ``__asm__(...)`` statements outside host-only
functions, with an inventory of the PTX opcodes (``mov.u32``, ``shfl.sync.bfly.b32``,
``ld.global.nc``...) and special registers (``%laneid``, ``%warpid``...) they use; in
the bodies of the file's macros (``#define LDG_CG(x, p) asm volatile("ld.global.cg...")``)
too, where the template shows PTX (a dotted opcode or a special register).

Why it matters on AMD
---------------------
PTX is NVIDIA's virtual ISA; hipcc cannot compile it for AMD GPUs. Every inline PTX
statement must be rewritten with HIP intrinsics or AMDGCN builtins, and the inventory
tells how much work that is. Special registers such as ``%laneid`` also encode a
32-lane warp.

Example
-------
```
asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
```

Suggested fix
-------------
Replace each opcode with its HIP equivalent (``__lane_id()``, ``__shfl_xor``,
``__builtin_nontemporal_load``...). No automatic fix.

Limits
------
Assembly built by macros from pieces, or in a function clang could not classify, is
still reported; asm in host-only functions (x86) is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import closing
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, macro_bodies, scan
from translator.rules.base import Finding, Rule

_ASM = frozenset({"asm", "__asm__", "__asm"})
_QUALIFIERS = frozenset({"volatile", "__volatile__", "__volatile", "inline", "goto"})
_OPCODE = re.compile(r"^(?:@!?%?\w+\s+)?([a-z][a-z0-9_]*(?:\.[a-z0-9_:]+)*)")
_REGISTER = re.compile(r"%%?(laneid|warpid|nwarpid|lanemask_\w+|smid|clock64|clock|globaltimer)")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions_any(_ASM):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, _ASM):
        function = facts.function_at(token.start)
        if function is not None and not function.on_device:
            continue
        found = _statement(code, index)
        if found is not None:
            yield found
    for _, body in macro_bodies(unit):  # a PTX helper macro: the asm is in no function
        for index, token in enumerate(body):
            if token.text in _ASM:
                found = _statement(body, index, ptx_only=True)
                if found is not None:
                    yield found


def _statement(code, index: int, ptx_only: bool = False) -> Finding | None:
    """The finding of the asm statement whose keyword is CODE[INDEX]; with PTX_ONLY, only
    when its template shows PTX (dotted opcodes or special registers): a macro's asm may
    be x86 for the host."""
    token = code[index]
    if token.text not in _ASM or (index > 0 and code[index - 1].text in (".", "->")):
        return None
    position = index + 1
    while position < len(code) and code[position].text in _QUALIFIERS:
        position += 1
    if position >= len(code) or code[position].text != "(":
        return None
    end = closing(code, position)
    template = ""
    for inner in range(position + 1, end):
        if code[inner].kind == "string":
            template += _literal(code[inner].text)
        elif code[inner].text == ":":
            break
    opcodes = _opcodes(template)
    registers = sorted({"%" + name for name in _REGISTER.findall(template)})
    if ptx_only and not registers and not any("." in opcode for opcode in opcodes):
        return None
    inventory = ", ".join(opcodes) or "none found"
    extra = f"; special registers: {', '.join(registers)}" if registers else ""
    return finding("W430", f"inline PTX cannot be compiled for AMD GPUs (opcodes: "
                   f"{inventory}{extra})", token.start,
                   "rewrite with HIP intrinsics or AMDGCN builtins")


def _literal(text: str) -> str:
    start = text.find('"')
    body = text[start + 1:-1] if text.endswith('"') else text[start + 1:]
    return body.replace("\\n", "\n").replace("\\t", " ")


def _opcodes(template: str) -> list[str]:
    found: list[str] = []
    for piece in re.split(r"[;\n{}]", template):
        piece = piece.strip()
        if not piece or piece.endswith(":") or piece.startswith("//"):
            continue
        match = _OPCODE.match(piece)
        if match and match.group(1) not in found and not match.group(1).startswith("reg"):
            found.append(match.group(1))
    return found


RULE = Rule(
    code="W430",
    name="inline-ptx",
    summary="Inline PTX assembly, with the inventory of its opcodes",
    check=check,
    category="inline-asm",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=tuple(sorted(_ASM)),
)
