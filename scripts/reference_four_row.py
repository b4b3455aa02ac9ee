#!/usr/bin/env python3
"""Independent reference rules of the four-row games omweso, bao-la-kete and
bao-la-kiswahili (plain Python 3, standard library only).

Written from docs/rule-decisions-four-row.md, shared/RULES.md (sections 0, 9,
10, 12) and the sources shared/seeds/000_*.txt (Omweso) and 003_*.txt (Bao la
Kete) alone, WITHOUT looking at the Rust code, so that the two implementations
fail independently.  Simple, slow, obvious: plain lists, plain loops.

Subcommands:
  perft GAME POSITION DEPTH   number of move sequences of exactly DEPTH plies
  moves GAME POSITION         every legal move and the position it leads to
  solve GAME POSITION [--moves]  exact value for the side to move (negamax with
                              alpha-beta over the full tree, with the repetition
                              history of the line, the root included)
  check FILE...               recompute golden files, exit 1 on any mismatch
  selftest                    hand-worked checks, exit 1 on failure
  generate [all|omweso|bao-la-kete|bao-la-kiswahili|solved] [--out DIR]
                              (re)write the golden files in tests/data

POSITION may be the word `start`.  Bad input exits with status 2.

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

import argparse
import os
import sys
import threading
import time


class UsageError(Exception):
    pass


GAME_NAMES = ("omweso", "bao-la-kete", "bao-la-kiswahili")
KUU = 11          # L: the kuu / nyumba
NO_MARKS = (None, None)
BAO_START = (0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 6, 0, 0, 0, 0)  # seed 003's diagram
ENDLESS = [0]     # endless continuations met so far (statistics only)
MEMO_LIMIT = 200000  # solver memo entries kept at most (then the memo is cleared)


# ---------------------------------------------------------------------------
# Game strings
# ---------------------------------------------------------------------------

def is_number(text):
    return text != "" and len(text) <= 9 and all(c in "0123456789" for c in text)


def parse_int(what, text, minimum, maximum=None):
    text = text.strip()
    if not is_number(text):
        raise UsageError("%s must be a non-negative integer (at most 9 digits), not %r"
                         % (what, text))
    value = int(text)
    if value < minimum or (maximum is not None and value > maximum):
        if maximum is None:
            raise UsageError("%s must be at least %d, not %d" % (what, minimum, value))
        raise UsageError("%s must be %d..%d, not %d" % (what, minimum, maximum, value))
    return value


def parse_game(text):
    """`name` or `name(key=value,...)` -> dict."""
    original = text
    text = text.strip()
    if "(" in text:
        if not text.endswith(")"):
            raise UsageError("game string %r: missing closing parenthesis" % original)
        name = text[: text.index("(")].strip()
        inner = text[text.index("(") + 1: -1]
        if "(" in inner or ")" in inner:
            raise UsageError("game string %r: unbalanced parentheses" % original)
        pairs = [] if inner.strip() == "" else inner.split(",")
    else:
        if ")" in text:
            raise UsageError("game string %r: unbalanced parentheses" % original)
        name = text
        pairs = []
    if name not in GAME_NAMES:
        raise UsageError("unknown game %r (this reference knows %s)"
                         % (name, ", ".join(GAME_NAMES)))
    game = {"name": name}
    if name == "omweso":
        game["start"] = (2,) * 16
        keys = ("start",)
    else:
        game["reserve"] = 22
        game["start"] = BAO_START
        keys = ("reserve", "start")
    seen = set()
    for pair in pairs:
        if "=" not in pair:
            raise UsageError("game string %r: %r is not key=value" % (original, pair))
        key, value = pair.split("=", 1)
        key = key.strip()
        value = value.strip()
        if key in seen:
            raise UsageError("game string %r: key %r given twice" % (original, key))
        seen.add(key)
        if key not in keys:
            raise UsageError("game string %r: unknown key %r for %s (keys: %s)"
                             % (original, key, name, ", ".join(keys)))
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
            raise UsageError("game string %r: the start holds no seed" % original)
    else:
        game["total"] = 2 * (sum(game["start"]) + game["reserve"])
        if game["total"] == 0:
            raise UsageError("game string %r: no seed on the board nor in reserve" % original)
        if game["total"] > 64:
            raise UsageError("game string %r: %d seeds in all (2 x (start + reserve)), "
                             "at most 64" % (original, game["total"]))
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


def parse_numbers(text, what, where):
    numbers = []
    for item in text.split(","):
        if not is_number(item):
            raise UsageError("position %r: %s %r is not a non-negative integer"
                             % (where, what, item))
        numbers.append(int(item))
    return numbers


def parse_position(game, text):
    original = text
    text = text.strip()
    if text == "start":
        return start_position(game)
    parts = text.split(";")
    main = parts[0]
    words = main.split(" ")
    if len(words) != 3:
        raise UsageError("position %r: expected '<South 16 holes>/<North 16 holes> 0-0 <S|N>'"
                         " (single spaces)" % original)
    board_text, store_text, side_text = words
    if board_text.count("/") != 1:
        raise UsageError("position %r: holes must be '<South>/<North>'" % original)
    south_text, north_text = board_text.split("/")
    south = parse_numbers(south_text, "hole count", original)
    north = parse_numbers(north_text, "hole count", original)
    if len(south) != 16 or len(north) != 16:
        raise UsageError("position %r: need 16 holes per player, got %d/%d"
                         % (original, len(south), len(north)))
    if store_text != "0-0":
        raise UsageError("position %r: the four-row games have no stores: the store part "
                         "must be 0-0, not %r" % (original, store_text))
    if side_text == "S":
        side = 0
    elif side_text == "N":
        side = 1
    else:
        raise UsageError("position %r: side to move must be S or N, not %r"
                         % (original, side_text))
    reserves = (0, 0)
    kuu = (False, False)
    marks = [None, None]
    fields = parts[1:]
    if fields and not is_bao(game):
        raise UsageError("position %r: omweso positions have no ;key=value fields" % original)
    seen = set()
    for field in fields:
        if "=" not in field or field != field.strip():
            raise UsageError("position %r: bad field %r (want ;key=value, no spaces)"
                             % (original, field))
        key, value = field.split("=", 1)
        if key in seen:
            raise UsageError("position %r: field %r given twice" % (original, key))
        seen.add(key)
        if key == "reserve":
            if value.count("-") != 1:
                raise UsageError("position %r: reserve must be '<south>-<north>', not %r"
                                 % (original, value))
            a, b = value.split("-")
            reserves = (parse_int("reserve", a, 0), parse_int("reserve", b, 0))
        elif key == "kuu":
            table = {"SN": (True, True), "S": (True, False), "N": (False, True),
                     "-": (False, False)}
            if value not in table:
                raise UsageError("position %r: kuu must be SN, S, N or -, not %r"
                                 % (original, value))
            kuu = table[value]
        elif key == "takasia":
            items = value.split(",")
            if len(items) > 2:
                raise UsageError("position %r: at most two takasia marks" % original)
            for item in items:
                if len(item) != 1 or not ("A" <= item <= "P" or "a" <= item <= "p"):
                    raise UsageError("position %r: takasia mark %r is not a hole letter "
                                     "A..P / a..p" % (original, item))
                owner = 0 if item.isupper() else 1
                local = ord(item.lower()) - ord("a")
                if marks[owner] is not None:
                    raise UsageError("position %r: two takasia marks on %s's holes"
                                     % (original, "South" if owner == 0 else "North"))
                if local < 8:
                    raise UsageError("position %r: takasia mark %r is on a back-row hole "
                                     "(only front holes I..P can be marked)" % (original, item))
                marks[owner] = local
            if marks[0] is not None and marks[1] is not None and items[0].islower():
                raise UsageError("position %r: write South's takasia mark first (%s,%s)"
                                 % (original, items[1], items[0]))
        else:
            raise UsageError("position %r: unknown field %r (fields: reserve, kuu, takasia)"
                             % (original, key))
    if (marks[0] is not None or marks[1] is not None) and reserves != (0, 0):
        raise UsageError("position %r: takasia marks exist only when both reserves are 0"
                         % original)
    board = tuple(south + north)
    total = sum(board) + sum(reserves)
    if total != game["total"]:
        raise UsageError("position %r: %d seeds in all, %s has %d"
                         % (original, total, canonical_game(game), game["total"]))
    return (board, side, reserves, kuu, tuple(marks))


def format_position(game, pos):
    board, side, reserves, kuu, marks = pos
    text = "%s/%s 0-0 %s" % (",".join(str(x) for x in board[:16]),
                             ",".join(str(x) for x in board[16:]), "SN"[side])
    if reserves != (0, 0):
        text += ";reserve=%d-%d" % reserves
    if kuu != (False, False):
        text += ";kuu=" + {(True, True): "SN", (True, False): "S", (False, True): "N"}[kuu]
    if marks != NO_MARKS:
        items = []
        for owner in (0, 1):
            if marks[owner] is not None:
                items.append(letter(owner, marks[owner]))
        text += ";takasia=" + ",".join(items)
    return text


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
# Common interface
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


def repetition_value(pos, side):
    """Own holes + own reserve minus the opponent's, for `side`."""
    board, _, reserves = pos[0], pos[1], pos[2]
    own = sum(board[16 * side: 16 * side + 16]) + reserves[side]
    other = sum(board[16 * (1 - side): 16 * (1 - side) + 16]) + reserves[1 - side]
    return own - other


def perft(game, pos, depth, history):
    """history: the positions of this line so far, pos included."""
    if depth == 0:
        return 1
    moves = legal_moves(game, pos)
    if depth == 1:
        return len(moves)
    count = 0
    for text, child in moves:
        if child in history:
            continue  # a repeated position ends the game before DEPTH plies
        history.add(child)
        count += perft(game, child, depth - 1, history)
        history.remove(child)
    return count


def run_perft(game, pos, depth):
    return perft(game, pos, depth, {pos})


class Solver:
    """Negamax with alpha-beta pruning over the full tree, with the repetition
    history of the line (the root included).

    Memo (Bao only): the key is the position plus the earlier positions of the line
    that it could still repeat.  Reserves only shrink and kuu flags only go from
    owned to lost, so only earlier positions with the same reserves and kuu flags can
    be repeated; the stored value is exact or a bound, as alpha-beta found it.
    Omweso has no such monotone quantity (the key would be the whole history): no
    memo.  Before searching, a move that leaves the opponent without a legal move
    is taken at once (it is worth +T, the best possible value)."""

    def __init__(self, game):
        self.game = game
        self.total = game["total"]
        self.memo = {}
        self.nodes = 0

    def key(self, pos, history):
        return (pos, frozenset(p for p in history if p[2] == pos[2] and p[3] == pos[3]))

    def value(self, pos, history, alpha=None, beta=None):
        T = self.total
        if alpha is None:
            alpha, beta = -T, T
        self.nodes += 1
        key = None
        if is_bao(self.game):
            key = self.key(pos, history)
            entry = self.memo.get(key)
            if entry is not None:
                flag, v = entry
                if flag == 0:
                    return v
                if flag > 0:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    return v
        moves = list(legal_moves(self.game, pos))
        if not moves:
            best = -T
        else:
            best = None
            for text, child in moves:
                if child not in history and not legal_moves(self.game, child):
                    best = T  # the opponent has lost
                    break
            if best is None:
                start_alpha = alpha
                for text, child in moves:
                    v = self.child_value(pos, child, history, alpha, beta)
                    if best is None or v > best:
                        best = v
                    if best > alpha:
                        alpha = best
                    if alpha >= beta:
                        break
                if key is not None:
                    if len(self.memo) >= MEMO_LIMIT:
                        self.memo.clear()  # a cache only: bound the memory
                    if best <= start_alpha:
                        self.memo[key] = (-1, best)   # upper bound
                    elif best >= beta:
                        self.memo[key] = (1, best)    # lower bound
                    else:
                        self.memo[key] = (0, best)
                return best
        if key is not None:
            self.memo[key] = (0, best)
        return best

    def child_value(self, pos, child, history, alpha=None, beta=None):
        """Value of the move to child for pos's mover."""
        if child in history:
            return repetition_value(child, pos[1])
        if alpha is None:
            alpha, beta = -self.total, self.total
        history.add(child)
        v = -self.value(child, history, -beta, -alpha)
        history.remove(child)
        return v

    def root_moves(self, pos):
        history = {pos}
        return [(text, self.child_value(pos, child, history))
                for text, child in legal_moves(self.game, pos)]


def solve(game, pos):
    return Solver(game).value(pos, {pos})


# ---------------------------------------------------------------------------
# Golden files
# ---------------------------------------------------------------------------

def split_line(line):
    return [field.strip() for field in line.split("|")]


def check_files(paths):
    mismatches = 0
    checked = 0
    for path in paths:
        try:
            handle = open(path)
        except OSError as error:
            raise UsageError("cannot read %s: %s" % (path, error))
        with handle:
            for number, line in enumerate(handle, 1):
                text = line.strip()
                if text == "" or text.startswith("#"):
                    continue
                fields = split_line(text)
                where = "%s:%d" % (path, number)
                start = time.time()
                try:
                    if len(fields) not in (3, 4):
                        raise UsageError("expected 3 or 4 '|'-separated fields")
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
                checked += 1
                if got != want:
                    mismatches += 1
                    print("%s: MISMATCH %s: expected %d, computed %d" % (where, text, want, got))
                else:
                    print("%s: ok (%.1fs) %s" % (where, time.time() - start, text), flush=True)
    print("%d lines checked, %d mismatches" % (checked, mismatches))
    return mismatches == 0


HEADER = [
    "# Generated by scripts/reference_four_row.py (independent Python reference",
    "# implementation, written from shared/RULES.md, docs/rule-decisions-four-row.md",
    "# and the seeds shared/seeds/000_*.txt and 003_*.txt, without looking at the Rust code).",
    "# Regenerate: python3 scripts/reference_four_row.py generate;",
    "# verify: python3 scripts/reference_four_row.py check FILE",
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


def write_file(path, lines):
    with open(path, "w") as handle:
        for line in lines:
            handle.write(line + "\n")
    print("wrote %s (%d lines)" % (path, len(lines)), flush=True)


def other_bao(game_text):
    """The same game string under the other Bao game."""
    if game_text.startswith("bao-la-kete"):
        return "bao-la-kiswahili" + game_text[len("bao-la-kete"):]
    return "bao-la-kete" + game_text[len("bao-la-kiswahili"):]


def generate_perft(cases, header):
    """cases: comments (str) or (game, position, depths).  For Bao a comment
    '# (<other Bao game> gives N here)' precedes a line where the other game differs."""
    lines = list(HEADER) + ["# " + h for h in header]
    for case in cases:
        if isinstance(case, str):
            lines.append("# " + case)
            continue
        game_text, pos_text, depths = case
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        other = None
        if is_bao(game):
            other = parse_game(other_bao(game_text))
        for depth in depths:
            start = time.time()
            count = run_perft(game, pos, depth)
            elapsed = time.time() - start
            if other is not None:
                other_count = run_perft(other, parse_position(other, pos_text), depth)
                if other_count != count:
                    lines.append("# (%s gives %d here)" % (canonical_game(other), other_count))
            line = "%s | %s | %d | %d" % (canonical_game(game), format_position(game, pos),
                                          depth, count)
            print("%s   (%.1fs)" % (line, elapsed), flush=True)
            lines.append(line)
            if count == 0 and (other is None or other_count == 0):
                break  # deeper counts are 0 too
    return lines


def generate_solved(cases, header):
    lines = list(HEADER) + ["# " + h for h in header]
    for case in cases:
        if isinstance(case, str):
            lines.append("# " + case)
            continue
        game_text, pos_text = case
        start = time.time()
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        value = solve(game, pos)
        if is_bao(game):
            other = parse_game(other_bao(game_text))
            other_value = solve(other, parse_position(other, pos_text))
            if other_value != value:
                lines.append("# (%s gives %d here)" % (canonical_game(other), other_value))
        line = "%s | %s | %d" % (canonical_game(game), format_position(game, pos), value)
        print("%s   (%.1fs)" % (line, time.time() - start), flush=True)
        lines.append(line)
    return lines


def generate(out_dir, which):
    started = time.time()
    if which in ("all", "omweso"):
        write_file(os.path.join(out_dir, "omweso.perft"),
                   generate_perft(OMWESO_PERFT_CASES, ["Rules: shared/RULES.md §9 and "
                                  "docs/rule-decisions-four-row.md (omweso)."]
                                  + PERFT_HEADER))
    for name, cases in (("bao-la-kete", KETE_PERFT_CASES),
                        ("bao-la-kiswahili", KISWAHILI_PERFT_CASES)):
        if which in ("all", name):
            write_file(os.path.join(out_dir, name + ".perft"),
                       generate_perft(cases, ["Rules: shared/RULES.md §10 and "
                                      "docs/rule-decisions-four-row.md (%s)." % name]
                                      + PERFT_HEADER + [
                                      "A '# (%s gives N here)' comment: the count under the "
                                      "other Bao game," % other_bao(name),
                                      "where it differs (the kuu six-floor emptying, the "
                                      "nyumba tax, the takasia priority)."]))
    if which in ("all", "solved"):
        write_file(os.path.join(out_dir, "solved-four-row.txt"),
                   generate_solved(SOLVED_CASES, SOLVED_HEADER + [
                       "A '# (... gives V here)' comment: the value under the other Bao game,",
                       "where it differs."]))
    print("generation took %.1fs" % (time.time() - started))


# A case is a comment (str) or (game, position, depths).

OM7 = "omweso(start=1.1.1.1.1.1.1.0.0.0.0.0.0.0.0.0)"   # 14 seeds

OMWESO_PERFT_CASES = [
    "Start position (2 seeds in every hole; 16 forward moves and the reverse moves A-, A-2,",
    "B-, B-2, O-, O-2, P-, P-2)",
    ("omweso", "start", range(1, 6)),
    "Reduced starts: one number (seeds in every hole) or 16 numbers (holes A..P of each player)",
    ("omweso(start=1)", "start", [0, 1]),
    ("omweso(start=3)", "start", range(1, 5)),
    ("omweso(start=4)", "start", range(1, 5)),
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


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def selftest():
    """Hand-worked checks (every child position below was sown by hand)."""
    failures = []
    count = [0]

    def expect(label, got, want):
        count[0] += 1
        if got != want:
            failures.append("%s: got %r, want %r" % (label, got, want))

    def moves(game_text, pos_text):
        g = parse_game(game_text)
        return [t for t, c in legal_moves(g, parse_position(g, pos_text))]

    def child(game_text, pos_text, move):
        g = parse_game(game_text)
        for t, c in legal_moves(g, parse_position(g, pos_text)):
            if t == move:
                return format_position(g, c)
        return "(no move %s)" % move

    def value(game_text, pos_text):
        g = parse_game(game_text)
        return solve(g, parse_position(g, pos_text))

    def rejected(label, function):
        count[0] += 1
        try:
            function()
        except UsageError:
            return
        failures.append("%s: accepted, want UsageError" % label)

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
    global LAP_LIMIT
    saved = LAP_LIMIT
    try:
        for limit, want in [(5, True), (4, False)]:
            LAP_LIMIT = limit
            _last[0] = None
            expect("omweso C with lap limit %d" % limit, "C" in moves("omweso", "start"), want)
        for limit, want in [(2, ["J+"]), (1, [])]:
            LAP_LIMIT = limit
            _last[0] = None
            expect("kete J+ with lap limit %d" % limit, moves(
                "bao-la-kete(reserve=12)", "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,"
                "2,2,6,0,0,3,0 0-0 S;reserve=10-11;kuu=SN"), want)
    finally:
        LAP_LIMIT = saved
        _last[0] = None

    # --- perft conventions
    expect("perft depth 0", run_perft(om, start_position(om), 0), 1)
    expect("perft omweso 1", run_perft(om, start_position(om), 1), 24)
    expect("perft kete 1", run_perft(kete, start_position(kete), 1), 4)

    for failure in failures:
        print("FAIL " + failure)
    print("selftest: %d checks, %d failures" % (count[0], len(failures)))
    return not failures


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print("error: %s" % message, file=sys.stderr)
        sys.exit(2)


def main(argv):
    parser = Parser(description="Independent Python reference for omweso, bao-la-kete "
                                "and bao-la-kiswahili.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    p = sub.add_parser("perft", help="count move sequences of exactly DEPTH plies")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p.add_argument("depth")
    p = sub.add_parser("moves", help="legal moves and the positions they lead to")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p = sub.add_parser("solve", help="exact value for the side to move")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p.add_argument("--moves", action="store_true",
                   help="also print each root move's value (an exact search per move: "
                        "can be much slower than the value alone)")
    p = sub.add_parser("check", help="recompute golden files")
    p.add_argument("files", nargs="+")
    sub.add_parser("selftest", help="hand-worked checks")
    p = sub.add_parser("generate", help="rewrite the golden files")
    p.add_argument("which", nargs="?", default="all",
                   choices=["all", "omweso", "bao-la-kete", "bao-la-kiswahili", "solved"])
    p.add_argument("--out", default=os.path.normpath(os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data")))
    args = parser.parse_args(argv)
    try:
        if args.command == "perft":
            game = parse_game(args.game)
            pos = parse_position(game, args.position)
            depth = parse_int("depth", args.depth, 0)
            print(run_perft(game, pos, depth))
        elif args.command == "moves":
            game = parse_game(args.game)
            pos = parse_position(game, args.position)
            moves = legal_moves(game, pos)
            if not moves:
                print("(no legal move: %s has lost)" % ("South", "North")[pos[1]],
                      file=sys.stderr)
            for text, child in moves:
                print("%s %s" % (text, format_position(game, child)))
        elif args.command == "solve":
            game = parse_game(args.game)
            pos = parse_position(game, args.position)
            solver = Solver(game)
            print(solver.value(pos, {pos}))
            if args.moves:
                for text, value in solver.root_moves(pos):
                    print("%s %d" % (text, value))
        elif args.command == "check":
            if not check_files(args.files):
                return 1
        elif args.command == "selftest":
            if not selftest():
                return 1
        elif args.command == "generate":
            generate(args.out, args.which)
    except UsageError as error:
        print("error: %s" % error, file=sys.stderr)
        return 2
    return 0


def run_main():
    """Deep relay chains and long solver lines recurse: run with a big stack."""
    sys.setrecursionlimit(1000000)
    threading.stack_size(512 * 1024 * 1024)
    result = []

    def target():
        try:
            result.append(main(sys.argv[1:]))
        except SystemExit as stop:  # argparse's usage errors (status 2)
            result.append(stop.code if isinstance(stop.code, int) else 2)
        except (MemoryError, RecursionError) as error:
            print("error: out of memory or recursion (%s): position too large for this "
                  "reference" % type(error).__name__, file=sys.stderr)
            result.append(3)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    return result[0] if result else 1


if __name__ == "__main__":
    sys.exit(run_main())
