//! `mancala engine --agent AGENT`: serves an agent over the `mancala-engine` protocol on
//! standard input and output (docs/engine-protocol.md), for programs that play engines.

use super::CliResult;
use clap::Args;
use mancala::agents::engine::{self, ServedAgent};
use mancala::agents::AgentSpec;
use mancala::jobs::JobError;

#[derive(Args, Debug)]
pub struct EngineArgs {
    /// The agent to serve: an agent string (see `mancala match --help`), e.g.
    /// "mcts(iterations=10000)"; for games of three and four players an n-player agent string
    /// (random, greedy, alphabeta(depth=D,mode=paranoid|maxn), mcts(iterations=N,c=C)).
    #[arg(long, short = 'a')]
    pub agent: String,
    /// Seed of the agent's randomness: game k of the session uses derive_seed(seed, k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `mancala engine`.
pub fn run(args: EngineArgs) -> CliResult {
    let agent: ServedAgent = args
        .agent
        .parse()
        .map_err(|e| JobError::input(format!("bad --agent `{}`: {e}", args.agent)))?;
    if agent.two_player() == Some(&AgentSpec::Human) {
        return Err(JobError::input(
            "--agent human: `mancala engine` serves an automatic agent",
        ));
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    engine::serve(&agent, args.seed, &mut stdin.lock(), &mut stdout.lock())
        .map_err(|e| JobError::failed("cannot write the protocol's answers").because(e))
}
