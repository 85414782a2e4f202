"""``rocport submit`` against the real service: a live server, a real worker, hipcc."""

import io
import tarfile

import pytest

from tests.factories import EXAMPLE, make_user
from translator.cli import main
from webapp.api.tokens import issue_token

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def token():
    return issue_token(make_user(username="erin"))


def test_submit_a_folder_follows_the_job_and_downloads_the_results(live_server, celery_worker,
                                                                   token, tmp_path, capsys):
    out = tmp_path / "results"
    status = main(["submit", str(EXAMPLE), "--url", live_server.url, "--token", token,
                   "--naming", "hip", "--roc", "-o", str(out), "--interval", "0.3"])
    err = capsys.readouterr().err
    assert status == 0, err
    assert sorted(p.name for p in out.iterdir()) == [
        "changes.patch", "hip-tree.tar.gz", "report.json"]
    with tarfile.open(fileobj=io.BytesIO((out / "hip-tree.tar.gz").read_bytes())) as tree:
        assert "saxpy/saxpy.hip" in tree.getnames()
    assert "rename from saxpy/saxpy.cu" in (out / "changes.patch").read_text()
    assert "rocport: done: " in err
    assert "units compiled" in err


def test_the_token_may_come_from_the_environment(live_server, celery_worker, token, tmp_path,
                                                 monkeypatch, capsys):
    monkeypatch.setenv("ROCPORT_TOKEN", token)
    status = main(["submit", str(EXAMPLE), "--url", live_server.url, "--no-wait", "-q"])
    assert status == 0
    assert len(capsys.readouterr().out.strip()) == 36  # the job's id


def test_a_wrong_token_is_refused_by_the_service(live_server, token, tmp_path, capsys):
    archive = tmp_path / "p.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))
    status = main(["submit", str(archive), "--url", live_server.url, "--token", "wrong"])
    assert status == 4
    assert "401" in capsys.readouterr().err


def test_no_token_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.delenv("ROCPORT_TOKEN", raising=False)
    assert main(["submit", str(EXAMPLE), "--url", "http://127.0.0.1:9"]) == 2
    assert "ROCPORT_TOKEN" in capsys.readouterr().err


def test_submit_passes_the_build_configuration_and_confirmed_skips(live_server, token,
                                                                    capsys):
    from webapp.jobs.models import Job

    status = main(["submit", str(EXAMPLE), "--url", live_server.url, "--token", token,
                   "--no-wait", "-q", "--ignore", "R542", "--skip-rewrite", "R542",
                   "--cmake", "USE_CUDA=ON", "--make-var", "GPU=1", "--make-goal", "all"])
    assert status == 0, capsys.readouterr().err
    options = Job.objects.get(pk=capsys.readouterr().out.strip()).options
    assert (options["skip_rewrites"], options["cmake"], options["make_variables"],
            options["make_goals"]) == (["R542"], ["USE_CUDA=ON"], ["GPU=1"], ["all"])
