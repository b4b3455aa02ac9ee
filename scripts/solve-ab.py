#!/usr/bin/env python3
"""Whole-process timings of `mancala solve` and `mancala perft` under two builds, interleaved A B A B.

    scripts/solve-ab.py BEFORE AFTER [--rounds K] [--perft GAME@DEPTH ...] [GAME ...]

BEFORE, AFTER  two `mancala` binaries (e.g. the base commit's build and target/release/mancala)
--rounds K     runs of each binary per game, interleaved (default 3)
GAME           game strings solved from the start, value only, on one thread (default: two
               Kalah sizes of about a second each)
--perft G@D    also time `mancala perft G --depth D` on one thread (repeatable; default none),
               the row's game written `perft G@D` and its value column empty

Prints a Markdown table: per game and build the median wall seconds (min-max) of the whole
process and the solver's nodes (which must agree: the solver is deterministic on one thread),
and the ratio AFTER / BEFORE pair by pair (median, min-max), with the 1-minute load average
before each pair. Standard library only.
"""

import argparse
import json
import os
import statistics
import subprocess
import time

# Awari is left out: with the repetition history in the key, `awari(houses=5,seeds=3)` and even
# `awari(houses=4,seeds=3)` do not finish in 20 s (measured 2026-12-06).
GAMES = ["kalah(houses=6,seeds=3)", "kalah(houses=5,seeds=4)"]


def run(binary, game):
    """Wall seconds, nodes and value of one run; `game` is a game string or `perft G@D`."""
    if game.startswith("perft "):
        name, depth = game[len("perft "):].rsplit("@", 1)
        cmd = [binary, "perft", name, "--depth", depth, "--threads", "1", "--json"]
    else:
        cmd = [binary, "solve", game, "--threads", "1", "--value-only", "--json"]
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t
    j = json.loads(p.stdout)
    return wall, j["nodes"], j.get("value", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--perft", action="append", default=[], metavar="GAME@DEPTH")
    ap.add_argument("games", nargs="*")
    a = ap.parse_args()
    print("| game | build | wall s | nodes | value | ratio after/before | load |")
    print("|---|---|---:|---:|---:|---:|---|")
    for game in (a.games or GAMES) + [f"perft {x}" for x in a.perft]:
        rows = {"before": [], "after": []}
        loads = []
        for _ in range(a.rounds):
            loads.append(os.getloadavg()[0])
            rows["before"].append(run(a.before, game))
            rows["after"].append(run(a.after, game))
        ratios = [y[0] / x[0] for x, y in zip(rows["before"], rows["after"])]
        for build in ("before", "after"):
            walls = [r[0] for r in rows[build]]
            nodes = sorted({r[1] for r in rows[build]})
            values = sorted({r[2] for r in rows[build]})
            ratio = ""
            if build == "after":
                ratio = f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})"
            load = " ".join(f"{x:.1f}" for x in loads) if build == "before" else ""
            print(
                f"| {game} | {build} | {statistics.median(walls):.2f} ({min(walls):.2f}-{max(walls):.2f}) "
                f"| {'/'.join(map(str, nodes))} | {'/'.join(map(str, values))} | {ratio} | {load} |"
            )


if __name__ == "__main__":
    main()
