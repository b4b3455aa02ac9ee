#!/bin/bash
# Solver ideas, each alone: the experiment binary with temporary env switches (patch kept in results).
B=${B:-/tmp/mancala-knobs2}
POS_MOVES="C F a"
configs=("base||" "etc8|XK_ETC=8|" "etc16|XK_ETC=16|" "noetc|XK_ETC=99|" "table2|XK_TABLE=2|" "table8|XK_TABLE=8|" "guess0|XK_GUESS=0|" "nowork|XK_NOWORK=1|" "tt256||--tt-mb 256" "tt512||--tt-mb 512")
for r in 1 2; do
  for c in "${configs[@]}"; do
    IFS='|' read -r name envs extra <<<"$c"
    tt="--tt-mb 128"; [ -n "$extra" ] && tt="$extra"
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    out=$(env $envs /usr/bin/time -f "WALL %e RSS %M" $B solve kalah -m "$POS_MOVES" --threads 1 $tt --value-only --json 2>&1)
    nodes=$(echo "$out" | grep '"nodes"' | tr -dc 0-9)
    value=$(echo "$out" | grep '^  "value"' | tr -dc 0-9-)
    wall=$(echo "$out" | grep WALL | awk '{print $2}')
    rss=$(echo "$out" | grep WALL | awk '{print $4}')
    echo "$r $name nodes=$nodes value=$value wall=$wall rss_kb=$rss load=$load"
  done
done
