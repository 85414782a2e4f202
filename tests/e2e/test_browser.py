"""The whole service in headless Chromium: sign in, upload, wait, read the diff, download."""

import io
import tarfile
import zipfile

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.factories import PASSWORD, example_zip, make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def test_upload_the_example_and_download_the_hip_tree(live_server, celery_worker, tmp_path):
    # The ORM is used before Playwright starts: its event loop would make Django refuse.
    user = make_user(username="alice")
    upload = tmp_path / "saxpy.zip"
    upload.write_bytes(example_zip())

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        page = browser.new_page(accept_downloads=True)
        page.goto(f"{live_server.url}/jobs/new/")
        page.fill("input[name=username]", user.username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.set_input_files("input[name=archive]", str(upload))
        page.click("text=Upload and translate")

        expect(page.locator("#job-state")).to_have_text("done", timeout=120_000)
        expect(page.locator("#summary svg.chart").first).to_be_visible()
        expect(page.locator("#compile")).to_contain_text("compiled")
        page.click('#file-tree a[data-file="saxpy/saxpy.cu"]')
        expect(page.locator("#file-title")).to_have_attribute("data-path", "saxpy/saxpy.cu")
        inserted = page.locator("#file-panel td.code.ins", has_text="hipMalloc(&d_x, bytes)")
        expect(inserted).to_have_count(1)

        downloaded = {}
        for name in ("hip-tree.tar.gz", "hip-tree.zip"):
            with page.expect_download() as download:
                page.click(f"#downloads >> text={name}")
            assert download.value.suggested_filename == f"saxpy-{name}"
            downloaded[name] = download.value.path().read_bytes()
        browser.close()

    with tarfile.open(fileobj=io.BytesIO(downloaded["hip-tree.tar.gz"])) as tree:
        assert tree.getnames() == ["saxpy", "saxpy/Makefile", "saxpy/saxpy.cu", "saxpy/saxpy.h"]
        source = tree.extractfile("saxpy/saxpy.cu").read().decode()
    assert "hipMemcpyHostToDevice" in source
    assert "cudaMemcpy" not in source
    with zipfile.ZipFile(io.BytesIO(downloaded["hip-tree.zip"])) as tree:
        assert tree.namelist() == ["saxpy/", "saxpy/Makefile", "saxpy/saxpy.cu", "saxpy/saxpy.h"]
        assert tree.read("saxpy/saxpy.cu").decode() == source
