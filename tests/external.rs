//! External players in the arena through the in-process registry (`python(name=NAME)`, the way
//! the Python package plugs callables in): requests in text, forfeits scored as losses by every
//! seed with their termination, records that resume, move times and evaluations recorded.

use mancala::agents::external::{register, unregister};
use mancala::agents::{ExternalFactory, ExternalPlayer, Forfeit, MoveReply, MoveRequest};
use mancala::arena::{GameRecord, Termination};
use mancala::jobs::{ArenaKind, ArenaRequest, RunFiles, Threads};
use mancala::Side;
use std::sync::Arc;

/// Plays the first legal move; at its `fail_at`-th move (from 1) it answers `answer` instead,
/// or forfeits with `forfeit`.
#[derive(Clone)]
struct Script {
    fail_at: usize,
    answer: Result<&'static str, Forfeit>,
}

struct Player {
    script: Script,
    moves: usize,
}

impl ExternalPlayer for Player {
    fn choose(&mut self, request: &MoveRequest) -> Result<MoveReply, Forfeit> {
        self.moves += 1;
        let mv = if self.moves == self.script.fail_at {
            self.script.answer.clone()?.to_string()
        } else {
            request.legal[0].clone()
        };
        Ok(MoveReply { mv, eval: None })
    }
}

impl ExternalFactory for Script {
    fn player(&self, game: &str, _seed: u64) -> Result<Box<dyn ExternalPlayer>, String> {
        assert_eq!(game, "kalah(houses=4,seeds=3)");
        Ok(Box::new(Player {
            script: self.clone(),
            moves: 0,
        }))
    }

    fn reproducible(&self) -> bool {
        true
    }
}

fn run(name: &str, files: Option<&RunFiles>) -> Vec<GameRecord> {
    let request = ArenaRequest {
        rounds: Some(3),
        threads: Threads::ONE,
        ..ArenaRequest::new(
            "kalah(houses=4,seeds=3)",
            &[&format!("python(name={name})"), "alphabeta(depth=2)"],
        )
    };
    let run = request.plan(ArenaKind::Match).unwrap();
    run.run(files, None, &()).unwrap().records
}

/// Each kind of failure at the player's second move loses every game with its termination; the
/// forfeiting side is named, scores nothing and loses every seed (12 in Kalah(4,3)).
#[test]
fn forfeits_lose_with_their_termination() {
    let cases = [
        ("ext-illegal", Ok("z"), Termination::IllegalMove, "`z`"),
        (
            "ext-garbage",
            Ok("no idea"),
            Termination::BadReply,
            "no idea",
        ),
        (
            "ext-crash",
            Err(Forfeit::Crash("boom".into())),
            Termination::Crash,
            "boom",
        ),
        (
            "ext-timeout",
            Err(Forfeit::Timeout("slow".into())),
            Termination::Timeout,
            "slow",
        ),
    ];
    for (name, answer, termination, needle) in cases {
        register(name, Arc::new(Script { fail_at: 2, answer }));
        let records = run(name, None);
        assert_eq!(records.len(), 6);
        for r in &records {
            assert_eq!(r.termination, termination, "{name}");
            let f = r.forfeit.as_ref().expect("a forfeit is named");
            let side = if r.south == 0 {
                Side::South
            } else {
                Side::North
            };
            assert_eq!(f.side, side);
            assert!(f.message.contains(needle), "{name}: {}", f.message);
            assert_eq!(r.points_of(0), 0);
            assert_eq!(r.points_of(1), 2);
            let expected = if side == Side::South {
                [0, 24]
            } else {
                [24, 0]
            };
            assert_eq!(r.stores, expected);
            assert_eq!(r.times_ms.len(), r.moves.len());
            assert_eq!(r.evals.len(), r.moves.len());
        }
        unregister(name);
    }
}

/// A well-behaved player finishes its games normally; alpha-beta's evaluations are recorded
/// (in seeds) and the player's are absent. The records of forfeited games resume: they are
/// replayed and checked (who was to move, the stores awarded), and a forged one is refused.
#[test]
fn records_of_external_players_resume() {
    register(
        "ext-fine",
        Arc::new(Script {
            fail_at: 0,
            answer: Ok("A"),
        }),
    );
    let records = run("ext-fine", None);
    for r in &records {
        assert!(!r.termination.is_forfeit());
        for e in r.evals.iter().flatten() {
            assert!(matches!(e, mancala::agents::Eval::Seeds(_)), "{e:?}");
        }
        assert!(r.evals.iter().any(Option::is_some));
        assert!(r.evals.iter().any(Option::is_none));
    }
    unregister("ext-fine");

    register(
        "ext-resume",
        Arc::new(Script {
            fail_at: 3,
            answer: Ok("z"),
        }),
    );
    let dir = tempfile::tempdir().unwrap();
    let files = RunFiles::new(dir.path(), "r", "test").unwrap();
    let first = run("ext-resume", Some(&files));
    assert!(first
        .iter()
        .all(|r| r.termination == Termination::IllegalMove));
    // The same run again resumes from every record (replayed), playing nothing new.
    let again = run("ext-resume", Some(&files));
    assert_eq!(first, again);
    // A forfeit by the side that was not to move is refused.
    let path = dir.path().join("r.games.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let first_line = text.lines().next().unwrap();
    let forged = if first_line.contains("\"side\":\"S\"") {
        first_line.replace("\"side\":\"S\"", "\"side\":\"N\"")
    } else {
        first_line.replace("\"side\":\"N\"", "\"side\":\"S\"")
    };
    std::fs::write(&path, text.replacen(first_line, &forged, 1)).unwrap();
    let request = ArenaRequest {
        rounds: Some(3),
        threads: Threads::ONE,
        ..ArenaRequest::new(
            "kalah(houses=4,seeds=3)",
            &["python(name=ext-resume)", "alphabeta(depth=2)"],
        )
    };
    let e = request
        .plan(ArenaKind::Match)
        .unwrap()
        .run(Some(&files), None, &())
        .unwrap_err()
        .to_string();
    assert!(e.contains("forfeits, but"), "{e}");
    unregister("ext-resume");
}

#[test]
fn an_unregistered_name_is_bad_input() {
    let request = ArenaRequest::new("kalah", &["python(name=nobody-here)", "random"]);
    let e = request
        .plan(ArenaKind::Match)
        .unwrap()
        .run(None, None, &())
        .unwrap_err();
    assert_eq!(e.kind(), mancala::jobs::ErrorKind::Input);
    assert!(e.to_string().contains("nobody-here"), "{e}");
}
