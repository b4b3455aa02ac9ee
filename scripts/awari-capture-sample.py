#!/usr/bin/env python3
"""How often building an Awari layer reads the layers below: for SAMPLES positions drawn
uniformly from layer N (N <= 48; the captured seeds split between the stores; every distribution of N seeds over the 12 houses equally likely; South
to move), the legal moves and, of those, the captures by their size (a capture of k seeds is a
probe of layer N - k). Uses the Python package (python/, built by scripts/test.sh).

usage: scripts/awari-capture-sample.py N SAMPLES SEED   (e.g. 28 100000 1)
Prints per move: moves per position, captures per position, the share of probes per layer
below (N-k), as a markdown table."""
import random
import sys
from collections import Counter

import mancala

n, samples, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
game = mancala.load_game("awari")
moves = captures = terminal = 0
by_size = Counter()
for _ in range(samples):
    # Stars and bars: 11 bar positions among n + 11 slots, uniform over distributions.
    bars = sorted(rng.sample(range(n + 11), 11))
    houses, last = [], -1
    for b in bars + [n + 11]:
        houses.append(b - last - 1)
        last = b
    text = ",".join(map(str, houses[:6])) + "/" + ",".join(map(str, houses[6:])) + f" {(48 - n) // 2}-{48 - n - (48 - n) // 2} S"
    state = game.new_state(text)
    if state.is_terminal():
        terminal += 1
        continue
    for a in state.legal_actions():
        moves += 1
        child = state.child(a)
        taken = sum(child.stores()) - sum(state.stores())
        if taken:
            captures += 1
            by_size[taken] += 1
print(f"layer {n}, {samples} positions sampled (seed {seed}), {terminal} terminal")
print(f"moves per position {moves / samples:.3f}, captures per position {captures / samples:.3f}"
      f" ({captures / max(moves, 1):.1%} of moves)")
print("| seeds captured k | layer probed | share of captures |")
print("|---:|---:|---:|")
for k in sorted(by_size):
    print(f"| {k} | {n - k} | {by_size[k] / captures:.1%} |")
