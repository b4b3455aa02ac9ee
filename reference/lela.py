"""Independent reference rules of Lela (Kuba; plain Python 3, standard library only).

Written from docs/rule-decisions-four-row.md (section `lela`), shared/RULES.md (sections
0, 11, 12) and the source shared/seeds/000_*.txt alone, BEFORE and WITHOUT looking at the
Rust code (src/rules/lela.rs), so that the two implementations fail independently.  Simple,
slow, obvious: plain lists, plain loops.  The command line, perft, the solver and the golden
files are in driver.py; the golden-file cases and the hand-worked checks in lela_cases.py.

Readings of points the decisions page leaves open (the most literal one each time):
  * "was occupied" at a lap end = the hole holds 2 or more after the last seed.
  * Lap counting for the 1,000-lap limit: every sowing is a lap (the first lift and each
    relay); a move needing a 1,001st lap is endless.  A placement is not a sowing.
  * "Either player has no seeds left in holes and hand" is checked before the legal moves:
    such a position is over whoever is to move.

A position is a tuple (board, side, hands, stores):
  board   tuple of 28 ints: South's holes 0..13 (A..N), then North's (a..n), each
          player's holes in their own sowing order (outer row A..G left to right, inner
          row H..N right to left)
  side    0 = South to move, 1 = North
  hands   (south, north): seeds still to place
  stores  (south, north)
"""

from .driver import UsageError, parse_int, position_text, split_game, split_position


NAMES = ("lela",)
HOLES = 14        # holes per player
INNER = 7         # H: the first inner-row hole
DEFAULT_START = (9, 6, 2, 1) + (0,) * 10   # seed 000
DEFAULT_HAND = 3                            # seed 000
MAX_HAND = 7
MAX_TOTAL = 64
LAP_LIMIT = 1000


# ---------------------------------------------------------------------------
# Game strings
# ---------------------------------------------------------------------------

def keys_of(name):
    if name not in NAMES:
        raise UsageError("unknown game %r (this reference knows %s)" % (name, ", ".join(NAMES)))
    return ("hand", "start")


def parse_game(text):
    """`lela` or `lela(key=value,...)` -> dict."""
    name, pairs = split_game(text, keys_of)
    game = {"name": name, "start": DEFAULT_START, "hand": DEFAULT_HAND}
    for key, value in pairs:
        if key == "start":
            items = value.split(".")
            if len(items) == 1:
                game["start"] = (parse_int("start", items[0], 0),) * HOLES
            elif len(items) == HOLES:
                game["start"] = tuple(parse_int("start hole %s" % chr(65 + i), item, 0)
                                      for i, item in enumerate(items))
            else:
                raise UsageError("start must be one number or 14 numbers joined by '.', "
                                 "not %r (%d numbers)" % (value, len(items)))
        else:
            game["hand"] = parse_int("hand", value, 0, MAX_HAND)
    game["total"] = 2 * (sum(game["start"]) + game["hand"])
    if game["total"] == 0:
        raise UsageError("game string %r: no seed on the board nor in hand" % text)
    if game["total"] > MAX_TOTAL:
        raise UsageError("game string %r: %d seeds in all (2 x (start + hand)), at most %d"
                         % (text, game["total"], MAX_TOTAL))
    return game


def start_text(start):
    if len(set(start)) == 1:
        return str(start[0])
    return ".".join(str(x) for x in start)


def canonical_game(game):
    parts = []
    if game["hand"] != DEFAULT_HAND:
        parts.append("hand=%d" % game["hand"])
    if game["start"] != DEFAULT_START:
        parts.append("start=" + start_text(game["start"]))
    if not parts:
        return "lela"
    return "lela(%s)" % ",".join(parts)


# ---------------------------------------------------------------------------
# Letters, positions
# ---------------------------------------------------------------------------

def letter(side, local):
    return chr((65 if side == 0 else 97) + local)


def start_position(game):
    start = list(game["start"])
    h = game["hand"]
    return (tuple(start + start), 0, (h, h), (0, 0))


def parse_position(game, text):
    south, north, stores, side, fields = split_position(text, HOLES)
    hands = (0, 0)
    for key, value in fields:
        if key == "hand":
            if value.count("-") != 1:
                raise UsageError("position %r: hand must be '<south>-<north>', not %r"
                                 % (text, value))
            a, b = value.split("-")
            hands = (parse_int("hand", a, 0, MAX_HAND), parse_int("hand", b, 0, MAX_HAND))
        else:
            raise UsageError("position %r: unknown field %r (fields: hand)" % (text, key))
    board = tuple(south + north)
    total = sum(board) + sum(hands) + sum(stores)
    if total != game["total"]:
        raise UsageError("position %r: %d seeds in all, %s has %d"
                         % (text, total, canonical_game(game), game["total"]))
    return (board, side, hands, tuple(stores))


def format_position(game, pos):
    board, side, hands, stores = pos
    fields = []
    if hands != (0, 0):
        fields.append(("hand", "%d-%d" % hands))
    return position_text(board[:HOLES], board[HOLES:], stores, side, fields)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------

def facing(h):
    """The opponent's (inner, outer) holes facing own inner hole h."""
    return 20 - h, h - 7


def sow_move(board, side, x):
    """The board after sowing own hole x (list of 28 ints) and the seeds captured, or None
    if the move is endless.  Caller checks x holds 2 or more."""
    b = list(board)
    o = HOLES * side          # own offset
    q = HOLES * (1 - side)    # opponent's offset
    seeds = b[o + x]
    b[o + x] = 0
    h = x
    for lap in range(LAP_LIMIT):
        for _ in range(seeds):
            h = (h + 1) % HOLES
            b[o + h] += 1
        if b[o + h] == 1:
            return b, 0            # last seed into an empty hole: the move ends
        if h >= INNER:
            fi, fo = facing(h)
            if b[q + fi] > 0 and b[q + fo] > 0:
                captured = b[q + fi] + b[q + fo]
                b[q + fi] = 0
                b[q + fo] = 0
                return b, captured  # capture into the store; the move ends
        seeds = b[o + h]           # relay
        b[o + h] = 0
    return None


def is_over(game, pos):
    """Either player has no seeds in holes and hand."""
    board, side, hands, stores = pos
    for s in (0, 1):
        if sum(board[HOLES * s: HOLES * s + HOLES]) + hands[s] == 0:
            return True
    return False


def legal_moves(game, pos):
    """[(move text, child)], sorted by move text; [] when the game is over."""
    if is_over(game, pos):
        return []
    board, side, hands, stores = pos
    o = HOLES * side
    moves = []
    if hands[side] > 0:
        n = hands[side]
        for x in range(HOLES):
            b = list(board)
            for k in range(n):
                b[o + (x + k) % HOLES] += 1
            new_hands = list(hands)
            new_hands[side] = 0
            moves.append((letter(side, x) + "*", (tuple(b), 1 - side, tuple(new_hands), stores)))
    else:
        for x in range(HOLES):
            if board[o + x] < 2:
                continue
            result = sow_move(board, side, x)
            if result is None:
                continue
            b, captured = result
            new_stores = list(stores)
            new_stores[side] += captured
            moves.append((letter(side, x), (tuple(b), 1 - side, hands, tuple(new_stores))))
    moves.sort(key=lambda m: m[0])
    return moves


def side_to_move(pos):
    return pos[1]


def swept_value(pos, side):
    """Final store difference for `side` when each player adds their own holes and hand
    to their store."""
    board, _, hands, stores = pos
    mine = stores[side] + sum(board[HOLES * side: HOLES * side + HOLES]) + hands[side]
    other = (stores[1 - side] + sum(board[HOLES * (1 - side): HOLES * (1 - side) + HOLES])
             + hands[1 - side])
    return mine - other


def final_value(game, pos):
    """None while the game goes on; else the final store difference for the side to move
    (each player's own holes and hand added to their store)."""
    if legal_moves(game, pos):
        return None
    return swept_value(pos, pos[1])


def can_repeat(game):
    return True


def repetition_value(game, pos, side):
    return swept_value(pos, side)


def memo_key(game, pos, history):
    """Stores and hands never go down, so only earlier positions with the same stores and
    hands can repeat: the key is the position plus those."""
    return (pos, frozenset(p for p in history if p[2] == pos[2] and p[3] == pos[3]))


def value_bound(game):
    """Alpha-beta in [-T, T]."""
    return game["total"]


MEMO_LIMIT = 200000
