#!/usr/bin/env python3
"""A small Kalah engine speaking the mancala-engine protocol, version 1 (docs/engine-protocol.md).

It knows the rules of Kalah itself (RULES.md §1, every option of the game string: houses, seeds,
capture=opposite-nonempty|empty, end=either-side-empty|mover-empty) and plays greedily: the move
that gains the most seeds right away (the final store difference if the move ends the game), ties
broken at random with --seed. Standard library only; it uses nothing of the toolkit.

    mancala match kalah -a 'engine(cmd="python3",args="examples/greedy_engine.py")' -a random

Other games are refused: `newgame oware` is answered `error ...` at the next `isready`.
"""
import argparse
import random
import sys


def send(line):
    # Every answer is flushed at once: the toolkit waits for whole lines.
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Kalah:
    """Kalah(m, n). A position: (houses of South, houses of North, stores [S, N], side 0|1),
    houses of each side in its sowing order (South's A.. and North's a.. from their owner's left),
    as the position text of RULES.md §12 lists them."""

    def __init__(self, game):
        name, _, inner = game.partition("(")
        if name.strip() != "kalah":
            raise ValueError(f"this engine plays kalah only, not `{game}`")
        keys = {"houses": "6", "seeds": "4", "capture": "opposite-nonempty", "end": "either-side-empty"}
        for pair in filter(None, inner.rstrip(")").split(",")):
            key, _, value = pair.partition("=")
            if key.strip() not in keys:
                raise ValueError(f"unknown key `{key.strip()}` of kalah")
            keys[key.strip()] = value.strip()
        self.m = int(keys["houses"])
        self.n = int(keys["seeds"])
        self.capture_empty = keys["capture"] == "empty"
        self.mover_empty = keys["end"] == "mover-empty"

    def start(self):
        return ([self.n] * self.m, [self.n] * self.m, [0, 0], 0)

    def parse_position(self, text):
        """`4,4,4/4,4,4 0-0 S` (no further fields in Kalah)."""
        rows, stores, side = text.split()
        south, north = (list(map(int, r.split(","))) for r in rows.split("/"))
        s, n = map(int, stores.split("-"))
        if len(south) != self.m or len(north) != self.m or side not in ("S", "N"):
            raise ValueError(f"bad position `{text}`")
        return (south, north, [s, n], 0 if side == "S" else 1)

    def moves(self, pos):
        houses = pos[pos[3]]
        return [i for i in range(self.m) if houses[i] > 0]

    def name(self, pos, i):
        return chr((ord("A") if pos[3] == 0 else ord("a")) + i)

    def parse_move(self, pos, text):
        i = ord(text) - (ord("A") if pos[3] == 0 else ord("a"))
        if len(text) != 1 or not 0 <= i < self.m or pos[pos[3]][i] == 0:
            raise ValueError(f"`{text}` is not a legal move")
        return i

    def play(self, pos, i):
        """The position after the mover sows house i, and whether the game is over."""
        m, me = self.m, pos[3]
        rows = [list(pos[0]), list(pos[1])]
        stores = list(pos[2])
        # The cycle of pits the mover sows into: own houses, own store, opponent's houses.
        cycle = [(me, k) for k in range(m)] + [(me, "store")] + [(1 - me, k) for k in range(m)]
        at = i
        seeds, rows[me][i] = rows[me][i], 0
        while seeds:
            at = (at + 1) % len(cycle)
            side, k = cycle[at]
            if k == "store":
                stores[side] += 1
            else:
                rows[side][k] += 1
            seeds -= 1
        side, k = cycle[at]
        next_side = 1 - me
        if k == "store":
            next_side = me  # extra turn
        elif side == me and rows[me][k] == 1:
            opposite = m - 1 - k
            if rows[1 - me][opposite] > 0 or self.capture_empty:
                stores[me] += 1 + rows[1 - me][opposite]
                rows[me][k] = rows[1 - me][opposite] = 0
        over = False
        empty = [sum(rows[0]) == 0, sum(rows[1]) == 0]
        if (not self.mover_empty and any(empty)) or (self.mover_empty and empty[next_side]):
            over = True
            for s in (0, 1):
                stores[s] += sum(rows[s])
                rows[s] = [0] * m
        return (rows[0], rows[1], stores, next_side), over


def greedy(game, pos, rng):
    """The move of the largest gain in store difference for the mover, and the value it leads to
    (seeds, the mover's point of view)."""
    me = pos[3]
    best, best_value = [], None
    for i in game.moves(pos):
        after, _ = game.play(pos, i)
        value = after[2][me] - after[2][1 - me]
        if best_value is None or value > best_value:
            best, best_value = [i], value
        elif value == best_value:
            best.append(i)
    return rng.choice(best), best_value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game, pos, error = None, None, None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, rest = words[0], line.strip()[len(words[0]):].strip()
        if command == "mancala-engine":
            send("id name greedy_engine.py")
            send("id author the mancala toolkit (example)")
            send("mancalaok")
        elif command == "isready":
            send(f"error {error}" if error else "readyok")
            error = None
        elif command == "newgame":
            try:
                game, error = Kalah(rest), None
            except ValueError as e:
                game, error = None, str(e)
        elif command == "position":
            try:
                # The position text holds spaces: it runs up to the word `moves`.
                head, _, moves = (" " + rest + " ").partition(" moves ")
                head = head.strip()
                pos = game.start() if head == "startpos" else game.parse_position(head)
                for text in moves.split():
                    pos, _ = game.play(pos, game.parse_move(pos, text))
            except (ValueError, AttributeError) as e:
                pos, error = None, f"position: {e}"
        elif command == "go":
            if pos is None or error:
                send(f"error {error or 'no position'}")
                error = None
                continue
            i, value = greedy(game, pos, rng)
            send(f"info depth 1 score seeds {value}")
            send(f"bestmove {game.name(pos, i)}")
        elif command == "quit":
            break
        # Anything else is ignored, as the protocol asks.


if __name__ == "__main__":
    main()
