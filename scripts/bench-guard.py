#!/usr/bin/env python3
"""The headline speed figures of two builds side by side, to catch a slowdown before it lands.

Builds the release binary of an older commit (from a `git archive` of it, in
$BENCH_GUARD_DIR/src-COMMIT, default ~/.cache/mancala-bench-guard, with a shared target
directory there) and takes the current tree's
(`cargo build --release`, or --new-bin), then runs the headline benchmarks below in turn,
A B A B ..., one thread each, with the machine's load (`uptime`) before every round:

  kalah-playouts, oware-playouts   `mancala bench GAME --what playouts`      (per second)
  omweso-playouts,                 the same for the four-row games
  bao-la-kiswahili-playouts
  kalah-mcts, oware-mcts           `mancala bench GAME --what mcts`          (per second)
  kalah-perft                      `mancala perft kalah --depth 11`          (whole-process seconds)
  oware-perft                      `mancala perft oware --depth 10`          (whole-process seconds)
  kalah-5-4-solve                  `mancala solve "kalah(houses=5,seeds=4)" --threads 1
                                    --tt-mb 64 --value-only`                 (whole-process seconds)
  kalah-egdb-build                 `mancala egdb build kalah --max-seeds 15 --threads 1`
                                    into a new directory                     (whole-process seconds)
  awari-egdb-build                 `mancala egdb build awari --max-seeds 14 --threads 1`
                                    into a new directory                     (whole-process seconds)
  kalah-egdb-build-20,             the same to 20 seeds (layers 15-20 take most of the time):
  awari-egdb-build-20              only when named with --only

Whole-process times are the wall time of the child (and its CPU time, from wait4, the figure
`/usr/bin/time` prints); rates are the binary's own `N per second`. Each pair gives a speed
ratio new/old (>1: the new build is faster); a benchmark is flagged SLOWER when every pair's
ratio is below 1 and their median below 1 - THRESHOLD (default 0.03: the run-to-run spread of
these figures on this shared 2-core machine is about 2%). Exit status 1 if any is flagged.

    scripts/bench-guard.py OLD_COMMIT [--rounds 3] [--only oware-mcts,oware-playouts]
                           [--new-bin PATH] [--old-bin PATH] [--out results/benchmarks/X.md]

The table (Markdown) goes to standard output and, with --out, to a file with the command that
made it. results/benchmarks/baseline.md holds the figures of a recent commit for reference.
"""

import argparse
import os
import pathlib
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Sources, target directory and binaries of the builds compared: outside the repository (a copy
# inside it would be taken for a member of its cargo workspace).
WORK = pathlib.Path(os.environ.get("BENCH_GUARD_DIR",
                                   pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
                                   / "mancala-bench-guard"))

BENCHMARKS = {
    "kalah-playouts": ("rate", ["bench", "kalah", "--what", "playouts", "--threads", "1", "--seconds", "3"]),
    "oware-playouts": ("rate", ["bench", "oware", "--what", "playouts", "--threads", "1", "--seconds", "3"]),
    "omweso-playouts": ("rate", ["bench", "omweso", "--what", "playouts", "--threads", "1", "--seconds", "3"]),
    "bao-la-kiswahili-playouts": ("rate", ["bench", "bao-la-kiswahili", "--what", "playouts", "--threads", "1", "--seconds", "3"]),
    "kalah-mcts": ("rate", ["bench", "kalah", "--what", "mcts", "--threads", "1", "--seconds", "3"]),
    "oware-mcts": ("rate", ["bench", "oware", "--what", "mcts", "--threads", "1", "--seconds", "3"]),
    "kalah-perft": ("time", ["perft", "kalah", "--depth", "11", "--threads", "1"]),
    "oware-perft": ("time", ["perft", "oware", "--depth", "10", "--threads", "1"]),
    "kalah-5-4-solve": ("time", ["solve", "kalah(houses=5,seeds=4)", "--threads", "1", "--tt-mb", "64",
                                 "--value-only"]),
    # {out}: a new empty directory each run (a build into an existing one keeps its layers).
    "kalah-egdb-build": ("time", ["egdb", "build", "kalah", "--max-seeds", "15", "--threads", "1",
                                  "--out", "{out}"]),
    "awari-egdb-build": ("time", ["egdb", "build", "awari", "--max-seeds", "14", "--threads", "1",
                                  "--out", "{out}"]),
    # Larger builds (layers 15-20 take most of the time); not part of the default set.
    "kalah-egdb-build-20": ("time", ["egdb", "build", "kalah", "--max-seeds", "20", "--threads", "1",
                                     "--out", "{out}"]),
    "awari-egdb-build-20": ("time", ["egdb", "build", "awari", "--max-seeds", "20", "--threads", "1",
                                     "--out", "{out}"]),
}
# Benchmarks run only when named with --only.
ON_REQUEST = {"kalah-egdb-build-20", "awari-egdb-build-20"}


def run(binary, args):
    """(figure, wall seconds, cpu seconds) of one run; the figure is a rate or the wall time."""
    with tempfile.TemporaryDirectory(prefix="bench-guard-") as out_dir:
        args = [a.replace("{out}", out_dir) for a in args]
        start = time.perf_counter()
        proc = subprocess.Popen([str(binary), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    out = proc.stdout.read() + proc.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{binary} {shlex.join(args)} failed:\n{out}")
    return out, wall, usage.ru_utime + usage.ru_stime


def figure(kind, out, wall):
    if kind == "time":
        return wall
    m = re.search(r"([\d.]+) per second", out)
    if not m:
        sys.exit(f"no `N per second` in:\n{out}")
    return float(m.group(1))


def build_old(commit, work):
    sha = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout.strip()
    binary = work / f"mancala-{sha}"
    if binary.exists():
        return binary, sha
    src = work / f"src-{sha}"
    if not src.exists():
        tmp = work / f"src-{sha}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", sha], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
        tmp.rename(src)
    env = dict(os.environ, CARGO_TARGET_DIR=str(work / "target"))
    subprocess.run(["cargo", "build", "--release", "--bin", "mancala"], cwd=src, env=env, check=True)
    shutil.copy2(work / "target" / "release" / "mancala", binary)
    return binary, sha


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old", help="the older commit to compare with")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--only", default="", help="comma-separated benchmark names (default: all)")
    p.add_argument("--threshold", type=float, default=0.03)
    p.add_argument("--new-bin", help="the new binary (default: cargo build --release of the tree)")
    p.add_argument("--old-bin", help="the old binary (default: built from OLD)")
    p.add_argument("--out", help="also write the table here, with the command")
    a = p.parse_args()
    names = [n for n in a.only.split(",") if n] or [n for n in BENCHMARKS if n not in ON_REQUEST]
    for n in names:
        if n not in BENCHMARKS:
            sys.exit(f"--only: no benchmark `{n}` (known: {', '.join(BENCHMARKS)})")
    if a.rounds < 1:
        sys.exit("--rounds: at least 1")
    work = WORK
    work.mkdir(parents=True, exist_ok=True)
    if a.old_bin:
        old, old_name = pathlib.Path(a.old_bin), a.old
    else:
        old, old_name = build_old(a.old, work)
    if a.new_bin:
        new, new_name = pathlib.Path(a.new_bin), "new"
    else:
        subprocess.run(["cargo", "build", "--release", "--bin", "mancala"], cwd=ROOT, check=True)
        new = work / "mancala-tree"
        shutil.copy2(ROOT / "target" / "release" / "mancala", new)
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        new_name = head + ("+changes" if dirty else "")
    figures = {n: {"new": [], "old": []} for n in names}
    loads = []
    for k in range(a.rounds):
        loads.append(os.getloadavg()[0])
        print(f"round {k + 1}: load {loads[-1]:.2f}", file=sys.stderr)
        for n in names:
            kind, args = BENCHMARKS[n]
            for side, binary in (("new", new), ("old", old)):
                out, wall, _ = run(binary, args)
                figures[n][side].append(figure(kind, out, wall))
    lines = [f"New `{new_name}` against old `{old_name}`, {a.rounds} rounds A B A B, one thread; "
             f"load (1 min) before the rounds: {', '.join(f'{x:.2f}' for x in loads)}; "
             f"{os.cpu_count()} logical CPUs.", "",
             "| benchmark | unit | new (median) | old (median) | speed ratio new/old: min / median / max | verdict |",
             "|---|---|---:|---:|---|---|"]
    slower = []
    for n in names:
        kind = BENCHMARKS[n][0]
        f = figures[n]
        ratios = [(x / y if kind == "rate" else y / x) for x, y in zip(f["new"], f["old"])]
        med = statistics.median(ratios)
        verdict = "same"
        if max(ratios) < 1 and med < 1 - a.threshold:
            verdict = "**SLOWER**"
            slower.append(n)
        elif min(ratios) > 1 and med > 1 + a.threshold:
            verdict = "faster"
        unit = "per second" if kind == "rate" else "seconds"
        fmt = (lambda v: f"{v:,.0f}") if kind == "rate" else (lambda v: f"{v:.3f}")
        lines.append(f"| {n} | {unit} | {fmt(statistics.median(f['new']))} | {fmt(statistics.median(f['old']))} | "
                     f"{min(ratios):.3f} / {med:.3f} / {max(ratios):.3f} | {verdict} |")
    table = "\n".join(lines) + "\n"
    print(table)
    if a.out:
        command = "scripts/bench-guard.py " + shlex.join(sys.argv[1:])
        out = pathlib.Path(a.out)
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(f"# Speed guard: {new_name} against {old_name}\n\n{table}\n"
                       f"Made by `{command}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.\n")
        tmp.replace(out)
    if slower:
        print(f"slower beyond {a.threshold:.0%}: {', '.join(slower)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
