# One definition, two targets (and the "source" stage both copy the project from);
# docker-compose.yml picks the role by command.
#   app   web server and CPU workers (queue "translate"): Python 3.11 on Debian 12
#   rocm  compile-check workers (queue "rocm"): ROCm's development image, which has hipcc

# The project's files, listed once and copied into both images.
FROM scratch AS source
COPY pyproject.toml requirements.lock README.md manage.py /app/
COPY translator /app/translator
COPY webapp /app/webapp
COPY workers /app/workers
COPY templates /app/templates

FROM python:3.11-slim-bookworm AS app
# libclang-common-15-dev: clang's resource headers, which the pip libclang wheel lacks;
# bubblewrap: every translation of user input runs in its sandbox (translator/sandbox/confinement.py);
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

# The same uid as in "app": both write job results to the shared media volume.
# The full ROCm library set from ROCm's apt repository, so that the compile check's
# "missing dependency" class is rare and names what the runner really lacks; cmake and
# make run the project's own build for its compile commands.
FROM rocm/dev-ubuntu-24.04:6.3 AS rocm
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv python3-dev gcc \
      libclang-common-18-dev \
      bubblewrap cmake make rocm-cmake rocprim-dev hipcub-dev rocthrust-dev hipblas-dev \
      hipblaslt-dev rocblas-dev hipfft-dev rocfft-dev hipsolver-dev rocsolver-dev \
      hiprand-dev rocrand-dev hipsparse-dev rocsparse-dev rccl-dev miopen-hip-dev \
      roctracer-dev \
 && rm -rf /var/lib/apt/lists/*
ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 HIP_PLATFORM=amd \
    VIRTUAL_ENV=/venv PATH=/venv/bin:/opt/rocm/bin:$PATH \
    DATA_DIR=/data HIPCC=/opt/rocm/bin/hipcc
WORKDIR /app
COPY --from=source /app /app
RUN python3 -m venv /venv \
 && pip install --no-cache-dir -c requirements.lock -e . \
 && python -m compileall -q translator webapp workers \
 && (userdel --remove ubuntu 2>/dev/null || true) \
 && useradd --system --uid 1000 --home-dir /data rocport \
 && mkdir -p /data && chown rocport /data
USER rocport
CMD ["celery", "-A", "workers", "worker", "-Q", "rocm", "--concurrency", "1"]
