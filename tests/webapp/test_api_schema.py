"""The OpenAPI schema validates and describes every endpoint; docs pages work offline."""

import re

import pytest
import yaml
from django.contrib.staticfiles import finders
from django.core.management import call_command
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    "/api/jobs/": {"get", "post"},
    "/api/jobs/{id}/": {"get"},
    "/api/jobs/{id}/report/": {"get"},
    "/api/jobs/{id}/cancel/": {"post"},
    "/api/jobs/{id}/hip-port/": {"post"},
    "/api/jobs/{id}/files/{name}": {"get"},
    "/api/translate/": {"post"},
    "/api/translate/compile/": {"post"},
    "/api/translate/compile/{compile_id}/": {"get"},
    "/api/rules/": {"get"},
    "/api/runners/": {"get"},
}


@pytest.fixture(scope="module")
def schema(django_db_blocker, tmp_path_factory):
    path = tmp_path_factory.mktemp("schema") / "openapi.yaml"
    with django_db_blocker.unblock():
        # --validate checks the result against the OpenAPI 3 JSON schema; warnings fail.
        call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    return yaml.safe_load(path.read_text())


def test_schema_lists_every_endpoint_with_its_methods(schema):
    paths = {path: set(operations) - {"parameters"} for path, operations in
             schema["paths"].items()}
    assert paths == ENDPOINTS


def test_schema_documents_token_and_session_authentication(schema):
    assert set(schema["components"]["securitySchemes"]) == {"tokenAuth", "cookieAuth"}


def test_job_submission_is_documented_as_multipart_with_options(schema):
    body = schema["paths"]["/api/jobs/"]["post"]["requestBody"]["content"]
    properties = body["multipart/form-data"]["schema"]["$ref"].rsplit("/", 1)[-1]
    fields = schema["components"]["schemas"][properties]["properties"]
    assert {"archive", "roc", "hip_version", "offload_archs", "naming"} <= set(fields)
    assert fields["archive"]["format"] == "binary"


def test_job_links_name_every_download_including_both_hip_trees(schema):
    files = schema["components"]["schemas"]["JobLinks"]["properties"]["files"]
    assert files["additionalProperties"] == {"type": "string", "format": "uri"}
    assert "hip-tree.tar.gz" in files["description"]
    assert "hip-tree.zip" in files["description"]


def test_schema_is_served_to_anyone():
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert response.json()["info"]["title"] == "rocport API"


def test_docs_page_loads_its_assets_from_this_server(client):
    html = client.get("/api/docs/").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources, html
    assert all(source.startswith("/") and not source.startswith("//") for source in sources)
    assets = [source.removeprefix("/static/") for source in sources
              if source.startswith("/static/")]
    assert any(asset.endswith(".js") for asset in assets)
    # Shipped by drf-spectacular-sidecar: collectstatic and whitenoise serve them.
    assert all(finders.find(asset) for asset in assets), assets



def test_swaggers_example_for_translate_is_a_request_the_api_answers(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    content = schema["paths"]["/api/translate/"]["post"]["requestBody"]["content"]
    examples = content["application/json"]["examples"]
    first = next(iter(examples.values()))["value"]  # what "Try it out" sends
    answer = client.post("/api/translate/", first, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert "hipMalloc" in answer.json()["source"]
