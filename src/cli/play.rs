//! `mancala play GAME --agent AGENT [--human-side S|N]`: a person against an agent in the
//! terminal. The board is drawn with North on top; moves are typed as house letters (South's
//! `A`.., North's `a`..); anything else is answered with the legal moves. `quit` (or end of
//! input) stops. With `--agent human` both sides are typed.

use super::{CliResult, PositionArgs};
use clap::Args;
use mancala::agents::{derive_seed, AgentSpec, Clock, Resources};
use mancala::arena::{timed_choice, DEFAULT_GRACE_MS};
use mancala::core::Side;
use mancala::jobs::JobError;
use mancala::{dispatch, GameJob, PlayError, Rules, Status};
use std::io::BufRead;
use std::time::Duration;

#[derive(Args, Debug)]
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
}

struct Play {
    args: PlayArgs,
    agent: AgentSpec,
    human: Side,
}

fn say(text: &str) -> CliResult {
    super::emit(text)
}

impl GameJob for Play {
    type Output = CliResult;

    fn run<R: Rules>(self, rules: R) -> CliResult {
        let mut line = self.args.at.line(&rules)?;
        let both_human = self.agent == AgentSpec::Human;
        let mut resources = Resources::default();
        let mut agent = if both_human {
            None
        } else {
            resources
                .prepare(&self.agent, &rules)
                .map_err(JobError::input)?;
            Some(resources.build::<R>(&rules, &self.agent, derive_seed(self.args.seed, 0)))
        };
        say(&format!(
            "{}: you play {}{}. Type a house letter to move, `quit` to stop.\n",
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
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            let pos = *line.current();
            say(&format!("\n{}\n", rules.draw(&pos)))?;
            let status = line.status(&rules);
            if let Some(o) = status.outcome() {
                let [south, north] = rules.final_stores(&pos, o);
                let verdict = match south.cmp(&north) {
                    std::cmp::Ordering::Greater => "South wins",
                    std::cmp::Ordering::Less => "North wins",
                    std::cmp::Ordering::Equal => "a draw",
                };
                let why = if matches!(status, Status::Repeated(_)) {
                    " (the position repeated)"
                } else {
                    ""
                };
                say(&format!(
                    "Game over{why}: South {south}, North {north}: {verdict}.\n"
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
                if matches!(text.to_ascii_lowercase().as_str(), "quit" | "exit" | "q") {
                    return Ok(());
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
                        say(&format!("{error}; legal moves: {legal}\n"))?;
                    }
                    Err(PlayError::Illegal { token, legal, .. }) => {
                        say(&format!(
                            "`{token}` is not legal here; legal moves: {legal}\n"
                        ))?;
                    }
                    Err(e) => say(&format!("{e}\n"))?,
                    Ok(()) => {}
                }
            } else {
                let spinner = indicatif::ProgressBar::new_spinner();
                spinner.set_message(format!("{} is thinking", self.agent));
                spinner.enable_steady_tick(Duration::from_millis(100));
                let agent = agent.as_mut().expect("an agent plays the other side");
                // No game clock; an engine gets its own `movetime` and the default grace.
                let clock = Clock {
                    grace_ms: DEFAULT_GRACE_MS,
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
