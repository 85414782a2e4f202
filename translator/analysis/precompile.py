"""``python -m translator.analysis.precompile FOLDER``: precompile the clang stubs into
FOLDER (see ``translator.analysis.clang.StubCache.precompile_into``); exit status 1 when
they cannot be built. A parent runs it outside the sandbox, once, for every sandboxed
translation to read."""

from __future__ import annotations

import sys

from translator.analysis.clang import ClangUnavailable, StubCache


def main(argv: list[str]) -> int:
    try:
        return 0 if StubCache().precompile_into(argv[0]) else 1
    except ClangUnavailable as error:
        print(f"precompile: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
