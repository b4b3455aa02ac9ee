#!/usr/bin/env bash
# Benchmarks our exact solver against CMancala (a single-threaded C Kalah solver) on the same
# standard Kalah positions and writes a markdown report.
#
#   scripts/bench-vs-cmancala.sh PATH-TO-CMANCALA [--quick] [--no-small-table-every-move]
#                                [--repeat K] [--out FILE]
#                                [--seed S] [--positions N] [--timeout SECONDS] [--cm-cache N]
#
#   PATH-TO-CMANCALA  the CMancala binary (e.g. /tmp/cmancala/build/Mancala); only run, never read
#   --quick           skip Kalah(6,4) from the start and use 5 (not 20) mid-game positions per game
#   --no-small-table-every-move
#                     skip Kalah(6,4) every-move runs with the 128 MiB table (a table an eighth
#                     of our default thrashes there: 5-10 minutes a run); value-only 128 MiB runs
#                     and every-move runs at our default table are kept
#   --repeat K        runs of each program per case, interleaved ours / CMancala (default 2, >= 2)
#   --out FILE        the report (default results/solver-vs-cmancala.md; written to a temporary
#                     file first, then renamed)
#   --seed S          seed of the random mid-game positions (default 1)
#   --positions N     mid-game positions per game (default 20, 5 with --quick)
#   --timeout S       longest a single run may take before the benchmark stops (default 1800)
#   --cm-cache N      CMancala cache exponent (default: its own, 24 = 2^24 entries, ~100 MB)
#
# Cases: Kalah(6,3) and Kalah(6,4) from the start (ours at 1 and 2 threads, with a 128 MiB table
# and with our default table, --value-only and every root move; CMancala with its default cache),
# and random mid-game positions of Kalah(6,4) and Kalah(6,5) (ours --value-only --threads 1
# --tt-mb 128). Every run goes under /usr/bin/time -v (wall time, peak RSS); `uptime` load
# averages are recorded before each pair. The two programs' values are compared on every run: a
# disagreement is printed loudly, flagged at the top of the report, and the exit status is 1.
#
# Our binary: $MANCALA, default target/release/mancala (copied first, so that a rebuild while
# the benchmark runs does not change it). The full run takes about 1-1.5 hours on two
# cores (Kalah(6,4) from the start dominates); --quick takes a few minutes.
# The work is done by scripts/bench_vs_cmancala.py (Python 3, standard library only).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'
}
die() {
  echo "bench-vs-cmancala: error: $*" >&2
  exit 2
}

if [ $# -lt 1 ]; then
  usage >&2
  die "missing PATH-TO-CMANCALA"
fi
case $1 in
  -h | --help)
    usage
    exit 0
    ;;
  -*) die "the first argument must be the path of the CMancala binary, not the option '$1'" ;;
esac
cm=$1
shift

[ -e "$cm" ] || die "CMancala binary '$cm' does not exist"
[ -f "$cm" ] || die "CMancala binary '$cm' is not a regular file"
[ -x "$cm" ] || die "CMancala binary '$cm' is not executable"

# Options: validated here for clear messages, passed on to the helper.
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) args+=(--quick) ;;
    --no-small-table-every-move) args+=(--no-small-table-every-move) ;;
    --repeat | --out | --seed | --positions | --timeout | --cm-cache)
      [ $# -ge 2 ] || die "option $1 needs a value"
      case $1 in
        --repeat | --seed | --positions | --cm-cache)
          [[ $2 =~ ^[0-9]+$ ]] || die "option $1 needs a whole number, not '$2'" ;;
        --timeout)
          [[ $2 =~ ^[0-9]+([.][0-9]+)?$ ]] || die "option $1 needs a number of seconds, not '$2'" ;;
      esac
      if [ "$1" = --repeat ] && [ "$2" -lt 2 ]; then die "--repeat must be at least 2"; fi
      if [ "$1" = --positions ] && [ "$2" -lt 1 ]; then die "--positions must be at least 1"; fi
      if [ "$1" = --out ]; then
        outdir=$(dirname -- "$2")
        [ -d "$outdir" ] || die "the directory of --out '$2' does not exist"
      fi
      args+=("$1" "$2")
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done

ours=${MANCALA:-$root/target/release/mancala}
[ -x "$ours" ] || die "our binary '$ours' is missing or not executable (build it with cargo build --release, or set MANCALA)"
command -v python3 > /dev/null || die "python3 is needed"
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time, for -v) is needed"
command -v uptime > /dev/null || die "uptime is needed"
command -v nproc > /dev/null || die "nproc is needed"
if ! /usr/bin/time -v true 2>&1 | grep -q "Maximum resident set size"; then
  die "/usr/bin/time does not support -v (GNU time is needed)"
fi

cmdline="scripts/bench-vs-cmancala.sh $(printf '%q ' "$cm" "${args[@]}")"
exec python3 "$here/bench_vs_cmancala.py" --cmancala "$cm" --ours "$ours" --root "$root" \
  --command-line "${cmdline% }" "${args[@]}"
