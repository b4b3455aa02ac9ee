#!/usr/bin/env bash
# The criterion benches of two commits side by side (benches/core.rs: move generation, perft,
# the Kalah solves), on one machine in one run: each commit's `core` bench binary is built from
# a `git archive` of it (one shared cargo target directory), then the two binaries run in turn,
# A B A B ..., each run saved as a criterion baseline (`new-K`, `old-K`), with the machine's
# load (`uptime`) before each pair. At the end, per benchmark: each side's median time (the
# median over the rounds of criterion's median estimate) and the ratio new/old pair by pair
# (min / median / max). A shared, noisy machine drifts; read the ratios, not the times.
#
#   scripts/criterion-side-by-side.sh OLD_COMMIT [NEW_COMMIT] [ROUNDS] [FILTER]
#
# NEW_COMMIT defaults to HEAD, ROUNDS to 3, FILTER (a criterion name filter, e.g. `movegen`
# or `solve`) to every benchmark. Work files: $SIDE_BY_SIDE_DIR (default
# target/side-by-side): the sources, the target directory and the criterion baselines.
# Example (the wide-board change of issue 17, results/benchmarks/wide-boards.md):
#
#   scripts/criterion-side-by-side.sh b96f5db HEAD 3
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: $0 OLD_COMMIT [NEW_COMMIT] [ROUNDS] [FILTER]}
new=${2:-HEAD}
rounds=${3:-3}
filter=${4:-}
work=${SIDE_BY_SIDE_DIR:-$(pwd)/target/side-by-side}
mkdir -p "$work"
export CARGO_TARGET_DIR=$work/target
export CRITERION_HOME=$work/criterion

# The bench executable of commit $1 (built if needed).
bench_binary() {
  local commit dir
  commit=$(git rev-parse --short "$1")
  dir=$work/src-$commit
  if [[ ! -d $dir ]]; then
    mkdir -p "$dir.tmp"
    git archive "$commit" | tar -x -C "$dir.tmp"
    mv "$dir.tmp" "$dir"
  fi
  (cd "$dir" && cargo bench --bench core --no-run --message-format=json 2>/dev/null) |
    python3 -c '
import json, sys
exes = [m["executable"] for m in map(json.loads, sys.stdin)
        if m.get("reason") == "compiler-artifact" and m.get("executable")
        and m["target"]["name"] == "core"]
print(exes[-1])'
}

a=$(bench_binary "$new")
b=$(bench_binary "$old")
echo "new ($new): $a"
echo "old ($old): $b"
for k in $(seq 1 "$rounds"); do
  echo "== round $k: $(uptime)"
  # A bench binary that stops part-way (an assertion of an old commit) keeps the benchmarks
  # it finished: criterion saves each as it completes.
  # shellcheck disable=SC2086
  "$a" --bench --noplot --save-baseline "new-$k" $filter || echo "new bench binary: exit status $?"
  # shellcheck disable=SC2086
  "$b" --bench --noplot --save-baseline "old-$k" $filter || echo "old bench binary: exit status $?"
done

python3 - "$CRITERION_HOME" "$rounds" <<'EOF'
import json, os, statistics, sys

home, rounds = sys.argv[1], int(sys.argv[2])
# criterion writes <home>/<group>/<bench...>/<baseline>/estimates.json
found = {}
for root, _, files in os.walk(home):
    if "estimates.json" not in files:
        continue
    bench, baseline = os.path.split(os.path.relpath(root, home))
    with open(os.path.join(root, "estimates.json")) as f:
        found.setdefault(bench, {})[baseline] = json.load(f)["median"]["point_estimate"]
print(f"| benchmark | new median | old median | new/old min / median / max ({rounds} pairs) |")
print("|---|---:|---:|---|")
for bench in sorted(found):
    runs = found[bench]
    pairs = [(runs[f"new-{k}"], runs[f"old-{k}"]) for k in range(1, rounds + 1)
             if f"new-{k}" in runs and f"old-{k}" in runs]
    if not pairs:
        continue
    ratios = sorted(n / o for n, o in pairs)
    fmt = lambda ns: f"{ns / 1e6:.3f} ms"
    print(f"| {bench} | {fmt(statistics.median(n for n, _ in pairs))} | "
          f"{fmt(statistics.median(o for _, o in pairs))} | "
          f"{ratios[0]:.3f} / {statistics.median(ratios):.3f} / {ratios[-1]:.3f} |")
EOF
