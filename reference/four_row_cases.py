"""Golden-file cases and hand-worked checks of the four-row games (rules: four_row.py).

selftest(checks): positions sown by hand from seed 000 (Omweso) and seed 003 (Bao la
Kete) and the decisions page, the lap limit and the perft conventions.  GOLDEN_FILES:
the case lists of tests/data/omweso.perft, bao-la-kete.perft, bao-la-kiswahili.perft and
solved-four-row.txt.
"""

from . import four_row
from .driver import (GoldenFile, canonical_game, format_position, parse_game, parse_position,
                     run_perft)
from .four_row import is_bao, start_position


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def selftest(checks):
    """Hand-worked checks (every child position below was sown by hand)."""
    expect, moves, child, value = checks.expect, checks.moves, checks.child, checks.value
    rejected = checks.rejected

    # --- game strings, positions, bad input
    for text, want in [
        ("omweso", "omweso"), ("omweso(start=2)", "omweso"),
        ("omweso(start=2.2.2.2.2.2.2.2.2.2.2.2.2.2.2.2)", "omweso"),
        ("omweso(start=3.3.3.3.3.3.3.3.3.3.3.3.3.3.3.3)", "omweso(start=3)"),
        ("omweso( start=1.1.1.1.0.0.0.0.0.0.0.0.2.2.0.0 )",
         "omweso(start=1.1.1.1.0.0.0.0.0.0.0.0.2.2.0.0)"),
        ("bao-la-kete(reserve=22)", "bao-la-kete"), ("bao-la-kete(reserve=0)", "bao-la-kete(reserve=0)"),
        ("bao-la-kiswahili()", "bao-la-kiswahili"),
    ]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    for text, want in [
        ("bao-la-kete(start=0.0.0.0.0.0.0.0.0.2.2.6.0.0.0.0)", "bao-la-kete"),
        ("bao-la-kete(start=2,reserve=0)", "bao-la-kete(reserve=0,start=2)"),
        ("bao-la-kiswahili(reserve=2,start=0.0.0.0.0.0.0.0.0.2.2.4.0.0.0.0)",
         "bao-la-kiswahili(reserve=2,start=0.0.0.0.0.0.0.0.0.2.2.4.0.0.0.0)"),
    ]:
        expect("canonical " + text, canonical_game(parse_game(text)), want)
    g = parse_game("bao-la-kete(reserve=2,start=0.0.0.0.0.0.0.0.0.2.2.4.0.0.0.0)")
    expect("bao start without kuu", format_position(g, start_position(g)),
           "0,0,0,0,0,0,0,0,0,2,2,4,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,4,0,0,0,0 0-0 S;reserve=2-2")
    expect("bao start T", g["total"], 20)
    expect("omweso T", parse_game("omweso")["total"], 64)
    expect("omweso(start=1.1.1.1.0.0.0.0.0.0.0.0.2.2.0.0) T",
           parse_game("omweso(start=1.1.1.1.0.0.0.0.0.0.0.0.2.2.0.0)")["total"], 16)
    expect("kete T", parse_game("bao-la-kete(reserve=2)")["total"], 24)
    for bad in ["mweso", "omweso(start=0)", "omweso(start=1.2)", "omweso(start=x)",
                "omweso(reserve=2)", "omweso(start=2,start=2)", "omweso(start=2",
                "bao-la-kete(reserve=23)", "bao-la-kete(start=2)", "bao-la-kete(reserve=-1)",
                "bao-la-kiswahili(reserve)", "omweso(start=0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)",
                "bao-la-kete(reserve=1,start=2)", "bao-la-kete(reserve=0,start=0)",
                "bao-la-kete(start=1.2.3)"]:
        rejected("game " + bad, lambda: parse_game(bad))
    kete = parse_game("bao-la-kete")
    expect("kete start text", format_position(kete, start_position(kete)),
           "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
           "reserve=22-22;kuu=SN")
    om = parse_game("omweso")
    expect("omweso start text", format_position(om, start_position(om)),
           ",".join(["2"] * 16) + "/" + ",".join(["2"] * 16) + " 0-0 S")
    g = parse_game("bao-la-kete(reserve=0)")
    for text in ["0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
                 "kuu=SN;takasia=K,k",
                 "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
                 "kuu=N;takasia=p",
                 "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S"]:
        expect("position round trip " + text, format_position(g, parse_position(g, text)), text)
    z = ",".join(["0"] * 16)
    for game_text, bad in [
        ("omweso", "start S"),
        ("omweso", ",".join(["2"] * 16) + "/" + ",".join(["2"] * 15) + " 0-0 S"),
        ("omweso", ",".join(["2"] * 16) + "/" + ",".join(["2"] * 16) + " 0-0 X"),
        ("omweso", ",".join(["2"] * 16) + "/" + ",".join(["2"] * 16) + " 1-0 S"),
        ("omweso", ",".join(["2"] * 16) + "/" + ",".join(["2"] * 16) + " 0-0 S;kuu=SN"),
        ("omweso", ",".join(["3"] * 16) + "/" + ",".join(["2"] * 16) + " 0-0 S"),
        ("omweso", ",".join(["2"] * 16) + "/" + ",".join(["2"] * 16) + "  0-0 S"),
        ("omweso", ",".join(["2"] * 15) + ",-2/" + ",".join(["2"] * 16) + " 0-0 S"),
        ("bao-la-kete", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S"),
        ("bao-la-kete(reserve=0)", z + "/" + z + " 0-0 S;reserve=10-11"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;takasia=k,K"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;reserve=0-0;reserve=0-0"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;kuu=X"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;kuu=S;kuu=S"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;takasia=A"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;takasia=K,L"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;takasia=Q"),
        ("bao-la-kete(reserve=0)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;seen=1"),
        ("bao-la-kete(reserve=1)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;reserve=1-1;takasia=K"),
    ]:
        rejected("position %s %s" % (game_text, bad),
                 lambda: parse_position(parse_game(game_text), bad))

    # --- Omweso: the start (16 forward moves; reverse A-, A-2, B-, B-2, O-, O-2, P-, P-2)
    expect("omweso start moves", moves("omweso", "start"),
           ["A", "A-", "A-2", "B", "B-", "B-2", "C", "D", "E", "F", "G", "H", "I", "J", "K",
            "L", "M", "N", "O", "O-", "O-2", "P", "P-", "P-2"])
    # A-: P, O; O captures j, g (4), sown B..E; E relays F, G, H; H relays I, J, K; K
    # captures n, c, sown L..O; O relays P, A, B, C; C relays D..G; G relays H..K; K
    # relays L..O: O was empty.
    expect("omweso A-", child("omweso", "start", "A-"),
           "1,4,0,4,1,4,0,1,4,4,0,4,4,4,1,4/2,2,0,2,2,2,0,2,2,0,2,2,2,0,2,2 0-0 N")
    # C: D, E; E relays F, G, H; H relays I, J, K; K captures n, c sown L..O; O captures
    # j, g sown P, A, B, C: C was empty.
    expect("omweso C", child("omweso", "start", "C"),
           "3,3,1,3,0,3,3,0,3,3,3,3,3,3,3,3/2,2,0,2,2,2,0,2,2,0,2,2,2,0,2,2 0-0 N")
    g7 = "omweso(start=1.1.1.1.1.1.1.0.0.0.0.0.0.0.0.0)"
    p = "0,1,0,0,0,0,2,0,1,0,0,0,0,0,1,0/2,0,1,0,0,0,4,1,0,0,0,0,0,0,0,1 0-0 S"
    expect("omweso forward capture", child(g7, p, "G"),
           "0,1,0,0,0,0,0,1,2,1,1,1,0,0,1,0/0,0,1,0,0,0,4,1,0,0,0,0,0,0,0,0 0-0 N")
    p = "0,0,0,0,0,0,0,2,0,1,0,1,0,0,0,0/1,1,0,1,0,0,4,0,0,0,0,0,2,0,1,0 0-0 S"
    expect("omweso two captures", child(g7, p, "H"),
           "0,0,0,0,0,0,0,0,1,2,1,2,1,1,1,0/1,0,0,0,0,0,4,0,0,0,0,0,0,0,0,0 0-0 N")
    g15 = "omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.0)"
    p = "3,9,0,0,0,0,0,0,1,0,0,0,1,1,2,7/1,0,0,0,1,1,0,0,0,0,1,1,0,0,0,1 0-0 S"
    expect("omweso reverse moves", moves(g15, p),
           ["A", "A-", "B", "B-", "O", "O-", "P", "P-", "P-2"])
    expect("omweso A- (3)", child(g15, p, "A-"),
           "0,10,1,0,0,0,0,0,1,0,0,0,1,2,3,8/1,0,0,0,1,0,0,0,0,0,0,1,0,0,0,1 0-0 N")
    expect("omweso B- (9)", child(g15, p, "B-"),
           "4,0,1,1,0,0,0,0,2,1,1,1,2,2,3,8/0,0,0,0,1,1,0,0,0,0,1,1,0,0,0,0 0-0 N")
    expect("omweso O- (2)", child(g15, p, "O-"),
           "0,10,1,1,1,0,0,0,1,0,0,0,2,2,0,8/1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 0-0 N")
    expect("omweso P- (7)", child(g15, p, "P-"),
           "4,0,1,1,1,1,1,1,3,2,2,0,3,3,4,1/0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,0 0-0 N")
    expect("omweso P-2", child(g15, p, "P-2"),
           "5,1,1,1,1,1,1,1,3,2,2,0,3,0,5,1/0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,0 0-0 N")
    g13 = "omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.1.0.0.0)"
    p = "1,0,1,0,1,0,1,0,0,0,0,1,0,0,0,1/4,5,0,0,0,0,0,0,1,0,0,0,1,0,6,3 0-0 N"
    expect("omweso North a-", child(g13, p, "a-"),
           "1,0,1,0,0,0,1,0,0,0,0,0,0,0,0,1/0,6,1,0,0,0,0,0,1,0,0,0,2,1,7,4 0-0 S")
    expect("omweso North o-2", child(g13, p, "o-2"),
           "0,0,1,0,0,0,1,0,0,0,0,0,0,0,0,0/0,6,1,1,1,1,0,0,2,1,1,1,3,2,0,4 0-0 S")
    # Figure 28 of seed 000.
    p = "3,0,0,0,0,0,0,0,0,0,0,0,1,1,0,0/0,0,0,0,2,2,0,0,0,0,2,3,0,0,0,0 0-0 S"
    expect("figure 28 moves", moves(g7, p), ["A", "A-", "A-2"])
    expect("figure 28 A-2", child(g7, p, "A-2"),
           "0,1,1,1,1,1,0,0,0,0,0,0,2,3,2,2/" + z + " 0-0 N")
    expect("figure 28 no seeds: no move", moves(g7, "0,1,1,1,1,1,0,0,0,0,0,0,2,3,2,2/" + z
                                                 + " 0-0 N"), [])
    expect("figure 28 value", value(g7, p), 14)
    p = "4,0,0,0,0,0,0,0,0,0,0,0,1,0,15,1/0,0,0,0,1,0,0,1,1,0,0,0,0,0,0,0 0-0 S"
    expect("reverse refused (15 seeds; no capture)",
           moves("omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.0.0.0.0)", p), ["A", "O"])
    g11 = "omweso(start=1.1.1.1.1.1.1.1.1.1.1.0.0.0.0.0)"
    p = "0,0,0,0,0,0,0,0,1,0,0,2,1,1,0,0/1,1,1,1,1,1,1,1,1,1,2,1,1,1,1,1 0-0 S"
    expect("singletons win", child(g11, p, "L"),
           "1,0,0,0,0,0,0,0,1,0,0,0,2,2,1,1/1,1,1,1,1,0,1,1,1,1,0,1,1,1,1,1 0-0 N")
    expect("singletons win value", value(g11, p), 22)
    expect("singletons: no move", moves("omweso(start=1)", "start"), [])
    expect("singletons: value", value("omweso(start=1)", "start"), -32)

    # --- Bao: nemo stage
    expect("kete start moves", moves("bao-la-kete", "start"), ["J+", "J-", "K+", "K-"])
    expect("kete start J+", child("bao-la-kete", "start", "J+"),
           "0,0,0,0,0,0,0,0,0,0,3,7,1,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
           "reserve=21-22;kuu=SN")
    expect("kete start J-", child("bao-la-kete", "start", "J-"),
           "0,0,0,0,0,0,1,1,1,0,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
           "reserve=21-22;kuu=SN")
    for name in ("bao-la-kete", "bao-la-kiswahili"):
        g12 = name + "(reserve=12)"
        # J + the reserve seed captures o (3), sown I, J, K; K relays L, M, N.
        expect(name + " right kimbi", child(g12, "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,"
                                             "0,0,0,0,2,2,6,0,0,3,0 0-0 S;reserve=10-11;kuu=SN",
                                             "J+"),
               "0,0,0,0,0,0,0,0,1,4,0,7,1,1,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
               "reserve=9-11;kuu=SN")
        # O captures j (2), sown P, O; O relays N, M, L: the kuu: stop, or safari K..E.
        p = "0,0,0,0,0,0,0,0,0,2,2,6,0,0,1,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;" \
            "reserve=11-12;kuu=SN"
        expect(name + " left kimbi", moves(g12, p), ["O-", "O-s"])
        expect(name + " kuu stop", child(g12, p, "O-"),
               "0,0,0,0,0,0,0,0,0,2,2,7,1,1,0,1/0,0,0,0,0,0,0,0,0,0,2,6,0,0,0,0 0-0 N;"
               "reserve=10-12;kuu=SN")
        expect(name + " safari", child(g12, p, "O-s"),
               "0,0,0,0,1,1,1,1,1,3,3,0,1,1,0,1/0,0,0,0,0,0,0,0,0,0,2,6,0,0,0,0 0-0 N;"
               "reserve=10-12;kuu=N")
        p = "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,2,0,0 0-0 S;" \
            "reserve=11-11;kuu=SN"
        expect(name + " centre K+", child(g12, p, "K+"),
               "0,0,0,0,0,0,0,0,1,0,4,7,1,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
               "reserve=10-11;kuu=SN")
        expect(name + " centre K-", child(g12, p, "K-"),
               "0,0,0,0,0,0,0,0,0,2,3,6,0,0,1,1/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
               "reserve=10-11;kuu=SN")
        p = "0,0,0,0,0,0,0,0,0,2,2,6,1,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;" \
            "reserve=11-12;kuu=SN"
        expect(name + " kuu captured M-", child(g12, p, "M-"),
               "0,0,0,0,0,0,0,1,1,3,0,7,3,1,1,1/0,0,0,0,0,0,0,0,0,2,2,0,0,0,0,0 0-0 N;"
               "reserve=10-12;kuu=S")
        # J (1) takes the seed: K, L: the kuu: the takata stops.
        expect(name + " takata stops in the kuu", child(
            name + "(reserve=9)", "0,0,0,0,0,0,0,0,0,1,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,"
            "0,0,0 0-0 S;reserve=9-10;kuu=SN", "J+"),
            "0,0,0,0,0,0,0,0,0,0,3,7,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
            "reserve=8-10;kuu=SN")
        expect(name + " takata without kuu", moves(
            name + "(reserve=9)", "0,0,0,0,0,0,0,0,0,1,1,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,"
            "0,0,0 0-0 S;reserve=10-10;kuu=N"), ["L+", "L-"])
        # The kuu holds 8 and is the only occupied front hole: 2 seeds lifted.
        expect(name + " kuu 8", child(
            name + "(reserve=10)", "2,0,0,0,0,0,0,0,0,0,0,8,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,"
            "0,0,0 0-0 S;reserve=10-10;kuu=SN", "L+"),
            "2,0,0,0,0,0,0,0,0,0,0,7,1,1,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
            "reserve=9-10;kuu=SN")
    p = "2,0,0,0,0,0,0,0,0,0,0,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;" \
        "reserve=10-10;kuu=SN"
    expect("kete kuu 6 emptied L+", child("bao-la-kete(reserve=9)", p, "L+"),
           "3,1,1,0,0,0,0,0,0,0,0,0,1,1,1,1/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
           "reserve=9-10;kuu=N")
    expect("kete kuu 6 emptied L-", child("bao-la-kete(reserve=9)", p, "L-"),
           "2,0,0,0,1,1,1,1,1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
           "reserve=9-10;kuu=N")
    expect("kiswahili nyumba 6 taxed L+", child("bao-la-kiswahili(reserve=9)", p, "L+"),
           "2,0,0,0,0,0,0,0,0,0,0,5,1,1,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
           "reserve=9-10;kuu=SN")
    expect("kiswahili nyumba 6 taxed L-", child("bao-la-kiswahili(reserve=9)", p, "L-"),
           "2,0,0,0,0,0,0,0,0,1,1,5,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;"
           "reserve=9-10;kuu=SN")

    # --- Bao: hizi zetu
    g0 = "bao-la-kete(reserve=0)"
    expect("first takata from the kuu", moves(g0, "start"), ["L+", "L-"])
    expect("first takata L+", child(g0, "start", "L+"),
           "1,1,0,0,0,0,0,0,0,2,2,0,1,1,1,1/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 N;kuu=N")
    # H+: I, J; J faces o: capture 2, sown I, J; J relays K, L, M; M relays N, O.
    expect("back-row capture", child(g0, "1,0,0,0,0,0,0,2,0,1,1,0,1,0,0,0/4,4,0,0,0,0,0,0,0,"
                                     "2,2,0,0,0,2,0 0-0 S", "H+"),
           "1,0,0,0,0,0,0,0,2,0,2,1,0,1,1,0/4,4,0,0,0,0,0,0,0,2,2,0,0,0,0,0 0-0 N")
    expect("15 seeds capture", moves(g0, "0,0,0,0,0,0,1,15,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,"
                                     "0,1,0,0,0,0,0,2 0-0 S"), ["H-"])
    expect("17 seeds: no capture", moves(g0, "0,0,0,0,0,0,0,17,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,"
                                         "0,0,1,0,0,0,0,0,1 0-0 S"), ["H+", "H-"])
    expect("front row I", moves(g0, "1,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0/6,6,0,0,0,0,0,0,0,2,2,"
                                "0,0,0,0,0 0-0 S"), ["I+"])
    expect("front row P", moves(g0, "1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3/6,6,0,0,0,0,0,0,0,2,2,"
                                "0,0,0,0,0 0-0 S"), ["P-"])
    expect("front row I with N", moves(g0, "1,0,0,0,0,0,0,0,3,0,0,0,0,1,0,0/6,6,0,0,0,0,0,0,"
                                       "0,2,1,0,0,0,0,0 0-0 S"), ["I+", "I-"])
    # North's k+ (l, m, n): j+ would then take South's L, nothing threatens North.
    p = "0,0,0,0,0,1,1,1,1,0,4,1,1,0,0,0/0,0,0,0,0,1,1,1,1,3,3,0,0,0,0,0 0-0 N"
    expect("takasia set", child(g0, p, "k+"),
           "0,0,0,0,0,1,1,1,1,0,4,1,1,0,0,0/0,0,0,0,0,1,1,1,1,3,0,1,1,1,0,0 0-0 S;takasia=L")
    expect("no takasia (no threat)", child(g0, p, "j+"),
           "0,0,0,0,0,1,1,1,1,0,4,1,1,0,0,0/0,0,0,0,0,1,1,1,1,0,4,1,1,0,0,0 0-0 S")
    expect("takasia: no start from the mark", moves(
        g0, "0,0,0,0,0,1,1,1,1,0,0,2,2,1,1,0/0,0,0,1,1,0,2,0,2,4,0,0,0,0,0,0 0-0 N;takasia=j"),
        ["i+", "i-"])
    expect("takasia: a lap ending in the mark stops", child(
        g0, "1,1,0,0,0,0,0,0,0,2,0,1,1,1,1,1/0,0,0,0,1,1,1,1,2,1,4,0,0,0,0,0 0-0 S;takasia=N",
        "J+"),
        "1,1,0,0,0,0,0,0,0,0,1,0,2,2,1,1/0,0,0,0,1,1,1,1,2,1,4,0,0,0,0,0 0-0 N;takasia=N")
    expect("takasia: first lap from the kuu relays", child(
        g0, "0,0,0,0,0,0,0,0,1,0,0,13,0,0,0,0/2,0,0,0,0,0,0,0,0,0,2,0,2,0,0,0 0-0 S;kuu=S;"
        "takasia=I", "L+"),
        "1,1,1,1,1,1,1,1,0,1,1,0,1,1,1,1/2,0,0,0,0,0,0,0,0,0,2,0,2,0,0,0 0-0 N;takasia=I")
    for pos_text, kete_moves, kiswahili_moves in [
        ("0,0,0,0,0,1,1,1,1,0,0,2,2,1,1,0/0,0,0,1,1,0,2,0,0,5,1,0,0,0,0,0 0-0 S;takasia=j",
         ["M+"], ["L+", "M+"]),
        ("0,0,0,1,1,1,3,0,1,0,0,0,1,0,2,1/0,0,1,1,0,3,0,2,1,1,0,0,0,0,0,0 0-0 N;takasia=O",
         ["h+"], ["f+", "h+"]),
        ("0,2,1,0,0,1,1,0,0,0,1,0,0,1,1,0/1,0,1,1,1,0,0,0,0,1,0,2,1,3,0,1 0-0 N;takasia=K",
         ["l+"], ["l+", "l-"]),
    ]:
        expect("kete takasia priority " + pos_text, moves(g0, pos_text), kete_moves)
        expect("kiswahili no priority " + pos_text,
               moves("bao-la-kiswahili(reserve=0)", pos_text), kiswahili_moves)
    p = "4,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S"
    expect("bao hamna", moves(g0, p), [])
    expect("bao hamna value", value(g0, p), -20)
    p = "1,0,0,0,0,0,0,2,0,1,0,0,0,0,0,0/6,6,0,0,0,0,0,0,0,0,0,0,0,0,4,0 0-0 S"
    expect("capturing the last front seeds", value(g0, p), 20)
    expect("singletons", moves(g0, "1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0/2,0,0,0,0,0,0,0,0,2,2,2,"
                               "0,0,0,0 0-0 S"), [])

    # --- the lap limit: omweso's C from the start takes 5 laps (C; relay E; relay H;
    # capture at K; capture at O, ending in C); the Bao right-kimbi capture J+ takes 2
    # (the captured seeds; relay K)
    saved = four_row.LAP_LIMIT
    try:
        for limit, want in [(5, True), (4, False)]:
            four_row.LAP_LIMIT = limit
            four_row._last[0] = None
            expect("omweso C with lap limit %d" % limit, "C" in moves("omweso", "start"), want)
        for limit, want in [(2, ["J+"]), (1, [])]:
            four_row.LAP_LIMIT = limit
            four_row._last[0] = None
            expect("kete J+ with lap limit %d" % limit, moves(
                "bao-la-kete(reserve=12)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,"
                "2,2,6,0,0,3,0 0-0 S;reserve=10-11;kuu=SN"), want)
    finally:
        four_row.LAP_LIMIT = saved
        four_row._last[0] = None

    # --- perft conventions
    expect("perft depth 0", run_perft(om, start_position(om), 0), 1)
    expect("perft omweso 1", run_perft(om, start_position(om), 1), 24)
    expect("perft kete 1", run_perft(kete, start_position(kete), 1), 4)


# ---------------------------------------------------------------------------
# Golden files.  A case is a comment (str) or (game, position, depths) in a .perft
# file, (game, position) in a solved file.  For Bao a comment '# (<other Bao game>
# gives N here)' precedes a line where the other game differs.
# ---------------------------------------------------------------------------

GENERATED_BY = [
    "# Generated by reference/four_row.py (independent Python reference",
    "# implementation, written from shared/RULES.md, docs/rule-decisions-four-row.md",
    "# and the seeds shared/seeds/000_*.txt and 003_*.txt, without looking at the Rust code).",
]

PERFT_HEADER = [
    "Format: GAME | POSITION | DEPTH | COUNT = number of move sequences of exactly DEPTH",
    "plies (a line that ends before DEPTH counts 0, one that ends exactly at DEPTH counts 1).",
    "A repeated position (board, side, reserves, kuu flags, takasia marks; root included)",
    "ends the line.  A move that has not ended after 1,000 laps (among them every move",
    "whose sowing repeats a state, which never ends) is endless and not legal.",
]

SOLVED_HEADER = [
    "Rules: shared/RULES.md §9-§10 and docs/rule-decisions-four-row.md.",
    "Format: GAME | POSITION | VALUE = exact value for the side to move, in seeds, perfect",
    "play, full negamax with the repetition history of the line (the root included): -T",
    "when the side to move loses (no legal move, or a Bao front row empty), +T when it",
    "wins (T = the game's total), or, when the game ends by repetition, the seeds on the",
    "mover's 16 holes plus their reserve minus the opponent's.",
]


def other_bao(game_text):
    """The same game string under the other Bao game."""
    if game_text.startswith("bao-la-kete"):
        return "bao-la-kiswahili" + game_text[len("bao-la-kete"):]
    return "bao-la-kete" + game_text[len("bao-la-kiswahili"):]


def compare(game, extra):
    """Bao: the same game string under the other Bao game."""
    if not is_bao(game):
        return []
    return [(parse_game(other_bao(canonical_game(game))), [])]


OM7 = "omweso(start=1.1.1.1.1.1.1.0.0.0.0.0.0.0.0.0)"   # 14 seeds

OMWESO_PERFT_CASES = [
    "Start position (2 seeds in every hole; 16 forward moves and the reverse moves A-, A-2,",
    "B-, B-2, O-, O-2, P-, P-2)",
    ("omweso", "start", range(1, 6)),
    "Reduced starts: one number (seeds in every hole) or 16 numbers (holes A..P of each player)",
    ("omweso(start=1)", "start", [0, 1]),
    # (No omweso(start=3) or start=4 here: the Rust game string takes at most 32 seeds a
    # player, so tests/data/omweso.perft never had them.)
    ("omweso(start=1.1.1.1.0.0.0.0.0.0.0.0.2.2.0.0)", "start", range(1, 15)),
    ("omweso(start=0.0.0.0.0.0.0.0.2.2.2.2.0.0.0.0)", "start", range(1, 13)),
    ("omweso(start=2.0.2.0.2.0.2.0.2.0.2.0.2.0.2.0)", "start", range(1, 9)),
    ("omweso(start=4.4.4.4.4.4.4.4.0.0.0.0.0.0.0.0)", "start", range(1, 8)),
    "Forward capture: G ends in I (occupied), facing p and a (both occupied): both are",
    "captured and sown from the next hole J (J, K, L)",
    (OM7, "0,1,0,0,0,0,2,0,1,0,0,0,0,0,1,0/2,0,1,0,0,0,4,1,0,0,0,0,0,0,0,1 0-0 S", range(1, 8)),
    "Two captures in one move: H ends in J (captures o, b: sown K, L), L captures m, d",
    (OM7, "0,0,0,0,0,0,0,2,0,1,0,1,0,0,0,0/1,1,0,1,0,0,4,0,0,0,0,0,2,0,1,0 0-0 S", range(1, 8)),
    "The start after South's A- and after South's C (North to move; some of North's",
    "reverse moves are gone with the holes South captured)",
    ("omweso", "1,4,0,4,1,4,0,1,4,4,0,4,4,4,1,4/2,2,0,2,2,2,0,2,2,0,2,2,2,0,2,2 0-0 N",
     range(1, 5)),
    ("omweso", "3,3,1,3,0,3,3,0,3,3,3,3,3,3,3,3/2,2,0,2,2,2,0,2,2,0,2,2,2,0,2,2 0-0 N",
     range(1, 5)),
    "Reverse moves from A (3 seeds, ends in N), B (9, ends in I), O (2, ends in M) and P",
    "(7, ends in I; then P-2: a second reverse lap from O ends in N and captures k, f)",
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.0)",
     "3,9,0,0,0,0,0,0,1,0,0,0,1,1,2,7/1,0,0,0,1,1,0,0,0,0,1,1,0,0,0,1 0-0 S", range(1, 5)),
    "Reverse moves of North: a (4 seeds) and b (5) end in m (captures L, E), o (6) ends in",
    "i (captures P, A; o-2: a second lap from n ends in m), p (3) ends in m",
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.1.0.0.0)",
     "1,0,1,0,1,0,1,0,0,0,0,1,0,0,0,1/4,5,0,0,0,0,0,0,1,0,0,0,1,0,6,3 0-0 N", range(1, 5)),
    "Seed 000 figure 28: A's 3 seeds sown backwards capture k and f; a second reverse lap",
    "from P captures l and e (A-2), then forwards from B; North is left without seeds",
    (OM7, "3,0,0,0,0,0,0,0,0,0,0,0,1,1,0,0/0,0,0,0,2,2,0,0,0,0,2,3,0,0,0,0 0-0 S", range(1, 8)),
    "Reverse moves refused: O holds 15 (its backward lap would end in P facing i and h: a",
    "capture, but more than 9 seeds), A's 4 end in M facing l = 0 (no capture)",
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.0.0.0.0)",
     "4,0,0,0,0,0,0,0,0,0,0,0,1,0,15,1/0,0,0,0,1,0,0,1,1,0,0,0,0,0,0,0 0-0 S", range(1, 8)),
    "Win by leaving only singletons: South's only move L captures k and f (North's only",
    "2-seed hole), North then has no move",
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.1.0.0.0.0.0)",
     "0,0,0,0,0,0,0,0,1,0,0,2,1,1,0,0/1,1,1,1,1,1,1,1,1,1,2,1,1,1,1,1 0-0 S", range(0, 4)),
    "A player without a hole of 2 or more seeds has lost (no move)",
    ("omweso(start=1)", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,2,2,1,1,2,2,1,1,2,2 0-0 S",
     [0, 1]),
    "Endless moves (not legal): H never ends (D and M do); E, South's only candidate, never",
    "ends: no legal move, South has lost; P never ends (the 9 other moves do)",
    ("omweso(start=9.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)",
     "0,1,0,2,1,0,1,2,0,1,0,1,2,1,0,1/1,0,0,0,1,0,0,1,0,0,0,0,1,1,0,0 0-0 S", range(1, 8)),
    ("omweso(start=6.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)",
     "0,1,0,1,3,1,0,1,0,1,0,1,0,1,0,1/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 0-0 S", [0, 1]),
    ("omweso(start=16.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)",
     "2,4,0,1,2,3,2,0,1,2,3,0,3,2,1,2/1,0,0,0,1,1,1,0,0,0,0,0,0,0,0,0 0-0 S", range(1, 8)),
]

BAO_COMMON_CASES = [
    "Nemo capture from the right kimbi: J (facing o) captures o's 3, sown from I forwards",
    ("{g}(reserve=12)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,3,0 0-0 S;"
     "reserve=10-11;kuu=SN", range(1, 9)),
    "Nemo capture from the left kimbi: O captures j, sown from P backwards; the lap ends in",
    "the functional kuu: stop (O-) or safari (O-s, the kuu is lost)",
    ("{g}(reserve=12)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,1,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=11-12;kuu=SN", range(1, 9)),
    "Nemo capture from the centre: K captures n, the kichwa is chosen (K+ from I, K- from P)",
    ("{g}(reserve=12)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,2,0,0 0-0 S;"
     "reserve=11-11;kuu=SN", range(1, 9)),
    "Nemo capture of the opponent's kuu (M faces l): North loses the kuu",
    ("{g}(reserve=12)", "0,0,0,0,0,0,0,0,0,2,2,6,1,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=11-12;kuu=SN", range(1, 9)),
    "Central nemo captures without kuus (M takes l, N takes k)",
    ("{g}(reserve=9)", "0,0,0,0,0,0,0,0,0,1,1,0,1,1,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=12-12;kuu=N", range(1, 9)),
    "Nemo takata with a functional kuu: any occupied front hole but the kuu (J holds 1);",
    "J+ ends its lap in the kuu: the move stops there",
    ("{g}(reserve=9)", "0,0,0,0,0,0,0,0,0,1,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=9-10;kuu=SN", range(1, 9)),
    "Nemo takata without a kuu: only holes with 2 or more (L, no longer a kuu, holds 6)",
    ("{g}(reserve=9)", "0,0,0,0,0,0,0,0,0,1,1,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=10-10;kuu=N", range(1, 9)),
    "Nemo takata without a kuu, every occupied front hole a singleton: any of them",
    ("{g}(reserve=9)", "0,0,0,0,0,0,0,0,0,1,1,0,0,0,0,1/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=12-13;kuu=N", range(1, 9)),
    "The kuu is the only occupied front hole and holds exactly 6: Bao la Kete empties it (7",
    "seeds sown, the kuu is lost); Bao la Kiswahili taxes the nyumba (2 seeds lifted)",
    ("{g}(reserve=9)", "2,0,0,0,0,0,0,0,0,0,0,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=10-10;kuu=SN", range(1, 9)),
    "The kuu is the only occupied front hole and holds more than 6 (8): 2 seeds lifted",
    ("{g}(reserve=10)", "2,0,0,0,0,0,0,0,0,0,0,8,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=10-10;kuu=SN", range(1, 9)),
    "An owned kuu with 5 seeds (not functional, as after a nyumba tax): it may be the",
    "takata hole like any hole with 2 or more and is then lifted whole and lost",
    ("{g}(reserve=8)", "0,0,0,0,0,0,0,0,0,2,0,5,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=9-10;kuu=SN", range(1, 9)),
    "A takata lap ending in that 5-seed kuu makes it 6 (functional when the lap ends: stop;",
    "this reference counts the kuu's seeds after the last seed is dropped)",
    ("{g}(reserve=8)", "0,0,0,0,0,0,0,0,2,0,0,5,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=9-10;kuu=SN", range(1, 9)),
    "Hizi zetu capture from the back row: H+ ends in J facing o (compulsory, the only move)",
    ("{g}(reserve=0)", "1,0,0,0,0,0,0,2,0,1,1,0,1,0,0,0/4,4,0,0,0,0,0,0,0,2,2,0,0,0,2,0 0-0 S",
     range(1, 9)),
    "The 16-seed rule: H's 15 seeds sown backwards end in I facing p: a capture (the only",
    "legal move); with 17 (forwards: ends in I again) or 16 seeds no capture, a takata",
    ("{g}(reserve=0)", "0,0,0,0,0,0,1,15,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,2 0-0 S",
     range(1, 9)),
    ("{g}(reserve=0)", "0,0,0,0,0,0,0,17,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1 0-0 S",
     range(1, 9)),
    ("{g}(reserve=0)", "0,0,0,0,0,0,0,16,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,2 0-0 S",
     range(1, 9)),
    "Front row: the only occupied front hole is a kichwa: I may not be sown backwards, P not",
    "forwards; with N also occupied, I- is allowed",
    ("{g}(reserve=0)", "1,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0/6,6,0,0,0,0,0,0,0,2,2,0,0,0,0,0 0-0 S",
     range(1, 9)),
    ("{g}(reserve=0)", "1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3/6,6,0,0,0,0,0,0,0,2,2,0,0,0,0,0 0-0 S",
     range(1, 9)),
    ("{g}(reserve=0)", "1,0,0,0,0,0,0,0,3,0,0,0,0,1,0,0/6,6,0,0,0,0,0,0,0,2,1,0,0,0,0,0 0-0 S",
     range(1, 9)),
    "First takata from the kuu: hizi zetu with a functional kuu, other front holes hold 2",
    "or more (J, K and P): only L+ and L-",
    ("{g}(reserve=1)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,2/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "kuu=SN", range(1, 9)),
    "Takasia set: after North's k+ (a takata) South's L is the only threatened hole and no",
    "North hole is threatened: L is marked",
    ("{g}(reserve=0)", "0,0,0,0,0,1,1,1,1,0,4,1,1,0,0,0/0,0,0,0,0,1,1,1,1,3,3,0,0,0,0,0 0-0 N",
     range(1, 9)),
    "Takasia: the side to move may not start from its marked hole (North's j: only i+, i-)",
    ("{g}(reserve=0)", "0,0,0,0,0,1,1,1,1,0,0,2,2,1,1,0/0,0,0,1,1,0,2,0,2,4,0,0,0,0,0,0 0-0 N;"
     "takasia=j", range(1, 9)),
    ("{g}(reserve=0)", "0,0,0,1,1,0,0,1,1,1,0,0,0,3,2,1/0,2,1,0,0,0,1,1,0,0,1,1,2,0,0,0 0-0 S;"
     "takasia=N", range(1, 9)),
    "Takasia: a lap ending in the marked hole stops (J+: K, L; L relayed: M, N; N marked)",
    ("{g}(reserve=0)", "1,1,0,0,0,0,0,0,0,2,0,1,1,1,1,1/0,0,0,0,1,1,1,1,2,1,4,0,0,0,0,0 0-0 S;"
     "takasia=N", range(1, 9)),
    "Takasia: except the first lap of a move from the kuu (L+ with 13 ends in the marked I,",
    "which is relayed)",
    ("{g}(reserve=0)", "0,0,0,0,0,0,0,0,1,0,0,13,0,0,0,0/2,0,0,0,0,0,0,0,0,0,2,0,2,0,0,0 0-0 S;"
     "kuu=S;takasia=I", range(1, 9)),
    "Takasia priority (Bao la Kete only): South marked North's j; M+ captures j, L+ captures",
    "k: only M+ (North's h+ / l+ and South's O- likewise)",
    ("{g}(reserve=0)", "0,0,0,0,0,1,1,1,1,0,0,2,2,1,1,0/0,0,0,1,1,0,2,0,0,5,1,0,0,0,0,0 0-0 S;"
     "takasia=j", range(1, 9)),
    ("{g}(reserve=0)", "0,0,0,1,1,1,3,0,1,0,0,0,1,0,2,1/0,0,1,1,0,3,0,2,1,1,0,0,0,0,0,0 0-0 N;"
     "takasia=O", range(1, 9)),
    ("{g}(reserve=0)", "0,2,1,0,0,1,1,0,0,0,1,0,0,1,1,0/1,0,1,1,1,0,0,0,0,1,0,2,1,3,0,1 0-0 N;"
     "takasia=K", range(1, 9)),
    ("{g}(reserve=0)", "2,0,1,1,0,0,0,1,0,1,0,0,3,0,2,2/1,0,0,1,1,0,0,0,0,0,0,1,0,1,1,1 0-0 S;"
     "takasia=l", range(1, 9)),
    "Bao hamna: the side to move has an empty front row and has lost",
    ("{g}(reserve=0)", "4,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S",
     [0, 1]),
    ("{g}(reserve=3)", "4,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=3-3", [0, 1]),
    "Capturing the opponent's last front seeds (North's o; South's H+ then North has lost)",
    ("{g}(reserve=0)", "1,0,0,0,0,0,0,2,0,1,0,0,0,0,0,0/6,6,0,0,0,0,0,0,0,0,0,0,0,0,4,0 0-0 S",
     range(1, 4)),
    "Singletons: every hole holds at most 1 and no capture: no move, lost",
    ("{g}(reserve=0)", "1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0/2,0,0,0,0,0,0,0,0,2,2,2,0,0,0,0 0-0 S",
     [0, 1]),
    "Endless moves (not legal): 7 of South's 8 takatas never end (only L+ is legal); L-",
    "and P+ never end; E+ and E- both never end: South has no legal move and has lost",
    ("{g}(reserve=3)", "1,0,1,2,1,0,1,0,3,1,4,3,1,0,1,3/0,0,0,0,0,1,2,0,0,1,0,0,0,0,0,0 0-0 S",
     range(1, 9)),
    ("{g}(reserve=0)", "0,1,2,1,0,1,2,1,0,1,0,2,1,2,1,2/0,0,1,0,0,0,1,1,0,0,0,0,0,0,0,0 0-0 S",
     range(1, 9)),
    ("{g}(reserve=0)", "0,1,0,1,3,1,0,1,0,1,0,1,0,1,0,1/8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 0-0 S",
     [0, 1]),
]


def bao_cases(name, start_depths):
    cases = [
        "Start position (22 seeds in reserve each; nemo stage)",
        (name, "start", start_depths),
        "Reduced reserves (the same board; reserve=0 starts in hizi zetu)",
        (name + "(reserve=0)", "start", range(1, 15)),
        (name + "(reserve=1)", "start", range(1, 14)),
        (name + "(reserve=2)", "start", range(1, 14)),
        (name + "(reserve=3)", "start", range(1, 13)),
        "Reduced start boards (the start key, both players alike; a kuu only if L holds 6",
        "or more): L = 4 (no kuu); 2 in every hole (T = 64, hizi zetu, no kuu); 1 in every",
        "hole (singletons: South has lost); an empty board (front row empty: South has lost)",
        (name + "(reserve=2,start=0.0.0.0.0.0.0.0.0.2.2.4.0.0.0.0)", "start", range(1, 11)),
        (name + "(reserve=0,start=2)", "start", range(1, 6)),
        (name + "(reserve=4,start=0.0.0.0.0.0.0.0.1.1.1.6.1.1.1.1)", "start", range(1, 8)),
        (name + "(reserve=0,start=1)", "start", [0, 1]),
        (name + "(reserve=10,start=0)", "start", [0, 1]),
    ]
    for case in BAO_COMMON_CASES:
        if isinstance(case, str):
            cases.append(case)
        else:
            cases.append((case[0].replace("{g}", name),) + tuple(case[1:]))
    return cases


KETE_PERFT_CASES = bao_cases("bao-la-kete", range(1, 12))
KISWAHILI_PERFT_CASES = bao_cases("bao-la-kiswahili", range(1, 12))

O7 = "omweso(start=1.1.1.1.1.1.1.0.0.0.0.0.0.0.0.0)"
O8 = "omweso(start=1.1.1.1.1.1.1.1.0.0.0.0.0.0.0.0)"
O9 = "omweso(start=1.1.1.1.1.1.1.1.1.0.0.0.0.0.0.0)"
K0 = "bao-la-kete(reserve=0)"
S0 = "bao-la-kiswahili(reserve=0)"

SOLVED_CASES = [
    "Omweso: lost at once (no hole with 2 or more seeds; every move endless)",
    ("omweso(start=1)", "start"),
    ("omweso(start=6.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)",
     "0,1,0,1,3,1,0,1,0,1,0,1,0,1,0,1/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 0-0 S"),
    "Omweso: won at once (B-2 captures all 64 of North's seeds; seed 000 figure 28; a",
    "capture leaving only singletons; reverse moves)",
    ("omweso(start=4)", "start"),
    (O7, "3,0,0,0,0,0,0,0,0,0,0,0,1,1,0,0/0,0,0,0,2,2,0,0,0,0,2,3,0,0,0,0 0-0 S"),
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.1.0.0.0.0.0)",
     "0,0,0,0,0,0,0,0,1,0,0,2,1,1,0,0/1,1,1,1,1,1,1,1,1,1,2,1,1,1,1,1 0-0 S"),
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.1.1.1.0.0.0)",
     "1,0,1,0,1,0,1,0,0,0,0,1,0,0,0,1/4,5,0,0,0,0,0,0,1,0,0,0,1,0,6,3 0-0 N"),
    "Omweso: small starts",
    ("omweso(start=2.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)", "start"),
    ("omweso(start=2.0.0.0.0.0.0.0.2.0.0.0.0.0.0.0)", "start"),
    ("omweso(start=1.1.0.0.0.0.0.0.0.0.0.0.0.0.1.1)", "start"),
    ("omweso(start=0.0.0.0.0.0.0.0.1.1.1.1.1.1.1.1)", "start"),
    "Omweso: midgames with few seeds (wins and losses for either side to move)",
    (O7, "0,1,0,0,0,0,2,0,1,0,0,0,0,0,1,0/2,0,1,0,0,0,4,1,0,0,0,0,0,0,0,1 0-0 S"),
    (O7, "0,0,0,0,0,0,0,2,0,1,0,1,0,0,0,0/1,1,0,1,0,0,4,0,0,0,0,0,2,0,1,0 0-0 S"),
    (O7, "0,2,0,1,0,0,2,0,0,0,0,1,1,0,0,2/3,1,0,0,0,0,0,0,0,0,0,0,0,1,0,0 0-0 S"),
    (O7, "0,0,0,0,0,0,0,0,2,1,0,0,0,0,0,0/0,1,0,0,3,1,0,0,0,1,2,0,2,1,0,0 0-0 S"),
    (O8, "2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2/0,1,1,1,0,0,0,0,1,2,1,2,0,1,0,2 0-0 S"),
    (O8, "0,0,0,0,0,1,0,0,0,0,0,0,0,2,1,0/0,1,1,2,0,2,0,0,1,0,0,2,0,2,1,0 0-0 N"),
    (O8, "1,0,0,2,0,0,1,3,1,1,0,1,1,1,0,0/0,0,0,3,1,0,0,0,0,0,0,0,0,0,0,0 0-0 N"),
    (O8, "0,0,0,0,1,2,1,0,0,0,0,1,0,0,0,0/0,0,0,2,0,1,2,0,0,1,0,2,1,0,0,2 0-0 N"),
    (O9, "2,0,1,2,0,0,0,0,0,0,0,1,0,0,1,0/2,1,0,0,0,2,0,0,1,2,0,1,0,0,2,0 0-0 S"),
    ("omweso(start=1.1.1.1.1.1.1.1.1.1.0.0.0.0.0.0)",
     "1,1,1,0,2,1,0,0,0,0,0,0,0,0,1,0/2,1,1,0,1,0,1,0,0,1,0,2,1,1,0,2 0-0 N"),
    "Omweso: the game ends by repetition under perfect play (own seeds minus the",
    "opponent's: 0, -2, +4, 0)",
    ("omweso(start=1.1.1.1.1.1.0.0.0.0.0.0.0.0.0.0)",
     "0,0,1,0,0,0,0,0,2,2,0,1,0,0,0,0/0,1,0,0,0,0,2,1,0,0,0,0,0,0,1,1 0-0 S"),
    ("omweso(start=1.1.1.1.1.1.0.0.0.0.0.0.0.0.0.0)",
     "1,0,0,0,0,0,0,1,0,2,1,0,0,0,0,0/0,0,0,0,1,0,0,2,0,1,1,0,1,0,0,1 0-0 S"),
    ("omweso(start=1.1.1.1.1.0.0.0.0.0.0.0.0.0.0.0)",
     "0,1,0,0,1,0,0,1,0,0,2,1,0,1,0,0/0,0,0,0,0,0,0,0,0,0,0,0,2,1,0,0 0-0 S"),
    ("omweso(start=1.1.1.1.1.0.0.0.0.0.0.0.0.0.0.0)",
     "1,0,0,0,0,0,0,0,1,2,1,0,0,0,0,0/0,0,0,0,0,1,0,0,0,1,2,1,0,0,0,0 0-0 N"),
    "Bao la Kete: reserve=0 start (hizi zetu, first takata from the kuu) and the same",
    "with a third 2-seed front hole",
    (K0, "start"),
    ("bao-la-kete(reserve=1)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,2/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "kuu=SN"),
    "Bao la Kete: reduced start boards (L = 4: no kuu; 1 in every hole: singletons)",
    ("bao-la-kete(reserve=0,start=0.0.0.0.0.0.0.0.0.2.2.4.0.0.0.0)", "start"),
    ("bao-la-kete(reserve=0,start=1)", "start"),
    "Bao la Kete: lost at once (Bao hamna, singletons, every move endless) and won at once",
    (K0, "4,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S"),
    ("bao-la-kete(reserve=3)", "4,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;"
     "reserve=3-3"),
    (K0, "1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0/2,0,0,0,0,0,0,0,0,2,2,2,0,0,0,0 0-0 S"),
    (K0, "0,1,0,1,3,1,0,1,0,1,0,1,0,1,0,1/8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 0-0 S"),
    (K0, "1,0,0,0,0,0,0,2,0,1,0,0,0,0,0,0/6,6,0,0,0,0,0,0,0,0,0,0,0,0,4,0 0-0 S"),
    "Bao la Kete: a nemo capture at the last reserve seed (reserve 1-0)",
    ("bao-la-kete(reserve=1)", "0,0,0,0,0,0,0,0,0,0,0,6,0,0,0,0/1,0,0,0,0,0,0,0,1,1,1,7,1,1,1,1 0-0 S;"
     "reserve=1-0;kuu=S"),
    ("bao-la-kete(reserve=1)", "1,1,1,0,0,0,0,0,0,2,0,0,0,2,1,0/0,0,0,0,0,0,0,0,1,4,1,8,0,0,0,0 0-0 S;"
     "kuu=N"),
    "Bao la Kete: takasia marks (the mover's own mark; the priority)",
    (K0, "1,1,0,0,0,0,0,0,0,2,0,1,1,1,1,1/0,0,0,0,1,1,1,1,2,1,4,0,0,0,0,0 0-0 S;takasia=N"),
    (K0, "0,2,1,0,0,1,1,0,0,0,1,0,0,1,1,0/1,0,1,1,1,0,0,0,0,1,0,2,1,3,0,1 0-0 N;takasia=K"),
    (K0, "2,0,1,1,0,0,0,1,0,1,0,0,3,0,2,2/1,0,0,1,1,0,0,0,0,0,0,1,0,1,1,1 0-0 S;takasia=l"),
    "Bao la Kete: hizi zetu midgames of 20 seeds",
    (K0, "1,1,0,1,1,0,0,0,0,1,0,5,2,0,0,0/0,0,1,0,0,0,0,0,1,0,1,1,1,0,3,0 0-0 N;kuu=S"),
    (K0, "0,0,0,0,0,1,0,0,1,2,0,0,1,2,1,0/0,0,0,1,0,0,0,2,1,3,2,1,1,0,1,0 0-0 S"),
    (K0, "0,0,0,0,0,1,1,0,2,2,0,0,1,0,1,1/0,1,0,1,1,0,0,0,1,2,0,2,0,1,1,1 0-0 S"),
    (K0, "1,0,0,0,1,0,1,0,1,0,2,1,0,2,2,1/1,1,0,0,0,0,0,0,1,1,2,0,1,0,1,0 0-0 S"),
    (K0, "0,0,1,0,1,1,1,0,0,1,0,2,0,2,2,1/0,0,0,0,0,0,1,0,1,1,0,1,2,1,0,1 0-0 N"),
    "Bao la Kiswahili: reserve=0 start, lost / won at once",
    (S0, "start"),
    (S0, "4,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S"),
    (S0, "0,1,0,1,3,1,0,1,0,1,0,1,0,1,0,1/8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 0-0 S"),
    (S0, "1,0,0,0,0,0,0,2,0,1,0,0,0,0,0,0/6,6,0,0,0,0,0,0,0,0,0,0,0,0,4,0 0-0 S"),
    ("bao-la-kiswahili(reserve=1)", "0,0,0,0,0,0,0,0,0,0,0,6,0,0,0,0/1,0,0,0,0,0,0,0,1,1,1,7,1,1,1,"
     "1 0-0 S;reserve=1-0;kuu=S"),
    "Bao la Kiswahili: takasia marks (no priority in this game)",
    (S0, "0,2,1,0,0,1,1,0,0,0,1,0,0,1,1,0/1,0,1,1,1,0,0,0,0,1,0,2,1,3,0,1 0-0 N;takasia=K"),
    (S0, "2,0,1,1,0,0,0,1,0,1,0,0,3,0,2,2/1,0,0,1,1,0,0,0,0,0,0,1,0,1,1,1 0-0 S;takasia=l"),
    (S0, "0,0,0,1,1,0,0,1,1,1,0,0,0,3,2,1/0,2,1,0,0,0,1,1,0,0,1,1,2,0,0,0 0-0 S;takasia=N"),
    "Bao la Kiswahili: hizi zetu (mtaji) midgames of 20 seeds",
    (S0, "0,0,0,0,1,0,1,2,4,0,1,2,1,0,0,0/0,0,1,0,0,0,0,0,0,0,1,1,1,2,1,1 0-0 S"),
    (S0, "0,0,0,1,0,1,1,0,0,3,1,0,1,4,0,0/0,0,0,0,0,1,1,0,0,1,0,1,0,2,1,1 0-0 N"),
    (S0, "0,0,0,0,0,0,0,0,1,2,2,2,2,0,1,1/0,1,0,0,1,0,0,0,2,0,1,1,1,0,1,1 0-0 N"),
    (S0, "0,0,0,0,1,0,0,1,1,1,1,3,0,0,1,0/0,1,1,0,0,0,1,0,4,1,0,0,0,2,1,0 0-0 S"),
    (S0, "0,0,0,0,0,0,1,0,4,1,2,2,0,0,1,1/0,0,0,0,0,1,1,0,0,1,0,2,0,2,0,1 0-0 N"),
    (S0, "0,0,0,1,0,0,0,0,0,1,0,0,0,2,3,2/0,0,0,0,0,0,1,0,2,3,1,1,0,3,0,0 0-0 S"),
    (S0, "0,0,1,0,0,1,0,0,0,3,2,0,2,0,0,1/2,0,0,0,1,0,1,0,0,1,0,1,1,0,3,0 0-0 S"),
    (S0, "0,0,0,0,2,0,0,0,0,2,0,0,1,0,2,1/0,0,0,0,0,0,0,0,3,2,2,0,1,0,3,1 0-0 S"),
    ("bao-la-kiswahili(reserve=1)",
     "1,0,0,2,0,0,0,2,0,1,1,1,0,1,1,2/0,1,1,0,0,0,1,0,3,0,1,3,0,0,0,0 0-0 N"),
    ("bao-la-kiswahili(reserve=1)",
     "0,0,0,1,1,0,0,1,1,1,1,2,0,1,1,2/0,0,0,0,0,0,0,0,1,0,5,2,1,1,0,0 0-0 N"),
]


def perft_file(name, cases, header):
    return GoldenFile(name, name + ".perft", "perft", GENERATED_BY, header, cases, compare,
                      stop_at_zero=True)


def bao_perft_header(name):
    return (["Rules: shared/RULES.md §10 and docs/rule-decisions-four-row.md (%s)." % name]
            + PERFT_HEADER
            + ["A '# (%s gives N here)' comment: the count under the other Bao game,"
               % other_bao(name),
               "where it differs (the kuu six-floor emptying, the nyumba tax, the takasia "
               "priority)."])


GOLDEN_FILES = [
    perft_file("omweso", OMWESO_PERFT_CASES,
               ["Rules: shared/RULES.md §9 and docs/rule-decisions-four-row.md (omweso)."]
               + PERFT_HEADER),
    perft_file("bao-la-kete", KETE_PERFT_CASES, bao_perft_header("bao-la-kete")),
    perft_file("bao-la-kiswahili", KISWAHILI_PERFT_CASES, bao_perft_header("bao-la-kiswahili")),
    GoldenFile("solved-four-row", "solved-four-row.txt", "solved", GENERATED_BY,
               SOLVED_HEADER + ["A '# (... gives V here)' comment: the value under the other "
                                "Bao game,", "where it differs."],
               SOLVED_CASES, compare),
]
