"""Golden-file cases and hand-worked checks of Kpo and Azigo / Okwe for three and four
players (rules: n_player.py; docs/rule-decisions.md, "Kpo and Azigo/Okwe for three and four
players").

selftest(checks): one or more positions sown by hand for each rule clause (the comments give
the track houses: South's row 0..m-1 left to right, North's m..2m-1, and each player's
houses in letter order).  GOLDEN_FILES: tests/data/kpo-n.perft, tests/data/azigo-n.perft and
tests/data/solved-n-player.txt.
"""

from .driver import (GoldenFile, UsageError, canonical_game, format_position, legal_moves,
                     parse_game, parse_position, run_perft)
from . import n_player as N

# kpo(players=3) on 2 x 6: player 1 owns track 0 1 10 11 (A B C D), player 2 2 3 8 9,
# player 3 4 5 6 7.  kpo(players=3,houses=3): player 1 0 5, player 2 1 4, player 3 2 3 (a
# ring 0..5).  kpo(players=4,houses=2): player p owns track p-1 (a ring of 4).
# okwe(players=3,houses=6): player 1 owns track 0 1 8 9, player 2 2 3 6 7, player 3 4 5 10 11;
# house i faces 11-i: 0-11 (P3), 1-10 (P3), 2-9 (P1), 3-8 (P1), 4-7 (P2), 5-6 (P2).
K3 = "kpo(players=3)"
K3S = "kpo(houses=3,players=3,seeds=1)"
K4S = "kpo(houses=2,players=4,seeds=3)"
O3 = "okwe(houses=6,players=3)"


def play(checks, game_text, pos_text, moves):
    """The position text after the moves (each must be legal), and whether the last one
    repeats a position of the line (the root included)."""
    game = parse_game(game_text)
    pos = parse_position(game, pos_text)
    line = [pos]
    repeated = False
    for move in moves:
        found = dict(legal_moves(game, pos))
        if move not in found:
            return "(no move %s at %s)" % (move, format_position(game, pos)), False
        pos = found[move]
        repeated = pos in line
        line.append(pos)
    return format_position(game, pos), repeated


def maxn_text(game_text, pos_text):
    game = parse_game(game_text)
    return N.vector_text(N.maxn(game, parse_position(game, pos_text)))


def maxn_moves(game_text, pos_text):
    game = parse_game(game_text)
    pos = parse_position(game, pos_text)
    return [(m, N.vector_text(v)) for m, v in N.MaxN(game).root_moves(pos)]


def paranoid_value(game_text, pos_text, player):
    game = parse_game(game_text)
    return N.paranoid(game, parse_position(game, pos_text), player - 1)


def final_text(game_text, pos_text):
    game = parse_game(game_text)
    v = N.final_value(game, parse_position(game, pos_text))
    return None if v is None else N.vector_text(v)


def selftest(checks):
    expect, moves, child, rejected = checks.expect, checks.moves, checks.child, checks.rejected

    # --- game strings, defaults, ownership (decisions: board and ownership, seeds)
    for text, want in [("kpo(players=3)", "kpo(players=3)"),
                       ("kpo(players=4,houses=6,seeds=3)", "kpo(players=4)"),
                       ("kpo(players=3,seeds=4,skip-origin=true)",
                        "kpo(players=3,seeds=4,skip-origin=true)"),
                       ("okwe(players=3)", "okwe(players=3)"),
                       ("okwe(players=3,houses=12,start=4)", "okwe(players=3)"),
                       ("okwe(players=4,houses=6)", "okwe(houses=6,players=4)"),
                       ("azigo(players=4,capture=1-3-5)", "azigo(capture=1-3-5,players=4)"),
                       ("azigo(players=3,houses=18)", "azigo(players=3)")]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    expect("kpo(players=2) is the two-player game", canonical_game(parse_game("kpo(players=2)")),
           "kpo")
    expect("okwe(players=2) is the two-player game",
           canonical_game(parse_game("okwe(houses=6,players=2)")), "okwe(houses=6)")
    expect("azigo(players=2) is the two-player game", canonical_game(parse_game("azigo(players=2)")),
           "azigo")
    for bad in ["kpo(players=5)", "kpo(players=1)", "kpo(players=3,houses=4)",
                "kpo(players=4,houses=5)", "okwe(players=3)x", "okwe(players=3,houses=10)",
                "okwe(players=4,start=basden)", "azigo(players=4,capture=2-4)",
                "kpo(players=3,start=3)"]:
        rejected("game " + bad, parse_game, bad)
    g = parse_game(K3)
    expect("kpo 3 owners (Ludii P1 B1 C1 C2 B2 ...)", g["own"],
           ((0, 1, 10, 11), (2, 3, 8, 9), (4, 5, 6, 7)))
    expect("kpo 4 owners (Ludii P3 G2 F2 E2)", parse_game("kpo(players=4)")["own"],
           ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11)))
    # Ludii's site names on its 2 x 6 board (columns A and H are the stores, row 1 South):
    # TrackCCW "1,E,N,W" runs B1..G1 then G2..B2, so B1..G1 are track 0..5, G2..B2 6..11.
    def ludii(names):
        track = {}
        for k, col in enumerate("BCDEFG"):
            track[col + "1"] = k
            track[col + "2"] = 11 - k
        return sorted(track[x] for x in names)
    for text, regions in [
            (K3, [["B1", "C1", "B2", "C2"], ["D1", "E1", "D2", "E2"], ["F1", "G1", "F2", "G2"]]),
            ("kpo(players=4)", [["B1", "C1", "D1"], ["E1", "F1", "G1"], ["G2", "F2", "E2"],
                                ["B2", "C2", "D2"]])]:
        expect("%s owners are Ludii's regions" % text,
               [list(x) for x in parse_game(text)["own"]], [ludii(r) for r in regions])
    for players in (3, 4):
        for depth in range(1, 5):
            expect("kpo(players=%d) perft %d = Ludii's geometry walked step by step"
                   % (players, depth), checks.perft("kpo(players=%d)" % players, "start", depth),
                   ludii_geometry_perft(players, depth))
    expect("okwe 3 owners (interleaved blocks)", parse_game(O3)["own"],
           ((0, 1, 8, 9), (2, 3, 6, 7), (4, 5, 10, 11)))
    expect("okwe 3 (12): every house faces another player",
           all(o[i] != o[23 - i] for o in [parse_game("okwe(players=3)")["owners"]]
               for i in range(24)), True)
    expect("kpo 3 start", format_position(g, N.start_position(g)),
           "3,3,3,3/3,3,3,3/3,3,3,3 0-0-0 1")
    g4 = parse_game("kpo(players=4)")
    expect("kpo 4 start", format_position(g4, N.start_position(g4)),
           "3,3,3/3,3,3/3,3,3/3,3,3 0-0-0-0 1")
    go = parse_game("okwe(players=4)")
    expect("okwe 4 start", format_position(go, N.start_position(go)),
           "4,4,4,4,4/4,4,4,4,4/4,4,4,4,4/4,4,4,4,4 0-0-0-0 1")
    # position text: group count, lengths, hands, player, seed total
    for bad in ["3,3,3,3/3,3,3,3 0-0-0 1", "3,3,3/3,3,3/3,3,3/3,3,3 0-0-0-0 1",
                "3,3,3,3/3,3,3,3/3,3,3,3 0-0 1", "3,3,3,3/3,3,3,3/3,3,3,3 0-0-0 4",
                "3,3,3,3/3,3,3,3/3,3,3,3 0-0-0 S", "3,3,3,3/3,3,3,3/3,3,3,3 1-0-0 1",
                "3,3,3,3/3,3,3,3/3,3,3,x 0-0-0 1"]:
        rejected("kpo 3 position " + bad, parse_position, g, bad)

    # --- Kpo sowing, the direction choice and the next-hole capture
    # P1 = 2,0,3,3 (track 0 1 10 11), P2 = 1,4,3,3 (2 3 8 9), P3 = 3 each; hands 5-0-0.
    pos = "2,0,3,3/1,4,3,3/3,3,3,3 5-0-0 1"
    expect("kpo 3 moves: + before -, letter order", moves(K3, pos),
           ["A+", "A-", "C+", "C-", "D+", "D-"])
    # A+: track 0's 2 seeds to 1 (0->1) and 2 (1->2): the last makes 2, the next house
    # track 3 (P2's B, 4) is not empty: P1 takes its 4 (hand 5 -> 9); track 2 keeps 2.
    expect("kpo A+ takes the next house forward", child(K3, pos, "A+"),
           "0,1,3,3/2,0,3,3/3,3,3,3 9-0-0 2")
    # A-: clockwise, 2 seeds to track 11 (3->4) and 10 (3->4): last makes 4, no capture.
    expect("kpo A- sows clockwise, no capture", child(K3, pos, "A-"),
           "0,0,4,4/1,4,3,3/3,3,3,3 5-0-0 2")
    # Clockwise capture over the track's end: P2's A (track 2, 2 seeds) `-` sows track 1
    # (0->1) and 0 (2->3): 3, and the next house clockwise from 0 is 11 (P1's D, 5): taken.
    pos = "2,0,3,5/2,3,3,3/3,3,3,3 0-3-0 2"
    expect("kpo A- takes the next house clockwise, across the track's end",
           child(K3, pos, "A-"), "3,1,3,0/0,3,3,3/3,3,3,3 0-8-0 3")
    # the same house `+`: track 3 (3->4) and 4 (3->4): no capture
    expect("kpo A+ from the same house: no capture", child(K3, pos, "A+"),
           "2,0,3,5/0,4,3,3/4,3,3,3 0-3-0 3")
    # 2 or 3 but the next house empty: nothing taken.  P1's B (track 1, 1 seed) `+` to
    # track 2 (1->2); track 3 is empty.
    expect("kpo: the next house empty, no capture",
           child(K3, "0,1,4,4/1,0,4,4/3,3,3,3 3-2-1 1", "B+"),
           "0,0,4,4/2,0,4,4/3,3,3,3 3-2-1 2")
    # the capture takes from the mover's own house too: P1's C (track 10, 1 seed) `+` to
    # track 11 (1->2); next house track 0 (P1's own A, 3) is taken.
    expect("kpo: the next house may be the mover's own",
           child(K3, "3,3,1,1/3,3,3,3/3,3,3,3 2-1-1 1", "C+"),
           "0,3,0,2/3,3,3,3/3,3,3,3 5-1-1 2")
    # a lap: 13 seeds from track 0 on 12 houses: tracks 1..11, the origin 0, then 1 again:
    # track 1 ends with 2, so the next house, track 2 (P2's A, 4+1 = 5), is taken.
    # skip-origin=true: tracks 1..11, 1, 2: the last makes track 2 hold 6, no capture.
    expect("kpo lap sows the origin",
           child("kpo(players=3,seeds=4)", "13,0,4,4/4,4,2,2/4,4,4,3 0-0-0 1", "A+"),
           "1,2,5,5/0,5,3,3/5,5,5,4 5-0-0 2")
    expect("kpo skip-origin=true skips it",
           child("kpo(players=3,seeds=4,skip-origin=true)",
                 "13,0,4,4/4,4,2,2/4,4,4,3 0-0-0 1", "A+"),
           "0,2,5,5/6,5,3,3/5,5,5,4 0-0-0 2")
    # 4 players: P3 owns track 6 7 8 (North's G2 F2 E2); its A (track 6, 1 seed) `-` goes
    # to track 5 (P2's C, 1->2): the next clockwise, track 4 (P2's B, 3), is taken.
    expect("kpo 4: P3 sows back into P2's row and takes",
           child("kpo(players=4)", "3,3,3/3,3,1/1,3,3/3,3,3 1-1-2-0 3", "A-"),
           "3,3,3/3,0,2/0,3,3/3,3,3 1-1-5-0 4")

    # --- no move: pass; the end when all but one cannot move; the score
    pos = "3,3,3,3/0,0,0,0/3,3,3,3 6-0-6 2"
    expect("kpo: a player without seeds passes", moves(K3, pos), ["pass"])
    expect("kpo: the pass goes to the next player", child(K3, pos, "pass"),
           "3,3,3,3/0,0,0,0/3,3,3,3 6-0-6 3")
    expect("kpo: two players with seeds, not over", final_text(K3, pos), None)
    # ring 0..5 of kpo(houses=3): P1 0 5, P2 1 4, P3 2 3.  P1's A (track 0, 1) `+` to
    # track 1 (1->2), next track 2 (P3's A, 1) taken: only P2 has seeds: over.
    pos = "1,0/1,0/1,0 1-1-1 1"
    expect("kpo: capture of the last seeds of P3", child(K3S, pos, "A+"),
           "0,0/2,0/0,0 2-1-1 2")
    expect("kpo: all but one cannot move: over, score hand + own houses",
           final_text(K3S, "0,0/2,0/0,0 2-1-1 2"), "2-3-1")
    expect("kpo: A- to track 5 (own B): two players can still move",
           final_text(K3S, child(K3S, pos, "A-")), None)
    expect("kpo: perft 1 of a finished game is 0",
           checks.perft(K3S, "0,0/2,0/0,0 2-1-1 2", 1), 0)
    # four players, ring of 4: P1's single seed `+` to P2 (1->2), next P3 empty: only P2
    # has seeds: over; `-` to P4: P2 and P4 can move.
    pos = "1/1/0/0 4-3-2-1 1"
    expect("kpo 4: all but one cannot move", final_text(K4S, child(K4S, pos, "A+")),
           "4-5-2-1")
    expect("kpo 4: A- leaves two players with moves", final_text(K4S, child(K4S, pos, "A-")),
           None)

    # --- repetition: P1 B+ (track 5 -> 0), P2 passes, P3 A+ (2 -> 3), P1 A- (0 -> 5), P2
    # passes, P3 B- (3 -> 2): the root again, which ends the game, scored as at the end.
    root = "0,1/0,0/1,0 2-1-1 1"
    expect("kpo repetition: six plies back to the root",
           play(checks, K3S, root, ["B+", "pass", "A+", "A-", "pass", "B-"]), (root, True))
    game = parse_game(K3S)
    expect("kpo repetition: scored hand + own houses",
           N.repetition_value(game, parse_position(game, root), 0), (3, 1, 2))
    for depth in (6, 7, 8):
        expect("kpo repetition: perft %d drops the lines going on from a repeat" % depth,
               checks.perft(K3S, root, depth),
               count_without_repetition(K3S, root, depth) - repeats_at(K3S, root, depth))
    expect("kpo repetition: some line of 7 plies goes on from a repeat",
           repeats_at(K3S, root, 7) > 0, True)

    # --- Azigo/Okwe for three players (2 x 6): first seed back into the origin, capture
    # P1 = 2,0,4,4 (track 0 1 8 9), P2 4 each (2 3 6 7), P3 = 4,4,3,4 (4 5 10 11); hand 7.
    pos = "2,0,4,4/4,4,4,4/4,4,3,4 7-0-0 1"
    expect("okwe 3 moves: houses then hand", moves(O3, pos), ["A", "C", "D", "hand"])
    # A: 2 seeds, the first back into track 0, the last into track 1 (own, 0->1); track 1
    # faces track 10 (P3's C, 3): taken into P1's hand (7 -> 10).
    expect("okwe 3: the last seed in an own house takes the facing 3", child(O3, pos, "A"),
           "1,1,4,4/4,4,4,4/4,4,0,4 10-0-0 2")
    # D (track 9, 4 seeds): 9, 10, 11, 0: last in track 0 (own, 1->... 2+1=3), facing
    # track 11 (P3's D, 4+1=5): not 1 or 3, no capture; with capture=1-3-5 it is taken.
    expect("okwe 3: 5 opposite is not taken", child(O3, pos, "D"),
           "3,0,4,1/4,4,4,4/4,4,4,5 7-0-0 2")
    expect("okwe 3 capture=1-3-5: 5 is taken",
           child("okwe(capture=1-3-5,houses=6,players=3)", pos, "D"),
           "3,0,4,1/4,4,4,4/4,4,4,0 12-0-0 2")
    # a single seed goes to the next house: P2's B (track 3, 1) to track 4 (P3's): the last
    # seed in another player's house: no capture although track 7 faces it.
    expect("okwe 3: a single seed goes on; last in another's house, no capture",
           child(O3, "4,4,4,4/4,1,4,3/4,4,4,4 1-3-0 2", "B"),
           "4,4,4,4/4,0,4,3/5,4,4,4 1-3-0 3")
    # the hand: 7 seeds into P1's own houses in letter order A B C D A B C (track 0 1 8 9
    # 0 1 8): no capture although the last lands in an own house facing P2's 3.
    expect("okwe 3: hand sows own houses in letter order, wrapping",
           child(O3, "2,0,4,4/4,4,4,4/4,4,3,4 7-0-0 1", "hand"),
           "4,2,6,5/4,4,4,4/4,4,3,4 0-0-0 2")
    # okwe(players=4) on 2 x 6: P1 track 0 1 2, P4 9 10 11; track 2 faces 9.  P1's B
    # (track 1, 2 seeds): 1, 2; last in own track 2, facing track 9 (P4's A, 1): taken.
    expect("okwe 4: P1 takes from P4 facing it",
           child("okwe(houses=6,players=4)", "4,2,4/4,4,4/4,4,4/1,4,4 3-0-2-0 1", "B"),
           "4,1,5/4,4,4/4,4,4/0,4,4 4-0-2-0 2")
    # no move and the end: P2 has nothing (houses, hand): pass; a hand is a move
    expect("okwe 3: no seed and no hand: pass",
           moves(O3, "4,4,4,4/0,0,0,0/4,4,4,4 8-0-8 2"), ["pass"])
    expect("okwe 3: hand only: the hand move",
           moves(O3, "4,4,4,4/0,0,0,0/4,4,4,4 6-2-8 2"), ["hand"])
    expect("okwe 3: two players can still move: not over",
           final_text(O3, "4,4,4,4/0,0,0,0/4,4,4,4 8-0-8 2"), None)
    expect("okwe 3: only one player has seeds: over",
           final_text(O3, "0,0,0,0/0,0,0,0/12,12,12,12 0-0-0 1"), "0-0-48")
    # ring of 3 x 2 (okwe(houses=3)): P1 0 4, P2 1 3, P3 2 5; P3's B (track 5, 1) to
    # track 0 (P1's A): P1 has seeds again, P2 and P3 none: over, P1 = 4 + 2.
    expect("okwe 3: the last move leaves one player with seeds",
           final_text("okwe(houses=3,players=3,start=1)",
                      child("okwe(houses=3,players=3,start=1)", "1,0/0,0/0,1 4-0-0 3", "B")),
           "6-0-0")
    # repetition through the hand: P1 sows its hand back (a position can come back)
    rep = "1/0/1/0 0-1-0-1 1"
    expect("okwe 4 (ring of 4): moves", moves("okwe(houses=2,players=4,start=1)", rep), ["A"])

    # --- max-n: the tie-break (the first move in move order among equal moves)
    tie = "2/0/1/0 0-1-0-4 1"
    K4T = "kpo(houses=2,players=4,seeds=2)"
    expect("max-n tie: both moves give player 1 the same, other vectors",
           maxn_moves(K4T, tie), [("A+", "0-1-3-4"), ("A-", "0-1-2-5")])
    expect("max-n tie-break: the first in move order", maxn_text(K4T, tie), "0-1-3-4")
    # by hand: A+ (track 0, 2 seeds) to 1 (0->1), 2 (1->2): next track 3 (empty): no
    # capture; A- to 3 (0->1), 2 (1->2): next clockwise track 1 empty: no capture.
    expect("max-n tie position A+", child(K4T, tie, "A+"), "0/1/2/0 0-1-0-4 2")
    expect("max-n tie position A-", child(K4T, tie, "A-"), "0/0/2/1 0-1-0-4 2")
    # a position where the mover's best move is unique; paranoid below max-n for the mover
    expect("max-n kpo 4 start", maxn_text(K4T, "start"), "5-0-2-1")
    expect("max-n kpo 4 start moves", maxn_moves(K4T, "start"),
           [("A+", "2-2-1-3"), ("A-", "5-0-2-1")])
    expect("paranoid kpo 4 start player 1", paranoid_value(K4T, "start", 1), 4)
    # max-n at an end position is the score vector; paranoid is that player's entry
    expect("max-n of a finished game", maxn_text(K3S, "0,0/2,0/0,0 2-1-1 2"), "2-3-1")
    expect("paranoid of a finished game", paranoid_value(K3S, "0,0/2,0/0,0 2-1-1 2", 2), 3)
    # paranoid never exceeds the player's max-n entry when that player moves first
    for game_text, pos_text in [("kpo(houses=2,players=4,seeds=3)", "start"),
                                ("okwe(houses=2,players=4,start=2)", "start"),
                                ("kpo(houses=3,players=3,seeds=2)", "1,0/0,1/0,0 3-3-4 1")]:
        v = maxn_text(game_text, pos_text).split("-")
        expect("paranoid <= max-n for player 1, %s %s" % (game_text, pos_text),
               paranoid_value(game_text, pos_text, 1) <= int(v[0]), True)


def ludii_geometry_perft(players, depth):
    """Perft of kpo(players=3|4) from the start, derived a second way: houses as Ludii's
    (row, column) sites with its region names, TrackCCW "1,E,N,W" / TrackCW "6,W,N,E" walked
    step by step on the 2 x 6 board (no track indices, no owner table of n_player.py)."""
    if players == 3:
        names = [["B1", "C1", "B2", "C2"], ["D1", "E1", "D2", "E2"], ["F1", "G1", "F2", "G2"]]
    else:
        names = [["B1", "C1", "D1"], ["E1", "F1", "G1"], ["G2", "F2", "E2"], ["B2", "C2", "D2"]]
    regions = [[(int(x[1]) - 1, "BCDEFG".index(x[0])) for x in r] for r in names]

    def step(site, d):
        row, col = site
        if (row == 0) == (d > 0):  # CCW in the South row or CW in the North row: east
            return (row, col + 1) if col < 5 else (1 - row, 5)
        return (row, col - 1) if col > 0 else (1 - row, 0)

    def children(board, hands, p):
        out = []
        for site in regions[p]:
            if board[site] == 0:
                continue
            for d in (1, -1):
                b = dict(board)
                seeds, b[site], x = b[site], 0, site
                while seeds:
                    x = step(x, d)
                    b[x] += 1
                    seeds -= 1
                h = list(hands)
                nxt = step(x, d)
                if b[x] in (2, 3) and b[nxt]:
                    h[p] += b[nxt]
                    b[nxt] = 0
                out.append((b, tuple(h), (p + 1) % players))
        return out or [(board, hands, (p + 1) % players)]

    def key(state):
        return (tuple(sorted(state[0].items())), state[1], state[2])

    def walk(state, d, line):
        if d == 0:
            return 1
        if sum(1 for r in regions if any(state[0][x] for x in r)) <= 1:
            return 0
        kids = children(*state)
        if d == 1:
            return len(kids)
        total = 0
        for kid in kids:
            if key(kid) not in line:
                total += walk(kid, d - 1, line | {key(kid)})
        return total
    start = ({(r, c): 3 for r in (0, 1) for c in range(6)}, (0,) * players, 0)
    return walk(start, depth, {key(start)})


def count_without_repetition(game_text, pos_text, depth):
    """Perft with the repetition rule switched off (for the repetition check only)."""
    game = parse_game(game_text)

    def walk(pos, d):
        if d == 0:
            return 1
        if N.final_value(game, pos) is not None:
            return 0
        return sum(walk(c, d - 1) for m, c in N.legal_moves(game, pos))
    return walk(parse_position(game, pos_text), depth)


def repeats_at(game_text, pos_text, depth):
    """Lines of exactly `depth` plies, without the repetition rule, that go on from a
    repeated position (which the rule ends there, so perft does not count them)."""
    game = parse_game(game_text)

    def walk(pos, d, line, seen_repeat):
        if d == 0:
            return 1 if seen_repeat else 0
        if N.final_value(game, pos) is not None:
            return 0
        total = 0
        for m, c in N.legal_moves(game, pos):
            # a move into a repeated position is a ply that ends the game: counted when it
            # is the last ply, the end of every longer line
            total += walk(c, d - 1, line + [c], seen_repeat or (d > 1 and c in line))
        return total
    root = parse_position(game, pos_text)
    return walk(root, depth, [root], False)


# ---------------------------------------------------------------------------
# Golden files
# ---------------------------------------------------------------------------

GENERATED = ["# Generated by reference/n_player.py (independent Python reference implementation,",
             "# written from docs/rule-decisions.md, section \"Kpo and Azigo/Okwe for three and",
             "# four players\", before and without looking at the Rust code)."]

PERFT_FORMAT = [
    "Format: GAME | POSITION | DEPTH | COUNT = number of move sequences of exactly DEPTH",
    "plies (a pass is a ply; a line that ends before DEPTH counts 0, one that ends exactly",
    "at DEPTH counts 1). A repeated position (houses, hands, player to move; anywhere",
    "earlier in the line, the root included) ends the line. The game ends when at most one",
    "player has a move. Position text: each player's houses in letter order, '/' between",
    "players, the hands joined by '-', the player to move 1..n.",
]

KPO_CASES = [
    "kpo(players=3): Ludii's transverse thirds, 3 seeds a house, either direction",
    (K3, "start", range(1, 9)),
    "kpo(players=4): half a row each",
    ("kpo(players=4)", "start", range(1, 9)),
    "small boards",
    ("kpo(houses=3,players=3)", "start", range(1, 9)),
    ("kpo(houses=3,players=3,seeds=1)", "start", range(1, 11)),
    ("kpo(houses=2,players=4)", "start", range(1, 11)),
    ("kpo(houses=2,players=4,seeds=1)", "start", range(1, 11)),
    ("kpo(houses=4,players=4,seeds=2)", "start", range(1, 8)),
    ("kpo(houses=9,players=3)", "start", range(1, 6)),
    ("kpo(houses=8,players=4,seeds=4)", "start", range(1, 6)),
    "the next-house capture, forwards and clockwise across the track's end",
    (K3, "2,0,3,3/1,4,3,3/3,3,3,3 5-0-0 1", range(1, 6)),
    (K3, "2,0,3,5/2,3,3,3/3,3,3,3 0-3-0 2", range(1, 6)),
    (K3, "3,3,1,1/3,3,3,3/3,3,3,3 2-1-1 1", range(1, 6)),
    ("kpo(players=4)", "3,3,3/3,3,1/1,3,3/3,3,3 1-1-2-0 3", range(1, 6)),
    "laps: the origin sown (default) or skipped",
    ("kpo(players=3,seeds=4)", "13,0,4,4/4,4,2,2/4,4,4,3 0-0-0 1", range(1, 6)),
    ("kpo(players=3,seeds=4,skip-origin=true)", "13,0,4,4/4,4,2,2/4,4,4,3 0-0-0 1",
     range(1, 6)),
    ("kpo(players=3,seeds=4,skip-origin=true)", "start", range(1, 6)),
    "a player without seeds passes; the end when all but one cannot move",
    (K3, "3,3,3,3/0,0,0,0/3,3,3,3 6-0-6 2", range(1, 6)),
    (K3S, "1,0/1,0/1,0 1-1-1 1", range(1, 9)),
    (K4S, "1/1/0/0 4-3-2-1 1", range(1, 9)),
    "repetition: six plies lead back to this position",
    (K3S, "0,1/0,0/1,0 2-1-1 1", range(1, 13)),
]

AZIGO_CASES = [
    "okwe(players=3): interleaved column blocks (2 x 12), 4 seeds a house",
    ("okwe(players=3)", "start", range(1, 8)),
    "okwe(players=4): half a row each (2 x 10)",
    ("okwe(players=4)", "start", range(1, 9)),
    "azigo(players=3) (2 x 18) and azigo(players=4) (2 x 20)",
    ("azigo(players=3)", "start", range(1, 6)),
    ("azigo(players=4)", "start", range(1, 7)),
    "the seed's 6-hole board and small boards",
    ("okwe(houses=6,players=3)", "start", range(1, 8)),
    ("okwe(houses=6,players=4)", "start", range(1, 8)),
    ("okwe(capture=1-3-5,houses=6,players=3)", "start", range(1, 8)),
    ("azigo(houses=6,players=4,start=3)", "start", range(1, 8)),
    ("okwe(houses=3,players=3,start=1)", "start", range(1, 11)),
    ("okwe(houses=3,players=3,start=2)", "start", range(1, 10)),
    ("okwe(houses=2,players=4,start=2)", "start", range(1, 13)),
    "captures, the hand, passes and the end",
    (O3, "2,0,4,4/4,4,4,4/4,4,3,4 7-0-0 1", range(1, 7)),
    ("okwe(capture=1-3-5,houses=6,players=3)", "2,0,4,4/4,4,4,4/4,4,3,4 7-0-0 1", range(1, 7)),
    ("okwe(houses=6,players=4)", "4,2,4/4,4,4/4,4,4/1,4,4 3-0-2-0 1", range(1, 7)),
    (O3, "4,4,4,4/0,0,0,0/4,4,4,4 8-0-8 2", range(1, 7)),
    (O3, "4,4,4,4/0,0,0,0/4,4,4,4 6-2-8 2", range(1, 7)),
    ("okwe(houses=3,players=3,start=1)", "1,0/0,0/0,1 4-0-0 3", range(1, 4)),
    ("okwe(houses=2,players=4,start=1)", "1/0/1/0 0-1-0-1 1", range(1, 13)),
]

SOLVED_CASES = [
    "kpo(players=4) on 2 x 2 (one house each) from the start, 2, 3 and 4 seeds a house",
    ("kpo(houses=2,players=4,seeds=2)", "start", "maxn"),
    ("kpo(houses=2,players=4,seeds=2)", "start", "paranoid 1"),
    ("kpo(houses=2,players=4,seeds=2)", "start", "paranoid 2"),
    ("kpo(houses=2,players=4,seeds=3)", "start", "maxn"),
    ("kpo(houses=2,players=4,seeds=3)", "start", "paranoid 1"),
    ("kpo(houses=2,players=4,seeds=3)", "start", "paranoid 4"),
    ("kpo(houses=2,players=4,seeds=4)", "start", "maxn"),
    ("kpo(houses=2,players=4,seeds=4)", "start", "paranoid 1"),
    "the max-n tie-break matters here: A+ 0-1-3-4 and A- 0-1-2-5 are both 0 for player 1",
    ("kpo(houses=2,players=4,seeds=2)", "2/0/1/0 0-1-0-4 1", "maxn"),
    ("kpo(houses=2,players=4,seeds=2)", "2/0/1/0 0-1-0-4 1", "paranoid 1"),
    ("kpo(houses=2,players=4,seeds=2)", "1/1/1/2 2-0-0-1 3", "maxn"),
    "kpo(players=3) on 2 x 3 (one column each), two seeds left on the board",
    ("kpo(houses=3,players=3,seeds=2)", "1,0/0,1/0,0 3-3-4 1", "maxn"),
    ("kpo(houses=3,players=3,seeds=2)", "1,0/0,1/0,0 3-3-4 1", "paranoid 1"),
    ("kpo(houses=3,players=3,seeds=2)", "1,0/0,1/0,0 3-3-4 1", "paranoid 2"),
    ("kpo(houses=3,players=3,seeds=2)", "1,0/0,0/1,0 6-1-3 1", "maxn"),
    ("kpo(houses=3,players=3,seeds=2)", "0,0/0,1/1,0 3-4-3 2", "maxn"),
    ("kpo(houses=3,players=3,seeds=2)", "0,0/0,1/1,0 3-4-3 2", "paranoid 2"),
    ("kpo(houses=3,players=3,seeds=1)", "0,1/0,0/1,0 2-1-1 1", "maxn"),
    ("kpo(houses=3,players=3,seeds=1)", "0,1/0,0/1,0 2-1-1 1", "paranoid 3"),
    "okwe(players=4) on 2 x 2 from the start, 1, 2, 3 and 5 seeds a house",
    ("okwe(houses=2,players=4,start=1)", "start", "maxn"),
    ("okwe(houses=2,players=4,start=1)", "start", "paranoid 2"),
    ("okwe(houses=2,players=4,start=2)", "start", "maxn"),
    ("okwe(houses=2,players=4,start=2)", "start", "paranoid 1"),
    ("okwe(houses=2,players=4,start=2)", "start", "paranoid 3"),
    ("okwe(houses=2,players=4,start=3)", "start", "maxn"),
    ("okwe(houses=2,players=4,start=3)", "start", "paranoid 4"),
    ("azigo(houses=2,players=4,start=5)", "start", "maxn"),
    ("okwe(houses=2,players=4,start=2)", "0/1/2/2 1-0-1-1 3", "maxn"),
    ("okwe(houses=2,players=4,start=2)", "2/3/0/0 2-0-1-0 1", "maxn"),
    ("okwe(houses=2,players=4,start=2)", "2/3/0/0 2-0-1-0 1", "paranoid 1"),
    "okwe(players=3) on 2 x 3 (interleaved: P1 track 0 4, P2 1 3, P3 2 5)",
    ("okwe(houses=3,players=3,start=1)", "1,0/0,0/0,1 4-0-0 3", "maxn"),
]


def kpo_golden():
    return GoldenFile(
        "kpo-n", "kpo-n.perft", "perft", GENERATED,
        ["Rules: docs/rule-decisions.md, \"Kpo and Azigo/Okwe for three and four players\""
         " (Ludii Kpo.lud,",
         "Culin 1896 pp. 603-604, seed 000)."] + PERFT_FORMAT, KPO_CASES, stop_at_zero=True)


def azigo_golden():
    return GoldenFile(
        "azigo-n", "azigo-n.perft", "perft", GENERATED,
        ["Rules: docs/rule-decisions.md, \"Kpo and Azigo/Okwe for three and four players\""
         " (no source",
         "gives 3-4 player rules; decided from the two-player azigo/okwe rules)."]
        + PERFT_FORMAT, AZIGO_CASES, stop_at_zero=True)


def solved_golden():
    return GoldenFile(
        "solved-n-player", "solved-n-player.txt", "n-solved", GENERATED,
        ["Rules: docs/rule-decisions.md, \"Kpo and Azigo/Okwe for three and four players\".",
         "Format: GAME | POSITION | maxn | V1-V2-...-Vn: the exact max-n score vector (player",
         "1 first): every player maximises its own final score (hand + own houses); among",
         "moves equal for the mover the FIRST IN MOVE ORDER is taken (houses A.. in letter",
         "order, kpo '+' before '-', then 'hand'; 'pass' alone).",
         "GAME | POSITION | paranoid K | V: player K's final score when K maximises it and",
         "all the other players minimise it (the scores sum to the game's seeds, so this",
         "also maximises K's score minus the others' sum).",
         "Both by plain enumeration of the whole game tree; a repeated position (anywhere",
         "earlier in the line) ends the game, scored hand + own houses, as at the end."],
        SOLVED_CASES)


GOLDEN_FILES = [kpo_golden(), azigo_golden(), solved_golden()]
