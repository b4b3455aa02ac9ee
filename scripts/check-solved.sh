#!/usr/bin/env bash
# Reproduces the published Kalah values of tests/data/kalah-solved.csv (a copy of
# shared/reference/kalah-solved.csv) with `mancala solve`, and writes
# results/solve/kalah-solved.md and results/solve/kalah-solved.csv (value found, expected, source, seconds,
# nodes). Required rows: houses <= 5, and houses = 6 with seeds <= 3; plus Kalah(6,4) with both
# capture rules (pass --no-6-4 to skip those two, about minutes each).
#
# Usage: scripts/check-solved.sh [--threads N] [--tt-mb M] [--no-6-4]
# The table is the solver's default (sized to the seeds on the board: README, `solve --tt-mb`)
# unless --tt-mb is given.
# Exit status: 0 if every value matches, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=$(nproc)
tt_mb=default
big=1
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    --tt-mb) tt_mb="$2"; shift 2 ;;
    --no-6-4) big=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
cargo build --release --quiet
bin=target/release/mancala
csv_in=tests/data/kalah-solved.csv
mkdir -p results/solve
tmp_csv=$(mktemp results/solve/.kalah-solved.csv.XXXXXX)
tmp_md=$(mktemp results/solve/.kalah-solved.md.XXXXXX)
trap 'rm -f "$tmp_csv" "$tmp_md"' EXIT
echo "game,houses,seeds,capture,value,expected,source,match,seconds,nodes,threads,table_mib" > "$tmp_csv"
rows=()
fail=0
while IFS=, read -r houses seeds capture value source; do
  case "$houses" in ''|\#*|houses) continue ;; esac
  if [ "$houses" -le 5 ] || { [ "$houses" -eq 6 ] && [ "$seeds" -le 3 ]; } || { [ "$big" -eq 1 ] && [ "$houses" -eq 6 ] && [ "$seeds" -eq 4 ]; }; then
    game="kalah(houses=$houses,seeds=$seeds,capture=$capture)"
    table=()
    if [ "$tt_mb" != default ]; then table=(--tt-mb "$tt_mb"); fi
    out=$("$bin" solve "$game" --threads "$threads" "${table[@]}" --json)
    read -r got seconds nodes canon mb < <(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["value"], "%.2f" % d["seconds"], d["nodes"], d["game"], d["table"]["bytes"] >> 20)' <<<"$out")
    ok=yes
    if [ "$got" != "$value" ]; then ok=NO; fail=1; fi
    echo "\"$canon\",$houses,$seeds,$capture,$got,$value,$source,$ok,$seconds,$nodes,$threads,$mb" >> "$tmp_csv"
    rows+=("| \`$canon\` | $got | $value | $source | $ok | $seconds | $nodes | $mb |")
    echo "$canon: $got (expected $value, $source) $ok, ${seconds}s, $nodes nodes" >&2
  fi
done < "$csv_in"
{
  echo "# Published Kalah values reproduced by \`mancala solve\`"
  echo
  echo "Made by \`scripts/check-solved.sh --threads $threads --tt-mb $tt_mb\` on $(date -u +%Y-%m-%d),"
  echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(rustc --version),"
  echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//') ($(nproc) cores)."
  echo "Values: final store difference for South (to move at the start) under perfect play."
  echo "Expected values and sources: \`tests/data/kalah-solved.csv\` ([I] Irving, Donkers & Uiterwijk 2000;"
  echo "[R] Rawlings 2015; [C] CMancala; [X] independent reference solver). Seconds are wall time."
  echo
  echo "| game | value | expected | source | match | seconds | nodes | table MiB |"
  echo "|---|---:|---:|---|---|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
} > "$tmp_md"
mv "$tmp_csv" results/solve/kalah-solved.csv
mv "$tmp_md" results/solve/kalah-solved.md
trap - EXIT
echo "wrote results/solve/kalah-solved.md and results/solve/kalah-solved.csv" >&2
exit $fail
