"""Independent reference rules of the two-row games: Kalah, Oware/Awari/Wari, Woaley I
and II, Adi, Giuti, Cups, and (issue 17) Ayo and Kpo (plain Python 3, standard library only).

Written from /work/shared/RULES.md (sections 0-8, 12) and the project's rule decisions
(docs/rule-decisions.md) alone, without looking at the Rust code, to cross-check it.
Simple, slow, obvious: plain lists, plain loops.  `wari` and `woaley2` are oware presets
and are played by the oware code.  The command line, perft, the solver and the golden
files are in driver.py; the golden-file cases and the hand-worked checks in
two_row_cases.py.

A position is a tuple (board, stores, side) for kalah, oware, awari, wari and woaley2,
and (board, stores, side, extra) for woaley1, adi, giuti and cups:
  board   tuple of 2m ints in sowing order: South 0..m-1 (A..), North m..2m-1 (a..)
  stores  (south, north)
  side    0 = South to move, 1 = North
  extra   woaley1: "free", "own-side", or the int index of the forced house
          adi:     None (nobody has captured yet), 0 or 1 (the last capturer)
Adi's `bought` key gives a bought house's fours (made by a seed not its lap's last) to
the buyer; `rounds` and next_round() play a match of rounds (docs/rule-decisions.md,
"House buying: `rounds` and `bought`").  Ayo's `won` key moves houses across the board
for the whole of its play (territory: owned_houses, owner), and `rounds`, `goal` and
next_round() play Hanson's match of rounds (docs/rule-decisions.md, ayo, "Rounds:
`rounds`, `won` and `goal`").
          giuti:   None
          cups:    (south hand, north hand)
Moves are texts in the project's notation: "A", "c", "pass", "A+", "b-", "p3".
"""

from .driver import (UsageError, parse_bool, parse_choice, parse_int, parse_numbers,
                     position_text, split_game, split_position)


# ---------------------------------------------------------------------------
# Game strings
# ---------------------------------------------------------------------------

KALAH_DEFAULTS = {
    "houses": 6,
    "seeds": 4,
    "capture": "opposite-nonempty",
    "end": "either-side-empty",
}

OWARE_DEFAULTS = {
    "houses": 6,
    "seeds": 4,
    "skip-origin": True,
    "must-feed": True,
    "grand-slam": "no-capture",
    "capture": (2, 3),
    "repetition": "own-side",
    "stop-at-majority": False,
    "repetition-count": 2,
}

AWARI_DEFAULTS = dict(OWARE_DEFAULTS)
AWARI_DEFAULTS["grand-slam"] = "forbidden"
AWARI_DEFAULTS["repetition"] = "even-split"

# Wari (docs/rule-decisions.md): oware without the must-feed key; american=true is
# oware's must-feed=false.  The default capture list is 2-4-6 when seeds=6
# (Wari-72), else 2-3: see effective_defaults.
WARI_DEFAULTS = {
    "houses": 6,
    "seeds": 4,
    "american": False,
    "capture": (2, 3),
    "grand-slam": "no-capture",
    "skip-origin": True,
    "repetition": "own-side",
    "stop-at-majority": False,
    "repetition-count": 2,
}

# Woaley II: every oware key, grand-slam=woaley-skip by default.
WOALEY2_DEFAULTS = dict(OWARE_DEFAULTS)
WOALEY2_DEFAULTS["grand-slam"] = "woaley-skip"
# Issue 17 (docs/rule-decisions.md): the game ends after N plies without a capture.
WOALEY2_DEFAULTS["no-capture-moves"] = "off"

# Ayo (issue 17): every oware key with oware's defaults; the singleton end rule.
# Rounds (docs/rule-decisions.md, ayo, "Rounds: `rounds`, `won` and `goal`"): won = the
# letters of the houses won across the board (Adi's `bought` notation, canonical order),
# rounds = the most rounds of the match, goal = the houses a round's winner must win to
# win the match (default ceil(3m/2): see effective_defaults).
AYO_DEFAULTS = dict(OWARE_DEFAULTS)
AYO_DEFAULTS["won"] = ""
AYO_DEFAULTS["rounds"] = 1
AYO_DEFAULTS["goal"] = 9

# Kpo (issue 17): two players only for now.
KPO_DEFAULTS = {"players": 2, "houses": 6, "seeds": 4, "skip-origin": False}

DEFAULTS = {
    "kalah": KALAH_DEFAULTS,
    "oware": OWARE_DEFAULTS,
    "awari": AWARI_DEFAULTS,
    "wari": WARI_DEFAULTS,
    "woaley2": WOALEY2_DEFAULTS,
    "ayo": AYO_DEFAULTS,
    "kpo": KPO_DEFAULTS,
    # Adi house buying (docs/rule-decisions.md, "House buying: `rounds` and `bought`"):
    # bought = the letters of the bought houses in canonical order (South's row, then
    # North's, each in index order), "" = none; rounds = the most rounds of the match.
    "adi": {"houses": 6, "seeds": 4, "round-end": 8, "bought": "", "rounds": 1},
    "cups": {"bowls": 4},
    "giuti": {"houses": 6, "seeds": 4},
    "woaley1": {"houses": 6, "seeds": 4, "free-choice": "any"},
}

NAMES = tuple(DEFAULTS)

# The key naming the houses owned across the board (by the other row's player).
ACROSS_KEY = {"adi": "bought", "ayo": "won"}

# The games whose positions carry a 4th element, their extra state (module docstring).
EXTRA_STATE = ("woaley1", "adi", "giuti", "cups")


def defaults_for(name):
    if name not in DEFAULTS:
        raise UsageError("unknown game name %r (expected one of %s)" % (name, ", ".join(NAMES)))
    return DEFAULTS[name]


def effective_defaults(game):
    """The defaults of a parsed game; wari's capture default depends on `seeds`, ayo's
    goal on `houses` (ceil(3m/2))."""
    defaults = dict(defaults_for(game["name"]))
    if game["name"] == "wari" and game["seeds"] == 6:
        defaults["capture"] = (2, 4, 6)
    if game["name"] == "ayo":
        defaults["goal"] = (3 * game["houses"] + 1) // 2
    return defaults


def parse_value(name, key, value):
    """One key=value of a game string (the key is one of the game's)."""
    if key == "houses":
        if name in EXTRA_STATE:
            return parse_int("houses (%s)" % name, value, 1, 6)
        return parse_int(key, value, 1 if name == "kalah" else 2, 26)
    if key == "seeds":
        return parse_int(key, value, 1)
    if key == "bowls":
        return parse_int(key, value, 3, 10)  # RULES.md §8: 3..10 bowls
    if key == "round-end":
        return parse_int(key, value, 0)
    if key == "rounds":
        return parse_int(key, value, 1, 255)
    if key in ("bought", "won"):
        return value  # checked against `houses` in parse_game (keys come in any order)
    if key == "goal":
        return parse_int(key, value, 1)  # at most 2m: checked in parse_game
    if key == "free-choice":
        return parse_choice(key, value, ["any", "own-side"])
    if name == "kalah" and key == "capture":
        return parse_choice(key, value, ["opposite-nonempty", "empty"])
    if key == "end":
        return parse_choice(key, value, ["either-side-empty", "mover-empty", "empty-takes-rest"])
    if key == "repetition-count":
        return parse_int(key, value, 2, 3)
    if key == "no-capture-moves":
        if value == "off":
            return "off"
        return parse_int(key, value, 1, 65535)
    if key == "players":
        return parse_int("players (only 2 is built)", value, 2, 2)
    if key in ("skip-origin", "must-feed", "stop-at-majority", "american"):
        return parse_bool(key, value)
    if key == "grand-slam":
        return parse_choice(key, value, ["no-capture", "forbidden", "capture-all", "woaley-skip"])
    if key == "repetition":
        return parse_choice(key, value, ["own-side", "even-split"])
    if key == "capture":
        counts = [parse_int("capture", part, 1) for part in value.split("-")]
        if len(set(counts)) != len(counts):
            raise UsageError("capture list %r repeats a count" % value)
        return tuple(sorted(counts))
    raise UsageError("unhandled key %r" % key)


def parse_game(text):
    """Parse `name` or `name(key=value,...)` into a dict with every key filled."""
    name, pairs = split_game(text, defaults_for)
    game = dict(defaults_for(name))
    game["name"] = name
    for key, value in pairs:
        game[key] = parse_value(name, key, value)
    if name == "wari":
        # internal keys read by the oware code (never printed)
        game["must-feed"] = not game["american"]
        if "capture" not in dict(pairs):
            game["capture"] = effective_defaults(game)["capture"]
    if name == "cups":
        game["houses"] = game["bowls"]  # internal (never printed)
    if name == "ayo":
        m = game["houses"]
        if "goal" not in dict(pairs):
            game["goal"] = effective_defaults(game)["goal"]
        elif game["goal"] > 2 * m:
            raise UsageError("goal must be 1..%d (the %d houses of a %d-house board), not %d"
                             % (2 * m, 2 * m, m, game["goal"]))
    if name in ACROSS_KEY:
        key = ACROSS_KEY[name]
        game[key] = canonical_letters(key, game["houses"], game[key])
        # internal (never printed): the owner of each house
        game["owners"] = tuple(house_owner(game, h) for h in range(2 * game["houses"]))
    return game


def canonical_letters(key, m, text):
    """The letters of `bought` (Adi) or `won` (Ayo) in canonical order: South's row (A..)
    then North's (a..), each in index order, i.e. in house-index order.  Each letter once,
    a house of the board."""
    houses = []
    for letter in text:
        house = letter_house(m, letter)
        if house is None:
            raise UsageError("%s: %r is not a house letter of a %d-house board"
                             % (key, letter, m))
        if house in houses:
            raise UsageError("%s: house %s given twice" % (key, letter))
        houses.append(house)
    return "".join(house_letter(m, h) for h in sorted(houses))


def across_houses(game):
    """The indices of the houses owned across the board: Adi's bought houses, Ayo's won
    houses; none in the other games."""
    m = game["houses"]
    key = ACROSS_KEY.get(game["name"])
    if key is None:
        return []
    return [letter_house(m, letter) for letter in game[key]]


def house_owner(game, house):
    """Who owns a house: the side of its row, or the buyer of a bought (Adi) house, the
    winner of a won (Ayo) house."""
    side = side_of(game["houses"], house)
    if house in across_houses(game):
        return 1 - side
    return side


def owner(game, house):
    """The owner of a house (game["owners"] in adi and ayo, else the side of its row)."""
    owners = game.get("owners")
    if owners is None:
        return side_of(game["houses"], house)
    return owners[house]


def owned_houses(game, side):
    """The houses a player owns, in their sowing (filling) order: those of their own row
    that they own, from their left, then those they own in the other row, from its
    owner's left.  Without `bought`/`won`: their own row."""
    m = game["houses"]
    return [h for h in own_houses(m, side) + own_houses(m, 1 - side) if owner(game, h) == side]


def owned_total(game, board, side):
    """The seeds in the houses a player owns."""
    total = 0
    for h in owned_houses(game, side):
        total += board[h]
    return total


def value_text(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    return str(value)


def canonical_game(game):
    """Defaults omitted, keys sorted."""
    defaults = effective_defaults(game)
    parts = []
    for key in sorted(defaults):
        if game[key] != defaults[key]:
            parts.append("%s=%s" % (key, value_text(game[key])))
    if not parts:
        return game["name"]
    return "%s(%s)" % (game["name"], ",".join(parts))


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
    if game["name"] in EXTRA_STATE:
        return (board, (0, 0), 0, None)
    return (board, (0, 0), 0)


def parse_position(game, text):
    m = game["houses"]
    name = game["name"]
    south, north, stores, side, fields = split_position(text, m)
    board = tuple(south + north)
    if fields and name not in EXTRA_STATE:
        raise UsageError("position %r: no extra ;key=value fields in %s" % (text, name))
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
        hands = parse_numbers(value.replace("-", ","), "hand", text)
        extra = (hands[0], hands[1])
    total = sum(board) + sum(stores)
    if name == "cups":
        total += sum(extra)
    if total != total_seeds(game):
        raise UsageError("position %r: %d seeds in all, expected %d"
                         % (text, total, total_seeds(game)))
    if name not in EXTRA_STATE:
        return (board, stores, side)
    return (board, stores, side, extra)


def format_position(game, pos):
    board, stores, side = pos[:3]
    m = game["houses"]
    name = game["name"]
    fields = []
    if name == "woaley1":
        if pos[3] == "own-side":
            fields.append(("choice", "own-side"))
        elif pos[3] != "free":
            fields.append(("forced", house_letter(m, pos[3])))
    elif name == "adi":
        if pos[3] is not None:
            fields.append(("last-capture", "SN"[pos[3]]))
    elif name == "cups":
        fields.append(("hand", "%d-%d" % pos[3]))
    return position_text(board[:m], board[m:], stores, side, fields)


# ---------------------------------------------------------------------------
# Kalah (RULES.md §1)
# ---------------------------------------------------------------------------

def kalah_ring(game):
    """Pits in sowing order: ('house', i) and ('store', side)."""
    m = game["houses"]
    ring = []
    for i in range(m):
        ring.append(("house", i))
    ring.append(("store", 0))
    for i in range(m, 2 * m):
        ring.append(("house", i))
    ring.append(("store", 1))
    return ring


def kalah_play(game, pos, house):
    """Play one Kalah move; returns the new position (side = who moves next)."""
    board, stores, side = pos
    m = game["houses"]
    b = list(board)
    st = list(stores)
    assert side_of(game["houses"], house) == side and b[house] > 0
    ring = kalah_ring(game)
    index = ring.index(("house", house))
    seeds = b[house]
    b[house] = 0
    while seeds > 0:
        index = (index + 1) % len(ring)
        kind, which = ring[index]
        if kind == "store":
            if which != side:
                continue  # skip the opponent's store
            st[which] += 1
        else:
            b[which] += 1
        seeds -= 1
    kind, which = ring[index]
    if kind == "store":
        # last seed in own store: extra turn
        return (tuple(b), tuple(st), side)
    if side_of(game["houses"], which) == side and b[which] == 1:
        opposite = 2 * m - 1 - which
        if b[opposite] >= 1 or game["capture"] == "empty":
            st[side] += b[opposite] + 1
            b[opposite] = 0
            b[which] = 0
    return (tuple(b), tuple(st), 1 - side)


def kalah_terminal(game, pos):
    """None if the game goes on, else the final stores."""
    board, stores, side = pos
    south = side_total(game["houses"], board, 0)
    north = side_total(game["houses"], board, 1)
    if game["end"] == "either-side-empty":
        if south == 0 or north == 0:
            return (stores[0] + south, stores[1] + north)
        return None
    if game["end"] == "empty-takes-rest":
        # the player whose row is empty takes what is left on the other row
        if south == 0 or north == 0:
            return (stores[0] + north, stores[1] + south)
        return None
    # mover-empty
    mover_seeds = side_total(game["houses"], board, side)
    if mover_seeds == 0:
        st = list(stores)
        st[1 - side] += south + north
        return tuple(st)
    return None


def kalah_moves(game, pos):
    """List of (house, child position)."""
    board, stores, side = pos
    result = []
    for h in own_houses(game["houses"], side):
        if board[h] > 0:
            result.append((h, kalah_play(game, pos, h)))
    return result


# ---------------------------------------------------------------------------
# Oware, Awari, Wari, Woaley II (RULES.md §2, §4, §12)
# ---------------------------------------------------------------------------

def oware_sow(game, board, origin, skip_house):
    """Sow from origin round the 2m houses.  Returns (new board list, last house).
    skip_house: a house never sown into (woaley-skip), or None."""
    n = 2 * game["houses"]
    b = list(board)
    seeds = b[origin]
    b[origin] = 0
    p = origin
    while seeds > 0:
        p = (p + 1) % n
        if p == origin and game["skip-origin"]:
            continue
        if p == skip_house:
            continue
        b[p] += 1
        seeds -= 1
    return b, p


def oware_captured_houses(game, board, last, mover):
    """Houses captured by a sowing whose last seed fell in `last`: it and the houses
    before it, backwards round the board, while the opponent owns them (their row, or
    under ayo's `won` the houses they own in either row) and they hold a count of the
    capture list."""
    n = 2 * game["houses"]
    captured = []
    p = last
    while (
        owner(game, p) != mover
        and board[p] in game["capture"]
        and p not in captured
    ):
        captured.append(p)
        p = (p - 1) % n
    return captured


def is_grand_slam(game, board, captured, mover):
    if not captured:
        return False
    for h in owned_houses(game, 1 - mover):
        if h not in captured and board[h] > 0:
            return False
    return True


def apply_captures(board, stores, captured, mover):
    b = list(board)
    st = list(stores)
    for h in captured:
        st[mover] += b[h]
        b[h] = 0
    return b, st


def oware_play(game, pos, house):
    """Play one oware move as it would be played (grand-slam policy applied).
    Returns (child position, was_grand_slam)."""
    board, stores, side = pos
    m = game["houses"]
    assert owner(game, house) == side and board[house] > 0
    b, last = oware_sow(game, board, house, None)
    captured = oware_captured_houses(game, b, last, side)
    grand_slam = is_grand_slam(game, b, captured, side)
    if grand_slam:
        policy = game["grand-slam"]
        if policy == "no-capture":
            captured = []
        elif policy == "capture-all" or policy == "forbidden":
            pass
        elif policy == "woaley-skip":
            if side == 0:
                first = m
            else:
                first = 0
            b, last = oware_sow(game, board, house, first)
            captured = oware_captured_houses(game, b, last, side)
            if is_grand_slam(game, b, captured, side):
                captured = []
        else:
            raise AssertionError(policy)
    b, st = apply_captures(b, stores, captured, side)
    return (tuple(b), tuple(st), 1 - side), grand_slam


def oware_candidates(game, pos):
    """Every non-empty house the mover owns, with (child, grand_slam, feeds)."""
    board, stores, side = pos
    result = []
    for h in owned_houses(game, side):
        if board[h] > 0:
            child, grand_slam = oware_play(game, pos, h)
            feeds = owned_total(game, child[0], 1 - side) > 0
            result.append((h, child, grand_slam, feeds))
    return result


def oware_terminal(game, pos):
    """None if the game goes on at this position, else the final stores.
    (Repetition is handled by the caller, which knows the history.)  A player's seeds
    and houses are those of the houses they own (their row; ayo's `won` moves houses
    across)."""
    board, stores, side = pos
    board_total = sum(board)
    # (1) the player to move has no seeds: the opponent takes the board.
    if owned_total(game, board, side) == 0:
        st = list(stores)
        st[1 - side] += board_total
        return tuple(st)
    # (1b) ayo: the player to move has only empty houses and singletons: each player
    #      takes the seeds on their own side.
    if game["name"] == "ayo":
        if all(board[h] <= 1 for h in owned_houses(game, side)):
            st = list(stores)
            st[side] += owned_total(game, board, side)
            st[1 - side] += owned_total(game, board, 1 - side)
            return tuple(st)
    # (2) oware must-feed (not awari): opponent empty and no move feeds.
    #     woaley2 (docs/rule-decisions.md, RULES.md §4.4 sudden death): the same
    #     condition ends the game whatever must-feed says, and the mover takes
    #     the seeds on their side minus one, the opponent that one seed.
    sudden_death = game["name"] == "woaley2"
    if (game["must-feed"] and game["name"] != "awari") or sudden_death:
        if owned_total(game, board, 1 - side) == 0:
            any_feeds = False
            for h, child, grand_slam, feeds in oware_candidates(game, pos):
                if feeds:
                    any_feeds = True
            if not any_feeds:
                st = list(stores)
                if sudden_death:
                    st[side] += board_total - 1
                    st[1 - side] += 1
                else:
                    st[side] += board_total
                return tuple(st)
    # (3) stop at majority: board seeds count for nobody.
    if game["stop-at-majority"]:
        total = 2 * game["houses"] * game["seeds"]
        if 2 * stores[0] > total or 2 * stores[1] > total:
            return tuple(stores)
    return None


def oware_moves(game, pos):
    """Legal moves as a list of (house, child position)."""
    board, stores, side = pos
    candidates = oware_candidates(game, pos)
    opponent_empty = owned_total(game, board, 1 - side) == 0
    if game["must-feed"] and game["name"] == "awari":
        # Awari starving rule: moves leaving the opponent without seeds are
        # illegal unless every move does so.
        legal = [c for c in candidates if c[3]]
        if not legal:
            legal = candidates
    else:
        if game["must-feed"] and opponent_empty:
            legal = [c for c in candidates if c[3]]
        else:
            legal = list(candidates)
        if game["grand-slam"] == "forbidden":
            not_slams = [c for c in legal if not c[2]]
            if not_slams:
                legal = not_slams
    return [(c[0], c[1]) for c in legal]


def repetition_stores(game, pos):
    """Final stores when pos repeats: each side takes its own seeds (own-side, the
    only rule of woaley1/adi/giuti), or the board is split evenly (even-split).  Own
    seeds: those of the houses each owns under ayo's `won`; of each own row in Adi,
    whose bought houses change only who takes a four."""
    board, stores = pos[0], pos[1]
    m = game["houses"]
    if game["name"] == "adi":
        south = sum(board[:m])
        north = sum(board[m:])
    else:
        south = owned_total(game, board, 0)
        north = owned_total(game, board, 1)
    if game.get("repetition", "own-side") == "own-side":
        return (stores[0] + south, stores[1] + north)
    half = (south + north) // 2
    return (stores[0] + half, stores[1] + half)


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
    owners = game["owners"]
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
                # not the last seed: the owner of the house takes them (the buyer
                # of a bought house)
                owner = owners[p]
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


def next_round(game, start, final):
    """Matches in rounds: the next round after the round of `game` that started at
    position `start` and ended with the stores `final` (south, north).  Returns None when
    the match is over, else (next game, next start position): its game string has
    `rounds` one less and the houses owned across the board (Adi's `bought`, Ayo's `won`).
    Adi: docs/rule-decisions.md, "House buying: `rounds` and `bought`"; Ayo: "Rounds:
    `rounds`, `won` and `goal`".  In both the loser (fewer seeds) starts, after a draw the
    player who did not start the round."""
    name = game["name"]
    if name not in ACROSS_KEY:
        raise UsageError("next-round: only %s are played in rounds, not %s"
                         % (" and ".join(sorted(ACROSS_KEY)), name))
    final = tuple(final)
    if len(final) != 2 or sum(final) != total_seeds(game):
        raise UsageError("next-round: the final stores %s must hold the game's %d seeds"
                         % ("-".join(str(x) for x in final), total_seeds(game)))
    for side in (0, 1):
        if final[side] < start[1][side]:
            raise UsageError("next-round: the %s store cannot go down from %d to %d"
                             % (("South", "North")[side], start[1][side], final[side]))
    if game["rounds"] == 1:
        return None  # this was the last round
    if name == "adi":
        result = adi_next_board(game, final)
    else:
        result = ayo_next_board(game, final)
    if result is None:
        return None
    owners, board, left = result
    assert sum(board) + sum(left) == total_seeds(game), (board, left)
    if final[0] != final[1]:
        starter = 0 if final[0] < final[1] else 1
    else:
        starter = 1 - start[2]
    m = game["houses"]
    across = "".join(house_letter(m, h) for h in range(2 * m) if owners[h] != side_of(m, h))
    following = dict(game)
    following[ACROSS_KEY[name]] = across
    following["rounds"] = game["rounds"] - 1
    next_game = parse_game(canonical_game(following))
    if name == "adi":
        return (next_game, (tuple(board), tuple(left), starter, None))
    return (next_game, (tuple(board), tuple(left), starter))


def adi_next_board(game, final):
    """Adi house buying: None when a player has fewer than `seeds` seeds (cannot fill a
    house: the match is over), else (owners, board, stores) of the next round.  Each
    player fills the houses they own, in their order (owned_houses), `seeds` each; the
    player with seeds left buys the opponent's unfilled houses in the opponent's order;
    a house that the seeds left over cannot make stays empty with its owner, and the
    seeds left over stay in the stores."""
    m = game["houses"]
    n = game["seeds"]
    if final[0] < n or final[1] < n:
        return None
    owners = list(game["owners"])
    board = [0] * (2 * m)
    left = list(final)
    unfilled = [[], []]
    for side in (0, 1):
        for h in owned_houses(game, side):
            if left[side] >= n:
                board[h] = n
                left[side] -= n
            else:
                unfilled[side].append(h)
    for buyer in (0, 1):
        for h in unfilled[1 - buyer]:
            if left[buyer] >= n:
                board[h] = n
                left[buyer] -= n
                owners[h] = buyer
    assert len([h for h in range(2 * m) if board[h] == 0]) <= 1, (board, left)
    return owners, board, left


def ayo_next_board(game, final):
    """Ayo's rounds: None when the round's winner wins `goal` houses or more or the loser
    has fewer than `seeds` seeds (the match is over), else (owners, board, stores) of the next round.  A draw: each player owns
    their own row, every house holds `seeds`, the stores are empty.  Else the winner (w
    seeds) wins the q = w // n houses counter-clockwise from their first house (South:
    A.., then a..; North: a.., then A..) and the loser owns the others; every house holds
    n, except that when r = w % n > 0 the loser's first house (the one after the winner's
    last) is empty, the winner's store holds r and the loser's n - r."""
    m = game["houses"]
    n = game["seeds"]
    if final[0] == final[1]:
        return [side_of(m, h) for h in range(2 * m)], [n] * (2 * m), [0, 0]
    winner = 0 if final[0] > final[1] else 1
    w = final[winner]
    q = w // n
    r = w % n
    if q >= game["goal"] or final[1 - winner] < n:
        return None  # the goal, or a loser who cannot fill a house
    first = own_houses(m, winner)[0]
    owners = [1 - winner] * (2 * m)
    for k in range(q):
        owners[(first + k) % (2 * m)] = winner
    board = [n] * (2 * m)
    left = [0, 0]
    if r > 0:
        board[(first + q) % (2 * m)] = 0
        left[winner] = r
        left[1 - winner] = n - r
    return owners, board, left


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
# Kpo (issue 17, docs/rule-decisions.md "kpo")
# ---------------------------------------------------------------------------

def kpo_play(game, pos, house):
    """Sow counter-clockwise over the 2m houses (the origin too on a long lap, unless
    skip-origin); a last seed making 2 or 3 anywhere is taken by the mover."""
    board, stores, side = pos
    n = 2 * game["houses"]
    b = list(board)
    seeds = b[house]
    b[house] = 0
    p = house
    while seeds > 0:
        p = (p + 1) % n
        if p == house and game["skip-origin"]:
            continue
        b[p] += 1
        seeds -= 1
    st = list(stores)
    if b[p] == 2 or b[p] == 3:
        st[side] += b[p]
        b[p] = 0
    return (tuple(b), tuple(st), 1 - side)


def kpo_moves(game, pos):
    board, stores, side = pos
    return [(h, kpo_play(game, pos, h)) for h in own_houses(game["houses"], side) if board[h] > 0]


def kpo_terminal(game, pos):
    """The player to move has no seeds: the opponent takes the seeds on their side."""
    board, stores, side = pos
    if side_total(game["houses"], board, side) == 0:
        st = list(stores)
        st[1 - side] += side_total(game["houses"], board, 1 - side)
        return tuple(st)
    return None


# ---------------------------------------------------------------------------
# History rules (issue 17): repetition-count=3 and woaley2's no-capture-moves
# ---------------------------------------------------------------------------

def repeats(game, child, history):
    """Moving to child ends the game when child already occurred repetition-count - 1
    times in the line (history: the line in game order, the parent last)."""
    return history.count(child) >= game.get("repetition-count", 2) - 1


def history_end(game, pos, history):
    """woaley2(no-capture-moves=N): after N plies in a row with no capture (the stores
    did not change), each side takes its own seeds.  history ends with pos."""
    limit = game.get("no-capture-moves", "off")
    if limit == "off":
        return None
    same = 0
    for earlier in reversed(history):
        if earlier[1] != pos[1]:
            break
        same += 1
    quiet_moves = same - 1  # the positions with pos's stores, pos included
    if quiet_moves < limit:
        return None
    board, stores, side = pos
    m = game["houses"]
    final = (stores[0] + sum(board[:m]), stores[1] + sum(board[m:]))
    return diff(final, side)


def has_history_rules(game):
    return game.get("repetition-count", 2) != 2 or game.get("no-capture-moves", "off") != "off"


# ---------------------------------------------------------------------------
# The rules interface (driver.RULES_INTERFACE)
# ---------------------------------------------------------------------------

def terminal(game, pos):
    """None if the game goes on, else the final stores (repetition aside)."""
    name = game["name"]
    if name == "kalah":
        return kalah_terminal(game, pos)
    if name == "woaley1":
        return woaley1_terminal(game, pos)
    if name == "adi":
        return adi_terminal(game, pos)
    if name == "giuti":
        return giuti_terminal(game, pos)
    if name == "cups":
        return cups_terminal(game, pos)
    if name == "kpo":
        return kpo_terminal(game, pos)
    return oware_terminal(game, pos)


def legal_moves(game, pos):
    """[(move text, child)] of a position that is not over."""
    name = game["name"]
    m = game["houses"]
    if name == "kalah":
        return [(house_letter(m, h), child) for h, child in kalah_moves(game, pos)]
    if name == "woaley1":
        return woaley1_moves(game, pos)
    if name == "adi":
        return _cached_moves(game, pos, adi_moves)
    if name == "giuti":
        return _cached_moves(game, pos, giuti_moves)
    if name == "cups":
        return cups_moves(game, pos)
    if name == "kpo":
        return [(house_letter(m, h), child) for h, child in kpo_moves(game, pos)]
    return [(house_letter(m, h), child) for h, child in oware_moves(game, pos)]


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



def side_to_move(pos):
    return pos[2]


def diff(stores, side):
    return stores[side] - stores[1 - side]


def final_value(game, pos):
    final = terminal(game, pos)
    if final is None:
        return None
    return diff(final, pos[2])


def can_repeat(game):
    """Every game but kalah and cups can repeat a position."""
    return game["name"] not in ("kalah", "cups")


def repetition_value(game, pos, side):
    return diff(repetition_stores(game, pos), side)


def memo_key(game, pos, history):
    """What the value of pos can depend on.
    Kalah, cups: no repetition is possible, the value depends on pos alone.
    The other games: the value depends on pos and on the earlier positions that
    could still be repeated.  Stores never decrease, so every later position
    has stores >= pos's stores and every earlier one has stores <= them: an
    earlier position can only be repeated if its stores equal pos's stores.
    So the key is pos plus those history entries (pos itself included)."""
    if not can_repeat(game):
        return pos
    if has_history_rules(game):
        return None  # the value depends on occurrence counts or the quiet-move count
    same_stores = []
    for earlier in history:
        if earlier[1] == pos[1]:
            same_stores.append(earlier)
    return (pos, frozenset(same_stores))


def value_bound(game):
    return None  # plain minimax: full search of every move


MEMO_LIMIT = None
