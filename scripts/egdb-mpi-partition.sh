#!/usr/bin/env bash
# Peak memory of a partitioned distributed build (`--distributed --partition`: each process
# holds its own piece of every layer) against the replicated one (`--distributed`: each process
# maps every lower layer), PROCESSES processes of one thread each, in turn (replicated,
# partitioned, and again for each further repetition), each from an empty directory, timed
# whole-job by /usr/bin/time -v; then the partitioned pieces are joined (`egdb join`) and every
# layer file compared byte for byte with the replicated build's. The table gives per layer the
# seconds, each process's peak resident memory (Linux VmHWM, reset before each layer) and the
# bytes sent per position of the layer by kind.
#
# usage: scripts/egdb-mpi-partition.sh REPLICATED_BIN PARTITIONED_BIN GAME MAX_SEEDS PROCESSES OUT_DIR [REPS]
# e.g.   scripts/egdb-mpi-partition.sh /tmp/mancala-old target/release/mancala awari 24 4 /tmp/part 1
# Both binaries must be built with `--features mpi` (REPLICATED_BIN may be an older commit's:
# the replicated build as it was). Writes OUT_DIR/{replicated,partitioned}-REP.{json,time},
# OUT_DIR/load.txt and prints the Markdown table.
set -euo pipefail
old=$1 new=$2 game=$3 max=$4 np=$5 out=$6 reps=${7:-1}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
: > "$out/load.txt"
for rep in $(seq 1 "$reps"); do
  for which in replicated partitioned; do
    dir="$out/db-$which"
    rm -rf "$dir"
    echo "$which rep $rep: load $(cat /proc/loadavg)" >> "$out/load.txt"
    if [ "$which" = replicated ]; then bin=$old extra=(); else bin=$new extra=(--partition); fi
    /usr/bin/time -v -o "$out/$which-$rep.time" \
      mpirun -np "$np" --oversubscribe --bind-to none \
      "$bin" egdb build "$game" --max-seeds "$max" --out "$dir" --threads 1 --distributed \
      "${extra[@]}" --json > "$out/$which-$rep.json" < /dev/null
  done
  part=$(echo "$out"/db-partitioned/*)
  "$new" egdb join "$part" >> "$out/load.txt"
  same=0 differ=0
  for f in "$out"/db-replicated/*/layer-*.egdb; do
    g="$part/$(basename "$f")"
    if cmp -s "$f" "$g"; then same=$((same + 1)); else differ=$((differ + 1)); echo "DIFFER: $f $g"; fi
  done
  echo "rep $rep: $same layer files identical after the join, $differ differ" | tee -a "$out/load.txt"
done
python3 - "$out" "$reps" <<'PY'
import json
import re
import sys

out, reps = sys.argv[1], int(sys.argv[2])
runs = {w: [json.load(open(f"{out}/{w}-{r}.json")) for r in range(1, reps + 1)]
        for w in ("replicated", "partitioned")}


def whole(which, rep):
    text = open(f"{out}/{which}-{rep}.time").read()
    w = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    return sum(float(x) * 60 ** i for i, x in enumerate(reversed(w.split(":")))), rss * 1024


def mib(b):
    return f"{b / 2**20:.0f}"


print("| layer | positions | replicated s | partitioned s | replicated peak MiB (max of processes) "
      "| partitioned peak MiB per process | partitioned/replicated peak | updates B/pos "
      "| child requests B/pos | answers B/pos | gathered B/pos (replicated) |")
print("|---:|---:|---|---|---:|---|---:|---:|---:|---:|---:|")
layers = runs["partitioned"][0]["layers"]
for n, layer in enumerate(layers):
    if layer["kept"] or layer["positions"] < 1_000_000:
        continue
    pos = layer["positions"]
    rs = ", ".join(f"{r['layers'][n]['seconds']:.1f}" for r in runs["replicated"])
    ps = ", ".join(f"{r['layers'][n]['seconds']:.1f}" for r in runs["partitioned"])
    rpeak = max(max(r["layers"][n]["exchange"]["peak_rss_per_process"]) for r in runs["replicated"])
    pp = runs["partitioned"][-1]["layers"][n]["exchange"]
    ppeak = pp["peak_rss_per_process"]
    rx = runs["replicated"][-1]["layers"][n]["exchange"]
    print(f"| {n} | {pos:,} | {rs} | {ps} | {mib(rpeak)} | {', '.join(mib(b) for b in ppeak)} "
          f"| {max(ppeak) / rpeak:.2f} | {pp['update_bytes'] / pos:.2f} "
          f"| {pp['request_bytes'] / pos:.2f} | {pp['answer_bytes'] / pos:.2f} "
          f"| {rx['gather_bytes'] / pos:.2f} |")
print()
print("| rep | replicated wall s | partitioned wall s | replicated max RSS MiB (time -v) | partitioned max RSS MiB (time -v) |")
print("|---:|---:|---:|---:|---:|")
for rep in range(1, reps + 1):
    (rw, rr), (pw, pr) = whole("replicated", rep), whole("partitioned", rep)
    print(f"| {rep} | {rw:.0f} | {pw:.0f} | {mib(rr)} | {mib(pr)} |")
PY
