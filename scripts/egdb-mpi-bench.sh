#!/usr/bin/env bash
# A distributed database build (mpirun, PROCESSES processes of one thread each) against the
# single-process build (one process of PROCESSES threads) on this machine, in turn (A B A B),
# each from an empty directory, timed whole-job by /usr/bin/time -v; then every layer file of
# the two is compared byte for byte, and a table gives per layer the
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
# The table: per layer, the seconds of the single-process and the
# distributed build in each repetition, their ratio pair by pair, what the processes sent each
# other (parent updates and entries gathered to the writer, bytes and bytes per position, rounds
# of exchange) and each process's peak memory; then the whole-job wall times.
python3 - "$out" "$reps" <<'PY'
import json
import re
import sys

out, reps = sys.argv[1], int(sys.argv[2])
runs = {w: [json.load(open(f"{out}/{w}-{r}.json")) for r in range(1, reps + 1)] for w in ("single", "mpi")}


def wall(which, rep):
    text = open(f"{out}/{which}-{rep}.time").read()
    w = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    return sum(float(x) * 60 ** i for i, x in enumerate(reversed(w.split(":"))))


def mib(b):
    return f"{b / 2**20:.1f}"


print("| layer | positions | single s | mpi s | single/mpi | updates MiB | update bytes/pos | gathered MiB | exchange rounds | single peak MiB | mpi peak MiB per process |")
print("|---:|---:|---|---|---|---:|---:|---:|---:|---:|---|")
for i in range(len(runs["mpi"][0]["layers"])):
    pos = runs["mpi"][0]["layers"][i]["positions"]
    singles = [r["layers"][i]["seconds"] for r in runs["single"]]
    mpis = [r["layers"][i]["seconds"] for r in runs["mpi"]]
    if max(singles) < 0.2:
        continue
    x = runs["mpi"][-1]["layers"][i]["exchange"]
    ratios = ", ".join(f"{s / m:.2f}" for s, m in zip(singles, mpis))
    peak = runs["single"][-1]["layers"][i].get("peak_rss_bytes") or 0
    print(
        f"| {i} | {pos:,} | {', '.join(f'{s:.2f}' for s in singles)} | {', '.join(f'{m:.2f}' for m in mpis)} "
        f"| {ratios} | {mib(x['update_bytes'])} | {x['update_bytes'] / pos:.2f} | {mib(x['gather_bytes'])} "
        f"| {x['rounds']} | {mib(peak)} | {', '.join(mib(p) for p in x['peak_rss_per_process'])} |"
    )
print()
print("| rep | single wall s | mpi wall s | single/mpi |")
print("|---:|---:|---:|---:|")
for r in range(1, reps + 1):
    s, m = wall("single", r), wall("mpi", r)
    print(f"| {r} | {s:.1f} | {m:.1f} | {s / m:.2f} |")
PY
