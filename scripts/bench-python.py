#!/usr/bin/env python3
"""Random playouts per second driven from Python: our package against pyspiel's own games.

  python scripts/bench-python.py [--reps 5] [--seconds 2.5] [--json results/benchmarks/python-playouts.json]

Games: Kalah(6,4) (ours `kalah`, pyspiel `mancala`) and Oware (ours
`oware(stop-at-majority=true)`, pyspiel `oware`), from the start position.

(a) Python loop, the same code for both packages:
        while not s.is_terminal(): s.apply_action(rng.choice(s.legal_actions()))
    with random.Random(seed); each repetition plays playouts for ~SECONDS, interleaved
    ours, pyspiel, bulk, ours, pyspiel, bulk, ...; medians over the repetitions.
(b) One apply_action call from Python: N clones of a fixed mid-game state (12 random plies
    from the start, seed 7) are prepared, then `for s in clones: s.apply_action(a)` (a fixed
    legal action) is timed, minus the same loop with `pass` in place of the call; per call,
    best (min) of several batches, also the cost of one clone() the same way.
(c) Our bulk playouts, State.random_playouts(n, seed) (Rust loop, GIL released), n calibrated
    to ~SECONDS per repetition.
Raw figures go to --json; the medians are printed.
"""
import argparse
import json
import os
import random
import statistics
import sys
import time

import pyspiel

import mancala

GAMES = [
    ("kalah(6,4)", "kalah", "mancala"),
    ("oware", "oware(stop-at-majority=true)", "oware"),
]


def python_loop(game, seconds, seed):
    """Playouts, plies, seconds of the Python loop for ~seconds."""
    rng = random.Random(seed)
    playouts = plies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            plies += 1
        playouts += 1
        if time.perf_counter() >= deadline:
            break
    return playouts, plies, time.perf_counter() - t0


def bulk(state, n, seed):
    t0 = time.perf_counter()
    r = state.random_playouts(n, seed)
    return r, time.perf_counter() - t0


def per_call(clones_of, call, n=20000, batches=7):
    """Seconds per call(s) over n prepared states, minus the empty loop; min of batches."""
    best = float("inf")
    for _ in range(batches):
        states = clones_of(n)
        t0 = time.perf_counter()
        for s in states:
            call(s)
        t1 = time.perf_counter()
        for s in states:
            pass
        t2 = time.perf_counter()
        best = min(best, ((t1 - t0) - (t2 - t1)) / n)
    return best


def mid_state(game):
    rng = random.Random(7)
    s = game.new_initial_state()
    for _ in range(12):
        s.apply_action(rng.choice(s.legal_actions()))
    assert not s.is_terminal()
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.5)
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    out = {
        "command": " ".join(["python"] + sys.argv),
        "open_spiel": getattr(pyspiel, "__version__", None),
        "loadavg_start": os.getloadavg(),
        "games": {},
    }
    for label, ours_name, spiel_name in GAMES:
        ours = mancala.load_game(ours_name)
        spiel = pyspiel.load_game(spiel_name)
        # calibrate the bulk n to ~seconds
        r, dt = bulk(ours.new_initial_state(), 20000, 0)
        n_bulk = max(1000, int(20000 * a.seconds / max(dt, 1e-6)))
        reps = []
        for rep in range(a.reps):
            row = {"loadavg": os.getloadavg()}
            p, pl, dt = python_loop(ours, a.seconds, 1000 + rep)
            row["ours_loop"] = dict(playouts=p, plies=pl, seconds=dt, rate=p / dt)
            p, pl, dt = python_loop(spiel, a.seconds, 1000 + rep)
            row["pyspiel_loop"] = dict(playouts=p, plies=pl, seconds=dt, rate=p / dt)
            r, dt = bulk(ours.new_initial_state(), n_bulk, 1000 + rep)
            row["ours_bulk"] = dict(r, seconds=dt, rate=r["playouts"] / dt)
            reps.append(row)
            print(label, rep, {k: round(v["rate"]) for k, v in row.items() if k != "loadavg"}, "load", row["loadavg"], flush=True)
        med = {k: statistics.median(r[k]["rate"] for r in reps) for k in ("ours_loop", "pyspiel_loop", "ours_bulk")}
        plies = {k: sum(r[k]["plies"] for r in reps) / sum(r[k]["playouts"] for r in reps) for k in med}
        # (b) apply_action and clone per call
        costs = {}
        for who, g in (("ours", ours), ("pyspiel", spiel)):
            m = mid_state(g)
            act = m.legal_actions()[0]
            costs[who] = {
                "apply_action_s": per_call(lambda n: [m.clone() for _ in range(n)], lambda s: s.apply_action(act)),
                "clone_s": per_call(lambda n: [m] * n, lambda s: s.clone()),
                "legal_actions_s": per_call(lambda n: [m] * n, lambda s: s.legal_actions()),
                "is_terminal_s": per_call(lambda n: [m] * n, lambda s: s.is_terminal()),
            }
        out["games"][label] = {
            "ours": ours_name, "pyspiel": spiel_name, "bulk_n": n_bulk, "reps": reps,
            "median_rate": med, "mean_plies": plies,
            "ratio_loop_ours_over_pyspiel": med["ours_loop"] / med["pyspiel_loop"],
            "ratio_bulk_over_pyspiel_loop": med["ours_bulk"] / med["pyspiel_loop"],
            "per_call": costs,
        }
        print(label, json.dumps({k: out["games"][label][k] for k in ("median_rate", "mean_plies", "ratio_loop_ours_over_pyspiel", "ratio_bulk_over_pyspiel_loop", "per_call")}, indent=1), flush=True)
    out["loadavg_end"] = os.getloadavg()
    if a.json:
        tmp = a.json + ".tmp"
        with open(tmp, "w") as f:
            json.dump(out, f, indent=1)
        os.replace(tmp, a.json)


if __name__ == "__main__":
    main()
