#!/usr/bin/env python3
"""Times the committed solve jobs (solvers/*-solve.toml) under two builds of mancala, side by side.

    scripts/compare-solve-jobs.py BEFORE AFTER [--repeat K] [--out FILE] [--job NAME ...]

BEFORE, AFTER  two `mancala` binaries (e.g. an older commit's build and target/release/mancala)
--repeat K     runs of each binary per job, interleaved BEFORE AFTER BEFORE AFTER (default 2)
--out FILE     markdown report (default results/benchmarks/solve-jobs-before-after.md; written to a
               temporary file, then renamed)
--job NAME     only these jobs (file stem, e.g. wari-3-2-solve); repeatable

Each run is `BINARY run solvers/JOB.toml --results TMPDIR` under `/usr/bin/time -v` (whole-process
wall time and peak RSS); the job's JSON result gives the value, the solver's nodes and seconds, and
the second method's (the job's `check`) seconds. The load averages (`/proc/loadavg`) are recorded
before each pair. Values of the two builds are compared: a disagreement is flagged in the report
and the exit status is 1. Standard library only.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_job(binary, job):
    """One run of `job` by `binary`: wall seconds, peak RSS in MiB, and the job's JSON."""
    with tempfile.TemporaryDirectory() as out:
        cmd = ["/usr/bin/time", "-v", binary, "run", str(job), "--results", out]
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if p.returncode != 0:
            sys.exit(f"compare-solve-jobs: {' '.join(cmd)} failed ({p.returncode}):\n{p.stderr}")
        wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", p.stderr)
        h, m, s = wall.groups()
        seconds = int(h or 0) * 3600 + int(m) * 60 + float(s)
        rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr).group(1))
        data = json.loads(next(Path(out).rglob("*.json")).read_text())
    return seconds, rss / 1024, data


def load():
    return open("/proc/loadavg").read().split()[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--out", default=str(ROOT / "results" / "benchmarks" / "solve-jobs-before-after.md"))
    ap.add_argument("--job", action="append", default=[])
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    for b in (args.before, args.after):
        if not os.access(b, os.X_OK):
            ap.error(f"{b}: not an executable file")
    jobs = sorted((ROOT / "solvers").glob("*-solve.toml"))
    if args.job:
        wanted = set(args.job)
        unknown = wanted - {j.stem for j in jobs}
        if unknown:
            ap.error(f"no such solve job: {', '.join(sorted(unknown))}")
        jobs = [j for j in jobs if j.stem in wanted]

    rows, bad = [], []
    for job in jobs:
        runs = {"before": [], "after": []}
        loads = []
        for _ in range(args.repeat):
            loads.append(load())
            for which, binary in (("before", args.before), ("after", args.after)):
                runs[which].append(run_job(binary, job))
                print(f"{job.stem} {which}: {runs[which][-1][0]:.2f} s", file=sys.stderr)
        values = {w: {r[2]["result"]["value"] for r in rs} for w, rs in runs.items()}
        if values["before"] != values["after"] or len(values["after"]) != 1:
            bad.append(f"{job.stem}: values before {values['before']} after {values['after']}")
        rows.append((job, runs, loads, values))

    def cell(rs, f, fmt):
        xs = [f(r) for r in rs]
        if None in xs:
            return "-"
        return fmt.format(statistics.median(xs)) + (
            f" ({fmt.format(min(xs))}-{fmt.format(max(xs))})" if len(xs) > 1 else "")

    lines = [
        "# Committed solve jobs: before and after",
        "",
        f"Command: `scripts/compare-solve-jobs.py {args.before} {args.after} --repeat {args.repeat}`"
        + "".join(f" --job {j}" for j in args.job),
        "",
        "Each job (`mancala run solvers/JOB.toml`) run by each build in turn, interleaved; whole-process",
        "wall seconds and peak RSS by `/usr/bin/time -v`, median (min-max). `solve s` and `nodes` are",
        "the job's solver alone (its JSON result); `check s` the job's second method; ratio = after /",
        "before wall time, pair by pair (median). Load: 1-minute load average before each pair.",
        "",
    ]
    if bad:
        lines += ["**VALUES DISAGREE:** " + "; ".join(bad), ""]
    lines += [
        "| job | value | build | wall s | solve s | nodes | check s | peak MiB | ratio | load |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for job, runs, loads, values in rows:
        ratios = [a[0] / b[0] for b, a in zip(runs["before"], runs["after"])]
        for which in ("before", "after"):
            rs = runs[which]
            check = [r[2].get("check") for r in rs]
            lines.append(
                f"| {job.stem} | {','.join(map(str, sorted(values[which])))} | {which} | "
                + cell(rs, lambda r: r[0], "{:.2f}") + " | "
                + cell(rs, lambda r: r[2]["result"].get("seconds"), "{:.2f}") + " | "
                + cell(rs, lambda r: r[2]["result"].get("nodes"), "{:.0f}") + " | "
                + (cell(rs, lambda r: r[2]["check"].get("seconds"), "{:.2f}") if all(check) else "-")
                + " | " + cell(rs, lambda r: r[1], "{:.0f}") + " | "
                + (f"{statistics.median(ratios):.2f}" if which == "after" else "")
                + " | " + (" ".join(loads) if which == "before" else "") + " |"
            )
    out = Path(args.out)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.rename(out)
    print(f"wrote {out}", file=sys.stderr)
    if bad:
        print("compare-solve-jobs: VALUES DISAGREE: " + "; ".join(bad), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
