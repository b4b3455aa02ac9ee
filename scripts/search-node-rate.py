#!/usr/bin/env python3
"""Node rate of the `search` agent on one thread against the exact solver's, same positions.

    scripts/search-node-rate.py MANCALA [--rounds K]

For each case (a game, a position, a search depth): the solver (`MANCALA solve GAME --position P
--threads 1 --value-only --json`: its nodes and seconds) and the search
(`MANCALA engine --agent "search(depth=D)"`, `go depth D`: the nodes and milliseconds of its `info`
line, the search alone), each K times, interleaved. Prints a Markdown table of nodes, seconds and
nodes per second (medians), and the ratio search / solver. Both count a node as a call of the
search on a position that is not over. Standard library only.
"""

import argparse
import json
import statistics
import subprocess
import time

CASES = [
    ("kalah(houses=6,seeds=3)", "3,3,3,3,3,3/3,3,3,3,3,3 0-0 S", 20),
    ("kalah(houses=5,seeds=4)", "4,4,4,4,4/4,4,4,4,4 0-0 S", 20),
]


def solver(binary, game, pos):
    cmd = [binary, "solve", game, "--position", pos, "--threads", "1", "--value-only", "--json"]
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t
    j = json.loads(p.stdout)
    return j["nodes"], j.get("seconds", wall)


def search(binary, game, pos, depth):
    agent = f"search(depth={depth})"
    script = f"mancala-engine\nnewgame {game}\nposition {pos}\ngo depth {depth}\nquit\n"
    p = subprocess.run([binary, "engine", "--agent", agent], input=script,
                       capture_output=True, text=True, check=True)
    info = next(l for l in p.stdout.splitlines() if l.startswith("info depth"))
    words = info.split()
    nodes = int(words[words.index("nodes") + 1])
    ms = int(words[words.index("time") + 1])
    return nodes, ms / 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mancala")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    print("| game | position | solver nodes | solver s | solver nodes/s | search depth | search nodes | search s | search nodes/s | search / solver |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game, pos, depth in CASES:
        so, se = [], []
        for _ in range(a.rounds):
            so.append(solver(a.mancala, game, pos))
            se.append(search(a.mancala, game, pos, depth))
        sn, ss = statistics.median(n for n, _ in so), statistics.median(s for _, s in so)
        en, es = statistics.median(n for n, _ in se), statistics.median(s for _, s in se)
        rate_s = statistics.median(n / s for n, s in so)
        rate_e = statistics.median(n / max(s, 1e-3) for n, s in se)
        print(f"| {game} | `{pos}` | {sn:.0f} | {ss:.2f} | {rate_s:,.0f} | {depth} | {en:.0f} | {es:.2f} | {rate_e:,.0f} | {rate_e / rate_s:.2f} |")


if __name__ == "__main__":
    main()
