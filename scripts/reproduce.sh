#!/usr/bin/env bash
# Re-runs every job of solvers/ (or those named: scripts/reproduce.sh kalah-tournament ...) into a
# scratch directory and compares each table with the committed one (results/KIND/NAME.csv: the
# folder the job's kind writes to, solve/, tournaments/ or databases/, as `mancala run` chose it
# in the scratch directory), column by column, except the timing columns (seconds, nodes). Jobs whose agents have time budgets or
# share a tree between threads are re-run and reported as not comparable (their games depend on
# the machine's speed). Exit status 1 if any comparable table differs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ $# -gt 0 ]; then
  jobs=()
  for name in "$@"; do jobs+=("solvers/${name%.toml}.toml"); done
else
  jobs=(solvers/*.toml)
fi
status=0
for job in "${jobs[@]}"; do
  name=$(basename "$job" .toml)
  echo "== $name"
  if ! target/release/mancala run "$job" --results "$scratch" > "$scratch/$name.log" 2>&1; then
    echo "   FAILED to run: see below"; cat "$scratch/$name.log"; status=1; continue
  fi
  table=$(cd "$scratch" && find . -name "$name.csv" -printf '%P\n')
  if [ "$(printf '%s\n' "$table" | grep -c .)" != 1 ]; then
    echo "   no single table $name.csv under the scratch directory: '$table'"; status=1; continue
  fi
  python3 scripts/compare-tables.py "results/$table" "$scratch/$table" \
    --manifest "$scratch/${table%.csv}.json" || status=1
done
exit $status
