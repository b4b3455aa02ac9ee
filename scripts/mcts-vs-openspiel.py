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

writes results/OUT.{md,csv,json,games.jsonl} (the arena's files; a killed run resumes) and prints
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=50, help="seat-swapped pairs (default 50 = 100 games)")
    ap.add_argument("--uct-c", type=float, default=2.8)
    ap.add_argument("--simulations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2, help="games played at once")
    ap.add_argument("--results", default="results")
    ap.add_argument("--out", default=None, help="result file stem under --results (none: print only)")
    a = ap.parse_args()
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
    print(f"wall time {time.time() - t0:.1f} s, pyspiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else '?'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
