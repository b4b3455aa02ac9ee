#!/usr/bin/env python3
"""Our mcts(iterations=1000) against OpenSpiel's MCTSBot on Kalah(6,4), through the bridge.

OpenSpiel's side: open_spiel.python.algorithms.mcts.MCTSBot, max_simulations=1000,
RandomRolloutEvaluator(n_rollouts=1), solve=True (its default MCTS-Solver; ours has solver=true
too), uct_c = 2 * 1.4 = 2.8: our c is 1.4 with rewards in 0..1, OpenSpiel's rewards are in
-1..1, so 2.8 is the same exploration term (override with --uct-c). It plays on the bridged game
pyspiel.load_game("mancala_kalah") (mancala.openspiel.register()) as a Python agent in our Rust
arena (mancala.match with PythonAgent.from_factory): one MCTSBot per game, its
np.random.RandomState seeded by the game's seed, so the run is reproducible.

  python scripts/mcts-vs-openspiel.py --rounds 50 --out mcts-vs-openspiel

writes results/tournaments/OUT.{md,csv,json,games.jsonl} (the arena's files; a killed run resumes) and prints
the table. --rounds is the number of seat-swapped pairs (2 games each).
"""
import argparse
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

import mancala
import mancala.openspiel as bridge


def make_factory(uct_c: float, simulations: int):
    bridge.register()
    game = pyspiel.load_game("mancala_kalah")

    def make(game_string: str, seed: int):
        assert game_string.startswith("kalah"), game_string
        bot = os_mcts.MCTSBot(
            game,
            uct_c=uct_c,
            max_simulations=simulations,
            evaluator=os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed % 2**32)),
            solve=True,
            random_state=np.random.RandomState((seed >> 32) ^ (seed % 2**32)),
        )

        def step(state: mancala.State) -> int:
            spiel_state = bridge.MancalaSpielState(game, state.clone())
            return bot.step(spiel_state)

        return step

    return make


def move_times(games_jsonl: str, names) -> str:
    """Time per move of each agent (agent 0 = OpenSpiel's MCTSBot, 1 = ours) from the arena's
    games file: the per-move times_ms it records, seat-swapped games included."""
    import json
    import statistics

    times = {0: [], 1: []}
    for line in open(games_jsonl):
        g = json.loads(line)
        s = mancala.load_game("kalah").new_initial_state()
        for name, ms in zip(g["moves"], g["times_ms"]):  # replayed: extra turns decide the mover
            mover = g["south"] if s.current_player() == 0 else g["north"]
            times[mover].append(ms)
            s.apply_move(name)
    return "\n".join(
        f"{names[i]}: {len(t)} moves, mean {statistics.mean(t):.1f} ms, median {statistics.median(t):.1f} ms, "
        f"max {max(t)} ms, total {sum(t) / 1000:.1f} s"
        for i, t in times.items()
        if t
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=50, help="seat-swapped pairs (default 50 = 100 games)")
    ap.add_argument("--uct-c", type=float, default=2.8)
    ap.add_argument("--simulations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2, help="games played at once")
    ap.add_argument("--results", default="results/tournaments", help="directory of the result files (default results/tournaments)")
    ap.add_argument("--out", default=None, help="result file stem under --results (none: print only)")
    ap.add_argument("--times-only", action="store_true", help="only print the time per move of RESULTS/OUT.games.jsonl")
    a = ap.parse_args()
    names = ["openspiel-mcts (MCTSBot)", f"mcts(iterations={a.simulations})"]
    if a.times_only:
        print(move_times(f"{a.results}/{a.out}.games.jsonl", names))
        return 0
    agent = mancala.PythonAgent.from_factory(
        make_factory(a.uct_c, a.simulations), name="openspiel-mcts", reproducible=True
    )
    t0 = time.time()
    report = mancala.match(
        "kalah",
        [agent, f"mcts(iterations={a.simulations})"],
        rounds=a.rounds,
        seed=a.seed,
        threads=a.threads,
        results=a.results if a.out else None,
        out=a.out,
    )
    print(report["text"])
    if a.out:
        print(move_times(f"{a.results}/{a.out}.games.jsonl", names))
    print(f"wall time {time.time() - t0:.1f} s, pyspiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else '?'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
