//! Agent strings, in the style of game strings (RULES.md §12): `name` or `name(key=value,...)`.
//!
//! | agent | keys (default) |
//! |-------|----------------|
//! | `random` | none: a uniformly random legal move |
//! | `greedy` | none: the move with the largest immediate gain (ties at random) |
//! | `alphabeta` | `depth` (4) or `time` (milliseconds), `eval` (`stores`, `fitted` or `auto`): depth-limited alpha-beta with the store-difference or the fitted evaluation ([`crate::eval`]) |
//! | `mcts` | `iterations` (1000) or `time` (milliseconds), `c` (1.4), `rollout` (`random` or `greedy`), `solver` (`true`), `threads` (1), `parallel` (`root` or `tree`) |
//! | `search` | `time` (milliseconds), `nodes`, `depth` (plies; any combination, the first reached stops; none given: `nodes=1000000`), `threads` (1), `tt-mb` (64: most table memory, MiB), `egdb` (none: a database directory probed at the leaves), `eval` (`auto`: fitted where the game has weights, else `stores`; or `fitted`, `stores`), `killers` (`false`): iterative-deepening principal variation search with the solver's table ([`super::search`]) |
//! | `egdb` | `dir` (required), `fallback` (`alphabeta(depth=4)`): perfect play where the databases cover the position |
//! | `engine` | `cmd` (required: the program), `args` (none: its arguments, split at spaces; single quotes group), `movetime` (1000 ms: the time per move sent when the run sets no clock): an external program speaking the `mancala-engine` protocol (`docs/engine-protocol.md`) |
//! | `python` | `name` (required): the player a host program (the Python package) registered under that name in this process |
//! | `human` | none: moves typed in the terminal (`mancala play` only) |
//!
//! Every agent but `python` and `human` also takes `name`: the agent under a name of its own
//! (`mcts(iterations=100,name=white)`), so that one agent can meet itself (self-play).
//!
//! Values with commas, parentheses or spaces are double-quoted: `engine(cmd="python3",
//! args="examples/greedy_engine.py --seed 3")`. Printed back canonically: keys in the order
//! above, defaults omitted, `cmd` and `args` always quoted.

use crate::core::keyvalue::{quote, KeyValueError, KeyValues, BOOLS};
use crate::eval::{EvalKind, EVALS};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use thiserror::Error;

/// A parsed agent string.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// A uniformly random legal move.
    Random,
    /// The move with the largest immediate gain in seeds, ties broken at random.
    Greedy,
    /// Depth-limited alpha-beta ([`super::alphabeta`]) with its evaluation.
    AlphaBeta(Budget, EvalKind),
    /// Monte Carlo tree search ([`super::mcts`]).
    Mcts(MctsConfig),
    /// Iterative-deepening principal variation search ([`super::search`]).
    Search(SearchConfig),
    /// Endgame-database play with a fallback.
    Egdb {
        /// The database directory (as `mancala egdb build` writes it).
        dir: PathBuf,
        /// The agent that moves where the databases do not reach.
        fallback: Box<AgentSpec>,
    },
    /// An external program speaking the `mancala-engine` protocol, one process per game.
    Engine {
        /// The program (a path, or a name looked up in `PATH`).
        cmd: String,
        /// Its arguments.
        args: Vec<String>,
        /// Milliseconds per move sent to the engine (`go movetime`) when the run sets no clock.
        movetime: u64,
    },
    /// A player registered by a host program under `name` ([`super::external::register`]).
    Registered {
        /// The name it is registered under.
        name: String,
    },
    /// A person at the terminal.
    Human,
    /// An agent under a name of its own (`name=` on any agent string but `python` and
    /// `human`): the same agent twice in one run (self-play) as two players.
    Named {
        /// The name, shown in tables and records.
        name: String,
        /// The agent.
        agent: Box<AgentSpec>,
    },
}

/// Default `movetime` of an `engine` agent, milliseconds.
pub const ENGINE_MOVETIME: u64 = 1000;

/// Splits an `args` value at whitespace; single quotes group (`'two words'`), as in a shell
/// without its other rules. `None` if a quote is not closed.
fn split_args(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for ch in text.chars() {
        match ch {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quoted {
        return None;
    }
    out.extend(word);
    Some(out)
}

/// `args` joined back into one value that [`split_args`] splits into them.
fn join_args(args: &[String]) -> String {
    let words: Vec<String> = args
        .iter()
        .map(|a| {
            // Arguments holding a single quote are refused when parsed.
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("'{a}'")
            } else {
                a.clone()
            }
        })
        .collect();
    words.join(" ")
}

/// How much an agent may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed amount of work: search depth in plies (alpha-beta) or simulations (MCTS).
    /// Reproducible: the same seed gives the same move on any machine.
    Work(u64),
    /// Milliseconds of wall-clock time per move. Not reproducible: the work done depends on
    /// the machine and its load.
    Millis(u64),
}

/// Rollout policy of MCTS simulations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly random moves.
    Random,
    /// The largest immediate gain, ties at random.
    Greedy,
}

/// How MCTS uses several threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// One independent tree per thread, root statistics summed (reproducible).
    Root,
    /// One shared tree with virtual loss (not reproducible: threads race).
    Tree,
}

/// MCTS parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per move (all threads together), or time per move.
    pub budget: Budget,
    /// UCT exploration constant `c` in `Q + c·sqrt(ln N / n)`, rewards in `0..=1`.
    pub c: f64,
    /// Rollout policy.
    pub rollout: Rollout,
    /// MCTS-Solver (Winands, Björnsson & Saito 2008): proven wins and losses are backed up.
    pub solver: bool,
    /// Threads per move.
    pub threads: usize,
    /// How threads share the work.
    pub parallel: Parallel,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Work(1000),
            c: 1.4,
            rollout: Rollout::Random,
            solver: true,
            threads: 1,
            parallel: Parallel::Root,
        }
    }
}

/// Parameters of a `search` agent.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// `time=MS`: milliseconds per move (held to the clock's share, [`super::Clock::share`]).
    pub time: Option<u64>,
    /// `nodes=N`: nodes per move, all threads.
    pub nodes: Option<u64>,
    /// `depth=D`: deepest iteration, plies.
    pub depth: Option<u32>,
    /// `threads=T`: search threads sharing the table (Lazy SMP).
    pub threads: usize,
    /// `tt-mb=M`: most transposition-table memory, MiB (rounded down to a power of two).
    pub tt_mb: usize,
    /// `egdb=DIR`: endgame databases probed at the root and the leaves.
    pub egdb: Option<PathBuf>,
    /// `eval=`: the evaluation at the horizon.
    pub eval: EvalKind,
    /// `killers=true|false`: try two killer moves a ply after the table's move. Off by
    /// default: measured, they cost 4 to 10 times the nodes to a depth in Kalah
    /// (results/benchmarks/search-node-rate.md).
    pub killers: bool,
}

/// Nodes per move of a `search` agent given no limit.
pub const SEARCH_NODES: u64 = 1_000_000;
/// Default `tt-mb` of a `search` agent.
pub const SEARCH_TT_MB: usize = 64;
/// Largest `tt-mb` of a `search` agent.
pub const MAX_SEARCH_TT_MB: u64 = 1 << 20;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            time: None,
            nodes: Some(SEARCH_NODES),
            depth: None,
            threads: 1,
            tt_mb: SEARCH_TT_MB,
            egdb: None,
            eval: EvalKind::Auto,
            killers: false,
        }
    }
}

const SEARCH_KEYS: &[&str] = &[
    "time", "nodes", "depth", "threads", "tt-mb", "egdb", "eval", "killers",
];

/// Why an agent string was refused; every variant names the bad part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseAgentError {
    /// Not `name` or `name(key=value,...)`.
    #[error("agent `{text}` is not of the form `name` or `name(key=value,...)`")]
    Syntax {
        /// The text.
        text: String,
    },
    /// Agents inside agents (`egdb(..,fallback=egdb(..))`) deeper than [`MAX_NESTING`].
    #[error("agent string nested {depth} deep (parentheses): at most {MAX_NESTING}")]
    TooDeep {
        /// The depth found.
        depth: usize,
    },
    /// An unknown agent name.
    #[error("unknown agent `{name}`: expected random, greedy, alphabeta, mcts, search, egdb, engine, python or human")]
    UnknownAgent {
        /// The name.
        name: String,
    },
    /// A key the agent does not take.
    #[error("agent `{agent}` has no key `{key}`: its keys are {keys}")]
    UnknownKey {
        /// The agent name.
        agent: String,
        /// The key.
        key: String,
        /// Its keys.
        keys: String,
    },
    /// A key given twice.
    #[error("agent `{agent}`: key `{key}` is given twice")]
    DuplicateKey {
        /// The agent name.
        agent: String,
        /// The key.
        key: String,
    },
    /// A bad value.
    #[error("agent `{agent}`: `{key}={value}` is not valid: expected {expected}")]
    BadValue {
        /// The agent name.
        agent: String,
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What the key takes.
        expected: String,
    },
    /// Two keys that exclude each other, or a required key missing.
    #[error("agent `{agent}`: {message}")]
    Keys {
        /// The agent name.
        agent: String,
        /// What is wrong.
        message: String,
    },
}

impl From<KeyValueError> for ParseAgentError {
    fn from(e: KeyValueError) -> ParseAgentError {
        match e {
            KeyValueError::Syntax { text } => ParseAgentError::Syntax { text },
            KeyValueError::DuplicateKey { name, key } => {
                ParseAgentError::DuplicateKey { agent: name, key }
            }
            KeyValueError::UnknownKey { name, key, keys } => ParseAgentError::UnknownKey {
                agent: name,
                key,
                keys,
            },
            KeyValueError::BadValue {
                name,
                key,
                value,
                expected,
            } => ParseAgentError::BadValue {
                agent: name,
                key,
                value,
                expected,
            },
        }
    }
}

/// `key=N`, a whole number from 1 to [`MAX_BUDGET`], if given.
fn positive(keys: &mut KeyValues, key: &str) -> Result<Option<u64>, ParseAgentError> {
    Ok(keys.number(key, 1, MAX_BUDGET)?)
}

/// Either `work_key=N` or `time=MS` (not both), else `default` work.
fn budget(keys: &mut KeyValues, work_key: &str, default: u64) -> Result<Budget, ParseAgentError> {
    match (positive(keys, work_key)?, positive(keys, "time")?) {
        (Some(_), Some(_)) => Err(ParseAgentError::Keys {
            agent: keys.name().into(),
            message: format!("give `{work_key}` or `time`, not both"),
        }),
        (Some(n), None) => Ok(Budget::Work(n)),
        (None, Some(ms)) => Ok(Budget::Millis(ms)),
        (None, None) => Ok(Budget::Work(default)),
    }
}

/// `threads=T`, 1 to [`MAX_AGENT_THREADS`], if given.
fn threads(keys: &mut KeyValues) -> Result<Option<usize>, ParseAgentError> {
    Ok(keys
        .number("threads", 1, MAX_AGENT_THREADS as u64)?
        .map(|n| n as usize))
}

const ROLLOUTS: &[(&str, Rollout)] = &[("random", Rollout::Random), ("greedy", Rollout::Greedy)];
const PARALLELS: &[(&str, Parallel)] = &[("root", Parallel::Root), ("tree", Parallel::Tree)];
const MCTS_KEYS: &[&str] = &[
    "iterations",
    "time",
    "c",
    "rollout",
    "solver",
    "threads",
    "parallel",
];
/// Largest number a budget key (`depth`, `iterations`, `time`) takes.
pub const MAX_BUDGET: u64 = 1_000_000_000_000;
/// Deepest nesting of agents inside agents (an `egdb` fallback that is an `egdb` agent ...).
pub const MAX_NESTING: usize = 8;
/// Most threads an MCTS agent may ask for.
pub const MAX_AGENT_THREADS: usize = 256;

impl FromStr for AgentSpec {
    type Err = ParseAgentError;

    fn from_str(text: &str) -> Result<AgentSpec, ParseAgentError> {
        // Parentheses outside quoted values: each level is a parse of its own (a string
        // nested thousands deep would exhaust the stack).
        let (mut depth, mut deepest, mut quoted) = (0usize, 0usize, false);
        for c in text.chars() {
            match c {
                '"' => quoted = !quoted,
                '(' if !quoted => {
                    depth += 1;
                    deepest = deepest.max(depth);
                }
                ')' if !quoted => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        if deepest > MAX_NESTING {
            return Err(ParseAgentError::TooDeep { depth: deepest });
        }
        let mut keys = KeyValues::parse(text, true, |n| n.bytes().all(|b| b.is_ascii_lowercase()))?;
        let name = keys.name();
        // `python` takes `name` as the registered name; `human` plays only `mancala play`.
        let label = match name {
            "python" | "human" => None,
            _ => keys.take("name").map(|n| n.into_owned()),
        };
        let spec = match name {
            "random" => {
                keys.finish(&[])?;
                AgentSpec::Random
            }
            "greedy" => {
                keys.finish(&[])?;
                AgentSpec::Greedy
            }
            "human" => {
                keys.finish(&[])?;
                AgentSpec::Human
            }
            "alphabeta" => {
                let budget = budget(&mut keys, "depth", 4)?;
                if let Budget::Work(d) = budget {
                    if d > 64 {
                        return Err(keys
                            .bad("depth", &d.to_string(), "a depth from 1 to 64")
                            .into());
                    }
                }
                let eval = keys.choice("eval", EVALS)?.unwrap_or_default();
                keys.finish(&["depth", "time", "eval"])?;
                AgentSpec::AlphaBeta(budget, eval)
            }
            "mcts" => {
                let mut m = MctsConfig {
                    budget: budget(&mut keys, "iterations", 1000)?,
                    ..MctsConfig::default()
                };
                let c = |v: &str| v.parse::<f64>().ok().filter(|c| c.is_finite() && *c >= 0.0);
                m.c = keys.value("c", c, "a number 0 or more")?.unwrap_or(m.c);
                m.rollout = keys.choice("rollout", ROLLOUTS)?.unwrap_or(m.rollout);
                m.solver = keys.choice("solver", BOOLS)?.unwrap_or(m.solver);
                m.threads = threads(&mut keys)?.unwrap_or(m.threads);
                m.parallel = keys.choice("parallel", PARALLELS)?.unwrap_or(m.parallel);
                keys.finish(MCTS_KEYS)?;
                AgentSpec::Mcts(m)
            }
            "search" => {
                let time = positive(&mut keys, "time")?;
                let nodes = positive(&mut keys, "nodes")?;
                let max_depth = crate::search::heuristic::MAX_DEPTH as u64;
                let depth = keys.number("depth", 1, max_depth)?.map(|d| d as u32);
                let threads = threads(&mut keys)?.unwrap_or(1);
                let tt_mb = keys
                    .number("tt-mb", 1, MAX_SEARCH_TT_MB)?
                    .map_or(SEARCH_TT_MB, |m| m as usize);
                let egdb = keys.take("egdb").map(|d| PathBuf::from(d.into_owned()));
                let eval = keys.choice("eval", EVALS)?.unwrap_or(EvalKind::Auto);
                let killers = keys.choice("killers", BOOLS)?.unwrap_or(false);
                keys.finish(SEARCH_KEYS)?;
                let nodes = match (time, nodes, depth) {
                    (None, None, None) => Some(SEARCH_NODES),
                    _ => nodes,
                };
                AgentSpec::Search(SearchConfig {
                    time,
                    nodes,
                    depth,
                    threads,
                    tt_mb,
                    egdb,
                    eval,
                    killers,
                })
            }
            "egdb" => {
                let dir = keys
                    .take("dir")
                    .ok_or_else(|| ParseAgentError::Keys {
                        agent: "egdb".into(),
                        message: "key `dir` (the database directory) is required".into(),
                    })?
                    .into_owned();
                let fallback = match keys.take("fallback") {
                    None => AgentSpec::AlphaBeta(Budget::Work(4), EvalKind::Stores),
                    Some(f) => {
                        let f: AgentSpec = f.parse()?;
                        if f == AgentSpec::Human {
                            return Err(keys.bad("fallback", "human", "an automatic agent").into());
                        }
                        f
                    }
                };
                keys.finish(&["dir", "fallback"])?;
                AgentSpec::Egdb {
                    dir: PathBuf::from(dir),
                    fallback: Box::new(fallback),
                }
            }
            "engine" => {
                let cmd = keys
                    .take("cmd")
                    .filter(|c| !c.trim().is_empty())
                    .ok_or_else(|| ParseAgentError::Keys {
                        agent: "engine".into(),
                        message: "key `cmd` (the program, e.g. cmd=\"python3\") is required".into(),
                    })?
                    .into_owned();
                let args = match keys.take("args") {
                    None => Vec::new(),
                    Some(a) => split_args(&a)
                        .filter(|v| v.iter().all(|w| !w.contains('\'')))
                        .ok_or_else(|| {
                            keys.bad(
                                "args",
                                &a,
                                "arguments split at spaces, single quotes grouping words",
                            )
                        })?,
                };
                let movetime = keys
                    .number("movetime", 1, MAX_BUDGET)?
                    .unwrap_or(ENGINE_MOVETIME);
                keys.finish(&["cmd", "args", "movetime"])?;
                AgentSpec::Engine {
                    cmd,
                    args,
                    movetime,
                }
            }
            "python" => {
                let name = keys
                    .take("name")
                    .filter(|n| !n.trim().is_empty())
                    .ok_or_else(|| ParseAgentError::Keys {
                        agent: "python".into(),
                        message: "key `name` (the name the player is registered under) is required"
                            .into(),
                    })?
                    .into_owned();
                keys.finish(&["name"])?;
                AgentSpec::Registered { name }
            }
            other => {
                return Err(ParseAgentError::UnknownAgent {
                    name: other.to_string(),
                })
            }
        };
        Ok(match label {
            Some(name) => AgentSpec::Named {
                name,
                agent: Box::new(spec),
            },
            None => spec,
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Human => f.write_str("human"),
            AgentSpec::AlphaBeta(budget, eval) => {
                match budget {
                    Budget::Work(d) => write!(f, "alphabeta(depth={d}")?,
                    Budget::Millis(ms) => write!(f, "alphabeta(time={ms}")?,
                }
                if *eval != EvalKind::Stores {
                    write!(f, ",eval={}", eval.name())?;
                }
                f.write_str(")")
            }
            AgentSpec::Mcts(m) => {
                let d = MctsConfig::default();
                let mut keys = vec![match m.budget {
                    Budget::Work(n) => format!("iterations={n}"),
                    Budget::Millis(ms) => format!("time={ms}"),
                }];
                if m.c != d.c {
                    keys.push(format!("c={}", m.c));
                }
                if m.rollout != d.rollout {
                    keys.push("rollout=greedy".into());
                }
                if m.solver != d.solver {
                    keys.push(format!("solver={}", m.solver));
                }
                if m.threads != d.threads {
                    keys.push(format!("threads={}", m.threads));
                }
                if m.parallel != d.parallel {
                    keys.push("parallel=tree".into());
                }
                write!(f, "mcts({})", keys.join(","))
            }
            AgentSpec::Search(c) => {
                let d = SearchConfig::default();
                let mut keys = Vec::new();
                keys.extend(c.time.map(|ms| format!("time={ms}")));
                keys.extend(c.nodes.map(|n| format!("nodes={n}")));
                keys.extend(c.depth.map(|n| format!("depth={n}")));
                if c.threads != d.threads {
                    keys.push(format!("threads={}", c.threads));
                }
                if c.tt_mb != d.tt_mb {
                    keys.push(format!("tt-mb={}", c.tt_mb));
                }
                if let Some(dir) = &c.egdb {
                    keys.push(format!("egdb={}", name_value(&dir.display().to_string())));
                }
                if c.eval != d.eval {
                    keys.push(format!("eval={}", c.eval.name()));
                }
                if c.killers != d.killers {
                    keys.push(format!("killers={}", c.killers));
                }
                write!(f, "search({})", keys.join(","))
            }
            AgentSpec::Engine {
                cmd,
                args,
                movetime,
            } => {
                write!(f, "engine(cmd={}", quote(cmd))?;
                if !args.is_empty() {
                    write!(f, ",args={}", quote(&join_args(args)))?;
                }
                if *movetime != ENGINE_MOVETIME {
                    write!(f, ",movetime={movetime}")?;
                }
                f.write_str(")")
            }
            AgentSpec::Registered { name } => write!(f, "python(name={})", name_value(name)),
            AgentSpec::Named { name, agent } => {
                let agent = agent.to_string();
                let keys = agent.strip_suffix(')').map(|a| format!("{a},"));
                let keys = keys.unwrap_or_else(|| format!("{agent}("));
                write!(f, "{keys}name={})", name_value(name))
            }
            AgentSpec::Egdb { dir, fallback } => {
                write!(f, "egdb(dir={}", dir.display())?;
                if **fallback != AgentSpec::AlphaBeta(Budget::Work(4), EvalKind::Stores) {
                    write!(f, ",fallback={fallback}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A `name` value as an agent string writes it: quoted if it holds what a bare value cannot.
fn name_value(name: &str) -> String {
    if name.contains(|c: char| ",()\"=".contains(c) || c.is_whitespace()) {
        quote(name)
    } else {
        name.to_string()
    }
}

impl AgentSpec {
    /// The agent without its name (`name=`): what plays.
    pub fn plain(&self) -> &AgentSpec {
        match self {
            AgentSpec::Named { agent, .. } => agent,
            other => other,
        }
    }

    /// The same agent named `name` (`name=`).
    pub fn named(&self, name: String) -> AgentSpec {
        AgentSpec::Named {
            name,
            agent: Box::new(self.plain().clone()),
        }
    }

    /// Whether the agent's moves depend only on the seed (not on time or thread races).
    pub fn reproducible(&self) -> bool {
        match self.plain() {
            AgentSpec::Random | AgentSpec::Greedy => true,
            AgentSpec::AlphaBeta(b, _) => matches!(b, Budget::Work(_)),
            AgentSpec::Mcts(m) => {
                matches!(m.budget, Budget::Work(_))
                    && (m.threads == 1 || m.parallel == Parallel::Root)
            }
            AgentSpec::Search(c) => c.time.is_none() && c.threads == 1,
            AgentSpec::Egdb { fallback, .. } => fallback.reproducible(),
            AgentSpec::Engine { .. } => false,
            AgentSpec::Registered { name } => {
                super::external::registered(name).is_some_and(|f| f.reproducible())
            }
            AgentSpec::Human | AgentSpec::Named { .. } => false,
        }
    }

    /// Threads the agent uses per move.
    pub fn threads(&self) -> usize {
        match self.plain() {
            AgentSpec::Mcts(m) => m.threads,
            AgentSpec::Search(c) => c.threads,
            AgentSpec::Egdb { fallback, .. } => fallback.threads(),
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        s.parse::<AgentSpec>().unwrap().to_string()
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canon(" random "), "random");
        assert_eq!(canon("alphabeta"), "alphabeta(depth=4)");
        assert_eq!(canon("alphabeta(time=50)"), "alphabeta(time=50)");
        assert_eq!(canon("alphabeta(eval=stores)"), "alphabeta(depth=4)");
        assert_eq!(
            canon("alphabeta(eval=fitted,depth=3)"),
            "alphabeta(depth=3,eval=fitted)"
        );
        assert_eq!(
            canon("alphabeta(time=50,eval=fitted,name=f)"),
            "alphabeta(time=50,eval=fitted,name=f)"
        );
        assert_eq!(
            canon("egdb(dir=d,fallback=alphabeta(depth=4,eval=fitted))"),
            "egdb(dir=d,fallback=alphabeta(depth=4,eval=fitted))"
        );
        assert_eq!(canon("search(time=100,eval=auto)"), "search(time=100)");
        assert_eq!(
            canon("search(time=100,eval=stores)"),
            "search(time=100,eval=stores)"
        );
        assert_eq!(
            canon("alphabeta(eval=auto)"),
            "alphabeta(depth=4,eval=auto)"
        );
        assert_eq!(canon("mcts"), "mcts(iterations=1000)");
        assert_eq!(
            canon("mcts(threads=2, c=1.4, rollout=greedy, iterations=500)"),
            "mcts(iterations=500,rollout=greedy,threads=2)"
        );
        assert_eq!(
            canon("egdb(dir=db/kalah,fallback=mcts(iterations=10,c=2))"),
            "egdb(dir=db/kalah,fallback=mcts(iterations=10,c=2))"
        );
    }

    #[test]
    fn a_name_is_part_of_the_agent_string() {
        assert_eq!(canon("random(name=white)"), "random(name=white)");
        assert_eq!(
            canon("mcts(name=b,c=2)"),
            "mcts(iterations=1000,c=2,name=b)"
        );
        assert_eq!(canon("random(name=\"a b\")"), "random(name=\"a b\")");
        let named: AgentSpec = "alphabeta(depth=2,name=x)".parse().unwrap();
        assert_eq!(
            *named.plain(),
            AgentSpec::AlphaBeta(Budget::Work(2), EvalKind::Stores)
        );
        assert_ne!(named, *named.plain());
        assert!(named.reproducible());
        // `python` takes `name` as its registered name; `human` takes none.
        assert_eq!(canon("python(name=f)"), "python(name=f)");
        assert!("human(name=x)".parse::<AgentSpec>().is_err());
        assert!("random(name=a,name=b)".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn errors_name_the_key() {
        let e = |s: &str| s.parse::<AgentSpec>().unwrap_err().to_string();
        assert!(e("mcts(iteration=5)").contains("`iteration`"));
        assert!(e("mcts(iterations=0)").contains("iterations=0"));
        assert!(e("mcts(iterations=5,time=3)").contains("not both"));
        assert!(e("mcts(c=-1)").contains("c=-1"));
        assert!(e("mcts(rollout=smart)").contains("random or greedy"));
        assert!(e("alphabeta(depth=x)").contains("depth=x"));
        let bad = e("alphabeta(eval=neural)");
        assert!(
            bad.contains("eval=neural") && bad.contains("stores") && bad.contains("fitted"),
            "{bad}"
        );
        assert!(e("egdb").contains("`dir`"));
        assert!(e("egdb(dir=x,fallback=human)").contains("fallback"));
        assert!(e("egdb(dir=x,fallback=mtcs)").contains("unknown agent `mtcs`"));
        // Nested thousands deep: an error, not a stack overflow.
        let deep = format!(
            "{}greedy{}",
            "egdb(dir=a,fallback=".repeat(5000),
            ")".repeat(5000)
        );
        assert!(e(&deep).contains("nested 5000 deep"));
        let ok = format!(
            "{}greedy{}",
            "egdb(dir=a,fallback=".repeat(8),
            ")".repeat(8)
        );
        assert!(ok.parse::<AgentSpec>().is_ok());
        assert!(e("minimax").contains("unknown agent `minimax`"));
        assert!(e("mcts(c=1").contains("not of the form"));
        assert!(e("random(x=1)").contains("`x`"));
        assert!(e("mcts(c=1,c=2)").contains("twice"));
        assert!(e("engine").contains("`cmd`"));
        assert!(e("engine(cmd=\"\")").contains("`cmd`"));
        assert!(e("engine(cmd=\"x\",args=\"'a\")").contains("args="));
        assert!(e("engine(cmd=\"x\",movetime=0)").contains("movetime=0"));
        assert!(e("engine(cmd=\"x)").contains("not of the form"));
        assert!(e("engine(cmd=x\"y\")").contains("not of the form"));
        assert!(e("engine(cmd=\"x\"y)").contains("not of the form"));
        assert!(e("python").contains("`name`"));
        assert!(e("python(name=a,x=1)").contains("`x`"));
    }

    /// Quoted values keep commas, parentheses, spaces and escaped quotes; `args` splits at
    /// spaces with single quotes grouping; the canonical form reads back to the same agent.
    #[test]
    fn engine_and_python_agents() {
        let a: AgentSpec =
            r#"engine( cmd = "/opt/my engine,v2(x)" , args="--level 3 'two words' say\"hi\"" )"#
                .parse()
                .unwrap();
        assert_eq!(
            a,
            AgentSpec::Engine {
                cmd: "/opt/my engine,v2(x)".into(),
                args: vec![
                    "--level".into(),
                    "3".into(),
                    "two words".into(),
                    "say\"hi\"".into()
                ],
                movetime: ENGINE_MOVETIME,
            }
        );
        assert_eq!(
            a.to_string(),
            r#"engine(cmd="/opt/my engine,v2(x)",args="--level 3 'two words' say\"hi\"")"#
        );
        assert_eq!(a.to_string().parse::<AgentSpec>().unwrap(), a);
        assert_eq!(
            canon("engine(movetime=200,cmd=python3)"),
            r#"engine(cmd="python3",movetime=200)"#
        );
        assert_eq!(canon("python(name=mine)"), "python(name=mine)");
        assert_eq!(canon(r#"python(name="a b")"#), r#"python(name="a b")"#);
        assert!(!a.reproducible());
        // Game strings take no quotes.
        assert!(r#"kalah(houses="4")"#.parse::<crate::GameSpec>().is_err());
        // Quoted values inside a fallback.
        assert_eq!(
            canon(r#"egdb(dir=d,fallback=engine(cmd="e,1"))"#),
            r#"egdb(dir=d,fallback=engine(cmd="e,1"))"#
        );
    }
}
