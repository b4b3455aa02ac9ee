"""Shared helpers of the Python tests (run by scripts/test.sh after the wheel is installed)."""

import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def cli_binary() -> pathlib.Path:
    """The release command-line binary (scripts/test.sh builds it; MANCALA_BIN overrides)."""
    path = pathlib.Path(os.environ.get("MANCALA_BIN", REPO / "target" / "release" / "mancala"))
    if not path.exists():
        pytest.fail(f"{path} is missing: build it with `cargo build --release` (scripts/test.sh does)")
    return path


def cli_json(*args: str) -> dict:
    """Runs `mancala ARGS --json` and returns its JSON object."""
    out = subprocess.run([str(cli_binary()), *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def published_kalah():
    """Rows of tests/data/kalah-solved.csv: (houses, seeds, capture, value, source)."""
    rows = []
    for line in (REPO / "tests" / "data" / "kalah-solved.csv").read_text().splitlines():
        if line.startswith("#") or line.startswith("houses"):
            continue
        h, s, capture, value, source = line.split(",")
        rows.append((int(h), int(s), capture, int(value), source))
    return rows
