"""Kpo and Azigo / Okwe for three and four players (plain Python 3, standard library only),
written from docs/rule-decisions.md, section "Kpo and Azigo/Okwe for three and four
players" (sources: seed 000's Kpo and Igbo paragraphs; Ludii's Kpo.lud, rulesets "Three
players (Observed)" and "Four players (Described)", after Culin 1896 pp. 603-604), not from
the Rust code.

Rules, as this module reads them (every point is a numbered decision of that section):
  * The board: 2 x m holes (houses), no stores sown; the track is the 2m houses in sowing
    (counter-clockwise) order, South's row 0..m-1 left to right, North's m..2m-1 (RULES.md
    §0).  The house opposite track house i is 2m-1-i.  Players 1..n move in turn.
  * Owners.  kpo(players=3): m = 3k; player p owns the columns pk..pk+k-1 (from South's
    left) of both rows (Ludii: P1 B1 C1 B2 C2, ...).  kpo(players=4), azigo/okwe(players=4):
    half a row each, along the track: player p owns track houses p*m/2 .. (p+1)*m/2-1
    (Ludii Kpo: P1 B1-D1, P2 E1-G1, P3 G2-E2, P4 B2-D2).  azigo/okwe(players=3): m = 3k,
    column blocks b0 b1 b2 of k columns; player 1 owns South's b0 and North's b1, player 2
    South's b1 and North's b2, player 3 South's b2 and North's b0 (every own house faces
    another player's house).  A player's houses, lettered A.., are its track houses in
    ascending track order.
  * Each player has a hand (captured seeds); scores are hand + seeds in own houses.
  * kpo move `X+` / `X-`: lift own non-empty house X, sow one seed a house counter-clockwise
    (+, ascending track) or clockwise (-), the origin sown on laps (skip-origin=true skips
    it).  If the last seed makes its house hold 2 or 3 and the next house in the sowing
    direction is not empty, the mover takes that next house into the hand.
  * azigo move `X`: lift own non-empty house X; 2+ seeds: the first seed back into X, then
    on counter-clockwise; a single seed goes to the next house.  The last seed in an own
    house whose opposite house belongs to another player and holds 1 or 3 (capture=1-3-5:
    or 5): those seeds go into the mover's hand.  `hand`: sow the whole hand into the own
    houses in letter order from A, wrapping over the own houses only; no capture.
  * A player to move without a move (kpo: no seed in own houses; azigo: none in houses or
    hand) plays `pass`.  The game ends when, after a move, at most one player has a move.
    A repeated position (board, hands, player to move; anywhere earlier in the line) ends
    the game.  Either way every player scores hand + own houses.

Position text: `<player 1 houses>/<player 2 houses>/... <hand 1>-<hand 2>-... <k>`, each
player's houses in letter order, k = 1..n the player to move.
"""

from .driver import UsageError, is_number, parse_int, split_game

NAMES = ("kpo", "azigo", "okwe")
KEYS = {"kpo": ("players", "houses", "seeds", "skip-origin"),
        "azigo": ("players", "houses", "start", "capture"),
        "okwe": ("players", "houses", "start", "capture")}
# default row length m per (name, players)
DEFAULT_HOUSES = {("kpo", 3): 6, ("kpo", 4): 6, ("azigo", 3): 18, ("azigo", 4): 20,
                  ("okwe", 3): 12, ("okwe", 4): 10}
MAX_HOUSES = 30
MEMO_LIMIT = 2000000


def wants(text):
    """Whether a kpo/azigo/okwe game string asks for 3 or more players (this module)."""
    text = text.strip()
    if "(" not in text:
        return False
    inner = text[text.index("(") + 1:].rstrip(")")
    for item in inner.split(","):
        if "=" in item:
            key, value = item.split("=", 1)
            if key.strip() == "players" and value.strip() != "2":
                return True
    return False


def without_two_players(text):
    """An azigo/okwe game string with a `players=2` item dropped (the two-player module has
    no `players` key; `players=2` is its only form)."""
    text = text.strip()
    if "(" not in text or not text.endswith(")"):
        return text
    name = text[: text.index("(")]
    items = text[text.index("(") + 1: -1].split(",")
    kept = [item for item in items
            if not ("=" in item and item.split("=", 1)[0].strip() == "players"
                    and item.split("=", 1)[1].strip() == "2")]
    if len(kept) == len(items):
        return text
    return "%s(%s)" % (name, ",".join(kept)) if kept else name


def keys_of(name):
    if name not in NAMES:
        raise UsageError("unknown game %r (this reference knows %s)" % (name, ", ".join(NAMES)))
    return KEYS[name]


def parse_game(text):
    name, pairs = split_game(text, keys_of)
    values = dict(pairs)
    n = parse_int("players", values.get("players", "3"), 0)
    if n not in (3, 4):
        raise UsageError("players must be 2, 3 or 4, not %d" % n)
    is_kpo = name == "kpo"
    if "houses" in values:
        m = parse_int("houses", values["houses"], 1, MAX_HOUSES)
    else:
        m = DEFAULT_HOUSES[(name, n)]
    if n == 3 and m % 3 != 0:
        raise UsageError("houses=%d: %s(players=3) needs a multiple of 3 houses a row" % (m, name))
    if n == 4 and m % 2 != 0:
        raise UsageError("houses=%d: %s(players=4) needs an even number of houses a row"
                         % (m, name))
    game = {"name": name, "players": n, "houses": m, "n-player": True}
    if is_kpo:
        game["seeds"] = parse_int("seeds", values.get("seeds", "3"), 1, 255)
        sk = values.get("skip-origin", "false")
        if sk not in ("true", "false"):
            raise UsageError("skip-origin must be true or false, not %r" % sk)
        game["skip-origin"] = sk == "true"
        game["total"] = 2 * m * game["seeds"]
    else:
        start = values.get("start", "4")
        if start == "basden":
            raise UsageError("start=basden is the two-player start; %s(players=%d) takes "
                             "start=N seeds a house" % (name, n))
        game["start"] = parse_int("start", start, 1, 255)
        capture = values.get("capture", "1-3")
        if capture not in ("1-3", "1-3-5"):
            raise UsageError("capture must be 1-3 or 1-3-5, not %r" % capture)
        game["capture"] = capture
        game["capture-set"] = (1, 3) if capture == "1-3" else (1, 3, 5)
        game["total"] = 2 * m * game["start"]
    owners, own = layout(name, n, m)
    game["owners"] = owners
    game["own"] = own
    return game


def layout(name, n, m):
    """(owner of every track house, each player's track houses in letter order)."""
    L = 2 * m
    owners = [None] * L

    def north(col):  # track index of North's house in column col (from South's left)
        return L - 1 - col

    if n == 4:
        h = m // 2
        for i in range(L):
            owners[i] = i // h
    elif name == "kpo":
        k = m // 3
        for col in range(m):
            owners[col] = col // k
            owners[north(col)] = col // k
    else:
        k = m // 3
        for col in range(m):
            block = col // k
            owners[col] = block               # South's block b -> player b
            owners[north(col)] = (block + 2) % 3  # North's block b -> player b-1
    own = [[i for i in range(L) if owners[i] == p] for p in range(n)]
    return tuple(owners), tuple(tuple(x) for x in own)


def canonical_game(game):
    name, n, m = game["name"], game["players"], game["houses"]
    parts = []
    if name != "kpo" and game["capture"] != "1-3":
        parts.append("capture=" + game["capture"])
    if m != DEFAULT_HOUSES[(name, n)]:
        parts.append("houses=%d" % m)
    parts.append("players=%d" % n)
    if name == "kpo":
        if game["seeds"] != 3:
            parts.append("seeds=%d" % game["seeds"])
        if game["skip-origin"]:
            parts.append("skip-origin=true")
    elif game["start"] != 4:
        parts.append("start=%d" % game["start"])
    return "%s(%s)" % (name, ",".join(parts))


# ---------------------------------------------------------------------------
# Positions: (board: tuple of 2m ints in track order, hands: tuple of n ints, mover 0..n-1)
# ---------------------------------------------------------------------------

def start_position(game):
    per = game["seeds"] if game["name"] == "kpo" else game["start"]
    return (tuple([per] * (2 * game["houses"])), tuple([0] * game["players"]), 0)


def parse_position(game, text):
    original = text
    n, own = game["players"], game["own"]
    words = text.strip().split(" ")
    if len(words) != 3 or ";" in text:
        raise UsageError("position %r: expected '<houses of player 1>/.../<player %d> "
                         "<hand 1>-...-<hand %d> <1..%d>' (single spaces)" % (original, n, n, n))
    board_text, hand_text, mover_text = words
    groups = board_text.split("/")
    if len(groups) != n:
        raise UsageError("position %r: %d groups of houses for a %d-player game (want %d)"
                         % (original, len(groups), n, n))
    board = [0] * (2 * game["houses"])
    for p, group in enumerate(groups):
        items = group.split(",")
        if len(items) != len(own[p]):
            raise UsageError("position %r: player %d owns %d houses, got %d"
                             % (original, p + 1, len(own[p]), len(items)))
        for i, item in zip(own[p], items):
            if not is_number(item):
                raise UsageError("position %r: house %r is not a non-negative integer"
                                 % (original, item))
            board[i] = int(item)
    hands = hand_text.split("-")
    if len(hands) != n or not all(is_number(h) for h in hands):
        raise UsageError("position %r: hands must be %d non-negative integers joined by '-'"
                         % (original, n))
    if not (is_number(mover_text) and 1 <= int(mover_text) <= n):
        raise UsageError("position %r: player to move must be 1..%d, not %r"
                         % (original, n, mover_text))
    hands = tuple(int(h) for h in hands)
    if sum(board) + sum(hands) != game["total"]:
        raise UsageError("position %r: %d seeds, the game has %d"
                         % (original, sum(board) + sum(hands), game["total"]))
    return (tuple(board), hands, int(mover_text) - 1)


def format_position(game, pos):
    board, hands, mover = pos
    groups = "/".join(",".join(str(board[i]) for i in houses) for houses in game["own"])
    return "%s %s %d" % (groups, "-".join(str(h) for h in hands), mover + 1)


def side_to_move(pos):
    return pos[2]


def letter(index):
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index]


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------

def can_move(game, pos, p):
    board, hands, mover = pos
    if hands[p] > 0 and game["name"] != "kpo":
        return True
    return any(board[i] for i in game["own"][p])


def scores(game, pos):
    board, hands, mover = pos
    return tuple(hands[p] + sum(board[i] for i in game["own"][p])
                 for p in range(game["players"]))


def is_over(game, pos):
    return sum(1 for p in range(game["players"]) if can_move(game, pos, p)) <= 1


def final_value(game, pos):
    """None while the game goes on (repetition aside), else the score vector."""
    return scores(game, pos) if is_over(game, pos) else None


def kpo_sow(game, pos, house, d):
    board, hands, mover = pos
    L = len(board)
    b = list(board)
    seeds = b[house]
    b[house] = 0
    i = house
    while seeds:
        i = (i + d) % L
        if i == house and game["skip-origin"]:
            continue
        b[i] += 1
        seeds -= 1
    h = list(hands)
    nxt = (i + d) % L
    if b[i] in (2, 3) and b[nxt] != 0:
        h[mover] += b[nxt]
        b[nxt] = 0
    return (tuple(b), tuple(h), (mover + 1) % game["players"])


def azigo_sow(game, pos, house):
    board, hands, mover = pos
    L = len(board)
    b = list(board)
    seeds = b[house]
    b[house] = 0
    i = house if seeds >= 2 else (house + 1) % L
    b[i] += 1
    seeds -= 1
    while seeds:
        i = (i + 1) % L
        b[i] += 1
        seeds -= 1
    h = list(hands)
    owners = game["owners"]
    opp = L - 1 - i
    if owners[i] == mover and owners[opp] != mover and b[opp] in game["capture-set"]:
        h[mover] += b[opp]
        b[opp] = 0
    return (tuple(b), tuple(h), (mover + 1) % game["players"])


def azigo_hand(game, pos):
    board, hands, mover = pos
    b = list(board)
    own = game["own"][mover]
    for k in range(hands[mover]):
        b[own[k % len(own)]] += 1
    h = list(hands)
    h[mover] = 0
    return (tuple(b), tuple(h), (mover + 1) % game["players"])


def legal_moves(game, pos):
    """[(move text, child)] in the move order of the decisions page: houses A.. in letter
    order (kpo: `+` before `-`), then `hand` (azigo); `pass` alone."""
    board, hands, mover = pos
    moves = []
    for k, i in enumerate(game["own"][mover]):
        if board[i] == 0:
            continue
        if game["name"] == "kpo":
            moves.append((letter(k) + "+", kpo_sow(game, pos, i, 1)))
            moves.append((letter(k) + "-", kpo_sow(game, pos, i, -1)))
        else:
            moves.append((letter(k), azigo_sow(game, pos, i)))
    if game["name"] != "kpo" and hands[mover] > 0:
        moves.append(("hand", azigo_hand(game, pos)))
    if not moves:
        moves.append(("pass", (board, hands, (mover + 1) % game["players"])))
    return moves


def can_repeat(game):
    return True


def repetition_value(game, pos, side):
    return scores(game, pos)


def memo_key(game, pos, history):
    return None


def value_bound(game):
    return None


# ---------------------------------------------------------------------------
# Max-n and paranoid values by plain enumeration of the whole game tree
# ---------------------------------------------------------------------------

class MaxN:
    """Exact max-n score vector: every player maximises its own final score; among moves
    equal for the mover the first in move order (legal_moves) is taken.  The whole tree is
    enumerated with the line's history (a move into a position of the line ends the game,
    scored as at the end).  kpo: hands never shrink, so only earlier positions with the
    same hands can still repeat; the memo key is the position and those positions (exact).
    azigo/okwe: no memo."""

    def __init__(self, game):
        self.game = game
        self.memo = {}
        self.nodes = 0

    def key(self, pos, history):
        if self.game["name"] != "kpo":
            return None
        hands = pos[1]
        return (pos, frozenset(h for h in history[:-1] if h[1] == hands))

    def value(self, pos, history):
        self.nodes += 1
        game = self.game
        final = final_value(game, pos)
        if final is not None:
            return final
        key = self.key(pos, history)
        if key is not None and key in self.memo:
            return self.memo[key]
        best = None
        for move, child in legal_moves(game, pos):
            v = self.child_value(child, history)
            if best is None or v[pos[2]] > best[pos[2]]:
                best = v
        if key is not None:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = best
        return best

    def child_value(self, child, history):
        if child in history:
            return scores(self.game, child)
        history.append(child)
        v = self.value(child, history)
        history.pop()
        return v

    def root_moves(self, pos):
        if final_value(self.game, pos) is not None:
            return []
        return [(move, self.child_value(child, [pos]))
                for move, child in legal_moves(self.game, pos)]


class Paranoid:
    """Paranoid value for `player` (0-based): `player`'s final score when it maximises its
    own score and every other player moves to minimise it (the coalition).  Scores always
    sum to the game's seeds, so this is also the best guaranteed value of own score minus
    the others' sum (= 2 x score - seeds).  Plain minimax over the whole tree with the
    line's history (memo as MaxN)."""

    def __init__(self, game, player):
        self.game = game
        self.player = player
        self.memo = {}
        self.nodes = 0

    key = MaxN.key

    def value(self, pos, history):
        self.nodes += 1
        game = self.game
        final = final_value(game, pos)
        if final is not None:
            return final[self.player]
        key = self.key(pos, history)
        if key is not None and key in self.memo:
            return self.memo[key]
        maximise = pos[2] == self.player
        best = None
        for move, child in legal_moves(game, pos):
            v = self.child_value(child, history)
            if best is None or (v > best if maximise else v < best):
                best = v
        if key is not None:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = best
        return best

    def child_value(self, child, history):
        if child in history:
            return scores(self.game, child)[self.player]
        history.append(child)
        v = self.value(child, history)
        history.pop()
        return v

    def root_moves(self, pos):
        if final_value(self.game, pos) is not None:
            return []
        return [(move, self.child_value(child, [pos]))
                for move, child in legal_moves(self.game, pos)]


def maxn(game, pos):
    return MaxN(game).value(pos, [pos])


def paranoid(game, pos, player):
    return Paranoid(game, player).value(pos, [pos])


def vector_text(v):
    return "-".join(str(x) for x in v)


# ---------------------------------------------------------------------------
# A text board (for the hand-worked cases and `mancala show` as the decisions page
# describes it): North's row above (track 2m-1 .. m from left to right as South sees it),
# South's row below, each house as <player><letter>:<seeds>.
# ---------------------------------------------------------------------------

def board_text(game, pos):
    board, hands, mover = pos
    m = game["houses"]
    names = {}
    for p, houses in enumerate(game["own"]):
        for k, i in enumerate(houses):
            names[i] = "%d%s" % (p + 1, letter(k))
    north = " ".join("%s:%d" % (names[2 * m - 1 - c], board[2 * m - 1 - c]) for c in range(m))
    south = " ".join("%s:%d" % (names[c], board[c]) for c in range(m))
    return "%s\n%s\nhands %s, player %d to move" % (north, south, vector_text(hands), mover + 1)
