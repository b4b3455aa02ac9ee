//! External engines over the `mancala-engine` protocol, version 1 (`docs/engine-protocol.md`):
//! the client side (the agent `engine(cmd="...",args="...")`: one process per game, spoken to
//! over its standard input and output, answers awaited with timeouts) and the server side
//! (`mancala engine --agent A`: any agent of this crate served over the protocol).
//!
//! The client never blocks on the engine: a reader thread turns the engine's standard output
//! into lines on a channel, another keeps the last bytes of its standard error for the
//! messages of forfeits, and every wait has a deadline. An engine that exits, stays silent past
//! its time plus the grace margin, answers an illegal move or anything that is not the protocol
//! forfeits the game ([`Forfeit`]); the process is told `quit` and its process group (the
//! engine and whatever it started) ended when the game ends.

use super::external::{
    ms_text, shorten, Clock, ExternalFactory, ExternalPlayer, Forfeit, MoveReply,
};
use super::{derive_seed, AgentSpec, Eval, MoveRequest, Resources};
use crate::game::Line;
use crate::rules::{dispatch, GameJob, GameSpec, Rules};
use std::io::{BufRead, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Milliseconds an engine has to answer `mancala-engine` with `mancalaok` and `isready` with
/// `readyok` (starting a program, e.g. a Python interpreter, can take a while).
pub const HANDSHAKE_MS: u64 = 10_000;
/// Longest line read from an engine, bytes; longer lines are cut.
const MAX_LINE: usize = 64 * 1024;
/// Bytes of an engine's standard error kept for messages.
const STDERR_TAIL: usize = 600;
/// How long an engine told `quit` may take to exit before it is killed.
const QUIT_MS: u64 = 300;

/// How to start an engine: the `engine` agent's keys.
#[derive(Clone, Debug)]
pub struct EngineFactory {
    /// The program.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Milliseconds per move sent when the run sets no clock.
    pub movetime: u64,
}

impl EngineFactory {
    /// The factory of an `engine` agent string's keys (`None` for other agents).
    pub fn of(spec: &AgentSpec) -> Option<EngineFactory> {
        match spec {
            AgentSpec::Engine {
                cmd,
                args,
                movetime,
            } => Some(EngineFactory {
                cmd: cmd.clone(),
                args: args.clone(),
                movetime: *movetime,
            }),
            _ => None,
        }
    }

    /// Starts the engine, checks its handshake and that it is ready (`isready` / `readyok`:
    /// an engine that cannot play at all answers `error`), and tells it to quit: the engine's
    /// name.
    ///
    /// # Errors
    /// Why the program does not start, does not answer or cannot play, in words.
    pub fn check(&self) -> Result<String, String> {
        let mut engine = Engine::start(self).map_err(|f| f.message().to_string())?;
        engine
            .handshake()
            .and_then(|()| engine.ready())
            .map_err(|f| f.message().to_string())?;
        Ok(engine.name.clone())
    }

    /// A process for a game of `game` (its start position `start`): started, handshake,
    /// `newgame`, `isready` / `readyok`.
    fn started(&self, game: &str, start: String) -> Result<Engine, Forfeit> {
        let mut engine = Engine::start(self)?;
        engine.handshake()?;
        engine.start_text = start;
        engine.send(&format!("newgame {game}"))?;
        engine.ready()?;
        Ok(engine)
    }
}

impl ExternalFactory for EngineFactory {
    /// A process for one game; one that does not start or answer forfeits its first move as
    /// it failed: `crash` if it cannot be started, exits or answers `error`, `timeout` if it
    /// does not answer the handshake or `isready` in time.
    fn player(&self, game: &str, _seed: u64) -> Result<Box<dyn ExternalPlayer>, String> {
        let spec: GameSpec = game.parse().map_err(|e| format!("{e}"))?;
        let start = dispatch(&spec, StartText);
        Ok(match self.started(game, start) {
            Ok(engine) => Box::new(engine),
            Err(forfeit) => Box::new(Failed(forfeit)),
        })
    }
}

/// An engine that failed before the game: it forfeits its first move as it failed.
struct Failed(Forfeit);

impl ExternalPlayer for Failed {
    fn choose(&mut self, _: &MoveRequest) -> Result<MoveReply, Forfeit> {
        Err(self.0.clone())
    }
}

/// The position text of a game's start.
struct StartText;
impl GameJob for StartText {
    type Output = String;
    fn run<R: Rules>(self, rules: R) -> String {
        rules.format_position(&rules.start())
    }
}

/// A line of the engine's standard output, or its end.
enum Received {
    Line(String),
    Closed,
}

/// A running engine process.
struct Engine {
    program: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Arc<AtomicBool>,
    movetime: u64,
    name: String,
    start_text: String,
}

impl Engine {
    /// Starts the program of `factory` in a process group of its own ([`end_group`]).
    fn start(factory: &EngineFactory) -> Result<Engine, Forfeit> {
        let mut command = Command::new(&factory.cmd);
        command
            .args(&factory.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| Forfeit::Crash(format!("cannot start `{}`: {e}", factory.cmd)))?;
        let stdout = child.stdout.take().expect("piped");
        let stderr_pipe = child.stderr.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = std::io::BufReader::new(stdout);
            while let Some((line, _)) = read_line(&mut reader) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        {
            let (stderr, done) = (stderr.clone(), stderr_done.clone());
            std::thread::spawn(move || {
                let mut pipe = stderr_pipe;
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    let mut tail = stderr.lock().unwrap_or_else(|e| e.into_inner());
                    tail.extend_from_slice(&buf[..n]);
                    let excess = tail.len().saturating_sub(STDERR_TAIL);
                    tail.drain(..excess);
                }
                done.store(true, Relaxed);
            });
        }
        Ok(Engine {
            program: factory.cmd.clone(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            stderr_done,
            movetime: factory.movetime,
            name: String::new(),
            start_text: String::new(),
        })
    }

    /// Writes `line` to the engine.
    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        let result = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        result.map_err(|e| {
            Forfeit::Crash(format!(
                "cannot write `{}` to the engine ({e}){}",
                shorten(line),
                self.exit_note()
            ))
        })
    }

    /// The next line before `deadline`; `None` at the deadline.
    fn receive(&self, deadline: Instant) -> Option<Received> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Some(Received::Line(line)),
            Err(RecvTimeoutError::Disconnected) => Some(Received::Closed),
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    /// How the process ended (waiting a moment for it) and the end of its standard error.
    fn exit_note(&mut self) -> String {
        let start = Instant::now();
        let mut status = None;
        while start.elapsed() < Duration::from_millis(1000) {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        while !self.stderr_done.load(Relaxed) && start.elapsed() < Duration::from_millis(1500) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let status = match status {
            Some(s) => format!("; the engine exited ({s})"),
            None => String::new(),
        };
        format!("{status}{}", self.stderr_note())
    }

    /// `; its standard error ended: ...` if it wrote any.
    fn stderr_note(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        let text = String::from_utf8_lossy(&tail);
        let text = text.trim();
        if text.is_empty() {
            String::new()
        } else {
            format!("; its standard error ended: {text}")
        }
    }

    /// Waits for a line equal to `word` (after `id` and `option` lines), `what` naming the
    /// command answered.
    fn expect(&mut self, word: &str, what: &str) -> Result<(), Forfeit> {
        let deadline = Instant::now() + Duration::from_millis(HANDSHAKE_MS);
        loop {
            match self.receive(deadline) {
                None => {
                    return Err(Forfeit::Timeout(format!(
                        "`{}` did not answer `{what}` with `{word}` within {HANDSHAKE_MS} ms{}",
                        self.program,
                        self.stderr_note()
                    )))
                }
                Some(Received::Closed) => {
                    let note = self.exit_note();
                    return Err(Forfeit::Crash(format!(
                        "`{}` closed its output before answering `{what}`{note}",
                        self.program,
                    )));
                }
                Some(Received::Line(line)) => {
                    let t = line.trim();
                    let first = t.split_whitespace().next().unwrap_or("");
                    if t == word {
                        return Ok(());
                    } else if first == "error" {
                        return Err(Forfeit::Crash(format!(
                            "`{}` answered `{what}` with `{}`",
                            self.program,
                            shorten(t)
                        )));
                    } else if first == "id" {
                        if let Some(name) = t.strip_prefix("id").map(str::trim) {
                            if let Some(n) = name.strip_prefix("name") {
                                self.name = n.trim().to_string();
                            }
                        }
                    } else if !(t.is_empty() || first == "option" || first == "info") {
                        return Err(Forfeit::Garbage(format!(
                            "`{}` answered `{what}` with `{}` (expected `{word}`)",
                            self.program,
                            shorten(t)
                        )));
                    }
                }
            }
        }
    }

    fn handshake(&mut self) -> Result<(), Forfeit> {
        self.send("mancala-engine")?;
        self.expect("mancalaok", "mancala-engine")
    }

    fn ready(&mut self) -> Result<(), Forfeit> {
        self.send("isready")?;
        self.expect("readyok", "isready")
    }

    /// The `go` command for `clock` (times in whole milliseconds, rounded down), and the time
    /// the engine is given (microseconds).
    fn go(&self, request: &MoveRequest) -> (String, u64) {
        let clock = &request.clock;
        let mut go = String::from("go");
        if let Some(m) = clock.move_us {
            go.push_str(&format!(" movetime {}", m / 1000));
        }
        if let (Some(mine), Some(theirs)) = (clock.remaining_us, clock.opponent_remaining_us) {
            let (s, n) = match request.side {
                crate::core::Side::South => (mine, theirs),
                crate::core::Side::North => (theirs, mine),
            };
            let inc = clock.increment_us / 1000;
            go.push_str(&format!(
                " stime {} ntime {} sinc {inc} ninc {inc}",
                s / 1000,
                n / 1000
            ));
        }
        let limit = match clock.limit_us() {
            Some(l) => l,
            None => {
                go.push_str(&format!(" movetime {}", self.movetime));
                self.movetime.saturating_mul(1000)
            }
        };
        (go, limit)
    }
}

/// Reads one line (without its end) of at most [`MAX_LINE`] bytes (the rest of a longer line
/// is dropped) and whether it was read whole; `None` at the end of the input or on a read
/// error.
fn read_line<B: BufRead + ?Sized>(reader: &mut B) -> Option<(String, bool)> {
    let mut whole = true;
    let mut line = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buf.is_empty() {
            return if line.is_empty() {
                None
            } else {
                Some((String::from_utf8_lossy(&line).into_owned(), whole))
            };
        }
        let (used, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let take = used - usize::from(end);
        let room = MAX_LINE.saturating_sub(line.len());
        whole &= take <= room;
        line.extend_from_slice(&buf[..take.min(room)]);
        reader.consume(used);
        if end {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Some((String::from_utf8_lossy(&line).into_owned(), whole));
        }
    }
}

/// The evaluation an `info` line gives: `score seeds X` or `score points P`.
pub fn info_score(line: &str) -> Option<Eval> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score")?;
    let value: f64 = words
        .get(at + 2)?
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())?;
    match *words.get(at + 1)? {
        "seeds" => Some(Eval::Seeds(value)),
        "points" if (0.0..=1.0).contains(&value) => Some(Eval::Points(value)),
        _ => None,
    }
}

impl ExternalPlayer for Engine {
    fn choose(&mut self, request: &MoveRequest) -> Result<MoveReply, Forfeit> {
        let mut position = String::from("position ");
        if request.start == self.start_text {
            position.push_str("startpos");
        } else {
            position.push_str(request.start);
        }
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        self.send(&position)?;
        let (go, limit) = self.go(request);
        let started = Instant::now();
        self.send(&go)?;
        let grace = request.clock.grace_us;
        let deadline = started + Duration::from_micros(limit.saturating_add(grace));
        let mut eval = None;
        loop {
            match self.receive(deadline) {
                None => {
                    return Err(Forfeit::Timeout(format!(
                        "no `bestmove` within {} ms and the grace of {} ms after `{go}`{}",
                        ms_text(limit),
                        ms_text(grace),
                        self.stderr_note()
                    )))
                }
                Some(Received::Closed) => {
                    let note = self.exit_note();
                    return Err(Forfeit::Crash(format!(
                        "the engine closed its output before `bestmove`{note}"
                    )));
                }
                Some(Received::Line(line)) => {
                    let t = line.trim();
                    let mut words = t.split_whitespace();
                    match words.next() {
                        None => {}
                        Some("info") => {
                            if let Some(e) = info_score(t) {
                                eval = Some(e);
                            }
                        }
                        Some("bestmove") => {
                            let mv: Vec<&str> = words.collect();
                            if mv.len() != 1 {
                                return Err(Forfeit::Garbage(format!(
                                    "`{}`: expected `bestmove MOVE`",
                                    shorten(t)
                                )));
                            }
                            return Ok(MoveReply {
                                mv: mv[0].to_string(),
                                eval,
                            });
                        }
                        Some(_) => {
                            return Err(Forfeit::Garbage(format!(
                                "`{}` in answer to `go` (expected `info ...` or `bestmove MOVE`)",
                                shorten(t)
                            )))
                        }
                    }
                }
            }
        }
    }
}

impl Drop for Engine {
    /// `quit`, a moment to exit, then the process group is ended ([`end_group`]) and the
    /// process reaped.
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|_| stdin.flush());
        }
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(QUIT_MS) {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        end_group(&mut self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ends every process of the group `child` leads (the engine started in a group of its own,
/// with what it started: a wrapper's engine, helpers): `SIGTERM`, up to [`QUIT_MS`] to exit,
/// then `SIGKILL` for those left. Elsewhere than Unix only the process is killed.
fn end_group(child: &mut Child) {
    #[cfg(unix)]
    {
        let group = child.id() as libc::pid_t;
        // SAFETY: `killpg` only sends a signal; the group is the engine's own (`process_group(0)`
        // made its id the engine's process id), which stays reserved while the engine is not
        // reaped or any process of the group lives.
        let signal = |sig| unsafe { libc::killpg(group, sig) } == 0;
        if signal(libc::SIGTERM) {
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(QUIT_MS) && group_alive(child, group) {
                std::thread::sleep(Duration::from_millis(5));
            }
            signal(libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = child.kill();
}

/// Whether a process of `group` is left (reaping the engine `child`, the group's leader, if it
/// has exited; a process that exited but is not yet reaped still counts).
#[cfg(unix)]
fn group_alive(child: &mut Child, group: libc::pid_t) -> bool {
    let _ = child.try_wait();
    // SAFETY: signal 0 only checks that the group exists.
    (unsafe { libc::killpg(group, 0) }) == 0
}

// ---------------------------------------------------------------------------------------------
// The server: `mancala engine --agent A`.

/// The agent `mancala engine` serves, read as the games of two players read agents and as the
/// games of three and four players do ([`crate::multi::agents::NAgentSpec`]): `mcts`,
/// `alphabeta`, `greedy` and `random` play both, `alphabeta(mode=maxn)` only the second,
/// `search` or `egdb` only the first.
#[derive(Clone, Debug)]
pub struct ServedAgent {
    text: String,
    two: Result<AgentSpec, String>,
    n: Result<crate::multi::agents::NAgentSpec, String>,
}

impl std::str::FromStr for ServedAgent {
    type Err = String;

    /// Reads an agent string. An error (both readings' reasons) if it is neither kind of
    /// agent.
    fn from_str(text: &str) -> Result<ServedAgent, String> {
        let two = text.parse::<AgentSpec>().map_err(|e| e.to_string());
        let n = text
            .parse::<crate::multi::agents::NAgentSpec>()
            .map_err(|e| e.to_string());
        match (&two, &n) {
            (Err(e), Err(en)) if e == en => Err(e.clone()),
            (Err(e), Err(en)) => Err(format!(
                "{e} (as an agent of two players); {en} (as an agent of three or four players)"
            )),
            _ => Ok(ServedAgent {
                text: text.trim().to_string(),
                two,
                n,
            }),
        }
    }
}

impl ServedAgent {
    /// The two-player agent, if the string is one.
    pub fn two_player(&self) -> Option<&AgentSpec> {
        self.two.as_ref().ok()
    }
}

/// Serves the agent `agent` over the protocol: commands from `input`, answers to `output`,
/// until `quit` or the end of the input. Game `k` (from 0) of the session is played with the
/// seed `derive_seed(seed, k)`. Commands it cannot follow (an unknown game, a bad position or
/// move, a game the agent does not play) are answered `error <why>` (at the next `isready` or
/// `go`); unknown commands are ignored. An agent that cannot start whatever the game
/// ([`Resources::check`]: a `python` name not registered, an engine that does not start, an
/// `egdb` directory that cannot be read) is answered `error <why>` at every `isready` and `go`.
/// Games of three and four players (`kpo(players=3)`, ...) take their position text
/// (docs/notation.md), which names the player to move, and ignore the two-player clocks.
///
/// # Errors
/// Only if `output` cannot be written.
pub fn serve(
    agent: &ServedAgent,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<()> {
    let mut session = Session {
        agent,
        seed,
        unplayable: agent
            .two
            .as_ref()
            .ok()
            .and_then(|spec| Resources::check(spec).err().map(|e| e.to_string())),
        games: 0,
        input,
        output,
        pending_error: None,
        n_players: false,
    };
    let mut next = session.read();
    while let Some(line) = next {
        next = match command(&line) {
            ("newgame", game) => session.new_game(game)?,
            ("quit", _) => None,
            ("go", _) => {
                let e = session
                    .problem()
                    .unwrap_or_else(|| "no game: send `newgame GAME` first".into());
                session.say(&format!("error {e}"))?;
                session.read()
            }
            _ => {
                session.common(&line)?;
                session.read()
            }
        };
    }
    Ok(())
}

/// A command's first word and the rest of the line, trimmed.
fn command(line: &str) -> (&str, &str) {
    let t = line.trim();
    match t.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (t, ""),
    }
}

struct Session<'a> {
    agent: &'a ServedAgent,
    seed: u64,
    /// Why the agent cannot start whatever the game, answered at every `isready` and `go`.
    unplayable: Option<String>,
    games: u64,
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
    /// A command that could not be followed, answered at the next `isready` or `go`.
    pending_error: Option<String>,
    /// Whether the game being served has three or four players (where `unplayable`, the
    /// two-player agent's problem, does not apply).
    n_players: bool,
}

/// A game being served: what `position` and `go` do in it.
trait ServedGame {
    /// Sets the position of `position REST` (`rest`), or says why it cannot.
    fn position(&mut self, rest: &str) -> Result<(), String>;
    /// The answer to `go ARGS` (`args`): an `info` line if the agent evaluates, and the move's
    /// name.
    fn go(&mut self, args: &str) -> Result<(Option<String>, String), String>;
}

impl Session<'_> {
    /// The next command line; a line longer than [`MAX_LINE`] is not followed (it reads as an
    /// empty line) and answered `error` at the next `isready` or `go`.
    fn read(&mut self) -> Option<String> {
        let (line, whole) = read_line(self.input)?;
        if whole {
            return Some(line);
        }
        self.pending_error = Some(format!(
            "a line of more than {MAX_LINE} bytes was not followed: {}",
            shorten(&line)
        ));
        Some(String::new())
    }

    /// What the next `isready` or `go` must answer `error` with, if anything.
    fn problem(&mut self) -> Option<String> {
        let unplayable = (!self.n_players).then(|| self.unplayable.clone()).flatten();
        self.pending_error.take().or(unplayable)
    }

    fn say(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.output, "{line}")?;
        self.output.flush()
    }

    /// The commands answered the same in and out of a game: `mancala-engine` and `isready`.
    fn common(&mut self, line: &str) -> std::io::Result<()> {
        match command(line).0 {
            "mancala-engine" => {
                self.say(&format!(
                    "id name mancala {} {}",
                    env!("CARGO_PKG_VERSION"),
                    self.agent
                        .two
                        .as_ref()
                        .map_or(self.agent.text.clone(), |s| s.to_string())
                ))?;
                self.say("id author the mancala toolkit")?;
                self.say("mancalaok")
            }
            "isready" => match self.problem() {
                Some(e) => self.say(&format!("error {e}")),
                None => self.say("readyok"),
            },
            _ => Ok(()),
        }
    }

    /// Plays the game `game` until the next `newgame` (returned) or the end.
    fn new_game(&mut self, game: &str) -> std::io::Result<Option<String>> {
        self.n_players = crate::multi::NGameSpec::wants(game);
        if self.n_players {
            let Some(spec) = self.game_spec::<crate::multi::NGameSpec>(game) else {
                return Ok(self.read());
            };
            let seed = self.next_seed();
            let agent =
                (self.agent.n.clone()).map_err(|e| format!("the agent cannot play this game: {e}"));
            if let Err(e) = &agent {
                self.pending_error = Some(e.clone());
            }
            let mut served = NPlayerGame {
                game: crate::multi::NGame::new(spec),
                agent,
                line: None,
                seed,
            };
            return self.serve_game(&mut served);
        }
        let Some(spec) = self.game_spec::<GameSpec>(game) else {
            return Ok(self.read());
        };
        let seed = self.next_seed();
        dispatch(
            &spec,
            ServeGame {
                session: self,
                seed,
            },
        )
    }

    /// The game string `game` read as `T`, or `None` with the error kept for the next answer.
    fn game_spec<T: std::str::FromStr>(&mut self, game: &str) -> Option<T>
    where
        T::Err: std::fmt::Display,
    {
        game.parse::<T>()
            .map_err(|e| self.pending_error = Some(format!("newgame: {e}")))
            .ok()
    }

    /// The seed of the next game: `derive_seed(seed, k)` for game `k` of the session.
    fn next_seed(&mut self) -> u64 {
        self.games += 1;
        derive_seed(self.seed, self.games - 1)
    }

    /// Serves `game` until the next `newgame` (returned) or the end.
    fn serve_game(&mut self, game: &mut dyn ServedGame) -> std::io::Result<Option<String>> {
        loop {
            let Some(text) = self.read() else {
                return Ok(None);
            };
            match command(&text) {
                ("newgame", _) => return Ok(Some(text)),
                ("quit", _) => return Ok(None),
                ("position", rest) => {
                    if let Err(e) = game.position(rest) {
                        self.pending_error = Some(format!("position: {e}"));
                    }
                }
                ("go", rest) => {
                    let answer = match self.problem() {
                        Some(e) => Err(e),
                        None => game.go(rest),
                    };
                    match answer {
                        Ok((info, mv)) => {
                            if let Some(info) = info {
                                self.say(&info)?;
                            }
                            self.say(&format!("bestmove {mv}"))?;
                        }
                        Err(e) => self.say(&format!("error {e}"))?,
                    }
                }
                _ => self.common(&text)?,
            }
        }
    }
}

struct ServeGame<'s, 'a> {
    session: &'s mut Session<'a>,
    seed: u64,
}

impl GameJob for ServeGame<'_, '_> {
    type Output = std::io::Result<Option<String>>;

    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let s = self.session;
        let mut resources = Resources::default();
        let agent = match &s.agent.two {
            Ok(spec) => match resources.prepare(spec, &rules) {
                Ok(()) => Ok((spec, resources.build::<R>(&rules, spec, self.seed))),
                Err(e) => Err(e.to_string()),
            },
            Err(e) => Err(e.clone()),
        };
        let agent = agent.map_err(|e| format!("the agent cannot play this game: {e}"));
        if let Err(e) = &agent {
            s.pending_error = Some(e.clone());
        }
        s.serve_game(&mut TwoPlayerGame {
            rules: &rules,
            resources,
            agent,
            line: None,
            seed: self.seed,
        })
    }
}

/// A game of two players being served.
struct TwoPlayerGame<'r, R: Rules> {
    rules: &'r R,
    resources: Resources,
    /// The agent and its string, or why it cannot play the game.
    agent: Result<(&'r AgentSpec, Box<dyn super::Agent<R>>), String>,
    line: Option<Line<R>>,
    seed: u64,
}

impl<R: Rules> ServedGame for TwoPlayerGame<'_, R> {
    fn position(&mut self, rest: &str) -> Result<(), String> {
        self.line = None;
        self.line = Some(parse_position(self.rules, rest)?);
        Ok(())
    }

    fn go(&mut self, args: &str) -> Result<(Option<String>, String), String> {
        match (&mut self.agent, &self.line) {
            (Ok((spec, agent)), Some(line)) => think(
                self.rules,
                (spec, &self.resources, self.seed),
                agent,
                line,
                args,
            ),
            (Err(e), _) => Err(e.clone()),
            (Ok(_), None) => Err("no position: send `position ...` first".into()),
        }
    }
}

/// A game of three or four players being served: the n-player agent plays the player to move
/// of the position text, its randomness from the game's seed and the ply.
struct NPlayerGame {
    game: crate::multi::NGame,
    /// The agent, or why it cannot play the game.
    agent: Result<crate::multi::agents::NAgentSpec, String>,
    line: Option<crate::multi::NLine>,
    seed: u64,
}

impl ServedGame for NPlayerGame {
    fn position(&mut self, rest: &str) -> Result<(), String> {
        self.line = None;
        let (head, moves) = split_position(rest);
        let start = (head != "startpos").then_some(head);
        let line = crate::multi::NLine::new(&self.game, start, Some(moves));
        self.line = Some(line.map_err(|e| e.to_string())?);
        Ok(())
    }

    fn go(&mut self, args: &str) -> Result<(Option<String>, String), String> {
        use rand_chacha::rand_core::SeedableRng;
        let agent = self.agent.as_ref().map_err(Clone::clone)?;
        let Some(line) = &self.line else {
            return Err("no position: send `position ...` first".into());
        };
        if line.is_over(&self.game) {
            return Err("the game is over at this position".into());
        }
        // The clocks are South's and North's; only the limits apply.
        let go = parse_go(args, crate::core::Side::South)?;
        let limited = agent.limited(go.depth, go.nodes);
        let ply = line.history().len() as u64;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(derive_seed(self.seed, 1 + ply));
        let mv = limited.choose(&self.game, line.current(), &mut rng);
        Ok((None, self.game.format_move(mv)))
    }
}

/// The position and the moves of `position startpos|<position text> [moves m1 m2 ...]`
/// (after `position`).
fn split_position(rest: &str) -> (&str, &str) {
    match rest.split_once(" moves") {
        Some((h, m)) if m.is_empty() || m.starts_with(char::is_whitespace) => (h.trim(), m),
        _ if rest.trim() == "moves" => ("", ""),
        _ => (rest.trim(), ""),
    }
}

/// The line of `position startpos|<position text> [moves m1 m2 ...]` (after `position`).
fn parse_position<R: Rules>(rules: &R, rest: &str) -> Result<Line<R>, String> {
    let (head, moves) = split_position(rest);
    let start = if head == "startpos" {
        rules.start()
    } else {
        rules.parse_position(head).map_err(|e| e.to_string())?
    };
    let mut line = Line::new(start);
    line.play_text(rules, moves).map_err(|e| e.to_string())?;
    Ok(line)
}

/// The agent's move at `line` under the `go` arguments `args`: an `info score` line if it
/// evaluates, and the move's name. A `depth` or `nodes` limit the agent `spec` has a budget for
/// ([`limited`]) is played by an agent built for this move with that budget (its randomness
/// from the game's `seed` and the ply).
fn think<R: Rules>(
    rules: &R,
    (spec, resources, seed): (&AgentSpec, &Resources, u64),
    agent: &mut Box<dyn super::Agent<R>>,
    line: &Line<R>,
    args: &str,
) -> Result<(Option<String>, String), String> {
    if line.status(rules) != crate::game::Status::Ongoing {
        return Err("the game is over at this position".into());
    }
    let go = parse_go(args, rules.side_to_move(line.current()))?;
    let mut once = limited(spec, &go).map(|s| {
        let seed = derive_seed(seed, 1 + line.moves().len() as u64);
        resources.build::<R>(rules, &s, seed)
    });
    let agent = once.as_mut().unwrap_or(agent);
    let choice = agent
        .choose(rules, line, &go.clock)
        .map_err(|f| f.to_string())?;
    let score = choice.eval.map(|e| match e {
        Eval::Seeds(v) => format!("score seeds {v}"),
        Eval::Points(p) => format!("score points {p}"),
    });
    let info = match (agent.info(), score) {
        (Some(i), score) => {
            let mut words = vec![format!("info depth {}", i.depth)];
            words.extend(score);
            words.push(format!("nodes {} time {}", i.nodes, i.millis));
            if !i.pv.is_empty() {
                words.push(format!("pv {}", i.pv.join(" ")));
            }
            Some(words.join(" "))
        }
        (None, score) => score.map(|s| format!("info {s}")),
    };
    Ok((info, rules.format_move(line.current(), choice.mv)))
}

/// What a `go` command asks.
#[derive(Debug, Default, PartialEq)]
struct Go {
    /// The mover's clock (`movetime`, `stime`, `ntime`, `sinc`, `ninc`).
    clock: Clock,
    /// `depth N`: a search depth.
    depth: Option<u64>,
    /// `nodes N`: a number of nodes (MCTS simulations).
    nodes: Option<u64>,
}

/// The `go` arguments `args` for the side to move `side`. Tokens it does not know are ignored,
/// as UCI asks (UCI's `infinite`, `ponder`, `wtime 100`, `searchmoves A B`...); a known key
/// without a whole number after it (`depth` and `nodes` from 1) is an error.
fn parse_go(args: &str, side: crate::core::Side) -> Result<Go, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut go = Go::default();
    let (mut time, mut inc) = ([None, None], [0, 0]);
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let value = |min: u64| -> Result<u64, String> {
            words
                .get(i + 1)
                .and_then(|v| v.parse().ok())
                .filter(|&v| v >= min)
                .ok_or_else(|| {
                    let given = words
                        .get(i + 1)
                        .map_or("nothing".into(), |v| format!("`{v}`"));
                    format!(
                        "go: `{key}` takes a whole number from {min} to {}, not {given}",
                        u64::MAX
                    )
                })
        };
        match key {
            "movetime" => go.clock.move_us = Some(value(0)?.saturating_mul(1000)),
            "stime" => time[0] = Some(value(0)?),
            "ntime" => time[1] = Some(value(0)?),
            "sinc" => inc[0] = value(0)?,
            "ninc" => inc[1] = value(0)?,
            "depth" => go.depth = Some(value(1)?),
            "nodes" => go.nodes = Some(value(1)?),
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let me = side.index();
    let us = |ms: u64| ms.saturating_mul(1000);
    go.clock.remaining_us = time[me].map(us);
    go.clock.opponent_remaining_us = time[1 - me].map(us);
    go.clock.increment_us = us(inc[me]);
    Ok(go)
}

/// The agent `spec` with the budget of `go`'s limit, if `go` sets one `spec` has: `depth` for
/// alpha-beta (its search depth), `nodes` for MCTS (its simulations). Other agents, and agents
/// given a limit they have no budget for, play as they are.
fn limited(spec: &AgentSpec, go: &Go) -> Option<AgentSpec> {
    use super::Budget::Work;
    match (spec, go.depth, go.nodes) {
        (AgentSpec::AlphaBeta(_, eval), Some(d), _) => Some(AgentSpec::AlphaBeta(Work(d), *eval)),
        (AgentSpec::Search(c), d, n) if d.is_some() || n.is_some() => {
            Some(AgentSpec::Search(super::SearchConfig {
                time: None,
                depth: d.map(|d| d.min(crate::search::heuristic::MAX_DEPTH as u64) as u32),
                nodes: n,
                ..c.clone()
            }))
        }
        (AgentSpec::Mcts(c), _, Some(n)) => Some(AgentSpec::Mcts(super::MctsConfig {
            budget: Work(n),
            ..*c
        })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::external::tests::kalah;
    use super::*;

    /// The server's answers to `input` for `spec`, seed 1.
    fn served(spec: &ServedAgent, input: &str) -> String {
        let mut out = Vec::new();
        serve(spec, 1, &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn position_commands() {
        let rules = kalah();
        let l = parse_position(&rules, "startpos").unwrap();
        assert_eq!(l.moves().len(), 0);
        let l = parse_position(&rules, "startpos moves A a").unwrap();
        assert_eq!(rules.format_position(l.current()), "0,4,4,4/0,4,4,4 0-0 S");
        let l = parse_position(&rules, "0,4,4,4/3,3,3,3 0-0 N moves a").unwrap();
        assert_eq!(rules.format_position(l.current()), "0,4,4,4/0,4,4,4 0-0 S");
        let l = parse_position(&rules, "  0,4,4,4/3,3,3,3 0-0 N  ").unwrap();
        assert_eq!(l.moves().len(), 0);
        assert!(parse_position(&rules, "startpos moves A A")
            .unwrap_err()
            .contains("`A`"));
        assert!(parse_position(&rules, "1,2/3 0-0 S").is_err());
    }

    #[test]
    fn go_clocks_and_scores() {
        let c = parse_go(
            "stime 1000 ntime 2000 sinc 10 ninc 20 movetime 50",
            crate::core::Side::North,
        )
        .unwrap()
        .clock;
        assert_eq!(c.remaining_us, Some(2_000_000));
        assert_eq!(c.opponent_remaining_us, Some(1_000_000));
        assert_eq!(c.increment_us, 20_000);
        assert_eq!(c.move_us, Some(50_000));
        assert!(parse_go("movetime x", crate::core::Side::South).is_err());
        assert!(parse_go("depth 0", crate::core::Side::South).is_err());
        assert_eq!(
            info_score("info depth 3 score seeds -2 pv A"),
            Some(Eval::Seeds(-2.0))
        );
        assert_eq!(
            info_score("info score points 0.25"),
            Some(Eval::Points(0.25))
        );
        assert_eq!(info_score("info score points 2"), None);
        assert_eq!(info_score("info score cp 20"), None);
        assert_eq!(info_score("info string hello"), None);
    }

    /// `go` tokens the protocol does not define (UCI's included) are ignored; `depth` limits
    /// alpha-beta. Kalah(4,3) from the start, worked by hand: A gains nothing, B, C and D one
    /// seed each (B's last seed in the store), so the best of one ply is worth 1 seed.
    #[test]
    fn the_server_ignores_unknown_go_tokens_and_honours_depth() {
        let spec: ServedAgent = "alphabeta(depth=8)".parse().unwrap();
        let input = "mancala-engine\nnewgame kalah(houses=4,seeds=3)\nisready\nposition startpos\n\
                     go infinite ponder wtime 100 btime 100 winc 0 binc 0 movestogo 5 foo\n\
                     go searchmoves A B nodes 7 mate 2\ngo depth 1\ngo depth 0\nquit\n";
        let out = served(&spec, input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 11, "{out}");
        for answer in [&lines[4..6], &lines[6..8]] {
            assert!(answer[0].starts_with("info score seeds "), "{out}");
            assert!(answer[1].starts_with("bestmove "), "{out}");
        }
        assert_eq!(lines[8], "info score seeds 1", "{out}");
        assert!(
            ["bestmove B", "bestmove C", "bestmove D"].contains(&lines[9]),
            "{out}"
        );
        assert!(lines[10].starts_with("error go: `depth`"), "{out}");
        // MCTS takes `nodes` as its simulations; agents without such a budget ignore both.
        for agent in ["mcts(iterations=100000)", "random"] {
            let spec: ServedAgent = agent.parse().unwrap();
            let input = "newgame kalah(houses=4,seeds=3)\nposition startpos\n\
                         go nodes 1 depth 1\nquit\n";
            let out = served(&spec, input);
            assert!(
                out.lines().last().unwrap().starts_with("bestmove "),
                "{out}"
            );
        }
        assert_eq!(
            limited(
                &"mcts(iterations=100000)".parse().unwrap(),
                &parse_go("nodes 3", crate::core::Side::South).unwrap()
            ),
            Some("mcts(iterations=3)".parse().unwrap())
        );
    }

    /// Games of three and four players. Worked by hand (docs/rule-decisions.md, "Kpo and
    /// Azigo/Okwe for three and four players"): in `kpo(players=3)` player 1 owns track
    /// houses 0 1 10 11 (`A B C D`), player 2 track 2 3 8 9; from the position below only `A+`
    /// captures (its seed makes track 1 hold 2, and track 2 next holds 5), so `greedy` plays
    /// it. A four-player text, an agent of two players only and `players=5` are errors.
    #[test]
    fn the_server_plays_three_and_four_players() {
        let spec: ServedAgent = "greedy".parse().unwrap();
        let input = "newgame kpo(players=3)\nisready\n\
                     position 1,1,0,0/5,0,0,0/0,0,0,0 29-0-0 1\ngo\n\
                     position startpos moves A+\ngo\n\
                     position 3,3,3/3,3,3/3,3,3/3,3,3 0-0-0-0 1\ngo\n\
                     newgame kpo(players=4)\nposition 3,3,3/3,3,3/3,3,3/3,3,3 0-0-0-0 3\ngo\n\
                     newgame kpo(players=5)\nisready\nquit\n";
        let out = served(&spec, input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[..2], ["readyok", "bestmove A+"], "{out}");
        // Player 2 to move: one of its eight moves.
        let moves = ["A+", "A-", "B+", "B-", "C+", "C-", "D+", "D-"];
        assert!(
            moves.iter().any(|m| lines[2] == format!("bestmove {m}")),
            "{out}"
        );
        assert!(
            lines[3].starts_with("error position:") && lines[3].contains("4 groups"),
            "{out}"
        );
        // Player 3 of four: its three houses.
        assert!(
            moves[..6]
                .iter()
                .any(|m| lines[4] == format!("bestmove {m}")),
            "{out}"
        );
        assert!(
            lines[5].starts_with("error newgame:") && lines[5].contains("players=5"),
            "{out}"
        );
        assert_eq!(lines.len(), 6, "{out}");
        // An agent of two players only answers an error naming it, at `isready` and `go`.
        let spec: ServedAgent = "search(depth=2)".parse().unwrap();
        let input = "newgame kpo(players=3)\nisready\nposition startpos\ngo\nquit\n";
        let out = served(&spec, input);
        assert_eq!(out.lines().count(), 2, "{out}");
        assert!(
            out.lines()
                .all(|l| l.starts_with("error the agent cannot play this game")
                    && l.contains("`search`")),
            "{out}"
        );
        // An n-player agent string that is not a two-player one: served for n players only.
        let spec: ServedAgent = "alphabeta(depth=2,mode=maxn)".parse().unwrap();
        assert!(spec.two_player().is_none());
        let input = "newgame kalah\nisready\nposition startpos\ngo\nquit\n";
        let out = served(&spec, input);
        assert_eq!(out.lines().count(), 2, "{out}");
        assert!(
            out.lines()
                .all(|l| l.starts_with("error the agent cannot play this game")
                    && l.contains("`mode`")),
            "{out}"
        );
        assert!("nonsense".parse::<ServedAgent>().is_err());
        // Neither reading: both reasons, the bad value named.
        let e = "alphabeta(mode=bogus)".parse::<ServedAgent>().unwrap_err();
        assert!(e.contains("`mode=bogus` is not valid"), "{e}");
    }

    /// A command line longer than the limit is not followed and is answered with an error;
    /// a bad `go` value is quoted.
    #[test]
    fn over_long_lines_and_bad_go_values_are_errors() {
        let spec: ServedAgent = "greedy".parse().unwrap();
        let input = format!(
            "newgame kalah(houses=4,seeds=3)\nposition startpos moves A{} a\ngo\n\
             position startpos\ngo depth abc\nquit\n",
            " ".repeat(MAX_LINE)
        );
        let out = served(&spec, &input);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with("error a line of more than 65536 bytes"),
            "{out}"
        );
        assert!(
            lines[1].contains("`depth`") && lines[1].contains("`abc`"),
            "{out}"
        );
        assert_eq!(lines.len(), 2, "{out}");
    }

    #[test]
    fn long_lines_are_cut_and_line_ends_dropped() {
        let mut text = vec![b'x'; MAX_LINE + 10];
        text.extend_from_slice(b"\r\nbestmove A\nlast");
        let mut r = std::io::BufReader::with_capacity(1000, &text[..]);
        let (cut, whole) = read_line(&mut r).unwrap();
        assert_eq!((cut.len(), whole), (MAX_LINE, false));
        assert_eq!(read_line(&mut r).unwrap(), ("bestmove A".into(), true));
        assert_eq!(read_line(&mut r).unwrap(), ("last".into(), true));
        assert!(read_line(&mut r).is_none());
    }

    /// The server answers the protocol: handshake, a game, a move with its evaluation, errors
    /// for bad input, and `quit`.
    #[test]
    fn the_server_speaks_the_protocol() {
        let spec: ServedAgent = "alphabeta(depth=3)".parse().unwrap();
        let input = "mancala-engine\nisready\nnewgame kalah(houses=4,seeds=3)\nisready\n\
                     position startpos moves A\ngo movetime 100\nposition startpos moves A A\ngo\n\
                     newgame nonsense\nisready\nquit\nisready\n";
        let out = served(&spec, input);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("id name mancala"), "{out}");
        assert_eq!(lines[2], "mancalaok");
        assert_eq!(lines[3], "readyok");
        assert_eq!(lines[4], "readyok");
        assert!(lines[5].starts_with("info score seeds "), "{out}");
        // North to move after A: one of North's houses.
        assert!(
            ["bestmove a", "bestmove b", "bestmove c", "bestmove d"].contains(&lines[6]),
            "{out}"
        );
        assert!(lines[7].starts_with("error position:"), "{out}");
        assert!(lines[8].starts_with("error newgame:"), "{out}");
        assert_eq!(lines.len(), 9, "nothing after quit: {out}");
    }
}
