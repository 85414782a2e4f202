"""Translate one file for ``/api/translate/``: inside the request, in a child process.

Why in the request: one file of at most ``SNIPPET_MAX_BYTES`` translates in well under a
second (the table lookups and token rules are linear; libclang parses one file with
in-memory stand-ins for the CUDA headers), so queueing it behind whole-repository jobs
would only make people wait. Why in a child process: libclang has no time limit of its
own and may crash on hostile input; a forked child (cheap: it shares the loaded
translator with the web process) is killed at the deadline, and its crash cannot take
the web process down. The child touches no database, socket or log; it only translates
and sends a dict back through a pipe.
"""

from __future__ import annotations

import logging
import multiprocessing

from translator import Options, translate
from translator.names import load_names
from translator.patches import file_diff

logger = logging.getLogger(__name__)


class SnippetTimeout(Exception):
    """The translation did not finish before the deadline (the child was killed)."""


class SnippetCrashed(Exception):
    """The child process ended without an answer (a crash in libclang, out of memory)."""


def translate_snippet(source: str, options: Options, path: str, timeout: float) -> dict:
    """Translate SOURCE as the file PATH; the answer of ``/api/translate/`` (see views)."""
    load_names()  # loaded once in the web process, so every child inherits the table
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_translate_in_child, args=(sender, source, options, path),
                            daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            raise SnippetTimeout(f"the translation took longer than {timeout:g} s")
        try:
            return receiver.recv()
        except EOFError:
            raise SnippetCrashed("the translation stopped without an answer") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
        if child.exitcode not in (0, None):
            logger.warning("snippet translation of %s ended with exit code %s", path,
                           child.exitcode)


def _translate_in_child(sender, source: str, options: Options, path: str) -> None:
    sender.send(snippet_result(source, options, path))
    sender.close()


def snippet_result(source: str, options: Options, path: str) -> dict:
    """The translation of one file as plain data (no process boundary; used by the child)."""
    result = translate(source, options, path)
    return {
        "path": path,
        "source": result.source,
        "changed": result.changed,
        "replacements": len(result.edits),
        "diff": file_diff(result.original, result.source, path, path),
        "findings": [
            {"code": d.code, "name": d.name, "category": d.category,
             "severity": d.severity.value, "line": d.line, "column": d.column,
             "message": d.message, "help": d.help, "suppressed": d.suppressed}
            for d in result.diagnostics
        ],
        "unsupported": [
            {"name": usage.name, "line": line, "column": column, "reason": usage.reason}
            for usage in result.unsupported
            for line, column in [_position(result.original, usage.offset)]
        ],
    }


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
