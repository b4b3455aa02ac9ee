//! The agents of a match built from their specs, with what they share over its games.

use super::*;
use crate::eval::{EvalKind, Fitted, StoreDifference};

/// What agents share over every game of a match, opened or looked up once: an `egdb` agent's
/// directory mapped for the whole run, the factories of external players.
#[derive(Default)]
pub struct Resources {
    databases: Vec<(std::path::PathBuf, Arc<Egdb>)>,
    players: Vec<(AgentSpec, Arc<dyn ExternalFactory>)>,
    adjudicator: Option<Arc<Egdb>>,
}

impl Resources {
    /// Opens the databases of `dir` for `rules` to adjudicate games ([`crate::arena`]).
    ///
    /// # Errors
    /// If they cannot be opened for this game.
    pub fn adjudicate_with<R: Rules>(
        &mut self,
        dir: &std::path::Path,
        rules: &R,
    ) -> Result<(), crate::egdb::EgdbError> {
        self.adjudicator = Some(Arc::new(Egdb::open(dir, rules)?));
        Ok(())
    }

    /// The databases that adjudicate games, if any.
    pub fn adjudicator(&self) -> Option<&Egdb> {
        self.adjudicator.as_deref()
    }

    /// Opens what `spec` needs for `rules` (checking it now, before any game starts).
    ///
    /// # Errors
    /// [`AgentError`] if an `egdb` directory cannot be opened for this game, a `python` name is
    /// not registered, an engine does not start and answer the handshake, or for `human`.
    pub fn prepare<R: Rules>(&mut self, spec: &AgentSpec, rules: &R) -> Result<(), AgentError> {
        let spec = spec.plain();
        match spec {
            AgentSpec::Human => Err(AgentError::HumanNotHere),
            AgentSpec::Registered { name } => {
                if !self.players.iter().any(|(s, _)| s == spec) {
                    let factory = registered_factory(spec, name)?;
                    self.players.push((spec.clone(), factory));
                }
                Ok(())
            }
            AgentSpec::Engine { .. } => {
                if !self.players.iter().any(|(s, _)| s == spec) {
                    let factory = checked_engine(spec)?;
                    self.players.push((spec.clone(), Arc::new(factory)));
                }
                Ok(())
            }
            AgentSpec::Egdb { dir, fallback } => {
                self.open_egdb(spec, dir, rules)?;
                self.prepare(fallback, rules)
            }
            AgentSpec::Search(config) => {
                if config.eval == EvalKind::Fitted {
                    fitted(spec, rules)?;
                }
                match &config.egdb {
                    Some(dir) => self.open_egdb(spec, dir, rules),
                    None => Ok(()),
                }
            }
            AgentSpec::AlphaBeta(_, EvalKind::Fitted) => fitted(spec, rules).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// Opens the databases of `dir` for `rules` (once per directory) for the agent `spec`.
    fn open_egdb<R: Rules>(
        &mut self,
        spec: &AgentSpec,
        dir: &std::path::Path,
        rules: &R,
    ) -> Result<(), AgentError> {
        if !self.databases.iter().any(|(d, _)| d == dir) {
            let db = Egdb::open(dir, rules).map_err(|error| AgentError::Egdb {
                agent: spec.to_string(),
                error,
            })?;
            self.databases.push((dir.to_path_buf(), Arc::new(db)));
        }
        Ok(())
    }

    /// The databases opened for `dir`.
    ///
    /// # Panics
    /// If they were not opened by [`Resources::prepare`].
    fn egdb(&self, dir: &std::path::Path) -> Arc<Egdb> {
        self.databases
            .iter()
            .find(|(d, _)| d == dir)
            .map(|(_, db)| db.clone())
            .expect("databases are opened when their agent is prepared")
    }

    /// Checks what `spec` needs whatever the game (before any game is known, as
    /// `mancala engine` does at its start): a `python` name registered, an engine that starts
    /// and answers the handshake, an `egdb` directory that can be read. [`Resources::prepare`]
    /// checks the rest for a game.
    ///
    /// # Errors
    /// [`AgentError`] as [`Resources::prepare`] gives it.
    pub fn check(spec: &AgentSpec) -> Result<(), AgentError> {
        match spec {
            AgentSpec::Human => Err(AgentError::HumanNotHere),
            AgentSpec::Registered { name } => registered_factory(spec, name).map(|_| ()),
            AgentSpec::Engine { .. } => checked_engine(spec).map(|_| ()),
            AgentSpec::Egdb { dir, fallback } => {
                readable(spec, dir)?;
                Resources::check(fallback)
            }
            AgentSpec::Search(SearchConfig {
                egdb: Some(dir), ..
            }) => readable(spec, dir),
            _ => Ok(()),
        }
    }

    /// Builds the agent `spec` for a game of `rules` with its randomness from `seed`. An
    /// external player that cannot be made forfeits at its first move.
    ///
    /// # Panics
    /// If `spec` was not [`Resources::prepare`]d (an `egdb` directory, an external player) or
    /// is `human`.
    pub fn build<R: Rules>(&self, rules: &R, spec: &AgentSpec, seed: u64) -> Box<dyn Agent<R>> {
        let spec = spec.plain();
        match spec {
            AgentSpec::Registered { .. } | AgentSpec::Engine { .. } => {
                let factory = self
                    .players
                    .iter()
                    .find(|(s, _)| s == spec)
                    .map(|(_, f)| f)
                    .expect("external players are prepared before they are built");
                Box::new(external::ExternalAgent::new(
                    factory.player(&rules.spec().to_string(), seed),
                ))
            }
            AgentSpec::Random => Box::new(RandomAgent { rng: rng(seed) }),
            AgentSpec::Greedy => Box::new(GreedyAgent { rng: rng(seed) }),
            AgentSpec::AlphaBeta(budget, kind) => match fitted_of(spec, *kind, rules) {
                Some(eval) => Box::new(alphabeta::AlphaBetaAgent::new(*budget, eval, seed)),
                None => Box::new(alphabeta::AlphaBetaAgent::new(
                    *budget,
                    StoreDifference,
                    seed,
                )),
            },
            AgentSpec::Mcts(config) => Box::new(mcts::MctsAgent::new(*config, seed)),
            AgentSpec::Search(config) => {
                let db = config.egdb.as_deref().map(|dir| self.egdb(dir));
                match fitted_of(spec, config.eval, rules) {
                    Some(eval) => {
                        Box::new(search::SearchAgent::new(config.clone(), eval, db, seed))
                    }
                    None => Box::new(search::SearchAgent::new(
                        config.clone(),
                        StoreDifference,
                        db,
                        seed,
                    )),
                }
            }
            AgentSpec::Egdb { dir, fallback } => Box::new(EgdbAgent {
                db: self.egdb(dir),
                fallback: self.build(rules, fallback, seed),
                rng: rng(derive_seed(seed, 1)),
            }),
            AgentSpec::Human => panic!("`human` is played by `mancala play`, not built"),
            AgentSpec::Named { .. } => unreachable!("a name is taken off by `plain`"),
        }
    }
}

/// Checks that the database directory `dir` of the agent `spec` can be read.
fn readable(spec: &AgentSpec, dir: &std::path::Path) -> Result<(), AgentError> {
    std::fs::read_dir(dir)
        .map(|_| ())
        .map_err(|source| AgentError::Egdb {
            agent: spec.to_string(),
            error: crate::egdb::EgdbError::Io {
                path: dir.to_path_buf(),
                source,
            },
        })
}

/// The factory registered under `name`, for the agent `spec`.
fn registered_factory(
    spec: &AgentSpec,
    name: &str,
) -> Result<Arc<dyn ExternalFactory>, AgentError> {
    external::registered(name).ok_or_else(|| AgentError::NotRegistered {
        agent: spec.to_string(),
        name: name.to_string(),
        known: {
            let names = external::registered_names();
            if names.is_empty() {
                String::new()
            } else {
                format!(" (registered: {})", names.join(", "))
            }
        },
    })
}

/// The factory of the engine agent `spec`, once its program has started and answered.
fn checked_engine(spec: &AgentSpec) -> Result<engine::EngineFactory, AgentError> {
    let factory = engine::EngineFactory::of(spec).expect("an engine agent");
    factory.check().map_err(|error| AgentError::Engine {
        agent: spec.to_string(),
        error,
    })?;
    Ok(factory)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Bao, GameSpec, Kalah};

    /// `eval=fitted` is checked when the agent is prepared: a game without weights is refused,
    /// naming the agent and the game; a game with weights builds an agent that plays.
    #[test]
    fn fitted_evaluation_is_checked_when_prepared() {
        let spec: AgentSpec = "alphabeta(depth=2,eval=fitted)".parse().unwrap();
        let kete = Bao::new(
            "bao-la-kete"
                .parse::<GameSpec>()
                .unwrap()
                .try_into()
                .unwrap(),
        );
        let e = Resources::default().prepare(&spec, &kete).unwrap_err();
        assert!(matches!(e, AgentError::Eval { .. }), "{e}");
        let text = e.to_string();
        assert!(
            text.contains("alphabeta(depth=2,eval=fitted)")
                && text.contains("no fitted evaluation weights for `bao-la-kete`"),
            "{text}"
        );
        let kalah = Kalah::new("kalah".parse::<GameSpec>().unwrap().try_into().unwrap());
        let mut resources = Resources::default();
        resources.prepare(&spec, &kalah).unwrap();
        let mut agent = resources.build(&kalah, &spec, 1);
        let line = crate::game::Line::new(kalah.start());
        let choice = agent.choose(&kalah, &line, &Clock::default()).unwrap();
        assert!(line.children(&kalah).iter().any(|c| c.mv == choice.mv));
    }
}

/// The fitted evaluation an agent `spec` of evaluation `kind` plays `rules` with (`None`: the
/// store difference): `fitted` always (checked when the agent is prepared), `auto` where the
/// game has weights.
fn fitted_of<R: Rules>(spec: &AgentSpec, kind: EvalKind, rules: &R) -> Option<Fitted> {
    match kind {
        EvalKind::Stores => None,
        EvalKind::Fitted => Some(
            fitted(spec, rules).expect("fitted evaluations are checked when the agent is prepared"),
        ),
        EvalKind::Auto => Fitted::for_rules(rules).ok(),
    }
}

/// The fitted evaluation of `rules` for the agent `spec` (an error naming the agent for a game
/// without fitted weights).
fn fitted<R: Rules>(spec: &AgentSpec, rules: &R) -> Result<Fitted, AgentError> {
    Fitted::for_rules(rules).map_err(|error| AgentError::Eval {
        agent: spec.to_string(),
        error,
    })
}
