#!/usr/bin/env python3
"""Cross-check of the four-row games against the independent Python reference.

Replays the game records of results/tournaments/<game>-tournament.games.jsonl (games played by the Rust
agents, so positions deep into real games) and, at every position, compares the release
binary's legal moves (`mancala show --json`) and the position after the move played
(`mancala show --moves`) with the Python reference (`python3 reference moves`).

Usage: python3 scripts/cross-check-four-row.py [--first K] [--games N]
Exit 1 on any difference. About 1 s a position (three process starts).
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target", "release", "mancala")
REFERENCE = os.path.join(ROOT, "reference")
GAMES = ["omweso", "bao-la-kete", "bao-la-kiswahili"]


def reference_moves(game, pos):
    out = subprocess.run(["python3", REFERENCE, "moves", game, pos],
                         capture_output=True, text=True, check=True).stdout
    moves = {}
    for line in out.strip().splitlines():
        if line.strip():
            mv, child = line.split(" ", 1)
            moves[mv] = child
    return moves


def show(game, pos=None, moves=None):
    argv = [BINARY, "show", game, "--json"]
    if pos:
        argv += ["--position", pos]
    if moves:
        argv += ["--moves", moves]
    return json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=0, help="first game record of each file")
    ap.add_argument("--games", type=int, default=3, help="game records of each file")
    args = ap.parse_args()
    checked = bad = 0
    for game in GAMES:
        path = os.path.join(ROOT, "results", "tournaments", f"{game}-tournament.games.jsonl")
        with open(path) as f:
            records = [json.loads(line) for line in f][args.first:args.first + args.games]
        for record in records:
            pos = show(game)["position"]
            for mv in record["opening"] + record["moves"]:
                ref = reference_moves(game, pos)
                ours = show(game, pos)
                checked += 1
                if sorted(ref) != sorted(ours["legal_moves"]):
                    bad += 1
                    print(f"MOVES DIFFER {game} | {pos}: reference {sorted(ref)}, "
                          f"mancala {sorted(ours['legal_moves'])}")
                    break
                child = show(game, pos, mv)["position"]
                if ref.get(mv) != child:
                    bad += 1
                    print(f"POSITION DIFFERS {game} | {pos} | {mv}: reference {ref.get(mv)}, "
                          f"mancala {child}")
                    break
                pos = child
    print(f"{checked} positions checked, {bad} differences", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
