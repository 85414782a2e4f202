"""Reading what a sandbox left (translator/sandbox/leftovers.py): links to host files,
dangling links, FIFOs, devices, linked folders and huge files are refused, never read."""

from __future__ import annotations

import os
import threading

import pytest

from tests.tools import needs_root
from translator.sandbox.leftovers import (
    MAX_DEPTH,
    Refused,
    copy_regular_files,
    open_regular,
    read_regular,
)


@pytest.fixture
def left(tmp_path):
    """A folder as a hostile build could leave it, and a host secret outside it."""
    secret = tmp_path / "host" / "secret.h"
    secret.parent.mkdir()
    secret.write_text("HOST-SECRET\n")
    top = tmp_path / "sandbox"
    build = top / "build"
    (build / "include").mkdir(parents=True)
    (build / "include" / "config.h").write_text("#define CONFIGURED 1\n")
    (build / "include" / "secret.h").symlink_to(secret)
    (build / "include" / "environ.h").symlink_to("/proc/self/environ")
    (build / "include" / "dangling.h").symlink_to("/nowhere/at/all.h")
    (build / "include" / "zero.h").symlink_to("/dev/zero")
    os.mkfifo(build / "include" / "fifo.h")
    (build / "linked").symlink_to(secret.parent, target_is_directory=True)
    with open(build / "include" / "huge.h", "wb") as huge:
        huge.truncate(64 << 20)  # sparse: costs no disk
    (build / "CMakeFiles").mkdir()
    (build / "CMakeFiles" / "skipped.h").write_text("")
    return top, secret


def test_reads_a_regular_file_below_the_folder(left):
    top, _ = left
    assert read_regular(top, "build/include/config.h", 100) == b"#define CONFIGURED 1\n"


@pytest.mark.parametrize("name", ["secret.h", "environ.h", "dangling.h", "zero.h"])
def test_refuses_a_link_whatever_it_points_to(left, name):
    top, _ = left
    with pytest.raises(Refused, match="a link, not a regular file"):
        open_regular(top, f"build/include/{name}")


def test_refuses_a_fifo_without_waiting_for_a_writer(left):
    top, _ = left
    outcome: list[str] = []

    def attempt():
        try:
            open_regular(top, "build/include/fifo.h")
        except Refused as error:
            outcome.append(str(error))

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(timeout=5)
    assert outcome == ["build/include/fifo.h: a FIFO, not a regular file"]


def test_refuses_a_path_through_a_linked_folder(left):
    top, _ = left
    with pytest.raises(Refused, match="^build/linked: a link, not a folder$"):
        open_regular(top, "build/linked/secret.h")


def test_refuses_the_folder_itself_when_it_is_a_link(left, tmp_path):
    top, secret = left
    (top / "other").symlink_to(secret.parent, target_is_directory=True)
    copied = copy_regular_files(top, "other", tmp_path / "copies", accept=lambda name: True)
    assert copied.files == []
    assert copied.refused == ["other: a link, not a folder"]


@pytest.mark.parametrize("relative", ["../host/secret.h", "/etc/passwd", "build/../../x"])
def test_refuses_paths_that_leave_the_folder(left, relative):
    top, _ = left
    with pytest.raises(Refused, match="not a path below"):
        open_regular(top, relative)


def test_caps_what_it_reads(left):
    top, _ = left
    with pytest.raises(Refused, match="larger than 10 bytes"):
        read_regular(top, "build/include/config.h", 10)


def test_copies_only_regular_files_and_names_the_rest(left, tmp_path):
    top, secret = left
    target = tmp_path / "copies"
    copied = copy_regular_files(top, "build", target, accept=lambda name: name.endswith(".h"),
                                skip_folders=frozenset({"CMakeFiles"}), file_bytes=1 << 20)
    assert copied.files == ["include/config.h"]
    assert (target / "include" / "config.h").read_text() == "#define CONFIGURED 1\n"
    assert sorted(copied.refused) == [
        "include/dangling.h: a link, not a regular file",
        "include/environ.h: a link, not a regular file",
        "include/fifo.h: a FIFO, not a regular file",
        f"include/huge.h: {64 << 20} bytes, over the limit",
        "include/secret.h: a link, not a regular file",
        "include/zero.h: a link, not a regular file",
    ]
    copies = [path for path in target.rglob("*") if path.is_file()]
    assert all(b"HOST-SECRET" not in path.read_bytes() for path in copies)
    assert not (target / "linked").exists()


def test_caps_the_total_and_the_number_of_files(tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    for number in range(5):
        (build / f"h{number}.h").write_bytes(b"x" * 100)
    copied = copy_regular_files(tmp_path, "build", tmp_path / "a", accept=lambda name: True,
                                total_bytes=250)
    assert (copied.files, copied.bytes) == (["h0.h", "h1.h"], 200)
    copied = copy_regular_files(tmp_path, "build", tmp_path / "b", accept=lambda name: True,
                                files=3)
    assert copied.files == ["h0.h", "h1.h", "h2.h"]
    assert copied.refused == ["h3.h: more than 3 files", "h4.h: more than 3 files"]


def test_does_not_descend_without_end(tmp_path):
    folder = tmp_path / "build"
    folder.mkdir()
    deep = folder
    for _ in range(MAX_DEPTH + 3):
        deep = deep / "d"
        deep.mkdir()
    (deep / "deep.h").write_text("")
    copied = copy_regular_files(tmp_path, "build", tmp_path / "copies", accept=lambda n: True)
    assert copied.files == []
    assert len(copied.refused) == 1
    assert copied.refused[0].endswith(f"nested deeper than {MAX_DEPTH} folders")


@needs_root
def test_refuses_a_device_node_without_opening_it(tmp_path):
    os.mknod(tmp_path / "null.h", 0o666 | 0o020000, os.makedev(1, 3))  # /dev/null's numbers
    with pytest.raises(Refused, match="a character device, not a regular file"):
        open_regular(tmp_path, "null.h")
