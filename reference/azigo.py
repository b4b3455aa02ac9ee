"""Azigo / Okwe (Igbo): Basden's game (plain Python 3, standard library only), written from
the rules text (shared/RULES.md §7, seed 000's Igbo paragraph, docs/rule-decisions.md
"Azigo / Okwe") and not from the Rust code.

Rules, as this module reads them:
  * 2 x m houses (azigo: 20, okwe: 10; 1..20).  Each player has a hand (Basden's concealed
    store), written where the position text has the stores.  Seeds never leave the game.
  * start=basden (default for an even m from 10 to 20): each row from its owner's left holds
    5,5,5,5,5,5,5,1,1,5,1,0,... (20 houses), cut for smaller boards by dropping the leftmost
    and rightmost house in turn; then North takes into its hand the seeds of South's last
    four houses that hold seeds, South takes into its hand the same houses of North's row
    except the last one (its single seed stays).  South moves first.  start=N: N seeds in
    every house, empty hands (default N = 4 where basden does not fit).
  * A house move: an own non-empty house; with 2 or more seeds the first seed goes back into
    it, a single seed goes into the next house; anticlockwise round both rows (South's A..,
    then North's a..), no stores.
  * Capture: the last seed in one of the mover's own houses, and the opponent's house opposite
    it holds exactly 1 or 3 (capture=1-3-5: or 5) seeds: they go into the mover's hand.
  * The hand move `hand`: all the mover's hand seeds, one a house from the mover's own first
    (leftmost) house rightwards, wrapping to the own first house; no capture.
  * End: the player to move has no seed in houses or hand.  Score: houses + hand each; the
    value is the score difference for the side to move.  A repeated position (the whole line)
    ends the game with the same score.
"""

from .driver import UsageError, parse_int, position_text, split_game, split_position

NAMES = ("azigo", "okwe")
DEFAULT_HOUSES = {"azigo": 20, "okwe": 10}
MAX_HOUSES = 20
BASDEN = [5, 5, 5, 5, 5, 5, 5, 1, 1, 5, 1] + [0] * 9


def keys_of(name):
    if name not in NAMES:
        raise UsageError("unknown game %r (this reference knows %s)" % (name, ", ".join(NAMES)))
    return ("houses", "start", "capture")


def basden_ok(m):
    return 10 <= m <= 20 and m % 2 == 0


def parse_game(text):
    name, pairs = split_game(text, keys_of)
    values = dict(pairs)
    m = DEFAULT_HOUSES[name]
    if "houses" in values:
        m = parse_int("houses", values["houses"], 1, MAX_HOUSES)
    start = "basden" if basden_ok(m) else 4
    if "start" in values:
        v = values["start"]
        start = "basden" if v == "basden" else parse_int("start", v, 1, 255)
    if start == "basden" and not basden_ok(m):
        raise UsageError("start=basden needs an even number of houses from 10 to 20")
    capture = "1-3"
    if "capture" in values:
        if values["capture"] not in ("1-3", "1-3-5"):
            raise UsageError("capture must be 1-3 or 1-3-5")
        capture = values["capture"]
    game = {"name": name, "houses": m, "start": start, "capture": capture}
    south, north, hands = start_rows(game)
    game["total"] = sum(south) + sum(north) + sum(hands)
    return game


def canonical_game(game):
    m = game["houses"]
    parts = []
    if game["capture"] != "1-3":
        parts.append("capture=" + game["capture"])
    if m != DEFAULT_HOUSES[game["name"]]:
        parts.append("houses=%d" % m)
    default_start = "basden" if basden_ok(m) else 4
    if game["start"] != default_start:
        parts.append("start=%s" % game["start"])
    return game["name"] + ("(%s)" % ",".join(parts) if parts else "")


def start_rows(game):
    """(South's houses, North's houses, (South's hand, North's hand)), each row from its
    owner's left."""
    m = game["houses"]
    if game["start"] != "basden":
        n = game["start"]
        return [n] * m, [n] * m, (0, 0)
    row = list(BASDEN)
    left = True
    while len(row) > m:          # drop the leftmost, then the rightmost, ...
        if left:
            row.pop(0)
        else:
            row.pop()
        left = not left
    filled = [i for i, n in enumerate(row) if n > 0]
    last_four = filled[-4:]
    south, north = list(row), list(row)
    north_hand = sum(south[i] for i in last_four)
    for i in last_four:
        south[i] = 0
    south_hand = sum(north[i] for i in last_four[:-1])
    for i in last_four[:-1]:
        north[i] = 0
    return south, north, (south_hand, north_hand)


def start_position(game):
    south, north, hands = start_rows(game)
    return (tuple(south + north), hands, 0)


def parse_position(game, text):
    m = game["houses"]
    south, north, stores, side, fields = split_position(text, m)
    if fields:
        raise UsageError("position %r: no fields in this game" % text)
    if sum(south) + sum(north) + sum(stores) != game["total"]:
        raise UsageError("position %r: the game has %d seeds" % (text, game["total"]))
    return (tuple(south + north), tuple(stores), side)


def format_position(game, pos):
    board, hands, side = pos
    m = game["houses"]
    return position_text(board[:m], board[m:], hands, side)


def own(m, side):
    """Absolute indices of `side`'s houses, from the owner's left."""
    return range(m * side, m * side + m)


def letter(m, side, i):
    return chr((65 if side == 0 else 97) + (i - m * side))


def house_move(game, pos, h):
    board, hands, side = pos
    m = game["houses"]
    b = list(board)
    seeds = b[h]
    b[h] = 0
    if seeds == 1:
        at = (h + 1) % (2 * m)
        b[at] += 1
    else:
        at = h
        for k in range(seeds):
            at = (h + k) % (2 * m)
            b[at] += 1
    hands = list(hands)
    if at in own(m, side):
        opposite = 2 * m - 1 - at
        takes = (1, 3, 5) if game["capture"] == "1-3-5" else (1, 3)
        if b[opposite] in takes:
            hands[side] += b[opposite]
            b[opposite] = 0
    return (tuple(b), tuple(hands), 1 - side)


def hand_move(game, pos):
    board, hands, side = pos
    m = game["houses"]
    b = list(board)
    houses = list(own(m, side))
    for k in range(hands[side]):
        b[houses[k % m]] += 1
    hands = list(hands)
    hands[side] = 0
    return (tuple(b), tuple(hands), 1 - side)


def legal_moves(game, pos):
    board, hands, side = pos
    m = game["houses"]
    moves = [(letter(m, side, h), house_move(game, pos, h)) for h in own(m, side) if board[h]]
    if hands[side]:
        moves.append(("hand", hand_move(game, pos)))
    return moves


def side_to_move(pos):
    return pos[2]


def score_value(game, pos, side):
    board, hands, _ = pos
    m = game["houses"]
    mine = sum(board[h] for h in own(m, side)) + hands[side]
    return 2 * mine - game["total"]


def final_value(game, pos):
    board, hands, side = pos
    m = game["houses"]
    if any(board[h] for h in own(m, side)) or hands[side]:
        return None
    return score_value(game, pos, side)


def can_repeat(game):
    return True


def repetition_value(game, pos, side):
    return score_value(game, pos, side)


def memo_key(game, pos, history):
    """Seeds come back from the hands, so any earlier position of the line can repeat."""
    return (pos, frozenset(history))


def value_bound(game):
    return None  # plain negamax over every move


MEMO_LIMIT = 500000
