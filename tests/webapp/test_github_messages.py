"""What a pull request is told: commit status states and the Markdown summary."""

import pytest

from tests.factories import file_entry, finding_entry, make_job, report_json
from webapp.github.messages import commit_status, job_links, pull_request_comment
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

UNSUPPORTED = {"name": "cudaGraphInstantiateWithParams", "column": 1, "reason": ""}
REPORT = report_json(
    files=[
        file_entry("src", kind="folder", language="", status="copied"),
        file_entry("src/stencil.cu", unsupported=[{**UNSUPPORTED, "line": 3},
                                                  {**UNSUPPORTED, "line": 9}]),
        file_entry("README.md", kind="text", language="", status="copied"),
    ],
    findings=[
        finding_entry("src/stencil.cu", 4, code="W201", category="warp-size"),
        finding_entry("src/stencil.cu", 8, code="W201", category="warp-size"),
        finding_entry("src/stencil.cu", 9, code="W101", category="lane-mask", suppressed=True),
    ],
    compile=[{"path": "src/stencil.cu", "ok": False}],
)


def done_job(**summary):
    return make_job(state=Job.State.DONE, compile_status="compile check: 0 of 1 units compiled",
                    summary={"files": 2, "translated": 1, **summary})


def test_done_job_with_compile_failures_is_a_failure_status():
    assert commit_status(done_job(compile_ok=1, compile_failed=1)) == (
        "failure", "translated 1 of 2 files; 1 units failed to compile with hipcc")


def test_a_job_that_compiled_none_of_its_units_is_never_a_success():
    job = done_job(compile_ok=0, compile_failed=3, compile_translation_errors=0)
    assert commit_status(job) == (
        "failure", "not verified: 0 of 3 units compiled; compile check: 0 of 1 units compiled")


def test_a_job_with_gpu_sources_left_unchecked_is_never_a_success():
    job = done_job(compile_ok=2, compile_failed=0, gpu_sources={
        "total": 5, "checked": 2, "unchecked": [{"path": "a.cu", "reason": "no target"}]})
    state, description = commit_status(job)
    assert (state, description.split(";")[0]) == (
        "failure", "not verified: 2 of 5 GPU sources checked")


def test_done_job_that_compiles_is_a_success():
    job = done_job(compile_failed=0)
    assert commit_status(job) == ("success", f"translated 1 of 2 files; {job.compile_status}")


def test_failed_job_is_an_error_status_with_its_code():
    job = make_job(state=Job.State.FAILED, failure_code="link", failure_message="a: no links")
    assert commit_status(job) == ("error", "link: a: no links")


def test_queued_job_is_pending():
    assert commit_status(make_job())[0] == "pending"


def test_comment_summarises_files_names_findings_and_compile_result():
    text = pull_request_comment(done_job(), REPORT, {"job": "http://r.test/jobs/1/"})
    assert "**Files translated:** 1 of 2" in text
    assert "**Not converted (no HIP counterpart):** `cudaGraphInstantiateWithParams` ×2" in text
    assert "**Findings:** warp-size 2\n" in text  # the suppressed finding is not counted
    assert "failed: `src/stencil.cu`" in text
    assert text.endswith("[job](http://r.test/jobs/1/)\n")


def test_comment_of_a_failed_job_says_why():
    job = make_job(state=Job.State.FAILED, failure_code="too-large", failure_message="big")
    assert "could not translate this commit: **too-large**: big" in pull_request_comment(
        job, None, {})


def test_links_need_a_public_address():
    job = make_job(artifacts=["changes.patch"])
    assert job_links(job, "") == {}
    links = job_links(job, "https://r.test")
    assert links["job"].startswith(f"https://r.test/jobs/{job.pk}/?key={job.pk}%3A")
    assert links["patch"] == f"https://r.test/jobs/{job.pk}/files/changes.patch"
    assert set(links) == {"job", "patch"}


def test_links_offer_the_hip_tree_in_both_formats():
    job = make_job(artifacts=["hip-tree.tar.gz", "hip-tree.zip"])
    links = job_links(job, "https://r.test")
    assert links["HIP tree"] == f"https://r.test/jobs/{job.pk}/files/hip-tree.tar.gz"
    assert links["HIP tree (zip)"] == f"https://r.test/jobs/{job.pk}/files/hip-tree.zip"


# --- names from a (possibly hostile) fork --------------------------------------------------
HOSTILE = ["@org/team", "![x](http://evil/)", "<img src=x>", "a`b", "``x", "a\nb", "x`"]


def report_with(path: str, name: str) -> dict:
    return report_json(files=[file_entry(path, unsupported=[{**UNSUPPORTED, "name": name,
                                                                "line": 1}])],
                       compile=[{"path": path, "ok": False}])


def code_spans(text: str) -> list[str]:
    """The contents of CommonMark code spans in TEXT (a fence of N backticks ends at the
    next run of exactly N backticks; one space is stripped from padded content)."""
    spans, index = [], 0
    while (start := text.find("`", index)) >= 0:
        fence = len(text[start:]) - len(text[start:].lstrip("`"))
        end = start + fence
        while True:
            end = text.find("`" * fence, end)
            assert end >= 0, f"unclosed code span in {text!r}"
            run = len(text[end:]) - len(text[end:].lstrip("`"))
            if run == fence:
                break
            end += run
        content = text[start + fence:end]
        if content.startswith(" ") and content.endswith(" ") and content.strip():
            content = content[1:-1]
        spans.append(content)
        index = end + fence
    return spans


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_stay_inside_their_code_spans(name):
    text = pull_request_comment(done_job(), report_with(name, name), {})
    shown = name.replace("\n", "\\n")
    assert code_spans(text) == [shown, shown]


def test_newlines_in_names_cannot_start_a_new_block():
    text = pull_request_comment(done_job(), report_with("a\n# Approved\n", "b\r\n- x"), {})
    assert len(text.splitlines()) == 6  # heading, blank line and the four summary lines
    assert "`a\\n# Approved\\n`" in text


def test_invisible_and_bidirectional_characters_are_shown_as_escapes():
    text = pull_request_comment(done_job(), report_with("a\u202eb.cu", "c\u200bd"), {})
    assert "`a\\u202eb.cu`" in text
    assert "`c\\u200bd`" in text


def test_hostile_failure_message_is_escaped_prose():
    job = make_job(state=Job.State.FAILED, failure_code="unsafe-archive",
                   failure_message="member @org/team ![x](http://evil/) <img src=x> `x`")
    text = pull_request_comment(job, None, {})
    assert "@org" not in text
    assert "@\u2060org/team" in text
    assert "\\!\\[x\\]\\(http://evil/\\)" in text
    assert "\\<img src=x\\>" in text
    assert "\\`x\\`" in text
    assert "**unsafe-archive**" in text


def test_status_description_is_one_short_line():
    job = make_job(state=Job.State.FAILED, failure_code="unsafe-archive",
                   failure_message="member a\nb\r\n\x1b[31m" + "x" * 300)
    state, description = commit_status(job)
    assert state == "error"
    assert "\n" not in description
    assert "\r" not in description
    assert "\x1b" not in description
    assert len(description) <= 140
    assert description.endswith("…")
    assert description.startswith("unsafe-archive: member a b \\x1b[31mxxx")


def test_failures_that_are_not_the_translations_leave_a_success_status():
    job = done_job(compile_ok=1, compile_failed=2, compile_translation_errors=0)
    assert commit_status(job) == (
        "success", "translated 1 of 2 files; 2 units failed to compile, none because of the "
        "translation")


def test_only_translation_errors_make_a_failure_status():
    job = done_job(compile_ok=1, compile_failed=3, compile_translation_errors=1)
    assert commit_status(job) == (
        "failure", "translated 1 of 2 files; 1 units failed to compile with hipcc")
