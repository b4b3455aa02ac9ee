"""Independent reference rules of Ajwa (Ajua; Luo, Kenya; plain Python 3, standard library only).

Written from the rules text alone: docs/rule-decisions.md (section "Ajwa"), the numbered rules
of the module doc (the reference: Mancala World "Ajua"), shared/RULES.md §0, §7, §12 and seed
000, WITHOUT reading the Rust move generation (src/rules/ajwa.rs), so that the two
implementations fail independently.  Plain lists, plain loops, absolute board indices (the Rust
code works on a mover-relative board; this one never flips).

Rules, as read here:
  1. m houses a side (8), n seeds a house (3); stores only hold captures; South starts.
  2. A move lifts an own non-empty house and sows one seed a house CLOCKWISE: along the own
     row towards the own house A (leftward as the player sees it), from the own A on to the
     opponent's LAST house (the one at the player's left), along the opponent's row to the
     opponent's A, then on to the own last house.  The stores are never sown, the house lifted
     is not skipped.
  3. Relay: the last seed of a lap in a house that held seeds before it: that house is lifted
     and sown on (clockwise).  The move ends when the last seed falls into an empty house, or,
     when a store holds seeds (someone has captured), into an OPPONENT's house that held one
     seed.  A move that comes back to a state (board, house to lift) it was in never ends and
     is not legal.
  4. choice=forced: among the own non-empty houses whose move ends, take, from the own A
     upwards, the first whose FIRST lap ends in an opponent's house that held seeds; if none,
     the first whose first lap ends in an empty opponent's house; if none, the first whose
     first lap ends in an empty own house; if none, the first of them.  choice=free: every own
     non-empty house whose move ends.
  5. Capture: the move ends in an own house that was empty and the opponent's house facing it
     holds seeds: the mover takes the seeds of that facing house and of every opponent's house
     facing an own house that is empty.  The capturing seed stays.  Turn passes.
  6. End: no legal move for the player to move; or a repeated position (root included).  Each
     player adds the seeds on their own side to their store; value = store difference.

Facing houses: South's house i (from South's left) faces North's house m-1-i (from North's
left): South's A is at South's left end, and so is North's last house.

A position is (board, side, stores): board a tuple of 2m ints, South's houses 0..m-1 (A..), then
North's (a..), each from its owner's left; side 0 = South, 1 = North; stores (south, north).
"""

from .driver import UsageError, parse_int, position_text, split_game, split_position

NAMES = ("ajwa",)
DEFAULT_HOUSES = 8
DEFAULT_SEEDS = 3
MAX_HOUSES = 20
MAX_TOTAL = 65535
CHOICES = ("forced", "free")


def keys_of(name):
    if name not in NAMES:
        raise UsageError("unknown game %r (this reference knows %s)" % (name, ", ".join(NAMES)))
    return ("choice", "houses", "seeds")


def parse_game(text):
    name, pairs = split_game(text, keys_of)
    game = {"name": name, "houses": DEFAULT_HOUSES, "seeds": DEFAULT_SEEDS, "choice": "forced"}
    for key, value in pairs:
        if key == "houses":
            game["houses"] = parse_int("houses", value, 1, MAX_HOUSES)
        elif key == "seeds":
            game["seeds"] = parse_int("seeds", value, 1, 255)
        else:
            if value.strip() not in CHOICES:
                raise UsageError("choice must be forced or free, not %r" % value)
            game["choice"] = value.strip()
    game["total"] = 2 * game["houses"] * game["seeds"]
    if game["total"] > MAX_TOTAL:
        raise UsageError("game string %r: %d seeds, at most %d" % (text, game["total"], MAX_TOTAL))
    return game


def canonical_game(game):
    parts = []
    if game["choice"] != "forced":
        parts.append("choice=" + game["choice"])
    if game["houses"] != DEFAULT_HOUSES:
        parts.append("houses=%d" % game["houses"])
    if game["seeds"] != DEFAULT_SEEDS:
        parts.append("seeds=%d" % game["seeds"])
    return "ajwa(%s)" % ",".join(parts) if parts else "ajwa"


def start_position(game):
    m = game["houses"]
    return ((game["seeds"],) * (2 * m), 0, (0, 0))


def parse_position(game, text):
    m = game["houses"]
    south, north, stores, side, fields = split_position(text, m)
    if fields:
        raise UsageError("position %r: ajwa positions have no fields" % text)
    board = tuple(south + north)
    total = sum(board) + sum(stores)
    if total != game["total"]:
        raise UsageError("position %r: %d seeds in all, %s has %d"
                         % (text, total, canonical_game(game), game["total"]))
    return (board, side, tuple(stores))


def format_position(game, pos):
    m = game["houses"]
    board, side, stores = pos
    return position_text(board[:m], board[m:], stores, side)


def side_to_move(pos):
    return pos[1]


# ---------------------------------------------------------------------------
# Sowing
# ---------------------------------------------------------------------------

def clockwise_next(m, k):
    """The absolute index after house k, clockwise."""
    side, i = divmod(k, m)
    if i > 0:
        return k - 1                  # towards the owner's A
    return (1 - side) * m + (m - 1)   # from A on to the other row's last house


def facing(m, k):
    side, i = divmod(k, m)
    return (1 - side) * m + (m - 1 - i)


def play(game, pos, house):
    """Own house `house` (0..m-1 of the mover) -> (board, stores, first-lap kind) or None if
    the move never ends.  Kinds (rule 4): 0 occupied opponent's house, 1 empty opponent's
    house, 2 empty own house, 3 occupied own house."""
    m = game["houses"]
    board, side, stores = pos
    b = list(board)
    captured_before = stores[0] + stores[1] > 0
    own = range(side * m, side * m + m)
    k = side * m + house
    seen = set()
    kind = None
    while True:
        state = (tuple(b), k)
        if state in seen:
            return None
        seen.add(state)
        seeds = b[k]
        b[k] = 0
        for _ in range(seeds):
            k = clockwise_next(m, k)
            b[k] += 1
        held = b[k] - 1     # seeds in the last house before the last seed
        mine = k in own
        if kind is None:
            kind = (2 if held == 0 else 3) if mine else (1 if held == 0 else 0)
        if held == 0:
            break
        if captured_before and not mine and held == 1:
            break
        # relay: lift k on the next round
    new_stores = list(stores)
    if k in own and b[k] == 1 and b[facing(m, k)] > 0:
        taken = 0
        for h in own:
            if h == k or b[h] == 0:
                f = facing(m, h)
                taken += b[f]
                b[f] = 0
        new_stores[side] += taken
    return tuple(b), tuple(new_stores), kind


def letter(side, i):
    return chr((65 if side == 0 else 97) + i)


def legal_moves(game, pos):
    """[(move text, child)]: every playable house (free), or the one the rule picks (forced)."""
    m = game["houses"]
    board, side, stores = pos
    options = []
    for house in range(m):
        if board[side * m + house] == 0:
            continue
        result = play(game, pos, house)
        if result is None:
            continue
        b, new_stores, kind = result
        options.append((kind, house, (letter(side, house), (b, 1 - side, new_stores))))
    if not options:
        return []
    if game["choice"] == "free":
        return [o[2] for o in options]
    best = min(options, key=lambda o: (o[0], o[1]))
    return [best[2]]


def own_sides_value(game, pos, side):
    m = game["houses"]
    board, _, stores = pos
    south = stores[0] + sum(board[:m])
    north = stores[1] + sum(board[m:])
    return south - north if side == 0 else north - south


def final_value(game, pos):
    if legal_moves(game, pos):
        return None
    return own_sides_value(game, pos, pos[1])


def can_repeat(game):
    return True


def repetition_value(game, pos, side):
    return own_sides_value(game, pos, side)


def memo_key(game, pos, history):
    """Stores never go down: only earlier positions with the same stores can repeat."""
    return (pos, frozenset(p for p in history if p[2] == pos[2]))


def value_bound(game):
    return None


MEMO_LIMIT = 200000
