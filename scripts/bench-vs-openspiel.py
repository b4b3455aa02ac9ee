#!/usr/bin/env python3
"""Side-by-side speed benchmark: OpenSpiel's C++ games and MCTS against our `mancala` binary.

What is measured, for each game (Kalah(6,4) and Oware), from the start position:

* **playouts/s** -- uniformly random games played to the end.
  OpenSpiel: its C++ `RandomRolloutEvaluator` (the rollout used by its MCTS). pyspiel does not
  expose `Evaluator.evaluate()`, so the evaluator is driven through
  `pyspiel.MCTSBot(game, RandomRolloutEvaluator(n_rollouts=K, seed), uct_c=2,
  max_simulations=1, ...)`: with one simulation, `bot.step(initial_state)` evaluates the root
  once, i.e. plays exactly K random playouts from the start position inside C++ (then samples
  a move from the uniform prior, which is negligible). One Python call per K playouts, so the
  figure is the C++ speed, not Python's.
* **mcts sims/s** -- UCT simulations (selection, expansion, one random rollout, backup) per
  second. OpenSpiel: `pyspiel.MCTSBot(game, RandomRolloutEvaluator(1, seed), uct_c=2,
  max_simulations=N, max_memory_mb=M, solve=False, seed, verbose=False)`; one timed
  `bot.step(initial_state)` builds a fresh tree of N simulations.

Each OpenSpiel measurement is calibrated first (K or N chosen so that one repetition lasts about
`--step-seconds`, default `--seconds / --reps`), then repeated `--reps` times; the median is
reported. A step's tree is then smaller than the one ours grows in `--seconds`; the rate may
depend on tree size (no clear effect was seen here, within the noise), and `--step-seconds`
equal to `--seconds` compares trees of the same size, at `--reps` times the time.

**Threads.** OpenSpiel's MCTS and rollouts are single-threaded. Its "2 threads" figure is two
independent OpenSpiel processes running the same measurement at the same time (started together
at a barrier before every repetition), their rates **summed**. Ours runs one process with
`--threads T`.

**Ours.** `MANCALA bench GAME --what playouts|mcts --threads T --seconds S --json`, which prints
one JSON object `{"game", "what", "threads", "count", "seconds", "per_second"}` (mcts:
simulations with random rollouts, c = 2, from the start position). If the binary or the
subcommand is missing, the OpenSpiel side is still measured and a note says that ours is missing.
When ours also reports `mean_plies` (plies per playout), the report compares it with OpenSpiel's
mean random-game length (a Python loop over pyspiel, 1,000 games) and flags a gap over 5%: the
two sides would then not be playing the same games.

**Game mapping** (see docs/openspiel.md for the rule comparison): OpenSpiel `mancala`
= our `kalah` (identical rules); OpenSpiel `oware` = our `oware(stop-at-majority=true)`
(OpenSpiel stops a game as soon as a player has captured more than half the seeds; with plain
`oware` our playouts would be longer and the comparison unfair).

`--check-rules N` (no benchmark) replays N random OpenSpiel games per game through
`MANCALA show GAME --moves ... --json` and compares legal moves, game end and final score: the
evidence for the mapping above.

Output: a Markdown report on stdout (machine, versions, method, table, scaling, notes); `--json
FILE` writes every raw figure (each repetition, each process). The machine this was written on
has 2 cores and may run other work, so figures are noisy: read the load average printed with
them.

Usage:
    python3 scripts/bench-vs-openspiel.py                      # 5 s per measurement
    python3 scripts/bench-vs-openspiel.py --quick --json /tmp/bench.json
    python3 scripts/bench-vs-openspiel.py --mancala target/release/mancala --seconds 10
    python3 scripts/bench-vs-openspiel.py --check-rules 500       # the rule mapping, checked

Needs `pip install open-spiel` (tested with open_spiel 2.0.2, CPython 3.11).
Exit status: 0 done (even when our side is missing), 1 a --check-rules mismatch, 2 usage error
or OpenSpiel missing.
"""

import argparse
import datetime
import json
import multiprocessing as mp
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))

# (label, OpenSpiel game name, our default game string)
GAMES = {
    "kalah": ("mancala", "kalah"),
    "oware": ("oware", "oware(stop-at-majority=true)"),
}
WHATS = ("playouts", "mcts")
UCT_C = 2.0

OPENSPIEL_METHOD = {
    "playouts": "C++ RandomRolloutEvaluator(n_rollouts=K): one MCTSBot(max_simulations=1)"
                ".step(start) = K random playouts in C++",
    "mcts": "C++ MCTSBot(RandomRolloutEvaluator(1), uct_c=2, max_simulations=N, solve=False)"
            ".step(start), fresh tree per step",
}


# ---------------------------------------------------------------------------
# OpenSpiel side
# ---------------------------------------------------------------------------

def make_bot(pyspiel, game, what, count, seed, max_memory_mb):
    """A bot whose step(start) does `count` units of work (playouts or simulations)."""
    if what == "playouts":
        evaluator = pyspiel.RandomRolloutEvaluator(count, seed)
        sims = 1
    else:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        sims = count
    return pyspiel.MCTSBot(game, evaluator, UCT_C, sims, max_memory_mb, False, seed, False)


def time_step(bot, state):
    t0 = time.perf_counter()
    bot.step(state)
    return time.perf_counter() - t0


def calibrate(os_game, what, target_seconds, seed, max_memory_mb):
    """Work count whose step lasts about target_seconds (in this process, uncontended)."""
    import pyspiel
    game = pyspiel.load_game(os_game)
    state = game.new_initial_state()
    count = 200
    while True:
        dt = time_step(make_bot(pyspiel, game, what, count, seed, max_memory_mb), state)
        if dt >= min(0.1, target_seconds / 4) or count >= 10**8:
            break
        count *= 4
    rate = count / dt
    return max(100, int(rate * target_seconds)), rate


def worker(index, os_game, what, count, reps, seed, max_memory_mb, barrier, queue):
    """One OpenSpiel process: a warm-up step, then `reps` timed steps, each after the barrier."""
    try:
        import pyspiel
        game = pyspiel.load_game(os_game)
        state = game.new_initial_state()
        seed = seed + 7919 * index
        warm = make_bot(pyspiel, game, what, max(100, count // 20), seed, max_memory_mb)
        warm.step(state)
        bot = make_bot(pyspiel, game, what, count, seed + 1, max_memory_mb)
        times = []
        for _ in range(reps):
            barrier.wait()
            times.append(time_step(bot, state))
        queue.put((index, times, None))
    except Exception as exc:  # reported by the parent
        try:
            barrier.abort()
        except Exception:
            pass
        queue.put((index, None, repr(exc)))


def measure_openspiel(os_game, what, procs, count, reps, seed, max_memory_mb):
    """Run `procs` worker processes at once; per repetition, sum their rates; median over reps."""
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(procs)
    queue = ctx.Queue()
    workers = [ctx.Process(target=worker,
                           args=(i, os_game, what, count, reps, seed, max_memory_mb,
                                 barrier, queue))
               for i in range(procs)]
    for w in workers:
        w.start()
    results, errors = {}, []
    try:
        for _ in range(procs):
            index, times, err = queue.get()
            if err:
                errors.append("process %d: %s" % (index, err))
            else:
                results[index] = times
    finally:
        for w in workers:
            w.join(timeout=30)
            if w.is_alive():
                w.terminate()
    if errors or len(results) != procs:
        raise RuntimeError("; ".join(errors) or "a worker process died")
    per_rep = [sum(count / results[i][r] for i in range(procs)) for r in range(reps)]
    return {
        "per_second": statistics.median(per_rep),
        "per_second_reps": per_rep,
        "count_per_step": count,
        "step_seconds": {str(i): results[i] for i in range(procs)},
        "processes": procs,
        "method": OPENSPIEL_METHOD[what],
    }


def mean_playout_plies(os_game, games, seed):
    """Mean length of a random game (Python loop over pyspiel; only for the report)."""
    import pyspiel
    rng = random.Random(seed)
    game = pyspiel.load_game(os_game)
    total = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            total += 1
    return total / games


# ---------------------------------------------------------------------------
# Our side
# ---------------------------------------------------------------------------

def probe_ours(binary):
    """None if `binary bench` looks usable, else the reason it is not."""
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        return "our binary %s was not found (build it: cargo build --release)" % binary
    try:
        p = subprocess.run([binary, "bench", "--help"], capture_output=True, text=True,
                           timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return "could not run %s: %s" % (binary, exc)
    if p.returncode != 0:
        msg = (p.stderr or p.stdout).strip().splitlines()
        return "%s has no usable `bench` subcommand (%s)" % (
            binary, msg[0] if msg else "exit %d" % p.returncode)
    return None


def measure_ours(binary, game, what, threads, seconds, iterations):
    """Run our bench once; returns (dict, None) or (None, reason)."""
    cmd = [binary, "bench", game, "--what", what, "--threads", str(threads),
           "--seconds", "%g" % seconds, "--json"]
    if what == "mcts":
        cmd += ["--iterations", str(iterations)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 4 + 120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, "%s: %s" % (" ".join(cmd), exc)
    if p.returncode != 0:
        msg = (p.stderr or p.stdout).strip().splitlines()
        return None, "%s: exit %d%s" % (" ".join(cmd), p.returncode,
                                        (": " + msg[0]) if msg else "")
    obj = None
    for line in reversed(p.stdout.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                obj = json.loads(line)
                break
            except ValueError:
                pass
    if obj is None:
        try:
            obj = json.loads(p.stdout)
        except ValueError:
            return None, "%s: output is not a JSON object" % " ".join(cmd)
    if not isinstance(obj, dict) or not isinstance(obj.get("per_second"), (int, float)):
        return None, "%s: JSON has no numeric per_second" % " ".join(cmd)
    obj["command"] = cmd
    return obj, None



# ---------------------------------------------------------------------------
# Rule check (--check-rules): OpenSpiel games replayed through `mancala show`
# ---------------------------------------------------------------------------

def openspiel_move_letter(os_game, player, action):
    """Our move letter for an OpenSpiel action (A-F South, a-f North, from the owner's left)."""
    if os_game == "mancala":  # pits 1..6 South houses, 7 South store, 8..13 North, 0 North store
        return "ABCDEF"[action - 1] if player == 0 else "abcdef"[action - 8]
    return ("ABCDEF" if player == 0 else "abcdef")[action]  # oware: house index per player


def openspiel_final_scores(os_game, state):
    """[South, North] at the end as OpenSpiel counts them (its returns only give the sign)."""
    if os_game == "mancala":
        b = [int(x) for x in state.observation_tensor(0)[:14]]
        return [sum(b[1:8]), sum(b[8:14]) + b[0]]
    import re
    text = str(state)
    return [int(re.search(r"Player %d score = (\d+)" % p, text).group(1)) for p in (0, 1)]


def check_rules(binary, games, our_game, n_games, ply_games, seed):
    """Random OpenSpiel games replayed with `mancala show GAME --moves ... --json`.

    Compared: for the first `ply_games` games, the side to move and the legal moves before
    every ply; for every game, that ours is over exactly when OpenSpiel is, and the final
    score, counted as OpenSpiel does (captured seeds plus the seeds left on each player's
    side; ours with stop-at-majority=true leaves those to nobody, counted apart).
    Returns (passed, failed)."""
    import pyspiel

    def show(game, moves):
        """Ours after `moves`, or {"error": message} (e.g. a move that ours finds illegal)."""
        p = subprocess.run([binary, "show", game, "--moves", " ".join(moves), "--json"],
                           capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            return {"error": p.stderr.strip() or "exit %d" % p.returncode}
        return json.loads(p.stdout)

    passed = failed = 0
    rng = random.Random(seed)
    for g in games:
        os_game, ours = GAMES[g][0], our_game[g]
        game = pyspiel.load_game(os_game)
        bad = nobody = plies = 0
        for i in range(n_games):
            state, moves, ok = game.new_initial_state(), [], True
            while not state.is_terminal():
                player, legal = state.current_player(), state.legal_actions()
                if i < ply_games:
                    r = show(ours, moves)
                    want = sorted(openspiel_move_letter(os_game, player, a) for a in legal)
                    if "error" in r or r["over"] or r["side_to_move"] != "SN"[player] or \
                            sorted(r["legal_moves"]) != want:
                        print("MISMATCH %s after %r: OpenSpiel %s to move %s; ours %s" % (
                            g, " ".join(moves), "SN"[player], want, r), file=sys.stderr)
                        ok = False
                        break
                a = rng.choice(legal)
                moves.append(openspiel_move_letter(os_game, player, a))
                state.apply_action(a)
            plies += len(moves)
            if ok:
                r = show(ours, moves)
                want = openspiel_final_scores(os_game, state)
                if "error" in r:
                    print("MISMATCH %s final, moves %r: ours: %s" % (
                        g, " ".join(moves), r["error"]), file=sys.stderr)
                    ok = False
                else:
                    houses, stores, _ = r["position"].split(" ", 2)
                    south, north = (sum(int(x) for x in side.split(","))
                                    for side in houses.split("/"))
                    captured = [int(x) for x in stores.split("-")]
                    owner_counted = [captured[0] + south, captured[1] + north]
                    if not r["over"] or owner_counted != want:
                        print("MISMATCH %s final, moves %r: OpenSpiel %s, ours %s (over=%s)" % (
                            g, " ".join(moves), want, owner_counted, r["over"]),
                            file=sys.stderr)
                        ok = False
                    elif r["stores"] != want:
                        nobody += 1
            passed, failed = passed + ok, failed + (not ok)
            bad += not ok
        print("rule check %s: OpenSpiel `%s` vs ours `%s`: %d games (%d checked ply by ply), "
              "%d mismatches, mean %.1f plies; in %d matching games ours leaves the seeds still on "
              "the board to nobody (a majority stop)" % (
                  g, os_game, ours, n_games, min(ply_games, n_games), bad,
                  plies / max(1, n_games), nobody))
    print("%d passed, %d failed" % (passed, failed))
    return passed, failed

# ---------------------------------------------------------------------------
# Machine information and report
# ---------------------------------------------------------------------------

def machine_info(binary):
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        from importlib.metadata import version
        os_version = version("open_spiel")
    except Exception:
        os_version = "unknown"
    ours = None
    if os.path.isfile(binary):
        try:
            ours = subprocess.run([binary, "--version"], capture_output=True, text=True,
                                  timeout=10).stdout.strip() or None
        except (OSError, subprocess.TimeoutExpired):
            pass
    return {
        "cpu_model": cpu,
        "logical_cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "open_spiel": os_version,
        "ours_binary": os.path.abspath(binary),
        "ours_version": ours,
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "loadavg_start": list(os.getloadavg()),
    }


def fmt(x, digits=0):
    if x is None:
        return "—"
    return "{:,.{}f}".format(x, digits)


def ratio(a, b):
    return a / b if a is not None and b else None


def report(info, settings, rows, notes):
    out = []
    out.append("# OpenSpiel vs ours: playouts and MCTS simulations per second\n")
    out.append("* CPU: %s (%s logical CPUs); %s" % (info["cpu_model"], info["logical_cpus"],
                                                     info["platform"]))
    out.append("* Python %s, open_spiel %s; ours: %s (%s)" % (
        info["python"], info["open_spiel"], info["ours_version"] or "missing",
        info["ours_binary"]))
    out.append("* load average at start %s, at end %s (other work on the machine makes "
               "figures noisy)" % (" ".join("%.2f" % x for x in info["loadavg_start"]),
                                   " ".join("%.2f" % x for x in info["loadavg_end"])))
    out.append("* ours: %g s per measurement; OpenSpiel: %d repetitions of a ~%g s step, "
               "median; %s" % (settings["seconds"], settings["reps"], settings["step_seconds"],
                               info["date"]))
    out.append("* OpenSpiel playouts: %s" % OPENSPIEL_METHOD["playouts"])
    out.append("* OpenSpiel mcts: %s" % OPENSPIEL_METHOD["mcts"])
    if settings.get("mcts_iterations"):
        out.append("* mcts: searches of %d simulations from the start position on both sides, a "
                   "fresh tree each (OpenSpiel: steps of N = %d, median over the steps that fill "
                   "the time; ours: `bench --iterations %d`): trees of the same size"
                   % ((settings["mcts_iterations"],) * 3))
    out.append("* threads = 2 for OpenSpiel: two independent single-threaded processes run "
               "at once, rates summed (OpenSpiel's MCTS is single-threaded); ours: one "
               "process, `--threads 2`")
    out.append("* game mapping: " + "; ".join(
        "%s = OpenSpiel `%s` vs ours `%s`" % (label, os_g, our_g)
        for label, (os_g, our_g) in settings["games"].items()))
    out.append("")
    out.append("| game | measure | threads | OpenSpiel/s | ours/s | ours/OpenSpiel "
               "| OpenSpiel/s per core | ours/s per core | ours per core / OpenSpiel per core |")
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        t = r["threads"]
        o = r["openspiel"]["per_second"] if r["openspiel"] else None
        u = r["ours"]["per_second"] if r["ours"] else None
        opc = o / t if o is not None else None
        upc = u / t if u is not None else None
        out.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s |" % (
            r["game"], r["what"], t, fmt(o), fmt(u), fmt(ratio(u, o), 2), fmt(opc), fmt(upc),
            fmt(ratio(upc, opc), 2)))
    out.append("")
    out.append("Per core = total / threads (processes for OpenSpiel), so at equal thread "
               "counts the last column equals `ours/OpenSpiel`; compare rows to see scaling.")
    # Scaling 1 -> 2.
    scal = []
    by = {(r["game"], r["what"], r["threads"]): r for r in rows}
    for (g, w, t), r in sorted(by.items()):
        if t == 1 or (g, w, 1) not in by:
            continue
        one = by[(g, w, 1)]
        s_os = ratio(r["openspiel"] and r["openspiel"]["per_second"],
                     one["openspiel"] and one["openspiel"]["per_second"])
        s_us = ratio(r["ours"] and r["ours"]["per_second"],
                     one["ours"] and one["ours"]["per_second"])
        scal.append("| %s | %s | %d | %s | %s |" % (g, w, t, fmt(s_os, 2), fmt(s_us, 2)))
    if scal:
        out.append("")
        out.append("| game | measure | threads | OpenSpiel speed-up vs 1 | ours speed-up vs 1 |")
        out.append("|---|---|---:|---:|---:|")
        out.extend(scal)
    if info.get("mean_plies"):
        out.append("")
        out.append("Mean random-playout length in OpenSpiel (plies, %d games each, Python loop): "
                   "%s." % (settings["plies_games"], ", ".join(
                       "%s %.1f" % (g, p) for g, p in info["mean_plies"].items())))
        for g, os_plies in info["mean_plies"].items():
            mine = [r for r in rows if r["game"] == g and r["what"] == "playouts" and r["ours"]
                    and isinstance(r["ours"].get("mean_plies"), (int, float))]
            if not mine:
                continue
            ours_plies = mine[0]["ours"]["mean_plies"]
            line = "Ours, %s: %.1f plies per playout (its bench's `mean_plies`)." % (
                g, ours_plies)
            if abs(ours_plies - os_plies) > 0.05 * os_plies:
                os_rate = mine[0]["openspiel"] and mine[0]["openspiel"]["per_second"]
                line += (" **%+.0f%% against OpenSpiel: the two sides' random playouts do not "
                         "play the same games** (for instance rollouts that ignore repetitions),"
                         " so playouts/s are not like for like; in plies/s (threads %d): "
                         "OpenSpiel %s, ours %s." % (
                             100.0 * (ours_plies / os_plies - 1), mine[0]["threads"],
                             fmt(os_rate * os_plies if os_rate else None),
                             fmt(mine[0]["ours"]["per_second"] * ours_plies)))
            out.append(line)
    if notes:
        out.append("")
        out.append("## Notes\n")
        out.extend("* " + n for n in notes)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def parse_list(text, allowed, what):
    items = [x.strip() for x in text.split(",") if x.strip()]
    for x in items:
        if allowed is not None and x not in allowed:
            print("error: unknown %s %r (expected one of %s)" % (
                what, x, ", ".join(allowed)), file=sys.stderr)
            sys.exit(2)
    return items


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="OpenSpiel (C++ via pyspiel) vs our mancala binary: random playouts/s and "
                    "MCTS simulations/s from the start position, 1 and 2 cores.")
    ap.add_argument("--mancala", default=os.path.join(ROOT, "target", "release", "mancala"),
                    help="our binary (default: target/release/mancala of this repository)")
    ap.add_argument("--seconds", type=float, default=None,
                    help="seconds per measurement and side (default 5; --quick: 1)")
    ap.add_argument("--quick", action="store_true",
                    help="short run: 1 s per measurement, 200 games for the mean playout "
                         "length")
    ap.add_argument("--reps", type=int, default=3,
                    help="OpenSpiel repetitions per measurement, median reported (default 3)")
    ap.add_argument("--games", default="kalah,oware", help="comma list from: kalah, oware")
    ap.add_argument("--what", default="playouts,mcts", help="comma list from: playouts, mcts")
    ap.add_argument("--threads", default="1,2",
                    help="comma list of thread (OpenSpiel: process) counts (default 1,2)")
    ap.add_argument("--our-kalah", default=GAMES["kalah"][1],
                    help="our game string for Kalah (default %(default)s)")
    ap.add_argument("--our-oware", default=GAMES["oware"][1],
                    help="our game string for Oware (default %(default)s)")
    ap.add_argument("--max-memory-mb", type=int, default=4096,
                    help="OpenSpiel MCTSBot max_memory_mb per process (default 4096; the tree "
                         "is pruned past it)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--mcts-iterations", type=int, default=10000,
                    help="simulations per MCTS search on both sides (a fresh tree each), so that "
                         "both search trees of the same size (default 10000, the budget of the "
                         "toolkit's strength test); 0: OpenSpiel calibrated to --step-seconds, "
                         "ours one search for the whole time")
    ap.add_argument("--step-seconds", type=float, default=None,
                    help="target length of one OpenSpiel step (default --seconds / --reps); "
                         "longer steps grow bigger MCTS trees, as ours does over --seconds")
    ap.add_argument("--no-ours", action="store_true", help="measure only OpenSpiel")
    ap.add_argument("--check-rules", type=int, metavar="N", default=0,
                    help="instead of benchmarking: play N random OpenSpiel games per game, "
                         "replay them with `MANCALA show` and compare legal moves (first "
                         "--check-plies games), game end and final score; exit 1 on a mismatch")
    ap.add_argument("--check-plies", type=int, default=20,
                    help="games checked ply by ply in --check-rules (default 20)")
    ap.add_argument("--json", metavar="FILE", help="write the raw figures to FILE")
    args = ap.parse_args(argv)

    seconds = args.seconds if args.seconds is not None else (1.0 if args.quick else 5.0)
    if seconds <= 0 or args.reps < 1:
        ap.error("--seconds and --reps must be positive")
    games = parse_list(args.games, GAMES, "game")
    whats = parse_list(args.what, WHATS, "measure")
    try:
        threads = [int(x) for x in parse_list(args.threads, None, "threads")]
    except ValueError:
        ap.error("--threads takes a comma list of integers")
    if not threads or min(threads) < 1:
        ap.error("--threads must be positive integers")
    our_game = {"kalah": args.our_kalah, "oware": args.our_oware}

    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("error: pyspiel is not importable: pip install open-spiel", file=sys.stderr)
        return 2

    binary = args.mancala
    if not os.path.isabs(binary) and not os.path.exists(binary):
        # Relative default-like paths are taken from the repository root too.
        alt = os.path.join(ROOT, binary)
        binary = alt if os.path.exists(alt) else (shutil.which(binary) or binary)

    if args.check_rules:
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            print("error: our binary %s was not found" % binary, file=sys.stderr)
            return 2
        _, failed = check_rules(binary, games, our_game, args.check_rules, args.check_plies,
                                args.seed)
        return 1 if failed else 0

    info = machine_info(binary)
    notes = []
    ours_missing = "not measured (--no-ours)" if args.no_ours else probe_ours(binary)
    if ours_missing and not args.no_ours:
        notes.append("**Our side is missing**: %s. Only OpenSpiel was measured." % ours_missing)
        print("note: our side is missing: %s" % ours_missing, file=sys.stderr)

    step_seconds = args.step_seconds if args.step_seconds else seconds / args.reps
    settings = {
        "seconds": seconds, "reps": args.reps, "step_seconds": step_seconds,
        "quick": args.quick, "threads": threads,
        "games": {g: (GAMES[g][0], our_game[g]) for g in games}, "whats": whats,
        "uct_c": UCT_C, "max_memory_mb": args.max_memory_mb, "seed": args.seed,
        "mcts_iterations": args.mcts_iterations,
        "plies_games": 200 if args.quick else 1000,
    }
    info["mean_plies"] = {g: mean_playout_plies(GAMES[g][0], settings["plies_games"], args.seed)
                          for g in games}

    rows = []
    for g in games:
        os_game = GAMES[g][0]
        for w in whats:
            count, rate = calibrate(os_game, w, step_seconds, args.seed,
                                    args.max_memory_mb)
            reps = args.reps
            if w == "mcts" and args.mcts_iterations:
                # Searches of the same size on both sides: as many steps of N as fill the time.
                count = args.mcts_iterations
                reps = max(args.reps, int(seconds * rate / count))
            print("calibrated %s %s: %d per step (~%.0f/s)" % (g, w, count, rate),
                  file=sys.stderr)
            for t in threads:
                row = {"game": g, "what": w, "threads": t, "openspiel_game": os_game,
                       "our_game": our_game[g], "openspiel": None, "ours": None}
                try:
                    row["openspiel"] = measure_openspiel(os_game, w, t, count, reps,
                                                         args.seed, args.max_memory_mb)
                    row["openspiel"]["calibration_rate"] = rate
                except RuntimeError as exc:
                    notes.append("OpenSpiel %s %s x%d failed: %s" % (g, w, t, exc))
                if not ours_missing:
                    res, err = measure_ours(binary, our_game[g], w, t, seconds,
                                            args.mcts_iterations)
                    row["ours"] = res
                    if err:
                        notes.append("ours %s %s --threads %d failed: %s" % (g, w, t, err))
                    elif res.get("threads") not in (None, t):
                        notes.append("ours %s %s: asked --threads %d, it reports threads=%s"
                                     % (g, w, t, res.get("threads")))
                print("%-6s %-9s x%d  OpenSpiel %s/s  ours %s/s" % (
                    g, w, t, fmt(row["openspiel"] and row["openspiel"]["per_second"]),
                    fmt(row["ours"] and row["ours"]["per_second"])), file=sys.stderr)
                rows.append(row)

    info["loadavg_end"] = list(os.getloadavg())
    if os.cpu_count() and max(threads) > os.cpu_count():
        notes.append("more threads/processes than logical CPUs (%d)" % os.cpu_count())
    text = report(info, settings, rows, notes)
    sys.stdout.write(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "settings": settings, "results": rows, "notes": notes,
                       "ours_missing": ours_missing}, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
