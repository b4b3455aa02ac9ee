"""Independent reference rules of the four-row games omweso, bao-la-kete and
bao-la-kiswahili (plain Python 3, standard library only).

Written from docs/rule-decisions-four-row.md, shared/RULES.md (sections 0, 9,
10, 12) and the sources shared/seeds/000_*.txt (Omweso) and 003_*.txt (Bao la
Kete) alone, WITHOUT looking at the Rust code, so that the two implementations
fail independently.  Simple, slow, obvious: plain lists, plain loops.  The command
line, perft, the solver (negamax with alpha-beta over the full tree, with the
repetition history of the line, the root included) and the golden files are in
driver.py; the golden-file cases and the hand-worked checks in four_row_cases.py.

Readings of points the decisions page leaves open (the most literal one each time):
  * "was occupied" at a lap end = the hole holds 2 or more after the last seed.
  * Bao functional kuu at a lap end: counted after the last seed is dropped (a
    5-seed kuu that receives the 6th seed is functional); at a nemo takata, "h is
    the functional kuu" is judged before the reserve seed is added.
  * Takasia marks are set only after a hizi zetu takata (the mover's reserve was 0
    when the move began) while the opponent's reserve is 0 as well.
  * "Threatened": some hizi zetu capture move by the first-lap definition (a hole
    with 2..15 seeds whose first lap ends in a capture position), ignoring takasia
    marks, the Kete priority and whether the rest of the move ends.
  * A mark set by X on Y's hole stays in the position until the end of X's next
    move (so after Y's move both players may have a mark: `K,k`); X's capture
    moves clear it, X's takatas set or clear it.
  * The first-lap exception applies to moves that lift hole L while the mover owns
    the kuu at the start of the move.
  * "Compulsory when one exists": among legal moves only (a capture from a marked
    hole or one that never ends does not make takatas illegal).  Takata start
    holes are chosen by the rule first, then marked / kichwa-forbidden starts are
    removed, with no fallback to other holes.
  * The front-row kichwa rule is applied to hizi zetu moves only.
  * Lap counting for the 1,000-lap limit: every sowing is a lap (the first lift,
    each relay, each sowing of captured seeds, a safari, each Omweso reverse lap);
    the placing of a Bao reserve seed is not.  A move needing a 1,001st lap is
    endless.

A position is a tuple (board, side, reserves, kuu, marks):
  board     tuple of 32 ints: South's holes 0..15 (A..P), then North's (a..p),
            each player's holes in their own sowing order
  side      0 = South to move, 1 = North
  reserves  (south, north) (always (0, 0) in omweso)
  kuu       (south owns a kuu, north owns a kuu) (always (False, False) in omweso)
  marks     (hole of South marked by takasia or None, same for North), local
            indexes 0..15 (always (None, None) in omweso)
"""

from .driver import UsageError, parse_int, position_text, split_game, split_position


NAMES = ("omweso", "bao-la-kete", "bao-la-kiswahili")
KUU = 11          # L: the kuu / nyumba
NO_MARKS = (None, None)
BAO_START = (0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 6, 0, 0, 0, 0)  # seed 003's diagram
ENDLESS = [0]     # endless continuations met so far (statistics only)


# ---------------------------------------------------------------------------
# Game strings
# ---------------------------------------------------------------------------

def keys_of(name):
    if name not in NAMES:
        raise UsageError("unknown game %r (this reference knows %s)" % (name, ", ".join(NAMES)))
    if name == "omweso":
        return ("start",)
    return ("reserve", "start")


def parse_game(text):
    """`name` or `name(key=value,...)` -> dict."""
    name, pairs = split_game(text, keys_of)
    game = {"name": name}
    if name == "omweso":
        game["start"] = (2,) * 16
    else:
        game["reserve"] = 22
        game["start"] = BAO_START
    for key, value in pairs:
        if key == "start":
            items = value.split(".")
            if len(items) == 1:
                game["start"] = (parse_int("start", items[0], 1 if name == "omweso" else 0),) * 16
            elif len(items) == 16:
                game["start"] = tuple(parse_int("start hole %s" % chr(65 + i), item, 0)
                                      for i, item in enumerate(items))
            else:
                raise UsageError("start must be one number or 16 numbers joined by '.', "
                                 "not %r (%d numbers)" % (value, len(items)))
        else:
            game["reserve"] = parse_int("reserve", value, 0, 22)
    if name == "omweso":
        game["total"] = 2 * sum(game["start"])
        if game["total"] == 0:
            raise UsageError("game string %r: the start holds no seed" % text)
    else:
        game["total"] = 2 * (sum(game["start"]) + game["reserve"])
        if game["total"] == 0:
            raise UsageError("game string %r: no seed on the board nor in reserve" % text)
        if game["total"] > 64:
            raise UsageError("game string %r: %d seeds in all (2 x (start + reserve)), "
                             "at most 64" % (text, game["total"]))
    return game


def start_text(start):
    if len(set(start)) == 1:
        return str(start[0])
    return ".".join(str(x) for x in start)


def canonical_game(game):
    """Defaults omitted, keys sorted."""
    name = game["name"]
    parts = []
    if name != "omweso" and game["reserve"] != 22:
        parts.append("reserve=%d" % game["reserve"])
    default_start = (2,) * 16 if name == "omweso" else BAO_START
    if game["start"] != default_start:
        parts.append("start=" + start_text(game["start"]))
    if not parts:
        return name
    return "%s(%s)" % (name, ",".join(parts))


def is_bao(game):
    return game["name"] != "omweso"


def is_kete(game):
    return game["name"] == "bao-la-kete"


# ---------------------------------------------------------------------------
# Letters, positions
# ---------------------------------------------------------------------------

def letter(side, local):
    return chr((65 if side == 0 else 97) + local)


def start_position(game):
    start = list(game["start"])
    if is_bao(game):
        r = game["reserve"]
        owns = start[KUU] >= 6  # each player owns a kuu if L holds 6 or more
        return (tuple(start + start), 0, (r, r), (owns, owns), NO_MARKS)
    return (tuple(start + start), 0, (0, 0), (False, False), NO_MARKS)


def parse_position(game, text):
    south, north, stores, side, fields = split_position(text, 16)
    if stores != (0, 0):
        raise UsageError("position %r: the four-row games have no stores: the store part "
                         "must be 0-0" % text)
    reserves = (0, 0)
    kuu = (False, False)
    marks = [None, None]
    if fields and not is_bao(game):
        raise UsageError("position %r: omweso positions have no ;key=value fields" % text)
    for key, value in fields:
        if key == "reserve":
            if value.count("-") != 1:
                raise UsageError("position %r: reserve must be '<south>-<north>', not %r"
                                 % (text, value))
            a, b = value.split("-")
            reserves = (parse_int("reserve", a, 0), parse_int("reserve", b, 0))
        elif key == "kuu":
            table = {"SN": (True, True), "S": (True, False), "N": (False, True),
                     "-": (False, False)}
            if value not in table:
                raise UsageError("position %r: kuu must be SN, S, N or -, not %r"
                                 % (text, value))
            kuu = table[value]
        elif key == "takasia":
            items = value.split(",")
            if len(items) > 2:
                raise UsageError("position %r: at most two takasia marks" % text)
            for item in items:
                if len(item) != 1 or not ("A" <= item <= "P" or "a" <= item <= "p"):
                    raise UsageError("position %r: takasia mark %r is not a hole letter "
                                     "A..P / a..p" % (text, item))
                owner = 0 if item.isupper() else 1
                local = ord(item.lower()) - ord("a")
                if marks[owner] is not None:
                    raise UsageError("position %r: two takasia marks on %s's holes"
                                     % (text, "South" if owner == 0 else "North"))
                if local < 8:
                    raise UsageError("position %r: takasia mark %r is on a back-row hole "
                                     "(only front holes I..P can be marked)" % (text, item))
                marks[owner] = local
            if marks[0] is not None and marks[1] is not None and items[0].islower():
                raise UsageError("position %r: write South's takasia mark first (%s,%s)"
                                 % (text, items[1], items[0]))
        else:
            raise UsageError("position %r: unknown field %r (fields: reserve, kuu, takasia)"
                             % (text, key))
    if (marks[0] is not None or marks[1] is not None) and reserves != (0, 0):
        raise UsageError("position %r: takasia marks exist only when both reserves are 0"
                         % text)
    board = tuple(south + north)
    total = sum(board) + sum(reserves)
    if total != game["total"]:
        raise UsageError("position %r: %d seeds in all, %s has %d"
                         % (text, total, canonical_game(game), game["total"]))
    return (board, side, reserves, kuu, tuple(marks))


def format_position(game, pos):
    board, side, reserves, kuu, marks = pos
    fields = []
    if reserves != (0, 0):
        fields.append(("reserve", "%d-%d" % reserves))
    if kuu != (False, False):
        fields.append(("kuu", {(True, True): "SN", (True, False): "S", (False, True): "N"}[kuu]))
    if marks != NO_MARKS:
        fields.append(("takasia", ",".join(letter(owner, marks[owner]) for owner in (0, 1)
                                           if marks[owner] is not None)))
    return position_text(board[:16], board[16:], (0, 0), side, fields)


LAP_LIMIT = 1000  # a move that has not ended after this many laps is endless


def sow(b, o, first, seeds, d):
    """Drop `seeds` seeds one by one into own holes first, first+d, ... (offset o).
    Returns the local index of the last hole sown."""
    p = first
    last = first
    while seeds > 0:
        b[o + p] += 1
        last = p
        p = (p + d) % 16
        seeds -= 1
    return last


# ---------------------------------------------------------------------------
# Omweso (RULES.md §9, decisions page)
# ---------------------------------------------------------------------------

def om_capturable(b, q, h):
    """Own inner hole h faces opponent inner 23-h and outer h-8 (both occupied?)."""
    return h >= 8 and b[q + 23 - h] > 0 and b[q + h - 8] > 0


def om_capture(b, q, h):
    seeds = b[q + 23 - h] + b[q + h - 8]
    b[q + 23 - h] = 0
    b[q + h - 8] = 0
    return seeds


def om_forward(b, o, q, h, laps):
    """A forward lap has just ended in own hole h; `laps` laps of the move have been
    sown (a lap: lift or catch, sow, look at the last hole).  Play on; return the
    board, or None if the move has not ended after LAP_LIMIT laps (endless: a move
    whose sowing repeats a state never ends, so it is caught by the same limit)."""
    while True:
        if b[o + h] == 1:
            return b  # the hole was empty: the move ends
        if laps >= LAP_LIMIT:
            ENDLESS[0] += 1
            return None
        if om_capturable(b, q, h):
            seeds = om_capture(b, q, h)
        else:
            seeds = b[o + h]  # relay
            b[o + h] = 0
        laps += 1
        h = sow(b, o, (h + 1) % 16, seeds, 1)


def om_moves(game, pos):
    board, side, reserves, kuu, marks = pos
    o = 16 * side
    q = 16 * (1 - side)
    result = []
    for x in range(16):
        n = board[o + x]
        if n < 2:
            continue
        # forward move X
        b = list(board)
        b[o + x] = 0
        h = sow(b, o, (x + 1) % 16, n, 1)
        final = om_forward(b, o, q, h, 1)
        if final is not None:
            result.append((letter(side, x), (tuple(final), 1 - side, reserves, kuu, marks)))
        # reverse move X-, X-2, ...
        if x not in (0, 1, 14, 15) or n > 9:
            continue
        b = list(board)
        b[o + x] = 0
        h = sow(b, o, (x - 1) % 16, n, -1)
        if not (h >= 8 and b[o + h] >= 2 and om_capturable(b, q, h)):
            continue  # the reverse lap does not capture: no such move
        laps = 1
        while True:
            seeds = om_capture(b, q, h)
            # either forwards from X+1 ...
            f = list(b)
            last = sow(f, o, (x + 1) % 16, seeds, 1)
            final = om_forward(f, o, q, last, laps + 1)
            if final is not None:
                text = letter(side, x) + ("-" if laps == 1 else "-%d" % laps)
                result.append((text, (tuple(final), 1 - side, reserves, kuu, marks)))
            # ... or a further reverse lap from the same start
            if seeds > 9:
                break
            r = list(b)
            h = sow(r, o, (x - 1) % 16, seeds, -1)
            if not (h >= 8 and r[o + h] >= 2 and om_capturable(r, q, h)):
                break
            b = r
            laps += 1
    return result


# ---------------------------------------------------------------------------
# Bao la Kete / Bao la Kiswahili (RULES.md §10, decisions page)
# ---------------------------------------------------------------------------

def lose_kuu(kuu, side):
    k = list(kuu)
    k[side] = False
    return tuple(k)


def functional(b, o, kuu, side):
    return kuu[side] and b[o + KUU] >= 6


def kichwa_for(h, d, choice=None):
    """(first hole, direction) of the sowing of seeds captured from own front h."""
    if h in (14, 15):
        return 15, -1
    if h in (8, 9):
        return 8, 1
    if choice is not None:
        d = choice
    return (8, 1) if d == 1 else (15, -1)


class Move:
    """The fixed data of one Bao move being played."""

    def __init__(self, side, kind, mark=None, from_kuu=False):
        self.side = side
        self.o = 16 * side
        self.q = 16 * (1 - side)
        self.kind = kind          # 'nc' nemo capture, 'nt' nemo takata,
        self.mark = mark          # 'hc' hizi zetu capture, 'ht' hizi zetu takata
        self.from_kuu = from_kuu  # started by lifting the mover's (owned) kuu


def bao_laps(mv, b, kuu, h, d, first_lap, laps, suffix):
    """A lap has just ended in own hole h (direction d); `laps` laps of the move
    have been sown.  Play on.  Returns [(suffix, board list, kuu)]: one entry, or
    two at a nemo capture lap ending in the functional kuu (stop, then safari with
    suffix 's'); a continuation that has not ended after LAP_LIMIT laps is endless
    and dropped."""
    o, q, side, kind = mv.o, mv.q, mv.side, mv.kind
    capturing = kind in ("nc", "hc")
    out = []
    while True:
        if b[o + h] == 1:
            out.append((suffix, b, kuu))  # the hole was empty: the move ends
            return out
        if capturing and h >= 8 and b[q + 23 - h] > 0:
            seeds = b[q + 23 - h]
            b[q + 23 - h] = 0
            if 23 - h == KUU and kuu[1 - side]:
                kuu = lose_kuu(kuu, 1 - side)
            first, d = kichwa_for(h, d)
        else:
            if h == KUU and functional(b, o, kuu, side):
                if kind == "nt":
                    out.append((suffix, b, kuu))  # a takata lap ending in the kuu stops
                    return out
                if kind == "nc":
                    out.append((suffix, list(b), kuu))  # stop ...
                    suffix = suffix + "s"              # ... or safari
            if kind in ("hc", "ht") and h == mv.mark and not (first_lap and mv.from_kuu):
                out.append((suffix, b, kuu))  # a lap ending in a takasia'd hole stops
                return out
            seeds = b[o + h]  # relay (safari: the kuu is lifted whole and lost)
            b[o + h] = 0
            if h == KUU and kuu[side]:
                kuu = lose_kuu(kuu, side)
            first = (h + d) % 16
        if laps >= LAP_LIMIT:
            ENDLESS[0] += 1
            return out  # endless from here: drop this continuation
        laps += 1
        h = sow(b, o, first, seeds, d)
        first_lap = False


def bao_nemo_moves(game, pos):
    board, side, reserves, kuu, marks = pos
    o = 16 * side
    q = 16 * (1 - side)
    res = list(reserves)
    res[side] -= 1
    res = tuple(res)
    raw = []  # (text, board list, kuu)
    captures = [h for h in range(8, 16) if board[o + h] > 0 and board[q + 23 - h] > 0]
    if captures:
        mv = Move(side, "nc")
        for h in captures:
            choices = [None] if h in (8, 9, 14, 15) else [1, -1]
            for choice in choices:
                b = list(board)
                b[o + h] += 1
                k = kuu
                seeds = b[q + 23 - h]
                b[q + 23 - h] = 0
                if 23 - h == KUU and k[1 - side]:
                    k = lose_kuu(k, 1 - side)
                first, d = kichwa_for(h, 1, choice)
                last = sow(b, o, first, seeds, d)
                text = letter(side, h) + ("+" if d == 1 else "-")
                for suffix, fb, fk in bao_laps(mv, b, k, last, d, True, 1, ""):
                    raw.append((text + suffix, fb, fk))
    else:
        occupied = [h for h in range(8, 16) if board[o + h] > 0]
        if functional(board, o, kuu, side):
            if occupied == [KUU]:
                targets = [KUU]
            else:
                targets = [h for h in occupied if h != KUU]
        elif all(board[o + h] == 1 for h in occupied):
            targets = occupied
        else:
            targets = [h for h in occupied if board[o + h] >= 2]
        mv = Move(side, "nt")
        for h in targets:
            for d in (1, -1):
                b = list(board)
                k = kuu
                b[o + h] += 1
                if h == KUU and functional(board, o, kuu, side):
                    if is_kete(game) and board[o + h] == 6:
                        seeds = b[o + h]  # Kete: emptied, the kuu is lost
                        k = lose_kuu(k, side)
                    else:
                        seeds = 2         # only two seeds are lifted
                else:
                    seeds = b[o + h]
                    if h == KUU and k[side]:
                        k = lose_kuu(k, side)  # a non-functional kuu lifted whole
                b[o + h] -= seeds
                first = (h + d) % 16
                last = sow(b, o, first, seeds, d)
                text = letter(side, h) + ("+" if d == 1 else "-")
                for suffix, fb, fk in bao_laps(mv, b, k, last, d, True, 1, ""):
                    raw.append((text + suffix, fb, fk))
    # takasia marks exist only when both reserves are 0: none before or after
    return [(text, (tuple(b), 1 - side, res, k, NO_MARKS)) for text, b, k in raw]


def first_lap_capture(b, o, q, x, d):
    """The own front hole where the first lap of a hizi zetu move from x in
    direction d ends in a capture position, or None."""
    n = b[o + x]
    if n < 2 or n > 15:
        return None
    h = (x + n * d) % 16
    if h >= 8 and b[o + h] > 0 and b[q + 23 - h] > 0:
        return h
    return None


def threatened(b, side):
    """Opponent front holes (local) that `side` could capture first in a hizi zetu
    capture move, were it their turn."""
    o = 16 * side
    q = 16 * (1 - side)
    result = set()
    for x in range(16):
        for d in (1, -1):
            h = first_lap_capture(b, o, q, x, d)
            if h is not None:
                result.add(23 - h)
    return result


def front_row_forbidden(board, o, x, d):
    """Lifting the only occupied front hole, a kichwa, toward the back row."""
    if not ((x == 8 and d == -1) or (x == 15 and d == 1)):
        return False
    return all(board[o + h] == 0 for h in range(8, 16) if h != x)


def bao_play_hz(game, pos, x, d, kind):
    """Hizi zetu move from own hole x, direction d: [(suffix, board, kuu)]."""
    board, side, reserves, kuu, marks = pos
    o = 16 * side
    b = list(board)
    k = kuu
    from_kuu = x == KUU and kuu[side]
    seeds = b[o + x]
    b[o + x] = 0
    if from_kuu:
        k = lose_kuu(k, side)
    first = (x + d) % 16
    last = sow(b, o, first, seeds, d)
    mv = Move(side, kind, marks[side], from_kuu)
    return bao_laps(mv, b, k, last, d, True, 1, "")


def bao_hz_moves(game, pos):
    board, side, reserves, kuu, marks = pos
    o = 16 * side
    q = 16 * (1 - side)
    mark = marks[side]
    captures = []  # (text, board, kuu, first captured opponent hole)
    for x in range(16):
        if x == mark:
            continue
        for d in (1, -1):
            h = first_lap_capture(board, o, q, x, d)
            if h is None or front_row_forbidden(board, o, x, d):
                continue
            text = letter(side, x) + ("+" if d == 1 else "-")
            for suffix, b, k in bao_play_hz(game, pos, x, d, "hc"):
                captures.append((text + suffix, b, k, 23 - h))
    if captures:
        target = marks[1 - side]
        if is_kete(game) and target is not None and any(c[3] == target for c in captures):
            captures = [c for c in captures if c[3] == target]  # takasia priority
        new_marks = list(marks)
        new_marks[1 - side] = None  # a capture move marks nothing (and clears)
        new_marks = tuple(new_marks)
        return [(text, (tuple(b), 1 - side, reserves, k, new_marks))
                for text, b, k, t in captures]
    # takata
    if functional(board, o, kuu, side):
        starts = [KUU]
    elif any(board[o + h] >= 2 for h in range(8, 16)):
        starts = [h for h in range(8, 16) if board[o + h] >= 2]
    else:
        starts = [h for h in range(8) if board[o + h] >= 2]
    result = []
    for x in starts:
        if x == mark:
            continue
        for d in (1, -1):
            if front_row_forbidden(board, o, x, d):
                continue
            text = letter(side, x) + ("+" if d == 1 else "-")
            for suffix, b, k in bao_play_hz(game, pos, x, d, "ht"):
                new_marks = list(marks)
                new_marks[1 - side] = takasia_mark(b, side, k, reserves)
                result.append((text + suffix,
                               (tuple(b), 1 - side, reserves, k, tuple(new_marks))))
    return result


def takasia_mark(b, side, kuu, reserves):
    """The opponent hole marked after a hizi zetu takata by `side`, or None."""
    if reserves[1 - side] != 0:
        return None
    mine = threatened(b, side)
    if len(mine) != 1 or threatened(b, 1 - side):
        return None
    j = next(iter(mine))
    q = 16 * (1 - side)
    if j == KUU and functional(b, q, kuu, 1 - side):
        return None
    occupied = [h for h in range(8, 16) if b[q + h] > 0]
    if occupied == [j]:
        return None
    big = [h for h in range(8, 16) if b[q + h] > 1]
    if big == [j]:
        return None
    return j


def bao_moves(game, pos):
    if pos[2][pos[1]] > 0:
        return bao_nemo_moves(game, pos)
    return bao_hz_moves(game, pos)


# ---------------------------------------------------------------------------
# The rules interface (driver.RULES_INTERFACE)
# ---------------------------------------------------------------------------

_last = [None, None, None]


def legal_moves(game, pos):
    """[(move text, child)], sorted by move text; [] when the mover has lost."""
    if _last[0] is game and _last[1] == pos:
        return _last[2]
    board, side = pos[0], pos[1]
    if is_bao(game):
        o = 16 * side
        if all(board[o + h] == 0 for h in range(8, 16)):
            moves = []  # front row empty: lost
        else:
            moves = bao_moves(game, pos)
    else:
        moves = om_moves(game, pos)
    moves.sort(key=lambda m: m[0])
    texts = [m[0] for m in moves]
    assert len(set(texts)) == len(texts), texts
    _last[0], _last[1], _last[2] = game, pos, moves
    return moves




def side_to_move(pos):
    return pos[1]


def final_value(game, pos):
    """The side to move has lost when it has no legal move (or, in Bao, an empty front
    row): -T, T = the game's total."""
    if legal_moves(game, pos):
        return None
    return -game["total"]


def can_repeat(game):
    return True


def repetition_value(game, pos, side):
    """Own holes + own reserve minus the opponent's, for `side`."""
    board, _, reserves = pos[0], pos[1], pos[2]
    own = sum(board[16 * side: 16 * side + 16]) + reserves[side]
    other = sum(board[16 * (1 - side): 16 * (1 - side) + 16]) + reserves[1 - side]
    return own - other


def memo_key(game, pos, history):
    """Bao: reserves only shrink and kuu flags only go from owned to lost, so only
    earlier positions with the same reserves and kuu flags can be repeated: the key is
    the position plus those.  Omweso has no such monotone quantity (the key would be
    the whole history): no memo."""
    if not is_bao(game):
        return None
    return (pos, frozenset(p for p in history if p[2] == pos[2] and p[3] == pos[3]))


def value_bound(game):
    """Alpha-beta in [-T, T]: T (the opponent has no legal move) is the best value."""
    return game["total"]


MEMO_LIMIT = 200000  # solver memo entries kept at most (then the memo is cleared)
