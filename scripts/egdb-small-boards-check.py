#!/usr/bin/env python3
"""Re-solves by search, without databases, the small boards of results/egdb-small-boards.csv that
solve in seconds (Kalah with at most 4 houses and 24 seeds; Awari with up to 2 houses and 4 seeds
per house or 3 houses and 2), and compares values (and, for Kalah, every first move's value).
Prints: agreeing, disagreeing, seconds, then any disagreement. Run from the repository root
after scripts/egdb-small-boards.sh."""
import csv, json, subprocess, sys, time
bin = "target/release/mancala"
ok = bad = 0; lines = []
t0 = time.time()
for r in csv.DictReader(open('results/egdb-small-boards.csv')):
    g, h, s = r['game'], int(r['houses']), int(r['seeds'])
    if g.startswith('kalah'):
        if not (2*h*s <= 24 and h <= 4): continue
    else:
        if not ((h <= 2 and s <= 4) or (h == 3 and s <= 2)): continue
    out = subprocess.run([bin, "solve", g, "--tt-mb", "64", "--threads", "1", "--json"], capture_output=True, text=True, timeout=600)
    j = json.loads(out.stdout)
    same = j["value"] == int(r["value"])
    moves_db = r["move_values"]
    moves_solve = " ".join(f'{m["move"]}:{m["value"]:+d}' for m in j["moves"])
    ok += same; bad += not same
    if not same: lines.append(f"{g}: db {r['value']} search {j['value']}")
    elif g.startswith('kalah') and moves_db != moves_solve: lines.append(f"{g}: move values differ: {moves_db} vs {moves_solve}")
print(ok, bad, round(time.time()-t0,1)); print("\n".join(lines))
