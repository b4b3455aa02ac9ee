//! The `search` agent: iterative deepening over a principal variation search with the exact
//! solver's transposition table, enhanced transposition cutoffs, move ordering and database
//! probes ([`crate::search::heuristic`]), for every game.
//!
//! * **Values** are reported in seeds from the mover's side ([`Eval::Seeds`]): the evaluation
//!   ([`crate::eval`], units of 1/[`SCALE`] seed) at the deepest finished iteration, or the
//!   exact value when the search reached every end of the game, or the databases covered
//!   the position.
//! * **Databases** (`egdb=DIR`): a position they cover is valued exactly, at the root (the agent
//!   then plays a best move, chosen at random among the equally good ones, as the `egdb` agent
//!   does) and at every node of the search.
//! * **Limits**: `depth=D` (plies, an extra turn a ply of its own), `nodes=N` and `time=MS`, the
//!   first reached stops. With `depth` or `nodes` alone (and one thread) the agent is
//!   reproducible: the same seed and game give the same moves. With `time` it is held to the
//!   clock: it spends [`Clock::share`] of its time (at most `time`, the move limit and, with a
//!   game clock, a twentieth of the time left plus half the increment), starts no iteration
//!   after half of that share and stops an unfinished one at the share.
//! * **Repetition** (Oware family): the search sees the game's positions since the last
//!   capture ([`Line::repetition_window`]) and values a move that repeats one by the repetition
//!   rule (RULES.md §0). Under `repetition-count=3` or a limit of moves without a capture the
//!   search applies the first-repeat rule (as the other agents do); the game record applies
//!   the game's own.
//! * **Ties**: the root moves are shuffled once per decision with the agent's generator, so
//!   that among equally valued moves a random one is played.
//! * **Table**: one per agent (one game), `tt-mb` MiB at most, kept from move to move; it starts
//!   at 1 MiB and doubles as the nodes searched outnumber its entries.

use super::{rng, uniform, Agent, Choice, Clock, Eval, Forfeit, Rng, SearchInfo};
use crate::egdb::Egdb;
use crate::eval::{Evaluator, SCALE};
use crate::game::Line;
use crate::rules::Rules;
use crate::search::heuristic::{self, Context, Limits, Scored};
use crate::search::tt::Table;
use std::sync::Arc;
use std::time::Instant;

pub use super::spec::SearchConfig;

/// The agent, with the evaluation `E` at its horizon.
pub struct SearchAgent<E> {
    config: SearchConfig,
    eval: E,
    egdb: Option<Arc<Egdb>>,
    table: Option<Table<Scored>>,
    rng: Rng,
    last: Option<SearchInfo>,
}

impl<E> SearchAgent<E> {
    /// An agent of `config` evaluating with `eval`, probing `egdb` (opened for the game), its
    /// randomness from `seed`.
    pub fn new(config: SearchConfig, eval: E, egdb: Option<Arc<Egdb>>, seed: u64) -> Self {
        SearchAgent {
            config,
            eval,
            egdb,
            table: None,
            rng: rng(seed),
            last: None,
        }
    }
}

impl<R: Rules, E: Evaluator<R>> Agent<R> for SearchAgent<E> {
    fn choose(
        &mut self,
        rules: &R,
        line: &Line<R>,
        clock: &Clock,
    ) -> Result<Choice<R::Move>, Forfeit> {
        let started = Instant::now();
        let pos = line.current();
        let children = line.children(rules);
        self.last = None;
        if let Some(db) = &self.egdb {
            if let Some((value, moves)) = super::egdb_best_moves(db, rules, line) {
                if !moves.is_empty() {
                    return Ok(Choice {
                        mv: moves[uniform(&mut self.rng, moves.len())],
                        eval: Some(Eval::Seeds(value as f64)),
                    });
                }
            }
        }
        let mut order: Vec<usize> = (0..children.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, uniform(&mut self.rng, i + 1));
        }
        if self.table.is_none() {
            let table = Table::growing(1, self.config.tt_mb)
                .map_err(|e| Forfeit::Crash(format!("transposition table: {e}")))?;
            self.table = Some(table);
        }
        let mut limits = Limits {
            depth: self.config.depth,
            nodes: self.config.nodes,
            stop: clock.stop.clone(),
            ..Limits::default()
        };
        if let Some(ms) = self.config.time {
            // A budget a move (the agent's own `time`, `--movetime`) is spent whole: an
            // iteration cut off at the deadline still counts where a later root move, fully
            // searched, beat the previous best. Under a game clock no iteration starts after
            // half the share, so that the time an unfinished iteration would waste is saved
            // for later moves.
            let share = clock.share(ms);
            limits.hard = Some(started + share);
            let soft = if clock.remaining_us.is_some() {
                share / 2
            } else {
                share
            };
            limits.soft = Some(started + soft);
        }
        let cx = Context {
            rules,
            eval: &self.eval,
            table: self.table.as_ref().expect("made above"),
            egdb: self.egdb.as_deref(),
            limits,
            killers: self.config.killers,
        };
        let mut history = line.repetition_window(rules).to_vec();
        history.push(*pos);
        let found = heuristic::search(&cx, &history, &order, self.config.threads)
            .map_err(|e| Forfeit::Crash(format!("search threads: {e}")))?;
        let mut pv = Vec::new();
        let mut at = *pos;
        for &i in &found.pv {
            let mut next = crate::rules::Children::<R>::new();
            rules.children(&at, &mut next);
            let Some(c) = next.get(i) else { break };
            pv.push(rules.format_move(&at, c.mv));
            at = c.pos;
        }
        self.last = Some(SearchInfo {
            depth: found.depth,
            nodes: found.nodes,
            millis: started.elapsed().as_millis() as u64,
            pv,
        });
        Ok(Choice {
            mv: children[found.best].mv,
            eval: found.value.map(|v| Eval::Seeds(v as f64 / SCALE as f64)),
        })
    }

    fn timed(&self) -> bool {
        self.config.time.is_some()
    }

    fn info(&self) -> Option<SearchInfo> {
        self.last.clone()
    }
}
