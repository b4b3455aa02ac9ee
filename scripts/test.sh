#!/usr/bin/env bash
# The test command of README.md: every test of the repository, Rust and Python.
#
#   1. cargo test                      (the Rust crate: unit, integration and doc tests)
#      then the distributed builds over MPI: cargo test --features mpi --test mpi, with Open
#      MPI and libclang installed from the Debian packages if missing
#   2. cargo build --release           (the command-line binary the Python tests compare with)
#   3. a virtual environment (target/python-venv, or $MANCALA_VENV) with maturin, numpy,
#      pytest, open-spiel, pettingzoo and gymnasium installed from the package registry (PyPI)
#   4. the wheel of python/ built with maturin and installed into it (--force-reinstall: always
#      the module built from these sources)
#   5. pytest python/tests             (exit status 5, no tests collected, counts as a failure);
#      python/tests/test_browser.py drives `mancala serve` in a real headless Chromium: the Debian
#      `chromium` package is installed if missing and Playwright for Python (with the system
#      browser, not its own download) into the environment; MANCALA_REQUIRE_BROWSER=1 makes
#      a missing one a failure, not a skip;
#      python/tests/test_build.py fails if the module imported or the release binary was built
#      from other sources than the checkout's (the build ids of src/source_hash.rs)
#
# Extra arguments go to pytest (e.g. scripts/test.sh -k openspiel). Set MANCALA_SKIP_CARGO_TEST=1
# to run steps 2-5 only.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [[ "${MANCALA_SKIP_CARGO_TEST:-0}" != 1 ]]; then
  cargo test
  if ! dpkg -s openmpi-bin libopenmpi-dev libclang-dev >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
      echo "scripts/test.sh: installing openmpi-bin libopenmpi-dev libclang-dev (the MPI tests need them)" >&2
      DEBIAN_FRONTEND=noninteractive apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openmpi-bin libopenmpi-dev libclang-dev
    else
      echo "scripts/test.sh: the MPI tests need Open MPI (mpirun, mpi.h) and libclang" >&2
      exit 1
    fi
  fi
  # Open MPI refuses to run as root without these (CI runs as root); 2 and 4 processes on
  # localhost against the single-process files, and a process killed inside a layer.
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 cargo test --features mpi --test mpi
fi
cargo build --release

python=${PYTHON:-python3}
venv=${MANCALA_VENV:-$root/target/python-venv}
if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  # Debian and Ubuntu ship venv's pip bootstrap separately.
  if command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: installing python3-venv (python3 -m venv needs it)" >&2
    apt-get update -qq && apt-get install -y -qq python3-venv
  else
    echo "scripts/test.sh: '$python -m venv' does not work here; install Python's venv module" >&2
    exit 1
  fi
fi
if [[ ! -x "$venv/bin/python" ]]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "maturin>=1.9.4,<2" numpy pytest open-spiel pettingzoo gymnasium playwright
if [[ ! -x /usr/bin/chromium ]]; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: installing chromium (the browser test of mancala serve needs it)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  else
    echo "scripts/test.sh: the browser test needs Chromium at /usr/bin/chromium" >&2
    exit 1
  fi
fi
export MANCALA_REQUIRE_BROWSER=1

wheels=$(mktemp -d)
trap 'rm -rf "$wheels"' EXIT
"$venv/bin/maturin" build --release --manifest-path python/Cargo.toml --interpreter "$venv/bin/python" --out "$wheels"
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$wheels"/mancala-*.whl

status=0
# From the root, so that python/mancala (the sources, without the compiled module) does not
# shadow the installed package.
MANCALA_BIN="$root/target/release/mancala" "$venv/bin/python" -m pytest -q python/tests "$@" || status=$?
if [[ $status == 5 ]]; then
  echo "scripts/test.sh: pytest collected no tests: that is a failure" >&2
fi
exit $status
