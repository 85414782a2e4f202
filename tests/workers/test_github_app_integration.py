"""The GitHub App end to end with real processes: the webhook answers at once while Redis is
paused, then a worker of its own (App credentials, the local fake GitHub) runs the job,
reports its check run from in_progress to completed with batched annotations, and opens
the HIP port pull request when its button is pressed."""

import time

import pytest

from tests.factories import EXAMPLE
from tests.fake_github import FakeGitHub, app_keys
from tests.services import start_worker, wait_for
from tests.webapp.github import SECRET, deliver, payload
from tests.workers.test_lost_jobs import RECOVERY
from webapp.github.models import PortRequest
from webapp.jobs.models import Job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

REPO = "lattice-lab/stencil-kernels"
SHA = "5e1f00c0ffee1234567890abcdef1234567890ab"
INSTALLATION = 48151623
LAUNCHES = ("#include <cuda_runtime.h>\n__global__ void k(float *x) { x[threadIdx.x] = 0; }\n"
            "void run(float *x, int n) {\n" + "  k<<<n, 32>>>(x);\n" * 70 + "}\n").encode()


def test_app_job_runs_reports_its_check_run_and_opens_the_port(
        private_redis, tmp_path, client, settings):
    fake = FakeGitHub().start()
    fake.use_app("424242", app_keys()[1], {INSTALLATION: {REPO}})
    files = {f"cuda/{path.name}": path.read_bytes() for path in EXAMPLE.iterdir()}
    fake.add_commit(REPO, SHA, {**files, "cuda/launches.cu": LAUNCHES}, branch="tiled-stencil")
    fake.pull_files[(REPO, 17)] = [{"filename": "cuda/launches.cu", "status": "added"}]
    settings.GITHUB_WEBHOOK_SECRET = SECRET
    settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY = "424242", app_keys()[0]
    key = tmp_path / "app.pem"
    key.write_text(app_keys()[0])
    app_env = {"GITHUB_API_URL": fake.url, "GITHUB_APP_ID": "424242",
               "GITHUB_APP_PRIVATE_KEY_FILE": str(key), "GITHUB_WEBHOOK_SECRET": SECRET,
               "PUBLIC_BASE_URL": "http://rocport.test", "GITHUB_PROGRESS_INTERVAL": "1"}
    worker = start_worker(private_redis.url, tmp_path / "worker", extra_env={**RECOVERY,
                                                                             **app_env})
    try:
        data = payload("pull_request_opened")
        data["pull_request"]["head"]["sha"] = SHA
        # The first requests of a process import (the tasks, for the first message) and
        # connect a lot: warm up first.
        import workers.tasks  # noqa: F401

        installed = payload("installation_created")
        installed["installation"]["id"] = INSTALLATION
        installed["repositories"][0]["full_name"] = REPO
        assert deliver(client, "installation", installed, delivery="warm-up").status_code == 200
        private_redis.pause()
        started = time.monotonic()
        response = deliver(client, "pull_request", data, delivery="app-integration-1")
        seconds = time.monotonic() - started
        assert (response.status_code, seconds < 1) == (202, True), seconds
        private_redis.resume()
        job = Job.objects.get(pk=response.json()["job"])

        def completed():
            run = fake.check_runs.get(1)
            return run if run and run["status"] == "completed" and len(
                run["annotations"]) == 70 else None

        run = wait_for(completed, 240, "the completed check run")
        job.refresh_from_db()
        assert (job.state, run["conclusion"]) == ("done", "neutral"), worker.log_tail()
        (created,) = fake.received("POST", f"/repos/{REPO}/check-runs$")
        assert (created.body["status"], created.body["external_id"]) == ("in_progress",
                                                                         str(job.pk))
        patches = fake.received("PATCH", "/check-runs/1$")
        batches = [len(p.body["output"].get("annotations") or []) for p in patches]
        assert max(batches) <= 50
        assert sum(batches) == 70
        assert fake.received("POST", "/access_tokens$")  # the worker used the App's token

        action = payload("check_run_requested_action")
        action["repository"]["full_name"] = REPO
        action["installation"] = {"id": INSTALLATION}
        action["check_run"].update(head_sha=SHA, external_id=str(job.pk), pull_requests=[],
                                   app={"id": 424242})
        action["requested_action"] = {"identifier": "open-hip-port"}
        assert deliver(client, "check_run", action, delivery="port-1").status_code == 202

        def ported():
            return PortRequest.objects.filter(state__in=("done", "failed")).first()

        port = wait_for(ported, 120, "the HIP port pull request")
        assert (port.state, port.message) == ("done", port.message), worker.log_tail()
        assert b"hipMalloc" in fake.files_of(REPO, "rocport/hip-port/17")["cuda/saxpy.cu"]
        (opened,) = fake.received("POST", f"/repos/{REPO}/pulls$")
        assert opened.body["base"] == "tiled-stencil"
    finally:
        private_redis.resume()
        worker.stop()
        fake.stop()
