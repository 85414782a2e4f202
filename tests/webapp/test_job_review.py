"""The job page of a finished job: summary charts, file tree and filters, one file's
review (unified and side by side, findings and compile diagnostics inline)."""

import io
import json
import tarfile
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import make_user
from tests.review_jobs import PLAIN, review_project, reviewed_job
from translator.options import Options
from webapp.jobs.diffs import MAX_LINE_CHARS
from webapp.jobs.review import read_index, store_review

pytestmark = pytest.mark.django_db

UNIT_ERROR = {"path": "project/src/particles.cu", "output_path": "project/src/particles.hip",
              "ok": False, "status": "failed", "message": "", "output": "E" * 5000,
              "diagnostics": [{"severity": "error", "message": "use of undeclared identifier "
                               "'warpSize64'", "path": "project/src/particles.cu", "line": 3,
                               "column": 5, "mapped": True, "option": ""}]}
UNIT_OK = {"path": "project/app/main.cu", "output_path": "project/app/main.hip", "ok": True,
           "status": "ok", "message": "", "output": "", "diagnostics": []}


@pytest.fixture
def job(user, tmp_path):
    return reviewed_job(user, review_project(tmp_path), options=Options(naming="hip"),
                        compile_units=[UNIT_ERROR, UNIT_OK])


def page(client, job, query=""):
    response = client.get(job.get_absolute_url() + query)
    assert response.status_code == 200
    return response.content.decode()


def test_review_data_is_stored_per_file_with_an_index(job):
    paths = [entry["path"] for entry in read_index(job)]
    assert "project/plain.cu" in paths
    assert "project/hazards/fix_hazards.cu" in paths
    assert "project/README.md" not in paths  # copied files have nothing to review


def test_summary_shows_readiness_findings_coverage_and_compile_outcomes_as_charts(signed_in,
                                                                                 job):
    html = page(signed_in, job)
    assert html.count('<svg class="chart') >= 4
    assert 'aria-label="Compile outcomes: compiled 1; failed 1"' in html
    assert "names without a HIP counterpart" in html
    assert "<strong>1</strong> of 2 units compile" in html
    assert 'aria-label="API coverage by library family: ' in html


def test_compile_outcomes_are_charted_by_failure_class(signed_in, user, tmp_path):
    job = reviewed_job(user, review_project(tmp_path), compile_units=[UNIT_ERROR, UNIT_OK])
    report = job.read_report()
    report["compile_summary"].update(failed=1, classes={"translation": 0,
                                                        "missing-dependency": 1})
    job.store_artifact("report.json", json.dumps(report).encode())
    html = page(signed_in, job)
    assert 'aria-label="Compile outcomes: compiled 1; missing-dependency 1"' in html


def test_the_tree_lists_every_file_with_its_state(signed_in, job):
    html = page(signed_in, job)
    assert 'data-file="project/hazards/fix_hazards.cu"' in html
    assert "plain.cu → plain.hip" in html  # renamed only, still listed and reviewable
    assert 'class="file state-compile-error"><a href="?file=project%2Fsrc%2Fparticles.cu"' in html
    assert '<span class="name">README.md</span><span class="badge badge-copied">' in html


def test_the_page_opens_on_the_first_file_that_needs_attention(signed_in, job):
    html = page(signed_in, job)
    # In tree order (folders first): hazards/ comes before the Makefile's W502.
    assert 'id="file-title" data-path="project/hazards/fix_hazards.cu"' in html


def test_filters_keep_only_matching_files_and_say_how_many(signed_in, job):
    html = page(signed_in, job, "?show=compile-errors")
    assert '<option value="compile-errors" selected>compile errors (1)</option>' in html
    assert 'data-file="project/src/particles.cu"' in html
    assert 'data-file="project/hazards/fix_hazards.cu"' not in html
    html = page(signed_in, job, "?rule=W201")
    assert 'data-file="project/hazards/odd_block_sizes.cu"' in html
    assert 'data-file="project/hazards/fix_hazards.cu"' not in html
    assert ">1 of " in html


def test_a_file_shows_findings_inline_with_rule_link_help_and_fix(signed_in, job):
    html = page(signed_in, job, "?file=project/hazards/fix_hazards.cu")
    assert 'id="finding-1"' in html
    assert 'href="/rules/W401/"' in html
    assert 'class="fix">Suggested fix' in html
    assert 'data-step="next">next note</a>' in html
    assert '<span class="kt">float</span>' in html  # highlighted by pygments


def test_compile_diagnostics_show_at_their_cuda_line_and_the_output_in_a_panel(signed_in,
                                                                               job):
    html = page(signed_in, job, "?file=project/src/particles.cu")
    assert "hipcc: use of undeclared identifier &#x27;warpSize64&#x27;" in html
    assert '<pre class="output" tabindex="0">EEEE' in html
    row_before_note = html.split("hipcc: use of undeclared")[0].rsplit('id="L', 1)[1]
    assert row_before_note.startswith('3"')


def test_side_by_side_puts_cuda_left_and_hip_right(signed_in, job):
    url = reverse("jobs:review", args=[job.pk]) + "?file=project/app/main.cu&view=split"
    html = signed_in.get(url).content.decode()
    changed = [row for row in html.split("<tr") if 'class="code del"' in row
               and 'class="code ins"' in row]  # a line replaced (not only added)
    assert changed
    assert all(row.index('class="code del"') < row.index('class="code ins"') for row in changed)
    assert "<html" not in html  # a fragment for the page's script


def test_a_rename_only_file_can_be_opened(signed_in, job):
    html = page(signed_in, job, "?file=project/plain.cu")
    assert '<span class="renamed">→ project/plain.hip</span>' in html
    assert "add" in html
    assert "+0" in html


def test_unchanged_lines_far_from_changes_are_folded_and_can_be_shown(signed_in, job):
    html = page(signed_in, job, "?file=project/long.cu")
    assert "⋯ 34 unchanged lines (show all)" in html
    assert 'class="fold"' not in page(signed_in, job, "?file=project/long.cu&context=all")


def test_a_linked_line_is_never_folded(signed_in, job):
    folded = page(signed_in, job, "?file=project/long.cu")
    lines = [int(part.split('"')[0]) for part in folded.split('id="L')[1:]]
    hidden = next(n for n in range(1, max(lines)) if n not in lines)
    assert f'id="L{hidden}"' in page(signed_in, job, f"?file=project/long.cu&line={hidden}")


def test_the_fragment_of_a_file_without_review_data_is_404(signed_in, job):
    url = reverse("jobs:review", args=[job.pk]) + "?file=project/README.md"
    assert signed_in.get(url).status_code == 404


def test_another_users_fragment_is_404(client, job):
    client.force_login(make_user())
    url = reverse("jobs:review", args=[job.pk]) + "?file=project/plain.cu"
    assert client.get(url).status_code == 404


def test_store_review_skips_members_with_unexpected_names(user, tmp_path):
    job = reviewed_job(user, review_project(tmp_path))
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name in ("index.json", "../escape.json", "files/abc.json"):
            data = json.dumps({"files": []}).encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    buffer.seek(0)
    assert store_review(job, buffer) == 1


def test_store_review_stops_at_its_deadline(user, tmp_path):
    job = reviewed_job(user, review_project(tmp_path))
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for number in range(1, 6):
            data = json.dumps({"path": f"f{number}.cu"}).encode()
            info = tarfile.TarInfo(f"files/{number}.json")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    ticks = iter(range(100))
    buffer.seek(0)
    # the clock passes the deadline after the third member
    assert store_review(job, buffer, deadline=2.5, clock=lambda: next(ticks)) is None
    buffer.seek(0)
    assert store_review(job, buffer, deadline=1e9) == 5


def test_the_page_stays_small_however_many_findings(signed_in, job):
    assert len(page(signed_in, job).encode()) < 300_000


def test_plain_text_is_in_the_rename_only_file(job):
    from webapp.jobs.review import read_file

    entry = next(e for e in read_index(job) if e["path"] == "project/plain.cu")
    data = read_file(job, entry["id"])
    assert (data["original"], data["output"], data["output_path"]) == (
        PLAIN, PLAIN, "project/plain.hip")
    assert Path(data["output_path"]).suffix == ".hip"


ONE_LINE = "int table[] = {" + "1," * 2_500_000 + "}; void f() { cudaDeviceSynchronize(); }\n"


@pytest.fixture
def huge_job(user, tmp_path):
    """A file of one 5 MB line, and one of 12,000 lines with a change at each end."""
    project = tmp_path / "huge"
    project.mkdir()
    (project / "one_line.cu").write_text(ONE_LINE)
    middle = "".join(f"int v{n} = {n};\n" for n in range(12_000))
    (project / "long.cu").write_text("void a() { cudaDeviceSynchronize(); }\n" + middle
                                     + "void b() { cudaFree(0); }\n")
    return reviewed_job(user, project)


def test_a_five_megabyte_line_is_shown_cut_and_the_view_stays_small(signed_in, huge_job):
    review = reverse("jobs:review", args=[huge_job.pk])
    response = signed_in.get(review + "?file=huge/one_line.cu")
    assert response.status_code == 200
    html = response.content.decode()
    assert len(html.encode()) < 300_000
    cuda_line = len(ONE_LINE) - 1  # without its newline
    assert f"… {cuda_line - MAX_LINE_CHARS} more characters</span>" in html  # CUDA
    assert f"… {cuda_line - 1 - MAX_LINE_CHARS} more characters</span>" in html  # HIP


def test_a_long_file_is_shown_in_pages_and_a_line_opens_its_page(signed_in, huge_job):
    review = reverse("jobs:review", args=[huge_job.pk]) + "?file=huge/long.cu"
    first = signed_in.get(review).content.decode()
    assert "page 1 of 3" in first
    assert "hipDeviceSynchronize" in first
    assert "hipFree" not in first
    last = signed_in.get(review + "&page=3").content.decode()
    assert "hipFree" in last
    assert "hipDeviceSynchronize" not in last
    assert 'id="L12002"' in last
    assert "page 2 of 3" in signed_in.get(review + "&line=7000").content.decode()
    assert "page 3 of 3" in signed_in.get(review + "&page=99").content.decode()


@pytest.mark.parametrize("value", ["²", "٣", "-1", "1e9", "9" * 40])
def test_odd_line_and_page_numbers_are_ignored(signed_in, job, value):
    html = page(signed_in, job, f"?file=project/long.cu&line={value}&page={value}")
    assert 'id="L1"' in html
