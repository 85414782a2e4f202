"""The webhook answers JSON also when something unexpected fails (GitHub shows the body)."""

import json

from django.test import RequestFactory

from webapp.github.views import json_errors


def test_an_unexpected_exception_is_answered_as_a_json_500(caplog):
    @json_errors
    def broken(request):
        raise RuntimeError("the database went away")

    response = broken(RequestFactory().post("/hooks/github/"))
    assert (response.status_code, response["Content-Type"]) == (500, "application/json")
    assert json.loads(response.content) == {"error": {
        "code": "internal-error", "message": "rocport failed unexpectedly; the error was logged"}}
    assert "the database went away" in caplog.text
