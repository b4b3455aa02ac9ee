"""The independent Python reference (reference/, standard library only) passes its own
hand-worked checks, and its n-player goldens still come out of it (so the golden files the
Rust tests read are the reference's, not edited by hand)."""

import subprocess
import sys

from conftest import REPO


def reference(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "reference", *args], cwd=REPO, capture_output=True, text=True)


def test_reference_selftest_passes():
    out = reference("selftest")
    assert out.returncode == 0, out.stdout + out.stderr


def test_n_player_solved_values_are_the_references():
    out = reference("check", "tests/data/solved-n-player.txt")
    assert out.returncode == 0, out.stdout + out.stderr
