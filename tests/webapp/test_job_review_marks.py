"""Review state on the job page: a file search, filters that narrow the file list and the
open file's notes, files marked viewed, findings resolved or dismissed with a reason (kept
for the next job of the same repository); all of it in the address where it can be shared."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_user
from tests.review_jobs import review_project, reviewed_job
from webapp.jobs.marks import FindingReview

pytestmark = pytest.mark.django_db

HAZARDS = "project/hazards/fix_hazards.cu"


@pytest.fixture
def job(user, tmp_path):
    return reviewed_job(user, review_project(tmp_path))


def page(client, job, **query):
    answer = client.get(job.get_absolute_url(), query)
    assert answer.status_code == 200
    return answer.content.decode()


def tree_files(html):
    tree = html.split('id="file-tree">', 1)[1].split("</ul>\n</nav>", 1)[0]
    return re.findall(r'data-file="([^"]+)"', tree)


def notes(html):
    return re.findall(r'<a class="rule" href="/rules/(\w+)/"', html)


def test_the_file_search_narrows_the_tree_and_stays_in_the_address(signed_in, job):
    html = page(signed_in, job, q="HAZARDS/")
    assert tree_files(html) == [HAZARDS, "project/hazards/odd_block_sizes.cu"]
    assert 'value="HAZARDS/" placeholder="Search files (/)"' in html
    assert f'href="?q=HAZARDS%2F&amp;file={HAZARDS.replace("/", "%2F")}"' in html


def test_a_rule_filter_narrows_the_notes_of_the_open_file(signed_in, job):
    every = notes(page(signed_in, job, file=HAZARDS))
    assert len(set(every)) > 1
    chosen = every[0]
    narrowed = page(signed_in, job, file=HAZARDS, rule=chosen)
    assert set(notes(narrowed)) == {chosen}
    assert "only those the filters pick" in narrowed
    # the filter keeps the open file
    assert f'name="file" value="{HAZARDS}"' in narrowed


def test_a_file_marked_viewed_is_marked_in_the_tree_and_filtered_out(signed_in, job):
    answer = signed_in.post(reverse("jobs:viewed", args=[job.pk]),
                            {"path": HAZARDS, "viewed": "1"}, HTTP_ACCEPT="application/json")
    assert answer.json() == {"path": HAZARDS, "viewed": True}
    html = page(signed_in, job, file=HAZARDS)
    assert 'aria-pressed="true"' in html
    assert re.search(r'<li class="file state-\w+ viewed"><a href="[^"]+" data-file="'
                     + re.escape(HAZARDS), html)
    assert HAZARDS not in tree_files(page(signed_in, job, show="unviewed"))
    signed_in.post(reverse("jobs:viewed", args=[job.pk]), {"path": HAZARDS, "viewed": "0"})
    assert HAZARDS in tree_files(page(signed_in, job, show="unviewed"))


def test_viewed_marks_are_each_reviewers_own(client, signed_in, job):
    signed_in.post(reverse("jobs:viewed", args=[job.pk]), {"path": HAZARDS, "viewed": "1"})
    admin = make_user(is_superuser=True)
    client.force_login(admin)
    assert HAZARDS in tree_files(page(client, job, show="unviewed"))


def dismiss(client, job, html, state="dismissed", reason="false positive"):
    fingerprint = re.search(r'name="fingerprint" value="(\w+)"', html).group(1)
    answer = client.post(reverse("jobs:finding-review", args=[job.pk]),
                         {"fingerprint": fingerprint, "state": state, "reason": reason,
                          "details": "lanes are 64 here", "next": f"?file={HAZARDS}"})
    assert answer.status_code == 302
    return fingerprint


def test_a_dismissed_finding_says_who_and_why_and_stays_for_the_next_job(signed_in, user,
                                                                       job, tmp_path):
    before = page(signed_in, job, file=HAZARDS)
    fingerprint = dismiss(signed_in, job, before)
    after = page(signed_in, job, file=HAZARDS)
    assert (f"dismissed by {user.username}: false positive — lanes are 64 here") in after
    assert after.count("Reopen</button>") == 1
    review = FindingReview.objects.get()
    assert (review.fingerprint, review.path) == (fingerprint, HAZARDS)
    # The next upload of the same project, by the same owner: still dismissed.
    again = reviewed_job(user, review_project(tmp_path / "again"))
    assert "dismissed by" in page(signed_in, again, file=HAZARDS)
    # Another owner's project of the same name is another repository.
    other = make_user()
    signed_in.force_login(other)
    theirs = reviewed_job(other, review_project(tmp_path / "theirs"))
    assert "dismissed by" not in page(signed_in, theirs, file=HAZARDS)


def test_a_dismissed_finding_no_longer_counts_as_open(signed_in, job):
    html = page(signed_in, job, file="project/hazards/odd_block_sizes.cu")
    assert "project/hazards/odd_block_sizes.cu" in tree_files(page(signed_in, job,
                                                                   show="findings"))
    for _ in range(html.count('name="fingerprint"')):
        dismiss(signed_in, job, page(signed_in, job,
                                     file="project/hazards/odd_block_sizes.cu").split(
            "Reopen</button>")[-1])
    assert "project/hazards/odd_block_sizes.cu" not in tree_files(
        page(signed_in, job, show="findings"))


def test_a_dismissed_finding_can_be_reopened(signed_in, job):
    fingerprint = dismiss(signed_in, job, page(signed_in, job, file=HAZARDS))
    signed_in.post(reverse("jobs:finding-review", args=[job.pk]),
                   {"fingerprint": fingerprint, "state": ""})
    assert FindingReview.objects.count() == 0


def test_a_review_needs_a_known_state(signed_in, job):
    answer = signed_in.post(reverse("jobs:finding-review", args=[job.pk]),
                            {"fingerprint": "0" * 32, "state": "deleted"})
    assert answer.status_code == 400
