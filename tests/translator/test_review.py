"""translator.output.review: per-file review data of a migrated tree."""

import io
import json
import tarfile

from translator.options import Options
from translator.output.report import build_report
from translator.output.review import review_archive
from translator.tree.migrate import migrate_tree


def members(data: bytes) -> dict[str, dict]:
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        return {m.name: json.load(archive.extractfile(m)) for m in archive}


def migrate(tmp_path, files: dict[str, bytes], **options):
    source = tmp_path / "source"
    for name, data in files.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_bytes(data)
    tree = migrate_tree(source, tmp_path / "hip", Options(use_clang=False, **options), jobs=1)
    return members(review_archive(tree, build_report(tree)))


def test_one_object_per_translated_file_and_an_index(tmp_path):
    source = b"#include <cuda_runtime.h>\ncudaFree(p);\n"
    review = migrate(tmp_path, {"k.cu": source, "README.md": b"text\n"})
    assert review["index.json"]["files"] == [
        {"id": 1, "path": "k.cu", "output_path": "k.cu", "status": "translated",
         "kind": "cuda-source"}]
    data = review["files/1.json"]
    assert (data["original"], data["output"]) == (
        source.decode(), "#include <hip/hip_runtime.h>\nhipFree(p);\n")
    assert data["runs"][0][:2] == [1, 1]


def test_rename_only_files_are_kept(tmp_path):
    review = migrate(tmp_path, {"plain.cu": b"int x;\n"}, naming="hip")
    entry = review["index.json"]["files"][0]
    assert (entry["path"], entry["output_path"], entry["status"]) == (
        "plain.cu", "plain.hip", "unchanged")


def test_findings_carry_their_fixes_as_lines_and_text(tmp_path):
    source = b"__device__ int lane() { return threadIdx.x % 32; }\n"
    review = migrate(tmp_path, {"k.cu": source})
    findings = review["files/1.json"]["findings"]
    assert findings
    assert findings[0]["code"] == "W401"
    for fix in (fix for finding in findings for fix in finding["fixes"]):
        assert set(fix) == {"line", "column", "old", "new", "description"}


def test_bytes_that_are_not_utf8_are_shown_as_replacement_characters(tmp_path):
    review = migrate(tmp_path, {"k.cu": b"// caf\xe9\n#include <cuda_runtime.h>\n"})
    assert review["files/1.json"]["original"].startswith("// caf\ufffd\n")
