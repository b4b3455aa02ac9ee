#!/usr/bin/env bash
# A distributed database build (mpirun, PROCESSES processes of one thread each) against the
# single-process build (one process of PROCESSES threads) on this machine, in turn (A B A B),
# each from an empty directory, timed whole-job by /usr/bin/time -v; then every layer file of
# the two is compared byte for byte, and scripts/egdb-mpi-bench.py tabulates per layer the
# seconds, the ratio, the bytes the processes sent each other and each process's peak memory.
#
# usage: scripts/egdb-mpi-bench.sh BIN GAME MAX_SEEDS REPS OUT_DIR [PROCESSES]
# e.g.   scripts/egdb-mpi-bench.sh target/release/mancala awari 18 2 /tmp/mpi-bench 2
# BIN must be built with `--features mpi`. Writes OUT_DIR/{single,mpi}-REP.json (the builds'
# --json reports), OUT_DIR/{single,mpi}-REP.time (/usr/bin/time -v), OUT_DIR/load.txt.
set -euo pipefail
bin=$1 game=$2 max=$3 reps=$4 out=$5 np=${6:-2}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
: > "$out/load.txt"
for rep in $(seq 1 "$reps"); do
  for which in single mpi; do
    dir="$out/db-$which"
    rm -rf "$dir"
    echo "$which rep $rep: $(cat /proc/loadavg)" >> "$out/load.txt"
    if [ "$which" = single ]; then
      /usr/bin/time -v -o "$out/$which-$rep.time" \
        "$bin" egdb build "$game" --max-seeds "$max" --out "$dir" --threads "$np" --json \
        > "$out/$which-$rep.json" < /dev/null
    else
      /usr/bin/time -v -o "$out/$which-$rep.time" \
        mpirun -np "$np" --oversubscribe --bind-to none \
        "$bin" egdb build "$game" --max-seeds "$max" --out "$dir" --threads 1 --distributed --json \
        > "$out/$which-$rep.json" < /dev/null
    fi
  done
  same=0 differ=0
  for f in "$out"/db-single/*/layer-*.egdb; do
    g="$out/db-mpi/$(basename "$(dirname "$f")")/$(basename "$f")"
    if cmp -s "$f" "$g"; then same=$((same + 1)); else differ=$((differ + 1)); echo "DIFFER: $f $g"; fi
  done
  echo "rep $rep: $same layer files identical, $differ differ" | tee -a "$out/load.txt"
done
python3 "$(dirname "$0")/egdb-mpi-bench.py" "$out" "$reps"
