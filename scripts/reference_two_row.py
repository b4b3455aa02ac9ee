"""Independent reference rules of Woaley I, Adi, Giuti and Cups (plain Python 3).

Imported by reference.py, which owns the command line, perft, the solver and the
golden files; `wari` and `woaley2` are oware presets and live there, next to the
oware code.  Written from shared/RULES.md (sections 0, 3, 5, 6, 8, 12) and
scripts/RULE-DECISIONS.md alone, without looking at the Rust code.

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
