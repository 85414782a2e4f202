"""Benchmark: safe unpacking and deterministic packing of a 5,000-file source tree.

    .venv/bin/python benchmarks/bench_archive.py

Prints files per second for extract() of a zip and a tar.gz, and for pack_tar_gz().
Numbers, not assertions: compare them across commits on the same machine.
"""

import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from translator.output.packing import pack_tar_gz  # noqa: E402
from translator.tree.archive import extract  # noqa: E402

FILES = 5000
SOURCE = "__global__ void kernel_{0}(float* x) {{ x[threadIdx.x] *= {0}.0f; }}\n" * 20


def timed(label: str, action) -> None:
    started = time.perf_counter()
    action()
    seconds = time.perf_counter() - started
    print(f"{label:<28} {seconds:7.3f} s  {FILES / seconds:9.0f} files/s")


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        tree = root / "tree"
        for index in range(FILES):
            folder = tree / f"module{index % 50}"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"kernel{index}.cu").write_text(SOURCE.format(index))
        timed("pack_tar_gz", lambda: pack_tar_gz(tree, root / "tree.tar.gz"))
        with zipfile.ZipFile(root / "tree.zip", "w", zipfile.ZIP_DEFLATED) as bundle:
            for path in sorted(tree.rglob("*.cu")):
                bundle.write(path, path.relative_to(tree).as_posix())
        timed("extract zip", lambda: extract(root / "tree.zip", root / "from-zip"))
        timed("extract tar.gz", lambda: extract(root / "tree.tar.gz", root / "from-tar"))


if __name__ == "__main__":
    main()
