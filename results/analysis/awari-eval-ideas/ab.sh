#!/bin/bash
# Awari 15-28 accuracy at 100 ms: pattern weights (pat) against the committed weights (qs), interleaved
for seed in 1 2; do for rep in 1 2; do for b in pat qs; do
  /tmp/mancala-$b analyze awari -a "search(time=100)" -a "alphabeta(time=100)" --sample 1000 --seeds 15-28 --phases 7 --seed $seed --egdb /work/dbs/awari --threads 2 --out ab-$b-s$seed-r$rep --results /tmp/evx/res > /dev/null 2>&1
  echo "$b seed=$seed rep=$rep load=$(cut -d' ' -f1 /proc/loadavg) $(grep '^| `search(time=100)`' res/analysis/ab-$b-s$seed-r$rep.md | head -1 | cut -d'|' -f5) $(grep '^| `alphabeta(time=100)`' res/analysis/ab-$b-s$seed-r$rep.md | head -1 | cut -d'|' -f5)"
done; done; done
