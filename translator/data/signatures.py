"""The call signature table (``data/call_signatures.tsv``): CUDA calls whose HIP form
takes other arguments, each with its new callee and an argument template (``$N``,
``$N...`` and literal text, see the data file). ``translator.analysis.call_rewrites``
turns a row into edits.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from translator.data import DIRECTORY as DATA_DIRECTORY

__all__ = ["Signature", "signatures", "SIGNATURES_PATH"]

SIGNATURES_PATH = DATA_DIRECTORY / "call_signatures.tsv"


@dataclass(frozen=True)
class Signature:
    """One row of call_signatures.tsv."""

    cuda: str
    arguments: int | None  # required argument count, None for any
    library: str
    target: str
    template: str
    note: str


@functools.cache
def signatures(path: Path = SIGNATURES_PATH) -> dict[str, tuple[Signature, ...]]:
    """Rows by CUDA name (a name may have rows for several libraries or arities)."""
    rows: dict[str, list[Signature]] = {}
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    header = lines[0].split("\t")
    for line in lines[1:]:
        values = dict(zip(header, line.split("\t"), strict=True))
        arity = None if values["arguments"] == "*" else int(values["arguments"])
        rows.setdefault(values["cuda"], []).append(
            Signature(values["cuda"], arity, values["library"], values["target"],
                      values["template"], values["note"])
        )
    return {name: tuple(found) for name, found in rows.items()}
