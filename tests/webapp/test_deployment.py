"""docker-compose.yml, the Dockerfile and .env.example agree with the project.

Docker cannot run here, so these files are kept honest by reading them: every command a
project service runs must exist in the project, every setting must be documented.
"""

import importlib
import re
from pathlib import Path

import pytest
import yaml
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
PROJECT_SERVICES = {name: s for name, s in SERVICES.items() if "build" in s}
LOCKED = {line.split("==")[0].lower() for line in (ROOT / "requirements.lock").read_text()
          .splitlines() if "==" in line}
SETTINGS_VARIABLES = sorted(set(re.findall(
    r'env_(?:str|bool|int|list)\(\s*"([A-Z_]+)"', (ROOT / "webapp/settings.py").read_text()
)))


def python_attribute_exists(spec: str) -> bool:
    module, _, attribute = spec.partition(":")
    return hasattr(importlib.import_module(module), attribute)


def test_the_expected_roles_exist():
    assert {"web", "worker", "worker-rocm", "redis", "postgres"} <= set(SERVICES)


@pytest.mark.parametrize("name", sorted(PROJECT_SERVICES))
def test_project_service_command_exists_in_the_project(name):
    command = PROJECT_SERVICES[name]["command"]
    program, arguments = command[0], command[1:]
    if program == "gunicorn":
        assert "gunicorn" in LOCKED
        assert python_attribute_exists(arguments[0])
    elif program == "celery":
        assert "celery" in LOCKED
        assert arguments[:2] == ["-A", "workers"]
        assert python_attribute_exists("workers:app")
        from django.conf import settings

        routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
        queues = arguments[arguments.index("-Q") + 1].split(",")
        assert set(queues) <= routed
    elif program == "python" and arguments[0] == "-m":
        from translator.cli import build_parser

        assert arguments[1] == "translator"
        build_parser().parse_args(arguments[2:])  # exits (fails the test) when it is wrong
    elif program == "python":
        assert arguments[0] == "manage.py"
        assert (ROOT / "manage.py").is_file()
        assert arguments[1] in get_commands()
    else:
        pytest.fail(f"{name}: unknown program {program!r}")


@pytest.mark.parametrize("name", sorted(PROJECT_SERVICES))
def test_build_target_is_defined_in_the_dockerfile(name):
    target = PROJECT_SERVICES[name]["build"]["target"]
    assert re.search(rf"^FROM \S+ AS {target}$", (ROOT / "Dockerfile").read_text(), re.M)


def _stages() -> dict[str, str]:
    """Dockerfile stage name -> its instructions."""
    parts = re.split(r"^FROM \S+ AS (\S+)$", (ROOT / "Dockerfile").read_text(), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_both_images_take_the_project_files_from_one_stage():
    stages = _stages()
    copied = re.findall(r"^COPY (?:\S+ )+/app/(\S*)$", stages["source"], re.M)
    assert {"translator", "webapp", "workers", "templates", ""} <= set(copied)
    for target in ("app", "rocm"):
        assert "COPY --from=source /app /app\n" in stages[target]
        assert not re.search(r"^COPY (?!--from=source)", stages[target], re.M)


@pytest.mark.parametrize("target", ["app", "rocm"])
def test_images_that_keep_processes_from_writing_bytecode_write_it_at_build_time(target):
    """Else every sandboxed translation compiles the modules it imports from source."""
    stage = _stages()[target]
    assert "PYTHONDONTWRITEBYTECODE=1" in stage
    compiled = re.search(r"python3? -m compileall -q ((?:\w+ )*\w+)", stage)
    assert compiled
    assert {"translator", "webapp", "workers"} <= set(compiled[1].split())
    assert stage.index("pip install") < compiled.start() < stage.index("USER rocport")


def test_every_queue_has_a_worker():
    from django.conf import settings

    consumed = set()
    for service in PROJECT_SERVICES.values():
        command = service["command"]
        if command[0] == "celery":
            consumed |= set(command[command.index("-Q") + 1].split(","))
    assert consumed == {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}


def test_the_rocm_worker_compiles_on_the_runner_built_into_its_volume():
    rocm, build = SERVICES["worker-rocm"], SERVICES["runner-build"]
    assert rocm["build"]["target"] == build["build"]["target"] == "rocm"
    assert "runners:/runners" in rocm["volumes"]
    assert "runners:/runners" in build["volumes"]
    assert build["command"][-3:] == ["rocm-6.4", "--runners-dir", "/runners"]
    assert rocm["depends_on"]["runner-build"]["condition"] == "service_completed_successfully"
    stage = _stages()["rocm"]
    assert "RUNNERS_DIR=/runners" in stage
    assert "mmdebstrap" in stage


def test_redis_persists_append_only():
    assert "--appendonly" in SERVICES["redis"]["command"]


def test_named_volumes_are_declared():
    used = {
        volume.split(":")[0]
        for service in SERVICES.values()
        for volume in service.get("volumes", [])
        if not volume.startswith((".", "/"))
    }
    assert used <= set(COMPOSE["volumes"])


def test_project_services_read_dot_env():
    assert all(service["env_file"] == ".env" for service in PROJECT_SERVICES.values())


@pytest.mark.parametrize("variable", SETTINGS_VARIABLES)
def test_every_setting_is_documented(variable):
    assert re.search(rf"^{variable}=", (ROOT / ".env.example").read_text(), re.M)
    assert f"`{variable}`" in (ROOT / "README.md").read_text()
