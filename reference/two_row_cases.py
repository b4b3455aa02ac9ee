"""Golden-file cases and hand-worked checks of the two-row games (rules: two_row.py).

selftest(checks): positions sown and solved by hand, the sample games of RULES.md §2
(Wari) and seed 000 (Woaley I), and values published by Irving, Donkers & Uiterwijk
(2000).  GOLDEN_FILES: the case lists of tests/data/kalah.perft, oware.perft,
solved-small.txt, wari/woaley1/woaley2/adi/giuti/cups.perft and solved-two-row.txt,
and of Ayo's rounds (selftest_ayo_rounds; ayo-rounds.txt, ayo-won.perft,
solved-ayo-won.txt).
"""

from .driver import (GoldenFile, Solver, canonical_game, format_position, legal_moves,
                     next_round_text, parse_game, parse_position)
from .two_row import AWARI_DEFAULTS, defaults_for, repetition_stores, start_position, terminal
from .two_row import value_text


# ---------------------------------------------------------------------------
# Self test: hand-worked values
# ---------------------------------------------------------------------------

def selftest(checks):
    expect, P, V, child = checks.expect, checks.perft, checks.value, checks.child

    # --- game strings
    expect("canonical kalah", canonical_game(parse_game("kalah(seeds=4,houses=6)")), "kalah")
    expect(
        "canonical sorted",
        canonical_game(parse_game("kalah(seeds=3,houses=3,end=mover-empty)")),
        "kalah(end=mover-empty,houses=3,seeds=3)",
    )
    expect(
        "canonical awari",
        canonical_game(parse_game("awari(grand-slam=forbidden,capture=3-2)")),
        "awari",
    )
    for bad in ["kalah(foo=1)", "mancala", "kalah(houses=x)", "oware(houses=1)",
                "oware(grand-slam=maybe)", "kalah(houses=3"]:
        checks.rejected("game string " + bad, parse_game, bad)
    g = parse_game("kalah(houses=2,seeds=1)")
    for bad in ["1,1/1,1 0-0 X", "1,1,1/1 0-0 S", "1,1/1,2 0-0 S", "1,1/1,1 0 S",
                "1,1/1,1 0-0", "1,1/1,-1 2-0 S"]:
        checks.rejected("position " + bad, parse_position, g, bad)

    # --- Kalah sowing by hand
    # Kalah(6,4) C: 4 seeds into D, E, F and South's store: extra turn.
    expect("kalah C", child("kalah", "start", "C"), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S")
    # Kalah(6,4) A: B..E get one each, North to move.
    expect("kalah A", child("kalah", "start", "A"), "0,5,5,5,5,4/4,4,4,4,4,4 0-0 N")
    # 13 seeds from A: B..F, South's store, a..f, (North's store skipped), A.
    # The last seed falls in the emptied A: captures it with the opposite f (5).
    expect("kalah 13-seed lap capture",
           child("kalah", "13,0,0,0,0,0/4,4,4,4,4,4 0-11 S", "A"),
           "0,1,1,1,1,1/5,5,5,5,5,0 7-11 N")
    # North's f with 8 seeds: North's store, A..F, (South's store skipped), a.
    expect("kalah north skips south store",
           child("kalah", "4,4,4,4,4,4/4,4,4,4,0,8 0-0 N", "f"),
           "5,5,5,5,5,5/5,4,4,4,0,0 0-1 S")
    # A (1 seed) lands in empty B, opposite e holds 4: captures 5.
    expect("kalah capture", child("kalah", "1,0,4,4,4,4/4,4,4,4,4,4 4-3 S", "A"),
           "0,0,4,4,4,4/4,4,4,4,0,4 9-3 N")
    # Same with e empty: no capture by default; capture=empty takes the 1 seed.
    expect("kalah no capture", child("kalah", "1,0,4,4,4,4/4,4,4,4,0,4 4-7 S", "A"),
           "0,1,4,4,4,4/4,4,4,4,0,4 4-7 N")
    expect("kalah capture=empty", child("kalah(capture=empty)",
                                        "1,0,4,4,4,4/4,4,4,4,0,4 4-7 S", "A"),
           "0,0,4,4,4,4/4,4,4,4,0,4 5-7 N")

    # --- Kalah perft by hand
    # Kalah(6,4): only C ends in the store.  After A, B, D, E, F North has 6
    # moves; after C South moves again with A, B, D, E, F: 5*6 + 5 = 35.
    expect("kalah perft 1", P("kalah", "start", 1), 6)
    expect("kalah perft 2", P("kalah", "start", 2), 35)
    # Kalah(2,1) 1,1/1,1 0-0 S: A -> 0,2/1,1 0-0 N (B was not empty: no
    # capture); B -> store, extra turn: 1,0/1,1 1-0 S.  Depth 2: North has a, b
    # after A; South has only A after B: 2 + 1 = 3.
    expect("kalah(2,1) perft 1", P("kalah(houses=2,seeds=1)", "start", 1), 2)
    expect("kalah(2,1) perft 2", P("kalah(houses=2,seeds=1)", "start", 2), 3)

    # --- Kalah values by hand (all four rule combinations give the same value)
    all_rules = ["", "capture=empty,", "end=mover-empty,", "capture=empty,end=mover-empty,"]
    # Kalah(1,1): A -> store, extra turn, South empty: North takes 1: 1-1 = 0.
    for opts in all_rules:
        expect("kalah(1,1) " + opts, V("kalah(%shouses=1,seeds=1)" % opts, "start"), 0)
    # Kalah(1,2): A sows South's store and a: 0/3 1-0 N.  either-side-empty:
    # over, North takes 3: 1-3 = -2.  mover-empty: North plays a: North's store,
    # A, a (was empty, opposite A holds 1): captures 2 -> 1-3: -2.
    for opts in all_rules:
        expect("kalah(1,2) " + opts, V("kalah(%shouses=1,seeds=2)" % opts, "start"), -2)
    # Kalah(1,3): A sows store, a, A: A was emptied, captures 1 + a's 4: 6-0.
    for opts in all_rules:
        expect("kalah(1,3) " + opts, V("kalah(%shouses=1,seeds=3)" % opts, "start"), 6)
    # 0,1/0,1 1-1 S: B into the store, extra turn, South empty: North takes 1:
    # 2-2 = 0.
    expect("kalah(2,1) leaf", V("kalah(houses=2,seeds=1)", "0,1/0,1 1-1 S"), 0)
    # mover-empty 0,0/1,1 2-0 S: South cannot move: North gets 2: 0.
    expect("kalah mover-empty leaf", V("kalah(end=mover-empty,houses=2,seeds=1)",
                                       "0,0/1,1 2-0 S"), 0)
    # mover-empty 0,0/1,1 2-0 N: a -> b (had 1: no capture), South to move and
    # empty: North takes 2: 2-2.  b -> North's store, extra turn, 0,0/1,0 2-1 N,
    # a -> b (empty, opposite A empty: no capture), South empty: 2-2.  Value 0;
    # perft 2 = 1 (the a line ends after 1 ply).
    expect("kalah mover-empty N", V("kalah(end=mover-empty,houses=2,seeds=1)",
                                    "0,0/1,1 2-0 N"), 0)
    expect("kalah mover-empty N perft", P("kalah(end=mover-empty,houses=2,seeds=1)",
                                          "0,0/1,1 2-0 N", 2), 1)
    # either-side-empty: the same position is already over: 2-2.
    expect("kalah either-side over", P("kalah(houses=2,seeds=1)", "0,0/1,1 2-0 N", 1), 0)
    # capture=empty in Kalah(2,1) 0,0/1,0 2-1 N: a -> b (empty): the single seed
    # is captured even though A is empty: 0,0/0,0 2-2 S.
    expect("kalah capture=empty single", child("kalah(capture=empty,houses=2,seeds=1,"
                                               "end=mover-empty)", "0,0/1,0 2-1 N", "a"),
           "0,0/0,0 2-2 S")

    # Kalah(2,1) solved by hand, 1,1/1,1 0-0 S:
    #  B: store, extra turn, 1,0/1,1 1-0 S; A (forced) lands in empty B opposite
    #     a (1): captures 2: 0,0/0,1 3-0 N, South empty: North takes 1: 3-1 = +2.
    #  A: 0,2/1,1 0-0 N.  North a -> 0,2/0,2 S, B (forced) -> store, a:
    #     0,0/1,2 1-0 N, South empty: 1-3 = -2.  North b -> store, extra turn,
    #     a -> b (opposite A empty: no capture) 0,2/0,1 0-1 S, B (forced) -> store,
    #     a: 0,0/1,1 1-1 N: 1-3 = -2.  So A = -2, B = +2, value +2.
    g = parse_game("kalah(houses=2,seeds=1)")
    expect("kalah(2,1) value", V("kalah(houses=2,seeds=1)", "start"), 2)
    expect("kalah(2,1) root moves",
           Solver(g).root_moves(start_position(g)), [("A", -2), ("B", 2)])
    # Kalah(2,3) 0,2/2,0 5-3 S: B (forced) -> store, a: 0,0/3,0 6-3 N.
    #  either-side-empty: South empty: North takes 3: 6-6 = 0.
    #  mover-empty: a (forced) -> b, store, A: 1,0/0,1 6-4 S; A (forced) -> B
    #  (empty, opposite a empty: no capture; capture=empty: takes 1, 7-4);
    #  b (forced) -> store, extra turn, North empty: South gets what is left:
    #  7-5 = +2 either way.
    expect("kalah(2,3) either", V("kalah(houses=2,seeds=3)", "0,2/2,0 5-3 S"), 0)
    expect("kalah(2,3) mover", V("kalah(end=mover-empty,houses=2,seeds=3)",
                                 "0,2/2,0 5-3 S"), 2)
    expect("kalah(2,3) mover empty", V("kalah(capture=empty,end=mover-empty,houses=2,"
                                       "seeds=3)", "0,2/2,0 5-3 S"), 2)

    # Published values (Irving, Donkers & Uiterwijk 2000, capture=empty):
    # Kalah(4,1) = +2, Kalah(5,1) = 0.
    expect("Irving kalah(4,1)", V("kalah(capture=empty,houses=4,seeds=1)", "start"), 2)
    expect("Irving kalah(5,1)", V("kalah(capture=empty,houses=5,seeds=1)", "start"), 0)

    # --- Oware sowing and perft by hand
    # Oware(2,1) 1,1/1,1 0-0 S: A -> 0,2/1,1 0-0 N.  B -> a holds 2: captured
    # (the house before it, B, is South's): 1,0/0,1 2-0 N.  Depth 2: after A
    # North has a and b, after B only b: 3.
    expect("oware(2,1) A", child("oware(houses=2,seeds=1)", "start", "A"), "0,2/1,1 0-0 N")
    expect("oware(2,1) B", child("oware(houses=2,seeds=1)", "start", "B"), "1,0/0,1 2-0 N")
    expect("oware(2,1) perft 1", P("oware(houses=2,seeds=1)", "start", 1), 2)
    expect("oware(2,1) perft 2", P("oware(houses=2,seeds=1)", "start", 2), 3)
    # Grand slam, 1,0/0,1 2-0 N: b sows into A (now 2), taking South's last
    # seeds.  no-capture: 2,0/0,0 2-0 S.  capture-all, and forbidden when it is
    # the only move: 0,0/0,0 2-2 S.  woaley-skip: sown again skipping A: the seed
    # goes to B: 1,1/0,0 2-0 S.
    gs = "1,0/0,1 2-0 N"
    expect("gs no-capture", child("oware(houses=2,seeds=1)", gs, "b"), "2,0/0,0 2-0 S")
    expect("gs capture-all", child("oware(grand-slam=capture-all,houses=2,seeds=1)", gs, "b"),
           "0,0/0,0 2-2 S")
    expect("gs forbidden only move", child("oware(grand-slam=forbidden,houses=2,seeds=1)",
                                           gs, "b"), "0,0/0,0 2-2 S")
    expect("gs woaley", child("oware(grand-slam=woaley-skip,houses=2,seeds=1)", gs, "b"),
           "1,1/0,0 2-0 S")
    # capture-all: South then has nothing to move: 2-2, value 0.
    expect("gs capture-all value", V("oware(grand-slam=capture-all,houses=2,seeds=1)", gs), 0)
    # 1,1/0,0 2-0 S: A -> B doesn't feed; B -> a feeds: 1 legal move.
    expect("gs woaley perft", P("oware(grand-slam=woaley-skip,houses=2,seeds=1)",
                                "1,1/0,0 2-0 S", 1), 1)
    # Forbidden with a choice, oware(2,2) 1,2/1,1 3-0 S: A -> B, no capture;
    # B -> a=2, b=2: captures b, a: a grand slam.  Default 2 moves, forbidden 1.
    expect("forbidden choice default", P("oware(houses=2,seeds=2)", "1,2/1,1 3-0 S", 1), 2)
    expect("forbidden choice", P("oware(houses=2,seeds=2,grand-slam=forbidden)",
                                 "1,2/1,1 3-0 S", 1), 1)
    expect("capture-all B", child("oware(houses=2,seeds=2,grand-slam=capture-all)",
                                  "1,2/1,1 3-0 S", "B"), "1,0/0,0 7-0 N")
    # woaley-skip: B sown skipping a: b=2, A=2; last in A (own): no capture.
    expect("woaley B", child("oware(houses=2,seeds=2,grand-slam=woaley-skip)",
                             "1,2/1,1 3-0 S", "B"), "2,0/1,2 3-0 N")

    # Must feed, oware(2,1) 0,0/1,3 0-0 N: a -> b doesn't feed; b (3 seeds) sows
    # A, B, a: feeds.  1 legal move; must-feed=false: 2.
    expect("feed forced", P("oware(houses=2,seeds=1)", "0,0/1,3 0-0 N", 1), 1)
    expect("feed off", P("oware(houses=2,seeds=1,must-feed=false)", "0,0/1,3 0-0 N", 1), 2)
    # No feeding move, 0,0/1,0 3-0 N: over, North takes the board seed: 3-1: -2.
    expect("no feed over", P("oware(houses=2,seeds=1)", "0,0/1,0 3-0 N", 1), 0)
    expect("no feed value", V("oware(houses=2,seeds=1)", "0,0/1,0 3-0 N"), -2)
    # must-feed=false: a -> b, South to move with nothing: North gets 1: -2.
    expect("no feed off perft", P("oware(houses=2,seeds=1,must-feed=false)",
                                  "0,0/1,0 3-0 N", 1), 1)
    expect("no feed off value", V("oware(houses=2,seeds=1,must-feed=false)",
                                  "0,0/1,0 3-0 N"), -2)
    # Awari: every move starves South, so a is legal: 1 move, same value.
    expect("awari starve perft", P("awari(houses=2,seeds=1)", "0,0/1,0 3-0 N", 1), 1)
    expect("awari starve value", V("awari(houses=2,seeds=1)", "0,0/1,0 3-0 N"), -2)

    # Skip origin, oware(2,3) 5,0/0,0 7-0 S, A with 5 seeds:
    #  skip: B, a, b, (A skipped), B, a -> a holds 2: captured, B is South's:
    #        0,2/0,1 9-0 N.
    #  no skip: B, a, b, A, B -> last in B (own): 1,2/1,1 7-0 N.
    expect("skip origin", child("oware(houses=2,seeds=3)", "5,0/0,0 7-0 S", "A"),
           "0,2/0,1 9-0 N")
    expect("no skip origin", child("oware(houses=2,seeds=3,skip-origin=false)",
                                   "5,0/0,0 7-0 S", "A"), "1,2/1,1 7-0 N")
    # Chain capture, oware(3,2) 0,0,3/1,1,2 5-0 S: C sows a=2, b=2, c=3:
    # captures c, b, a: North empty: a grand slam (no capture by default).
    expect("chain gs default", child("oware(houses=3,seeds=2)", "0,0,3/1,1,2 5-0 S", "C"),
           "0,0,0/2,2,3 5-0 N")
    expect("chain gs capture-all", child("oware(houses=3,seeds=2,grand-slam=capture-all)",
                                         "0,0,3/1,1,2 5-0 S", "C"), "0,0,0/0,0,0 12-0 N")
    # 0,0,3/0,1,2 6-0 S: a=1, b=2, c=3: captures c, b (5), stops at a (1).
    expect("chain stop", child("oware(houses=3,seeds=2)", "0,0,3/0,1,2 6-0 S", "C"),
           "0,0,0/1,0,0 11-0 N")
    # capture=2-4-6, oware(2,6) 1,1/3,1 18-0 S: B -> a holds 4: captured with
    # capture=2-4-6, not with the default 2-3.
    expect("capture list", child("oware(houses=2,seeds=6,capture=2-4-6)",
                                 "1,1/3,1 18-0 S", "B"), "1,0/0,1 22-0 N")
    expect("capture list default", child("oware(houses=2,seeds=6)",
                                         "1,1/3,1 18-0 S", "B"), "1,0/4,1 18-0 N")

    # Game over order: oware(2,1) 1,0/0,0 3-0 N: North has no seeds (check 1):
    # South takes the board: 4-0, -4 for North, even with stop-at-majority on.
    expect("empty mover first", V("oware(houses=2,seeds=1,stop-at-majority=true)",
                                  "1,0/0,0 3-0 N"), -4)
    # Majority, oware(2,2) 1,0/1,1 5-0 N: 5 > 8/2: over, board for nobody: -5.
    expect("majority perft", P("oware(houses=2,seeds=2,stop-at-majority=true)",
                               "1,0/1,1 5-0 N", 1), 0)
    expect("majority value", V("oware(houses=2,seeds=2,stop-at-majority=true)",
                               "1,0/1,1 5-0 N"), -5)
    expect("no majority perft", P("oware(houses=2,seeds=2)", "1,0/1,1 5-0 N", 1), 2)

    # Oware(2,1) line B solved by hand (every move forced): B captures 2,
    # 1,0/0,1 2-0 N; b is a grand slam (no capture): 2,0/0,0 2-0 S; A must feed:
    # 0,1/1,0 2-0 N; a: 0,1/0,1 2-0 S; B: 0,0/1,1 2-0 N; b must feed: 1,0/1,0
    # 2-0 S; A: 0,1/1,0 2-0 N, a repetition: own side: 3-1 = +2.
    g = parse_game("oware(houses=2,seeds=1)")
    expect("oware(2,1) B value", Solver(g).root_moves(start_position(g))[1], ("B", 2))
    # Oware(3,1) 0,1,0/0,3,0 0-2 N: b (forced) sows c, A, B: B holds 2:
    # captured, A (1) stops: 1,0,0/0,0,1 0-4 S.  stop-at-majority: 4 > 3: over:
    # +4.  Otherwise A -> B; c -> A; 1,1,0/0,0,0 0-4 S: no move feeds North:
    # South takes 2: 2-4: +2 for North.
    expect("majority oware(3,1)", V("oware(houses=3,seeds=1,stop-at-majority=true)",
                                    "0,1,0/0,3,0 0-2 N"), 4)
    expect("no majority oware(3,1)", V("oware(houses=3,seeds=1)", "0,1,0/0,3,0 0-2 N"), 2)
    # Oware(3,1) 0,0,1/1,0,0 4-0 S: C makes a hold 2: a grand slam.  Default:
    # no capture, North (forced a) cannot feed South: North takes 2: 4-2 = +2.
    # forbidden (only move) and capture-all: captured: 6-0 = +6.
    expect("gs oware(3,1)", V("oware(houses=3,seeds=1)", "0,0,1/1,0,0 4-0 S"), 2)
    expect("gs oware(3,1) forbidden", V("oware(grand-slam=forbidden,houses=3,seeds=1)",
                                        "0,0,1/1,0,0 4-0 S"), 6)

    # Repetition scoring: oware(2,2) 3,0/1,0 2-2 S: own-side 5-3; even-split 4-4.
    g = parse_game("oware(houses=2,seeds=2)")
    expect("repetition own", repetition_stores(g, parse_position(g, "3,0/1,0 2-2 S")), (5, 3))
    g = parse_game("awari(houses=2,seeds=2)")
    expect("repetition split", repetition_stores(g, parse_position(g, "3,0/1,0 2-2 S")), (4, 4))
    # A forced cycle, oware(2,1) 0,1/0,1 1-1 S with must-feed=false:
    #  B -> a: 0,0/1,1 N (a holds 1).  North: a -> b (b=2, own) or b -> A.
    #  b -> A: 1,0/1,0 S; A -> B: 0,1/1,0 N; a -> b: 0,1/0,1 S = the root: a
    #  repetition, ending the line at ply 4.  Perft 4 counts it (1 per line).
    # Hand count of perft 1..3 (must-feed=false):
    #  1: B only                                                       -> 1
    #  2: from 0,0/1,1 1-1 N: a, b                                     -> 2
    #  3: after a: 0,0/0,2 1-1 S: South empty: over (0).  after b:
    #     1,0/1,0 1-1 S: A only                                        -> 1
    for depth, want in [(1, 1), (2, 2), (3, 1), (4, 1), (5, 0)]:
        expect("cycle perft %d" % depth, P("oware(houses=2,seeds=1,must-feed=false)",
                                           "0,1/0,1 1-1 S", depth), want)
    # Value: the only line that doesn't lose South everything is the cycle
    # (North's a leaves South empty and North takes the board: 1-3 for South).
    # North chooses between a (South then has nothing: North wins 3-1) and b
    # (cycle: own-side repetition at 0,1/0,1 1-1 S: 2-2).  So North plays a: -2.
    expect("cycle value", V("oware(houses=2,seeds=1,must-feed=false)", "0,1/0,1 1-1 S"), -2)

    selftest_new_games(checks)


def selftest_new_games(checks):
    """Hand-worked checks of wari, woaley1, woaley2, adi, giuti and cups."""
    expect, P, V, child = checks.expect, checks.perft, checks.value, checks.child
    moves = checks.moves

    def rejected(label, function, argument):
        checks.rejected(label + " rejected", function, argument)

    def over(game_text, pos_text):
        g = parse_game(game_text)
        return terminal(g, parse_position(g, pos_text))

    # --- game strings and positions
    for text, want in [
        ("wari(seeds=6,capture=2-4-6)", "wari(seeds=6)"),
        ("wari(capture=2-4-6)", "wari(capture=2-4-6)"),
        ("wari(seeds=6,capture=3-2)", "wari(capture=2-3,seeds=6)"),
        ("wari(american=false,houses=6)", "wari"),
        ("woaley2(grand-slam=woaley-skip)", "woaley2"),
        ("woaley2(grand-slam=no-capture,must-feed=false)",
         "woaley2(grand-slam=no-capture,must-feed=false)"),
        ("woaley1(free-choice=any,seeds=4)", "woaley1"),
        ("adi(round-end=8,houses=6)", "adi"),
        ("adi(seeds=2,round-end=0)", "adi(round-end=0,seeds=2)"),
        ("giuti(seeds=5)", "giuti(seeds=5)"),
        ("cups(bowls=4)", "cups"),
        ("cups(bowls=3)", "cups(bowls=3)"),
    ]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    for bad in ["wari(must-feed=false)", "woaley2(american=true)", "cups(houses=4)",
                "cups(bowls=2)", "cups(bowls=11)", "cups(seeds=3)", "adi(houses=7)",
                "giuti(houses=0)", "woaley1(free-choice=mine)", "giuti(round-end=3)",
                "woaley1(grand-slam=forbidden)", "adi(round-end=x)"]:
        rejected("game " + bad, parse_game, bad)
    expect("woaley1 start", format_position(parse_game("woaley1"), start_position(
        parse_game("woaley1"))), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S;choice=own-side")
    g = parse_game("woaley1(free-choice=own-side)")
    expect("woaley1 own-side start", format_position(g, start_position(g)),
           "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S")
    expect("woaley1 own-side choice prints free",
           format_position(g, parse_position(g, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S;choice=own-side")),
           "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S")
    expect("cups start", format_position(parse_game("cups"), start_position(parse_game("cups"))),
           "0,0,0,0/0,0,0,0 0-0 S;hand=40-40")
    g = parse_game("adi(houses=2,seeds=2)")
    expect("adi field", format_position(g, parse_position(g, "1,2/3,0 2-0 S;last-capture=N")),
           "1,2/3,0 2-0 S;last-capture=N")
    for game_text, bad in [
        ("cups(bowls=3)", "0,0,0/0,0,0 0-0 S"),                      # hand missing
        ("cups(bowls=3)", "0,0,0/0,0,0 0-0 S;hand=30-29"),           # 59 beans
        ("cups(bowls=3)", "0,0,0/0,0,0 0-0 S ;hand=30-30"),          # space before ;
        ("cups(bowls=3)", "0,0,0/0,0,0 0-0 S;hand=30-30;hand=30-30"),
        ("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S;forced=A"),     # A holds 1
        ("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S;forced=c"),     # no house c
        ("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S;choice=any"),
        ("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S;last-capture=S"),
        ("adi(houses=2,seeds=2)", "1,2/3,0 2-0 S;last-capture=X"),
        ("adi(houses=2,seeds=2)", "1,2/3,0 2-0 S;forced=a"),
        ("giuti(houses=2,seeds=2)", "2,2/2,2 0-0 S;last-capture=S"),
        ("wari(houses=2,seeds=2)", "2,2/2,2 0-0 S;x=1"),
    ]:
        rejected("position %s %s" % (game_text, bad),
                 lambda text: parse_position(parse_game(game_text), text), bad)

    # --- Wari: the sample game of RULES.md §2 (seed 000, American variant)
    g = parse_game("wari(american=true)")
    pos = start_position(g)
    captures = []
    plies = "A f B e C c F a E b F c D f F c E a F a".split()
    for number, letter in enumerate(plies, 1):
        legal = dict(legal_moves(g, pos))
        if number == 19:
            # the source prints "A", which is empty here: F is the only move
            expect("wari sample ply 19 moves", sorted(legal), ["F"])
        expect("wari sample ply %d %s legal" % (number, letter), letter in legal, True)
        child_pos = legal[letter]
        for side in (0, 1):
            gained = child_pos[1][side] - pos[1][side]
            if gained:
                captures.append((number, "SN"[side], gained))
        pos = child_pos
    expect("wari sample captures", captures,
           [(6, "N", 5), (7, "S", 6), (9, "S", 4), (11, "S", 2), (12, "N", 3),
            (14, "N", 7), (15, "S", 2)])
    expect("wari sample end", format_position(g, pos), "0,0,0,0,0,0/0,3,0,13,3,0 14-15 S")
    expect("wari sample score", terminal(g, pos), (14, 34))
    # Wari plays as oware: same start counts.
    expect("wari = oware perft 4", P("wari", "start", 4), P("oware", "start", 4))
    # Wari-72: seeds=6 captures 2, 4, 6 by default.  wari(houses=2,seeds=6)
    # 1,1/3,1 18-0 S: B sows a: 4: captured (the house before, A, is South's).
    expect("wari-72 capture", child("wari(houses=2,seeds=6)", "1,1/3,1 18-0 S", "B"),
           "1,0/0,1 22-0 N")
    expect("wari-72 capture=2-3", child("wari(capture=2-3,houses=2,seeds=6)",
                                        "1,1/3,1 18-0 S", "B"), "1,0/4,1 18-0 N")
    # american=true drops feeding: 0,0/1,3 0-0 N (wari(2,1)): a doesn't feed.
    expect("wari feed", P("wari(houses=2,seeds=1)", "0,0/1,3 0-0 N", 1), 1)
    expect("wari american", P("wari(american=true,houses=2,seeds=1)", "0,0/1,3 0-0 N", 1), 2)

    # --- Woaley II
    # woaley-skip by default (as the oware test above): B sown skipping a.
    expect("woaley2 skip", child("woaley2(houses=2,seeds=2)", "1,2/1,1 3-0 S", "B"),
           "2,0/1,2 3-0 N")
    # Sudden death, woaley2(3,2) 1,1,0/0,0,0 6-4 S: North is empty and neither
    # A (to B) nor B (to C) reaches North: over, South takes 2 - 1 = 1 and
    # North 1: 7-5, +2.  Oware gives South both seeds: 8-4, +4.
    expect("woaley2 sudden death", over("woaley2(houses=3,seeds=2)", "1,1,0/0,0,0 6-4 S"),
           (7, 5))
    expect("woaley2 sudden death value", V("woaley2(houses=3,seeds=2)", "1,1,0/0,0,0 6-4 S"), 2)
    expect("oware no-feed value", V("oware(houses=3,seeds=2)", "1,1,0/0,0,0 6-4 S"), 4)
    expect("woaley2 sudden death must-feed=false",
           over("woaley2(houses=3,must-feed=false,seeds=2)", "1,1,0/0,0,0 6-4 S"), (7, 5))
    # The mover has no seeds: the opponent takes all, as in oware: 3-5.
    expect("woaley2 mover empty", over("woaley2(houses=2,seeds=2)", "0,0/2,0 3-3 S"), (3, 5))

    # --- Woaley I: seed 000 figures 9-11 (South = player B, B1..B6 = A..F,
    # North's A1..A6 = a..f).  B lifts B5 = E (4 seeds: E, F, a, b), ends in b
    # (A2) with 5; A must lift b (5: b..f), ends in f (A6) with 5; B must lift f
    # (f, A, B, C, D), ends in D (B4); A must lift D (D, E, F, a, b): b holds 2:
    # captured, a (6) stops the chain.  B chooses a (6 seeds: a..f): f holds 2.
    w = "woaley1"
    line = [("E", "4,4,4,4,1,5/5,5,4,4,4,4 0-0 N;forced=b"),
            ("b", "4,4,4,4,1,5/5,1,5,5,5,5 0-0 S;forced=f"),
            ("f", "5,5,5,5,1,5/5,1,5,5,5,1 0-0 N;forced=D"),
            ("D", "5,5,5,1,2,6/6,0,5,5,5,1 0-2 S"),
            ("a", "5,5,5,1,2,6/1,1,6,6,6,0 2-2 N")]
    pos_text = "start"
    for letter, want in line:
        if letter in ("b", "f", "D"):
            expect("woaley1 forced %s" % letter, moves(w, pos_text), [letter])
        expect("woaley1 sample %s" % letter, child(w, pos_text, letter), want)
        pos_text = want
    # After the 4th move (RULES.md: North A6..A1 = 1 5 5 5 0 6, South B1..B6 =
    # 5 5 5 1 2 6) South chooses freely among every house with 2 or more:
    # A B C E F a c d e = 9; free-choice=own-side: A B C E F = 5.
    after4 = "5,5,5,1,2,6/6,0,5,5,5,1 0-2 S"
    expect("woaley1 free any", moves(w, after4), list("ABCEFacde"))
    expect("woaley1 free own", moves("woaley1(free-choice=own-side)", after4), list("ABCEF"))
    # The first move is from the mover's own side.
    expect("woaley1 first move", moves(w, "start"), list("ABCDEF"))
    # Figure 12: North A6..A1 = 0 10 0 4 1 1 (a..f = 1,1,4,0,10,0), South
    # 6 2 6 0 1 3.  North lifts A5 = e (10): e f A B C D E F a b; b (2), a (2),
    # F (4), E (2) captured = 10, D (1) stops.  (Stores: 14 seeds, split 7-7.)
    expect("woaley1 figure 12", child(w, "6,2,6,0,1,3/1,1,4,0,10,0 7-7 N", "e"),
           "7,3,7,1,0,0/0,0,4,0,1,1 7-17 S")
    # Figure 14: North A6..A1 = 1 1 4 1 1 1, South 3 1 1 0 1 1.  North lifts
    # A4 = d (4: d e f A): A (4), f (2), e (2) = 8, d (1) stops; no house holds
    # 2 or more: over, board seeds for nobody.
    fig14 = "3,1,1,0,1,1/1,1,1,4,1,1 16-16 N"
    expect("woaley1 figure 14 moves", moves(w, fig14), ["A", "d"])
    expect("woaley1 figure 14", child(w, fig14, "d"), "0,1,1,0,1,1/1,1,1,1,0,0 16-24 S")
    expect("woaley1 figure 14 over", over(w, "0,1,1,0,1,1/1,1,1,1,0,0 16-24 S"), (16, 24))
    # Pass, woaley1(2,2) 1,1/3,1 2-0 S, free-choice=own-side: South has no
    # house with 2: pass; North lifts a (3: a b A): A (2), b (2) captured, a
    # (1) stops: 0,1/1,0 2-4, over: -2.  free-choice=any: South lifts a
    # itself: 6-0: +6.
    expect("woaley1 pass", moves("woaley1(free-choice=own-side,houses=2,seeds=2)",
                                 "1,1/3,1 2-0 S"), ["pass"])
    expect("woaley1 pass child", child("woaley1(free-choice=own-side,houses=2,seeds=2)",
                                       "1,1/3,1 2-0 S", "pass"), "1,1/3,1 2-0 N")
    expect("woaley1 pass value", V("woaley1(free-choice=own-side,houses=2,seeds=2)",
                                   "1,1/3,1 2-0 S"), -2)
    expect("woaley1 any value", V("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S"), 6)
    # Pass from the own-side start state under free-choice=any, woaley1(2,2)
    # 1,1/4,0 2-0 S;choice=own-side: pass, then North chooses freely.
    expect("woaley1 own-side pass", moves("woaley1(houses=2,seeds=2)",
                                          "1,1/4,0 2-0 S;choice=own-side"), ["pass"])
    expect("woaley1 free", moves("woaley1(houses=2,seeds=2)", "1,1/4,0 2-0 S"), ["a"])
    # A lap of more than 2m seeds, woaley1(1,3) 5/1 0-0 S;forced=A: the 5 seeds
    # go A a A a A: A 3, a 3, the last in A (3, no capture): North is forced to A.
    expect("woaley1 long lap", child("woaley1(houses=1,seeds=3)", "5/1 0-0 S;forced=A", "A"),
           "3/3 0-0 N;forced=A")

    # --- Adi
    a22 = "adi(houses=2,round-end=0,seeds=2)"
    # 3,0/3,0 2-0 S: A (3) sows B 1, a 4 (not the last seed: North, the owner,
    # takes it), b 1: last seed in an empty house: over.
    expect("adi owner capture", child(a22, "3,0/3,0 2-0 S", "A"),
           "0,1/0,1 2-4 N;last-capture=N")
    # 1,2/3,0 2-0 S: A (1) -> B 3: lift B: a 4 (North takes), b 1, A 1: over.
    expect("adi relay owner capture", child(a22, "1,2/3,0 2-0 S", "A"),
           "1,0/0,1 2-4 N;last-capture=N")
    # 2,3/1,0 2-0 S: A (2) -> B 4 (South's own house, not the last seed: South
    # takes it as owner), a 2 (last): lift a: b 1, A 1: over.
    expect("adi own owner capture", child(a22, "2,3/1,0 2-0 S", "A"),
           "1,0/0,1 6-0 N;last-capture=S")
    # adi(1,3) 5/0 1-0 S: A (5) -> a A a A a (the lap passes the origin): a 3,
    # lift a (3) -> A a A: A 4 with the last seed: South takes it, move over.
    expect("adi lap over origin", child("adi(houses=1,round-end=0,seeds=3)", "5/0 1-0 S", "A"),
           "0/1 5-0 N;last-capture=S")
    # Round end: adi(1,2) start has 4 <= 8 seeds: over; nobody has captured:
    # each side its own 2: 0.  With a last capturer, they take the 4.
    expect("adi round end", over("adi(houses=1,seeds=2)", "start"), (2, 2))
    expect("adi round end S", V("adi(houses=1,seeds=2)", "2/2 0-0 S;last-capture=S"), 4)
    expect("adi round end N", V("adi(houses=1,seeds=2)", "2/2 0-0 S;last-capture=N"), -4)
    expect("adi round-end=3", P("adi(houses=1,round-end=3,seeds=2)", "start", 1), 1)
    # Endless, adi(1,2) 3/1 0-0 S: A (3) -> a 2, A 1, a 3: lift a (3) -> A 2,
    # a 1, A 3: lift A (3): the same board, stores and house as at the start:
    # endless, not legal.  No legal move: over, own sides: 3-1.
    expect("adi endless", moves("adi(houses=1,round-end=0,seeds=2)", "3/1 0-0 S"), [])
    expect("adi endless value", V("adi(houses=1,round-end=0,seeds=2)", "3/1 0-0 S"), 2)
    expect("adi endless value N", V("adi(houses=1,round-end=0,seeds=2)",
                                    "3/1 0-0 S;last-capture=N"), -4)
    selftest_adi_house_buying(checks)
    selftest_ayo_rounds(checks)

    # --- Giuti
    # giuti(2,2) start, A+: B 3, a 3 (last): lift a, backwards: B 4, A 1, b 3
    # (last, wrapping): lift b, forwards: A 2, B 5, a 1: empty: over on North's
    # side: no capture.  A-: b 3, a 3: lift a forwards: b 4, A 1, B 3: lift B
    # backwards: A 2, b 5, a 1.
    expect("giuti A+", child("giuti(houses=2,seeds=2)", "start", "A+"), "2,5/1,0 0-0 N")
    expect("giuti A-", child("giuti(houses=2,seeds=2)", "start", "A-"), "2,0/1,5 0-0 N")
    expect("giuti moves", moves("giuti(houses=2,seeds=2)", "start"), ["A+", "A-", "B+", "B-"])
    # giuti(3,1) 0,0,1/1,0,2 2-0 S, C+: a 2 (last): lift a backwards: C 1, B 1
    # (empty: over).  B is South's, North was touched: capture b (opposite B,
    # empty) and, A being empty too (next in the final lap's direction), f (2).
    # C-: B 1, over; North was not touched: no capture.
    expect("giuti capture 2 houses", child("giuti(houses=3,seeds=1)", "0,0,1/1,0,2 2-0 S", "C+"),
           "0,1,1/0,0,0 4-0 N")
    expect("giuti no touch", child("giuti(houses=3,seeds=1)", "0,0,1/1,0,2 2-0 S", "C-"),
           "0,1,0/1,0,2 2-0 N")
    # The same for North, 1,0,2/0,0,1 2-0 N: c+ -> A 2: lift A backwards: c 1,
    # b 1 (over): North takes B (opposite b, empty) and C (opposite a, empty): 2.
    expect("giuti north capture", child("giuti(houses=3,seeds=1)", "1,0,2/0,0,1 2-0 N", "c+"),
           "0,0,0/0,1,1 2-2 S")
    # The player to move then has no seeds: over, board seeds for nobody.
    expect("giuti over", over("giuti(houses=3,seeds=1)", "0,0,0/0,1,1 2-2 S"), (2, 2))
    expect("giuti over 2", over("giuti(houses=3,seeds=1)", "0,1,1/0,0,0 4-0 N"), (4, 0))
    # Endless, giuti(1,2) 3/1 0-0 S: A+ and A- both go a 2, A 1, a 3: lift a:
    # A 2, a 1, A 3: lift A in the first direction again: endless.  Over: 0.
    expect("giuti endless", moves("giuti(houses=1,seeds=2)", "3/1 0-0 S"), [])
    expect("giuti endless value", V("giuti(houses=1,seeds=2)", "3/1 0-0 S"), 0)

    # --- Cups
    expect("cups perft 1", P("cups", "start", 1), 4)
    expect("cups perft 2", P("cups", "start", 2), 16)
    expect("cups p1", child("cups", "start", "p1"), "1,0,0,0/0,0,0,0 0-0 N;hand=39-40")
    # North plants 4: its bowl 4 (d) was empty: it takes South's facing bowl A (1).
    expect("cups plant capture", child("cups", "1,0,0,0/0,0,0,0 0-0 N;hand=39-40", "p4"),
           "0,0,0,0/1,1,1,1 0-1 S;hand=39-36")
    # Harvest, cups(3) 3,1,1/1,0,0 0-0 S;hand=0-54: A holds 3 = m+1-1: B, C,
    # store; C holds 1 = m+1-3: store; B holds 1, not 2.
    h3 = "3,1,1/1,0,0 0-0 S;hand=0-54"
    expect("cups harvest moves", moves("cups(bowls=3)", h3), ["A", "C"])
    expect("cups harvest", child("cups(bowls=3)", h3, "A"), "0,2,2/1,0,0 1-0 N;hand=0-54")
    # Blocked bowl (A holds 4 > 3), empty hand: South passes, North plants.
    expect("cups blocked", moves("cups(bowls=3)", "4,0,0/0,0,0 0-0 S;hand=0-56"), ["pass"])
    expect("cups pass perft", P("cups(bowls=3)", "4,0,0/0,0,0 0-0 S;hand=0-56", 2), 3)
    # Nobody can act: over, beans in bowls count for nobody.
    expect("cups end", over("cups(bowls=3)", "4,0,0/0,0,0 2-54 S;hand=0-0"), (2, 54))
    expect("cups end value", V("cups(bowls=3)", "4,0,0/0,0,0 2-54 S;hand=0-0"), -52)
    expect("cups last harvest", V("cups(bowls=3)", "0,0,1/0,0,0 30-29 S;hand=0-0"), 2)

def selftest_adi_house_buying(checks):
    """Adi's `bought` and `rounds` (docs/rule-decisions.md, "House buying: `rounds` and
    `bought`"), worked by hand."""
    expect, P, V, child = checks.expect, checks.perft, checks.value, checks.child

    def rejected(label, function, argument):
        checks.rejected(label + " rejected", function, argument)

    # --- the keys: letters in canonical order (South's row, then North's, each in
    # index order), each once, houses of the board; rounds 1..255, default 1
    for text, want in [
        ("adi(bought=fA)", "adi(bought=Af)"),
        ("adi(bought=dCB,houses=4)", "adi(bought=BCd,houses=4)"),
        ("adi(rounds=1,bought=)", "adi"),
        ("adi(rounds=2,houses=3,bought=cB)", "adi(bought=Bc,houses=3,rounds=2)"),
        ("adi(rounds=255,bought=fedcbaFEDCBA)", "adi(bought=ABCDEFabcdef,rounds=255)"),
    ]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    for bad in ["adi(bought=G)", "adi(houses=2,bought=c)", "adi(houses=2,bought=C)",
                "adi(bought=AA)", "adi(bought=aBa)", "adi(bought=1)", "adi(bought=A-b)",
                "adi(rounds=0)", "adi(rounds=256)", "adi(rounds=x)", "oware(bought=A)",
                "giuti(rounds=2)", "kalah(bought=a)"]:
        rejected("game " + bad, parse_game, bad)

    # --- bought: a four made by a seed that is not its lap's last goes to the owner
    a22 = "adi(houses=2,round-end=0,seeds=2)"
    # 3,0/3,0 2-0 S with a bought (South owns North's a): A (3) sows B 1, a 4 (not
    # the last seed: a's owner, South, takes it), b 1 (empty: over).  South is the
    # last capturer.  (Without bought: 0,1/0,1 2-4 N;last-capture=N.)
    expect("adi bought owner capture", child(a22[:-1] + ",bought=a)", "3,0/3,0 2-0 S", "A"),
           "0,1/0,1 6-0 N;last-capture=S")
    # 1,2/3,0 2-0 S, a bought: A (1) -> B 3: lift B: a 4 (South's, taken by South),
    # b 1, A 1 (empty): over.
    expect("adi bought relay capture", child(a22[:-1] + ",bought=a)", "1,2/3,0 2-0 S", "A"),
           "1,0/0,1 6-0 N;last-capture=S")
    # 2,3/1,0 2-0 S with B bought (North owns South's B): A (2) -> B 4 (not the
    # last seed: B's owner North takes it, in South's own move), a 2 (last): lift a:
    # b 1, A 1: over.  (Without bought: 1,0/0,1 6-0 N;last-capture=S.)
    expect("adi bought own row to buyer", child(a22[:-1] + ",bought=B)", "2,3/1,0 2-0 S", "A"),
           "1,0/0,1 2-4 N;last-capture=N")
    # A bought house of the other row whose four is the lap's last seed: the mover's.
    # adi(1,3) 5/0 1-0 S, A bought by North: A (5) -> a 1, A 1, a 2, A 2, a 3 (last):
    # lift a (3) -> A 3, a 1, A 4 with the last seed: South, the mover, takes it.
    expect("adi bought last seed to mover",
           child("adi(bought=A,houses=1,round-end=0,seeds=3)", "5/0 1-0 S", "A"),
           "0/1 5-0 N;last-capture=S")
    # Values, adi(1,3) 2/3 1-0 S: A (2) -> a 4 (not last), A 1 (empty): over.  North
    # then has no move: the round ends, the last capturer takes the 1 left.
    # a North's: 1-4, then North takes 1: 1-5, -4.  a bought by South: 5-0, 6-0: +6.
    expect("adi value without bought", V("adi(houses=1,round-end=0,seeds=3)", "2/3 1-0 S"), -4)
    expect("adi value bought", V("adi(bought=a,houses=1,round-end=0,seeds=3)", "2/3 1-0 S"), 6)
    # Nothing else changes: the round end without a capturer and a repetition give
    # each player the seeds of their own row, bought houses or not.
    g = parse_game("adi(bought=Ab,houses=2,seeds=2)")
    expect("adi bought round end own rows", terminal(g, parse_position(g, "1,2/3,0 2-0 S")),
           (5, 3))
    expect("adi bought repetition own rows",
           repetition_stores(g, parse_position(g, "1,2/3,0 2-0 S")), (5, 3))
    # The board never depends on who takes a four: the same counts as without bought.
    expect("adi bought perft", P("adi(bought=Ab,houses=3,round-end=0,seeds=2)", "start", 8),
           P("adi(houses=3,round-end=0,seeds=2)", "start", 8))

    # --- rounds: the next round (filling, buying, leftovers, who starts, the end)
    def nxt(game_text, pos_text, final):
        g = parse_game(game_text)
        return next_round_text(g, parse_position(g, pos_text), final)
    full = "4,4,4,4,4,4/4,4,4,4,4,4"
    # A draw: both fill their 6 houses; the player who did not start starts.
    expect("adi round draw", nxt("adi(rounds=3)", "start", (24, 24)),
           "adi(rounds=2) | %s 0-0 N" % full)
    expect("adi round draw N started", nxt("adi(rounds=2)", full + " 0-0 N", (24, 24)),
           "adi | %s 0-0 S" % full)
    # 28-20: South fills A..F (24) and buys North's unfilled f with its 4 left;
    # North (the loser) starts.
    expect("adi round win", nxt("adi(rounds=3)", "start", (28, 20)),
           "adi(bought=f,rounds=2) | %s 0-0 N" % full)
    expect("adi round loss", nxt("adi(rounds=3)", "start", (20, 28)),
           "adi(bought=F,rounds=2) | %s 0-0 S" % full)
    # 26-22: South 2 left, North fills a..e (20), 2 left: f stays empty and North's,
    # the 2 and 2 stay in the stores.
    expect("adi round leftovers", nxt("adi(rounds=2)", "start", (26, 22)),
           "adi | 4,4,4,4,4,4/4,4,4,4,4,0 2-2 N")
    # 33-15: South 9 left buys d (5 left) and e (1 left); North fills a..c, 3 left:
    # f stays North's, empty; stores 1-3.
    expect("adi round buys two", nxt("adi(rounds=2)", "start", (33, 15)),
           "adi(bought=de) | 4,4,4,4,4,4/4,4,4,4,4,0 1-3 N")
    # A bought house comes back: adi(bought=de), 26-22: South's order A..F, d, e:
    # fills A..F (24), 2 left; North fills a, b, c, f (16), 6 left: buys d back (2
    # left); e stays South's, empty (2 + 2).
    expect("adi round buy back", nxt("adi(bought=de,rounds=3)", "start", (26, 22)),
           "adi(bought=e,rounds=2) | 4,4,4,4,4,4/4,4,4,4,0,4 2-2 N")
    # adi(bought=ab), 18-30: South's order A..F, a, b: fills A..D (16), 2 left;
    # North fills c..f (16), 14 left: buys E, F, a (back), 2 left: b stays South's.
    expect("adi round bought first", nxt("adi(bought=ab,rounds=2)", "start", (18, 30)),
           "adi(bought=EFb) | 4,4,4,4,4,4/4,0,4,4,4,4 2-2 S")
    # The end of the match: the last round; a player with fewer than `seeds`.
    expect("adi round last", nxt("adi", "start", (30, 18)), "match over")
    expect("adi round short", nxt("adi(rounds=5)", "start", (45, 3)), "match over")
    expect("adi round exactly seeds", nxt("adi(rounds=5)", "start", (44, 4)),
           "adi(bought=bcdef,rounds=4) | %s 0-0 N" % full)
    # 3 houses of 2: adi(bought=Ab) 9-3: South's order B, C, b (6), 3 left; North's
    # a, c, A: a (2), 1 left; South buys c (1 left); A stays North's, empty (1 + 1).
    expect("adi round 3 houses", nxt("adi(bought=Ab,houses=3,rounds=2,seeds=2)", "start",
                                     (9, 3)),
           "adi(bought=Abc,houses=3,seeds=2) | 0,2,2/2,2,2 1-1 N")
    for label, game_text, pos_text, final in [
        ("stores sum", "adi(rounds=2)", "start", (24, 23)),
        ("store goes down", "adi(rounds=2)", full + " 2-2 N", (1, 47)),
        ("not adi", "oware", "start", (24, 24)),
    ]:
        checks.rejected("next round %s rejected" % label, nxt, game_text, pos_text, final)


def selftest_ayo_rounds(checks):
    """Ayo's `won`, `rounds` and `goal` (docs/rule-decisions.md, ayo, "Rounds: `rounds`,
    `won` and `goal`"), worked by hand."""
    expect, P, V, child, moves = checks.expect, checks.perft, checks.value, checks.child, \
        checks.moves

    def rejected(label, function, argument):
        checks.rejected(label + " rejected", function, argument)

    def over(game_text, pos_text):
        g = parse_game(game_text)
        return terminal(g, parse_position(g, pos_text))

    # --- the keys: won as Adi's bought (canonical letters); rounds 1..255; goal 1..2m,
    # default ceil(3m/2); printed after the other keys, in the order won, rounds, goal
    for text, want in [
        ("ayo(won=,rounds=1,goal=9)", "ayo"),
        ("ayo(goal=7,won=aB,rounds=3,houses=6)", "ayo(goal=7,rounds=3,won=Ba)"),
        ("ayo(houses=4,goal=6)", "ayo(houses=4)"),
        ("ayo(houses=3,goal=5,seeds=2)", "ayo(houses=3,seeds=2)"),
        ("ayo(goal=4,houses=2)", "ayo(goal=4,houses=2)"),
        ("ayo(goal=6,houses=3)", "ayo(goal=6,houses=3)"),
        ("ayo(won=a,stop-at-majority=true,capture=2-3-4)",
         "ayo(capture=2-3-4,stop-at-majority=true,won=a)"),
        ("ayo(rounds=255,won=fedcbaFEDCBA,goal=12)", "ayo(goal=12,rounds=255,won=ABCDEFabcdef)"),
    ]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    expect("ayo goal default 2 houses", parse_game("ayo(houses=2)")["goal"], 3)
    expect("ayo goal default 7 houses", parse_game("ayo(houses=7)")["goal"], 11)
    for bad in ["ayo(won=G)", "ayo(won=AA)", "ayo(houses=2,won=c)", "ayo(won=1)",
                "ayo(goal=0)", "ayo(goal=13)", "ayo(houses=4,goal=9)", "ayo(goal=x)",
                "ayo(rounds=0)", "ayo(rounds=256)", "ayo(bought=a)", "oware(won=a)",
                "oware(goal=3)", "awari(rounds=2)", "adi(won=a)", "adi(goal=3)"]:
        rejected("game " + bad, parse_game, bad)

    # --- territory in play (ayo(houses=3,seeds=2): 12 seeds)
    # Sowing from a won house of the other row, a capture chain of the opponent's
    # houses: won=Aa (South owns B, C, a; North A, b, c).  South's moves: C, a.  a (2)
    # -> b 2, c 2 (last): c and b taken (North's), a is South's: stop.  North still has
    # A 1: no grand slam.  North then owns A 1, b 0, c 0: singletons, over: North takes
    # 1, South B + C + a = 1: 7-5.
    g3 = "ayo(houses=3,seeds=2,won=Aa)"
    expect("ayo won moves", moves(g3, "1,0,1/2,1,1 2-4 S"), ["C", "a"])
    expect("ayo won sow other row", child(g3, "1,0,1/2,1,1 2-4 S", "a"),
           "1,0,1/0,0,0 6-4 N")
    expect("ayo won singleton end", over(g3, "1,0,1/0,0,0 6-4 N"), (7, 5))
    # C (1) -> a 3 (South's): North then owns A 1, b 1, c 1: over, 5-7.  So South
    # plays a: +2.  (Without won South owns A, B, C: moves A and C.)
    expect("ayo won value", V(g3, "1,0,1/2,1,1 2-4 S"), 2)
    expect("ayo rows moves", moves("ayo(houses=3,seeds=2)", "1,0,1/2,1,1 2-4 S"), ["A", "C"])
    # A chain crossing rows backwards: won=C (North owns C, a, b, c).  A (3) -> B 1,
    # C 2, a 2 (last): a taken, then C (North's, 2) taken, then B (South's) stops.
    # North keeps c 1: no grand slam.  North then holds only c 1: over, 8-4.
    expect("ayo chain across rows", child("ayo(houses=3,seeds=2,won=C)", "3,0,1/1,0,1 3-3 S",
                                          "A"), "0,1,0/0,0,1 7-3 N")
    expect("ayo chain across rows end", over("ayo(houses=3,seeds=2,won=C)",
                                              "0,1,0/0,0,1 7-3 N"), (8, 4))
    # Wrapping round the board: won=c (South owns A, B, C, c; North a, b).  North's b
    # (2) -> c 2, A 2 (last): A taken, then c (South's, 2) taken, then b (North's)
    # stops.  South keeps B 1, C 1.  Then South holds A 0, B 1, C 1, c 0: over, 4-8.
    expect("ayo chain wraps", child("ayo(houses=3,seeds=2,won=c)", "1,1,1/1,2,1 2-3 N", "b"),
           "0,1,1/1,0,0 2-7 S")
    expect("ayo chain wraps end", over("ayo(houses=3,seeds=2,won=c)", "0,1,1/1,0,0 2-7 S"),
           (4, 8))
    # North plays South's A when it owns it: won=A (North owns a, b, c, A; South B, C).
    # Moves in North's order a.., then A: a, c, A.  A (1) -> B 2: taken; A is North's:
    # stop; C 1 left: no grand slam.
    expect("ayo won moves north", moves("ayo(houses=3,seeds=2,won=A)", "1,1,1/2,0,1 3-3 N"),
           ["a", "c", "A"])
    expect("ayo north sows south house", child("ayo(houses=3,seeds=2,won=A)",
                                               "1,1,1/2,0,1 3-3 N", "A"), "0,0,1/2,0,1 3-5 S")
    # A lap of 2m or more from a won house skips it: won=a, a (6) -> b 1, c 2, A 1,
    # B 1, C 1, (a skipped) b 2 (last): b taken; a is South's: stop; c 2 left.
    # skip-origin=false: the 6th seed falls in a (South's): no capture.
    expect("ayo won lap skips origin", child("ayo(houses=3,seeds=2,won=a)",
                                             "0,0,0/6,0,1 3-2 S", "a"), "1,1,1/0,0,2 5-2 N")
    expect("ayo won lap origin sown", child("ayo(houses=3,seeds=2,skip-origin=false,won=a)",
                                            "0,0,0/6,0,1 3-2 S", "a"), "1,1,1/1,1,2 3-2 N")
    # Grand slam: won=a (North owns b, c).  a (2) -> b 2, c 2: both taken would empty
    # every house North owns: no capture (the default); capture-all takes them.
    expect("ayo won grand slam", child("ayo(houses=3,seeds=2,won=a)", "0,0,0/2,1,1 4-4 S",
                                       "a"), "0,0,0/0,2,2 4-4 N")
    expect("ayo won grand slam capture-all",
           child("ayo(grand-slam=capture-all,houses=3,seeds=2,won=a)", "0,0,0/2,1,1 4-4 S",
                 "a"), "0,0,0/0,0,0 8-4 N")
    # Feeding: won=a, North's b and c empty: South must feed.  C (1) -> a (South's)
    # does not; a (3) -> b, c, A does: the only move.  (Without won, a is North's.)
    expect("ayo won must feed", moves("ayo(houses=3,seeds=2,won=a)", "0,0,1/3,0,0 4-4 S"),
           ["a"])
    # No move feeds: B (2) -> C, a, both South's: over, South takes the 2 on the board.
    # Without won, B feeds North's a: the game goes on.
    expect("ayo won feeding end", over("ayo(houses=3,seeds=2,won=a)", "0,2,0/0,0,0 5-5 S"),
           (7, 5))
    expect("ayo won feeding end value", V("ayo(houses=3,seeds=2,won=a)", "0,2,0/0,0,0 5-5 S"), 2)
    expect("ayo rows feeds", over("ayo(houses=3,seeds=2)", "0,2,0/0,0,0 5-5 S"), None)
    # The mover owns no seeds: won=a, North's b, c empty, North to move: South takes
    # the board (without won North has a's 3 and plays on).
    expect("ayo won no seeds", over("ayo(houses=3,seeds=2,won=a)", "0,0,1/3,0,0 4-4 N"),
           (8, 4))
    expect("ayo rows seeds", over("ayo(houses=3,seeds=2)", "0,0,1/3,0,0 4-4 N"), None)
    # Singletons: won=a, 1,1,0/3,0,1: South owns a (3): plays on; North owns b 0, c 1:
    # over, South takes A + B + C + a = 5, North c = 1.  Without won the other way round.
    w3 = "ayo(houses=3,seeds=2,won=a)"
    expect("ayo won no singleton end", over(w3, "1,1,0/3,0,1 3-3 S"), None)
    expect("ayo won singletons north", over(w3, "1,1,0/3,0,1 3-3 N"), (8, 4))
    expect("ayo rows singletons south", over("ayo(houses=3,seeds=2)", "1,1,0/3,0,1 3-3 S"),
           (5, 7))
    expect("ayo rows no singleton end", over("ayo(houses=3,seeds=2)", "1,1,0/3,0,1 3-3 N"),
           None)
    # A repetition gives each player the seeds of the houses they own (own-side);
    # even-split is unchanged.
    g = parse_game(w3)
    expect("ayo won repetition", repetition_stores(g, parse_position(g, "1,1,0/3,0,1 3-3 S")),
           (8, 4))
    g = parse_game("ayo(houses=3,seeds=2)")
    expect("ayo rows repetition", repetition_stores(g, parse_position(g, "1,1,0/3,0,1 3-3 S")),
           (5, 7))
    g = parse_game("ayo(houses=3,repetition=even-split,seeds=2,won=a)")
    expect("ayo won even split", repetition_stores(g, parse_position(g, "1,1,0/3,0,1 3-3 S")),
           (6, 6))
    # rounds and goal change nothing within a round.
    expect("ayo rounds perft", P("ayo(houses=3,seeds=2,rounds=5,goal=2)", "start", 6),
           P("ayo(houses=3,seeds=2)", "start", 6))

    # --- the next round (6 houses of 4: 48 seeds, goal 9)
    def nxt(game_text, pos_text, final):
        g = parse_game(game_text)
        return next_round_text(g, parse_position(g, pos_text), final)
    full = "4,4,4,4,4,4/4,4,4,4,4,4"
    # 30-18: South wins q = 7 houses (A..F, a), r = 2: North's first house b is
    # empty, stores 2 (South) and 4 - 2 (North); North, the loser, starts.
    expect("ayo round 30-18", nxt("ayo(rounds=3)", "start", (30, 18)),
           "ayo(rounds=2,won=a) | 4,4,4,4,4,4/4,0,4,4,4,4 2-2 N")
    # 18-30: North wins a..f and A; South's first house B is empty; South starts.
    expect("ayo round 18-30", nxt("ayo(rounds=3)", "start", (18, 30)),
           "ayo(rounds=2,won=A) | 4,0,4,4,4,4/4,4,4,4,4,4 2-2 S")
    # 35-13: q = 8 (A..F, a, b), r = 3: c empty, stores 3-1.
    expect("ayo round 35-13", nxt("ayo(rounds=2)", "start", (35, 13)),
           "ayo(won=ab) | 4,4,4,4,4,4/4,4,0,4,4,4 3-1 N")
    # 32-16: q = 8, r = 0: every house holds 4, stores empty.
    expect("ayo round 32-16", nxt("ayo(rounds=2)", "start", (32, 16)),
           "ayo(won=ab) | %s 0-0 N" % full)
    # 24-24: own rows back, stores empty, the player who did not start starts.
    expect("ayo round draw", nxt("ayo(rounds=3)", "start", (24, 24)),
           "ayo(rounds=2) | %s 0-0 N" % full)
    expect("ayo round draw from won", nxt("ayo(won=a,rounds=3)",
                                          "4,4,4,4,4,4/4,0,4,4,4,4 2-2 N", (24, 24)),
           "ayo(rounds=2) | %s 0-0 S" % full)
    # The houses won before do not count: the next territory comes from the stores.
    expect("ayo round won before", nxt("ayo(won=ab,rounds=3)", full + " 0-0 N", (20, 28)),
           "ayo(rounds=2,won=A) | 4,4,4,4,4,4/4,4,4,4,4,4 0-0 S")
    # The end of the match: q >= goal, or the last round.
    expect("ayo round goal reached", nxt("ayo(rounds=3)", "start", (37, 11)), "match over")
    expect("ayo round goal exactly", nxt("ayo(rounds=3)", "start", (36, 12)), "match over")
    expect("ayo round goal 7", nxt("ayo(rounds=3,goal=7)", "start", (30, 18)), "match over")
    expect("ayo round goal 8", nxt("ayo(rounds=3,goal=8)", "start", (30, 18)),
           "ayo(goal=8,rounds=2,won=a) | 4,4,4,4,4,4/4,0,4,4,4,4 2-2 N")
    expect("ayo round last", nxt("ayo", "start", (30, 18)), "match over")
    # 4 houses of 3 (24 seeds, goal 6): 14-10: q = 4 = South's row, r = 2: North's a
    # empty, stores 2-1, no house across.
    expect("ayo round 4x3", nxt("ayo(houses=4,rounds=2,seeds=3)", "start", (14, 10)),
           "ayo(houses=4,seeds=3) | 3,3,3,3/0,3,3,3 2-1 N")
    # 2 houses of 2 (8 seeds, goal 3): 3-5: North wins a, b; South's A empty, 1-1.
    # 6-2: q = 3 = goal: over; with goal=4: South owns A, B, a, stores empty.
    expect("ayo round 2x2", nxt("ayo(houses=2,rounds=2,seeds=2)", "start", (3, 5)),
           "ayo(houses=2,seeds=2) | 0,2/2,2 1-1 S")
    expect("ayo round 2x2 goal", nxt("ayo(houses=2,rounds=2,seeds=2)", "start", (6, 2)),
           "match over")
    expect("ayo round 2x2 goal 4", nxt("ayo(houses=2,rounds=3,seeds=2,goal=4)", "start",
                                       (6, 2)),
           "ayo(goal=4,houses=2,rounds=2,seeds=2,won=a) | 2,2/2,2 0-0 N")
    for label, game_text, pos_text, final in [
        ("stores sum", "ayo(rounds=2)", "start", (24, 23)),
        ("store goes down", "ayo(rounds=2)", full + " 2-2 N", (1, 47)),
        ("not in rounds", "kpo", "start", (24, 24)),
    ]:
        checks.rejected("ayo next round %s rejected" % label, nxt, game_text, pos_text, final)


# ---------------------------------------------------------------------------
# Golden files.  A case is a comment (str) or (game, position, depths[, [comparison
# game, ...]]) in a .perft file, (game, position[, [comparison game, ...]]) in a
# solved file; a '# (... gives N here)' comment is written where a comparison game
# gives another count or value.  Without the last element the comparison is the base
# game (same houses/seeds or bowls, other keys default) when some key differs from it;
# "base" in the list stands for that game.
# ---------------------------------------------------------------------------

GENERATED_BY = [
    "# Generated by reference/two_row.py (independent Python reference implementation,",
    "# written from shared/RULES.md without looking at the Rust code).",
]


def base_game_text(game):
    """The same game name, houses and seeds with every other option at its default
    (for awari: oware, to show where the awari rules change a count)."""
    name = game["name"]
    if name == "cups":
        return "cups(bowls=%d)" % game["bowls"]
    if name == "awari":
        name = "oware"
    return "%s(houses=%d,seeds=%d)" % (name, game["houses"], game["seeds"])


def changed_options(game):
    """Rule options (besides houses/seeds/bowls) that differ from the base game."""
    names = []
    if game["name"] == "awari":
        names.append("awari")
    base = parse_game(base_game_text(game))
    for key in sorted(defaults_for(base["name"])):
        if key in ("houses", "seeds", "bowls"):
            continue
        if game[key] != base[key] and not (game["name"] == "awari" and game[key] == AWARI_DEFAULTS[key]):
            names.append("%s=%s" % (key, value_text(game[key])))
    return names



def compare(game, extra):
    """The comparison games of a case (see above), each with the options a difference
    from it shows to matter (those of changed_options, for the base game)."""
    base_text = base_game_text(game)
    if extra is not None:
        texts = [base_text if text == "base" else text for text in extra]
    elif changed_options(game):
        texts = [base_text]
    else:
        texts = []
    base = canonical_game(parse_game(base_text))
    result = []
    for text in texts:
        other = parse_game(text)
        result.append((other, changed_options(game) if canonical_game(other) == base else []))
    return result


def two_row_perft_header(name):
    return [
        "Rules: shared/RULES.md and docs/rule-decisions.md (%s)." % name,
        "Format: GAME | POSITION | DEPTH | COUNT = number of move sequences of exactly DEPTH",
        "plies (a pass is a ply; a line that ends before DEPTH counts 0, one that ends",
        "exactly at DEPTH counts 1).",
    ] + PERFT_NOTES[name] + [
        "A '# (... gives N here)' comment: the count under the base rules (same houses and",
        "seeds or bowls, other keys default) or under a named comparison game, where it",
        "differs, showing that the option matters.",
    ]


SOLVED_TWO_ROW_HEADER = [
    "Rules: shared/RULES.md and docs/rule-decisions.md.",
    "Format: GAME | POSITION | VALUE = final store difference (after the game's",
    "end-of-game rule) for the side to move, perfect play, full minimax with the",
    "repetition history of the line (the root position is in the history; a repeated",
    "position ends the game and each side takes the seeds on its own side, or the",
    "board is split evenly under repetition=even-split).  Endless moves are not legal.",
    "A '# (... gives V here)' comment: the value under the base rules or a named",
    "comparison game, where it differs.",
]


PERFT_HEADER = [
    "Format: GAME | POSITION | DEPTH | COUNT = number of move sequences of exactly DEPTH",
    "plies (an extra-turn move is a ply; a line that ends before DEPTH counts 0, one that",
    "ends exactly at DEPTH counts 1; oware/awari: a repeated position ends the line).",
    "A '# (... gives N here)' comment: the count under the base rules (same houses/seeds,",
    "other options default; oware for awari), showing that the option matters.",
]

SOLVED_HEADER = [
    "Format: GAME | POSITION | VALUE = final store difference (after the end-of-game",
    "rule) for the side to move, perfect play, full minimax with repetition history",
    "(the root position is in the history).",
]


KALAH_PERFT_CASES = [
    "Start positions",
    ("kalah", "start", range(1, 9)),
    ("kalah(capture=empty)", "start", range(1, 9)),
    ("kalah(houses=4,seeds=3)", "start", range(1, 11)),
    ("kalah(houses=3,seeds=3)", "start", range(1, 13)),
    ("kalah(houses=3,seeds=3,end=mover-empty)", "start", range(1, 13)),
    ("kalah(houses=2,seeds=1)", "start", range(1, 7)),
    "Midgame: a house with 14 seeds (goes past the origin), captures",
    ("kalah", "2,14,1,0,3,5/1,0,6,2,2,0 5-7 S", range(3, 7)),
    ("kalah(capture=empty)", "2,14,1,0,3,5/1,0,6,2,2,0 5-7 S", [6]),
    "Midgame: North to move with 15 seeds in a (skips South's store)",
    ("kalah", "0,1,0,0,2,1/15,3,0,1,0,4 10-11 N", range(3, 7)),
    "Midgame: exactly 13 seeds in A (the last seed lands back in A and captures)",
    ("kalah", "13,0,0,0,0,0/4,4,4,4,4,4 0-11 S", range(3, 7)),
    "Midgame: a house with 25 seeds",
    ("kalah", "1,0,0,2,0,25/0,1,0,0,3,0 8-8 S", range(3, 7)),
    "Midgame: captures available, several empty houses",
    ("kalah", "1,0,3,0,0,2/2,5,0,4,1,6 12-12 S", range(3, 7)),
    ("kalah(capture=empty)", "1,0,3,0,0,2/2,5,0,4,1,6 12-12 S", [6]),
    "Midgame: every South house reaches the store (chains of extra turns), North nearly empty",
    ("kalah", "6,5,4,3,2,1/0,0,1,0,0,0 10-16 S", range(3, 7)),
    ("kalah(end=mover-empty)", "6,5,4,3,2,1/0,0,1,0,0,0 10-16 S", [4, 6]),
    "Endgame: near-empty sides",
    ("kalah", "0,0,0,1,0,2/1,1,0,0,0,3 19-21 S", range(1, 7)),
    ("kalah(end=mover-empty)", "0,0,0,1,0,2/1,1,0,0,0,3 19-21 S", range(4, 7)),
    ("kalah", "0,0,0,0,0,1/3,0,0,2,0,0 20-22 S", [1, 2]),
    ("kalah(capture=empty)", "1,0,2,0,3,0/0,2,0,1,0,0 19-20 S", range(3, 7)),
    ("kalah", "1,0,2,0,3,0/0,2,0,1,0,0 19-20 S", range(3, 7)),
    "South empty, North to move: over under either-side-empty, goes on under mover-empty",
    ("kalah", "0,0,0,0,0,0/2,1,0,3,0,1 20-21 N", [0, 1]),
    ("kalah(end=mover-empty)", "0,0,0,0,0,0/2,1,0,3,0,1 20-21 N", range(1, 6)),
    ("kalah(capture=empty,end=mover-empty)", "0,0,0,0,0,0/2,1,0,3,0,1 20-21 N", range(1, 6)),
    "Smaller boards, midgame",
    ("kalah(houses=4,seeds=3)", "0,7,1,0/2,0,5,3 3-3 S", range(3, 8)),
    ("kalah(houses=4,seeds=3,capture=empty)", "0,7,1,0/2,0,5,3 3-3 S", range(3, 8)),
    ("kalah(houses=3,seeds=3,end=mover-empty)", "0,0,0/4,1,2 6-5 N", range(1, 7)),
]

OWARE_PERFT_CASES = [
    "Start positions",
    ("oware", "start", range(1, 8)),
    ("awari", "start", range(1, 8)),
    ("oware(must-feed=false)", "start", range(1, 7)),
    ("oware(skip-origin=false)", "start", range(1, 7)),
    ("oware(grand-slam=forbidden)", "start", range(1, 7)),
    ("oware(grand-slam=capture-all)", "start", range(1, 7)),
    ("oware(grand-slam=woaley-skip)", "start", range(1, 7)),
    ("oware(stop-at-majority=true)", "start", range(1, 7)),
    ("oware(seeds=6)", "start", range(1, 7)),
    ("oware(capture=2-4-6,seeds=6)", "start", range(1, 7)),
    ("oware(houses=3,seeds=2)", "start", range(1, 13)),
    "Small boards where repetitions end lines within the depth",
    ("oware(houses=2,seeds=1)", "start", range(1, 15)),
    ("awari(houses=2,seeds=1)", "start", range(1, 15)),
    ("oware(houses=2,seeds=1,must-feed=false)", "start", range(1, 15)),
    ("oware(houses=3,seeds=1)", "start", range(8, 15)),
    ("awari(houses=3,seeds=1)", "start", range(8, 15)),
    ("oware(houses=2,seeds=2)", "start", range(8, 13)),
    ("oware(houses=3,seeds=2)", "0,5,0/1,0,0 4-2 S", range(8, 15)),
    "Small boards with laps of 2m or more seeds (skip-origin matters)",
    ("oware(houses=2,seeds=3)", "start", range(6, 11)),
    ("oware(houses=2,seeds=3,skip-origin=false)", "start", range(6, 11)),
    "Grand slam available (F captures a and b, North's only seeds)",
    ("oware", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("oware(grand-slam=forbidden)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("oware(grand-slam=capture-all)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("oware(grand-slam=woaley-skip)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("awari", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("oware(houses=3,seeds=2,grand-slam=forbidden)", "start", range(8, 13)),
    ("oware(houses=3,seeds=2,grand-slam=capture-all)", "start", range(8, 13)),
    ("oware(houses=3,seeds=2,grand-slam=woaley-skip)", "start", range(8, 13)),
    "South empty, North must feed (2 of 4 moves feed)",
    ("oware", "0,0,0,0,0,0/3,1,0,0,2,8 10-24 N", range(1, 6)),
    ("oware(must-feed=false)", "0,0,0,0,0,0/3,1,0,0,2,8 10-24 N", [1, 3, 5]),
    ("awari", "0,0,0,0,0,0/3,1,0,0,2,8 10-24 N", [1, 5]),
    "South empty, no move of North feeds: over for oware; awari/must-feed=false play on",
    ("oware", "0,0,0,0,0,0/2,1,0,1,0,0 20-24 N", [0, 1]),
    ("oware(must-feed=false)", "0,0,0,0,0,0/2,1,0,1,0,0 20-24 N", [1, 2]),
    ("awari", "0,0,0,0,0,0/2,1,0,1,0,0 20-24 N", [1, 2]),
    "15 seeds in A (laps past the origin)",
    ("oware", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    ("oware(skip-origin=false)", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    ("oware(grand-slam=woaley-skip)", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    "Near a majority (South has 23 of 48)",
    ("oware", "1,2,0,1,0,1/0,2,1,0,1,0 23-16 S", [4, 6]),
    ("oware(stop-at-majority=true)", "1,2,0,1,0,1/0,2,1,0,1,0 23-16 S", [4, 6]),
    ("oware", "0,0,0,0,0,1/1,0,0,0,0,1 23-22 S", [1, 2, 3]),
    ("oware(stop-at-majority=true)", "0,0,0,0,0,1/1,0,0,0,0,1 23-22 S", [1, 2, 3]),
    "Capture set 2-4-6 with 6 seeds (wari-72)",
    ("oware(seeds=6)", "3,1,0,5,2,0/3,1,0,2,4,1 30-20 S", range(2, 7)),
    ("oware(capture=2-4-6,seeds=6)", "3,1,0,5,2,0/3,1,0,2,4,1 30-20 S", range(2, 7)),
]


def _kalah_start_cases():
    cases = []
    for houses in (1, 2, 3):
        for seeds in (1, 2, 3):
            for rules in ("", "capture=empty,", "end=mover-empty,",
                          "capture=empty,end=mover-empty,"):
                cases.append(("kalah(%shouses=%d,seeds=%d)" % (rules, houses, seeds), "start"))
    return cases


SOLVED_CASES = (
    ["Kalah start positions, houses 1..3, seeds 1..3, all four rule combinations"]
    + _kalah_start_cases()
    + [
        "Kalah midgame positions where the capture or end rule changes the value",
        ("kalah(houses=2,seeds=3)", "0,2/2,0 5-3 S"),
        ("kalah(end=mover-empty,houses=2,seeds=3)", "0,2/2,0 5-3 S"),
        ("kalah(houses=2,seeds=3)", "0,4/1,2 2-3 N"),
        ("kalah(capture=empty,end=mover-empty,houses=2,seeds=3)", "0,4/1,2 2-3 N"),
        ("kalah(houses=3,seeds=3)", "4,0,1/0,6,4 2-1 S"),
        ("kalah(capture=empty,houses=3,seeds=3)", "4,0,1/0,6,4 2-1 S"),
        ("kalah(end=mover-empty,houses=3,seeds=3)", "4,0,1/0,6,4 2-1 S"),
        ("kalah(houses=3,seeds=3)", "0,2,2/2,6,0 4-2 S"),
        ("kalah(capture=empty,end=mover-empty,houses=3,seeds=3)", "0,2,2/2,6,0 4-2 S"),
        ("kalah(houses=3,seeds=3)", "1,0,3/1,0,2 7-4 N"),
        ("kalah(end=mover-empty,houses=3,seeds=3)", "1,0,3/1,0,2 7-4 N"),
        ("kalah(houses=4,seeds=2)", "3,0,0,0/0,1,0,4 7-1 S"),
        ("kalah(capture=empty,houses=4,seeds=2)", "3,0,0,0/0,1,0,4 7-1 S"),
        "Kalah start positions with capture=empty whose values Irving, Donkers & Uiterwijk",
        "(Solving Kalah, ICGA J. 2000) published: 4,1 -> 2; 5,1 -> 0; 6,1 -> 2; 4,2 -> 6",
        ("kalah(capture=empty,houses=4,seeds=1)", "start"),
        ("kalah(capture=empty,houses=5,seeds=1)", "start"),
        ("kalah(capture=empty,houses=6,seeds=1)", "start"),
        ("kalah(capture=empty,houses=4,seeds=2)", "start"),
        ("kalah(houses=4,seeds=1)", "start"),
        ("kalah(houses=5,seeds=1)", "start"),
        "Oware / awari start positions",
        ("oware(houses=2,seeds=1)", "start"),
        ("oware(houses=2,must-feed=false,seeds=1)", "start"),
        ("oware(grand-slam=capture-all,houses=2,seeds=1)", "start"),
        ("awari(houses=2,seeds=1)", "start"),
        ("awari(houses=2,seeds=2)", "start"),
        "A forced cycle: the repetition ends the game (own-side vs even-split)",
        ("oware(houses=2,must-feed=false,seeds=1)", "0,1/0,1 1-1 S"),
        ("oware(houses=2,seeds=2)", "2,1/0,1 2-2 S"),
        ("oware(houses=2,repetition=even-split,seeds=2)", "2,1/0,1 2-2 S"),
        ("oware(grand-slam=woaley-skip,houses=2,seeds=2)", "2,1/0,1 2-2 S"),
        ("oware(houses=3,seeds=1)", "0,1,0/1,1,0 2-1 S"),
        ("oware(houses=3,repetition=even-split,seeds=1)", "0,1,0/1,1,0 2-1 S"),
        ("oware(houses=3,must-feed=false,seeds=1)", "0,1,0/1,1,0 2-1 S"),
        ("awari(houses=3,seeds=1)", "0,1,0/1,1,0 2-1 S"),
        ("oware(houses=3,seeds=1)", "0,0,0/1,0,1 2-2 N"),
        ("awari(houses=3,seeds=1)", "0,0,0/1,0,1 2-2 N"),
        ("oware(houses=3,seeds=1)", "0,0,1/0,1,1 0-3 N"),
        ("oware(houses=3,must-feed=false,seeds=1)", "0,0,1/0,1,1 0-3 N"),
        ("awari(houses=3,seeds=1)", "0,0,1/0,1,1 0-3 N"),
        "Feeding, grand slams, skip-origin, majority, on small boards",
        ("oware(houses=2,seeds=2)", "0,0/3,3 2-0 N"),
        ("oware(houses=2,must-feed=false,seeds=2)", "0,0/3,3 2-0 N"),
        ("oware(houses=2,seeds=2,skip-origin=false)", "0,0/3,3 2-0 N"),
        ("oware(grand-slam=forbidden,houses=2,seeds=2)", "0,0/3,3 2-0 N"),
        ("awari(houses=2,seeds=2)", "0,0/3,3 2-0 N"),
        ("awari(houses=2,seeds=2,skip-origin=false)", "0,0/3,3 2-0 N"),
        ("oware(houses=2,seeds=2)", "1,1/3,1 2-0 S"),
        ("awari(houses=2,seeds=2)", "1,1/3,1 2-0 S"),
        ("awari(houses=2,seeds=2,skip-origin=false)", "1,1/3,1 2-0 S"),
        ("awari(houses=2,seeds=2,stop-at-majority=true)", "1,1/3,1 2-0 S"),
        ("oware(houses=2,seeds=2)", "1,1/2,1 2-1 N"),
        ("oware(grand-slam=capture-all,houses=2,seeds=2)", "1,1/2,1 2-1 N"),
        ("oware(grand-slam=forbidden,houses=2,seeds=2)", "1,1/2,1 2-1 N"),
        ("oware(houses=2,seeds=2)", "1,1/3,0 0-3 S"),
        ("oware(houses=2,seeds=2,skip-origin=false)", "1,1/3,0 0-3 S"),
        ("oware(houses=2,seeds=2,stop-at-majority=true)", "1,1/3,0 0-3 S"),
        ("oware(houses=2,seeds=2)", "0,2/4,0 2-0 N"),
        ("oware(grand-slam=woaley-skip,houses=2,seeds=2)", "0,2/4,0 2-0 N"),
        ("oware(houses=2,seeds=2)", "2,2/1,1 1-1 S"),
        ("oware(houses=2,must-feed=false,seeds=2)", "2,2/1,1 1-1 S"),
        ("oware(houses=3,seeds=1)", "0,0,1/1,0,0 4-0 S"),
        ("oware(grand-slam=forbidden,houses=3,seeds=1)", "0,0,1/1,0,0 4-0 S"),
        ("oware(houses=3,seeds=1,stop-at-majority=true)", "0,0,1/1,0,0 4-0 S"),
        ("oware(houses=3,seeds=1)", "0,1,0/0,3,0 0-2 N"),
        ("oware(houses=3,seeds=1,stop-at-majority=true)", "0,1,0/0,3,0 0-2 N"),
        ("oware(houses=3,seeds=2)", "0,0,2/0,0,0 7-3 S"),
        ("oware(houses=3,seeds=2,stop-at-majority=true)", "0,0,2/0,0,0 7-3 S"),
        ("oware(houses=2,seeds=3)", "1,0/4,1 4-2 N"),
        ("oware(houses=2,must-feed=false,seeds=3)", "1,0/4,1 4-2 N"),
        ("awari(houses=2,seeds=3,skip-origin=false)", "1,0/4,1 4-2 N"),
        "Other capture sets",
        ("oware(capture=2-4,houses=2,seeds=2)", "1,1/3,1 2-0 S"),
        ("oware(capture=3,houses=2,seeds=2)", "0,2/4,0 2-0 N"),
        ("oware(capture=1-2-3,houses=2,seeds=2)", "0,2/4,0 2-0 N"),
    ]
)


WARI_PERFT_CASES = [
    "Start positions (wari is oware with the same keys: compare oware.perft)",
    ("wari", "start", range(1, 10)),
    ("wari(american=true)", "start", range(1, 8)),
    "Wari-72: seeds=6 captures 2, 4 or 6 by default",
    ("wari(seeds=6)", "start", range(1, 7)),
    ("wari(capture=2-3,seeds=6)", "start", range(1, 7)),
    ("wari(american=true,seeds=6)", "start", range(1, 6)),
    "Small boards",
    ("wari(houses=2,seeds=1)", "start", range(1, 15)),
    ("wari(american=true,houses=2,seeds=1)", "start", range(1, 15)),
    ("wari(houses=2,seeds=2)", "start", range(1, 13)),
    ("wari(houses=3,seeds=2)", "start", range(1, 13)),
    ("wari(american=true,houses=3,seeds=2)", "start", range(8, 13)),
    ("wari(houses=4,seeds=2)", "start", range(1, 10)),
    ("wari(houses=3,seeds=6)", "start", range(1, 9)),
    ("wari(capture=2-3,houses=3,seeds=6)", "start", range(1, 9)),
    "The sample game of RULES.md §2 (american): after plies 5, 10, 13 and 16",
    ("wari(american=true)", "2,1,0,8,7,6/6,6,5,5,1,1 0-0 N", range(1, 6)),
    ("wari(american=true)", "2,2,1,9,1,1/1,0,4,10,1,1 10-5 S", range(1, 6)),
    ("wari(american=true)", "1,2,1,0,2,1/1,1,1,12,3,3 12-8 N", range(1, 7)),
    ("wari", "1,2,1,0,2,1/1,1,1,12,3,3 12-8 N", range(1, 7)),
    ("wari(american=true)", "0,0,0,0,2,0/0,1,0,13,3,0 14-15 S", range(1, 8)),
    ("wari", "0,0,0,0,2,0/0,1,0,13,3,0 14-15 S", range(1, 8)),
    "After ply 19 South is empty: wari must feed (d, e), american may not (a, b, d, e)",
    ("wari(american=true)", "0,0,0,0,0,0/1,2,0,13,3,0 14-15 N", range(1, 6)),
    "After ply 20 South cannot move: the game is over (North 34 : South 14)",
    ("wari(american=true)", "0,0,0,0,0,0/0,3,0,13,3,0 14-15 S", [0, 1]),
    "Feeding: South empty, 2 of North's 4 moves feed; no move feeds",
    ("wari", "0,0,0,0,0,0/3,1,0,0,2,8 10-24 N", range(1, 6)),
    ("wari(american=true)", "0,0,0,0,0,0/3,1,0,0,2,8 10-24 N", range(1, 6)),
    ("wari", "0,0,0,0,0,0/2,1,0,1,0,0 20-24 N", [0, 1]),
    ("wari(american=true)", "0,0,0,0,0,0/2,1,0,1,0,0 20-24 N", [1, 2]),
    "Grand slam available (F captures a and b, North's only seeds)",
    ("wari", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("wari(grand-slam=forbidden)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [2, 4, 6]),
    ("wari(grand-slam=capture-all)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [2, 4, 6]),
    ("wari(grand-slam=woaley-skip)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [2, 4, 6]),
    ("wari(american=true,grand-slam=capture-all)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [2, 4, 6]),
    "15 seeds in A (laps past the origin)",
    ("wari", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    ("wari(skip-origin=false)", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    "Near a majority (South has 23 of 48)",
    ("wari", "1,2,0,1,0,1/0,2,1,0,1,0 23-16 S", [4, 6]),
    ("wari(stop-at-majority=true)", "1,2,0,1,0,1/0,2,1,0,1,0 23-16 S", [4, 6]),
    "Wari-72 midgame: capture 2-4-6 (the default with seeds=6) against 2-3",
    ("wari(seeds=6)", "3,1,0,5,2,0/3,1,0,2,4,1 30-20 S", range(2, 7)),
    ("wari(capture=2-3,seeds=6)", "3,1,0,5,2,0/3,1,0,2,4,1 30-20 S", range(2, 7)),
    ("wari(american=true,seeds=6)", "3,1,0,5,2,0/3,1,0,2,4,1 30-20 S", range(2, 7)),
    ("wari(capture=2-4-6)", "3,1,0,5,2,0/3,1,0,2,4,1 14-12 S", range(2, 7)),
    "repetition=even-split changes no count (only values: see solved-two-row.txt)",
    ("wari(repetition=even-split,houses=2,seeds=1)", "start", range(10, 15)),
]

WOALEY2_PERFT_CASES = [
    "Start positions.  woaley2 counts equal oware(grand-slam=woaley-skip) counts whenever",
    "must-feed=true: sudden death ends the game exactly where oware's feeding rule does, it",
    "only scores differently (see solved-two-row.txt).",
    ("woaley2", "start", range(1, 9), ["oware"]),
    ("woaley2", "start", [9], []),
    ("woaley2(grand-slam=no-capture)", "start", range(1, 7)),
    ("woaley2(must-feed=false)", "start", range(1, 7)),
    "Small boards (woaley-skip matters against oware's no-capture default)",
    ("woaley2(houses=2,seeds=1)", "start", range(1, 15), ["oware(houses=2,seeds=1)"]),
    ("woaley2(houses=2,seeds=2)", "start", range(1, 13), ["oware(houses=2,seeds=2)"]),
    ("woaley2(houses=3,seeds=1)", "start", range(6, 15), ["oware(houses=3,seeds=1)"]),
    ("woaley2(houses=3,seeds=2)", "start", range(1, 13), ["oware(houses=3,seeds=2)"]),
    ("woaley2(grand-slam=capture-all,houses=3,seeds=2)", "start", range(8, 13)),
    ("woaley2(grand-slam=forbidden,houses=3,seeds=2)", "start", range(8, 13)),
    ("woaley2(houses=4,seeds=2)", "start", range(1, 10)),
    "Grand slam available (F would capture a and b, North's only seeds)",
    ("woaley2", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6], ["oware"]),
    ("woaley2(grand-slam=no-capture)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [2, 4, 6]),
    ("woaley2(grand-slam=forbidden)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [1, 2, 4, 6]),
    ("woaley2(grand-slam=capture-all)", "1,0,0,0,2,2/1,2,0,0,0,0 18-22 S", [2, 4, 6]),
    "A 5-house chain and a 6-house chain (the second is sown skipping North's first house)",
    ("woaley2", "0,0,0,0,0,5/1,1,2,1,2,1 18-17 S", range(1, 4), ["oware"]),
    ("woaley2", "0,0,0,0,0,6/1,1,2,1,2,1 18-16 S", range(1, 6), ["oware"]),
    "Sudden death: North is empty and no South move reaches North (over: no move), and",
    "with must-feed=false (sudden death still ends the game, oware plays on)",
    ("woaley2(houses=3,seeds=2)", "1,1,0/0,0,0 6-4 S", [0, 1]),
    ("woaley2(houses=3,must-feed=false,seeds=2)", "1,1,0/0,0,0 6-4 S", [0, 1],
     ["base", "oware(grand-slam=woaley-skip,houses=3,must-feed=false,seeds=2)"]),
    ("woaley2", "0,1,2,0,0,0/0,0,0,0,0,0 20-25 S", [0, 1]),
    ("woaley2(must-feed=false)", "0,1,2,0,0,0/0,0,0,0,0,0 20-25 S", [0, 1],
     ["base", "oware(grand-slam=woaley-skip,must-feed=false)"]),
    "North empty, some South moves feed (must-feed keeps only those)",
    ("woaley2", "0,0,1,0,3,2/0,0,0,0,0,0 20-22 S", range(1, 6)),
    ("woaley2(must-feed=false)", "0,0,1,0,3,2/0,0,0,0,0,0 20-22 S", range(1, 6)),
    "15 seeds in A (laps past the origin), capture lists, majority",
    ("woaley2", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    ("woaley2(skip-origin=false)", "15,0,1,0,2,0/1,3,0,2,0,4 8-12 S", range(1, 6)),
    ("woaley2(capture=2-4-6,seeds=6)", "3,1,0,5,2,0/3,1,0,2,4,1 30-20 S", range(2, 7)),
    ("woaley2(stop-at-majority=true)", "1,2,0,1,0,1/0,2,1,0,1,0 23-16 S", [4, 6]),
]

WOALEY1_PERFT_CASES = [
    "Start positions (the first move is from the mover's own side)",
    ("woaley1", "start", range(1, 15)),
    ("woaley1(free-choice=own-side)", "start", range(1, 14)),
    ("woaley1(free-choice=own-side)", "start", range(14, 18), []),
    "Small boards",
    ("woaley1(houses=1,seeds=1)", "start", [0, 1]),
    ("woaley1(houses=1,seeds=2)", "start", range(1, 4)),
    ("woaley1(houses=1,seeds=3)", "start", [1, 2]),
    ("woaley1(houses=2,seeds=2)", "start", range(1, 7)),
    ("woaley1(houses=2,seeds=3)", "start", range(1, 5)),
    ("woaley1(free-choice=own-side,houses=2,seeds=3)", "start", range(1, 7)),
    ("woaley1(houses=3,seeds=2)", "start", range(1, 9)),
    ("woaley1(houses=3,seeds=3)", "start", range(1, 11)),
    ("woaley1(free-choice=own-side,houses=3,seeds=3)", "start", range(1, 10)),
    ("woaley1(houses=4,seeds=2)", "start", range(1, 11)),
    ("woaley1(houses=4,seeds=4)", "start", range(1, 12)),
    ("woaley1(houses=5,seeds=3)", "start", range(1, 12)),
    "Seed 000 figures 9-11: after E (North forced to b), after the 4th move (free choice)",
    ("woaley1", "4,4,4,4,1,5/5,5,4,4,4,4 0-0 N;forced=b", range(1, 9)),
    ("woaley1", "5,5,5,1,2,6/6,0,5,5,5,1 0-2 S", range(1, 6)),
    ("woaley1(free-choice=own-side)", "5,5,5,1,2,6/6,0,5,5,5,1 0-2 S", range(1, 6)),
    "The same position with the own-side state (as at the first move)",
    ("woaley1", "5,5,5,1,2,6/6,0,5,5,5,1 0-2 S;choice=own-side", range(1, 6)),
    "Figure 12 (North lifts e: captures b, a, F, E = 10) and figure 14 (d captures 8, game over)",
    ("woaley1", "6,2,6,0,1,3/1,1,4,0,10,0 7-7 N", range(1, 6)),
    ("woaley1(free-choice=own-side)", "6,2,6,0,1,3/1,1,4,0,10,0 7-7 N", range(1, 6)),
    ("woaley1", "3,1,1,0,1,1/1,1,1,4,1,1 16-16 N", range(1, 4)),
    ("woaley1(free-choice=own-side)", "3,1,1,0,1,1/1,1,1,4,1,1 16-16 N", range(1, 4)),
    "Chains wrapping from North's f to South's A (b: A 4, f 2, e 2; B: captures on both sides)",
    ("woaley1", "3,4,2,8,0,6/6,6,0,5,1,1 2-4 N", range(1, 6)),
    ("woaley1", "0,4,1,1,1,7/7,2,2,7,1,1 2-12 S", range(1, 6)),
    ("woaley1(houses=3,seeds=2)", "3,1,0/0,3,1 0-4 S", range(1, 5)),
    "Forced houses on the mover's side and on the opponent's",
    ("woaley1", "3,1,1,1,8,8/7,1,6,1,2,3 2-4 N;forced=F", range(1, 6)),
    ("woaley1", "2,6,10,0,2,2/4,1,1,5,3,2 2-8 S;forced=d", range(1, 6)),
    "A lap of more than 2m seeds",
    ("woaley1", "1,13,2,1,1,0/0,3,1,1,2,1 10-12 N;forced=B", range(1, 7)),
    ("woaley1(houses=1,seeds=3)", "5/1 0-0 S;forced=A", range(1, 4)),
    "Pass: the mover may lift only own houses and has none with 2 or more",
    ("woaley1(free-choice=own-side)", "0,1,1,0,0,1/5,1,1,5,1,0 12-20 S", range(1, 8)),
    ("woaley1", "0,1,1,0,0,1/5,1,1,5,1,0 12-20 S", range(1, 8)),
    ("woaley1", "0,1,1,0,0,1/5,1,1,5,1,0 12-20 S;choice=own-side", range(1, 8)),
    ("woaley1(free-choice=own-side,houses=2,seeds=2)", "1,1/3,1 2-0 S", range(1, 4)),
    ("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S", [1, 2]),
    "Endgames: a move that leaves no house with 2 or more ends the game",
    ("woaley1", "0,1,1,1,1,1/2,3,1,0,0,1 16-20 S", range(1, 5)),
    ("woaley1(free-choice=own-side)", "0,1,1,1,1,1/2,3,1,0,0,1 16-20 S", range(1, 8)),
    ("woaley1", "1,2,1,0,0,1/1,1,1,1,1,0 14-24 S", [1, 2]),
    ("woaley1", "0,1,1,0,1,1/1,1,1,1,0,0 16-24 S", [0, 1]),
]

ADI_PERFT_CASES = [
    "Start positions",
    ("adi", "start", range(1, 11)),
    ("adi(round-end=20)", "start", range(6, 10)),
    "Small boards (adi(houses=1,seeds=2) and adi(houses=2,seeds=2) start at or below",
    "round-end=8: over at once, each side takes its own seeds)",
    ("adi(houses=1,seeds=2)", "start", [0, 1]),
    ("adi(houses=2,seeds=2)", "start", [0, 1]),
    ("adi(houses=1,round-end=0,seeds=3)", "start", range(1, 5)),
    ("adi(houses=2,round-end=0,seeds=2)", "start", range(1, 9)),
    ("adi(houses=2,round-end=4,seeds=2)", "start", [1, 2]),
    ("adi(houses=2,round-end=0,seeds=3)", "start", [1, 2]),
    ("adi(houses=3,seeds=2)", "start", [1, 2]),
    ("adi(houses=3,round-end=0,seeds=2)", "start", range(1, 13)),
    ("adi(houses=3,seeds=4)", "start", range(1, 11)),
    ("adi(houses=4,seeds=3)", "start", range(1, 7)),
    "Captures by the owner during the opponent's move and by the mover",
    ("adi", "6,2,7,1,6,1/6,6,6,0,1,6 0-0 N", range(1, 6)),
    ("adi", "9,1,0,3,8,1/8,1,8,2,3,0 4-0 S;last-capture=S", range(1, 6)),
    ("adi", "2,3,2,1,10,0/10,3,1,1,1,2 8-4 S;last-capture=N", range(1, 6)),
    ("adi(houses=2,round-end=0,seeds=2)", "3,0/3,0 2-0 S", range(1, 9)),
    ("adi(houses=2,round-end=0,seeds=2)", "2,3/1,0 2-0 S", range(1, 5)),
    "Round end: moves bringing the board to 8 or fewer seeds (the last capturer takes them)",
    ("adi", "0,2,2,0,12,0/0,1,2,0,0,1 12-16 S;last-capture=N", range(1, 6)),
    ("adi(round-end=4)", "0,2,2,0,12,0/0,1,2,0,0,1 12-16 S;last-capture=N", range(1, 6)),
    ("adi", "1,1,0,1,0,2/1,3,3,0,3,1 20-12 N;last-capture=N", range(1, 6)),
    ("adi(round-end=12)", "1,1,0,1,0,2/1,3,3,0,3,1 20-12 N;last-capture=N", range(1, 5)),
    "Round end without a capture yet: 8 or fewer seeds on the board, or no move",
    ("adi", "1,2,0,0,0,1/0,1,0,2,0,1 20-20 S", [0, 1]),
    ("adi(round-end=0)", "1,2,0,0,0,1/0,1,0,2,0,1 20-20 S", range(1, 7)),
    ("adi(round-end=0)", "0,0,0,0,0,0/0,1,0,2,0,1 22-22 S", [0, 1]),
    "Endless moves (not legal): North's b in a line of the start position's depth-8 tree,",
    "South's A in a 6-house midgame; on small boards every move of the mover",
    ("adi", "3,1,0,3,1,0/3,13,0,3,1,0 8-12 N;last-capture=N", range(1, 6)),
    ("adi", "2,0,1,0,1,0/1,0,1,0,2,1 31-8 S", range(1, 7)),
    ("adi(houses=1,round-end=0,seeds=2)", "3/1 0-0 S", [0, 1]),
    ("adi(houses=1,round-end=0,seeds=4)", "6/2 0-0 S;last-capture=N", [0, 1]),
    ("adi(houses=2,round-end=0,seeds=2)", "1,2/0,2 3-0 S", range(1, 5)),
    ("adi(houses=3,round-end=0,seeds=2)", "0,1,5/0,3,1 2-0 S", range(1, 9)),
    "House buying, bought=... (docs/rule-decisions.md): a four made by a seed that is not",
    "its lap's last goes to the house's owner, the buyer of a bought house.  Who takes a",
    "four never changes the board, so every count equals the count without bought (no",
    "comparison game here); solved-two-row.txt shows the values change",
    ("adi(bought=a,houses=3,seeds=2)", "start", [1, 2], []),
    ("adi(bought=a,houses=3,round-end=0,seeds=2)", "start", range(1, 11), []),
    ("adi(bought=B,houses=3,round-end=4,seeds=2)", "start", range(1, 5), []),
    ("adi(bought=Af)", "start", range(1, 8), []),
    ("adi(bought=abcdef,rounds=255)", "start", range(1, 6), []),
    ("adi(bought=BCd,houses=4)", "start", range(1, 8), []),
    ("adi(bought=BCd,houses=4,seeds=3)", "start", range(1, 7), []),
    ("adi(bought=a,houses=2,round-end=0,seeds=2)", "3,0/3,0 2-0 S", range(1, 9), []),
    ("adi(bought=a,houses=2,round-end=0,seeds=2)", "1,2/3,0 2-0 S", range(1, 5), []),
    ("adi(bought=B,houses=2,round-end=0,seeds=2)", "2,3/1,0 2-0 S", range(1, 5), []),
    ("adi(bought=A,houses=1,round-end=0,seeds=3)", "5/0 1-0 S", range(1, 5), []),
    ("adi(bought=ABCdef)", "6,2,7,1,6,1/6,6,6,0,1,6 0-0 N", range(1, 6), []),
    ("adi(bought=DEFabc)", "9,1,0,3,8,1/8,1,8,2,3,0 4-0 S;last-capture=S", range(1, 6), []),
    ("adi(bought=Ab)", "0,2,2,0,12,0/0,1,2,0,0,1 12-16 S;last-capture=N", range(1, 6), []),
    "Round starts after house buying (the next rounds of adi-rounds.txt): a house left",
    "empty, seeds left over in the stores",
    ("adi(bought=e,rounds=2)", "4,4,4,4,4,4/4,4,4,4,0,4 2-2 N", range(1, 6), []),
    ("adi(bought=EFb)", "4,4,4,4,4,4/4,0,4,4,4,4 2-2 S", range(1, 6), []),
    ("adi(bought=de)", "4,4,4,4,4,4/4,4,4,4,4,0 1-3 N", range(1, 6), []),
    ("adi(bought=Abc,houses=3,seeds=2)", "0,2,2/2,2,2 1-1 N", range(1, 6), []),
]

GIUTI_PERFT_CASES = [
    "Start positions (each house has two moves: + counter-clockwise, - clockwise)",
    ("giuti", "start", range(1, 7)),
    ("giuti(seeds=5)", "start", range(1, 5)),
    ("giuti(seeds=9)", "start", range(1, 4)),
    "Small boards",
    ("giuti(houses=1,seeds=1)", "start", range(1, 4)),
    ("giuti(houses=1,seeds=3)", "start", [1, 2]),
    ("giuti(houses=2,seeds=1)", "start", range(1, 12)),
    ("giuti(houses=2,seeds=2)", "start", range(1, 11)),
    ("giuti(houses=3,seeds=1)", "start", range(1, 11)),
    ("giuti(houses=3,seeds=4)", "start", range(1, 8)),
    ("giuti(houses=4,seeds=2)", "start", range(1, 7)),
    "Captures: several adjacent empty own houses, on both sides (0,0,1/1,0,2 2-0 S: C+",
    "captures b and f, C- ends in B without touching North: no capture)",
    ("giuti", "4,3,10,1,7,1/1,0,2,10,5,4 0-0 S", range(1, 4)),
    ("giuti(houses=3,seeds=1)", "0,0,1/1,0,2 2-0 S", range(1, 6)),
    ("giuti(houses=3,seeds=1)", "1,0,2/0,0,1 2-0 N", range(1, 6)),
    ("giuti(houses=3,seeds=4)", "2,3,2/0,1,2 14-0 S", range(1, 7)),
    ("giuti(houses=3,seeds=4)", "2,0,1/0,0,7 14-0 N", range(1, 7)),
    "No capture: B- and D+ end on the mover's side without touching the opponent's",
    ("giuti", "0,1,0,1,0,0/2,0,3,1,1,0 20-19 S", range(1, 6)),
    "Endgame: a side runs out of seeds",
    ("giuti", "0,0,0,0,0,0/1,1,2,1,0,1 13-29 N", range(1, 4)),
    ("giuti", "1,0,0,0,0,0/0,0,1,0,0,2 20-24 S", range(1, 8)),
    "Endless moves (not legal): every move on houses=1, one of two on larger boards",
    ("giuti(houses=1,seeds=2)", "3/1 0-0 S", [0, 1]),
    ("giuti(houses=1,seeds=4)", "3/5 0-0 N", [0, 1]),
    ("giuti(houses=2,seeds=3)", "0,5/5,0 2-0 S", range(1, 8)),
    ("giuti(houses=3,seeds=4)", "4,2,8/2,2,6 0-0 S", range(1, 6)),
    ("giuti(houses=3,seeds=2)", "4,2,1/0,2,2 1-0 S", range(1, 7)),
]

CUPS_PERFT_CASES = [
    "Start positions (empty bowls, 10 beans per bowl in each hand)",
    ("cups", "start", range(1, 11)),
    ("cups(bowls=3)", "start", range(1, 10)),
    ("cups(bowls=5)", "start", range(1, 9)),
    ("cups(bowls=6)", "start", range(1, 8)),
    "Planting captures (the last bean lands in an empty bowl) and harvests",
    ("cups", "1,1,0,0/0,0,0,0 0-0 N;hand=38-40", range(1, 7)),
    ("cups", "0,3,2,1/1,1,1,1 2-3 S;hand=31-34", range(1, 7)),
    ("cups(bowls=3)", "3,1,0/2,0,1 1-2 N;hand=25-25", range(1, 7)),
    ("cups(bowls=3)", "3,1,1/1,0,0 0-0 S;hand=0-54", range(1, 8)),
    "Blocked bowls (more beans than the harvest allows)",
    ("cups", "1,4,3,2/2,2,2,2 2-3 S;hand=27-30", range(1, 7)),
    ("cups(bowls=3)", "0,0,2/1,2,1 3-7 S;hand=23-21", range(1, 7)),
    "Pass: an empty hand and no harvest, while the opponent can act",
    ("cups", "3,14,10,8/14,6,5,4 4-3 S;hand=0-9", range(1, 8)),
    ("cups(bowls=3)", "0,6,6/11,6,1 4-22 S;hand=0-4", range(1, 8)),
    ("cups(bowls=3)", "4,0,0/0,0,0 0-0 S;hand=0-56", range(1, 6)),
    "End: neither player can act",
    ("cups", "3,14,10,8/17,9,6,5 4-3 N;hand=0-1", [1, 2]),
    ("cups", "0,7,8,0/4,12,7,1 17-24 N;hand=0-0", range(1, 4)),
    ("cups(bowls=3)", "4,0,0/0,0,0 2-54 S;hand=0-0", [0, 1]),
    ("cups(bowls=6)", "1,0,4,0,2,1/0,3,3,0,1,1 50-50 S;hand=2-2", range(1, 9)),
]

AYO_PERFT_CASES = [
    "Start positions and small boards (seeds=1: every house a singleton, over at the start)",
    ("ayo", "start", range(1, 7)),
    ("ayo(houses=3,seeds=2)", "start", range(1, 10)),
    ("ayo(houses=2,seeds=2)", "start", range(1, 13)),
    ("ayo(houses=3,seeds=1)", "start", [0, 1]),
    ("ayo(houses=4,seeds=3)", "start", range(1, 8)),
    "The end: the player to move holds only singletons (here South: over) or not",
    ("ayo", "1,1,0,1,1,1/2,2,2,1,1,1 14-20 S", [0, 1, 2]),
    ("ayo", "1,1,0,3,1,1/2,2,2,1,1,1 14-18 S", range(1, 6)),
    ("ayo", "1,0,0,0,2,0/3,1,1,1,1,1 15-22 N", range(1, 6)),
    "Captures chained backwards, feeding, grand slam (no capture), skip-origin",
    ("ayo", "2,2,2,2,2,3/1,2,1,4,4,4 10-9 S", range(1, 5)),
    ("ayo", "3,0,0,0,0,1/0,0,0,0,0,0 20-24 S", range(1, 6)),
    ("ayo", "0,0,0,0,0,3/1,2,1,0,0,0 20-21 S", range(1, 5)),
    ("ayo", "13,1,0,2,0,1/2,0,1,0,2,3 12-11 S", range(1, 5)),
    ("ayo(skip-origin=false)", "13,1,0,2,0,1/2,0,1,0,2,3 12-11 S", range(1, 5)),
    ("ayo(must-feed=false)", "3,0,0,0,0,1/0,0,0,0,0,0 20-24 S", range(1, 6)),
]

KPO_PERFT_CASES = [
    "Start positions and small boards",
    ("kpo", "start", range(1, 7)),
    ("kpo(houses=2,seeds=2)", "start", range(1, 14)),
    ("kpo(houses=3,seeds=1)", "start", range(1, 14)),
    ("kpo(houses=3,seeds=2)", "start", range(1, 10)),
    ("kpo(houses=3,seeds=2,skip-origin=true)", "start", range(1, 10)),
    "Captures of 2 or 3 on either side, no chain; laps of 12 with and without the origin",
    ("kpo", "4,4,4,4,4,2/1,2,5,5,5,6 2-0 S", range(1, 5)),
    ("kpo", "2,0,1,5,5,5/5,5,5,5,5,2 0-3 S", range(1, 5)),
    ("kpo", "12,1,1,1,1,1/1,1,1,1,1,4 0-22 S", range(1, 5)),
    ("kpo(skip-origin=true)", "12,1,1,1,1,1/1,1,1,1,1,4 0-22 S", range(1, 5)),
    "Endgames: a side without seeds ends the game (no feeding rule)",
    ("kpo", "0,0,0,0,0,1/1,0,2,0,0,0 20-24 N", range(1, 8)),
    ("kpo", "0,0,0,0,0,0/1,0,2,0,0,0 20-25 S", [0, 1]),
    ("kpo(houses=2,seeds=2)", "1,0/0,1 4-2 S", range(1, 12)),
]

HISTORY_PERFT_CASES = [
    "kalah(end=empty-takes-rest): same lines as either-side-empty (values differ, see",
    "solved-issue17.txt)",
    ("kalah(end=empty-takes-rest,houses=3,seeds=3)", "start", range(1, 9)),
    "oware family, repetition-count=3: a line ends at a position's third occurrence",
    ("oware(houses=2,seeds=1,repetition-count=3)", "start", range(1, 17)),
    ("oware(houses=2,seeds=2,repetition-count=3)", "start", range(1, 13)),
    ("awari(houses=2,seeds=2,repetition-count=3)", "start", range(1, 13)),
    ("wari(houses=2,seeds=1,repetition-count=3)", "start", range(1, 15)),
    ("ayo(houses=2,seeds=2,repetition-count=3)", "start", range(1, 13)),
    ("oware(repetition-count=3)", "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S", range(1, 16)),
    "woaley2(no-capture-moves=N): a line ends after N plies in a row without a capture",
    ("woaley2(houses=2,seeds=1,no-capture-moves=3)", "start", range(1, 8)),
    ("woaley2(houses=3,seeds=1,no-capture-moves=4)", "start", range(1, 11)),
    ("woaley2(houses=3,seeds=2,no-capture-moves=6)", "start", range(1, 10)),
    ("woaley2(no-capture-moves=5)", "start", range(1, 7)),
    ("woaley2(no-capture-moves=2,repetition-count=3)", "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S", range(1, 8)),
]

SOLVED_ISSUE17_CASES = [
    "kalah(end=empty-takes-rest): the player whose houses are empty takes the rest",
    ("kalah(end=empty-takes-rest,houses=2,seeds=2)", "start"),
    ("kalah(end=empty-takes-rest,houses=3,seeds=2)", "start"),
    ("kalah(end=empty-takes-rest,houses=3,seeds=3)", "start"),
    ("kalah(end=empty-takes-rest)", "0,0,0,0,1,1/0,0,0,2,0,1 20-23 S"),
    ("kalah(end=empty-takes-rest)", "0,0,0,0,0,1/1,0,0,2,0,0 20-24 S"),
    "ayo and kpo: small boards",
    ("ayo(houses=2,seeds=2)", "start"),
    ("kpo(houses=2,seeds=2)", "start"),
    ("kpo(houses=3,seeds=1)", "start"),
    ("kpo(houses=3,seeds=2)", "start"),
    ("kpo", "0,0,0,0,0,1/1,0,2,0,0,0 20-24 N"),
    "history rules (the Rust side solves these with the plain solver)",
    ("oware(houses=2,seeds=1,repetition-count=3)", "start"),
    ("awari(houses=2,seeds=2,repetition-count=3)", "start"),
    ("oware(repetition-count=3)", "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S"),
    ("oware(repetition-count=3,repetition=even-split)", "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S"),
    ("woaley2(houses=2,seeds=2,no-capture-moves=4)", "start"),
]

PERFT_NOTES = {
    "wide": [
        "Issue 17, wider boards: kalah and the oware family beyond 7 houses a player or",
        "255 seeds in all, cups with 7 to 10 bowls (the same rules as the other files; in",
        "oware a repeated position, root included, ends the line).",
    ],
    "ayo": [
        "A repeated position (root included) ends the line.  ayo plays as oware (every",
        "oware key and default) and also ends when the player to move holds only empty",
        "houses and singletons (seed 000; docs/rule-decisions.md).",
    ],
    "kpo": [
        "A repeated position (root included) ends the line.  Kpo: counter-clockwise single",
        "laps over the 12 houses (the origin sown too unless skip-origin), a last seed",
        "making 2 or 3 on either side is taken, no feeding rule (docs/rule-decisions.md).",
    ],
    "ayo-won": [
        "A repeated position (root included) ends the line.  Ayo with houses won across",
        "the board (docs/rule-decisions.md, ayo, \"Rounds: `rounds`, `won` and `goal`\"):",
        "won=... (A.. South's houses owned by North, a.. North's owned by South) moves",
        "houses across for every rule: a player sows from the non-empty houses they own",
        "(moves are house letters, e.g. North's A), captures 2 or 3 in the opponent's",
        "houses backwards across rows and round the board, the grand slam, feeding, the",
        "ends (no seeds, singletons) and a repetition look at the houses each player owns.",
        "rounds and goal change nothing within a round.  The positions include the round",
        "starts of ayo-rounds.txt.",
    ],
    "issue17-options": [
        "repetition-count=3: a line ends at a position's third occurrence (root included);",
        "no-capture-moves=N: a line ends after N plies in a row without a capture, counted",
        "from the root (docs/rule-decisions.md, issue 17).",
    ],
    "wari": [
        "A repeated position (root included) ends the line, as in oware.  wari(...) plays",
        "as oware(...) with must-feed = not american and capture 2-4-6 by default when",
        "seeds=6 (Wari-72).  repetition=even-split changes values only, never a count.",
    ],
    "woaley2": [
        "A repeated position (root included) ends the line.  woaley2 is oware with",
        "grand-slam=woaley-skip by default and the sudden-death scoring (RULES.md §4.4);",
        "sudden death ends the game whatever must-feed says (docs/rule-decisions.md reading).",
    ],
    "woaley1": [
        "A repeated position (board, stores, side and forced/own-side/free state; root",
        "included) ends the line.  The game ends when no house holds 2 or more seeds.",
    ],
    "adi": [
        "A repeated position (root included) ends the line.  A move whose relay sowing",
        "never ends is not legal; the round ends at round-end seeds or fewer on the board",
        "or when the mover has no legal move.  Endless moves exist on every board size",
        "tried (houses 1, 2, 3 and 6 here).  bought=... gives a bought house's fours made",
        "by a seed not the lap's last to the buyer: stores change, never a count; rounds=N",
        "(the rounds of a match) changes nothing within a round.",
    ],
    "giuti": [
        "A repeated position (root included) ends the line.  A move whose relay sowing",
        "never ends is not legal.  Endless moves exist for houses 1, 2 and 3 (exhaustive",
        "search of small boards); none was found for houses 4, 5 and 6 (exhaustive up",
        "to 13, 11 and 9 seeds on the board, and 400000 random positions each).",
    ],
    "cups": [
        "Cups cannot repeat a position (hands only shrink, stores only grow).",
    ],
}

SOLVED_TWO_ROW_CASES = [
    "Wari: small starts, midgames; american, repetition=even-split, Wari-72 capture 2-4-6",
    ("wari(houses=2,seeds=1)", "start"),
    ("wari(american=true,houses=2,seeds=1)", "start"),
    ("wari(houses=2,repetition=even-split,seeds=1)", "start"),
    ("wari(houses=3,seeds=2)", "1,0,0/1,3,0 3-4 S"),
    ("wari(american=true,houses=3,seeds=2)", "1,0,0/1,3,0 3-4 S"),
    ("wari(houses=3,repetition=even-split,seeds=2)", "1,0,0/1,3,0 3-4 S"),
    ("wari(houses=3,seeds=2)", "0,2,1/1,0,1 7-0 S"),
    ("wari(american=true,houses=3,seeds=2)", "0,2,1/1,0,1 7-0 S"),
    ("wari(houses=3,seeds=2)", "1,1,1/0,0,0 4-5 S"),
    ("wari(houses=3,repetition=even-split,seeds=2)", "1,1,1/0,0,0 4-5 S"),
    ("wari(houses=2,seeds=6)", "0,3/0,3 14-4 N"),
    ("wari(capture=2-3,houses=2,seeds=6)", "0,3/0,3 14-4 N"),
    ("wari(houses=2,seeds=6)", "1,1/3,1 18-0 S"),
    ("wari(capture=2-3,houses=2,seeds=6)", "1,1/3,1 18-0 S"),
    "Wari: the oware positions of solved-small.txt for grand-slam, skip-origin, majority",
    ("wari(houses=2,seeds=2)", "1,1/2,1 2-1 N"),
    ("wari(grand-slam=capture-all,houses=2,seeds=2)", "1,1/2,1 2-1 N"),
    ("wari(grand-slam=forbidden,houses=2,seeds=2)", "1,1/2,1 2-1 N"),
    ("wari(houses=2,seeds=2,skip-origin=false)", "1,1/3,0 0-3 S"),
    ("wari(houses=2,seeds=2,stop-at-majority=true)", "1,1/3,0 0-3 S"),
    ("wari(grand-slam=woaley-skip,houses=2,seeds=2)", "0,2/4,0 2-0 N"),
    ("wari(houses=3,seeds=2,stop-at-majority=true)", "0,0,2/0,0,0 7-3 S"),
    "Woaley II: sudden death scores own side minus one (oware(grand-slam=woaley-skip)",
    "shown for comparison), woaley-skip, must-feed, majority, repetition",
    ("woaley2(houses=2,seeds=1)", "start", ["oware(houses=2,seeds=1)"]),
    ("woaley2(houses=2,seeds=2)", "start", ["oware(houses=2,seeds=2)"]),
    ("woaley2(houses=3,seeds=2)", "1,1,0/0,0,0 6-4 S",
     ["oware(grand-slam=woaley-skip,houses=3,seeds=2)"]),
    ("woaley2(houses=3,must-feed=false,seeds=2)", "1,1,0/0,0,0 6-4 S",
     ["base", "oware(grand-slam=woaley-skip,houses=3,must-feed=false,seeds=2)"]),
    ("woaley2(houses=3,seeds=2)", "1,0,0/0,1,0 10-0 N",
     ["oware(grand-slam=woaley-skip,houses=3,seeds=2)"]),
    ("woaley2(houses=3,seeds=2)", "0,0,7/1,0,0 4-0 N",
     ["oware(grand-slam=woaley-skip,houses=3,seeds=2)"]),
    ("woaley2(houses=2,seeds=3)", "0,5/5,0 0-2 S",
     ["oware(grand-slam=woaley-skip,houses=2,seeds=3)"]),
    ("woaley2(houses=2,seeds=3)", "3,2/0,3 2-2 S",
     ["oware(grand-slam=woaley-skip,houses=2,seeds=3)"]),
    ("woaley2(houses=3,seeds=2)", "0,4,0/0,0,1 4-3 S"),
    ("woaley2(houses=3,must-feed=false,seeds=2)", "0,4,0/0,0,1 4-3 S"),
    ("woaley2(houses=3,must-feed=false,seeds=2)", "1,0,0/1,0,0 5-5 N"),
    ("woaley2(houses=2,seeds=3,stop-at-majority=true)", "1,0/1,6 2-2 N"),
    ("woaley2(grand-slam=no-capture,houses=2,seeds=2)", "0,2/4,0 2-0 N"),
    ("woaley2(houses=2,seeds=2)", "2,1/0,1 2-2 S"),
    ("woaley2(houses=2,repetition=even-split,seeds=2)", "2,1/0,1 2-2 S"),
    ("woaley2(houses=2,seeds=2)", "3,0/2,3 0-0 N"),
    ("woaley2(houses=2,repetition=even-split,seeds=2)", "3,0/2,3 0-0 N"),
    ("woaley2(capture=2-4,houses=2,seeds=2)", "1,1/3,1 2-0 S"),
    "Woaley I: start positions (the first move from the mover's own side)",
    ("woaley1(houses=1,seeds=1)", "start"),
    ("woaley1(houses=1,seeds=2)", "start"),
    ("woaley1(houses=1,seeds=3)", "start"),
    ("woaley1(houses=1,seeds=4)", "start"),
    ("woaley1(houses=2,seeds=2)", "start"),
    ("woaley1(houses=2,seeds=3)", "start"),
    ("woaley1(houses=2,seeds=4)", "start"),
    ("woaley1(houses=3,seeds=2)", "start"),
    ("woaley1(houses=3,seeds=3)", "start"),
    ("woaley1(free-choice=own-side,houses=3,seeds=3)", "start"),
    ("woaley1(houses=3,seeds=4)", "start"),
    ("woaley1(houses=4,seeds=2)", "start"),
    ("woaley1(houses=4,seeds=3)", "start"),
    ("woaley1(free-choice=own-side,houses=4,seeds=3)", "start"),
    ("woaley1(houses=5,seeds=2)", "start"),
    "Woaley I: midgames, forced houses, pass, figure 14",
    ("woaley1(houses=4,seeds=3)", "1,0,0,1/0,0,3,3 8-8 S"),
    ("woaley1(free-choice=own-side,houses=4,seeds=3)", "1,0,0,1/0,0,3,3 8-8 S"),
    ("woaley1(houses=4,seeds=4)", "0,1,1,1/8,2,3,0 8-8 N;forced=a"),
    ("woaley1(free-choice=own-side,houses=4,seeds=4)", "0,1,1,1/8,2,3,0 8-8 N;forced=a"),
    ("woaley1(houses=4,seeds=4)", "3,2,6,3/5,1,3,1 4-4 S;forced=a"),
    ("woaley1", "1,5,0,1,3,2/2,2,2,2,1,1 16-10 S;forced=E"),
    ("woaley1(free-choice=own-side)", "1,5,0,1,3,2/2,2,2,2,1,1 16-10 S;forced=E"),
    ("woaley1", "2,2,2,3,3,1/1,1,1,1,3,2 12-14 S;forced=E"),
    ("woaley1(free-choice=own-side)", "2,2,2,3,3,1/1,1,1,1,3,2 12-14 S;forced=E"),
    ("woaley1(houses=2,seeds=2)", "1,1/3,1 2-0 S"),
    ("woaley1(free-choice=own-side,houses=2,seeds=2)", "1,1/3,1 2-0 S"),
    ("woaley1(houses=2,seeds=2)", "1,1/4,0 2-0 S;choice=own-side"),
    ("woaley1(houses=2,seeds=2)", "1,1/4,0 2-0 S"),
    ("woaley1", "3,1,1,0,1,1/1,1,1,4,1,1 16-16 N"),
    "Adi: start positions (round end at round-end seeds or fewer on the board)",
    ("adi(houses=1,seeds=2)", "start"),
    ("adi(houses=1,round-end=0,seeds=2)", "start"),
    ("adi(houses=1,round-end=0,seeds=3)", "start"),
    ("adi(houses=1,round-end=4,seeds=3)", "start"),
    ("adi(houses=1,round-end=0)", "start"),
    ("adi(houses=2,round-end=0,seeds=2)", "start"),
    ("adi(houses=2,seeds=3)", "start"),
    ("adi(houses=2)", "start"),
    ("adi(houses=2,round-end=0)", "start"),
    ("adi(houses=3,seeds=2)", "start"),
    ("adi(houses=3,round-end=4,seeds=2)", "start"),
    ("adi(houses=3,seeds=3)", "start"),
    ("adi(houses=3)", "start"),
    ("adi(houses=4,seeds=2)", "start"),
    ("adi(houses=4,seeds=3)", "start"),
    "Adi: the last capturer takes the seeds left (or each side its own if nobody captured)",
    ("adi(houses=1,seeds=2)", "2/2 0-0 S;last-capture=N"),
    ("adi(houses=1,seeds=2)", "2/2 0-0 S;last-capture=S"),
    ("adi(houses=2,round-end=4)", "1,5/5,5 0-0 N"),
    ("adi(houses=2,round-end=4)", "3,0/2,3 4-4 S;last-capture=N"),
    ("adi(houses=2,round-end=4)", "3,0/2,3 4-4 S;last-capture=S"),
    ("adi(houses=2,round-end=4)", "3,0/2,3 4-4 S"),
    ("adi(houses=2,round-end=4)", "2,3/3,0 8-0 N;last-capture=S"),
    ("adi(houses=3)", "3,2,2/2,3,0 8-4 N;last-capture=S", ["base", "adi(houses=3,round-end=12)"]),
    ("adi(houses=3)", "2,7,7/1,1,6 0-0 N", ["adi(houses=3,round-end=12)"]),
    "Adi: endless moves are not legal (no legal move ends the round)",
    ("adi(houses=1,round-end=0,seeds=2)", "3/1 0-0 S"),
    ("adi(houses=1,round-end=0,seeds=2)", "3/1 0-0 S;last-capture=N"),
    ("adi(houses=2,round-end=0,seeds=2)", "1,2/0,2 3-0 S"),
    "Adi house buying, bought=...: a four made by a seed that is not its lap's last goes",
    "to the house's owner, the buyer of a bought house (compared with the same game",
    "without bought)",
    ("adi(bought=a,houses=2,round-end=0,seeds=2)", "start", ["adi(houses=2,round-end=0,seeds=2)"]),
    ("adi(bought=Ab,houses=2,round-end=0,seeds=2)", "start",
     ["adi(houses=2,round-end=0,seeds=2)"]),
    ("adi(bought=B,houses=3,seeds=2)", "start", ["adi(houses=3,seeds=2)"]),
    ("adi(bought=BC,houses=3,seeds=2)", "start", ["adi(houses=3,seeds=2)"]),
    ("adi(bought=b,houses=3,round-end=4,seeds=2)", "start", ["adi(houses=3,round-end=4,seeds=2)"]),
    ("adi(bought=Bb,houses=3,round-end=4,seeds=2)", "start",
     ["adi(houses=3,round-end=4,seeds=2)"]),
    ("adi(bought=BCd,houses=4,seeds=2)", "start", ["adi(houses=4,seeds=2)"]),
    ("adi(bought=a,houses=1,round-end=0,seeds=3)", "2/3 1-0 S", ["adi(houses=1,round-end=0,seeds=3)"]),
    ("adi(bought=a,houses=2,round-end=0,seeds=2)", "3,0/3,0 2-0 S",
     ["adi(houses=2,round-end=0,seeds=2)"]),
    ("adi(bought=a,houses=2,round-end=0,seeds=2)", "1,2/3,0 2-0 S",
     ["adi(houses=2,round-end=0,seeds=2)"]),
    ("adi(bought=B,houses=2,round-end=0,seeds=2)", "2,3/1,0 2-0 S",
     ["adi(houses=2,round-end=0,seeds=2)"]),
    ("adi(bought=Ab,houses=2,round-end=0,seeds=2)", "2,3/1,0 2-0 S",
     ["adi(houses=2,round-end=0,seeds=2)"]),
    ("adi(bought=c,houses=3)", "2,7,7/1,1,6 0-0 N", ["adi(houses=3)"]),
    ("adi(bought=Ab,houses=3)", "2,7,7/1,1,6 0-0 N", ["adi(houses=3)"]),
    "Adi: the start of a round after house buying (adi-rounds.txt), rounds=N changes nothing",
    ("adi(bought=Abc,houses=3,seeds=2)", "0,2,2/2,2,2 1-1 N", ["adi(houses=3,seeds=2)"]),
    ("adi(bought=Abc,houses=3,rounds=2,seeds=2)", "0,2,2/2,2,2 1-1 N",
     ["adi(bought=Abc,houses=3,seeds=2)"]),
    "Giuti: start positions and small midgames (board seeds count for nobody)",
    ("giuti(houses=1,seeds=1)", "start"),
    ("giuti(houses=1,seeds=2)", "start"),
    ("giuti(houses=1,seeds=3)", "start"),
    ("giuti(houses=1,seeds=4)", "start"),
    ("giuti(houses=1,seeds=5)", "start"),
    ("giuti(houses=2,seeds=1)", "start"),
    ("giuti(houses=2,seeds=2)", "0,2/1,1 0-4 S"),
    ("giuti(houses=2,seeds=2)", "1,1/1,0 0-5 S"),
    ("giuti(houses=2,seeds=2)", "1,2/2,0 3-0 N"),
    ("giuti(houses=2,seeds=2)", "0,2/2,1 3-0 S"),
    ("giuti(houses=2,seeds=2)", "4,0/1,3 0-0 S"),
    ("giuti(houses=2,seeds=3)", "0,2/3,1 5-1 S"),
    ("giuti(houses=2,seeds=3)", "2,0/1,3 5-1 S"),
    ("giuti(houses=2,seeds=3)", "0,2/1,1 1-7 S"),
    ("giuti(houses=2,seeds=3)", "0,4/3,1 0-4 S"),
    ("giuti(houses=3,seeds=1)", "1,1,1/0,2,0 1-0 N"),
    ("giuti(houses=3,seeds=1)", "0,2,0/1,1,1 0-1 S"),
    ("giuti(houses=3,seeds=2)", "0,2,0/1,2,1 3-3 S"),
    ("giuti(houses=1,seeds=2)", "3/1 0-0 S"),
    "Cups: midgames with small hands (beans in bowls and hands count for nobody)",
    ("cups(bowls=3)", "11,7,6/9,4,0 4-10 N;hand=0-9"),
    ("cups(bowls=3)", "5,8,0/1,10,5 12-8 S;hand=8-3"),
    ("cups(bowls=3)", "0,7,8/15,6,1 8-13 S;hand=1-1"),
    ("cups(bowls=3)", "7,5,2/10,6,4 11-4 S;hand=9-2"),
    ("cups(bowls=3)", "8,8,0/4,8,4 5-11 S;hand=4-8"),
    ("cups(bowls=3)", "11,1,4/3,1,8 14-8 N;hand=5-5"),
    ("cups(bowls=3)", "10,1,0/1,0,7 17-12 N;hand=7-5"),
    ("cups(bowls=3)", "0,4,4/13,2,1 10-14 S;hand=8-4"),
    ("cups(bowls=3)", "4,10,5/12,8,0 2-8 S;hand=3-8"),
    ("cups(bowls=3)", "3,4,5/7,4,5 19-7 N;hand=6-0"),
    ("cups(bowls=3)", "9,8,2/7,5,3 3-3 N;hand=8-12"),
    ("cups(bowls=3)", "4,0,0/0,0,0 2-54 S;hand=0-0"),
    ("cups(bowls=3)", "0,0,1/0,0,0 30-29 S;hand=0-0"),
    ("cups", "11,13,4,7/3,10,13,7 3-7 N;hand=0-2"),
    ("cups", "12,7,8,1/3,13,2,5 10-12 S;hand=1-6"),
    ("cups", "9,9,7,2/0,10,9,3 19-9 S;hand=3-0"),
    ("cups", "10,4,8,4/9,12,7,6 7-6 S;hand=7-0"),
]

# Issue 17, wider boards: games beyond 7 houses a player or 255 seeds in all (and Cups with 7 to
# 10 bowls), which the Rust crate plays on its wide board.
WIDE_PERFT_CASES = [
    "Kalah beyond 7 houses or 255 seeds",
    ("kalah(houses=8,seeds=1)", "start", range(1, 9)),
    ("kalah(houses=8,seeds=3)", "start", range(1, 7)),
    ("kalah(capture=empty,houses=9,seeds=2)", "start", range(1, 6)),
    ("kalah(houses=10,seeds=10)", "start", range(1, 5)),
    ("kalah(houses=20,seeds=4)", "start", range(1, 4)),
    ("kalah(houses=20,seeds=25)", "start", range(1, 3)),
    ("kalah(houses=7,seeds=19)", "start", range(1, 5)),
    ("kalah(end=mover-empty,houses=12,seeds=2)", "start", range(1, 5)),
    "Kalah midgames: a house of 1000 seeds (laps of 21 pits) and a wide capture",
    ("kalah(houses=10,seeds=50)",
     "980,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1,0 10-9 S", range(1, 4)),
    ("kalah(houses=10,seeds=50)",
     "1,0,0,5,0,0,0,0,0,3/0,0,0,0,0,0,200,0,0,1 500-290 S", range(1, 6)),
    ("kalah(houses=9,seeds=3)",
     "0,0,0,0,0,0,0,1,0/6,0,0,0,0,0,0,0,5 20-22 S", range(1, 7)),
    "The Oware family beyond 7 houses or 255 seeds",
    ("oware(houses=10)", "start", range(1, 5)),
    ("oware(houses=8,seeds=2)", "start", range(1, 6)),
    ("awari(houses=8)", "start", range(1, 5)),
    ("wari(houses=9,seeds=6)", "start", range(1, 4)),
    ("woaley2(houses=10,seeds=3)", "start", range(1, 5)),
    ("oware(houses=6,seeds=25)", "start", range(1, 5)),
    ("oware(houses=20,seeds=3)", "start", range(1, 4)),
    ("oware(houses=8,stop-at-majority=true)",
     "0,0,0,0,0,0,0,1/1,1,2,0,0,0,0,0 28-31 S", range(1, 4)),
    "Oware midgames: a capture chain and feeding on 8 houses, a 300-seed lap",
    ("oware(houses=8,seeds=2)", "0,0,0,0,0,0,1,3/1,2,1,1,0,0,0,0 10-13 S", range(1, 6)),
    ("oware(houses=8,seeds=2)", "0,0,0,1,0,0,2,0/0,0,0,0,0,0,0,0 14-15 S", range(1, 6)),
    ("oware(houses=6,seeds=25)", "280,0,0,0,0,0/1,1,0,0,0,0 10-8 S", range(1, 4)),
    "Cups with 7 to 10 bowls",
    ("cups(bowls=7)", "start", range(1, 6)),
    ("cups(bowls=10)", "start", range(1, 5)),
    ("cups(bowls=10)",
     "0,0,0,0,0,0,0,3,2,1/1,0,0,0,0,0,0,0,0,0 20-25 S;hand=70-78", range(1, 6)),
]


ADI_ROUNDS_HEADER = [
    "Rules: docs/rule-decisions.md, adi, \"House buying: `rounds` and `bought`\" (seed 000).",
    "Format: GAME | START_POSITION | SOUTH-NORTH | NEXT_GAME | NEXT_POSITION: the next round",
    "of an Adi match after the round of GAME that started at START_POSITION and ended with",
    "the stores SOUTH-NORTH (canonical game string: rounds one less, the houses bought);",
    "GAME | START_POSITION | SOUTH-NORTH | match over when the match ends: GAME had",
    "rounds=1 (the default), or a store holds fewer than `seeds`.  Each player fills the",
    "houses they own (own row from their left, then the houses they bought in the other",
    "row) with `seeds` each; the player with seeds left buys the opponent's unfilled houses",
    "in the opponent's order (a house of the buyer's own row comes back to its row's",
    "player); a house the seeds left over cannot make stays empty with its owner, the",
    "seeds left over stay in the stores; the loser (fewer seeds) starts, after a draw the",
    "player who did not start the round.  Command: python3 reference next-round GAME",
    "START_POSITION SOUTH NORTH.",
]

FULL6 = "4,4,4,4,4,4/4,4,4,4,4,4"

ADI_ROUNDS_CASES = [
    "Draws: both fill their houses; the player who did not start the round starts",
    ("adi(rounds=3)", "start", (24, 24)),
    ("adi(rounds=2)", FULL6 + " 0-0 N", (24, 24)),
    ("adi(bought=Af,rounds=2)", FULL6 + " 0-0 N", (24, 24)),
    "Wins and losses: the winner buys the loser's last houses; the loser starts",
    ("adi(rounds=3)", "start", (28, 20)),
    ("adi(rounds=3)", "start", (20, 28)),
    ("adi(rounds=3)", "start", (36, 12)),
    "Seeds left over (each player fewer than 4 after buying): the last unfilled house stays",
    "empty with its owner, the seeds stay in the stores",
    ("adi(rounds=2)", "start", (26, 22)),
    ("adi(rounds=2)", "start", (22, 26)),
    ("adi(rounds=2)", "start", (33, 15)),
    "Bought houses: filled after the own row, so bought back first; a house of the",
    "buyer's own row is owned again by its row's player",
    ("adi(bought=de,rounds=3)", "start", (26, 22)),
    ("adi(bought=ab,rounds=2)", "start", (18, 30)),
    ("adi(bought=ABC,rounds=4)", "start", (36, 12)),
    ("adi(bought=bcdef,rounds=4)", "start", (40, 8)),
    ("adi(bought=e,rounds=2)", "4,4,4,4,4,4/4,4,4,4,0,4 2-2 N", (30, 18)),
    "3 houses",
    ("adi(houses=3,rounds=3,seeds=2)", "start", (6, 6)),
    ("adi(houses=3,rounds=2,seeds=2)", "start", (7, 5)),
    ("adi(houses=3,rounds=4)", "start", (16, 8)),
    ("adi(bought=Ab,houses=3,rounds=2,seeds=2)", "start", (9, 3)),
    ("adi(houses=3,rounds=2,seeds=2)", "start", (10, 2)),
    "The end of the match: the last round (rounds=1), or a player with fewer than `seeds`",
    "(exactly `seeds` fills one house: the match goes on)",
    ("adi", "start", (30, 18)),
    ("adi(bought=EFb)", "4,4,4,4,4,4/4,0,4,4,4,4 2-2 S", (24, 24)),
    ("adi(rounds=5)", "start", (45, 3)),
    ("adi(rounds=5)", "start", (4, 44)),
    ("adi(rounds=5)", "start", (44, 4)),
    ("adi(bought=bcdef,rounds=4)", "start", (45, 3)),
    ("adi(houses=3,rounds=2,seeds=2)", "start", (11, 1)),
    ("adi(houses=1,rounds=2)", "start", (4, 4)),
    ("adi(houses=1,rounds=2)", "start", (5, 3)),
]


AYO_WON_PERFT_CASES = [
    "Round starts (ayo-rounds.txt): South won 7 houses (30-18), North 7 (18-30), South 8",
    "(32-16), North 10 (6-42 with goal=12: South owns E, empty, and F)",
    ("ayo(won=a,rounds=2)", "4,4,4,4,4,4/4,0,4,4,4,4 2-2 N", range(1, 8)),
    ("ayo(won=A,rounds=2)", "4,0,4,4,4,4/4,4,4,4,4,4 2-2 S", [3, 5, 7]),
    ("ayo(won=ab)", FULL6 + " 0-0 N", range(1, 7)),
    ("ayo(won=ABCD,goal=12)", "4,4,4,4,0,4/4,4,4,4,4,4 2-2 S", range(1, 6)),
    "6 houses: middle games and endgames with houses across, both sides to move",
    ("ayo(won=Ba)", "3,0,2,5,1,0/2,6,0,1,3,4 10-11 S", range(1, 6)),
    ("ayo(won=Ba)", "3,0,2,5,1,0/2,6,0,1,3,4 10-11 N", [2, 4, 5]),
    ("ayo(won=Fa)", "0,0,0,1,2,1/1,1,0,2,0,3 18-19 S", [2, 4, 6, 8]),
    ("ayo(won=f)", "1,0,2,0,1,1/1,1,0,1,2,0 18-20 N", [2, 4, 6]),
    ("ayo(won=AB)", "2,1,0,0,3,1/0,1,2,1,0,1 19-17 N", [2, 4, 6]),
    ("ayo(won=ABCDEa)", "0,0,0,0,0,1/2,0,1,0,1,1 20-22 S", range(1, 4)),
    "Feeding: North's own houses d, e, f empty, South must feed them (a, b, c are South's)",
    ("ayo(won=abc)", "0,0,0,0,1,2/3,0,1,0,0,0 20-21 S", range(1, 4)),
    ("ayo(must-feed=false,won=abc)", "0,0,0,0,1,2/3,0,1,0,0,0 20-21 S", range(1, 4)),
    "Grand slam across rows (North owns b..f): no capture, or capture-all",
    ("ayo(won=a)", "0,0,0,0,0,2/2,1,1,0,0,0 20-22 S", range(1, 7)),
    ("ayo(grand-slam=capture-all,won=a)", "0,0,0,0,0,2/2,1,1,0,0,0 20-22 S", range(1, 4)),
    "A lap of 12 or more from a won house (the origin skipped, or sown)",
    ("ayo(won=a)", "1,0,2,0,0,1/13,1,0,2,0,1 13-14 S", range(1, 5)),
    ("ayo(skip-origin=false,won=a)", "1,0,2,0,0,1/13,1,0,2,0,1 13-14 S", [2, 4]),
    "4 houses of 3 (goal 6): round starts (14-10: no house across, North's a empty; 17-7;",
    "7-17; 6-18 with goal=7) and endgames (North to move with singletons only: over)",
    ("ayo(houses=4,seeds=3)", "3,3,3,3/0,3,3,3 2-1 N", [2, 4, 6, 8]),
    ("ayo(houses=4,seeds=3,won=a)", "3,3,3,3/3,0,3,3 2-1 N", range(1, 9)),
    ("ayo(houses=4,seeds=3,won=A)", "3,0,3,3/3,3,3,3 1-2 S", [4, 8]),
    ("ayo(houses=4,seeds=3,won=AB,goal=7)", "3,3,3,3/3,3,3,3 0-0 S", [2, 4, 6, 8]),
    ("ayo(houses=4,seeds=3,won=ab)", "1,0,2,1/0,3,1,0 6-10 S", range(1, 9)),
    ("ayo(houses=4,seeds=3,won=ab)", "2,0,2,1/0,3,1,1 5-9 N", [0, 1]),
    "3 houses of 2 (goal 5): round starts and the hand-worked positions of the self test",
    "(sowing from a won house, chains across rows and round the board, feeding, a lap)",
    ("ayo(houses=3,seeds=2,won=a)", "2,2,2/2,2,2 0-0 N", [2, 4, 6, 8, 10, 12, 14]),
    ("ayo(houses=3,seeds=2,won=A)", "2,2,2/2,2,2 0-0 S", [8, 14]),
    ("ayo(houses=3,seeds=2,won=Aa)", "1,0,1/2,1,1 2-4 S", range(1, 4)),
    ("ayo(houses=3,seeds=2,won=C)", "3,0,1/1,0,1 3-3 S", range(1, 4)),
    ("ayo(houses=3,seeds=2,won=c)", "1,1,1/1,2,1 2-3 N", range(1, 4)),
    ("ayo(houses=3,seeds=2,won=a)", "0,0,1/3,0,0 4-4 S", range(1, 4)),
    ("ayo(houses=3,seeds=2,won=a)", "0,0,0/6,0,1 3-2 S", range(1, 4)),
    ("ayo(houses=3,seeds=3,won=ab)", "start", range(1, 6)),
    "2 houses (goal 3): round starts (3-5; 10-2 with goal=4: North owns only b, empty:",
    "over at once) and positions with houses across",
    ("ayo(houses=2,seeds=2,won=a)", "2,2/2,2 0-0 N", range(1, 4)),
    ("ayo(houses=2,seeds=2)", "0,2/2,2 1-1 S", range(1, 4)),
    ("ayo(houses=2,seeds=3,won=a)", "3,3/3,0 1-2 N", [0, 1]),
    ("ayo(houses=2,seeds=3,won=B)", "2,3/1,2 2-2 S", range(1, 4)),
]

AYO_WON_PERFT_HEADER = [
    "Rules: shared/RULES.md and docs/rule-decisions.md (ayo, \"Rounds: `rounds`, `won` and",
    "`goal`\").",
] + two_row_perft_header("ayo-won")[1:] + [
    "After a count of 0 (and 0 in the compared game) the deeper depths are left out.",
]

SOLVED_AYO_WON_HEADER = [
    "Rules: shared/RULES.md and docs/rule-decisions.md (ayo, \"Rounds: `rounds`, `won` and",
    "`goal`\": houses won across the board are the owner's for every rule).",
] + SOLVED_TWO_ROW_HEADER[1:]

SOLVED_AYO_WON_CASES = [
    "2 houses: round starts and positions with houses across",
    ("ayo(houses=2,seeds=2,won=a)", "2,2/2,2 0-0 N"),
    ("ayo(houses=2,seeds=2,won=A)", "2,2/2,2 0-0 S"),
    ("ayo(houses=2,seeds=2)", "0,2/2,2 1-1 S"),
    ("ayo(houses=2,seeds=3,won=a)", "3,3/3,0 1-2 N"),
    ("ayo(houses=2,seeds=3,won=B)", "2,3/1,2 2-2 S"),
    ("ayo(houses=2,seeds=3)", "3,3/0,3 2-1 N"),
    "3 houses: round starts and the hand-worked positions of the self test (the base game",
    "is compared where it solves quickly)",
    ("ayo(houses=3,seeds=2,won=a)", "2,2,2/2,2,2 0-0 N", []),
    ("ayo(houses=3,seeds=2,won=Aa)", "1,0,1/2,1,1 2-4 S"),
    ("ayo(houses=3,seeds=2,won=C)", "3,0,1/1,0,1 3-3 S"),
    ("ayo(houses=3,seeds=2,won=a)", "0,0,1/3,0,0 4-4 S"),
    ("ayo(houses=3,seeds=2,won=a)", "0,0,0/6,0,1 3-2 S"),
    ("ayo(houses=3,seeds=2,won=ab,goal=6)", "2,2,2/2,2,0 1-1 N", []),
    "4 and 6 houses: endgames with houses across",
    ("ayo(houses=4,seeds=3,won=ab)", "1,0,2,1/0,3,1,0 6-10 S", []),
    ("ayo(won=Fa)", "0,0,0,1,1,0/1,0,0,2,0,1 20-22 S"),
    ("ayo(won=AB)", "2,0,0,0,1,1/0,1,0,1,0,0 20-22 N"),
    ("ayo(won=a)", "0,0,0,0,0,2/2,1,1,0,0,0 20-22 S"),
    ("ayo(won=abc)", "0,0,0,0,1,2/3,0,1,0,0,0 20-21 S"),
    ("ayo(won=ABCDEa)", "0,0,0,0,0,1/2,0,1,0,1,1 20-22 S"),
]

AYO_ROUNDS_HEADER = [
    "Rules: docs/rule-decisions.md, ayo, \"Rounds: `rounds`, `won` and `goal`\" (Hanson via",
    "StoneShark's Ayo).",
    "Format: GAME | START_POSITION | SOUTH-NORTH | NEXT_GAME | NEXT_POSITION: the next round",
    "of an Ayo match after the round of GAME that started at START_POSITION and ended with",
    "the stores SOUTH-NORTH (canonical game string: rounds one less, the houses won);",
    "GAME | START_POSITION | SOUTH-NORTH | match over when the match ends: GAME had",
    "rounds=1 (the default), or the round's winner wins `goal` houses or more.  A draw:",
    "own rows back, every house `seeds`, stores empty, the player who did not start the",
    "round starts.  Else the winner (w seeds) wins q = w div seeds houses counter-clockwise",
    "from their first house (South: A.., a..; North: a.., A..), the loser owns the rest;",
    "every house holds `seeds` but, when r = w mod seeds > 0, the loser's first house",
    "(after the winner's last) is empty, the winner's store r, the loser's seeds - r; the",
    "loser starts.  The houses won before do not matter.  Command: python3 reference",
    "next-round GAME START_POSITION SOUTH NORTH.",
]

AYO_ROUNDS_CASES = [
    "Draws: own rows back; the player who did not start the round starts",
    ("ayo(rounds=3)", "start", (24, 24)),
    ("ayo(rounds=2)", FULL6 + " 0-0 N", (24, 24)),
    ("ayo(won=a,rounds=3)", "4,4,4,4,4,4/4,0,4,4,4,4 2-2 N", (24, 24)),
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (12, 12)),
    ("ayo(houses=2,rounds=2,seeds=2)", "start", (4, 4)),
    "South wins: q = w div 4 houses from A, the loser's first house empty when r > 0",
    ("ayo(rounds=3)", "start", (25, 23)),
    ("ayo(rounds=3)", "start", (28, 20)),
    ("ayo(rounds=3)", "start", (30, 18)),
    ("ayo(rounds=3)", "start", (32, 16)),
    ("ayo(rounds=3)", "start", (33, 15)),
    ("ayo(rounds=3)", "start", (35, 13)),
    "North wins: q houses from a, then A..",
    ("ayo(rounds=3)", "start", (23, 25)),
    ("ayo(rounds=3)", "start", (20, 28)),
    ("ayo(rounds=3)", "start", (18, 30)),
    ("ayo(rounds=3)", "start", (16, 32)),
    ("ayo(rounds=3)", "start", (13, 35)),
    "Starts with houses won: the next territory comes from the stores alone",
    ("ayo(won=ab,rounds=3)", FULL6 + " 0-0 N", (20, 28)),
    ("ayo(won=A,rounds=4)", "4,0,4,4,4,4/4,4,4,4,4,4 2-2 S", (30, 18)),
    ("ayo(won=a,rounds=4)", "4,4,4,4,4,4/4,0,4,4,4,4 2-2 N", (26, 22)),
    ("ayo(won=ABCD,rounds=5,goal=12)", "4,4,4,4,0,4/4,4,4,4,4,4 2-2 S", (6, 42)),
    "goal: a winner of goal houses or more ends the match (9 of 12 by default)",
    ("ayo(rounds=3)", "start", (36, 12)),
    ("ayo(rounds=3)", "start", (37, 11)),
    ("ayo(rounds=3)", "start", (12, 36)),
    ("ayo(rounds=3)", "start", (48, 0)),
    ("ayo(rounds=3,goal=7)", "start", (30, 18)),
    ("ayo(rounds=3,goal=8)", "start", (30, 18)),
    ("ayo(rounds=3,goal=12)", "start", (47, 1)),
    ("ayo(rounds=3,goal=12)", "start", (44, 4)),
    ("ayo(rounds=3,goal=12)", "start", (0, 48)),
    ("ayo(goal=1,rounds=3)", "start", (25, 23)),
    ("ayo(goal=1,rounds=3)", "start", (24, 24)),
    "The last round (rounds=1)",
    ("ayo", "start", (30, 18)),
    ("ayo", "start", (24, 24)),
    ("ayo(won=ab)", FULL6 + " 0-0 N", (18, 30)),
    "4 houses of 3 (24 seeds, goal 6)",
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (14, 10)),
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (10, 14)),
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (15, 9)),
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (17, 7)),
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (7, 17)),
    ("ayo(houses=4,rounds=2,seeds=3)", "start", (18, 6)),
    ("ayo(houses=4,rounds=2,seeds=3,goal=7)", "start", (6, 18)),
    "3 houses of 2 (12 seeds, goal 5); with goal=6 the loser of 11-1 cannot fill a house: over",
    ("ayo(houses=3,rounds=2,seeds=2)", "start", (7, 5)),
    ("ayo(houses=3,rounds=2,seeds=2)", "start", (8, 4)),
    ("ayo(houses=3,rounds=2,seeds=2)", "start", (10, 2)),
    ("ayo(houses=3,rounds=2,seeds=2,goal=6)", "start", (11, 1)),
    "2 houses (goal 3)",
    ("ayo(houses=2,rounds=2,seeds=2)", "start", (5, 3)),
    ("ayo(houses=2,rounds=2,seeds=2)", "start", (3, 5)),
    ("ayo(houses=2,rounds=2,seeds=2)", "start", (6, 2)),
    ("ayo(houses=2,rounds=3,seeds=2,goal=4)", "start", (6, 2)),
    ("ayo(houses=2,rounds=3,seeds=2,goal=4)", "start", (1, 7)),
    ("ayo(houses=2,rounds=2,seeds=3)", "start", (7, 5)),
    ("ayo(houses=2,rounds=2,seeds=3)", "start", (8, 4)),
    ("ayo(houses=2,rounds=2,seeds=3)", "start", (9, 3)),
    ("ayo(houses=2,rounds=2,seeds=3,goal=4)", "start", (10, 2)),
]


def perft_file(target, cases, header):
    return GoldenFile(target, target + ".perft", "perft", GENERATED_BY, header, cases,
                      compare)


GOLDEN_FILES = [
    perft_file("kalah", KALAH_PERFT_CASES, PERFT_HEADER),
    perft_file("oware", OWARE_PERFT_CASES, PERFT_HEADER),
    GoldenFile("solved-small", "solved-small.txt", "solved", GENERATED_BY, SOLVED_HEADER,
               SOLVED_CASES),
    perft_file("wari", WARI_PERFT_CASES, two_row_perft_header("wari")),
    perft_file("woaley1", WOALEY1_PERFT_CASES, two_row_perft_header("woaley1")),
    perft_file("woaley2", WOALEY2_PERFT_CASES, two_row_perft_header("woaley2")),
    perft_file("adi", ADI_PERFT_CASES, two_row_perft_header("adi")),
    perft_file("giuti", GIUTI_PERFT_CASES, two_row_perft_header("giuti")),
    perft_file("cups", CUPS_PERFT_CASES, two_row_perft_header("cups")),
    perft_file("wide", WIDE_PERFT_CASES, two_row_perft_header("wide")),
    perft_file("ayo", AYO_PERFT_CASES, two_row_perft_header("ayo")),
    perft_file("kpo", KPO_PERFT_CASES, two_row_perft_header("kpo")),
    perft_file("issue17-options", HISTORY_PERFT_CASES, two_row_perft_header("issue17-options")),
    GoldenFile("solved-issue17", "solved-issue17.txt", "solved", GENERATED_BY,
               SOLVED_TWO_ROW_HEADER, SOLVED_ISSUE17_CASES, compare),
    GoldenFile("solved-two-row", "solved-two-row.txt", "solved", GENERATED_BY,
               SOLVED_TWO_ROW_HEADER, SOLVED_TWO_ROW_CASES, compare),
    GoldenFile("adi-rounds", "adi-rounds.txt", "rounds", GENERATED_BY, ADI_ROUNDS_HEADER,
               ADI_ROUNDS_CASES),
    GoldenFile("ayo-rounds", "ayo-rounds.txt", "rounds", GENERATED_BY, AYO_ROUNDS_HEADER,
               AYO_ROUNDS_CASES),
    GoldenFile("ayo-won", "ayo-won.perft", "perft", GENERATED_BY,
               AYO_WON_PERFT_HEADER, AYO_WON_PERFT_CASES, compare, stop_at_zero=True),
    GoldenFile("solved-ayo-won", "solved-ayo-won.txt", "solved", GENERATED_BY,
               SOLVED_AYO_WON_HEADER, SOLVED_AYO_WON_CASES, compare),
]
