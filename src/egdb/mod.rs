//! Endgame databases: the exact value of every position with up to N seeds on the board.
//!
//! Following Irving, Donkers & Uiterwijk (2000, Kalah) and Romein & Bal (2002/2003, Awari):
//!
//! * **Layers**: one layer per number of seeds on the board. A layer holds every board with
//!   exactly that many seeds in the houses, mover-relative, ranked by binomial coefficients
//!   ([`LayerIndex`]).
//! * **Store-independent values**: each entry is what the mover will still gain from the board
//!   minus what the opponent will gain, under perfect play: a position's final store difference
//!   (seeds, from the side to move) is its store difference plus the entry. One table serves every
//!   store state and every start seed count. Games whose end depends on the stores (a majority
//!   stop) or whose repetition rule gives a cycle a value that depends on where it is cut
//!   (`repetition=own-side`) have no such value and are refused ([`crate::Rules::egdb_houses`]).
//! * **Bottom-up**: captures and seeds sown into a store only take seeds off the board, so a
//!   layer depends on the layers below it and on itself. Kalah layers have no cycles (every move
//!   that stays in a layer carries seeds towards the mover's store), so each position is solved
//!   once, depth first. Awari layers have cycles; they are solved by a fixpoint over thresholds
//!   (retrograde analysis with counters, `cyclic.rs`), with the `awari` repetition rule: play that never leaves the layer shares
//!   the seeds evenly (value 0).
//!
//! The on-disk format is described in `databases/README.md` and [`LayerHeader`].

mod build;
mod cluster;
mod cyclic;
mod error;
pub mod fit;
mod format;
#[cfg(feature = "mpi")]
mod mpi;
mod pieces;
mod verify;

pub use crate::core::{LayerIndex, MAX_LAYER_SEEDS};
pub use build::{build, human_bytes, memory_needed, BuildOptions, LayerExchange, LayerReport};
pub use error::EgdbError;
pub use format::{
    checksum, layer_file, manifest_file, piece_file, LayerHeader, ENTRY_BITS, FORMAT_VERSION,
    HEADER_BYTES, MAGIC,
};
#[cfg(feature = "mpi")]
pub use mpi::MpiProcesses;
pub use pieces::{
    join, join_layer, JoinedLayer, ManifestPiece, PieceHeader, PieceManifest, PIECE_MAGIC,
};
pub(crate) use verify::one_step;
pub use verify::{layer_stats, verify_full, FullCheck, LayerStats, Mismatch};

use crate::core::Board;
use crate::rules::{Children, GameSpec, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use cluster::Partition;
use error::io_error;
use format::{highest_layer_file, open_layer, read_header_file, write_file_atomically};
use memmap2::Mmap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The game string a database of `spec` is built for: the canonical string with the start seed
/// count set to its default (the count does not change a store-independent value), so that
/// `kalah(seeds=5)` and `kalah` share a database.
pub fn database_game(spec: &GameSpec) -> GameSpec {
    spec.with_default_seeds()
}

/// The default directory of the database of `spec` under `root`: the database game string with
/// `(` and `,` turned into `-` and `)` dropped, e.g. `databases/kalah-capture=empty`.
pub fn default_dir(root: &Path, spec: &GameSpec) -> PathBuf {
    let name: String = database_game(spec)
        .to_string()
        .chars()
        .filter(|&c| c != ')')
        .map(|c| if c == '(' || c == ',' { '-' } else { c })
        .collect();
    root.join(name)
}

/// One layer, mapped: one layer file, or the pieces of a partitioned build ([`pieces`]).
#[derive(Debug)]
struct Layer {
    /// How the entries are split between the mappings: one range for a single layer file.
    split: Partition,
    /// Each piece's mapping (the entries after the [`HEADER_BYTES`] block), in rank order;
    /// `None` for a piece this process of a partitioned build does not hold.
    maps: Vec<Option<Mmap>>,
}

impl Layer {
    /// A layer of `count` entries in one file.
    fn whole(map: Mmap, count: u64) -> Layer {
        Layer {
            split: Partition::new(count, 1),
            maps: vec![Some(map)],
        }
    }

    /// The entry of rank `rank`, or the piece that holds it if this process does not.
    #[inline(always)]
    fn entry(&self, rank: u64) -> Result<&u8, usize> {
        if let [Some(map)] = &self.maps[..] {
            return Ok(&map[HEADER_BYTES + rank as usize]);
        }
        self.entry_in_pieces(rank)
    }

    #[inline]
    fn entry_in_pieces(&self, rank: u64) -> Result<&u8, usize> {
        let k = self.split.owner(rank);
        match &self.maps[k] {
            Some(map) => {
                let first = self.split.range(k).start;
                Ok(&map[HEADER_BYTES + (rank - first) as usize])
            }
            None => Err(k),
        }
    }

    /// The entry of rank `rank` of a layer this process holds whole.
    #[inline(always)]
    fn held(&self, rank: u64) -> &u8 {
        self.entry(rank)
            .expect("a layer held whole (only a partitioned build holds pieces)")
    }

    /// The entries of the pieces held, each with the rank of its first entry, in rank order.
    fn held_pieces(&self) -> impl Iterator<Item = (u64, &[u8])> + '_ {
        self.maps.iter().enumerate().filter_map(|(k, map)| {
            let map = map.as_ref()?;
            Some((self.split.range(k).start, &map[HEADER_BYTES..]))
        })
    }

    /// Whether this process holds every piece.
    fn is_whole(&self) -> bool {
        self.maps.iter().all(Option::is_some)
    }
}

/// Which pieces of a layer in pieces a process maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hold {
    /// Every piece (a reader, or a build holding every layer).
    All,
    /// Piece `rank` alone when the layer is in `processes` pieces (a process of a partitioned
    /// build); every piece if it is in another number of pieces.
    Own { rank: usize, processes: usize },
}

/// The file in a database directory that records what its last `egdb build` was asked for
/// ([`BuildRecord`], JSON).
pub const BUILD_RECORD: &str = "BUILD.json";

/// What the last build of a database directory was asked for: written by [`build`] when it
/// starts (before any layer), so that a build killed part-way leaves a directory whose missing
/// layers can be named ([`missing_layers`]). JSON in [`BUILD_RECORD`]:
/// `{"game": "kalah", "max_seeds": 24}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BuildRecord {
    /// The database's game string ([`database_game`]).
    pub game: String,
    /// The build was asked for layers `0..=max_seeds`.
    pub max_seeds: u32,
}

/// Records in `dir` (which must exist) that a build of `game` (the database game string) up to
/// `max_seeds` seeds has started: [`BUILD_RECORD`], written to a temporary file and renamed.
/// The file is deterministic (no time stamp), so directories built alike stay identical.
///
/// # Errors
/// [`EgdbError::GameMismatch`] (naming layer 0) if `dir` holds layers of another game: the
/// build would stop there, and the record of that database is kept. [`EgdbError::Io`] if the
/// file cannot be written.
pub fn record_build_request(dir: &Path, game: &str, max_seeds: u32) -> Result<(), EgdbError> {
    let layer0 = dir.join(layer_file(0));
    // A layer 0 that cannot be read is the build's to rebuild or report.
    let found = match read_header_file(&layer0) {
        Ok(header) => Some((layer0, header.game)),
        Err(_) => match pieces::read_manifest(dir, 0, None) {
            Ok(Some(m)) => Some((dir.join(manifest_file(0)), m.game)),
            _ => None,
        },
    };
    if let Some((path, found)) = found {
        if found != game {
            return Err(EgdbError::GameMismatch {
                path,
                expected: game.to_string(),
                found,
            });
        }
    }
    let record = BuildRecord {
        game: game.to_string(),
        max_seeds,
    };
    let mut text = serde_json::to_string(&record).expect("a build record encodes");
    text.push('\n');
    write_file_atomically(dir, BUILD_RECORD, |out| out.write_all(text.as_bytes()))
}

/// The build record of `dir` ([`BUILD_RECORD`]); `None` if there is none (databases built
/// before builds were recorded).
///
/// # Errors
/// [`EgdbError::BadRecord`] if the file is not a build record; [`EgdbError::Io`] if it cannot
/// be read.
pub fn read_build_record(dir: &Path) -> Result<Option<BuildRecord>, EgdbError> {
    let path = dir.join(BUILD_RECORD);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(&path)(e)),
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| EgdbError::BadRecord {
            path,
            reason: e.to_string(),
        })
}

/// The layers a database directory lacks against what its last build was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingLayers {
    /// The first layer missing (the number of layers present).
    pub first: u32,
    /// The last layer missing: the record's `max_seeds`.
    pub last: u32,
}

impl fmt::Display for MissingLayers {
    /// `layers 21-22 missing: the last build asked for --max-seeds 22`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "layer {} missing", self.first)?;
        } else {
            write!(f, "layers {}-{} missing", self.first, self.last)?;
        }
        write!(
            f,
            ": the last build asked for --max-seeds {} (interrupted? run the build again to \
             complete it)",
            self.last
        )
    }
}

/// The layers missing from `dir` against its build record, when `layers` (consecutive from 0)
/// are present: `None` if the record asked for no more, or if there is no record.
///
/// # Errors
/// As [`read_build_record`]; [`EgdbError::GameMismatch`] (naming the record) if the record is
/// of another game than `game`, the layers' game string.
pub fn missing_layers(
    dir: &Path,
    game: &str,
    layers: u32,
) -> Result<Option<MissingLayers>, EgdbError> {
    let Some(record) = read_build_record(dir)? else {
        return Ok(None);
    };
    if record.game != game {
        return Err(EgdbError::GameMismatch {
            path: dir.join(BUILD_RECORD),
            expected: game.to_string(),
            found: record.game,
        });
    }
    Ok((record.max_seeds >= layers).then_some(MissingLayers {
        first: layers,
        last: record.max_seeds,
    }))
}

impl Egdb {
    /// The layers this database lacks against the build record of its directory
    /// ([`missing_layers`]).
    ///
    /// # Errors
    /// As [`missing_layers`].
    pub fn missing_layers(&self) -> Result<Option<MissingLayers>, EgdbError> {
        missing_layers(&self.dir, &self.game, self.layers())
    }

    /// The layers this database lacks against the build record of its directory, in words
    /// (`layers 21-22 missing: the last build asked for --max-seeds 22 ...`), or why the record
    /// cannot be read; `None` if the record asked for no more layers or there is none. For the
    /// jobs that use a database without verifying it (the layers present are complete and
    /// checked).
    pub fn missing_note(&self) -> Option<String> {
        match self.missing_layers() {
            Ok(missing) => missing.map(|m| format!("{}: {m}", self.dir().display())),
            Err(e) => Some(e.to_string()),
        }
    }
}

/// The game string recorded in the first layer of the database in `dir`, parsed; for tools
/// that open a database without being told its game.
///
/// # Errors
/// [`EgdbError`] if layer 0 cannot be read or its header is bad.
pub fn game_of_dir(dir: &Path) -> Result<GameSpec, EgdbError> {
    let path = dir.join(layer_file(0));
    if !path.exists() {
        // Layer 0 in pieces: the manifest names the game.
        if let Some(m) = pieces::read_manifest(dir, 0, None)? {
            return m.game.parse().map_err(|e| EgdbError::BadManifest {
                path: dir.join(manifest_file(0)),
                reason: format!("game string `{}`: {e}", m.game),
            });
        }
        if !dir.is_dir() {
            let reason = if dir.exists() {
                "not a directory: give the database directory, e.g. databases/kalah"
            } else {
                "no such database directory"
            };
            return Err(EgdbError::Io {
                path: dir.to_path_buf(),
                source: io::Error::new(io::ErrorKind::NotFound, reason),
            });
        }
        return Err(EgdbError::Empty {
            dir: dir.to_path_buf(),
        });
    }
    let header = read_header_file(&path)?;
    header.game.parse().map_err(|e| EgdbError::BadHeader {
        path,
        reason: format!("game string `{}`: {e}", header.game),
    })
}

/// An open database: layers `0..=max_seeds` of one game, memory-mapped, probed from any number
/// of threads (`Egdb` is `Send + Sync`; probes take `&self` and do not allocate).
#[derive(Debug, Clone)]
pub struct Egdb {
    dir: PathBuf,
    game: String,
    index: LayerIndex,
    layers: Vec<Arc<Layer>>,
}

/// A database opened by [`Egdb::open_checking_all`].
pub struct Opened {
    /// The layers below the first damaged one (all of them if none is).
    pub db: Egdb,
    /// Every damaged layer (its file missing, or its header, size, checksum or entries wrong)
    /// with its error, in layer order.
    pub damaged: Vec<(u32, EgdbError)>,
    /// The highest layer file in the directory.
    pub highest: u32,
}

impl Egdb {
    /// Opens the database of `rules` in `dir`: every consecutive layer from 0, each header checked
    /// against the game, and each payload's checksum and entries verified once (a damaged file is
    /// reported, never trusted).
    ///
    /// # Errors
    /// [`EgdbError::Unsupported`] if the game has no databases; [`EgdbError::Empty`] if `dir` has
    /// no layer 0; a header, size or checksum error naming the file otherwise. A gap (layer `k`
    /// missing while a higher layer exists) is [`EgdbError::MissingLayer`].
    pub fn open<R: Rules>(dir: &Path, rules: &R) -> Result<Egdb, EgdbError> {
        let opened = Egdb::open_checking_all(dir, rules)?;
        match opened.damaged.into_iter().next() {
            Some((_, e)) => Err(e),
            None => Ok(opened.db),
        }
    }

    /// Opens the database as [`Egdb::open`] does, but checks every layer before giving up: the
    /// database of the layers below the first damaged one, and every damaged layer (a layer
    /// file missing below the highest one, [`EgdbError::MissingLayer`], is damage too).
    ///
    /// # Errors
    /// As [`Egdb::open`], for what is not one layer's damage: no databases for the game, no
    /// layer file at all.
    pub fn open_checking_all<R: Rules>(dir: &Path, rules: &R) -> Result<Opened, EgdbError> {
        let mut db = Egdb::empty(dir, rules)?;
        let highest = highest_layer_file(dir)?;
        let Some(highest) = highest else {
            return Err(EgdbError::Empty {
                dir: dir.to_path_buf(),
            });
        };
        // The layers are read and checked in parallel (a file missing below the highest is
        // damage too); the database keeps those below the first damaged one.
        use rayon::prelude::*;
        let layers = (0..=highest)
            .into_par_iter()
            .map(|layer| db.open_stored(layer, true, Hold::All))
            .collect::<Vec<_>>();
        let mut damaged = Vec::new();
        for (layer, opened) in (0..).zip(layers) {
            match opened {
                Ok(l) if damaged.is_empty() => db.layers.push(Arc::new(l)),
                Ok(_) => {}
                Err(e) => damaged.push((layer, e)),
            }
        }
        Ok(Opened {
            db,
            damaged,
            highest,
        })
    }

    /// A database of `rules` with no layers yet (for the builder).
    fn empty<R: Rules>(dir: &Path, rules: &R) -> Result<Egdb, EgdbError> {
        let game = database_game(rules.spec()).to_string();
        let houses = rules
            .egdb_houses()
            .map_err(|reason| EgdbError::Unsupported {
                game: rules.spec().to_string(),
                reason,
            })?;
        Ok(Egdb {
            dir: dir.to_path_buf(),
            game,
            index: LayerIndex::new(houses),
            layers: Vec::new(),
        })
    }

    /// Opens layer `layer` of this database from its directory: the layer file, else the
    /// pieces its manifest names (those `hold` says), each header checked and, when
    /// `check_payload`, each checksum and entry.
    ///
    /// # Errors
    /// [`EgdbError::MissingLayer`] if neither the file nor a manifest is there; the file's,
    /// the manifest's or a piece's error otherwise (a piece missing is
    /// [`EgdbError::MissingPiece`]).
    fn open_stored(&self, layer: u32, check_payload: bool, hold: Hold) -> Result<Layer, EgdbError> {
        let path = self.dir.join(layer_file(layer));
        let count = self
            .index
            .layer_size(layer)
            .ok_or_else(|| EgdbError::TooLarge {
                what: format!(
                    "layer {layer} exceeds the {MAX_LAYER_SEEDS} seeds an entry can value"
                ),
            })?;
        let (game, houses) = (self.game.as_str(), self.index.houses());
        if path.exists() {
            let map = open_layer(&path, game, houses, layer, count, check_payload)?;
            return Ok(Layer::whole(map, count));
        }
        let Some(manifest) = pieces::read_manifest(&self.dir, layer, Some((game, houses, count)))?
        else {
            return Err(EgdbError::MissingLayer {
                dir: self.dir.clone(),
                layer,
                file: layer_file(layer),
            });
        };
        let p = manifest.pieces.len();
        let maps = (0..p)
            .map(|k| {
                let held = match hold {
                    Hold::All => true,
                    Hold::Own { rank, processes } => processes != p || rank == k,
                };
                held.then(|| pieces::open_piece(&self.dir, &manifest, k, check_payload))
                    .transpose()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Layer {
            split: Partition::new(count, p),
            maps,
        })
    }

    /// The same database limited to layers `0..=max_seeds` (shares the mappings).
    pub fn truncated(&self, max_seeds: u32) -> Egdb {
        let mut db = self.clone();
        db.layers.truncate(max_seeds as usize + 1);
        db
    }

    /// The directory the database was opened from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The database's game string ([`database_game`]).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Houses per player.
    pub fn houses(&self) -> usize {
        self.index.houses()
    }

    /// The layer index.
    pub fn index(&self) -> &LayerIndex {
        &self.index
    }

    /// Layers held: `max_seeds() + 1`.
    pub fn layers(&self) -> u32 {
        self.layers.len() as u32
    }

    /// The largest number of seeds on the board that the database covers (`None` if it has no
    /// layers).
    pub fn max_seeds(&self) -> Option<u32> {
        (self.layers.len() as u32).checked_sub(1)
    }

    /// The entries of layer `layer`, one signed byte each, in rank order, in the pieces they
    /// are stored in (one for a layer file): each piece's first rank and entries. `None` if
    /// the database does not reach `layer`.
    pub fn layer_pieces(&self, layer: u32) -> Option<Vec<(u64, &[i8])>> {
        let layer = self.layers.get(layer as usize)?;
        debug_assert!(layer.is_whole(), "a reader holds every piece");
        Some(
            layer
                .held_pieces()
                // SAFETY: i8 and u8 have the same size and alignment.
                .map(|(first, p)| (first, unsafe { &*(p as *const [u8] as *const [i8]) }))
                .collect(),
        )
    }

    /// The entry of rank `rank` in layer `layer` (the database reaches it), as
    /// [`Egdb::board_value`] gives it.
    #[inline]
    pub fn entry(&self, layer: u32, rank: u64) -> i8 {
        *self.layers[layer as usize].held(rank) as i8
    }

    /// The entry of rank `rank` in layer `layer` if this process holds it, else the piece
    /// that holds it (a process of a partitioned build holds its own piece of each layer).
    #[inline(always)]
    fn held_entry(&self, layer: u32, rank: u64) -> Result<&i8, usize> {
        self.layers[layer as usize]
            .entry(rank)
            // SAFETY: i8 and u8 have the same size and alignment.
            .map(|e| unsafe { &*(e as *const u8 as *const i8) })
    }

    /// Lets the pages of every layer's mappings go from this process's resident memory (they
    /// stay in the page cache and are read again if touched): a process of a partitioned
    /// build reads the layers below only in the first pass of each layer.
    fn release_pages(&self) {
        for layer in &self.layers {
            for map in layer.maps.iter().flatten() {
                // SAFETY: the mappings are shared, read-only maps of files never modified in
                // place: pages dropped are read again from the file, unchanged.
                let _ = unsafe { map.unchecked_advise(memmap2::UncheckedAdvice::DontNeed) };
            }
        }
    }

    /// Starts loading the entry of `board` (which holds `seeds` seeds) into the cache, if the
    /// database covers it.
    #[inline(always)]
    pub fn prefetch(&self, board: Board, seeds: u32) {
        if let Some(layer) = self.layers.get(seeds as usize) {
            if let Ok(entry) = layer.entry(self.index.rank(board)) {
                crate::core::prefetch(entry);
            }
        }
    }

    /// The entry of `board` (mover-relative houses; stores ignored), which holds `seeds` seeds
    /// in its houses: what the mover will still gain minus what the opponent will gain, in
    /// seeds, under perfect play. `None` if the database does not reach `seeds`.
    #[inline]
    pub fn board_value(&self, board: Board, seeds: u32) -> Option<i32> {
        let layer = self.layers.get(seeds as usize)?;
        let rank = self.index.rank(board);
        Some(*layer.held(rank) as i8 as i32)
    }

    /// The value of `pos` (final store difference, seeds, from the side to move) if the
    /// database covers it. For games that can repeat, this is the value with no earlier
    /// position to repeat (an empty repetition history).
    #[inline]
    pub fn value<R: Rules>(&self, rules: &R, pos: &R::Position) -> Option<i32> {
        let board = rules.egdb_board(pos)?;
        let v = self.board_value(board, rules.board_seeds(pos))?;
        Some(rules.store_difference(pos) + v)
    }

    /// Each legal move of `pos` with its value from the database (final store difference,
    /// seeds, from the mover at `pos`; each position after a move taken with no earlier
    /// position to repeat), in move order; empty if the game is over. `None` if the database
    /// does not cover `pos`.
    pub fn move_values<R: Rules>(
        &self,
        rules: &R,
        pos: &R::Position,
    ) -> Option<ArrayVec<(R::Move, i32), MAX_CHILDREN>> {
        let mut out = ArrayVec::new();
        if rules.board_seeds(pos) > self.max_seeds()? {
            return None;
        }
        if rules.outcome(pos).is_some() {
            return Some(out);
        }
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        for c in &children {
            let v = self.value(rules, &c.pos)?;
            out.push((
                c.mv,
                if rules.side_to_move(&c.pos) == side {
                    v
                } else {
                    -v
                },
            ));
        }
        Some(out)
    }
}

impl Egdb {
    /// Moves from `pos` (covered, value `value`) that keep the database value, each the first
    /// in generation order that does, to the end of the game, to a position that repeats one
    /// of the line (in a cyclic game such a move need not make progress) or to `max_plies`
    /// moves. `None` if the database does not cover `pos`.
    pub fn principal_variation<R: Rules>(
        &self,
        rules: &R,
        pos: &R::Position,
        max_plies: usize,
    ) -> Option<Vec<R::Move>> {
        let mut target = self.value(rules, pos)?;
        let mut pv = Vec::new();
        let mut line = crate::game::Line::new(*pos);
        while line.status(rules) == crate::game::Status::Ongoing && pv.len() < max_plies {
            let here = *line.current();
            let Some(&(mv, _)) = self
                .move_values(rules, &here)?
                .iter()
                .find(|(_, v)| *v == target)
            else {
                break;
            };
            let child = line
                .children(rules)
                .into_iter()
                .find(|c| c.mv == mv)
                .expect("a move of the position");
            pv.push(mv);
            if rules.side_to_move(&child.pos) != rules.side_to_move(&here) {
                target = -target;
            }
            line.push(rules, child.mv, child.pos);
        }
        Some(pv)
    }
}

impl fmt::Display for Egdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}", self.game, self.dir.display())?;
        match self.max_seeds() {
            Some(n) => write!(f, ", layers 0..={n})"),
            None => write!(f, ", no layers)"),
        }
    }
}
