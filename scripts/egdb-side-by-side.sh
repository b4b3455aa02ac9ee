#!/usr/bin/env bash
# Side-by-side database builds: two `mancala` binaries build the same layers in turn (A B A B),
# each from an empty directory, timed whole-process by /usr/bin/time -v; then every layer file
# of the two is compared byte for byte and the per-layer rates are tabulated with ratios.
#
# usage: scripts/egdb-side-by-side.sh OLD_BIN NEW_BIN GAME MAX_SEEDS REPS OUT_DIR [THREADS]
# e.g.   scripts/egdb-side-by-side.sh /tmp/mancala-old target/release/mancala awari 20 2 /tmp/sbs
# Writes OUT_DIR/{old,new}-REP.json (the builds' --json reports), OUT_DIR/{old,new}-REP.time
# (/usr/bin/time -v), OUT_DIR/load.txt (load averages before each run) and prints a markdown
# table (scripts/egdb-side-by-side.py).
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
python3 "$(dirname "$0")/egdb-side-by-side.py" "$out" "$reps"
