#!/usr/bin/env bash
# Builds the endgame databases of results/databases/egdb.md and times the solves made with them.
#
#   scripts/egdb-targets.sh [--threads T] [--runs R] [--skip-kalah65]
#
# Databases go to databases/ (kept if already complete and verified: the build then reports
# "kept"). Raw outputs go to results/databases/egdb-runs/ (one JSON per command); the summary table is
# results/databases/egdb-solves.csv. Needs ~12 GiB of memory and ~3 GiB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 runs=3 kalah65=1
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --skip-kalah65) kalah65=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
cargo build --release --quiet
# A private copy, so that a rebuild while the script runs does not change the binary it times.
bin=$(mktemp -d)/mancala
cp target/release/mancala "$bin"
out=results/databases/egdb-runs
mkdir -p "$out"

build() { # game max-seeds name
  "$bin" egdb build "$1" --max-seeds "$2" --threads "$threads" --json > "$out/build-$3.json"
}
build kalah 24 kalah
build "kalah(capture=empty)" 24 kalah-empty
build awari 20 awari

csv=results/databases/egdb-solves.csv
tmp=$(mktemp)
echo "game,egdb,run,value,best_move,nodes,seconds,open_seconds,egdb_hits,threads" > "$tmp"
solve() { # game egdb-dir name run
  "$bin" solve "$1" --egdb "$2" --value-only --threads "$threads" --tt-mb 2048 --json > "$out/solve-$3-$4.json"
  python3 - "$out/solve-$3-$4.json" "$1" "$2" "$4" >> "$tmp" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
best = [m["move"] for m in j["moves"] if m["exact"] and m["value"] == j["value"]]
print(f'"{sys.argv[2]}",{sys.argv[3]},{sys.argv[4]},{j["value"]},{" ".join(best)},{j["nodes"]},'
      f'{j["seconds"]:.2f},{j["egdb"]["open_seconds"]:.2f},{j["egdb"]["hits"]},{j["threads"]}')
PY
}
for r in $(seq 1 "$runs"); do
  solve kalah databases/kalah kalah64 "$r"
  solve "kalah(capture=empty)" databases/kalah-capture=empty kalah64-empty "$r"
done
if [ "$kalah65" = 1 ]; then
  solve "kalah(seeds=5)" databases/kalah kalah65 1
  solve "kalah(seeds=5,capture=empty)" databases/kalah-capture=empty kalah65-empty 1
fi
mv "$tmp" "$csv"
cat "$csv"
