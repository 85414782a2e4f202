# One definition, two targets (and the "source" stage both copy the project from);
# docker-compose.yml picks the role by command.
#   app   web server and CPU workers (queue "translate"): Python 3.11 on Debian 12
#   rocm  compile-check workers (queue "rocm"): the ROCm 6.4 runner, built on first start

# The project's files, listed once and copied into both images.
FROM scratch AS source
COPY pyproject.toml requirements.lock README.md manage.py /app/
COPY translator /app/translator
COPY webapp /app/webapp
COPY workers /app/workers
COPY templates /app/templates

FROM python:3.11-slim-bookworm AS app
# libclang-common-15-dev: clang's resource headers, which the pip libclang wheel lacks;
# bubblewrap: every translation of user input runs in its sandbox (translator/jobs/confinement.py);
# gcc and libc6-dev build the compiled lexer (translator/source/_lexer.c) at the install below.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libclang-common-15-dev bubblewrap gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 \
    DATA_DIR=/data STATIC_ROOT=/app/staticfiles
WORKDIR /app
COPY --from=source /app /app
# compileall: PYTHONDONTWRITEBYTECODE keeps processes from writing bytecode, so it is written
# here, once; else every sandboxed translation compiled the modules it imports again.
RUN pip install --no-cache-dir -c requirements.lock -e . \
 && python -m compileall -q translator webapp workers \
 && SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput -v 0 \
 && useradd --system --uid 1000 --home-dir /data rocport \
 && mkdir -p /data && chown rocport /data
USER rocport
EXPOSE 8000
CMD ["gunicorn", "webapp.wsgi:application", "--config", "python:webapp.gunicorn_conf", "--bind", "0.0.0.0:8000"]

# Compile-check workers. The toolchain is a runner, the same as on a developer's machine and
# in CI: a root file system of Debian's ROCm 6.4 packages (translator/compile/runners.py),
# built by `rocport runner build rocm-6.4` into the runners volume (docker-compose.yml's
# runner-build, once) and run by bubblewrap; nothing of this image's own system is
# compiled with. mmdebstrap builds it without root, in a user namespace
# (uidmap, and the subordinate ids below); the worker's sandboxes need user namespaces
# too (docker-compose.yml: seccomp unconfined). No GPU is needed to compile.
# The same uid as in "app": both write job results to the shared media volume.
FROM python:3.11-slim-bookworm AS rocm
RUN apt-get update \
 && apt-get install -y --no-install-recommends libclang-common-15-dev bubblewrap gcc libc6-dev \
      mmdebstrap uidmap debian-archive-keyring \
 && rm -rf /var/lib/apt/lists/*
ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 \
    DATA_DIR=/data RUNNERS_DIR=/runners ROCM_RUNNERS=rocm-6.4
WORKDIR /app
COPY --from=source /app /app
RUN pip install --no-cache-dir -c requirements.lock -e . \
 && python -m compileall -q translator webapp workers \
 && useradd --system --uid 1000 --home-dir /data rocport \
 && echo "rocport:100000:65536" > /etc/subuid && echo "rocport:100000:65536" > /etc/subgid \
 && mkdir -p /data /runners && chown rocport /data /runners
USER rocport
CMD ["celery", "-A", "workers", "worker", "-Q", "rocm", "--concurrency", "1"]
