#!/usr/bin/env python3
"""Independent reference implementation of Kalah, Oware/Awari/Wari, Woaley I and II,
Adi, Giuti and Cups (plain Python 3).

Written from /work/shared/RULES.md (sections 0-8, 12) and the project's rule
decisions (docs/rule-decisions.md), without looking at the Rust code, to
cross-check it.  Simple, slow, obvious: plain lists, plain loops.  The rules of
woaley1, adi, giuti and cups are in reference_two_row.py; wari and woaley2 are
oware presets and are played by the oware code here.

Subcommands:
  perft GAME POSITION DEPTH      number of move sequences of exactly DEPTH plies
  solve GAME POSITION [--moves]  exact value for the side to move (full minimax)
  check FILE...                  recompute golden files, exit 1 on any mismatch
  selftest                       hand-worked checks
  generate [all|kalah|oware|solved|wari|woaley1|woaley2|adi|giuti|cups|solved-two-row]
           [--out DIR]     (re)write the golden files in tests/data

POSITION may be the word `start` for the game's start position.
"""

import argparse
import os
import sys
import time

import reference_two_row as tworow
from reference_two_row import UsageError


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
}

# Woaley II: every oware key, grand-slam=woaley-skip by default.
WOALEY2_DEFAULTS = dict(OWARE_DEFAULTS)
WOALEY2_DEFAULTS["grand-slam"] = "woaley-skip"

GAME_NAMES = ["kalah", "oware", "awari", "wari", "woaley2"] + tworow.TWO_ROW_NAMES


def defaults_for(name):
    if name == "kalah":
        return KALAH_DEFAULTS
    if name == "oware":
        return OWARE_DEFAULTS
    if name == "awari":
        return AWARI_DEFAULTS
    if name == "wari":
        return WARI_DEFAULTS
    if name == "woaley2":
        return WOALEY2_DEFAULTS
    if name in tworow.TWO_ROW_DEFAULTS:
        return tworow.TWO_ROW_DEFAULTS[name]
    raise UsageError("unknown game name %r (expected one of %s)" % (name, ", ".join(GAME_NAMES)))


def effective_defaults(game):
    """The defaults of a parsed game; only wari's capture default depends on another key."""
    defaults = dict(defaults_for(game["name"]))
    if game["name"] == "wari" and game["seeds"] == 6:
        defaults["capture"] = (2, 4, 6)
    return defaults


def parse_bool(key, text):
    if text == "true":
        return True
    if text == "false":
        return False
    raise UsageError("%s must be true or false, not %r" % (key, text))


def parse_int(key, text, minimum):
    if not text.isdigit():
        raise UsageError("%s must be a non-negative integer, not %r" % (key, text))
    value = int(text)
    if value < minimum:
        raise UsageError("%s must be at least %d, not %d" % (key, minimum, value))
    return value


def parse_choice(key, text, choices):
    if text not in choices:
        raise UsageError("%s must be one of %s, not %r" % (key, "|".join(choices), text))
    return text


def parse_game(text):
    """Parse `name` or `name(key=value,...)` into a dict with every key filled."""
    text = text.strip()
    if "(" in text:
        if not text.endswith(")"):
            raise UsageError("game string %r: missing closing parenthesis" % text)
        name = text[: text.index("(")]
        inner = text[text.index("(") + 1 : -1]
        pairs = [] if inner.strip() == "" else inner.split(",")
    else:
        name = text
        pairs = []
    name = name.strip()
    defaults = defaults_for(name)
    game = dict(defaults)
    game["name"] = name
    seen = set()
    for pair in pairs:
        if "=" not in pair:
            raise UsageError("game string %r: %r is not key=value" % (text, pair))
        key, value = pair.split("=", 1)
        key = key.strip()
        value = value.strip()
        if key in seen:
            raise UsageError("game string %r: key %r given twice" % (text, key))
        seen.add(key)
        if key not in defaults:
            raise UsageError("game string %r: unknown key %r for %s" % (text, key, name))
        if name in tworow.TWO_ROW_DEFAULTS:
            game[key] = tworow.parse_key(name, key, value, parse_int, parse_choice)
        elif key == "houses":
            game[key] = parse_int(key, value, 1 if name == "kalah" else 2)
            if game[key] > 26:
                raise UsageError("houses must be at most 26")
        elif key == "seeds":
            game[key] = parse_int(key, value, 1)
        elif name == "kalah" and key == "capture":
            game[key] = parse_choice(key, value, ["opposite-nonempty", "empty"])
        elif key == "end":
            game[key] = parse_choice(key, value, ["either-side-empty", "mover-empty"])
        elif key in ("skip-origin", "must-feed", "stop-at-majority", "american"):
            game[key] = parse_bool(key, value)
        elif key == "grand-slam":
            game[key] = parse_choice(
                key, value, ["no-capture", "forbidden", "capture-all", "woaley-skip"]
            )
        elif key == "repetition":
            game[key] = parse_choice(key, value, ["own-side", "even-split"])
        elif key == "capture":
            parts = value.split("-")
            counts = []
            for part in parts:
                counts.append(parse_int("capture", part, 1))
            if len(set(counts)) != len(counts):
                raise UsageError("capture list %r repeats a count" % value)
            game[key] = tuple(sorted(counts))
        else:
            raise UsageError("unhandled key %r" % key)
    if name == "wari":
        # internal keys read by the oware code (never printed)
        game["must-feed"] = not game["american"]
        if "capture" not in seen:
            game["capture"] = effective_defaults(game)["capture"]
    if name in tworow.TWO_ROW_DEFAULTS:
        tworow.finish_game(game)
    return game


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


def is_kalah(game):
    return game["name"] == "kalah"


# ---------------------------------------------------------------------------
# Positions: (board tuple of 2m ints, stores tuple (south, north), side 0/1)
# side 0 = South, 1 = North.  The games of reference_two_row.py add a fourth
# element, their extra state (see there).
# ---------------------------------------------------------------------------

def is_two_row(game):
    """woaley1, adi, giuti, cups: rules in reference_two_row.py."""
    return game["name"] in tworow.TWO_ROW_DEFAULTS


def start_position(game):
    if is_two_row(game):
        return tworow.start_position(game)
    m = game["houses"]
    return (tuple([game["seeds"]] * (2 * m)), (0, 0), 0)


def parse_number_list(text, what):
    items = text.split(",")
    numbers = []
    for item in items:
        item = item.strip()
        if not item.isdigit():
            raise UsageError("position: %s %r is not a non-negative integer" % (what, item))
        numbers.append(int(item))
    return numbers


def parse_position(game, text):
    if is_two_row(game):
        return tworow.parse_position(game, text)
    text = text.strip()
    if text == "start":
        return start_position(game)
    m = game["houses"]
    if ";" in text:
        raise UsageError("position %r: no extra ;key=value fields in %s" % (text, game["name"]))
    fields = text.split()
    if len(fields) != 3:
        raise UsageError(
            "position %r: expected '<south>/<north> <s>-<n> <S|N>'" % text
        )
    board_text, store_text, side_text = fields
    if board_text.count("/") != 1:
        raise UsageError("position %r: houses must be '<south>/<north>'" % text)
    south_text, north_text = board_text.split("/")
    south = parse_number_list(south_text, "house")
    north = parse_number_list(north_text, "house")
    if len(south) != m or len(north) != m:
        raise UsageError(
            "position %r: need %d houses per side (houses=%d), got %d/%d"
            % (text, m, m, len(south), len(north))
        )
    if store_text.count("-") != 1:
        raise UsageError("position %r: stores must be '<south>-<north>'" % text)
    stores = parse_number_list(store_text.replace("-", ","), "store")
    if side_text == "S":
        side = 0
    elif side_text == "N":
        side = 1
    else:
        raise UsageError("position %r: side to move must be S or N" % text)
    total = sum(south) + sum(north) + sum(stores)
    if total != 2 * m * game["seeds"]:
        raise UsageError(
            "position %r: %d seeds in all, expected 2*%d*%d = %d"
            % (text, total, m, game["seeds"], 2 * m * game["seeds"])
        )
    return (tuple(south + north), (stores[0], stores[1]), side)


def format_position(game, pos):
    if is_two_row(game):
        return tworow.format_position(game, pos)
    board, stores, side = pos
    m = game["houses"]
    south = ",".join(str(x) for x in board[:m])
    north = ",".join(str(x) for x in board[m:])
    return "%s/%s %d-%d %s" % (south, north, stores[0], stores[1], "SN"[side])


def move_name(game, house):
    """Moves are house indices in kalah/oware/wari/woaley2, texts in the other games."""
    if isinstance(house, str):
        return house
    m = game["houses"]
    if house < m:
        return chr(ord("A") + house)
    return chr(ord("a") + house - m)


def own_houses(game, side):
    m = game["houses"]
    if side == 0:
        return list(range(0, m))
    return list(range(m, 2 * m))


def side_of_house(game, house):
    if house < game["houses"]:
        return 0
    return 1


def seeds_on_side(game, board, side):
    total = 0
    for h in own_houses(game, side):
        total += board[h]
    return total


# ---------------------------------------------------------------------------
# Kalah
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
    assert side_of_house(game, house) == side and b[house] > 0
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
    if side_of_house(game, which) == side and b[which] == 1:
        opposite = 2 * m - 1 - which
        if b[opposite] >= 1 or game["capture"] == "empty":
            st[side] += b[opposite] + 1
            b[opposite] = 0
            b[which] = 0
    return (tuple(b), tuple(st), 1 - side)


def kalah_terminal(game, pos):
    """None if the game goes on, else the final stores."""
    board, stores, side = pos
    south = seeds_on_side(game, board, 0)
    north = seeds_on_side(game, board, 1)
    if game["end"] == "either-side-empty":
        if south == 0 or north == 0:
            return (stores[0] + south, stores[1] + north)
        return None
    # mover-empty
    mover_seeds = seeds_on_side(game, board, side)
    if mover_seeds == 0:
        st = list(stores)
        st[1 - side] += south + north
        return tuple(st)
    return None


def kalah_moves(game, pos):
    """List of (house, child position)."""
    board, stores, side = pos
    result = []
    for h in own_houses(game, side):
        if board[h] > 0:
            result.append((h, kalah_play(game, pos, h)))
    return result


# ---------------------------------------------------------------------------
# Oware / Awari
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
    """Houses captured by a sowing whose last seed fell in `last`."""
    n = 2 * game["houses"]
    captured = []
    p = last
    while (
        side_of_house(game, p) != mover
        and board[p] in game["capture"]
        and p not in captured
    ):
        captured.append(p)
        p = (p - 1) % n
    return captured


def is_grand_slam(game, board, captured, mover):
    if not captured:
        return False
    for h in own_houses(game, 1 - mover):
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
    assert side_of_house(game, house) == side and board[house] > 0
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
    """Every non-empty own house, with (child, grand_slam, feeds)."""
    board, stores, side = pos
    result = []
    for h in own_houses(game, side):
        if board[h] > 0:
            child, grand_slam = oware_play(game, pos, h)
            feeds = seeds_on_side(game, child[0], 1 - side) > 0
            result.append((h, child, grand_slam, feeds))
    return result


def oware_terminal(game, pos):
    """None if the game goes on at this position, else the final stores.
    (Repetition is handled by the caller, which knows the history.)"""
    board, stores, side = pos
    board_total = sum(board)
    # (1) the player to move has no seeds: the opponent takes the board.
    if seeds_on_side(game, board, side) == 0:
        st = list(stores)
        st[1 - side] += board_total
        return tuple(st)
    # (2) oware must-feed (not awari): opponent empty and no move feeds.
    #     woaley2 (docs/rule-decisions.md, RULES.md §4.4 sudden death): the same
    #     condition ends the game whatever must-feed says, and the mover takes
    #     the seeds on their side minus one, the opponent that one seed.
    sudden_death = game["name"] == "woaley2"
    if (game["must-feed"] and game["name"] != "awari") or sudden_death:
        if seeds_on_side(game, board, 1 - side) == 0:
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
    opponent_empty = seeds_on_side(game, board, 1 - side) == 0
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
    only rule of woaley1/adi/giuti), or the board is split evenly (even-split)."""
    board, stores = pos[0], pos[1]
    m = game["houses"]
    south = sum(board[:m])
    north = sum(board[m:])
    if game.get("repetition", "own-side") == "own-side":
        return (stores[0] + south, stores[1] + north)
    half = (south + north) // 2
    return (stores[0] + half, stores[1] + half)


# ---------------------------------------------------------------------------
# Generic interface
# ---------------------------------------------------------------------------

def terminal(game, pos):
    if is_kalah(game):
        return kalah_terminal(game, pos)
    if is_two_row(game):
        return tworow.terminal(game, pos)
    return oware_terminal(game, pos)


def legal_moves(game, pos):
    """Legal moves of a position that is not over."""
    if is_kalah(game):
        return kalah_moves(game, pos)
    if is_two_row(game):
        return tworow.legal_moves(game, pos)
    return oware_moves(game, pos)


def uses_repetition(game):
    """Every game but kalah and cups can repeat a position."""
    if is_kalah(game):
        return False
    if is_two_row(game):
        return tworow.can_repeat(game)
    return True


def perft(game, pos, depth, history):
    """history: set of positions seen so far in this sequence, including pos."""
    if depth == 0:
        return 1
    if terminal(game, pos) is not None:
        return 0
    moves = legal_moves(game, pos)
    if depth == 1:
        return len(moves)
    count = 0
    for house, child in moves:
        if uses_repetition(game) and child in history:
            # the game ends at the repeated position; it is not the last ply
            continue
        history.add(child)
        count += perft(game, child, depth - 1, history)
        history.remove(child)
    return count


def diff(stores, side):
    return stores[side] - stores[1 - side]


class Solver:
    def __init__(self, game):
        self.game = game
        self.memo = {}  # see memo_key
        self.nodes = 0

    def value(self, pos, history):
        """Final score difference for the side to move at pos, perfect play."""
        game = self.game
        self.nodes += 1
        key = self.memo_key(pos, history)
        if key in self.memo:
            return self.memo[key]
        final = terminal(game, pos)
        if final is not None:
            return diff(final, pos[2])
        best = None
        for house, child in legal_moves(game, pos):
            v = self.child_value(pos, child, history)
            if best is None or v > best:
                best = v
        self.memo[key] = best
        return best

    def memo_key(self, pos, history):
        """What the value of pos can depend on.
        Kalah, cups: no repetition is possible, the value depends on pos alone.
        The other games: the value depends on pos and on the earlier positions that
        could still be repeated.  Stores never decrease, so every later position
        has stores >= pos's stores and every earlier one has stores <= them: an
        earlier position can only be repeated if its stores equal pos's stores.
        So the key is pos plus those history entries (pos itself included)."""
        if not uses_repetition(self.game):
            return pos
        same_stores = []
        for earlier in history:
            if earlier[1] == pos[1]:
                same_stores.append(earlier)
        return (pos, frozenset(same_stores))

    def child_value(self, pos, child, history):
        """Value of playing into child, from the point of view of pos's mover."""
        side = pos[2]
        if uses_repetition(self.game) and child in history:
            return diff(repetition_stores(self.game, child), side)
        history.add(child)
        v = self.value(child, history)
        history.remove(child)
        if child[2] == side:
            return v
        return -v

    def root_moves(self, pos):
        final = terminal(self.game, pos)
        if final is not None:
            return []
        result = []
        history = {pos}
        for house, child in legal_moves(self.game, pos):
            result.append((house, self.child_value(pos, child, history)))
        return result


def solve(game, pos):
    solver = Solver(game)
    return solver.value(pos, {pos})


def run_perft(game, pos, depth):
    return perft(game, pos, depth, {pos})


# ---------------------------------------------------------------------------
# Self test: hand-worked values
# ---------------------------------------------------------------------------

def selftest():
    checks = 0

    def expect(label, got, want):
        nonlocal checks
        checks += 1
        if got != want:
            raise AssertionError("%s: got %r, want %r" % (label, got, want))

    def P(game_text, pos_text, depth):
        g = parse_game(game_text)
        return run_perft(g, parse_position(g, pos_text), depth)

    def V(game_text, pos_text):
        g = parse_game(game_text)
        return solve(g, parse_position(g, pos_text))

    def child(game_text, pos_text, letter):
        g = parse_game(game_text)
        pos = parse_position(g, pos_text)
        for house, c in legal_moves(g, pos):
            if move_name(g, house) == letter:
                return format_position(g, c)
        return None

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
        try:
            parse_game(bad)
        except UsageError:
            checks += 1
        else:
            raise AssertionError("bad game string accepted: %s" % bad)
    g = parse_game("kalah(houses=2,seeds=1)")
    for bad in ["1,1/1,1 0-0 X", "1,1,1/1 0-0 S", "1,1/1,2 0-0 S", "1,1/1,1 0 S",
                "1,1/1,1 0-0", "1,1/1,-1 2-0 S"]:
        try:
            parse_position(g, bad)
        except UsageError:
            checks += 1
        else:
            raise AssertionError("bad position accepted: %s" % bad)

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
           Solver(g).root_moves(start_position(g)), [(0, -2), (1, 2)])
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
    expect("oware(2,1) B value", Solver(g).root_moves(start_position(g))[1], (1, 2))
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

    selftest_new_games(expect, P, V, child)
    print("selftest: %d checks passed" % checks)


def selftest_new_games(expect, P, V, child):
    """Hand-worked checks of wari, woaley1, woaley2, adi, giuti and cups."""

    def rejected(label, function, argument):
        try:
            function(argument)
        except UsageError:
            expect(label + " rejected", True, True)
        else:
            expect(label + " rejected", "accepted", "UsageError")

    def moves(game_text, pos_text):
        g = parse_game(game_text)
        return [move_name(g, m) for m, c in legal_moves(g, parse_position(g, pos_text))]

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
                "cups(bowls=2)", "cups(bowls=7)", "cups(seeds=3)", "adi(houses=7)",
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
        legal = dict((move_name(g, m), c) for m, c in legal_moves(g, pos))
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


# ---------------------------------------------------------------------------
# Golden files
# ---------------------------------------------------------------------------

def split_line(line):
    return [field.strip() for field in line.split("|")]


def check_files(paths):
    mismatches = 0
    lines_checked = 0
    for path in paths:
        with open(path) as handle:
            for number, line in enumerate(handle, 1):
                text = line.strip()
                if text == "" or text.startswith("#"):
                    continue
                fields = split_line(text)
                where = "%s:%d" % (path, number)
                start = time.time()
                try:
                    game = parse_game(fields[0])
                    pos = parse_position(game, fields[1])
                    if len(fields) == 4:
                        depth = parse_int("depth", fields[2], 0)
                        want = int(fields[3])
                        got = run_perft(game, pos, depth)
                    elif len(fields) == 3:
                        want = int(fields[2])
                        got = solve(game, pos)
                    else:
                        raise UsageError("expected 3 or 4 '|'-separated fields")
                except (UsageError, ValueError) as error:
                    print("%s: bad line: %s" % (where, error))
                    mismatches += 1
                    continue
                lines_checked += 1
                elapsed = time.time() - start
                if got != want:
                    mismatches += 1
                    print("%s: MISMATCH %s: expected %d, computed %d" % (where, text, want, got))
                else:
                    print("%s: ok (%.1fs) %s" % (where, elapsed, text))
    print("%d lines checked, %d mismatches" % (lines_checked, mismatches))
    return mismatches == 0


HEADER = [
    "# Generated by scripts/reference.py (independent Python reference implementation,",
    "# written from shared/RULES.md without looking at the Rust code).",
    "# Regenerate: python3 scripts/reference.py generate; verify: python3 scripts/reference.py check FILE",
]


def perft_line(game_text, pos_text, depth):
    game = parse_game(game_text)
    pos = parse_position(game, pos_text)
    count = run_perft(game, pos, depth)
    return "%s | %s | %d | %d" % (canonical_game(game), format_position(game, pos), depth, count)


def solve_line(game_text, pos_text):
    game = parse_game(game_text)
    pos = parse_position(game, pos_text)
    value = solve(game, pos)
    return "%s | %s | %d" % (canonical_game(game), format_position(game, pos), value)


def write_file(path, lines):
    with open(path, "w") as handle:
        for line in lines:
            handle.write(line + "\n")
    print("wrote %s (%d lines)" % (path, len(lines)))


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


def comparison_games(game, case):
    """Games whose count is shown in a comment when it differs: the games named in
    the case's 4th element if it has one ("base" stands for the base game), else
    the base game if an option differs from it."""
    if len(case) > 3:
        texts = [base_game_text(game) if text == "base" else text for text in case[3]]
    elif changed_options(game):
        texts = [base_game_text(game)]
    else:
        texts = []
    return [parse_game(text) for text in texts]


def generate_perft(cases, header):
    """cases: list of comments (str) or (game, position, depths[, [game, ...]])."""
    lines = list(HEADER) + ["# " + h for h in header]
    option_differs = {}
    for case in cases:
        if isinstance(case, str):
            lines.append("# " + case)
            continue
        game_text, pos_text, depths = case[:3]
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        options = changed_options(game)
        for option in options:
            option_differs.setdefault(option, False)
        for depth in depths:
            start = time.time()
            count = run_perft(game, pos, depth)
            elapsed = time.time() - start
            for base in comparison_games(game, case):
                base_count = run_perft(base, parse_position(base, pos_text), depth)
                if base_count != count:
                    lines.append("# (%s gives %d here)" % (canonical_game(base), base_count))
                    if canonical_game(base) == canonical_game(parse_game(base_game_text(game))):
                        for option in options:
                            option_differs[option] = True
            line = "%s | %s | %d | %d" % (
                canonical_game(game), format_position(game, pos), depth, count)
            print("%s   (%.1fs)" % (line, elapsed), flush=True)
            lines.append(line)
    for option in sorted(option_differs):
        if not option_differs[option]:
            print("note: no line shows a count change for option %s" % option)
    return lines


def generate_solved(cases, header, compare=False):
    """cases: comments (str) or (game, position[, [game, ...]]).  compare: add a
    '# (... gives V here)' comment where a comparison game has another value."""
    lines = list(HEADER) + ["# " + h for h in header]
    for case in cases:
        if isinstance(case, str):
            lines.append("# " + case)
            continue
        game_text, pos_text = case[:2]
        start = time.time()
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        value = solve(game, pos)
        if compare:
            for base in comparison_games(game, (None, None, None) + tuple(case[2:])):
                base_value = solve(base, parse_position(base, pos_text))
                if base_value != value:
                    lines.append("# (%s gives %d here)" % (canonical_game(base), base_value))
        line = "%s | %s | %d" % (canonical_game(game), format_position(game, pos), value)
        print("%s   (%.1fs)" % (line, time.time() - start), flush=True)
        lines.append(line)
    return lines


def generate(out_dir, which):
    if which in ("all", "kalah"):
        write_file(os.path.join(out_dir, "kalah.perft"),
                   generate_perft(KALAH_PERFT_CASES, PERFT_HEADER))
    if which in ("all", "oware"):
        write_file(os.path.join(out_dir, "oware.perft"),
                   generate_perft(OWARE_PERFT_CASES, PERFT_HEADER))
    if which in ("all", "solved"):
        write_file(os.path.join(out_dir, "solved-small.txt"),
                   generate_solved(SOLVED_CASES, SOLVED_HEADER))
    for name in TWO_ROW_FILES:
        if which in ("all", name):
            write_file(os.path.join(out_dir, name + ".perft"),
                       generate_perft(TWO_ROW_FILES[name], two_row_perft_header(name)))
    if which in ("all", "solved-two-row"):
        write_file(os.path.join(out_dir, "solved-two-row.txt"),
                   generate_solved(tworow.SOLVED_TWO_ROW_CASES, SOLVED_TWO_ROW_HEADER,
                                   compare=True))


TWO_ROW_FILES = {
    "wari": tworow.WARI_PERFT_CASES,
    "woaley1": tworow.WOALEY1_PERFT_CASES,
    "woaley2": tworow.WOALEY2_PERFT_CASES,
    "adi": tworow.ADI_PERFT_CASES,
    "giuti": tworow.GIUTI_PERFT_CASES,
    "cups": tworow.CUPS_PERFT_CASES,
}


def two_row_perft_header(name):
    return [
        "Rules: shared/RULES.md and docs/rule-decisions.md (%s)." % name,
        "Format: GAME | POSITION | DEPTH | COUNT = number of move sequences of exactly DEPTH",
        "plies (a pass is a ply; a line that ends before DEPTH counts 0, one that ends",
        "exactly at DEPTH counts 1).",
    ] + tworow.PERFT_NOTES[name] + [
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


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv):
    # Oware search paths can be a few hundred plies long on small boards.
    sys.setrecursionlimit(200000)
    parser = argparse.ArgumentParser(
        description="Independent Python reference for kalah / oware / awari."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count move sequences of exactly DEPTH plies")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p.add_argument("depth")
    p = sub.add_parser("solve", help="exact value for the side to move")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p.add_argument("--moves", action="store_true", help="also print each root move's value")
    p = sub.add_parser("check", help="recompute golden files")
    p.add_argument("files", nargs="+")
    sub.add_parser("selftest", help="hand-worked checks")
    p = sub.add_parser("generate", help="rewrite the golden files")
    p.add_argument("which", nargs="?", default="all",
                   choices=["all", "kalah", "oware", "solved", "wari", "woaley1", "woaley2",
                            "adi", "giuti", "cups", "solved-two-row"])
    p.add_argument(
        "--out",
        default=os.path.normpath(
            os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data")),
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "perft":
            game = parse_game(args.game)
            pos = parse_position(game, args.position)
            depth = parse_int("depth", args.depth, 0)
            print(run_perft(game, pos, depth))
        elif args.command == "solve":
            game = parse_game(args.game)
            pos = parse_position(game, args.position)
            solver = Solver(game)
            print(solver.value(pos, {pos}))
            if args.moves:
                for house, value in solver.root_moves(pos):
                    print("%s %d" % (move_name(game, house), value))
        elif args.command == "check":
            if not check_files(args.files):
                return 1
        elif args.command == "selftest":
            selftest()
        elif args.command == "generate":
            generate(args.out, args.which)
    except UsageError as error:
        print("error: %s" % error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
