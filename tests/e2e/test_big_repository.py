"""A 2,000-file repository through the browser, a real worker and the real hipcc: uploaded,
translated, packed, stored and compiled within its limits, and reviewable (the tree of
2,000 files searched as one types)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.browsing import screenshot
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.factories import PASSWORD, make_user, zip_bytes

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FILES = 2000
UNITS = 4


def big_repository() -> bytes:
    """FILES files in folders of 100: headers that call the CUDA runtime, and UNITS kernels
    that include some of them (each compile unit is one of those)."""
    files = {}
    for number in range(FILES - UNITS):
        files[f"repo/lib{number // 100:02d}/part{number}.h"] = (
            f"#pragma once\n#include <cuda_runtime.h>\n"
            f"inline cudaError_t sync_{number}() {{ return cudaDeviceSynchronize(); }}\n"
            f"inline int lanes_{number}() {{ return {number % 64} + warpSize; }}\n")
    for unit in range(UNITS):
        files[f"repo/kernels/kernel{unit}.cu"] = (
            f'#include "../lib00/part{unit}.h"\n'
            f"__global__ void k{unit}(float* x) {{ x[threadIdx.x] = {unit}.0f; }}\n"
            f"void run{unit}(float* d) {{ k{unit}<<<1, 64>>>(d); sync_{unit}(); }}\n")
    return zip_bytes(files)


@pytest.fixture
def user():
    return make_user()


def test_a_two_thousand_file_repository_completes_and_is_reviewable(
    live_server, celery_worker, user, tmp_path
):
    archive = tmp_path / "repo.zip"
    archive.write_bytes(big_repository())
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{live_server.url}/accounts/login/?next=/jobs/new/")
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.set_input_files("input[name=archive]", str(archive))
        started = time.monotonic()
        page.click("text=Upload and translate")
        expect(page.locator("#job-state")).to_have_text("done", timeout=300_000)
        seconds = time.monotonic() - started
        expect(page.locator("#job-failure")).to_have_count(0)
        expect(page.locator("#compile-status")).to_contain_text(
            f"compile check: {UNITS} of {UNITS} units compiled")
        expect(page.locator("#shown-count")).to_have_text(f"{FILES} of {FILES} files")
        page.locator("#file-search").fill("part1995")
        expect(page.locator("#file-tree li.file:not([hidden])")).to_have_count(1)
        page.click('#file-tree a[data-file="repo/lib19/part1995.h"]')
        expect(page.locator("#file-panel td.code.ins", has_text="hipDeviceSynchronize()")) \
            .to_have_count(1)
        screenshot(page, "job-2000-files")
        browser.close()
    print(f"2,000-file repository: done in {seconds:.0f} s from the upload")
