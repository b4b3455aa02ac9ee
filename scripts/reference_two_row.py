"""Independent reference rules of Woaley I, Adi, Giuti and Cups (plain Python 3).

Imported by reference.py, which owns the command line, perft, the solver and the
golden files; `wari` and `woaley2` are oware presets and live there, next to the
oware code.  Written from shared/RULES.md (sections 0, 3, 5, 6, 8, 12) and
docs/rule-decisions.md alone, without looking at the Rust code.

A position is a tuple (board, stores, side, extra):
  board   tuple of 2m ints in sowing order: South 0..m-1, North m..2m-1
  stores  (south, north)
  side    0 = South to move, 1 = North
  extra   woaley1: "free", "own-side", or the int index of the forced house
          adi:     None (nobody has captured yet), 0 or 1 (the last capturer)
          giuti:   None
          cups:    (south hand, north hand)
Moves are strings in the project's notation: "A", "c", "pass", "A+", "b-", "p3".
"""


class UsageError(Exception):
    pass


TWO_ROW_DEFAULTS = {
    "woaley1": {"houses": 6, "seeds": 4, "free-choice": "any"},
    "adi": {"houses": 6, "seeds": 4, "round-end": 8},
    "giuti": {"houses": 6, "seeds": 4},
    "cups": {"bowls": 4},
}

TWO_ROW_NAMES = sorted(TWO_ROW_DEFAULTS)


def is_two_row(game):
    return game["name"] in TWO_ROW_DEFAULTS


def parse_key(name, key, value, parse_int, parse_choice):
    """Parse one key=value of a two-row game string (key already known valid)."""
    if key == "houses":
        houses = parse_int(key, value, 1)
        if houses > 6:
            raise UsageError("houses must be 1..6 for %s, not %d" % (name, houses))
        return houses
    if key == "seeds":
        return parse_int(key, value, 1)
    if key == "free-choice":
        return parse_choice(key, value, ["any", "own-side"])
    if key == "round-end":
        return parse_int(key, value, 0)
    if key == "bowls":
        bowls = parse_int(key, value, 3)
        if bowls > 6:
            raise UsageError("bowls must be 3..6, not %d" % bowls)
        return bowls
    raise UsageError("unhandled key %r" % key)


def finish_game(game):
    """Internal fields derived from the keys (never printed)."""
    if game["name"] == "cups":
        game["houses"] = game["bowls"]
    return game


# ---------------------------------------------------------------------------
# Board helpers
# ---------------------------------------------------------------------------

def house_letter(m, house):
    if house < m:
        return chr(ord("A") + house)
    return chr(ord("a") + house - m)


def letter_house(m, letter):
    """Index of a house letter, or None."""
    if len(letter) != 1:
        return None
    if "A" <= letter <= "Z":
        index = ord(letter) - ord("A")
        if index < m:
            return index
        return None
    if "a" <= letter <= "z":
        index = ord(letter) - ord("a")
        if index < m:
            return m + index
        return None
    return None


def side_of(m, house):
    if house < m:
        return 0
    return 1


def own_houses(m, side):
    if side == 0:
        return list(range(0, m))
    return list(range(m, 2 * m))


def side_total(m, board, side):
    total = 0
    for h in own_houses(m, side):
        total += board[h]
    return total


def total_seeds(game):
    m = game["houses"]
    if game["name"] == "cups":
        return 20 * m
    return 2 * m * game["seeds"]


# ---------------------------------------------------------------------------
# Start positions and position text
# ---------------------------------------------------------------------------

def start_position(game):
    m = game["houses"]
    if game["name"] == "cups":
        return (tuple([0] * (2 * m)), (0, 0), 0, (10 * m, 10 * m))
    board = tuple([game["seeds"]] * (2 * m))
    if game["name"] == "woaley1":
        return (board, (0, 0), 0, woaley1_normal_state(game, "own-side"))
    return (board, (0, 0), 0, None)


def parse_numbers(text, what):
    numbers = []
    for item in text.split(","):
        item = item.strip()
        if not item.isdigit():
            raise UsageError("position: %s %r is not a non-negative integer" % (what, item))
        numbers.append(int(item))
    return numbers


def parse_position(game, text):
    text = text.strip()
    if text == "start":
        return start_position(game)
    m = game["houses"]
    name = game["name"]
    parts = text.split(";")
    main_text = parts[0]
    fields = []
    for part in parts[1:]:
        if part != part.strip() or "=" not in part:
            raise UsageError("position %r: bad field %r (want ;key=value, no spaces)"
                             % (text, part))
        key, value = part.split("=", 1)
        fields.append((key, value))
    words = main_text.split()
    if len(words) != 3 or main_text != main_text.strip() or "  " in main_text:
        raise UsageError("position %r: expected '<south>/<north> <s>-<n> <S|N>'" % text)
    board_text, store_text, side_text = words
    if board_text.count("/") != 1:
        raise UsageError("position %r: houses must be '<south>/<north>'" % text)
    south_text, north_text = board_text.split("/")
    south = parse_numbers(south_text, "house")
    north = parse_numbers(north_text, "house")
    if len(south) != m or len(north) != m:
        raise UsageError("position %r: need %d houses per side, got %d/%d"
                         % (text, m, len(south), len(north)))
    if store_text.count("-") != 1:
        raise UsageError("position %r: stores must be '<south>-<north>'" % text)
    stores = parse_numbers(store_text.replace("-", ","), "store")
    if side_text == "S":
        side = 0
    elif side_text == "N":
        side = 1
    else:
        raise UsageError("position %r: side to move must be S or N" % text)
    board = tuple(south + north)
    if len(fields) > 1:
        raise UsageError("position %r: at most one ;key=value field in %s" % (text, name))
    extra = None
    if name == "woaley1":
        extra = "free"
        for key, value in fields:
            if key == "forced":
                house = letter_house(m, value)
                if house is None:
                    raise UsageError("position %r: forced=%r is not a house" % (text, value))
                if board[house] < 2:
                    raise UsageError("position %r: the forced house %s holds %d < 2 seeds"
                                     % (text, value, board[house]))
                extra = house
            elif key == "choice":
                if value != "own-side":
                    raise UsageError("position %r: choice must be own-side" % text)
                extra = woaley1_normal_state(game, "own-side")
            else:
                raise UsageError("position %r: unknown field %r for woaley1" % (text, key))
    elif name == "adi":
        for key, value in fields:
            if key != "last-capture":
                raise UsageError("position %r: unknown field %r for adi" % (text, key))
            if value == "S":
                extra = 0
            elif value == "N":
                extra = 1
            else:
                raise UsageError("position %r: last-capture must be S or N" % text)
    elif name == "giuti":
        if fields:
            raise UsageError("position %r: giuti has no ;key=value fields" % text)
    elif name == "cups":
        if len(fields) != 1 or fields[0][0] != "hand":
            raise UsageError("position %r: cups needs the field ;hand=<south>-<north>" % text)
        value = fields[0][1]
        if value.count("-") != 1:
            raise UsageError("position %r: hand must be '<south>-<north>'" % text)
        hands = parse_numbers(value.replace("-", ","), "hand")
        extra = (hands[0], hands[1])
    total = sum(board) + sum(stores)
    if name == "cups":
        total += sum(extra)
    if total != total_seeds(game):
        raise UsageError("position %r: %d seeds in all, expected %d"
                         % (text, total, total_seeds(game)))
    return (board, (stores[0], stores[1]), side, extra)


def format_position(game, pos):
    board, stores, side, extra = pos
    m = game["houses"]
    text = "%s/%s %d-%d %s" % (
        ",".join(str(x) for x in board[:m]),
        ",".join(str(x) for x in board[m:]),
        stores[0], stores[1], "SN"[side])
    name = game["name"]
    if name == "woaley1":
        if extra == "own-side":
            text += ";choice=own-side"
        elif extra != "free":
            text += ";forced=" + house_letter(m, extra)
    elif name == "adi":
        if extra is not None:
            text += ";last-capture=" + "SN"[extra]
    elif name == "cups":
        text += ";hand=%d-%d" % extra
    return text


# ---------------------------------------------------------------------------
# Woaley I (RULES.md §3)
# ---------------------------------------------------------------------------

def woaley1_normal_state(game, state):
    """Under free-choice=own-side the states own-side and free are the same: free."""
    if state == "own-side" and game["free-choice"] == "own-side":
        return "free"
    return state


def woaley1_liftable(game, pos):
    """Houses the mover may lift in this state (each holds 2 or more)."""
    board, stores, side, state = pos
    m = game["houses"]
    if isinstance(state, int):
        candidates = [state]
    elif state == "own-side" or game["free-choice"] == "own-side":
        candidates = own_houses(m, side)
    else:
        candidates = list(range(2 * m))
    return [h for h in candidates if board[h] >= 2]


def woaley1_terminal(game, pos):
    board, stores, side, state = pos
    for seeds in board:
        if seeds >= 2:
            return None
    return stores  # the seeds left on the board count for nobody


def woaley1_play(game, pos, house):
    board, stores, side, state = pos
    n = 2 * game["houses"]
    b = list(board)
    st = list(stores)
    seeds = b[house]
    assert seeds >= 2
    b[house] = 0
    p = house
    b[p] += 1  # the first seed goes back into the lifted house
    seeds -= 1
    while seeds > 0:
        p = (p + 1) % n
        b[p] += 1
        seeds -= 1
    last = p
    captured_houses = 0
    q = last
    while captured_houses < n and b[q] in (2, 4):
        st[side] += b[q]
        b[q] = 0
        captured_houses += 1
        q = (q - 1) % n
    if captured_houses > 0 or b[last] == 1:
        new_state = "free"
    else:
        new_state = last
    return (tuple(b), tuple(st), 1 - side, new_state)


def woaley1_moves(game, pos):
    board, stores, side, state = pos
    m = game["houses"]
    houses = woaley1_liftable(game, pos)
    if not houses:
        # some house holds 2 or more (the position is not over): pass
        return [("pass", (board, stores, 1 - side, "free"))]
    return [(house_letter(m, h), woaley1_play(game, pos, h)) for h in houses]


# ---------------------------------------------------------------------------
# Adi (RULES.md §5)
# ---------------------------------------------------------------------------

def adi_play(game, pos, house):
    """The child position, or None if the relay sowing never ends."""
    board, stores, side, last_capture = pos
    m = game["houses"]
    n = 2 * m
    b = list(board)
    st = list(stores)
    seen = set()
    lift = house
    while True:
        state = (tuple(b), tuple(st), lift)
        if state in seen:
            return None  # endless: not a legal move
        seen.add(state)
        seeds = b[lift]
        b[lift] = 0
        p = lift
        while seeds > 0:
            p = (p + 1) % n
            b[p] += 1
            seeds -= 1
            if b[p] == 4:
                if seeds == 0:
                    # last seed of the lap makes 4: the mover takes them, move over
                    st[side] += 4
                    b[p] = 0
                    return (tuple(b), tuple(st), 1 - side, side)
                # not the last seed: the owner of the house takes them
                owner = side_of(m, p)
                st[owner] += 4
                b[p] = 0
                last_capture = owner
        if b[p] == 1:
            return (tuple(b), tuple(st), 1 - side, last_capture)
        lift = p  # holds 2, 3 or 5 and more: lift it and sow on


def adi_moves(game, pos):
    board, stores, side, last_capture = pos
    m = game["houses"]
    result = []
    for h in own_houses(m, side):
        if board[h] > 0:
            child = adi_play(game, pos, h)
            if child is not None:
                result.append((house_letter(m, h), child))
    return result


def adi_terminal(game, pos):
    board, stores, side, last_capture = pos
    m = game["houses"]
    if sum(board) > game["round-end"] and _cached_moves(game, pos, adi_moves):
        return None
    st = list(stores)
    if last_capture is None:
        st[0] += side_total(m, board, 0)
        st[1] += side_total(m, board, 1)
    else:
        st[last_capture] += sum(board)
    return tuple(st)


# ---------------------------------------------------------------------------
# Giuti (RULES.md §6)
# ---------------------------------------------------------------------------

def giuti_play(game, pos, house, direction):
    """direction +1 (counter-clockwise) or -1.  The child, or None if endless."""
    board, stores, side, extra = pos
    m = game["houses"]
    n = 2 * m
    b = list(board)
    st = list(stores)
    touched_opponent = False
    seen = set()
    lift = house
    d = direction
    while True:
        state = (tuple(b), lift, d)  # stores do not change before the move ends
        if state in seen:
            return None
        seen.add(state)
        seeds = b[lift]
        b[lift] = 0
        p = lift
        while seeds > 0:
            p = (p + d) % n
            b[p] += 1
            seeds -= 1
            if side_of(m, p) != side:
                touched_opponent = True
        if b[p] == 1:
            break
        lift = p
        d = -d
    final = p
    if side_of(m, final) == side and touched_opponent:
        st[side] += b[n - 1 - final]
        b[n - 1 - final] = 0
        q = final + d
        while 0 <= q < n and side_of(m, q) == side and b[q] == 0:
            st[side] += b[n - 1 - q]
            b[n - 1 - q] = 0
            q += d
    return (tuple(b), tuple(st), 1 - side, None)


def giuti_moves(game, pos):
    board, stores, side, extra = pos
    m = game["houses"]
    result = []
    for h in own_houses(m, side):
        if board[h] > 0:
            for direction, suffix in ((1, "+"), (-1, "-")):
                child = giuti_play(game, pos, h, direction)
                if child is not None:
                    result.append((house_letter(m, h) + suffix, child))
    return result


def giuti_terminal(game, pos):
    if _cached_moves(game, pos, giuti_moves):
        return None
    return pos[1]  # seeds on the board count for nobody


# ---------------------------------------------------------------------------
# Cups (RULES.md §8)
# ---------------------------------------------------------------------------

def cups_bowl_house(m, side, bowl):
    """Absolute house of a player's bowl (1-based from that player's left)."""
    return own_houses(m, side)[bowl - 1]


def cups_harvestable(m, board, side):
    """Bowls (1-based) the player may harvest."""
    return [i for i in range(1, m + 1) if board[cups_bowl_house(m, side, i)] == m + 1 - i]


def cups_can_act(m, board, side, hands):
    return hands[side] > 0 or bool(cups_harvestable(m, board, side))


def cups_plant(game, pos, k):
    board, stores, side, hands = pos
    m = game["houses"]
    b = list(board)
    st = list(stores)
    hd = list(hands)
    last = cups_bowl_house(m, side, k)
    was_empty = b[last] == 0
    for bowl in range(1, k + 1):
        b[cups_bowl_house(m, side, bowl)] += 1
    hd[side] -= k
    if was_empty:
        facing = 2 * m - 1 - last
        st[side] += b[facing]
        b[facing] = 0
    return (tuple(b), tuple(st), 1 - side, tuple(hd))


def cups_harvest(game, pos, bowl):
    board, stores, side, hands = pos
    m = game["houses"]
    b = list(board)
    st = list(stores)
    house = cups_bowl_house(m, side, bowl)
    beans = b[house]
    assert beans == m + 1 - bowl
    b[house] = 0
    for later in range(bowl + 1, m + 1):
        b[cups_bowl_house(m, side, later)] += 1
        beans -= 1
    assert beans == 1
    st[side] += 1
    return (tuple(b), tuple(st), 1 - side, hands)


def cups_moves(game, pos):
    board, stores, side, hands = pos
    m = game["houses"]
    result = []
    for k in range(1, min(m, hands[side]) + 1):
        result.append(("p%d" % k, cups_plant(game, pos, k)))
    for bowl in cups_harvestable(m, board, side):
        result.append((house_letter(m, cups_bowl_house(m, side, bowl)),
                       cups_harvest(game, pos, bowl)))
    if not result and cups_can_act(m, board, 1 - side, hands):
        result.append(("pass", (board, stores, 1 - side, hands)))
    return result


def cups_terminal(game, pos):
    board, stores, side, hands = pos
    m = game["houses"]
    if cups_can_act(m, board, 0, hands) or cups_can_act(m, board, 1, hands):
        return None
    return stores  # beans in bowls and hands count for nobody


# ---------------------------------------------------------------------------
# Interface used by reference.py
# ---------------------------------------------------------------------------

def terminal(game, pos):
    """None if the game goes on, else the final stores (repetition aside)."""
    name = game["name"]
    if name == "woaley1":
        return woaley1_terminal(game, pos)
    if name == "adi":
        return adi_terminal(game, pos)
    if name == "giuti":
        return giuti_terminal(game, pos)
    return cups_terminal(game, pos)


def legal_moves(game, pos):
    """[(move text, child)] of a position that is not over."""
    name = game["name"]
    if name == "woaley1":
        return woaley1_moves(game, pos)
    if name == "adi":
        return _cached_moves(game, pos, adi_moves)
    if name == "giuti":
        return _cached_moves(game, pos, giuti_moves)
    return cups_moves(game, pos)


# terminal() of adi and giuti needs the legal moves, and perft and the solver ask
# for them right after: remember the last answer (a speed-up only).
_last_moves = [None, None, None]


def _cached_moves(game, pos, function):
    if _last_moves[0] is game and _last_moves[1] == pos:
        return _last_moves[2]
    moves = function(game, pos)
    _last_moves[0] = game
    _last_moves[1] = pos
    _last_moves[2] = moves
    return moves


def can_repeat(game):
    return game["name"] != "cups"


# ---------------------------------------------------------------------------
# Golden-file case lists for the games of docs/rule-decisions.md (used by
# reference.py generate).  A case is a comment (str) or (game, position,
# depths[, [comparison game, ...]]); a '# (... gives N here)' comment is written
# where a comparison game gives another count.  Without the 4th element the
# comparison is the base game (same houses/seeds or bowls, other keys default)
# when some key differs from it; "base" in the list stands for that game.
# ---------------------------------------------------------------------------

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

PERFT_NOTES = {
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
        "tried (houses 1, 2, 3 and 6 here).",
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
