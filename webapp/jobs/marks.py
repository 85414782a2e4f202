"""Review marks on a job: files a reviewer has viewed, findings resolved or dismissed.

A viewed mark belongs to one reviewer on one job (``FileView``): a signed-in user, or the
browser session of someone who opened the job with a signed link. A finding's review
(``FindingReview``) belongs to the repository, not to the job: dismissing a false positive
once keeps it dismissed in the next job of the same repository (``repository_key``: the
GitHub repository of a pull request's job, else the owner and the uploaded project's
name). A finding is recognised again by its fingerprint: its file, its rule, its message
and how many equal findings come before it in that file, not its line, which moves as the
code changes.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from django.db import models
from django.http import HttpRequest

from translator.output.report_json import Finding

#: Review states of a finding, and what the page calls them.
REVIEW_STATES = {"resolved": "resolved", "dismissed": "dismissed"}
#: Reasons offered when dismissing (the text may say more).
DISMISS_REASONS = ("false positive", "acceptable on AMD GPUs", "will fix later", "other")


class FileView(models.Model):
    job = models.ForeignKey("jobs.Job", on_delete=models.CASCADE, related_name="file_views")
    viewer = models.CharField(max_length=80, help_text="user:<id> or session:<key>")
    path = models.CharField(max_length=1024)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["job", "viewer", "path"],
                                               name="one_view_per_file")]

    def __str__(self) -> str:
        return f"{self.path} viewed by {self.viewer}"


class FindingReview(models.Model):
    class State(models.TextChoices):
        RESOLVED = "resolved"
        DISMISSED = "dismissed"

    repository = models.CharField(max_length=320, db_index=True)
    fingerprint = models.CharField(max_length=40)
    state = models.CharField(max_length=16, choices=State)
    reason = models.CharField(max_length=500, blank=True)
    by = models.CharField(max_length=150, help_text="who reviewed it, for the page")
    path = models.CharField(max_length=1024, blank=True)
    code = models.CharField(max_length=16, blank=True)
    job = models.ForeignKey("jobs.Job", on_delete=models.SET_NULL, null=True, blank=True,
                            related_name="+", help_text="the job it was reviewed on")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["repository", "fingerprint"],
                                               name="one_review_per_finding")]

    def __str__(self) -> str:
        return f"{self.code} in {self.path}: {self.state}"


def repository_key(job) -> str:
    """Which jobs share finding reviews with JOB: those of the same GitHub repository, or
    the same owner's uploads of the same project name."""
    pull = getattr(job, "pull_request", None) if job.source_kind == "github" else None
    if pull is not None:
        return f"github:{pull.repository}"
    stem = job.download_name("x").removesuffix("-x")
    return f"user:{job.owner_id}:{stem}"[:320]


class ReviewMark(TypedDict):
    state: str
    reason: str
    by: str


class ReviewedFinding(Finding):
    """A report's finding with its fingerprint and, once reviewed, its review."""

    fingerprint: str
    review: NotRequired[ReviewMark]


def fingerprints(findings: Sequence[Mapping[str, Any]]) -> list[str]:
    """The fingerprint of each of FINDINGS (a report's or a file's review data, any order),
    in their order."""
    ordered = sorted(range(len(findings)), key=lambda i: (
        findings[i].get("path", ""), findings[i].get("line", 0), findings[i].get("column", 0)))
    seen: Counter = Counter()
    found = [""] * len(findings)
    for index in ordered:
        finding = findings[index]
        key = (finding.get("path", ""), finding.get("code", ""), finding.get("message", ""))
        found[index] = _digest(*key, str(seen[key]))
        seen[key] += 1
    return found


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def viewer_of(request: HttpRequest) -> str:
    """Who marks files viewed: the user, else the session (created when missing)."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    if not request.session.session_key:
        request.session.save()
    return f"session:{request.session.session_key}"


def reviewer_name(request: HttpRequest) -> str:
    if request.user.is_authenticated:
        return request.user.get_username()
    return "a reviewer with the pull request's link"


def viewed_paths(job, viewer: str) -> set[str]:
    return set(FileView.objects.filter(job=job, viewer=viewer).values_list("path", flat=True))


def set_viewed(job, viewer: str, path: str, viewed: bool) -> None:
    if viewed:
        FileView.objects.get_or_create(job=job, viewer=viewer, path=path[:1024])
    else:
        FileView.objects.filter(job=job, viewer=viewer, path=path).delete()


def reviews_of(job) -> dict[str, FindingReview]:
    """The finding reviews of JOB's repository, by fingerprint."""
    return {review.fingerprint: review for review in
            FindingReview.objects.filter(repository=repository_key(job))}


def review_finding(job, fingerprint: str, state: str, reason: str, by: str, *,
                   path: str = "", code: str = "") -> FindingReview | None:
    """Resolve or dismiss (STATE) the finding FINGERPRINT for JOB's repository; an empty
    STATE reopens it (returns None)."""
    key = repository_key(job)
    if not state:
        FindingReview.objects.filter(repository=key, fingerprint=fingerprint).delete()
        return None
    review, _ = FindingReview.objects.update_or_create(
        repository=key, fingerprint=fingerprint,
        defaults={"state": state, "reason": reason[:500], "by": by[:150], "job": job,
                  "path": path[:1024], "code": code[:16]})
    return review


def reviewed_findings(findings: Sequence[Finding],
                      reviews: Mapping[str, FindingReview]) -> list[ReviewedFinding]:
    """FINDINGS (a report's), each with its ``fingerprint`` and, when REVIEWS hold it, its
    ``review``: copies, the report stays as it was read."""
    found: list[ReviewedFinding] = []
    for finding, fingerprint in zip(findings, fingerprints(findings), strict=True):
        reviewed: ReviewedFinding = {**finding, "fingerprint": fingerprint}
        review = reviews.get(fingerprint)
        if review is not None:
            reviewed["review"] = _mark(review)
        found.append(reviewed)
    return found


def attach_reviews(findings: list[dict[str, Any]],
                   reviews: Mapping[str, FindingReview]) -> None:
    """Give each of FINDINGS (a file's review data) its ``fingerprint`` and, when
    reviewed, its ``review``."""
    for finding, fingerprint in zip(findings, fingerprints(findings), strict=True):
        finding["fingerprint"] = fingerprint
        review = reviews.get(fingerprint)
        if review is not None:
            finding["review"] = _mark(review)


def _mark(review: FindingReview) -> ReviewMark:
    return {"state": review.state, "reason": review.reason, "by": review.by}
