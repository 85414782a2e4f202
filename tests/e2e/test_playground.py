"""The playground in headless Chromium: type CUDA, read HIP, the diff and the findings."""

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CUDA = """#include <cuda_runtime.h>
int main() {
  float* d_x;
  cudaMalloc(&d_x, 4096);
  cudaFree(d_x);
}
"""


@pytest.fixture
def page(live_server):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        page = browser.new_page()
        # Nothing may come from another host (no CDN): such a request fails the test.
        outside = []
        page.on("request", lambda request: outside.append(request.url)
                if not request.url.startswith(live_server.url) else None)
        yield page
        browser.close()
        assert outside == []


def test_typed_cuda_comes_back_as_hip_with_a_highlighted_diff(live_server, page):
    page.goto(f"{live_server.url}/playground/")
    page.click("#cuda-editor .cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(CUDA.replace("  ", ""), delay=1)  # typed, as a person would
    page.click("text=Translate")
    expect(page.locator("#hip-output")).to_contain_text("hipMalloc(&d_x, 4096);")
    expect(page.locator("#hip-output")).to_contain_text("#include <hip/hip_runtime.h>")
    expect(page.locator("#hip-output")).not_to_contain_text("cudaMalloc")
    expect(page.locator("#diff .added", has_text="hipMalloc(&d_x, 4096);")).to_have_count(1)
    expect(page.locator("#diff .removed", has_text="cudaMalloc(&d_x, 4096);")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("replacements")


@pytest.fixture
def user():
    return make_user()  # before Playwright starts: its event loop makes Django refuse the ORM


def test_a_signed_in_user_translates_with_options(live_server, user, page):
    page.goto(f"{live_server.url}/accounts/login/?next=/playground/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.locator("#cuda-editor .cm-content").fill(CUDA)
    page.click("text=Translate")
    expect(page.locator("#hip-output")).to_contain_text("hipFree(d_x);")
    page.click("text=Options")
    page.check("input[name=roc]")  # a session user: the CSRF token must travel
    page.click("text=Translate")
    expect(page.locator("#status")).to_contain_text("replacements")
    expect(page.locator("#status")).not_to_contain_text("error")


def test_errors_are_shown_to_the_person(live_server, page, settings):
    settings.SNIPPET_MAX_BYTES = 50
    page.goto(f"{live_server.url}/playground/")
    page.locator("#cuda-editor .cm-content").fill(CUDA)
    page.click("text=Translate")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#error")).to_contain_text("the source is larger than the limit")
    expect(page.locator("#panes")).to_have_class("panes stale")


def test_findings_are_marked_in_the_cuda_editor_and_listed_with_labels(live_server, page):
    page.goto(f"{live_server.url}/playground/")
    expect(page.locator("#status")).to_contain_text("replacements")
    expect(page.locator("#cuda-editor .cm-lintRange-warning").first).to_be_visible()
    expect(page.locator("#findings .rule", has_text="W401")).to_have_count(1)
    expect(page.locator("label[for=flag-roc]")).to_have_text("rocBLAS, rocRAND, rocFFT… names")
