#!/usr/bin/env bash
# Side-by-side database builds: two `mancala` binaries build the same layers in turn (A B A B),
# each from an empty directory, timed whole-process by /usr/bin/time -v; then every layer file
# of the two is compared byte for byte and the per-layer rates are tabulated with ratios.
#
# usage: scripts/egdb-side-by-side.sh OLD_BIN NEW_BIN GAME MAX_SEEDS REPS OUT_DIR [THREADS]
# e.g.   scripts/egdb-side-by-side.sh /tmp/mancala-old target/release/mancala awari 20 2 /tmp/sbs
# Writes OUT_DIR/{old,new}-REP.json (the builds' --json reports), OUT_DIR/{old,new}-REP.time
# (/usr/bin/time -v), OUT_DIR/load.txt (load averages before each run) and prints a markdown
# table (below).
# LOWER=DIR (environment): copy DIR's layer files below MAX_SEEDS into each build's database
# directory first, so that each build keeps them and builds (and times) only the layers above,
# e.g. LOWER=/tmp/sbs/db-new/awari ... awari 19 3 /tmp/sbs19 times layer 19 three times each.
set -euo pipefail
old=$1 new=$2 game=$3 max=$4 reps=$5 out=$6 threads=${7:-2}
mkdir -p "$out"
: > "$out/load.txt"
for rep in $(seq 1 "$reps"); do
  for which in old new; do
    bin=$old; [ "$which" = new ] && bin=$new
    dir="$out/db-$which"
    rm -rf "$dir"
    if [ -n "${LOWER:-}" ]; then
      mkdir -p "$dir/$(basename "$LOWER")"
      for f in "$LOWER"/layer-*.egdb; do
        n=$(basename "$f" .egdb); n=$((10#${n#layer-}))
        if [ "$n" -lt "$max" ]; then cp "$f" "$dir/$(basename "$LOWER")/"; fi
      done
    fi
    echo "$which rep $rep: $(cat /proc/loadavg)" >> "$out/load.txt"
    /usr/bin/time -v -o "$out/$which-$rep.time" \
      "$bin" egdb build "$game" --max-seeds "$max" --out "$dir" --threads "$threads" --json \
      > "$out/$which-$rep.json"
  done
  # The last two builds' files, byte for byte.
  same=0 differ=0
  for f in "$out"/db-old/*/layer-*.egdb; do
    g="$out/db-new/$(basename "$(dirname "$f")")/$(basename "$f")"
    if cmp -s "$f" "$g"; then same=$((same + 1)); else differ=$((differ + 1)); echo "DIFFER: $f $g"; fi
  done
  echo "rep $rep: $same layer files identical, $differ differ" | tee -a "$out/load.txt"
done
# The table: per layer, the seconds of each build (old, new) in each
# repetition, positions per second and the ratio old/new taken pair by pair (same repetition),
# then the whole-process figures from /usr/bin/time -v (wall time, peak RSS).
python3 - "$out" "$reps" <<'PY'
import json
import re
import sys

out, reps = sys.argv[1], int(sys.argv[2])
runs = {w: [json.load(open(f"{out}/{w}-{r}.json")) for r in range(1, reps + 1)] for w in ("old", "new")}


def proc(which, rep):
    text = open(f"{out}/{which}-{rep}.time").read()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    secs = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall.split(":"))))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    return secs, rss * 1024


print("| layer | positions | old s | new s | old M pos/s | new M pos/s | old/new (each rep) | new rounds | new peak RSS MiB |")
print("|---:|---:|---|---|---:|---:|---|---:|---:|")
layers = len(runs["new"][0]["layers"])
for i in range(layers):
    pos = runs["new"][0]["layers"][i]["positions"]
    olds = [r["layers"][i]["seconds"] for r in runs["old"]]
    news = [r["layers"][i]["seconds"] for r in runs["new"]]
    if max(olds) < 0.05:
        continue
    ratios = ", ".join(f"{o / n:.1f}" for o, n in zip(olds, news))
    best_old, best_new = min(olds), min(news)
    rss = runs["new"][-1]["layers"][i].get("peak_rss_bytes") or 0
    print(
        f"| {i} | {pos:,} | {', '.join(f'{o:.2f}' for o in olds)} | {', '.join(f'{n:.2f}' for n in news)} "
        f"| {pos / best_old / 1e6:.2f} | {pos / best_new / 1e6:.2f} | {ratios} "
        f"| {runs['new'][-1]['layers'][i]['rounds']} | {rss / 2**20:.0f} |"
    )
tot = [(proc("old", r), proc("new", r)) for r in range(1, reps + 1)]
print()
print("| rep | old wall s | new wall s | old/new | old peak RSS MiB | new peak RSS MiB |")
print("|---:|---:|---:|---:|---:|---:|")
for r, ((ow, orss), (nw, nrss)) in enumerate(tot, 1):
    print(f"| {r} | {ow:.1f} | {nw:.1f} | {ow / nw:.2f} | {orss / 2**20:.0f} | {nrss / 2**20:.0f} |")
PY
