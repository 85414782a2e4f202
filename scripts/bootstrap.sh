#!/usr/bin/env bash
# Prepare this machine for rocport: missing Debian packages (when root) and the .venv.
#
#   scripts/bootstrap.sh run    packages for `make run`
#   scripts/bootstrap.sh test   the same plus what the test suite drives (Chromium, ...)
#
# A package that cannot be installed is named, with the feature that stays off, and the
# script carries on. The virtual environment is created when absent and (re)installed
# from requirements.lock only when an installed version differs from it.
set -uo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
# hipcc and the HIP runtime for the compile check, with every ROCm library Debian 12 has
# (a runner without them reports "missing dependency" for units that include them);
# cmake and make run the project's own build to get its compile commands; clang's
# resource headers for libclang (the pip wheel has none); bubblewrap sandboxes hipcc and
# the builds; Redis is the job queue; gcc and Python's headers build the compiled lexer;
# mmdebstrap builds the ROCm 6.4 runner (translator/compile/runner_build.py).
run_packages=(redis-server hipcc libamdhip64-dev rocm-device-libs libclang-common-15-dev
              bubblewrap cmake make librocprim-dev libhiprand-dev librocrand-dev
              libhipsparse-dev librocsparse-dev librocm-smi-dev rocm-cmake gcc python3-dev
              mmdebstrap)
test_packages=(chromium ninja-build)
declare -A feature=(
  [redis-server]="no local Redis: jobs need a Redis at REDIS_URL"
  [hipcc]="compile check skipped: no hipcc"
  [libamdhip64-dev]="compile check fails: no HIP runtime headers"
  [rocm-device-libs]="compile check fails: no ROCm device libraries"
  [libclang-common-15-dev]="token-only translation: no clang resource headers"
  [bubblewrap]="hipcc runs without a sandbox (development only)"
  [cmake]="compile check: CMake projects use rocport's own flag reader"
  [make]="compile check: Makefile projects use rocport's own flag reader"
  [gcc]="no compiled lexer: translation lexes with its pattern, several times slower"
  [python3-dev]="no compiled lexer: translation lexes with its pattern, several times slower"
  [mmdebstrap]="no ROCm 6.4 runner: the compile check uses this host's HIP 5.2"
  [chromium]="end-to-end browser tests cannot run"
  [ninja-build]="the realistic corpus cannot be built for real"
)

packages=("${run_packages[@]}")
[[ $mode == test ]] && packages+=("${test_packages[@]}")

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=()
for package in "${packages[@]}"; do
  installed "$package" || missing+=("$package")
done

if ((${#missing[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "rocport: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || echo "rocport: apt-get update failed"
    if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
      # One unavailable package must not keep the others out.
      for package in "${missing[@]}"; do
        apt-get install -y -qq --no-install-recommends "$package" >/dev/null 2>&1 || true
      done
    fi
  fi
  for package in "${missing[@]}"; do
    if ! installed "$package"; then
      echo "rocport: MISSING system package $package (apt-get install $package): ${feature[$package]:-some tests cannot run}"
    fi
  done
fi

if [[ ! -e .venv ]]; then
  if ! python3 -m venv .venv 2>/dev/null; then
    if [[ $(id -u) == 0 ]]; then
      apt-get install -y -qq python3-venv >/dev/null && python3 -m venv .venv
    fi
  fi
fi
if [[ ! -x .venv/bin/python ]]; then
  echo "rocport: cannot create .venv (apt-get install python3-venv)" >&2
  exit 1
fi

# Every pinned distribution present at its pinned version?
if ! .venv/bin/python - <<'PY'
import re, sys
from importlib.metadata import PackageNotFoundError, version
for line in open("requirements.lock"):
    match = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", line)
    if not match:
        continue
    try:
        if version(match[1]) != match[2]:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PY
then
  echo "rocport: installing Python packages into .venv"
  .venv/bin/python -m pip install -q --upgrade pip || exit 1
  if [[ -L .venv ]]; then
    # A shared development venv (a link): install the pins, not this checkout.
    .venv/bin/python -m pip install -q -r requirements.lock || exit 1
  else
    .venv/bin/python -m pip install -q -c requirements.lock -e ".[test]" || exit 1
  fi
fi

# The compiled lexer (translator/source/_lexer.c) is built by the editable install above;
# built again when its source is newer (a pull that changed it). Optional: without a C
# compiler the translator lexes with its pattern (translator/source/tokens.py).
lexers=(translator/source/_lexer*.so)
if [[ ! -L .venv ]] && { [[ ! -e ${lexers[0]} ]] || [[ translator/source/_lexer.c -nt ${lexers[0]} ]]; }; then
  echo "rocport: building the compiled lexer"
  .venv/bin/python -m pip install -q --no-deps -e . >/dev/null 2>&1
  lexers=(translator/source/_lexer*.so)
  if [[ ! -e ${lexers[0]} ]]; then
    echo "rocport: the compiled lexer could not be built (gcc, python3-dev): translation lexes with its pattern, several times slower"
  fi
fi

# The project's bytecode, written now: where PYTHONDONTWRITEBYTECODE is set (the Docker
# images, many CI machines) every process would otherwise compile every module it imports
# from source again, a tenth of a second for a translation's start (each sandboxed job,
# each pool worker's rules). compileall rewrites only what is stale.
.venv/bin/python -m compileall -q -j 0 translator webapp workers rocport_client >/dev/null \
  || echo "rocport: could not write the bytecode of the project's modules (a read-only checkout?)"

# The tests compile on the ROCm 6.4 runner: built once per machine (a few minutes) into the
# user's cache, outside the clone, where every later run and CI find it (`make run` builds
# it in the background instead: scripts/run.py).
if [[ $mode == test ]]; then
  .venv/bin/python -m translator runner build rocm-6.4 2>&1 | grep -v "is built already" \
    || true
  if ! .venv/bin/python -c 'from translator.compile.runners import find_runner; find_runner("rocm-6.4")' 2>/dev/null; then
    echo "rocport: the rocm-6.4 runner could not be built; tests that compile on it are skipped (failed on CI)"
  fi
fi
