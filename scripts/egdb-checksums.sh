#!/usr/bin/env bash
# (Re)generates the entries of a checksum list (default databases/CHECKSUMS) for database
# directories: one line per layer file in `sha256sum` format, the file named relative to the
# list's directory (`<64 hex digits>  kalah/layer-000.egdb`), so that a user checks a copy with
#
#     cd databases && sha256sum -c --ignore-missing CHECKSUMS
#
# Usage: scripts/egdb-checksums.sh [--out LIST] [--no-verify] DIR...
#   DIR        a database directory (databases/kalah); its lines in LIST are replaced, the lines
#              of other databases kept. The entries are named after the directory's name, so a
#              directory elsewhere (another checkout's databases/kalah) lists as kalah/...
#   --out      the list to update (default: databases/CHECKSUMS of this repository)
#   --no-verify  skip `mancala egdb verify DIR --samples 0` (every header, payload CRC and the
#              layers the last build asked for) before the sums are taken. Run
#              `mancala egdb verify DIR --full` first to publish only databases whose every
#              entry satisfies the one-step equation.
# The list is sorted by file name and written to a temporary file renamed over the old one.
# MANCALA names the binary (default target/release/mancala of this repository).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/databases/CHECKSUMS"
verify=1
mancala=${MANCALA:-$root/target/release/mancala}
dirs=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out=$2; shift 2 ;;
        --no-verify) verify=0; shift ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        -*) echo "egdb-checksums.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) dirs+=("$1"); shift ;;
    esac
done
if [ ${#dirs[@]} -eq 0 ]; then
    echo "egdb-checksums.sh: no database directory given (see --help)" >&2
    exit 2
fi
tmp=$(mktemp "$(dirname "$out")/.CHECKSUMS.XXXXXX")
trap 'rm -f "$tmp" "$tmp.new"' EXIT
[ -f "$out" ] && cp "$out" "$tmp"
for dir in "${dirs[@]}"; do
    dir=${dir%/}
    name=$(basename "$dir")
    if ! ls "$dir"/layer-*.egdb >/dev/null 2>&1; then
        echo "egdb-checksums.sh: $dir: no layer files (layer-NNN.egdb)" >&2
        exit 2
    fi
    if [ "$verify" = 1 ]; then
        if ! "$mancala" egdb verify "$dir" --samples 0 >/dev/null 2>"$tmp.new"; then
            grep -v "^layer " "$tmp.new" >&2
            echo "egdb-checksums.sh: $dir does not verify: no sums taken" >&2
            exit 1
        fi
    fi
    # The other databases' lines, then this one's, sorted by file name.
    grep -vF "  $name/layer-" "$tmp" > "$tmp.new" || true
    (cd "$dir" && sha256sum layer-*.egdb) | sed "s|  |  $name/|" >> "$tmp.new"
    sort -k2 "$tmp.new" > "$tmp"
    echo "$name: $(ls "$dir"/layer-*.egdb | wc -l) layer files" >&2
done
chmod 644 "$tmp"
mv "$tmp" "$out"
trap - EXIT
rm -f "$tmp.new"
