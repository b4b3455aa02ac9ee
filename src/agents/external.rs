//! External players: programs outside this crate that choose moves, seen through one interface
//! whatever they are: an engine process speaking the `mancala-engine` protocol
//! (`docs/engine-protocol.md`, agent string `engine(cmd="...",args="...")`) or a callable
//! registered by a host program such as the Python package (agent string `python(name=NAME)`).
//!
//! An external player is told the game in text, as a person would be: the game string, the
//! position text of the start (RULES.md §12), every move since, the position text now, the legal
//! moves and its clock ([`MoveRequest`]). It answers a move name and optionally an evaluation
//! ([`MoveReply`]), or fails ([`Forfeit`]). [`ExternalAgent`] turns any such player into an
//! [`Agent`]: it reads the move with [`Rules::parse_move`] and checks that it is legal, so that a
//! player cannot put a move the rules do not allow into a game. A player that fails, answers
//! garbage or an illegal move loses the game (the arena records why).

use super::{Agent, Choice, Eval};
use crate::core::Side;
use crate::game::Line;
use crate::rules::{ParseMoveError, Rules};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The clock of the side to move when it must move, in microseconds (clocks are measured and
/// charged at microsecond resolution), for time controls.
///
/// Fixed-work agents (`depth`, `iterations`) ignore it; time-budgeted agents (`time=`) spend
/// at most a share of it; external players are told it (engines get `go movetime`, `stime`,
/// `ntime`, `sinc`, `ninc`, in whole milliseconds) and lose on time when they exceed it by more
/// than `grace_us`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's game clock (`None`: the game has no clock).
    pub remaining_us: Option<u64>,
    /// Time left on the opponent's game clock (`None`: no clock).
    pub opponent_remaining_us: Option<u64>,
    /// Increment added to a game clock after each of its side's moves.
    pub increment_us: u64,
    /// Most time for this move (`None`: no limit per move), e.g. from `--movetime`.
    pub move_us: Option<u64>,
    /// How far past its time a move may go before the mover loses on time (`--grace`).
    pub grace_us: u64,
    /// A hard stop set by the front end (the server's time ceiling, its client gone): every
    /// built-in agent stops searching there and plays the best move found so far, whatever
    /// its budget. Never, by default.
    pub stop: crate::core::Stop,
}

impl Clock {
    /// The time the mover may use for this move: the tighter of the move limit and the game
    /// clock (`None`: neither is set). The mover loses on time past this plus `grace_us`.
    pub fn limit_us(&self) -> Option<u64> {
        match (self.move_us, self.remaining_us) {
            (Some(m), Some(r)) => Some(m.min(r)),
            (m, r) => m.or(r),
        }
    }

    /// The time a time-budgeted agent whose own budget is `own_ms` milliseconds spends on this
    /// move: `own_ms`, but at most the move limit and, with a game clock, at most a twentieth
    /// of the time left plus half the increment (and never more than half the time left), so
    /// that a game of about forty moves per side fits on the clock. Microsecond resolution (a
    /// clock with 0.8 ms left gives 0.4 ms, not a whole millisecond that would lose on time).
    pub fn share(&self, own_ms: u64) -> std::time::Duration {
        let mut us = own_ms.saturating_mul(1000);
        if let Some(m) = self.move_us {
            us = us.min(m);
        }
        if let Some(r) = self.remaining_us {
            us = us.min(r / 20 + self.increment_us / 2).min(r / 2);
        }
        std::time::Duration::from_micros(us)
    }
}

/// Microseconds `us` as milliseconds for messages: `1500`, `0.042`, `2.5`.
pub fn ms_text(us: u64) -> String {
    let text = format!("{}.{:03}", us / 1000, us % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// What an external player is told when it must move. Text in the game's notation: position
/// text of RULES.md §12, move names as [`Rules::format_move`] prints them.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The canonical game string, e.g. `kalah(houses=4,seeds=3)`.
    pub game: &'a str,
    /// Position text of the start of the game.
    pub start: &'a str,
    /// Every move played since `start`, the opening included.
    pub moves: &'a [String],
    /// Position text now.
    pub position: &'a str,
    /// The side to move now.
    pub side: Side,
    /// The legal moves now (never empty).
    pub legal: &'a [String],
    /// The mover's clock.
    pub clock: Clock,
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReply {
    /// A move name, which must be one of the request's `legal` moves.
    pub mv: String,
    /// The player's evaluation of the position, from the mover's point of view, if it gives one.
    pub eval: Option<Eval>,
}

/// Why a player lost the game without the rules ending it; each holds the message recorded
/// with the game (the offending answer, the engine's last lines of standard error...).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Forfeit {
    /// The process died or could not start; the Python callable raised.
    #[error("crash: {0}")]
    Crash(String),
    /// No answer within the time allowed plus the grace margin.
    #[error("timeout: {0}")]
    Timeout(String),
    /// A move in the game's notation that is not legal here.
    #[error("illegal move: {0}")]
    Illegal(String),
    /// An answer that is not a move at all, or that breaks the protocol.
    #[error("bad reply: {0}")]
    Garbage(String),
}

impl Forfeit {
    /// The message.
    pub fn message(&self) -> &str {
        match self {
            Forfeit::Crash(m) | Forfeit::Timeout(m) | Forfeit::Illegal(m) | Forfeit::Garbage(m) => {
                m
            }
        }
    }
}

/// A player outside the crate, for one game.
pub trait ExternalPlayer: Send {
    /// The move at `request.position`, which is not over.
    ///
    /// # Errors
    /// [`Forfeit`] if the player fails; the game is then lost.
    fn choose(&mut self, request: &MoveRequest) -> Result<MoveReply, Forfeit>;
}

/// Makes one player per game.
pub trait ExternalFactory: Send + Sync {
    /// A player for a game of `game` (the canonical game string), its randomness from `seed`.
    ///
    /// # Errors
    /// Why no player could be made (the game then counts as lost by a crash at its first move).
    fn player(&self, game: &str, seed: u64) -> Result<Box<dyn ExternalPlayer>, String>;

    /// Whether the players' moves depend only on the game and the seed (not on time or
    /// thread races): what a run's manifest reports as `reproducible`. Default: `false`.
    fn reproducible(&self) -> bool {
        false
    }
}

type Registry = Mutex<BTreeMap<String, Arc<dyn ExternalFactory>>>;

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::default)
}

/// Registers `factory` under `name` (replacing any earlier one): the agent string
/// `python(name=NAME)` then plays with it, in this process.
pub fn register(name: &str, factory: Arc<dyn ExternalFactory>) {
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(name.to_string(), factory);
}

/// Removes the factory registered under `name`, if any. Runs prepared before keep theirs.
pub fn unregister(name: &str) {
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(name);
}

/// The factory registered under `name`.
pub fn registered(name: &str) -> Option<Arc<dyn ExternalFactory>> {
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(name)
        .cloned()
}

/// The names registered, in order.
pub fn registered_names() -> Vec<String> {
    registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .keys()
        .cloned()
        .collect()
}

/// An [`ExternalPlayer`] as an [`Agent`]: the request built from the game's line, the reply read
/// and checked. A player that could not be made forfeits (crash) when it is first asked to move.
pub struct ExternalAgent {
    player: Result<Box<dyn ExternalPlayer>, String>,
}

impl ExternalAgent {
    /// The agent of `player` (or of the reason it could not be made).
    pub fn new(player: Result<Box<dyn ExternalPlayer>, String>) -> ExternalAgent {
        ExternalAgent { player }
    }
}

/// The positions' texts of `line`: the moves played (each named at the position it was
/// played from) and the legal moves now.
pub fn line_texts<R: Rules>(rules: &R, line: &Line<R>) -> (Vec<String>, Vec<String>) {
    let moves = line
        .positions()
        .iter()
        .zip(line.moves())
        .map(|(p, &m)| rules.format_move(p, m))
        .collect();
    let pos = line.current();
    let legal = line
        .children(rules)
        .iter()
        .map(|c| rules.format_move(pos, c.mv))
        .collect();
    (moves, legal)
}

/// The move `text` names at the current position of `line`, checked for legality: a text that
/// is no move at all is [`Forfeit::Garbage`], a move in the game's notation that the rules do
/// not allow here (an empty house, the opponent's house, no such house) [`Forfeit::Illegal`].
///
/// # Errors
/// As said, naming the text and the legal moves.
pub fn read_move<R: Rules>(rules: &R, line: &Line<R>, text: &str) -> Result<R::Move, Forfeit> {
    let token = text.trim();
    if token.is_empty() || token.contains(char::is_whitespace) {
        return Err(Forfeit::Garbage(format!(
            "`{}` is not one move name",
            shorten(text)
        )));
    }
    let legal = || line.legal_text(rules);
    let mv = rules
        .parse_move(line.current(), token)
        .map_err(|e| match e {
            ParseMoveError::NotAMove { .. } => Forfeit::Garbage(format!("{e}")),
            _ => Forfeit::Illegal(format!("{e}; legal moves: {}", legal())),
        })?;
    if line.children(rules).iter().any(|c| c.mv == mv) {
        Ok(mv)
    } else {
        Err(Forfeit::Illegal(format!(
            "`{token}` is not legal here; legal moves: {}",
            legal()
        )))
    }
}

/// `text` cut to at most 200 characters, for messages.
pub fn shorten(text: &str) -> String {
    const MAX: usize = 200;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}... ({} bytes)", text.len())
    }
}

impl<R: Rules> Agent<R> for ExternalAgent {
    fn choose(
        &mut self,
        rules: &R,
        line: &Line<R>,
        clock: &Clock,
    ) -> Result<Choice<R::Move>, Forfeit> {
        let player = match &mut self.player {
            Ok(p) => p,
            Err(why) => return Err(Forfeit::Crash(why.clone())),
        };
        let game = rules.spec().to_string();
        let start = rules.format_position(&line.positions()[0]);
        let position = rules.format_position(line.current());
        let (moves, legal) = line_texts(rules, line);
        let request = MoveRequest {
            game: &game,
            start: &start,
            moves: &moves,
            position: &position,
            side: rules.side_to_move(line.current()),
            legal: &legal,
            clock: clock.clone(),
        };
        let reply = player.choose(&request)?;
        let mv = read_move(rules, line, &reply.mv)?;
        Ok(Choice {
            mv,
            eval: reply.eval,
        })
    }

    fn timed(&self) -> bool {
        true
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{GameSpec, Kalah};

    /// Kalah(4,3), the game of the agents' unit tests.
    pub(crate) fn kalah() -> Kalah {
        Kalah::new(
            "kalah(houses=4,seeds=3)"
                .parse::<GameSpec>()
                .unwrap()
                .try_into()
                .unwrap(),
        )
    }

    /// Plays the moves of `script` in turn, recording every request it sees.
    struct Scripted {
        replies: Vec<Result<MoveReply, Forfeit>>,
        seen: Arc<Mutex<Vec<String>>>,
    }

    impl ExternalPlayer for Scripted {
        fn choose(&mut self, r: &MoveRequest) -> Result<MoveReply, Forfeit> {
            self.seen.lock().unwrap().push(format!(
                "{}|{}|{}|{}|{}|{}",
                r.game,
                r.start,
                r.moves.join(" "),
                r.position,
                r.side.letter(),
                r.legal.join(" ")
            ));
            self.replies.remove(0)
        }
    }

    fn reply(mv: &str) -> Result<MoveReply, Forfeit> {
        Ok(MoveReply {
            mv: mv.into(),
            eval: None,
        })
    }

    /// The request holds the texts a person would read (Kalah(4,3): A from the start sows
    /// B, C, D; then North moves), and the reply is read in the game's notation.
    #[test]
    fn requests_are_the_game_in_text_and_replies_are_checked() {
        let rules = kalah();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mut agent = ExternalAgent::new(Ok(Box::new(Scripted {
            replies: vec![
                reply(" A "),
                reply("a"),
                reply("B"),
                reply("hello"),
                reply("z"),
            ],
            seen: seen.clone(),
        })));
        let mut line = Line::new(rules.start());
        let clock = Clock::default();
        let mv = Agent::<Kalah>::choose(&mut agent, &rules, &line, &clock)
            .unwrap()
            .mv;
        line.play(&rules, mv).unwrap();
        assert_eq!(
            seen.lock().unwrap()[0],
            "kalah(houses=4,seeds=3)|3,3,3,3/3,3,3,3 0-0 S||3,3,3,3/3,3,3,3 0-0 S|S|A B C D"
        );
        // North to move: `a` is North's first house.
        let mv = Agent::<Kalah>::choose(&mut agent, &rules, &line, &clock)
            .unwrap()
            .mv;
        line.play(&rules, mv).unwrap();
        assert_eq!(
            seen.lock().unwrap()[1],
            "kalah(houses=4,seeds=3)|3,3,3,3/3,3,3,3 0-0 S|A|0,4,4,4/3,3,3,3 0-0 N|N|a b c d"
        );
        // South again: `B` is legal; then garbage, then a house the board does not have.
        let mv = Agent::<Kalah>::choose(&mut agent, &rules, &line, &clock)
            .unwrap()
            .mv;
        line.play(&rules, mv).unwrap();
        let e = Agent::<Kalah>::choose(&mut agent, &rules, &line, &clock).unwrap_err();
        assert!(
            matches!(e, Forfeit::Garbage(ref m) if m.contains("hello")),
            "{e}"
        );
        let e = Agent::<Kalah>::choose(&mut agent, &rules, &line, &clock).unwrap_err();
        assert!(
            matches!(e, Forfeit::Illegal(ref m) if m.contains("`z`")),
            "{e}"
        );
    }

    /// An empty house and the opponent's house are illegal moves; two words are garbage.
    #[test]
    fn illegal_and_garbage_replies() {
        let rules = kalah();
        let mut line = Line::new(rules.start());
        line.play_text(&rules, "A a").unwrap();
        // South to move; A is empty.
        assert!(
            matches!(read_move(&rules, &line, "A"), Err(Forfeit::Illegal(m)) if m.contains("legal moves: B C D"))
        );
        assert!(matches!(
            read_move(&rules, &line, "b"),
            Err(Forfeit::Illegal(_))
        ));
        assert!(matches!(
            read_move(&rules, &line, "B C"),
            Err(Forfeit::Garbage(_))
        ));
        assert!(matches!(
            read_move(&rules, &line, ""),
            Err(Forfeit::Garbage(_))
        ));
        assert!(read_move(&rules, &line, "C").is_ok());
    }

    #[test]
    fn a_player_that_could_not_be_made_crashes_at_its_first_move() {
        let rules = kalah();
        let mut agent = ExternalAgent::new(Err("no such program".into()));
        let e = Agent::<Kalah>::choose(
            &mut agent,
            &rules,
            &Line::new(rules.start()),
            &Clock::default(),
        )
        .unwrap_err();
        assert_eq!(e, Forfeit::Crash("no such program".into()));
    }

    #[test]
    fn clock_shares() {
        let c = Clock {
            remaining_us: Some(10_000_000),
            increment_us: 100_000,
            ..Clock::default()
        };
        let ms = |d: std::time::Duration| d.as_micros() as f64 / 1000.0;
        assert_eq!(ms(c.share(5000)), 10_000.0 / 20.0 + 50.0);
        assert_eq!(ms(c.share(100)), 100.0);
        let c = Clock {
            remaining_us: Some(40_000),
            increment_us: 1_000_000,
            ..Clock::default()
        };
        assert_eq!(ms(c.share(5000)), 20.0);
        // Under a millisecond left: a twentieth of it, to the microsecond (it was at least a
        // whole millisecond, more than the clock held).
        let c = Clock {
            remaining_us: Some(887),
            ..Clock::default()
        };
        assert_eq!(c.share(5000).as_micros(), 44);
        let c = Clock {
            move_us: Some(30_000),
            ..Clock::default()
        };
        assert_eq!(ms(c.share(5000)), 30.0);
        assert_eq!(c.limit_us(), Some(30_000));
        assert_eq!(Clock::default().limit_us(), None);
        assert_eq!(ms_text(1_500_000), "1500");
        assert_eq!(ms_text(42), "0.042");
        assert_eq!(ms_text(2_500), "2.5");
        assert_eq!(ms_text(0), "0");
    }

    struct Named;
    impl ExternalFactory for Named {
        fn player(&self, _: &str, _: u64) -> Result<Box<dyn ExternalPlayer>, String> {
            Err("unused".into())
        }
    }

    #[test]
    fn registry_registers_and_unregisters() {
        register("external-test-registry", Arc::new(Named));
        assert!(registered("external-test-registry").is_some());
        assert!(registered_names().contains(&"external-test-registry".to_string()));
        unregister("external-test-registry");
        assert!(registered("external-test-registry").is_none());
    }
}
