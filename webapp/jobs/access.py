"""Who may open a job: its owner, a superuser, and people holding a signed link.

The reviewers of a pull request usually have no rocport account, and a pull request's
jobs belong to ``GITHUB_JOB_OWNER``. So what rocport posts on the pull request (the commit
status, the comment, the check run's details link) links to the job page with a signed
key (``signed_link``): a signature of the job's id, made with ``SECRET_KEY``, that expires
``JOB_LINK_MAX_AGE`` seconds after it was made. Whoever can read the pull request on GitHub
can follow it; nobody can make one for another job. Following it grants the browser's
session read access to that job until the link would have expired (``grant``), so the
page's own requests (files, live status, downloads) need no key; the key is then dropped
from the address, so it does not travel further in ``Referer`` headers or shared URLs.

A grant is read access plus review marks (viewed files, dismissed findings); cancelling and
the job lists stay with the owner.
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from webapp.jobs.models import Job

_SALT = "rocport.jobs.review-link"
_SESSION_KEY = "job_grants"


class NeedsSignIn(Exception):
    """An anonymous visitor without a grant: the caller sends them to the sign-in page."""


def signed_key(job: Job) -> str:
    return signing.TimestampSigner(salt=_SALT).sign(str(job.pk))


def signed_link(job: Job, base_url: str = "") -> str:
    """The job page's address with a key that opens it without an account (see above)."""
    return f"{base_url}{job.get_absolute_url()}?{urlencode({'key': signed_key(job)})}"


def _key_is_valid(job: Job, key: str) -> bool:
    try:
        value = signing.TimestampSigner(salt=_SALT).unsign(
            key, max_age=settings.JOB_LINK_MAX_AGE)
    except signing.BadSignature:  # expired links too (SignatureExpired)
        return False
    return value == str(job.pk)


def grant(request: HttpRequest, job: Job, key: str) -> bool:
    """Record in the session that it may read JOB, when KEY is its valid signed key."""
    if not _key_is_valid(job, key):
        return False
    made = signing.b62_decode(key.rsplit(":", 2)[1])  # value:timestamp:signature
    grants = dict(request.session.get(_SESSION_KEY, {}))
    now = time.time()
    grants = {job_id: until for job_id, until in grants.items() if until > now}
    grants[str(job.pk)] = made + settings.JOB_LINK_MAX_AGE
    request.session[_SESSION_KEY] = grants
    return True


def granted(request: HttpRequest, job_id) -> bool:
    until = request.session.get(_SESSION_KEY, {}).get(str(job_id), 0)
    return until > time.time()


def readable_job(request: HttpRequest, job_id) -> Job:
    """The job JOB_ID if the request may read it; Http404 when it may not (or the job does
    not exist), ``NeedsSignIn`` for an anonymous visitor without a grant."""
    user = request.user
    if user.is_authenticated:
        found = Job.objects.visible_to(user).filter(pk=job_id).first()
        if found is not None:
            return found
    if granted(request, job_id):
        return get_object_or_404(Job, pk=job_id)
    if not user.is_authenticated:
        raise NeedsSignIn
    raise Http404("no such job")


def may_change(request: HttpRequest, job: Job) -> bool:
    """Cancel and other changes to the job itself: its owner and superusers only."""
    user = request.user
    return user.is_authenticated and (user.is_superuser or job.owner_id == user.pk)


def sign_in_first(request: HttpRequest) -> HttpResponse:
    return redirect_to_login(request.get_full_path())
