"""What the check run says: conclusions, progress and final summaries, annotations."""

import pytest

from tests.factories import file_entry, finding_entry, make_job, report_json
from webapp.github.checks import (
    PORT_ACTION,
    annotations_of,
    conclusion,
    final_output,
    port_pull_body,
    progress_output,
)
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


def finding(path, line, severity="warning", **extra):
    return finding_entry(path, line, code="W201", name="block-size", category="wavefront",
                         severity=severity, column=3, message=f"at {line}", **extra)


def report(findings=(), compile_units=(), classes=None, unsupported=()):
    data = report_json(files=[file_entry(p, unsupported=list(unsupported) if p == "a.cu" else [])
                              for p in ("a.cu", "b.cu", "inc/c.cuh")],
                       findings=list(findings), compile=list(compile_units))
    if classes is not None:
        data["compile_summary"] = {"classes": classes}
    return data


def done():
    return make_job(state=Job.State.DONE, summary={"files": 3, "translated": 3,
                                                   "compile_ok": 1, "compile_failed": 1})


def test_clean_port_is_a_success():
    assert conclusion(done(), report()) == "success"


def test_findings_without_translation_errors_are_neutral():
    assert conclusion(done(), report([finding("a.cu", 1)])) == "neutral"
    names = [{"name": "cudaGraphLaunch", "line": 1, "column": 1}]
    assert conclusion(done(), report(unsupported=names)) == "neutral"


def test_translation_errors_are_a_failure_but_a_missing_library_is_not():
    failed = [{"path": "a.cu", "ok": False, "diagnostics": []}]
    assert conclusion(done(), report(compile_units=failed,
                                     classes={"translation": 1})) == "failure"
    assert conclusion(done(), report(compile_units=failed,
                                     classes={"translation": 0,
                                              "missing-dependency": 1})) == "success"


def test_a_check_that_compiled_no_unit_fails_and_one_with_unchecked_sources_is_neutral():
    nothing = make_job(state=Job.State.DONE, summary={"compile_ok": 0, "compile_failed": 2,
                                                      "compile_translation_errors": 0})
    assert conclusion(nothing, report()) == "failure"
    unchecked = make_job(state=Job.State.DONE, summary={
        "files": 3, "translated": 3, "compile_ok": 2, "compile_failed": 0,
        "gpu_sources": {"total": 3, "checked": 2, "unchecked": [{"path": "b.cu",
                                                                  "reason": "no target"}]}})
    assert conclusion(unchecked, report()) == "neutral"
    output = final_output(unchecked, report(), {})
    assert output["title"] == ("3 of 3 files translated, 2 of 2 units compile, 2 of 3 GPU "
                               "sources checked")
    assert "- **Not verified:** not every GPU source was checked" in output["summary"]


def test_without_classes_every_unit_that_failed_counts():
    failed = [{"path": "a.cu", "ok": False, "diagnostics": []}]
    assert conclusion(done(), report(compile_units=failed)) == "failure"


def test_failed_and_canceled_jobs():
    assert conclusion(make_job(state=Job.State.FAILED), None) == "failure"
    assert conclusion(make_job(state=Job.State.CANCELED), None) == "cancelled"


def test_progress_shows_the_translated_share():
    job = make_job(state=Job.State.TRANSLATING, progress_done=3, progress_total=12)
    output = progress_output(job, {"job": "http://r.test/jobs/1/"})
    assert output["title"] == "rocport: translating: 3 of 12 files (25%)"
    assert "[Follow the job](http://r.test/jobs/1/)" in output["summary"]


def test_annotations_most_severe_first_and_compile_errors_on_cuda_lines():
    units = [{"path": "a.cu", "ok": False, "diagnostics": [
        {"severity": "error", "message": "use of undeclared identifier 'hipFoo'",
         "path": "inc/c.cuh", "line": 9, "column": 5},
        {"severity": "note", "message": "declared here", "path": "a.cu", "line": 2},
        {"severity": "error", "message": "in a system header", "path": "/usr/include/x.h",
         "line": 1}]}]
    found = annotations_of(report([finding("b.cu", 4, "note"), finding("a.cu", 7),
                                finding("a.cu", 3, "error")], units))
    assert [(a["annotation_level"], a["path"], a["start_line"]) for a in found] == [
        ("failure", "a.cu", 3), ("failure", "inc/c.cuh", 9), ("warning", "a.cu", 7),
        ("notice", "b.cu", 4)]
    assert found[1]["title"] == "hipcc error"
    assert found[1]["message"].startswith("use of undeclared identifier 'hipFoo'")
    assert found[0]["title"] == "W201 block-size"
    assert found[0]["start_column"] == found[0]["end_column"] == 3


def test_only_changed_files_are_annotated_when_asked():
    found = annotations_of(report([finding("a.cu", 1), finding("b.cu", 1)]), changed={"b.cu"})
    assert [a["path"] for a in found] == ["b.cu"]


def test_suppressed_findings_are_not_annotated():
    assert annotations_of(report([finding("a.cu", 1, suppressed=True)])) == []


def test_final_summary_lists_findings_compile_classes_and_links():
    failed = [{"path": "a.cu", "ok": False, "diagnostics": []}]
    data = report([finding("a.cu", 1)], failed, classes={"translation": 1})
    data["compile_summary"]["classes"]["missing-dependency"] = 0
    output = final_output(done(), data, {"job": "http://r.test/jobs/1/"}, 1, 1, True)
    assert output["title"] == "3 of 3 files translated, 1 of 2 units compile, 1 translation errors"
    assert "**Findings:** wavefront 1" in output["summary"]
    assert "by class: 1 translation" in output["summary"]
    assert "1 annotations on the files this pull request changes." in output["summary"]
    assert output["summary"].rstrip().endswith("[job](http://r.test/jobs/1/)")


def test_failed_job_summary_escapes_the_message():
    job = make_job(state=Job.State.FAILED, failure_code="unsafe-archive",
                   failure_message="@org/team <img src=x>")
    output = final_output(job, None, {})
    assert output["title"] == "rocport could not translate this commit (unsafe-archive)"
    assert "@\u2060org/team \\<img src=x\\>" in output["summary"]


def test_port_action_fits_githubs_limits():
    assert len(PORT_ACTION["label"]) <= 20
    assert len(PORT_ACTION["description"]) <= 40
    assert len(PORT_ACTION["identifier"]) <= 20


def test_port_pull_request_body_names_the_commit_and_summarises():
    body = port_pull_body(done(), 17, "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b",
                          report([finding("a.cu", 1)]), {})
    assert "HIP port of #17 at `3f9c2b7d41e8`" in body
    assert "**Files translated:** 3 of 3" in body
