#!/usr/bin/env python3
"""Time forfeits of the `search` agent under clocks (issue 31, "Time").

Plays `search(time=1000)` against itself (so every forfeit is `search`'s) in each game, under a
game clock of 2,000 ms plus 20 ms a move (`--tc 2+0.02`, seconds) and under a move limit
(`--movetime 20`), both with 50 ms of grace (the default is 1,000), and counts the
games lost on time (`termination` = `timeout` in the records, docs/game-records.md) with the
longest move of each run against its limit. Writes a Markdown table to standard output.

    scripts/search-time-forfeits.py target/release/mancala [--rounds 50] [--results DIR]

The games' records go to DIR/tournaments/time-{tc,movetime}-GAME.games.jsonl (default DIR: a
temporary directory, removed at the end). Timings are wall-clock and depend on the machine's load:
this is a benchmark, not a test; the load average is printed with the table.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

GAMES = ["kalah", "oware", "bao-la-kiswahili", "omweso"]
AGENT = "search(time=1000)"
CLOCKS = {
    "tc": ["--tc", "2+0.02", "--grace", "50"],
    "movetime": ["--movetime", "20", "--grace", "50"],
}


def run(binary, game, clock, rounds, results):
    name = f"time-{clock}-{game}"
    cmd = [binary, "match", game, "-a", AGENT, "-a", AGENT, *CLOCKS[clock],
           "--rounds", str(rounds), "--openings", "2", "--seed", "1", "--threads", "2",
           "--results", results, "--out", name]
    started = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {out.returncode}\n{out.stderr}")
    records = [json.loads(line) for line in
               open(os.path.join(results, "tournaments", name + ".games.jsonl"))]
    times = [t for r in records for t in r["times_ms"]]
    timeouts = [r for r in records if r["termination"] == "timeout"]
    return {
        "command": " ".join(["mancala", *cmd[1:]]),
        "games": len(records),
        "moves": len(times),
        "timeouts": len(timeouts),
        "messages": [r.get("forfeit", {}).get("message", "") for r in timeouts],
        "longest_ms": max(times),
        "mean_ms": sum(times) / len(times),
        "seconds": seconds,
        "load": os.getloadavg()[0],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--rounds", type=int, default=50, help="pairs a game and clock (default 50: 100 games)")
    ap.add_argument("--results", help="keep the records in this results root")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--clocks", default="tc,movetime")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        results = args.results or tmp
        print("| clock | game | games | moves | time forfeits | longest move, ms | mean move, ms | run, s | load (1 min) at the end |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        commands = []
        for clock in args.clocks.split(","):
            for game in args.games.split(","):
                r = run(args.binary, game, clock, args.rounds, results)
                commands.append(r["command"])
                print(f"| `{' '.join(CLOCKS[clock])}` | {game} | {r['games']} | {r['moves']} | "
                      f"{r['timeouts']} | {r['longest_ms']:.1f} | {r['mean_ms']:.1f} | "
                      f"{r['seconds']:.0f} | {r['load']:.2f} |", flush=True)
                for m in r["messages"]:
                    print(f"|  | forfeit: {m} | | | | | | | |", flush=True)
        print("\nCommands:\n")
        for c in commands:
            print(f"    {c}")


if __name__ == "__main__":
    main()
