"""Golden-file cases and hand-worked checks of Lela (rules: lela.py).

selftest(checks): positions sown by hand from the decisions page (docs/rule-decisions-four-row.md,
section `lela`) and seed 000's start.  GOLDEN_FILES: the case lists of tests/data/lela.perft
and tests/data/solved-lela.txt.
"""

from .driver import (GoldenFile, canonical_game, format_position, parse_game, parse_position,
                     run_perft)
from .lela import start_position

Z10 = ",0,0,0,0,0,0,0,0,0,0"   # ten empty holes


def selftest(checks):
    """Hand-worked checks (every child position below was sown by hand)."""
    expect, moves, child, value = checks.expect, checks.moves, checks.child, checks.value
    rejected = checks.rejected

    # --- game strings (seed 000: 9, 6, 2, 1 and three seeds in hand)
    for text, want in [
        ("lela", "lela"), ("lela()", "lela"), ("lela(hand=3)", "lela"),
        ("lela(start=9.6.2.1.0.0.0.0.0.0.0.0.0.0)", "lela"),
        ("lela(start=1,hand=0)", "lela(hand=0,start=1)"),
        ("lela( hand=1 , start=2.1.1.0.0.0.0.0.0.0.0.0.0.0 )",
         "lela(hand=1,start=2.1.1.0.0.0.0.0.0.0.0.0.0.0)"),
    ]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    expect("lela T", parse_game("lela")["total"], 42)
    for bad in ["kuba", "lela(hand=8)", "lela(start=0,hand=0)", "lela(start=1.2)",
                "lela(start=3)", "lela(reserve=3)", "lela(hand=1,hand=2)", "lela(hand=x)",
                "lela(hand=3"]:
        rejected("game " + bad, lambda: parse_game(bad))
    lela = parse_game("lela")
    start = "9,6,2,1" + Z10 + "/9,6,2,1" + Z10 + " 0-0 S;hand=3-3"
    expect("lela start text", format_position(lela, start_position(lela)), start)
    for text in [start, "9,6,2,1,1,1,1" + Z10[:14] + "/9,6,2,1" + Z10 + " 0-0 N;hand=0-3",
                 "9,6,2,1,1,1,1" + Z10[:14] + "/9,6,2,1,1,1,1" + Z10[:14] + " 0-0 S",
                 "9,6,2,1,1,1,1" + Z10[:14] + "/0,6,2,1,1,1,1" + Z10[:14] + " 9-0 S"]:
        expect("position round trip " + text, format_position(lela, parse_position(lela, text)),
               text)
    for bad in [start.replace("S;", "X;"), start.replace(";hand=3-3", ""),
                start.replace("hand", "reserve"), start.replace("0-0", "1-0"),
                start.replace("3-3", "8-0"), "9,6,2,1/9,6,2,1 0-0 S;hand=3-3",
                start.replace("9,6", "-9,6", 1)]:
        rejected("position " + bad, lambda: parse_position(lela, bad))

    # --- placement stage: 14 placements, `X*` fills X, X+1, X+2 in sowing order
    expect("placements at the start", moves("lela", start),
           [chr(65 + i) + "*" for i in range(14)])
    expect("E* places E F G", child("lela", start, "E*"),
           "9,6,2,1,1,1,1" + Z10[:14] + "/9,6,2,1" + Z10 + " 0-0 N;hand=0-3")
    expect("M* wraps from the inner row into A", child("lela", start, "M*"),
           "10,6,2,1" + Z10[:16] + ",1,1/9,6,2,1" + Z10 + " 0-0 N;hand=0-3")
    after_s = "9,6,2,1,1,1,1" + Z10[:14] + "/9,6,2,1" + Z10 + " 0-0 N;hand=0-3"
    expect("North places h i j", child("lela", after_s, "h*"),
           "9,6,2,1,1,1,1" + Z10[:14] + "/9,6,2,1,0,0,0,1,1,1,0,0,0,0 0-0 S")

    # --- sowing: holes with at least 2 seeds; relay; end in an empty hole
    p1 = "9,6,2,1,1,1,1" + Z10[:14] + "/9,6,2,1,1,1,1" + Z10[:14] + " 0-0 S"
    expect("sowing moves need 2 seeds", moves("lela", p1), ["A", "B", "C"])
    # C (2): D=2, E=2 (last, occupied) -> relay E (2): F=2, G=2 -> relay G (2): H=1, I=1 (empty)
    expect("C relays twice and ends in I", child("lela", p1, "C"),
           "9,6,0,2,0,2,0,1,1,0,0,0,0,0/9,6,2,1,1,1,1" + Z10[:14] + " 0-0 N")
    # B (6): C..H +1 -> C=3 D=2 E=2 F=2 G=2 H=1: last into empty H -> ends
    expect("B ends in the empty H", child("lela", p1, "B"),
           "9,0,3,2,2,2,2,1,0,0,0,0,0,0/9,6,2,1,1,1,1" + Z10[:14] + " 0-0 N")

    # --- capture: last seed into an occupied own inner hole, both facing holes occupied
    g8 = "lela(hand=0,start=2.2.0.0.0.0.0.0.0.0.0.0.0.0)"   # 8 seeds
    cap = "0,0,0,0,0,2,0,1,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,0,0,2 0-0 S"
    # F (2): G=1, H=2 (last; H faces n (2) and a (3)) -> both to South's store, move ends
    expect("F captures a and n", child(g8, cap, "F"),
           "0,0,0,0,0,0,1,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0 5-0 N")
    expect("game over when North has no seeds", moves(g8,
           "0,0,0,0,0,0,1,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0 5-0 N"), [])
    expect("final value: South sweeps its 3 seeds", value(g8,
           "0,0,0,0,0,0,1,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0 5-0 N"), -8)
    nocap = "0,0,0,0,0,2,0,1,0,0,0,0,0,0/5,0,0,0,0,0,0,0,0,0,0,0,0,0 0-0 S"
    # only a is occupied: no capture; relay H (2): I=1, J=1 (empty) -> ends
    expect("one facing hole empty: relay", child(g8, nocap, "F"),
           "0,0,0,0,0,0,1,0,1,1,0,0,0,0/5,0,0,0,0,0,0,0,0,0,0,0,0,0 0-0 N")
    # the facing holes of N (13) are North's h (inner, 7) and g (outer, 6)
    capn = "0,0,0,0,0,0,0,0,0,0,0,2,0,1/0,0,0,0,0,0,1,4,0,0,0,0,0,0 0-0 S"
    expect("L captures g and h", child(g8, capn, "L"),
           "0,0,0,0,0,0,0,0,0,0,0,0,1,2/0,0,0,0,0,0,0,0,0,0,0,0,0,0 5-0 N")
    # an outer hole never captures: D (2) -> E=1, F=2 (outer, occupied) -> relay F (2): G=1, H=1
    outer = "0,0,0,2,0,1,0,0,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,0,0,2 0-0 S"
    expect("outer hole relays", child(g8, outer, "D"),
           "0,0,0,0,1,0,1,1,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,0,0,2 0-0 N")
    # no hole with 2 seeds: the mover cannot move; each sweeps their side
    stuck = "1,1,0,0,0,0,0,0,0,0,0,0,0,0/1,1,1,1,0,0,0,0,0,0,0,0,0,0 1-1 S"
    expect("no legal move", moves(g8, stuck), [])
    expect("no legal move: the sweep decides", value(g8, stuck), 3 - 5)

    # --- perft conventions
    expect("perft lela 1", run_perft(lela, start_position(lela), 1), 14)
    expect("perft lela 2", run_perft(lela, start_position(lela), 2), 196)


# ---------------------------------------------------------------------------
# Golden files
# ---------------------------------------------------------------------------

GENERATED_BY = [
    "# Generated by reference/lela.py (independent Python reference implementation,",
    "# written from shared/RULES.md §11, docs/rule-decisions-four-row.md (lela) and",
    "# seed shared/seeds/000_*.txt, before and without looking at the Rust code).",
]

PERFT_HEADER = [
    "Rules: shared/RULES.md §11 and docs/rule-decisions-four-row.md (lela).",
    "Format: GAME | POSITION | DEPTH | COUNT = number of move sequences of exactly DEPTH",
    "plies (a line that ends before DEPTH counts 0, one that ends exactly at DEPTH counts 1;",
    "placements are plies).  A repeated position (holes, hands, stores, side) ends the line.",
    "A move that has not ended after 1,000 laps is endless and not legal.",
]

SOLVED_HEADER = [
    "Rules: shared/RULES.md §11 and docs/rule-decisions-four-row.md (lela).",
    "Format: GAME | POSITION | VALUE = exact value for the side to move, in seeds, perfect",
    "play, negamax with the repetition history of the line (the root included): the final",
    "store difference, each player's holes and hand added to their store at the end or at",
    "a repeated position.",
]

L3 = "lela(hand=1,start=2.1.1.0.0.0.0.0.0.0.0.0.0.0)"   # 10 seeds
L0 = "lela(hand=0)"                                       # 36 seeds, no placement

PERFT_CASES = [
    "Start position (seed 000: 9, 6, 2, 1 in A..D and 3 seeds in hand; 14 placements each)",
    ("lela", "start", range(1, 8)),
    "No placement stage (hand=0)",
    (L0, "start", range(1, 10)),
    "Reduced games",
    (L3, "start", range(1, 21)),
    ("lela(hand=2,start=1.1.1.1.0.0.0.0.0.0.0.0.0.0)", "start", range(1, 15)),
    ("lela(hand=0,start=2.2.2.2.2.2.2.0.0.0.0.0.0.0)", "start", range(1, 8)),
    "Middle-game positions with captures possible",
    ("lela", "9,0,3,2,2,2,2,1,0,0,0,0,0,0/9,6,2,1,1,1,1,0,0,0,0,0,0,0 0-0 N", range(1, 8)),
    ("lela", "0,7,3,0,2,0,4,1,3,0,1,0,0,2/2,0,1,5,0,3,1,2,0,0,4,0,1,0 0-0 S", range(1, 7)),
]

G8 = "lela(hand=0,start=2.2.0.0.0.0.0.0.0.0.0.0.0.0)"    # 8 seeds
G10 = "lela(hand=0,start=3.2.0.0.0.0.0.0.0.0.0.0.0.0)"   # 10 seeds

SOLVED_CASES = [
    "Reduced games solved from the start (symmetric starts: no capture can be forced)",
    ("lela(hand=1,start=1.1.1.0.0.0.0.0.0.0.0.0.0.0)", "start"),
    ("lela(hand=0,start=2.1.0.0.0.0.0.0.0.0.0.0.0.0)", "start"),
    ("lela(hand=1,start=2.1.0.0.0.0.0.0.0.0.0.0.0.0)", "start"),
    ("lela(hand=0,start=2.2.0.0.0.0.0.0.0.0.0.0.0.0)", "start"),
    ("lela(hand=2,start=1.1.0.0.0.0.0.0.0.0.0.0.0.0)", "start"),
    "Positions with captures (seeds placed at random, kept where the value is not 0)",
    (G8, "0,0,0,0,0,2,0,1,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,0,0,2 0-0 S"),
    (G8, "1,0,0,0,1,1,0,3,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1,0,1,0,0,0 0-0 S"),
    (G8, "0,0,0,0,0,0,2,0,0,1,0,1,1,0/0,0,0,0,1,0,0,0,0,0,0,1,0,1 0-0 S"),
    (G8, "0,0,0,0,0,0,0,1,1,0,0,1,2,0/0,0,0,0,0,0,0,0,2,1,0,0,0,0 0-0 N"),
    (G8, "0,0,0,0,1,0,0,2,0,1,0,1,0,0/0,0,0,0,0,0,0,0,1,0,0,1,1,0 0-0 S"),
    (G10, "0,0,0,0,0,0,0,2,0,0,1,0,3,0/0,0,0,1,0,0,0,0,0,1,0,2,0,0 0-0 S"),
    (G10, "0,0,0,0,0,0,1,0,1,0,3,0,0,1/0,1,0,0,0,0,0,1,2,0,0,0,0,0 0-0 N"),
    (G10, "0,0,0,0,0,0,0,1,2,0,0,0,1,0/1,0,0,0,0,0,1,0,0,1,0,0,3,0 0-0 N"),
    (G10, "0,0,0,0,0,0,0,1,0,0,1,0,0,1/1,0,0,0,0,0,0,0,1,3,0,1,0,1 0-0 N"),
]


def no_compare(game, extra):
    return []


GOLDEN_FILES = [
    GoldenFile("lela", "lela.perft", "perft", GENERATED_BY, PERFT_HEADER, PERFT_CASES,
               no_compare, stop_at_zero=True),
    GoldenFile("solved-lela", "solved-lela.txt", "solved", GENERATED_BY, SOLVED_HEADER,
               SOLVED_CASES, no_compare),
]
