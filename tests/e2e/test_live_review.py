"""Reviewing in the browser while the job runs, with a real worker and the real hipcc: the
page follows the job without reloading, keeps the chosen file, its view and the scroll as
units finish compiling, and shows a unit's diagnostics on the open file when its batch
ends; a small job submitted behind the big one finishes first. And the review marks
(search, filters, viewed, dismissed) work from the keyboard alone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.e2e.browsing import screenshot
from tests.e2e.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.factories import EXAMPLE, PASSWORD, make_job, make_user, zip_bytes
from tests.review_jobs import review_project, reviewed_job
from tests.services import start_worker

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: The copy whose unit does not compile (an undeclared name on CUDA line 3 of its kernel).
BROKEN = 4


def project(copies: int, name: str, broken: int | None = None) -> bytes:
    """The example COPIES times over, each copy its own unit and text (no compile cache
    answers for another); copy BROKEN does not compile."""
    files = {}
    for copy in range(copies):
        for path in sorted(EXAMPLE.iterdir()):
            text = path.read_text()
            if path.suffix == ".cu":
                if copy == broken:
                    text = text.replace("#include", "int broken_here = undeclared_name;\n"
                                                     "#include", 1)
                text += f"\nint {name}_copy_{copy} = {copy};\n"
            files[f"{name}/copy{copy:02d}/{path.name}"] = text
    return zip_bytes(files)


@pytest.fixture
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def signed_in_page(browser, live_server, user, width=1280):
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/jobs/new/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    return page


def upload(page, path) -> None:
    page.goto(page.url.split("/jobs/")[0] + "/jobs/new/")
    page.set_input_files("input[name=archive]", str(path))
    page.click("text=Upload and translate")
    expect(page.locator("#job-state")).to_be_visible()


@pytest.fixture
def user():
    return make_user()  # before Playwright's loop runs: Django refuses the ORM inside it


def test_a_job_is_reviewed_while_it_compiles_and_a_small_job_goes_first(
    live_server, private_redis, tmp_path, user, browser
):
    big, small = tmp_path / "big.zip", tmp_path / "small.zip"
    big.write_bytes(project(6, "big", broken=BROKEN))
    small.write_bytes(project(2, "small"))
    # One runner process, one unit per batch: units finish one after another.
    worker = start_worker(private_redis.url, tmp_path / "worker",
                          extra_env={"COMPILE_BATCH_UNITS": "1", "COMPILE_CACHE_DIR": ""})
    try:
        page = signed_in_page(browser, live_server, user)
        upload(page, big)
        # The translation is stored: the results appear without a reload while it compiles.
        page.evaluate("window.stayed = true")
        expect(page.locator("#file-tree")).to_be_visible(timeout=60_000)
        expect(page.locator("#job-state")).to_have_text("compiling")
        broken = f"big/copy{BROKEN:02d}/saxpy.cu"
        page.click(f'#file-tree a[data-file="{broken}"]')
        expect(page.locator("#file-title")).to_have_attribute("data-path", broken)
        page.click("text=Side by side")
        expect(page.locator("table.diff.view-split")).to_be_visible()
        page.mouse.wheel(0, 300)
        page.wait_for_function("window.scrollY > 100")
        title_top = "document.getElementById('file-title').getBoundingClientRect().top"
        where = page.evaluate(title_top)

        # Behind it, a small job from another tab: it is done before the big one.
        other = page.context.new_page()
        other.goto(page.url)
        upload(other, small)
        expect(other.locator("#job-state")).to_have_text("done", timeout=120_000)
        assert page.locator("#job-state").text_content() == "compiling"
        other.close()

        # Units finish while the file stays open, in its view, where the reviewer was.
        expect(page.locator("#compile tbody tr")).to_have_count(3, timeout=120_000)
        expect(page.locator("#file-title")).to_have_attribute("data-path", broken)
        expect(page.locator("table.diff.view-split")).to_be_visible()
        # the compile table above grew; the open file did not move on the screen
        assert abs(page.evaluate(title_top) - where) < 5
        # The open file's own unit fails: its diagnostic appears under its CUDA line.
        expect(page.locator("#file-panel .note-compile")).to_contain_text(
            "undeclared_name", timeout=120_000)
        expect(page.locator("#file-title")).to_have_attribute("data-path", broken)
        expect(page.locator("#job-state")).to_have_text("done", timeout=120_000)
        expect(page.locator("#compile tbody tr")).to_have_count(6)
        assert page.evaluate("window.stayed") is True  # never reloaded
        screenshot(page, "job-reviewed-while-compiling")
    finally:
        worker.stop()


@pytest.fixture
def job(user, tmp_path):
    return reviewed_job(user, review_project(tmp_path))


def test_search_filters_viewed_and_dismissed_by_keyboard(live_server, user, job, browser):
    page = signed_in_page(browser, live_server, user)
    page.goto(live_server.url + job.get_absolute_url())
    expect(page.locator("#file-title")).to_be_visible()
    keys = page.keyboard

    # "/" searches the files; the tree narrows as one types, and the address keeps it.
    page.locator("body").focus()
    keys.press("/")
    expect(page.locator("#file-search")).to_be_focused()
    keys.type("hazards/")
    expect(page.locator("#file-tree li.file:not([hidden])")).to_have_count(2)
    expect(page).to_have_url(re.compile(r"[?&]q=hazards%2F"))
    keys.press("Escape")

    # A filter chosen with the keyboard narrows the list and the open file's notes.
    page.locator("select[name=rule]").focus()
    keys.press("ArrowDown")  # the first rule
    expect(page.locator("#notes-narrowed")).to_be_visible()
    chosen = page.locator("select[name=rule]").input_value()
    expect(page.locator("#file-panel .note-finding .rule").first).to_contain_text(chosen)
    assert f"rule={chosen}" in page.url

    # n goes to the first note, v marks the file viewed, d opens the review of the note.
    page.locator("#file-title").click()  # the panel, not a form control, has the keys
    keys.press("n")
    expect(page.locator("#finding-1")).to_be_focused()
    path = page.locator("#file-title").get_attribute("data-path")
    keys.press("v")
    expect(page.locator("#viewed-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f'#file-tree a[data-file="{path}"] .viewed-mark')).to_have_count(1)
    keys.press("d")
    expect(page.locator("#finding-1 select[name=reason]")).to_be_focused()
    keys.press("ArrowDown")  # "acceptable on AMD GPUs"
    keys.press("Tab")
    keys.type("lanes are 64 wide here")
    keys.press("Tab")  # Resolve
    keys.press("Tab")  # Dismiss
    keys.press("Enter")
    expect(page.locator("#finding-1 .review-state")).to_have_text(
        f"dismissed by {user.username}: acceptable on AMD GPUs — lanes are 64 wide here")
    expect(page.locator("#finding-1")).to_be_focused()
    # Kept: a fresh page shows the same state.
    page.reload()
    expect(page.locator("#finding-1 .review-state")).to_contain_text("dismissed by")
    expect(page.locator("#viewed-toggle")).to_have_attribute("aria-pressed", "true")


@pytest.fixture
def running_job(user):
    return make_job(owner=user, state="translating", progress_done=1, progress_total=5,
                    progress_phase="translating", source_name="running.zip")


def test_a_hidden_tab_fetches_nothing_and_catches_up_when_shown(live_server, user,
                                                                 running_job, browser):
    page = signed_in_page(browser, live_server, user)
    polls = []
    page.on("request", lambda request: polls.append(request.url)
            if "/status/" in request.url else None)
    page.goto(live_server.url + running_job.get_absolute_url())
    page.wait_for_timeout(4500)
    assert len(polls) >= 2  # every 2 s while the job runs
    hide = """hidden => {
        Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
        Object.defineProperty(document, "visibilityState",
                              {value: hidden ? "hidden" : "visible", configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    page.evaluate(hide, True)
    page.wait_for_timeout(500)  # a poll already on its way may land
    before = len(polls)
    page.wait_for_timeout(5000)
    assert len(polls) == before
    page.evaluate(hide, False)
    page.wait_for_timeout(500)
    assert len(polls) == before + 1  # at once, not 2 s later
