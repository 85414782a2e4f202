"""Every page under its Content-Security-Policy in headless Chromium: nothing is refused.

Chromium reports each blocked script, style or request on the console ("Refused to ...
because it violates the following Content Security Policy directive"); any such line
fails the test, as does a page whose own script did not run.
"""

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.factories import PASSWORD, make_user
from tests.review_jobs import review_project, reviewed_job

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

@pytest.fixture
def job(tmp_path):
    # The ORM is used before Playwright starts: its event loop would make Django refuse.
    user = make_user(username="carol", is_staff=True, is_superuser=True)
    return reviewed_job(user, review_project(tmp_path))


def test_no_page_breaks_its_content_security_policy(live_server, job):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        page = browser.new_page()
        refused = []
        page.on("console", lambda message: refused.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text else None)

        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", "carol")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")

        page.goto(f"{live_server.url}/jobs/{job.pk}/")
        page.click('#file-tree a[data-file="project/app/main.cu"]')  # job.js loads the file
        inserted = page.locator("#file-panel td.code.ins", has_text="hipSuccess")
        expect(inserted.first).to_be_visible()

        page.goto(f"{live_server.url}/playground/")
        page.click("text=Translate")  # playground.js runs: it answers in #status
        expect(page.locator("#status")).not_to_be_empty(timeout=30_000)

        page.goto(f"{live_server.url}/api/docs/")
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("rocport API")

        for path in ("/jobs/", "/jobs/new/", "/rules/", "/rules/R201/", "/api/token/",
                     "/admin/"):
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state("load")
        browser.close()
    assert refused == []
