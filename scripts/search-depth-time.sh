#!/bin/sh
# The search agent at a fixed depth: the last info line (depth, value, nodes, ms) of
# `mancala engine --agent "search(depth=DEPTH)"` answering `go depth DEPTH` on POSITION.
# usage: scripts/search-depth-time.sh BIN GAME POSITION DEPTH -> the last info line of `go depth DEPTH`
printf 'mancala-engine\nnewgame %s\nisready\nposition %s\ngo depth %s\nquit\n' "$2" "$3" "$4" | "$1" engine --agent "search(depth=$4)" 2>&1 | grep '^info' | tail -1
