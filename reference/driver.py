"""The shared driver of the reference implementations: command line, perft, the exact
solver, the golden files (check and generate) and the self-test harness.

The rules live in the rules modules (two_row.py, four_row.py, lela.py, ajwa.py, azigo.py,
n_player.py for kpo/azigo/okwe with players=3|4); each provides the same small
interface, looked up here by game name (see RULES_INTERFACE).  The golden-file case lists
and the hand-worked checks of each rules module are in its *_cases.py module.

Subcommands (python3 reference --help):
  perft GAME POSITION DEPTH      number of move sequences of exactly DEPTH plies
  moves GAME POSITION            every legal move and the position it leads to
  solve GAME POSITION [--moves]  exact value for the side to move
  check FILE...                  recompute golden files, exit 1 on any mismatch
  selftest                       hand-worked checks, exit 1 on any failure
  generate [TARGET...] [--out DIR]  (re)write golden files (default: all of them)
  next-round GAME POSITION SOUTH NORTH  Adi house buying, Ayo rounds: the next round of a match
  maxn GAME POSITION [--moves]   n players: the max-n score vector (ties: first move)
  paranoid GAME POSITION K [--moves]  n players: player K's value against all the others

POSITION may be the word `start` for the game's start position.  Bad input exits with
status 2.
"""

import argparse
import os
import sys
import threading
import time

# What a rules module provides (a module, duck-typed):
RULES_INTERFACE = """
  NAMES                          the game names it plays
  parse_game(text)               game string -> game (a dict with every key, "name" included)
  canonical_game(game)           game string with defaults omitted and keys sorted
  start_position(game)           a position (a hashable tuple)
  parse_position(game, text)     position text -> position (the driver handles `start`)
  format_position(game, pos)     position -> text
  side_to_move(pos)              0 = South, 1 = North
  legal_moves(game, pos)         [(move text, child position)] of a position not over
  final_value(game, pos)         None if the game goes on (repetition aside), else its
                                 final value for the side to move
  can_repeat(game)               whether a position can come back (a repetition ends the game)
  repetition_value(game, pos, side)  the final value for `side` when pos repeats
  memo_key(game, pos, history)   what the value of pos depends on, or None (no memo)
  value_bound(game)              None: plain minimax over every move; T: alpha-beta in
                                 [-T, T], and a move worth T is taken at once
  MEMO_LIMIT                     solver memo entries kept at most (then cleared), or None
Optional (issue 17, the history rules; a module without them has neither):
  repeats(game, child, history)  whether moving to child ends the game by repetition
                                 (default: child occurred in the history)
  history_end(game, pos, history)  None, or the final value for pos's side to move when
                                 a rule on the history (not repetition) ends the game at pos
Optional (Adi house buying and Ayo rounds; two_row.py only):
  next_round(game, start, final)  None if the match is over after the round of `game`
                                 that started at `start` and ended with the stores `final`,
                                 else (next round's game, its start position)
"""


class UsageError(Exception):
    pass


# ---------------------------------------------------------------------------
# The rules modules
# ---------------------------------------------------------------------------

def families():
    """(label, rules module, cases module) of every family of games."""
    from . import four_row, four_row_cases, lela, lela_cases, two_row, two_row_cases
    from . import ajwa, ajwa_cases
    from . import azigo, azigo_cases
    from . import n_player, n_player_cases
    return [("two-row", two_row, two_row_cases), ("four-row", four_row, four_row_cases),
            ("lela", lela, lela_cases), ("ajwa", ajwa, ajwa_cases), ("azigo", azigo, azigo_cases),
            ("n-player", n_player, n_player_cases)]


def n_player_module():
    from . import n_player
    return n_player


def game_name(text):
    text = text.strip()
    if "(" in text:
        return text[: text.index("(")].strip()
    return text


def rules_for_name(name):
    known = []
    for label, rules, cases in families():
        if name in rules.NAMES:
            return rules
        known.extend(rules.NAMES)
    raise UsageError("unknown game name %r (expected one of %s)" % (name, ", ".join(known)))


def rules_of(game):
    if game.get("n-player"):
        return n_player_module()
    return rules_for_name(game["name"])


def parse_game(text):
    """A game string -> game.  kpo, azigo and okwe with players=3 or 4 (any value but 2)
    are the n-player forms of n_player.py; the rest go to the module of the name."""
    name = game_name(text)
    n_player = n_player_module()
    if name in n_player.NAMES and n_player.wants(text):
        return n_player.parse_game(text)
    if name in ("azigo", "okwe"):
        text = n_player.without_two_players(text)
    return rules_for_name(name).parse_game(text)


def is_n_player(game):
    return bool(game.get("n-player"))


def canonical_game(game):
    return rules_of(game).canonical_game(game)


def parse_position(game, text):
    if text.strip() == "start":
        return rules_of(game).start_position(game)
    return rules_of(game).parse_position(game, text)


def format_position(game, pos):
    return rules_of(game).format_position(game, pos)


def legal_moves(game, pos):
    return rules_of(game).legal_moves(game, pos)


# ---------------------------------------------------------------------------
# Game strings and position texts: the parts every game shares
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


def parse_bool(key, text):
    if text == "true":
        return True
    if text == "false":
        return False
    raise UsageError("%s must be true or false, not %r" % (key, text))


def parse_choice(key, text, choices):
    if text not in choices:
        raise UsageError("%s must be one of %s, not %r" % (key, "|".join(choices), text))
    return text


def split_game(text, keys):
    """`name` or `name(key=value,...)` -> (name, [(key, value), ...]).  keys(name) gives
    the keys of a game name (or raises UsageError); a key outside them, a key given twice
    or unbalanced parentheses are a UsageError."""
    original = text
    text = text.strip()
    if "(" in text:
        if not text.endswith(")"):
            raise UsageError("game string %r: missing closing parenthesis" % original)
        name = text[: text.index("(")].strip()
        inner = text[text.index("(") + 1: -1]
        if "(" in inner or ")" in inner:
            raise UsageError("game string %r: unbalanced parentheses" % original)
        items = [] if inner.strip() == "" else inner.split(",")
    else:
        if ")" in text:
            raise UsageError("game string %r: unbalanced parentheses" % original)
        name = text
        items = []
    allowed = keys(name)
    pairs = []
    for item in items:
        if "=" not in item:
            raise UsageError("game string %r: %r is not key=value" % (original, item))
        key, value = item.split("=", 1)
        key = key.strip()
        value = value.strip()
        if key in [k for k, v in pairs]:
            raise UsageError("game string %r: key %r given twice" % (original, key))
        if key not in allowed:
            raise UsageError("game string %r: unknown key %r for %s (keys: %s)"
                             % (original, key, name, ", ".join(sorted(allowed))))
        pairs.append((key, value))
    return name, pairs


def parse_numbers(text, what, where):
    numbers = []
    for item in text.split(","):
        if not is_number(item):
            raise UsageError("position %r: %s %r is not a non-negative integer"
                             % (where, what, item))
        numbers.append(int(item))
    return numbers


def split_position(text, houses):
    """'<south>/<north> <s>-<n> <S|N>[;key=value]...' (single spaces; each side's houses in
    its own order) -> (south, north, stores, side, fields): two lists of `houses` ints,
    (south store, north store), 0 (S) or 1 (N), [(key, value), ...] (keys unique)."""
    original = text
    text = text.strip()
    parts = text.split(";")
    words = parts[0].split(" ")
    if len(words) != 3:
        raise UsageError("position %r: expected '<south>/<north> <s>-<n> <S|N>'"
                         " (single spaces)" % original)
    board_text, store_text, side_text = words
    if board_text.count("/") != 1:
        raise UsageError("position %r: houses must be '<south>/<north>'" % original)
    south_text, north_text = board_text.split("/")
    south = parse_numbers(south_text, "house", original)
    north = parse_numbers(north_text, "house", original)
    if len(south) != houses or len(north) != houses:
        raise UsageError("position %r: need %d houses per side, got %d/%d"
                         % (original, houses, len(south), len(north)))
    if store_text.count("-") != 1:
        raise UsageError("position %r: stores must be '<south>-<north>'" % original)
    stores = parse_numbers(store_text.replace("-", ","), "store", original)
    if side_text not in ("S", "N"):
        raise UsageError("position %r: side to move must be S or N, not %r"
                         % (original, side_text))
    fields = []
    for part in parts[1:]:
        if "=" not in part or part != part.strip():
            raise UsageError("position %r: bad field %r (want ;key=value, no spaces)"
                             % (original, part))
        key, value = part.split("=", 1)
        if key in [k for k, v in fields]:
            raise UsageError("position %r: field %r given twice" % (original, key))
        fields.append((key, value))
    return south, north, (stores[0], stores[1]), "SN".index(side_text), fields


def position_text(south, north, stores, side, fields=()):
    """The inverse of split_position."""
    text = "%s/%s %d-%d %s" % (",".join(str(x) for x in south), ",".join(str(x) for x in north),
                               stores[0], stores[1], "SN"[side])
    for key, value in fields:
        text += ";%s=%s" % (key, value)
    return text


# ---------------------------------------------------------------------------
# Perft and the exact solver
# ---------------------------------------------------------------------------

def perft(rules, game, pos, depth, history):
    """Move sequences of exactly `depth` plies.  history: the positions of this line so
    far, pos included; a repeated position ends the game before the last ply."""
    if depth == 0:
        return 1
    if rules.final_value(game, pos) is not None or history_end(rules, game, pos, history) is not None:
        return 0
    moves = rules.legal_moves(game, pos)
    if depth == 1:
        return len(moves)
    count = 0
    for move, child in moves:
        if repeats(rules, game, child, history):
            continue
        history.append(child)
        count += perft(rules, game, child, depth - 1, history)
        history.pop()
    return count


def repeats(rules, game, child, history):
    """Whether moving to child ends the game by repetition (history: the line so far, a
    list in game order, the parent last)."""
    if not rules.can_repeat(game):
        return False
    hook = getattr(rules, "repeats", None)
    if hook is not None:
        return hook(game, child, history)
    return child in history


def history_end(rules, game, pos, history):
    """The final value of pos (for its side to move) if a history rule other than
    repetition ends the game there, else None.  history ends with pos."""
    hook = getattr(rules, "history_end", None)
    if hook is None:
        return None
    return hook(game, pos, history)


def run_perft(game, pos, depth):
    return perft(rules_of(game), game, pos, depth, [pos])


class Solver:
    """Exact value for the side to move: negamax over the full tree with the repetition
    history of the line (the root included; a move into a repeated position ends the game
    and is scored by the rules' repetition_value).  An extra turn (the child has the same
    side to move) keeps the sign.

    value_bound(game) None: plain minimax (every move of every position searched), memo
    key -> exact value.  A bound T: alpha-beta in [-T, T], memo key -> exact value or
    bound, and a move that ends the game with T for the mover is taken at once.  The memo
    key (rules.memo_key) is the position plus what of the history can still repeat; the
    memo is cleared when it holds MEMO_LIMIT entries (a cache only)."""

    def __init__(self, game):
        self.game = game
        self.rules = rules_of(game)
        self.bound = self.rules.value_bound(game)
        self.memo = {}
        self.nodes = 0

    def value(self, pos, history, alpha=None, beta=None):
        """The value of pos for its side to move (exact when alpha < value < beta)."""
        rules, game = self.rules, self.game
        if self.bound is not None and alpha is None:
            alpha, beta = -self.bound, self.bound
        self.nodes += 1
        key = rules.memo_key(game, pos, history)
        if key is not None:
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
        final = rules.final_value(game, pos)
        if final is None:
            final = history_end(rules, game, pos, history)
        if final is not None:
            self.store(key, 0, final)
            return final
        moves = rules.legal_moves(game, pos)
        if self.bound is not None and self.wins_at_once(pos, moves, history):
            self.store(key, 0, self.bound)
            return self.bound
        start_alpha = alpha
        best = None
        for move, child in moves:
            v = self.child_value(pos, child, history, alpha, beta)
            if best is None or v > best:
                best = v
            if alpha is not None:
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    break
        if alpha is None or start_alpha < best < beta:
            self.store(key, 0, best)
        elif best <= start_alpha:
            self.store(key, -1, best)  # upper bound
        else:
            self.store(key, 1, best)   # lower bound
        return best

    def wins_at_once(self, pos, moves, history):
        side = self.rules.side_to_move(pos)
        for move, child in moves:
            if child in history:
                continue
            final = self.rules.final_value(self.game, child)
            if final is None:
                history.append(child)
                final = history_end(self.rules, self.game, child, history)
                history.pop()
            if final is not None:
                if self.rules.side_to_move(child) != side:
                    final = -final
                if final == self.bound:
                    return True
        return False

    def store(self, key, flag, value):
        if key is None:
            return
        limit = self.rules.MEMO_LIMIT
        if limit is not None and len(self.memo) >= limit:
            self.memo.clear()  # a cache only: bound the memory
        self.memo[key] = (flag, value)

    def child_value(self, pos, child, history, alpha=None, beta=None):
        """Value of the move to child for pos's mover."""
        rules, game = self.rules, self.game
        side = rules.side_to_move(pos)
        if repeats(rules, game, child, history):
            return rules.repetition_value(game, child, side)
        if self.bound is not None and alpha is None:
            alpha, beta = -self.bound, self.bound
        history.append(child)
        if rules.side_to_move(child) == side:
            v = self.value(child, history, alpha, beta)
        elif alpha is None:
            v = -self.value(child, history)
        else:
            v = -self.value(child, history, -beta, -alpha)
        history.pop()
        return v

    def root_moves(self, pos):
        """[(move text, exact value for the mover)] of every legal move."""
        if self.rules.final_value(self.game, pos) is not None:
            return []
        history = [pos]
        return [(move, self.child_value(pos, child, history))
                for move, child in self.rules.legal_moves(self.game, pos)]


def solve(game, pos):
    return Solver(game).value(pos, [pos])


# ---------------------------------------------------------------------------
# Matches in rounds (Adi house buying, Ayo rounds)
# ---------------------------------------------------------------------------

def parse_stores(text):
    """'<south>-<north>' -> (south, north)."""
    if text.count("-") != 1:
        raise UsageError("stores must be '<south>-<north>', not %r" % text)
    south, north = text.split("-")
    return (parse_int("south store", south, 0), parse_int("north store", north, 0))


def next_round_text(game, pos, final):
    """'NEXT_GAME | NEXT_POSITION' or 'match over' after the round of game that started
    at pos and ended with the stores final."""
    hook = getattr(rules_of(game), "next_round", None)
    if hook is None:
        raise UsageError("next-round: %s is not played in rounds" % game["name"])
    result = hook(game, pos, final)
    if result is None:
        return "match over"
    next_game, next_pos = result
    return "%s | %s" % (canonical_game(next_game), format_position(next_game, next_pos))


def n_player_solved_text(game, pos, what):
    """`maxn` -> the max-n score vector 'V1-V2-...'; `paranoid K` (K = 1..n) -> player K's
    paranoid value, as text."""
    if not is_n_player(game):
        raise UsageError("%s is for the n-player games (kpo, azigo, okwe with players=3|4)"
                         % what.split(" ")[0])
    n_player = n_player_module()
    words = what.split(" ")
    if words == ["maxn"]:
        return n_player.vector_text(n_player.maxn(game, pos))
    if len(words) == 2 and words[0] == "paranoid":
        k = parse_int("player", words[1], 1, game["players"])
        return str(n_player.paranoid(game, pos, k - 1))
    raise UsageError("expected 'maxn' or 'paranoid K', not %r" % what)


# ---------------------------------------------------------------------------
# Golden files
# ---------------------------------------------------------------------------

DATA_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                         "tests", "data"))


class GoldenFile:
    """One golden file of tests/data and how to write it.

    kind: "perft" (lines GAME | POSITION | DEPTH | COUNT; a case is a comment (str) or
    (game, position, depths[, extra])), "solved" (lines GAME | POSITION | VALUE; a case
    is a comment or (game, position[, extra])) or "rounds" (lines GAME | POSITION |
    SOUTH-NORTH | NEXT_GAME | NEXT_POSITION, or GAME | POSITION | SOUTH-NORTH | match
    over: the next round of an Adi or Ayo match; a case is a comment or (game, position,
    (south, north))).  generated_by: the first header lines;
    header: the lines after the Regenerate line.  compare(game, extra) -> [(game,
    options)]: games whose count or value is written in a comment '# (GAME gives N here)'
    above a line where it differs; `options` are the option names that such a difference
    shows to matter (a note on stdout names those no line shows).  stop_at_zero: after a
    count of 0 (and 0 in every compared game) the deeper depths are left out."""

    def __init__(self, target, filename, kind, generated_by, header, cases, compare=None,
                 stop_at_zero=False):
        self.target = target
        self.filename = filename
        self.kind = kind
        self.generated_by = generated_by
        self.header = header
        self.cases = cases
        self.compare = compare
        self.stop_at_zero = stop_at_zero

    def header_lines(self):
        return (list(self.generated_by)
                + ["# Regenerate: python3 reference generate %s; verify: python3 reference "
                   "check FILE" % self.target]
                + ["# " + line for line in self.header])

    def comparisons(self, game, extra):
        if self.compare is None:
            return []
        return self.compare(game, extra)

    def generate(self):
        lines = self.header_lines()
        shown = {}  # option -> whether some line shows it matters
        for case in self.cases:
            if isinstance(case, str):
                lines.append("# " + case)
                continue
            if self.kind == "perft":
                self.perft_case(lines, shown, case)
            elif self.kind == "n-solved":
                self.n_solved_case(lines, case)
            elif self.kind == "rounds":
                self.rounds_case(lines, case)
            else:
                self.solved_case(lines, case)
        for option in sorted(shown):
            if not shown[option]:
                print("note: no line shows a count change for option %s" % option)
        return lines

    def perft_case(self, lines, shown, case):
        game_text, pos_text, depths = case[:3]
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        others = self.comparisons(game, case[3] if len(case) > 3 else None)
        for other, options in others:
            for option in options:
                shown.setdefault(option, False)
        for depth in depths:
            start = time.time()
            count = run_perft(game, pos, depth)
            elapsed = time.time() - start
            other_counts = []
            for other, options in others:
                other_count = run_perft(other, parse_position(other, pos_text), depth)
                other_counts.append(other_count)
                if other_count != count:
                    lines.append("# (%s gives %d here)" % (canonical_game(other), other_count))
                    for option in options:
                        shown[option] = True
            line = "%s | %s | %d | %d" % (canonical_game(game), format_position(game, pos),
                                          depth, count)
            print("%s   (%.1fs)" % (line, elapsed), flush=True)
            lines.append(line)
            if self.stop_at_zero and count == 0 and not any(other_counts):
                break  # deeper counts are 0 too

    def rounds_case(self, lines, case):
        game_text, pos_text, final = case
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        line = "%s | %s | %d-%d | %s" % (canonical_game(game), format_position(game, pos),
                                         final[0], final[1], next_round_text(game, pos, final))
        print(line, flush=True)
        lines.append(line)

    def n_solved_case(self, lines, case):
        """case: (game, position, "maxn") or (game, position, "paranoid K")."""
        game_text, pos_text, what = case
        start = time.time()
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        line = "%s | %s | %s | %s" % (canonical_game(game), format_position(game, pos), what,
                                      n_player_solved_text(game, pos, what))
        print("%s   (%.1fs)" % (line, time.time() - start), flush=True)
        lines.append(line)

    def solved_case(self, lines, case):
        game_text, pos_text = case[:2]
        start = time.time()
        game = parse_game(game_text)
        pos = parse_position(game, pos_text)
        value = solve(game, pos)
        for other, options in self.comparisons(game, case[2] if len(case) > 2 else None):
            other_value = solve(other, parse_position(other, pos_text))
            if other_value != value:
                lines.append("# (%s gives %d here)" % (canonical_game(other), other_value))
        line = "%s | %s | %d" % (canonical_game(game), format_position(game, pos), value)
        print("%s   (%.1fs)" % (line, time.time() - start), flush=True)
        lines.append(line)


def golden_files():
    files = []
    for label, rules, cases in families():
        files.extend(cases.GOLDEN_FILES)
    return files


def write_file(path, lines):
    with open(path, "w") as handle:
        for line in lines:
            handle.write(line + "\n")
    print("wrote %s (%d lines)" % (path, len(lines)), flush=True)


def generate(out_dir, targets):
    started = time.time()
    for golden in golden_files():
        if "all" in targets or golden.target in targets:
            write_file(os.path.join(out_dir, golden.filename), golden.generate())
    print("generation took %.1fs" % (time.time() - started))


def check_files(paths):
    """Recompute every line of the golden files; True if all match."""
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
                fields = [field.strip() for field in text.split("|")]
                where = "%s:%d" % (path, number)
                start = time.time()
                try:
                    if len(fields) not in (3, 4, 5):
                        raise UsageError("expected 3, 4 or 5 '|'-separated fields")
                    game = parse_game(fields[0])
                    pos = parse_position(game, fields[1])
                    if len(fields) == 5 or fields[-1] == "match over":
                        # GAME | POSITION | SOUTH-NORTH | NEXT_GAME | NEXT_POSITION
                        want = " | ".join(fields[3:])
                        got = next_round_text(game, pos, parse_stores(fields[2]))
                    elif len(fields) == 4 and fields[2].split(" ")[0] in ("maxn", "paranoid"):
                        # GAME | POSITION | maxn | V1-V2-... or GAME | POSITION | paranoid K | V
                        want = fields[3]
                        got = n_player_solved_text(game, pos, fields[2])
                    elif len(fields) == 4:
                        want = int(fields[3])
                        got = run_perft(game, pos, parse_int("depth", fields[2], 0))
                    else:
                        want = int(fields[2])
                        got = solve(game, pos)
                except (UsageError, ValueError) as error:
                    print("%s: bad line: %s" % (where, error))
                    mismatches += 1
                    continue
                checked += 1
                if got != want:
                    mismatches += 1
                    print("%s: MISMATCH %s: expected %s, computed %s" % (where, text, want, got))
                else:
                    print("%s: ok (%.1fs) %s" % (where, time.time() - start, text), flush=True)
    print("%d lines checked, %d mismatches" % (checked, mismatches))
    return mismatches == 0


# ---------------------------------------------------------------------------
# Self test harness
# ---------------------------------------------------------------------------

class Checks:
    """Counts hand-worked checks and collects the failures."""

    def __init__(self):
        self.count = 0
        self.failures = []

    def expect(self, label, got, want):
        self.count += 1
        if got != want:
            self.failures.append("%s: got %r, want %r" % (label, got, want))

    def rejected(self, label, function, *args):
        """function(*args) must raise UsageError."""
        self.count += 1
        try:
            function(*args)
        except UsageError:
            return
        self.failures.append("%s: accepted, want UsageError" % label)

    def perft(self, game_text, pos_text, depth):
        game = parse_game(game_text)
        return run_perft(game, parse_position(game, pos_text), depth)

    def value(self, game_text, pos_text):
        game = parse_game(game_text)
        return solve(game, parse_position(game, pos_text))

    def moves(self, game_text, pos_text):
        game = parse_game(game_text)
        return [move for move, child in legal_moves(game, parse_position(game, pos_text))]

    def child(self, game_text, pos_text, move):
        """The text of the position after `move`."""
        game = parse_game(game_text)
        for text, child in legal_moves(game, parse_position(game, pos_text)):
            if text == move:
                return format_position(game, child)
        return "(no move %s)" % move


def selftest():
    ok = True
    for label, rules, cases in families():
        checks = Checks()
        cases.selftest(checks)
        for failure in checks.failures:
            print("FAIL %s" % failure)
        print("selftest %s: %d checks, %d failures" % (label, checks.count,
                                                       len(checks.failures)), flush=True)
        ok = ok and not checks.failures
    return ok


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv):
    targets = ["all"] + [golden.target for golden in golden_files()]
    parser = argparse.ArgumentParser(
        prog="python3 reference",
        description="Independent Python reference implementations of the rules (test "
                    "oracles): %s." % ", ".join(
                        name for label, rules, cases in families() for name in rules.NAMES
                        if label != "n-player") + " (kpo, azigo and okwe also for 3 and 4 players)")
    sub = parser.add_subparsers(dest="command", required=True)
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
    p = sub.add_parser("maxn", help="n-player games: the exact max-n score vector (each "
                       "player maximises its own final score; ties: the first move in move order)")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p.add_argument("--moves", action="store_true", help="also print each root move's vector")
    p = sub.add_parser("paranoid", help="n-player games: PLAYER's final score when PLAYER "
                       "maximises it and all the others minimise it")
    p.add_argument("game")
    p.add_argument("position", help="position text, or 'start'")
    p.add_argument("player", help="1..n")
    p.add_argument("--moves", action="store_true", help="also print each root move's value")
    p = sub.add_parser("next-round", help="Adi house buying, Ayo rounds: the next round of a match (its "
                       "game string and start position) or 'match over'")
    p.add_argument("game", help="the round's game string, e.g. 'adi(rounds=3)'")
    p.add_argument("position", help="the round's start position text, or 'start'")
    p.add_argument("south", help="South's store at the end of the round")
    p.add_argument("north", help="North's store at the end of the round")
    p = sub.add_parser("check", help="recompute golden files")
    p.add_argument("files", nargs="+")
    sub.add_parser("selftest", help="hand-worked checks")
    p = sub.add_parser("generate", help="rewrite golden files")
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help="one of: %s (default all)" % ", ".join(targets))
    p.add_argument("--out", default=DATA_DIR, help="directory (default tests/data)")
    args = parser.parse_args(argv)
    if args.command == "generate":
        for target in args.targets:
            if target not in targets:
                parser.error("unknown target %r (choose from %s)" % (target, ", ".join(targets)))
    try:
        if args.command in ("perft", "moves", "solve", "next-round", "maxn", "paranoid"):
            game = parse_game(args.game)
            pos = parse_position(game, args.position)
        if args.command == "perft":
            print(run_perft(game, pos, parse_int("depth", args.depth, 0)))
        elif args.command in ("maxn", "paranoid"):
            n_player = n_player_module()
            if not is_n_player(game):
                raise UsageError("%s is for the n-player games (kpo, azigo, okwe with "
                                 "players=3|4)" % args.command)
            if args.command == "maxn":
                search = n_player.MaxN(game)
                print(n_player.vector_text(search.value(pos, [pos])))
                show = n_player.vector_text
            else:
                k = parse_int("player", args.player, 1, game["players"])
                search = n_player.Paranoid(game, k - 1)
                print(search.value(pos, [pos]))
                show = str
            if args.moves:
                for move, value in search.root_moves(pos):
                    print("%s %s" % (move, show(value)))
        elif args.command == "moves":
            value = rules_of(game).final_value(game, pos)
            if value is not None and is_n_player(game):
                print("(game over: scores %s)" % n_player_module().vector_text(value),
                      file=sys.stderr)
            elif value is not None:
                print("(game over: %d for the side to move)" % value, file=sys.stderr)
            else:
                for move, child in legal_moves(game, pos):
                    print("%s %s" % (move, format_position(game, child)))
        elif args.command == "solve":
            if is_n_player(game):
                raise UsageError("solve is two-player; use maxn or paranoid for %s"
                                 % canonical_game(game))
            solver = Solver(game)
            print(solver.value(pos, [pos]))
            if args.moves:
                for move, value in solver.root_moves(pos):
                    print("%s %d" % (move, value))
        elif args.command == "next-round":
            final = (parse_int("south store", args.south, 0),
                     parse_int("north store", args.north, 0))
            print(next_round_text(game, pos, final))
        elif args.command == "check":
            if not check_files(args.files):
                return 1
        elif args.command == "selftest":
            if not selftest():
                return 1
        elif args.command == "generate":
            generate(args.out, args.targets or ["all"])
    except UsageError as error:
        print("error: %s" % error, file=sys.stderr)
        return 2
    return 0


def run_main(argv=None):
    """Deep relay chains and long solver lines recurse: run with a big stack."""
    if argv is None:
        argv = sys.argv[1:]
    sys.setrecursionlimit(1000000)
    threading.stack_size(512 * 1024 * 1024)
    result = []

    def target():
        try:
            result.append(main(argv))
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
