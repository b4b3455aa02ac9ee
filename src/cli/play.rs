//! `mancala play GAME --agent AGENT [--human-side S|N] [--flip | --no-flip]`: a person against
//! an agent in the terminal (or, with `--agent human`, two people).
//!
//! The board is drawn by the game's [`Rules::draw_from`], the human's side at the bottom unless
//! `--flip` / `--no-flip` says otherwise; it shows every piece of the game's state (stores or
//! seed counts, the side to move, reserves, kuu, stage, takasia marks, forced house, hands,
//! last capturer). The introduction says how the game's moves are written, with an example
//! from the game's own notation ([`Rules::format_move`]). At the prompt the human types a move
//! or one of the commands:
//!
//! * `undo`: take back the last full move pair (the agent's reply and the human's move before
//!   it, with any extra turns between), so that it is the human's turn again;
//! * `hint`: the value of every legal move from the exact solver (the `solve` job of
//!   [`mancala::jobs`], one thread, within `--hint-nodes` nodes, probing `--egdb` databases if
//!   given), or, where the solver does not finish within the budget, the move the agent (with
//!   `--agent human`: `alphabeta(depth=4)`) would choose, saying which;
//! * `moves`: the moves so far in the game's notation (a `--moves` list);
//! * `help`: the commands and the move notation; `quit` (or end of input): stop.
//!
//! Anything else is read as a move; a text that is not a legal move is answered with what is
//! wrong and the legal moves, and the prompt comes again. At the end of the game the sweep is
//! shown: the seeds each player takes from the board by the end-of-game rule, the final stores
//! and the result. A game played in rounds (Adi with `rounds`) goes on from round to round:
//! each round's end shows the sweep and the stores, then the next round's game string (the
//! houses bought) and who starts it; the agent is built afresh for each round (round `k` from
//! 1 with `derive_seed(seed, 2k - 2)`, its adviser `2k - 1`).

use super::{CliResult, PositionArgs};
use clap::Args;
use mancala::agents::{derive_seed, Agent, AgentSpec, Clock, Resources};
use mancala::arena::{timed_choice, DEFAULT_GRACE_MS};
use mancala::core::Side;
use mancala::jobs::{self, ErrorKind, JobError, Report, Request, SolveRequest, Threads};
use mancala::rules::ParseMoveError;
use mancala::{dispatch, GameJob, Line, Outcome, PlayError, Rules, Status};
use std::io::BufRead;
use std::path::PathBuf;
use std::time::Duration;

/// The agent `hint` asks when the solver does not answer and both sides are human.
const HINT_AGENT: &str = "alphabeta(depth=4)";

#[derive(Args, Debug)]
#[command(after_help = "\
At the prompt, type a move in the game's notation (the introduction gives an example and the \
prompt lists the legal moves) or a command:
  undo   take back the last full move pair (your move and the reply), so it is your turn again
  hint   the value of every legal move from the exact solver (or the databases) if it finishes \
within --hint-nodes nodes, else the agent's choice
  moves  the moves so far, in the game's notation
  help   the commands and the move notation
  quit   stop (so does the end of the input)
At the end the sweep is shown: the seeds each player takes from the board, the final stores and \
the result.")]
pub struct PlayArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// The opponent: an agent string (see `mancala match --help`), or `human` for two people.
    #[arg(long, short = 'a', default_value = "mcts(iterations=10000)")]
    pub agent: String,
    /// Which side you play: S (South, moves first) or N.
    #[arg(long, default_value = "S")]
    pub human_side: String,
    /// Seed of the agent's randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw North at the bottom (default: your side at the bottom; South with `--agent human`).
    #[arg(long, overrides_with = "no_flip")]
    pub flip: bool,
    /// Draw South at the bottom, North on top, whichever side you play.
    #[arg(long, overrides_with = "flip")]
    pub no_flip: bool,
    /// Endgame database directory that `hint` probes (as `solve --egdb`).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<PathBuf>,
    /// Most nodes the solver behind `hint` searches before it gives up and the agent's choice
    /// is shown instead.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub hint_nodes: u64,
}

struct Play {
    args: PlayArgs,
    agent: AgentSpec,
    human: Side,
}

fn say(text: &str) -> CliResult {
    super::emit(text)
}

/// The notation a game's moves are written in, as its move parser states it (every game
/// refuses `?` with the words of its notation).
fn notation<R: Rules>(rules: &R, pos: &R::Position) -> Option<&'static str> {
    match rules.parse_move(pos, "?") {
        Err(ParseMoveError::NotAMove { notation, .. }) => Some(notation),
        _ => None,
    }
}

/// "South takes 3 seeds from the board, North takes 0": the end-of-game sweep of `outcome`
/// at `pos`, by side.
fn sweep<R: Rules>(rules: &R, pos: &R::Position, outcome: Outcome) -> String {
    let mover = rules.side_to_move(pos);
    let take = |side: Side| {
        let n = if side == mover {
            outcome.mover
        } else {
            outcome.opponent
        };
        format!("{side} takes {n} seed{}", if n == 1 { "" } else { "s" })
    };
    format!(
        "{} and {} from the board",
        take(Side::South),
        take(Side::North)
    )
}

/// The moves of `line` in the game's notation, space-separated.
fn moves_text<R: Rules>(rules: &R, line: &Line<R>) -> String {
    line.moves()
        .iter()
        .zip(line.positions())
        .map(|(&mv, pos)| rules.format_move(pos, mv))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `line` without its last `n` moves.
fn take_back<R: Rules>(rules: &R, line: &Line<R>, n: usize) -> Line<R> {
    let keep = line.moves().len() - n;
    let mut back = Line::new(line.positions()[0]);
    for &mv in &line.moves()[..keep] {
        back.play(rules, mv).expect("a move of the line is legal");
    }
    back
}

impl Play {
    /// The side drawn at the bottom.
    fn bottom(&self, both_human: bool) -> Side {
        if self.args.flip {
            Side::North
        } else if self.args.no_flip || both_human {
            Side::South
        } else {
            self.human
        }
    }

    /// The commands and the move notation.
    fn help<R: Rules>(&self, rules: &R, line: &Line<R>) -> String {
        let pos = line.current();
        let mut text = String::new();
        if let Some(n) = notation(rules, pos) {
            text.push_str(&format!("Moves: {n}.\n"));
        }
        text.push_str(&format!(
            "Legal moves now: {}\n\
             Commands: `undo` takes back your last move and the reply, `hint` values the legal \
             moves (the exact solver within {} nodes, else the agent's choice), `moves` lists \
             the moves so far, `help` shows this, `quit` stops.\n",
            line.legal_text(rules),
            self.args.hint_nodes
        ));
        text
    }

    /// The values of the legal moves from the solver, or the agent's choice.
    fn hint<R: Rules>(
        &self,
        rules: &R,
        line: &Line<R>,
        adviser: &mut dyn Agent<R>,
        adviser_name: &str,
    ) -> String {
        let request = Request::Solve(SolveRequest {
            position: Some(rules.format_position(&line.positions()[0])),
            moves: Some(moves_text(rules, line)).filter(|m| !m.is_empty()),
            threads: Threads::new(1).expect("one thread"),
            tt_mb: Some(64),
            max_nodes: Some(self.args.hint_nodes),
            egdb: self.args.egdb.clone(),
            ..SolveRequest::new(&rules.spec().to_string())
        });
        let side = rules.side_to_move(line.current());
        let why = match jobs::execute(&request, None, &()) {
            Ok(Report::Solve(report)) => {
                let values: Vec<String> = report
                    .valued
                    .moves
                    .iter()
                    .map(|m| format!("{} {:+}", m.mv, m.value))
                    .collect();
                let best = report.valued.pv.first().cloned().unwrap_or_default();
                return format!(
                    "hint (exact solver): {}; best {best}. Values are final store differences \
                     in seeds for {side} (the mover) under perfect play.\n",
                    values.join(", ")
                );
            }
            Ok(_) => "the solver gave no values".to_string(),
            Err(e) if e.kind() == ErrorKind::Stopped => format!(
                "the solver did not finish within {} nodes",
                self.args.hint_nodes
            ),
            Err(e) => format!("the solver cannot answer: {e}"),
        };
        let clock = Clock {
            grace_us: DEFAULT_GRACE_MS * 1000,
            ..Clock::default()
        };
        match timed_choice(adviser, rules, line, &clock).0 {
            Ok(c) => format!(
                "hint: {why}; the agent {adviser_name} would play {}.\n",
                rules.format_move(line.current(), c.mv)
            ),
            Err(f) => format!("hint: {why}, and the agent {adviser_name} gave no move: {f}\n"),
        }
    }
}

impl GameJob for Play {
    type Output = CliResult;

    fn run<R: Rules>(self, rules: R) -> CliResult {
        let mut line = self.args.at.line(&rules)?;
        let both_human = self.agent == AgentSpec::Human;
        let bottom = self.bottom(both_human);
        let adviser_spec: AgentSpec = if both_human {
            HINT_AGENT.parse().expect("the hint agent's string parses")
        } else {
            self.agent.clone()
        };
        let mut resources = Resources::default();
        resources
            .prepare(&adviser_spec, &rules)
            .map_err(JobError::input)?;
        let mut agent = (!both_human)
            .then(|| resources.build::<R>(&rules, &self.agent, derive_seed(self.args.seed, 0)));
        // The adviser of `hint` has its own randomness, so hints never change the agent's moves.
        let mut adviser =
            resources.build::<R>(&rules, &adviser_spec, derive_seed(self.args.seed, 1));
        let pos = *line.current();
        let example = line
            .children(&rules)
            .first()
            .map(|c| rules.format_move(&pos, c.mv));
        say(&format!(
            "{}: you play {}{}.\n",
            rules.spec(),
            if both_human {
                "both sides".to_string()
            } else {
                self.human.to_string()
            },
            if both_human {
                String::new()
            } else {
                format!(" against {}", self.agent)
            },
        ))?;
        if let Some(n) = notation(&rules, &pos) {
            say(&format!("Moves: {n}.\n"))?;
        }
        if let Some(e) = example {
            say(&format!(
                "For example `{e}` (a move of {} here).\n",
                rules.side_to_move(&pos)
            ))?;
        }
        say("Commands: undo, hint, moves, help, quit.\n")?;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        // Whether the board changed since it was last drawn (commands and refused input leave
        // it as it is and only prompt again).
        let mut changed = true;
        // Games played in rounds (`Rules::next_round`) go on with the next round's rules.
        let mut rules = rules;
        let mut round = 1u64;
        loop {
            let pos = *line.current();
            if std::mem::take(&mut changed) {
                say(&format!("\n{}\n", rules.draw_from(&pos, bottom)))?;
            }
            let status = line.status(&rules);
            if let Some(o) = status.outcome() {
                let [south, north] = rules.final_stores(&pos, o);
                let verdict = match south.cmp(&north) {
                    std::cmp::Ordering::Greater => "South wins",
                    std::cmp::Ordering::Less => "North wins",
                    std::cmp::Ordering::Equal => "a draw",
                };
                let why = if matches!(status, Status::Repeated(_)) {
                    "the position repeated"
                } else {
                    "end of game"
                };
                let next = rules.next_round(&line.positions()[0], [south, north]);
                if let Some((next_rules, start)) = next {
                    round += 1;
                    let why = if why == "end of game" {
                        "end of the round"
                    } else {
                        why
                    };
                    say(&format!(
                        "Round {} over ({why}): {}.\nStores: South {south}, North {north}.\n\
                         Round {round}: {}, {} to move.\n",
                        round - 1,
                        sweep(&rules, &pos, o),
                        next_rules.spec(),
                        next_rules.side_to_move(&start)
                    ))?;
                    rules = next_rules;
                    line = Line::new(start);
                    let seeds =
                        [2 * round - 2, 2 * round - 1].map(|k| derive_seed(self.args.seed, k));
                    agent =
                        (!both_human).then(|| resources.build::<R>(&rules, &self.agent, seeds[0]));
                    adviser = resources.build::<R>(&rules, &adviser_spec, seeds[1]);
                    changed = true;
                    continue;
                }
                let rounds = if round > 1 {
                    format!(" after {round} rounds")
                } else {
                    String::new()
                };
                say(&format!(
                    "Game over{rounds} ({why}): {}.\nFinal stores: South {south}, North {north}: \
                     {verdict}.\n",
                    sweep(&rules, &pos, o)
                ))?;
                return Ok(());
            }
            let side = rules.side_to_move(&pos);
            let legal = line.legal_text(&rules);
            if both_human || side == self.human {
                say(&format!("{side} to move ({legal}): "))?;
                let mut bytes = Vec::new();
                if input
                    .read_until(b'\n', &mut bytes)
                    .map_err(|e| JobError::failed("cannot read the terminal").because(e))?
                    == 0
                {
                    say("\n")?;
                    return Ok(());
                }
                let text = String::from_utf8_lossy(&bytes);
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                match text.to_ascii_lowercase().as_str() {
                    "quit" | "exit" | "q" => return Ok(()),
                    "help" | "?" => {
                        say(&self.help(&rules, &line))?;
                        continue;
                    }
                    "moves" => {
                        let list = moves_text(&rules, &line);
                        say(&if list.is_empty() {
                            "No moves yet.\n".to_string()
                        } else {
                            format!("Moves so far: {list}\n")
                        })?;
                        continue;
                    }
                    "hint" => {
                        let name = adviser_spec.to_string();
                        say(&self.hint(&rules, &line, &mut *adviser, &name))?;
                        continue;
                    }
                    "undo" => {
                        // Back to the last earlier position where a human was to move.
                        let n = line.moves().len();
                        let back = line.positions()[..n]
                            .iter()
                            .rposition(|p| both_human || rules.side_to_move(p) == self.human);
                        match back {
                            Some(k) => {
                                line = take_back(&rules, &line, n - k);
                                changed = true;
                                say(&format!(
                                    "Took back {} move{}.\n",
                                    n - k,
                                    if n - k == 1 { "" } else { "s" }
                                ))?;
                            }
                            None => say("Nothing to undo: you have not moved yet.\n")?,
                        }
                        continue;
                    }
                    _ => {}
                }
                if text
                    .split([' ', '\t', ','])
                    .filter(|t| !t.is_empty())
                    .count()
                    > 1
                {
                    say(&format!(
                        "One move at a time, please; legal moves: {legal}\n"
                    ))?;
                    continue;
                }
                match line.play_text(&rules, text) {
                    Err(PlayError::Parse { error, legal, .. }) => {
                        say(&format!(
                            "{error}; legal moves: {legal} (`help` for the commands)\n"
                        ))?;
                    }
                    Err(PlayError::Illegal { token, legal, .. }) => {
                        say(&format!(
                            "`{token}` is not legal here; legal moves: {legal}\n"
                        ))?;
                    }
                    Err(e) => say(&format!("{e}\n"))?,
                    Ok(()) => changed = true,
                }
            } else {
                let spinner = indicatif::ProgressBar::new_spinner();
                spinner.set_message(format!("{} is thinking", self.agent));
                spinner.enable_steady_tick(Duration::from_millis(100));
                let agent = agent.as_mut().expect("an agent plays the other side");
                // No game clock; an engine gets its own `movetime` and the default grace.
                let clock = Clock {
                    grace_us: DEFAULT_GRACE_MS * 1000,
                    ..Clock::default()
                };
                let (choice, _) = timed_choice(&mut **agent, &rules, &line, &clock);
                spinner.finish_and_clear();
                let mv = match choice {
                    Ok(c) => c.mv,
                    Err(f) => {
                        say(&format!(
                            "{side} ({}) forfeits: {f}\nGame over: {} wins.\n",
                            self.agent,
                            side.opponent()
                        ))?;
                        return Ok(());
                    }
                };
                let text = rules.format_move(&pos, mv);
                say(&format!("{side} ({}) plays {text}\n", self.agent))?;
                line.play_text(&rules, &text).map_err(|e| {
                    JobError::failed(format!("the agent's move {text} was refused: {e}"))
                })?;
                changed = true;
            }
        }
    }
}

/// Runs `mancala play`.
pub fn run(args: PlayArgs) -> CliResult {
    let spec = mancala::jobs::parse_game(&args.at.game)?;
    let agent: AgentSpec = args
        .agent
        .parse()
        .map_err(|e| JobError::input(format!("bad --agent `{}`", args.agent)).because(e))?;
    let human = match args.human_side.trim() {
        "S" | "s" | "South" | "south" => Side::South,
        "N" | "n" | "North" | "north" => Side::North,
        other => {
            return Err(JobError::input(format!(
                "--human-side `{other}`: expected S (South) or N (North)"
            )))
        }
    };
    dispatch(&spec, Play { args, agent, human })
}
