#!/usr/bin/env bash
# Fits the four-row evaluation weights of Bao la Kiswahili (src/eval/weights/bao-la-kiswahili.toml)
# to the outcomes of self-play games (no exact values exist at full size: issue 31, point 2),
# and plays the fitted evaluation against material at a fixed depth.
#
#   scripts/eval-fit-bao.sh [--fit-only | --match-only] [RUNS]
#
# RUNS (default /tmp/eval-fit-bao) receives the self-play run (4000 games of search(depth=8)
# against search(depth=7), both on material, from every 6-ply opening in a seeded order; about
# 6 minutes on 2 threads; reproducible: depth budgets). The weights file is compiled in, so
# after a fit rebuild (`cargo build --release`) before the match.
# Output: src/eval/weights/bao-la-kiswahili.toml, results/eval/eval-fit-bao-la-kiswahili.md/.csv,
# results/tournaments/eval-fitted-vs-stores-bao-la-kiswahili.*
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in --fit-only | --match-only) mode=${1#--}; shift ;; esac
runs=${1:-/tmp/eval-fit-bao}
bin=target/release/mancala
game=bao-la-kiswahili
if [ "$mode" != match-only ]; then
  "$bin" match "$game" -a "search(depth=8,eval=stores)" -a "search(depth=7,eval=stores)" \
    --games 4000 --openings 6 --seed 1 --threads 2 --out bao-self-play --results "$runs"
  "$bin" eval fit "$game" --games "$runs/tournaments/bao-self-play.games.jsonl" \
    --out "src/eval/weights/$game.toml" --report "results/eval/eval-fit-$game.md"
fi
if [ "$mode" != fit-only ]; then
  "$bin" match "$game" -a "search(depth=6,eval=fitted)" -a "search(depth=6,eval=stores)" \
    --games 200 --openings 4 --seed 1 --threads 2 --out "eval-fitted-vs-stores-$game"
fi
