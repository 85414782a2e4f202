"""The playground in headless Chromium: type CUDA, read HIP, the diff and the findings."""

import re

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


def type_cuda(page, text):
    page.click("#cuda-editor .cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(text)


@pytest.fixture
def fresh_rate_window():
    """The tests above used this address's snippet rate (SNIPPET_RATE, counted in the
    live server's process): start a new window."""
    from django.core.cache import cache

    cache.clear()


def test_edits_survive_a_reload_and_a_share_link_opens_them_elsewhere(live_server, page,
                                                                      fresh_rate_window):
    page.goto(f"{live_server.url}/playground/")
    type_cuda(page, "__global__ void kept(int* x) { x[threadIdx.x] = warpSize; }\n")
    page.fill("input[name=path]", "kept.cu")
    page.click("details.options summary")
    page.check("#flag-roc")
    # debounced, and after the translation of the page's own sample
    expect(page.locator("#hip-output")).to_contain_text("void kept(int* x)", timeout=20_000)
    page.reload()
    page.click("details.options summary")
    expect(page.locator("#cuda-editor")).to_contain_text("void kept(int* x)")
    expect(page.locator("input[name=path]")).to_have_value("kept.cu")
    expect(page.locator("#flag-roc")).to_be_checked()
    page.click("#share-button")
    expect(page.locator("#share-link")).to_have_value(
        re.compile(re.escape(f"{live_server.url}/playground/#s=") + "[A-Za-z0-9_-]+$"))
    link = page.locator("#share-link").input_value()
    expect(page.locator("#status")).to_contain_text("link")
    page.close()  # its translations must not hold this address's snippet slot
    # Another browser, with nothing stored: the link alone brings the text and options.
    other = page.context.browser.new_context().new_page()
    other.goto(link)
    other.click("details.options summary")
    expect(other.locator("#cuda-editor")).to_contain_text("void kept(int* x)")
    expect(other.locator("input[name=path]")).to_have_value("kept.cu")
    expect(other.locator("#flag-roc")).to_be_checked()
    expect(other.locator("#hip-output")).to_contain_text("void kept(int* x)", timeout=20_000)


def test_the_snippet_compiles_on_a_runner_and_its_errors_are_marked(
    live_server, page, redis_url, tmp_path, fresh_rate_window
):
    from tests.services import start_worker

    worker = start_worker(redis_url, tmp_path / "snippet-worker", queues="rocm-snippets")
    try:
        page.goto(f"{live_server.url}/playground/")
        type_cuda(page, "#include <cuda_runtime.h>\n__global__ void k(float* x) {\n"
                        "  x[threadIdx.x] = laneCount;\n}\n")
        expect(page.locator("#hip-output")).to_contain_text("hip_runtime.h")
        page.click("#compile-button")
        expect(page.locator("#compiled")).to_contain_text("failed on the", timeout=60_000)
        expect(page.locator("#compiled")).to_contain_text(
            "HIP line 3: use of undeclared identifier 'laneCount'")
        expect(page.locator("#hip-output .cm-lintRange-error")).to_have_count(1)
        type_cuda(page, "__global__ void k(float* x) { x[threadIdx.x] = 1.0f; }\n")
        page.click("#compile-button")
        expect(page.locator("#compiled")).to_contain_text("compiled on the", timeout=60_000)
    finally:
        worker.stop()
