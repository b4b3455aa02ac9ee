#!/usr/bin/env bash
# Solves the start positions of small Kalah and Awari boards straight from endgame databases
# that hold every seed of the game, and writes results/databases/egdb-small-boards.md and .csv.
#
#   scripts/egdb-small-boards.sh [--threads T]
#   scripts/egdb-small-boards.sh --check
#
# For each game and house count H, one database is built up to the seeds in the table below
# (about 90 million positions at most); every S with 2*H*S seeds fitting it is then read from it
# with `mancala egdb probe` (value and the exact value of every first move). Databases go to
# databases/ (reused when complete); the time column is the build time of the database.
#
# --check re-solves by search, without databases, the rows of the committed table that solve in
# seconds (Kalah with at most 4 houses and 24 seeds; Awari with up to 2 houses and 4 seeds per
# house or 3 houses and 2) and compares the values (and, for Kalah, every first move's value);
# it prints: agreeing, disagreeing, seconds, then any disagreement, and exits 1 on one.
set -euo pipefail
cd "$(dirname "$0")/.."
csv=results/databases/egdb-small-boards.csv
md=results/databases/egdb-small-boards.md
threads=2
case "${1:-}" in
  --threads) [ $# -ge 2 ] || { echo "egdb-small-boards: --threads needs a value" >&2; exit 2; }; threads=$2 ;;
  --check | "") ;;
  *) echo "egdb-small-boards: unknown argument '$1' (--threads T or --check)" >&2; exit 2 ;;
esac
cargo build --release --quiet
if [ "${1:-}" = --check ]; then
  exec python3 - target/release/mancala "$csv" <<'PY'
import csv, json, subprocess, sys, time
bin, table = sys.argv[1], sys.argv[2]
ok = bad = 0; lines = []
t0 = time.time()
for r in csv.DictReader(open(table)):
    g, h, s = r['game'], int(r['houses']), int(r['seeds'])
    if g.startswith('kalah'):
        if not (2*h*s <= 24 and h <= 4): continue
    else:
        if not ((h <= 2 and s <= 4) or (h == 3 and s <= 2)): continue
    out = subprocess.run([bin, "solve", g, "--tt-mb", "64", "--threads", "1", "--json"], capture_output=True, text=True, timeout=600)
    j = json.loads(out.stdout)
    moves_db = r["move_values"]
    moves_solve = " ".join(f'{m["move"]}:{m["value"]:+d}' for m in j["moves"])
    if j["value"] != int(r["value"]):
        lines.append(f"{g}: db {r['value']} search {j['value']}")
    elif g.startswith('kalah') and moves_db != moves_solve:
        lines.append(f"{g}: move values differ: {moves_db} vs {moves_solve}")
    else:
        ok += 1; continue
    bad += 1
print(ok, bad, round(time.time()-t0,1)); print("\n".join(lines))
sys.exit(1 if bad else 0)
PY
fi
# A private copy, so that a rebuild while the script runs does not change the binary it times.
bin=$(mktemp -d)/mancala
cp target/release/mancala "$bin"
tmp=$(mktemp)
echo "game,houses,seeds,value,best_moves,move_values,database,database_max_seeds,database_build_seconds" > "$tmp"
for family in kalah "kalah(capture=empty)" awari; do
  for h in 1 2 3 4 5 6; do
    case $h in 1) cap=48 ;; 2) cap=64 ;; 3) cap=48 ;; 4) cap=32 ;; 5) cap=20 ;; 6) cap=24 ;; esac
    if [ "$family" = awari ] && [ "$h" = 6 ]; then cap=20; fi
    case $family in
      kalah) game="kalah(houses=$h)" ;;
      awari) game="awari(houses=$h)" ;;
      *) game="kalah(houses=$h,capture=empty)" ;;
    esac
    build=$("$bin" egdb build "$game" --max-seeds "$cap" --threads "$threads" --json)
    python3 - "$bin" "$game" "$h" "$cap" "$build" >> "$tmp" <<'PY'
import json, subprocess, sys
bin, game, h, cap, build = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.argv[5])
seconds = sum(l["seconds"] for l in build["layers"])
for s in range(1, cap // (2 * h) + 1):
    g = game[:-1] + f",seeds={s})"
    out = subprocess.run([bin, "egdb", "probe", g, "--dir", build["dir"], "--json"],
                         check=True, capture_output=True, text=True).stdout
    j = json.loads(out)
    best = " ".join(m["move"] for m in j["moves"] if m["value"] == j["value"])
    values = " ".join(f'{m["move"]}:{m["value"]:+d}' for m in j["moves"])
    print(f'"{j["game"]}",{h},{s},{j["value"]},{best},{values},{build["dir"]},{cap},{seconds:.1f}')
PY
  done
done
mv "$tmp" "$csv"
python3 - "$csv" "$md" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write("# Small boards solved from endgame databases\n\n")
    f.write("Made by `scripts/egdb-small-boards.sh`: for each game and house count, a database holding "
            "every position with up to `database_max_seeds` seeds on the board is built "
            "(`mancala egdb build`), and each start position whose seeds all fit is read from it "
            "(`mancala egdb probe`, which also values every first move). Values: final store "
            "difference in seeds for South, the first player, under perfect play. Build time: the "
            "whole database, 2 threads (databases shared by several rows are built once; 0 means it "
            "was already complete).\n\n")
    f.write("| game | value | best first moves | every first move | database (max seeds) | build s |\n|---|---:|---|---|---|---:|\n")
    for r in rows:
        f.write(f'| `{r["game"]}` | {int(r["value"]):+d} | {r["best_moves"]} | {r["move_values"]} | '
                f'{r["database"]} ({r["database_max_seeds"]}) | {r["database_build_seconds"]} |\n')
import os
os.replace(sys.argv[2] + ".tmp", sys.argv[2])
PY
echo "wrote $csv and $md"
