"""``rocport translate DIR``: progress bar on a terminal, one summary line, --quiet."""

import contextlib
import io
from pathlib import Path

from translator.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "particles"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_prints_one_summary_line_at_the_end(tmp_path, capsys):
    assert main(["translate", str(EXAMPLE), "-o", str(tmp_path / "out"), "--no-clang"]) == 0
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("rocport: 11 files translated, 1 unchanged, 1 copied; findings: ")
    assert "names without a HIP counterpart; " in last
    assert last.endswith(" s")


def test_quiet_prints_nothing(tmp_path, capsys):
    assert main(["translate", str(EXAMPLE), "-o", str(tmp_path / "out"), "--no-clang",
                 "--quiet"]) == 0
    assert capsys.readouterr() == ("", "")


def test_shows_a_progress_bar_when_stderr_is_a_terminal(tmp_path, monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    main(["translate", str(EXAMPLE), "-o", str(tmp_path / "out"), "--no-clang"])
    assert "translating: " in terminal.getvalue()
    assert "file/s" in terminal.getvalue()


def test_no_progress_bar_in_a_pipe(tmp_path, capsys):
    main(["translate", str(EXAMPLE), "-o", str(tmp_path / "out"), "--no-clang"])
    assert "translating:" not in capsys.readouterr().err


def test_help_documents_the_exit_codes(capsys):
    for command in ("translate", "submit"):
        with contextlib.suppress(SystemExit):
            main([command, "--help"])
        assert "exit status: 0 done" in " ".join(capsys.readouterr().out.split())
