"""The job page in headless Chromium: browse the tree, filter, open files, step through
findings, share a link; screenshots at 1280 and 420 px; no serious axe-core violations
on the job page, the New job page and the playground. Nothing comes from another host."""

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.browsing import WIDTHS, add_axe, screenshot, serious_violations
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.factories import PASSWORD, make_user
from tests.review_jobs import review_project, reviewed_job
from tests.webapp.test_job_review import UNIT_ERROR, UNIT_OK
from translator.options import Options

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def job(tmp_path):
    # The ORM is used before Playwright starts: its event loop would make Django refuse.
    user = make_user(username="dana")
    return reviewed_job(user, review_project(tmp_path), options=Options(naming="hip"),
                        compile_units=[UNIT_ERROR, UNIT_OK])


@pytest.fixture
def browser_context(live_server):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        add_axe(context)
        outside, errors = [], []
        context.on("request", lambda request: outside.append(request.url)
                   if not request.url.startswith(live_server.url) else None)
        context.on("console", lambda message: errors.append(message.text)
                   if message.type == "error" else None)
        yield context
        browser.close()
        assert outside == []
        assert [e for e in errors if "Content Security Policy" in e] == []


def sign_in(page, live_server, next_url):
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "dana")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")


def open_from_tree(page, path):
    """Click PATH in the file tree and wait until its panel has arrived: the page may already
    show that file (a filter falls back to it), and keys pressed before the new panel replaces
    the old one act on notes about to vanish."""
    with page.expect_response(lambda response: "/review/" in response.url):
        page.click(f'#file-tree a[data-file="{path}"]')
    expect(page.locator("#file-panel")).not_to_have_attribute("aria-busy", "true")


def test_browse_filter_open_and_step_through_findings(live_server, job, browser_context):
    page = browser_context.new_page()
    sign_in(page, live_server, job.get_absolute_url())
    expect(page.locator("#file-title")).to_have_attribute(
        "data-path", "project/hazards/fix_hazards.cu")
    expect(page.locator("#summary svg.chart").first).to_be_visible()

    # Open another file from the tree: the panel changes, the page does not reload.
    page.evaluate("window.stayed = true")
    open_from_tree(page, "project/app/main.cu")
    expect(page.locator("#file-title")).to_have_attribute("data-path", "project/app/main.cu")
    assert page.evaluate("window.stayed") is True
    assert "file=project%2Fapp%2Fmain.cu" in page.url
    expect(page.locator('#file-tree a[aria-current="page"]')).to_have_attribute(
        "data-file", "project/app/main.cu")

    page.click("text=Side by side")
    expect(page.locator("table.diff.view-split td.code.del").first).to_be_visible()
    expect(page.locator("table.diff.view-split td.code.ins").first).to_be_visible()

    # Filter: only files with compile errors; the form applies itself, without a reload;
    # the open file compiles, so the first file the filter keeps opens (in the address too).
    page.select_option("select[name=show]", "compile-errors")
    expect(page.locator("#shown-count")).to_have_text("1 of 17 files")
    assert page.evaluate("window.stayed") is True
    expect(page.locator("#file-title")).to_have_attribute("data-path",
                                                          "project/src/particles.cu")
    assert "show=compile-errors" in page.url
    assert "file=project%2Fsrc%2Fparticles.cu" in page.url
    open_from_tree(page, "project/src/particles.cu")
    expect(page.locator(".note-compile")).to_contain_text("warpSize64")
    expect(page.locator("#compile-unit pre.output")).to_be_visible()
    box = page.locator("#compile-unit pre.output").bounding_box()
    assert box["width"] <= 1280  # the output scrolls inside its panel

    # Step through the findings of a file with the keyboard.
    page.select_option("select[name=show]", "findings")
    expect(page.locator("#shown-count")).not_to_have_text("1 of 17 files")
    open_from_tree(page, "project/hazards/fix_hazards.cu")
    expect(page.locator("#file-title")).to_have_attribute(
        "data-path", "project/hazards/fix_hazards.cu")
    page.keyboard.press("n")
    expect(page.locator("#finding-1")).to_be_focused()
    page.keyboard.press("n")
    expect(page.locator("#finding-2")).to_be_focused()
    assert page.url.endswith("#finding-2")
    page.keyboard.press("p")
    expect(page.locator("#finding-1")).to_be_focused()
    shared = page.url.replace("#finding-1", "#finding-3")

    # A shared link opens the file at its finding, in a fresh page.
    other = browser_context.new_page()
    other.goto(shared)
    expect(other.locator("#file-title")).to_have_attribute(
        "data-path", "project/hazards/fix_hazards.cu")
    expect(other.locator("#finding-3")).to_be_in_viewport()


def test_screenshots_and_accessibility_of_the_job_page(live_server, job, browser_context):
    page = browser_context.new_page()
    sign_in(page, live_server, job.get_absolute_url())
    expect(page.locator("#file-title")).to_be_visible()
    for name, width in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"job-page-{name}")
    page.goto(page.url.split("?")[0] + "?file=project/app/main.cu&view=split")
    screenshot(page, "job-page-side-by-side-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "job-page-side-by-side-desktop")
    assert serious_violations(page) == []


def test_accessibility_of_the_new_job_page_and_the_playground(live_server, job,
                                                             browser_context):
    page = browser_context.new_page()
    sign_in(page, live_server, "/jobs/new/")
    expect(page.locator("input[name=archive]")).to_be_visible()
    for name, width in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": 900})
        screenshot(page, f"new-job-{name}")
    assert serious_violations(page) == []
    page.goto(f"{live_server.url}/playground/")
    expect(page.locator("#status")).to_contain_text("replacements")
    for name, width in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"playground-{name}")
    assert serious_violations(page) == []
