//! `mancala play` through a pseudo terminal, as a person meets it: the introduction, boards
//! drawn from the human's seat (or as `--flip` asks), refused input answered with the prompt
//! again, the commands `undo`, `hint`, `moves`, `help` and `quit`, and the end-of-game sweep.
//! Every board asserted is written out by hand from the rules (RULES.md §1, §6, §10 and seed
//! 003's Bao la Kete diagram) and the drawing layout the rules modules document; the agent is
//! `greedy`, and where its reply is not worked out by hand the tests only check what follows
//! from the rules whatever it plays (an undo brings back the hand-worked board before it).
#![cfg(unix)]

#[path = "common/boards.rs"]
mod boards;
use boards::{board, BAO_LA_KETE_START};
use rexpect::session::{spawn_with_options, Options, PtySession};
use std::process::Command;

/// A `mancala play` session and everything it printed so far (for failure messages).
struct Game {
    pty: PtySession,
    seen: String,
}

/// Starts `mancala play ARGS` in a pseudo terminal.
fn play(args: &[&str]) -> Game {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mancala"));
    command.arg("play").args(args);
    let options = Options::new()
        .timeout_ms(Some(120_000))
        .strip_ansi_escape_codes(true);
    let pty = spawn_with_options(command, options).expect("mancala play starts in a pty");
    Game {
        pty,
        seen: String::new(),
    }
}

impl Game {
    /// The text printed before `needle` (newlines as `\n`), once `needle` has appeared.
    fn until(&mut self, needle: &str) -> String {
        let text = match self.pty.exp_string(needle) {
            Ok(t) => t.replace("\r\n", "\n"),
            Err(e) => panic!(
                "waiting for {needle:?}: {e}\nprinted so far:\n{}",
                self.seen
            ),
        };
        self.seen.push_str(&text);
        self.seen.push_str(needle);
        text
    }

    /// Types `line` and Enter.
    fn send(&mut self, line: &str) {
        self.pty.send_line(line).expect("the pty takes input");
    }

    /// Waits for the program to end.
    fn end(mut self) {
        if let Err(e) = self.pty.exp_eof() {
            panic!("waiting for the end: {e}\nprinted so far:\n{}", self.seen);
        }
    }
}

/// Asserts that `text` contains `part`.
#[track_caller]
fn shows(text: &str, part: &str) {
    assert!(text.contains(part), "expected\n{part}\nin\n{text}");
}

/// Kalah(3,2) against greedy, the human South: the start board, refused input, a move with an
/// extra turn (RULES.md §1.2: `B`'s 2 seeds end in South's store), `moves`, another move, the
/// agent's reply and `undo` back to the board after `B`.
#[test]
fn kalah_moves_refused_input_moves_list_and_undo() {
    let mut g = play(&["kalah(houses=3,seeds=2)", "--agent", "greedy"]);
    let intro = g.until("South to move (A B C): ");
    shows(
        &intro,
        "kalah(houses=3,seeds=2): you play South against greedy.\n",
    );
    shows(
        &intro,
        "Moves: moves are house letters, South's `A`.. and North's `a`...\n\
         For example `A` (a move of South here).\n\
         Commands: undo, hint, moves, help, quit.\n",
    );
    let start = board(&[
        "        c  b  a     North",
        "        2  2  2",
        "    0             0",
        "        2  2  2",
        "        A  B  C     South <- to move",
    ]);
    shows(&intro, &start);
    // Nothing to take back yet; a letter beyond the board; two moves at once; a word.
    g.send("undo");
    shows(&g.until("South to move (A B C): "), "Nothing to undo");
    g.send("Z");
    shows(
        &g.until("South to move (A B C): "),
        "`Z` names no house: each player has 3 houses; legal moves: A B C",
    );
    g.send("A B");
    shows(&g.until("South to move (A B C): "), "One move at a time");
    g.send("hello");
    shows(&g.until("South to move (A B C): "), "`hello` is not a move");
    g.send("help");
    let help = g.until("South to move (A B C): ");
    shows(&help, "Legal moves now: A B C");
    shows(&help, "`undo`");
    // B: 2 seeds into C and South's store: an extra turn; B is empty, so A and C are legal.
    g.send("B");
    let after_b = board(&[
        "        c  b  a     North",
        "        2  2  2",
        "    0             1",
        "        2  0  3",
        "        A  B  C     South <- to move",
    ]);
    shows(&g.until("South to move (A C): "), &after_b);
    g.send("moves");
    shows(&g.until("South to move (A C): "), "Moves so far: B\n");
    // A: 2 seeds into B and C (C was occupied: no capture); North to move.
    g.send("A");
    let reply = g.until("North (greedy) plays ");
    shows(
        &reply,
        &board(&[
            "        c  b  a     North <- to move",
            "        2  2  2",
            "    0             1",
            "        0  1  4",
            "        A  B  C     South",
        ]),
    );
    // Whatever North plays, South moves again (or the game ends, impossible here: South's C
    // keeps 4 seeds whatever North sows); undo goes back to the board after B.
    g.until("South to move (");
    g.until("): ");
    g.send("undo");
    let back = g.until("South to move (A C): ");
    shows(&back, "Took back ");
    shows(&back, &after_b);
    g.send("moves");
    shows(&g.until("South to move (A C): "), "Moves so far: B\n");
    g.send("quit");
    g.end();
}

/// A Kalah(3,2) ending with `--flip` (North drawn at the bottom although the human plays
/// South): `hint` gives the exact values, worked out by hand: `B` (into C; North's only move
/// `b`; South's `C` ends the game: South 6, North 4 + 2) is 0, `C` (into the store, an extra
/// turn; `B` into empty C facing empty `a`, no capture; North's `b`; South's `C`: South 7,
/// North takes its last seed: 5) is +2. Then that line is played and the sweep is shown.
#[test]
fn kalah_hint_flip_and_the_end_of_game_sweep() {
    let mut g = play(&[
        "kalah(houses=3,seeds=2)",
        "--agent",
        "greedy",
        "--position",
        "0,1,1/0,1,0 5-4 S",
        "--flip",
    ]);
    let start = g.until("South to move (B C): ");
    shows(
        &start,
        &board(&[
            "        C  B  A     South <- to move",
            "        1  1  0",
            "    5             4",
            "        0  1  0",
            "        a  b  c     North",
        ]),
    );
    g.send("hint");
    shows(
        &g.until("South to move (B C): "),
        "hint (exact solver): B +0, C +2; best C.",
    );
    g.send("C");
    shows(
        &g.until("South to move (B): "),
        &board(&[
            "        C  B  A     South <- to move",
            "        0  1  0",
            "    6             4",
            "        0  1  0",
            "        a  b  c     North",
        ]),
    );
    g.send("B");
    shows(&g.until("North (greedy) plays b"), "North <- to move");
    shows(
        &g.until("South to move (C): "),
        &board(&[
            "        C  B  A     South <- to move",
            "        1  0  0",
            "    6             4",
            "        0  0  1",
            "        a  b  c     North",
        ]),
    );
    // C: the last seed in South's store; South's row is empty, so the game ends and North
    // takes the seed left in `c` (RULES.md §1.4).
    g.send("C");
    let end = g.until("South wins.");
    shows(
        &end,
        &board(&[
            "        C  B  A     South <- to move",
            "        0  0  0",
            "    7             4",
            "        0  0  1",
            "        a  b  c     North",
        ]),
    );
    shows(
        &end,
        "Game over (end of game): South takes 0 seeds and North takes 1 seed from the board.\n\
         Final stores: South 7, North 5: ",
    );
    g.end();
}

/// Giuti with the human North: the board is drawn from North's seat by default, the
/// introduction gives Giuti's notation (a house and a direction), South's house is refused,
/// `moves` lists the agent's move, and `hint` past its node budget names the agent's choice.
#[test]
fn giuti_from_north_with_directions_and_a_hint_past_its_budget() {
    let mut g = play(&[
        "giuti",
        "--agent",
        "greedy",
        "--human-side",
        "N",
        "--hint-nodes",
        "1000",
    ]);
    let intro = g.until("South (greedy) plays ");
    shows(&intro, "giuti: you play North against greedy.\n");
    shows(&intro, "`A+` (counter-clockwise) or `A-` (clockwise).\n");
    shows(&intro, "For example `A+` (a move of South here).\n");
    // From North's seat: South's houses from South's right (F) on top, South's store on the
    // left, North's a..f at the bottom; 4 seeds a house (RULES.md §6).
    shows(
        &intro,
        &board(&[
            "        F  E  D  C  B  A     South <- to move",
            "        4  4  4  4  4  4",
            "    0                      0",
            "        4  4  4  4  4  4",
            "        a  b  c  d  e  f     North",
        ]),
    );
    let played = g.until("\n");
    let agent_move = played.trim().to_string();
    assert!(
        agent_move.len() == 2 && agent_move.ends_with(['+', '-']),
        "{agent_move}"
    );
    let drawn = g.until("North to move (");
    shows(&drawn, "        a  b  c  d  e  f     North <- to move\n");
    let legal = g.until("): ");
    assert!(legal.split(' ').all(|m| m.len() == 2
        && m.starts_with(|c: char| c.is_ascii_lowercase())
        && m.ends_with(['+', '-'])));
    let prompt = format!("North to move ({legal}): ");
    g.send("A+");
    shows(
        &g.until(&prompt),
        "is a house of South, but North is to move",
    );
    g.send("undo");
    shows(&g.until(&prompt), "Nothing to undo");
    g.send("moves");
    shows(&g.until(&prompt), &format!("Moves so far: {agent_move}\n"));
    g.send("hint");
    let hint = g.until(&prompt);
    shows(
        &hint,
        "the solver did not finish within 1000 nodes; the agent greedy would play ",
    );
    g.send("quit");
    g.end();
}

/// Bao la Kete from seed 003's start (22 seeds in each reserve, kuu `L` with 6, `J` and `K`
/// with 2): the nemo stage allows no capture (each occupied front hole faces an empty one), so
/// the moves are takata into `J` or `K` either way. `J+`: `J` gets the reserve seed (3), sown
/// into `K`, `L`, `M`; `M` was empty, the move ends. Undo brings back the start.
#[test]
fn bao_la_kete_reserves_kuu_stage_and_undo() {
    let mut g = play(&["bao-la-kete", "--agent", "greedy"]);
    let start = board(&BAO_LA_KETE_START);
    let intro = g.until("South to move (J+ J- K+ K-): ");
    shows(&intro, "Moves: a Bao move is an own hole letter");
    shows(&intro, "For example `J+` (a move of South here).\n");
    shows(&intro, &start);
    g.send("J");
    shows(
        &g.until("South to move (J+ J- K+ K-): "),
        "`J` is not a move",
    );
    g.send("J+");
    shows(
        &g.until("North (greedy) plays "),
        &board(&[
            "   h   g   f   e   d   c   b   a",
            "   0   0   0   0   0   0   0   0   North back <- to move",
            "   i   j   k [l]   m   n   o   p",
            "   0   2   2   6   0   0   0   0   North front",
            "   P   O   N   M [L]   K   J   I",
            "   0   0   0   1   7   3   0   0   South front",
            "   A   B   C   D   E   F   G   H",
            "   0   0   0   0   0   0   0   0   South back",
            "North: 32 seeds (22 in reserve), kuu l, nemo stage",
            "South: 32 seeds (21 in reserve), kuu L, nemo stage",
            "takasia: none",
        ]),
    );
    g.until("South to move (");
    g.until("): ");
    g.send("undo");
    let back = g.until("South to move (J+ J- K+ K-): ");
    shows(&back, "Took back 2 moves.");
    shows(&back, &start);
    g.send("moves");
    shows(&g.until("South to move (J+ J- K+ K-): "), "No moves yet.");
    g.send("quit");
    g.end();
}

/// Adi with house buying (`rounds=2`, seed 000; docs/rule-decisions.md): a round that ends goes
/// on to the next. From a board of 1 seed (at most 8: the round is over before South moves;
/// nobody has captured, so each player takes their own side's seeds) South has 31 and North 17:
/// South fills its 6 houses (24) and has 7 left, North fills a..d (16) and has 1 left, South
/// buys `e` (4) and keeps 3, `f` stays North's and empty; North, the loser, starts round 2.
#[test]
fn adi_rounds_go_on_to_the_next_round() {
    let mut g = play(&[
        "adi(rounds=2)",
        "--agent",
        "greedy",
        "--position",
        "1,0,0,0,0,0/0,0,0,0,0,0 30-17 S",
    ]);
    let text = g.until("North (greedy) plays");
    shows(
        &text,
        "Round 1 over (end of the round): South takes 1 seed and North takes 0 seeds from the \
         board.\nStores: South 31, North 17.\nRound 2: adi(bought=e), North to move.\n",
    );
    shows(
        &text,
        &board(&[
            "        f  e  d  c  b  a     North <- to move",
            "        0  4  4  4  4  4",
            "    1                      3",
            "        4  4  4  4  4  4",
            "        A  B  C  D  E  F     South",
            "      bought: e by South",
        ]),
    );
    g.until("South to move (");
    g.send("quit");
    g.end();
}

/// Ayo's rounds (`rounds=2`, Hanson; docs/rule-decisions.md "Rounds: `rounds`, `won` and
/// `goal`"): from a board where South to move holds one singleton, the round is over at once
/// (each takes the seeds in their houses): South 30, North 18. South wins ⌊30/4⌋ = 7 houses
/// (its row and North's `a`), 2 seeds over: North's first house `b` is left empty, the stores
/// hold 2 and 2, and North, the loser, starts round 2 with houses `b`..`f`.
#[test]
fn ayo_rounds_go_on_to_the_next_round() {
    let mut g = play(&[
        "ayo(rounds=2)",
        "--agent",
        "greedy",
        "--position",
        "1,0,0,0,0,0/0,0,0,0,0,0 29-18 S",
    ]);
    let text = g.until("North (greedy) plays");
    shows(
        &text,
        "Round 1 over (end of the round): South takes 1 seed and North takes 0 seeds from the \
         board.\nStores: South 30, North 18.\nRound 2: ayo(won=a), North to move.\n",
    );
    shows(
        &text,
        &board(&[
            "        f  e  d  c  b  a     North <- to move",
            "        4  4  4  4  0  4",
            "    2                      2",
            "        4  4  4  4  4  4",
            "        A  B  C  D  E  F     South",
            "      won: a by South",
        ]),
    );
    g.until("South to move (");
    g.send("quit");
    g.end();
}
