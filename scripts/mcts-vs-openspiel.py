#!/usr/bin/env python3
"""One of our agents against OpenSpiel's MCTSBot on Kalah(6,4) or Oware, through the bridge.

OpenSpiel's side, ``--bot python`` (the default, as in the first runs):
open_spiel.python.algorithms.mcts.MCTSBot on the bridged game pyspiel.load_game("mancala_kalah")
(mancala.openspiel.register()), Kalah only. ``--bot cpp``: OpenSpiel's C++ MCTSBot
(pyspiel.MCTSBot) on OpenSpiel's own game, ``mancala`` for our ``kalah`` and ``oware`` for our
``oware(stop-at-majority=true)`` (the same rules: python/tests/test_openspiel_agreement.py plays
1,000 random games of each side by side); each of its moves replays the game's actions into a
pyspiel state (Kalah's mapped by mancala.openspiel.openspiel_mancala_action, Oware's the same
numbers) and maps its answer back. The same algorithm either way, 10-20x faster in C++, which
only shortens the run: the bot's budget is simulations, not time.

Both bots: max_simulations=1000, RandomRolloutEvaluator(n_rollouts=1), solve=True (OpenSpiel's
MCTS-Solver, its Python default), uct_c = 2 * 1.4 = 2.8: our c is 1.4 with rewards in 0..1,
OpenSpiel's rewards are in -1..1, so 2.8 is the same exploration term (override with --uct-c).
One bot per game, seeded by the game's seed, so the bot's side is reproducible. It plays as a
Python agent in our Rust arena (mancala.match with PythonAgent.from_factory), agent 0;
``--agent`` is ours (default mcts(iterations=1000)).

  python scripts/mcts-vs-openspiel.py --rounds 50 --out mcts-vs-openspiel
  python scripts/mcts-vs-openspiel.py --bot cpp --game oware --agent "search(time=100)" \\
      --openings-file solvers/openings/oware-balanced-4.txt --rounds 100 --out search-vs-openspiel-oware

writes results/tournaments/OUT.{md,csv,json,games.jsonl} (the arena's files; a killed run resumes) and prints
the table and each side's time per move. --rounds is the number of seat-swapped pairs (2 games each).
"""
import argparse
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

import mancala
import mancala.openspiel as bridge

# Our game string and OpenSpiel's own game of the same rules (--bot cpp).
GAMES = {"kalah": ("kalah", "mancala"), "oware": ("oware(stop-at-majority=true)", "oware")}


def python_bot_factory(ours: str, uct_c: float, simulations: int):
    """OpenSpiel's Python MCTSBot on the bridged game (Kalah)."""
    bridge.register()
    game = pyspiel.load_game(bridge.short_name(ours))

    def make(game_string: str, seed: int):
        bot = os_mcts.MCTSBot(
            game,
            uct_c=uct_c,
            max_simulations=simulations,
            evaluator=os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed % 2**32)),
            solve=True,
            random_state=np.random.RandomState((seed >> 32) ^ (seed % 2**32)),
        )

        def step(state: mancala.State) -> int:
            return bot.step(bridge.MancalaSpielState(game, state.clone()))

        return step

    return make


def cpp_bot_factory(ours: str, theirs: str, uct_c: float, simulations: int):
    """OpenSpiel's C++ MCTSBot on OpenSpiel's own game of the same rules."""
    spiel_game = pyspiel.load_game(theirs)
    ours_game = mancala.load_game(ours)
    kalah = theirs == "mancala"

    def to_spiel(state: mancala.State, action: int) -> int:
        return bridge.openspiel_mancala_action(state, action) if kalah else action

    def make(game_string: str, seed: int):
        bot = pyspiel.MCTSBot(
            spiel_game,
            pyspiel.RandomRolloutEvaluator(1, seed % 2**31),
            uct_c,
            simulations,
            1000,  # max_memory_mb
            True,  # solve
            (seed >> 32) % 2**31,
            False,  # verbose
        )

        def step(state: mancala.State) -> int:
            replay, spiel = ours_game.new_initial_state(), spiel_game.new_initial_state()
            for a in state.history():
                spiel.apply_action(to_spiel(replay, a))
                replay.apply_action(a)
            if str(replay) != str(state):
                raise ValueError("--bot cpp replays the game from the start; this game did not start there")
            chosen = bot.step(spiel)
            for a in state.legal_actions():
                if to_spiel(state, a) == chosen:
                    return a
            raise ValueError(f"OpenSpiel's action {chosen} is not legal in ours: {state.moves()}")

        return step

    return make


def move_times(games_jsonl: str, ours: str, names) -> str:
    """Time per move of each agent (agent 0 = OpenSpiel's MCTSBot, 1 = ours) from the arena's
    games file: the per-move times_ms it records, seat-swapped games included."""
    import json
    import statistics

    times = {0: [], 1: []}
    for line in open(games_jsonl):
        g = json.loads(line)
        s = mancala.load_game(ours).new_initial_state()
        for name in g.get("opening") or []:  # the book's moves are not timed
            s.apply_move(name)
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
    ap.add_argument("--game", choices=sorted(GAMES), default="kalah")
    ap.add_argument("--agent", default=None, help="our agent (default mcts(iterations=SIMULATIONS))")
    ap.add_argument("--bot", choices=["python", "cpp"], default="python", help="OpenSpiel's MCTSBot in Python (bridged game) or C++ (its own game)")
    ap.add_argument("--rounds", type=int, default=50, help="seat-swapped pairs (default 50 = 100 games)")
    ap.add_argument("--uct-c", type=float, default=2.8)
    ap.add_argument("--simulations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2, help="games played at once")
    ap.add_argument("--openings-file", default=None, help="openings to start from (random order), as --openings-file of mancala match")
    ap.add_argument("--results", default="results/tournaments", help="directory of the result files (default results/tournaments)")
    ap.add_argument("--out", default=None, help="result file stem under --results (none: print only)")
    ap.add_argument("--times-only", action="store_true", help="only print the time per move of RESULTS/OUT.games.jsonl")
    a = ap.parse_args()
    ours, theirs = GAMES[a.game]
    agent_string = a.agent or f"mcts(iterations={a.simulations})"
    names = ["openspiel-mcts (MCTSBot)", agent_string]
    if a.times_only:
        print(move_times(f"{a.results}/{a.out}.games.jsonl", ours, names))
        return 0
    if a.bot == "python" and a.game != "kalah":
        ap.error("--bot python plays Kalah only; use --bot cpp for Oware")
    make = (
        python_bot_factory(ours, a.uct_c, a.simulations)
        if a.bot == "python"
        else cpp_bot_factory(ours, theirs, a.uct_c, a.simulations)
    )
    agent = mancala.PythonAgent.from_factory(make, name="openspiel-mcts", reproducible=True)
    options = {"openings_file": a.openings_file, "openings_order": "random"} if a.openings_file else {}
    t0 = time.time()
    report = mancala.match(
        ours,
        [agent, agent_string],
        rounds=a.rounds,
        seed=a.seed,
        threads=a.threads,
        results=a.results if a.out else None,
        out=a.out,
        **options,
    )
    print(report["text"])
    if a.out:
        print(move_times(f"{a.results}/{a.out}.games.jsonl", ours, names))
    print(f"wall time {time.time() - t0:.1f} s, pyspiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else '?'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
