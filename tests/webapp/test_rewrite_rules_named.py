"""A rewrite rule cannot be ignored silently: select and ignore that leave one out must name
it in skip_rewrites (the API and the form alike); the job page then says its code stays
CUDA. The HIP version a snippet targets by default is the one a job targets."""

import pytest
from rest_framework.test import APIClient

from tests.factories import make_user
from webapp.api.serializers import OptionsSerializer
from webapp.jobs.forms import UploadForm
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


def test_ignoring_a_rewrite_rule_is_refused_until_its_rewrite_is_named():
    refused = OptionsSerializer(data={"ignore": ["R542"]})
    assert not refused.is_valid()
    message = str(refused.errors["skip_rewrites"][0])
    assert message.startswith("select/ignore turn off rewrite rules, which leaves their code "
                              "CUDA: R542 ")
    assert message.endswith("Name them in skip_rewrites to confirm: R542")
    named = OptionsSerializer(data={"ignore": ["R542"], "skip_rewrites": ["R542"]})
    assert named.is_valid(), named.errors
    assert named.options() == {"ignore": ["R542"], "skip_rewrites": ["R542"]}


def test_a_prefix_or_a_select_counts_every_rewrite_it_leaves_out():
    prefix = OptionsSerializer(data={"ignore": ["R0"]})
    assert not prefix.is_valid()
    assert "R001 " in str(prefix.errors["skip_rewrites"][0])
    chosen = OptionsSerializer(data={"select": ["W"]})
    assert not chosen.is_valid()
    assert " and " in str(chosen.errors["skip_rewrites"][0])  # "... and 34 more"


def test_warnings_are_ignored_freely():
    data = OptionsSerializer(data={"ignore": ["W5", "W401"]})
    assert data.is_valid(), data.errors


def test_naming_a_rewrite_alone_turns_it_off():
    data = OptionsSerializer(data={"skip_rewrites": ["R542"]})
    assert data.is_valid()
    assert data.options() == {"skip_rewrites": ["R542"], "ignore": ["R542"]}
    assert not OptionsSerializer(data={"skip_rewrites": ["W401"]}).is_valid()


def test_the_form_refuses_it_the_same_way():
    form = UploadForm(data={"ignore": "R542", "naming": "keep"})
    form.is_valid()
    assert "Name them in skip_rewrites to confirm: R542" in str(form.errors["skip_rewrites"])


def test_the_job_page_names_the_rewrites_turned_off(client, tmp_path):
    from tests.review_jobs import review_project, reviewed_job

    user = make_user()
    job = reviewed_job(user, review_project(tmp_path))
    Job.objects.filter(pk=job.pk).update(options={"ignore": ["R542"],
                                                  "skip_rewrites": ["R542"]})
    client.force_login(user)
    page = client.get(job.get_absolute_url()).content.decode()
    assert "Rewrites turned off on request" in page
    assert '<a href="/rules/R542/">R542 ' in page


def test_a_snippet_targets_the_runners_hip_version_as_a_job_does(settings):
    # No runner online: the operator's DEFAULT_HIP_VERSION, for jobs and snippets alike.
    settings.DEFAULT_HIP_VERSION = "5.7"
    cuda = "cudaDriverEntryPointQueryResult result;\n"  # hipDriverProcAddressQueryResult: 6.2
    answer = APIClient().post("/api/translate/", {"source": cuda, "path": "k.cu"},
                              format="json").json()
    assert [name["name"] for name in answer["unsupported"]] == [
        "cudaDriverEntryPointQueryResult"]
    chosen = APIClient().post("/api/translate/", {"source": cuda, "path": "k.cu",
                                                  "hip_version": "6.2"}, format="json").json()
    assert "hipDriverProcAddressQueryResult result;" in chosen["source"]


def test_the_playground_and_the_form_show_the_default_hip_version_and_why(client, settings):
    settings.DEFAULT_HIP_VERSION = "5.7"
    page = client.get("/playground/").content.decode()
    assert 'name="hip_version" value="5.7"' in page
    assert "the default, 5.7, is DEFAULT_HIP_VERSION, the operator&#x27;s choice while no " \
           "ROCm runner is online" in page
    form = UploadForm()
    assert form.fields["hip_version"].initial == "5.7"
    assert form.fields["hip_version"].help_text.endswith(
        "(now 5.7: DEFAULT_HIP_VERSION, the operator's choice while no ROCm runner is online)")
