#!/usr/bin/env bash
# Fits the evaluation weights of Kalah and Awari (src/eval/weights/) to the exact values of
# their endgame databases, and plays the fitted evaluation against the store difference.
#
#   scripts/eval-fit.sh [--fit-only | --match-only] [DBROOT]
#
# DBROOT (default /tmp/eval-fit-db) receives `mancala egdb build kalah|awari --max-seeds 18`
# (a few minutes on one thread; kept between runs). The weights files are compiled in, so after
# a fit rebuild (`cargo build --release`) before the matches.
# Output: src/eval/weights/{kalah,awari}.toml, results/eval/eval-fit-{kalah,awari}.md/.csv,
# results/tournaments/eval-fitted-vs-stores-{kalah,oware}.*
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in --fit-only | --match-only) mode=${1#--}; shift ;; esac
db=${1:-/tmp/eval-fit-db}
bin=target/release/mancala
if [ "$mode" != match-only ]; then
  for g in kalah awari; do
    "$bin" egdb build "$g" --max-seeds 18 --out "$db" --threads 1
  done
  "$bin" eval fit kalah --egdb "$db/kalah" --layers 2..18 --positions 20000 --seed 1 \
    --out src/eval/weights/kalah.toml --report results/eval/eval-fit-kalah.md
  "$bin" eval fit awari --also oware --egdb "$db/awari" --layers 2..18 --positions 20000 \
    --seed 1 --out src/eval/weights/awari.toml --report results/eval/eval-fit-awari.md
fi
if [ "$mode" != fit-only ]; then
  for g in kalah oware; do
    "$bin" match "$g" -a "alphabeta(depth=6,eval=fitted)" -a "alphabeta(depth=6)" \
      --games 100 --openings 2 --seed 1 --threads 2 --out "eval-fitted-vs-stores-$g"
  done
fi
