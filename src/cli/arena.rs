//! `mancala match` and `mancala tournament`: arguments into an arena request.

use super::{command_line, execute_and_print, CliResult, ThreadsArg};
use clap::Args;
use mancala::jobs::{ArenaRequest, JobError, Request};

/// `mancala export` options.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The game records of a run, `results/tournaments/NAME.games.jsonl` (its manifest
    /// `NAME.json` beside it names the game and the agents).
    pub records: std::path::PathBuf,
    /// Write the text to FILE (whole, or not at all) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

/// Runs `mancala export`.
pub fn run_export(args: ExportArgs) -> CliResult {
    let text = mancala::arena::export::export_run(&args.records)?;
    match &args.out {
        None => super::emit(&text),
        Some(path) if path.is_dir() => Err(JobError::input(format!(
            "--out {}: a directory; give the name of the file to write",
            path.display()
        ))),
        Some(path) => mancala::results::write_atomic(path, text.as_bytes()).map_err(JobError::from),
    }
}

/// Options shared by `match` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    /// Game string, e.g. `kalah`, `oware`.
    pub game: String,
    /// An agent string (give it once per agent): random, greedy, alphabeta(depth=D|time=MS,eval=stores|fitted|auto),
    /// mcts(iterations=N|time=MS,c=..,rollout=random|greedy,solver=true|false,threads=T,
    /// parallel=root|tree), search(time=MS,nodes=N,depth=D,threads=T,tt-mb=M,egdb=DIR,eval=auto|fitted|stores,killers=true|false),
    /// egdb(dir=DIR,fallback=AGENT), engine(cmd="PROGRAM",args="ARGS",
    /// movetime=MS) (an external program speaking docs/engine-protocol.md).
    #[arg(long = "agent", short = 'a', required = true)]
    pub agents: Vec<String>,
    /// Pairs of games per pairing of agents (each pair: one opening, seats swapped). A larger
    /// value on a run of --out grows it: its games kept, the new pairs appended.
    #[arg(long, conflicts_with = "games")]
    pub rounds: Option<u64>,
    /// Games per pairing (an even number: games come in seat-swapped pairs).
    #[arg(long)]
    pub games: Option<u64>,
    /// Play from every legal opening of this many plies (in a seeded order), 0: the start; at
    /// most 8, and refused when the lines would not fit in 256 MiB (use --openings-file).
    #[arg(long, default_value_t = 0)]
    pub openings: u32,
    /// Start every game from this position (position text of RULES.md §12, e.g.
    /// "3,3,3,3/3,3,3,3 0-0 N"), instead of the game's start position.
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves played from the position (or the start) before the agents move, in every game.
    #[arg(long, short = 'm', allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// A file of openings, one a line: a position text or a move list from the start; blank
    /// lines and # comments skipped. Each is played by every pairing as a seat-swapped pair.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves", "openings"])]
    pub openings_file: Option<String>,
    /// The order of the file's openings: sequential or random (shuffled by --seed).
    #[arg(long, value_name = "ORDER", requires = "openings_file")]
    pub openings_order: Option<String>,
    /// Also write the games as text in the spirit of PGN to FILE (docs/game-records.md).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// Seed of the run: with the options, it fixes every game (with depth or iteration budgets).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play on the processes of an MPI job: `mpirun -np P mancala tournament ... --distributed`
    /// (a build with `--features mpi`). The games left are dealt between the processes in game
    /// order; process 0 writes the result files, the same as one process's with the same seed.
    #[arg(long)]
    pub distributed: bool,
    /// Worker threads (games run concurrently; MCTS agents' threads share the same pool).
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Most moves a game may last, opening included; a game reaching it is scored as a
    /// repetition would be.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
    /// Game clock of each side, BASE+INC in seconds (60+0.5: 60 s a game, 0.5 s added after
    /// each move). Engines and time-budgeted agents (time=) are held to it; fixed-work agents
    /// are not.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Most milliseconds per move (engines get `go movetime`; time-budgeted agents use at most
    /// this).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Milliseconds a side held to the clock may go past its time before it loses on time
    /// (termination `timeout`) [default: 1000].
    #[arg(long, value_name = "MS")]
    pub grace: Option<u64>,
    /// Adjudicate a game by these endgame databases (a directory `mancala egdb build` wrote,
    /// e.g. databases/kalah-houses=4) as soon as they cover its position: it is scored as
    /// perfect play from there would end it (termination `egdb`).
    #[arg(long, value_name = "DIR")]
    pub adjudicate_egdb: Option<String>,
    /// Write NAME.md, .csv, .json and .games.jsonl in the tournaments/ folder of the results
    /// root (results/tournaments/NAME.*), and resume from them.
    #[arg(long, value_name = "NAME")]
    pub out: Option<String>,
    /// Root directory of the result files: `--out NAME` writes RESULTS/tournaments/NAME.*.
    #[arg(long, default_value = "results")]
    pub results: std::path::PathBuf,
    /// Print the report as one JSON object: {"kind", "game", "agents", "games", "complete",
    /// "header", "rows", "text"} (`header` and `rows`: the CSV table, numbers as JSON numbers
    /// and an empty cell as null).
    #[arg(long)]
    pub json: bool,
}

/// `mancala match` options.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub arena: ArenaArgs,
    /// Sequential probability ratio test `elo0=E0,elo1=E1[,alpha=A,beta=B]` (logistic Elo,
    /// pentanomial): the match stops at a verdict.
    #[arg(long)]
    pub sprt: Option<String>,
}

/// `mancala tournament` options.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    pub arena: ArenaArgs,
    /// A gauntlet: the first agent plays each of the others (no games among the others); one
    /// row per opponent.
    #[arg(long)]
    pub gauntlet: bool,
    /// Games of three or four players: seat every set of agents in every permutation of the
    /// seats (default: every rotation).
    #[arg(long)]
    pub permutations: bool,
}

impl ArenaArgs {
    /// The request (with `sprt` for a match) and its result files.
    fn run(
        self,
        sprt: Option<String>,
        (gauntlet, permutations): (bool, bool),
        wrap: fn(ArenaRequest) -> Request,
    ) -> CliResult {
        let (out, results) = (self.out, self.results);
        let request =
            wrap(ArenaRequest {
                agents: self.agents,
                rounds: self.rounds,
                games: self.games,
                openings: self.openings,
                position: self.position,
                moves: self.moves,
                openings_file: self.openings_file,
                openings_order: match self.openings_order {
                    None => None,
                    Some(text) => Some(text.parse().map_err(|e: String| {
                        JobError::input(format!("bad --openings-order: {e}"))
                    })?),
                },
                gauntlet,
                permutations,
                pgn: self.pgn,
                seed: self.seed,
                threads: self.threads.get(),
                max_plies: self.max_plies,
                tc: self.tc,
                movetime: self.movetime,
                grace: self.grace,
                adjudicate_egdb: self.adjudicate_egdb,
                sprt,
                distributed: self.distributed,
                ..ArenaRequest::new(&self.game, &[])
            });
        let files = match &out {
            None => None,
            Some(name) => Some(request.run_files(&results, name, &command_line())?),
        };
        execute_and_print(&request, files.as_ref(), self.json, true)
    }
}

/// Runs `mancala match`.
pub fn run_match(args: MatchArgs) -> CliResult {
    args.arena.run(args.sprt, (false, false), Request::Match)
}

/// Runs `mancala tournament`.
pub fn run_tournament(args: TournamentArgs) -> CliResult {
    args.arena.run(
        None,
        (args.gauntlet, args.permutations),
        Request::Tournament,
    )
}
