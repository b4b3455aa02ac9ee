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
pub mod fit;
#[cfg(feature = "mpi")]
mod mpi;
mod pieces;
mod verify;

pub use crate::core::{LayerIndex, MAX_LAYER_SEEDS};
pub use build::{build, human_bytes, memory_needed, BuildOptions, LayerExchange, LayerReport};
#[cfg(feature = "mpi")]
pub use mpi::MpiProcesses;
pub use pieces::{
    join, join_layer, manifest_file, piece_file, JoinedLayer, ManifestPiece, PieceHeader,
    PieceManifest, PIECE_MAGIC,
};
pub(crate) use verify::one_step;
pub use verify::{layer_stats, verify_full, FullCheck, LayerStats, Mismatch};

use crate::core::Board;
use cluster::Partition;
use crate::rules::{Children, GameSpec, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use memmap2::Mmap;
use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

/// First bytes of every layer file.
pub const MAGIC: [u8; 8] = *b"MNCLEGDB";
/// Version of the layer file format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;
/// Bytes before the payload: the bincode-encoded [`LayerHeader`], zero-padded.
pub const HEADER_BYTES: usize = 256;
/// Bits per entry: one signed byte, the value in seeds.
pub const ENTRY_BITS: u8 = 8;

/// The header of a layer file, encoded with bincode 2 (standard configuration) at offset 0.
#[derive(Clone, Debug, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct LayerHeader {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`FORMAT_VERSION`].
    pub version: u32,
    /// The database's game string ([`database_game`]): canonical, start seed count removed.
    pub game: String,
    /// Houses per player.
    pub houses: u8,
    /// The layer: seeds on the board of every position in it.
    pub layer: u32,
    /// Bits per entry ([`ENTRY_BITS`]).
    pub entry_bits: u8,
    /// Entries in the payload: `C(layer + 2·houses - 1, 2·houses - 1)`.
    pub count: u64,
    /// CRC-32 (IEEE) of the payload.
    pub checksum: u32,
}

/// What can go wrong with a database: every variant names the file or directory, and where it
/// applies the layer and what was expected versus found.
#[derive(Debug, Error)]
pub enum EgdbError {
    /// A file or directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The game cannot have store-independent databases.
    #[error("{game} has no endgame databases: {reason}")]
    Unsupported {
        /// The game string.
        game: String,
        /// Why.
        reason: String,
    },
    /// A layer the database needs is not there.
    #[error("{dir}: layer {layer} is missing (expected file {file})")]
    MissingLayer {
        /// The database directory.
        dir: PathBuf,
        /// The missing layer.
        layer: u32,
        /// The file name it should have.
        file: String,
    },
    /// A piece of a layer in pieces (a partitioned build's files) is not there.
    #[error("{path}: missing: piece {piece} of the {pieces} of layer {layer} (its manifest names it)")]
    MissingPiece {
        /// The piece file's path.
        path: PathBuf,
        /// The layer.
        layer: u32,
        /// The piece, `0..pieces`.
        piece: usize,
        /// Pieces of the layer.
        pieces: usize,
    },
    /// A layer's manifest of pieces cannot be read or does not describe the layer.
    #[error("{path}: bad manifest of pieces: {reason}")]
    BadManifest {
        /// The manifest file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The directory holds no layer at all.
    #[error("{dir}: no database layers (files layer-NNN.egdb or layer-NNN.pieces.json) found")]
    Empty {
        /// The directory.
        dir: PathBuf,
    },
    /// The file does not start with [`MAGIC`].
    #[error("{path}: not a database {} file: it starts {:?}, expected {:?}",
        if expected == &MAGIC { "layer" } else { "piece" },
        String::from_utf8_lossy(found), String::from_utf8_lossy(expected))]
    BadMagic {
        /// The file.
        path: PathBuf,
        /// The first bytes found.
        found: Vec<u8>,
        /// The magic expected: [`MAGIC`] or [`PIECE_MAGIC`].
        expected: [u8; 8],
    },
    /// The header cannot be decoded or has an impossible field.
    #[error("{path}: bad header: {reason}")]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The header's format version is not this build's.
    #[error("{path}: format version {found}, this build reads version {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// [`FORMAT_VERSION`].
        expected: u32,
        /// The file's.
        found: u32,
    },
    /// The file belongs to another game.
    #[error("{path}: database of `{found}`, expected `{expected}`")]
    GameMismatch {
        /// The file.
        path: PathBuf,
        /// The game asked for.
        expected: String,
        /// The game in the header.
        found: String,
    },
    /// A header field disagrees with the file's name or the game.
    #[error("{path}: layer {layer}: header {field} is {found}, expected {expected}")]
    HeaderMismatch {
        /// The file.
        path: PathBuf,
        /// The layer its name gives.
        layer: u32,
        /// The field.
        field: &'static str,
        /// Expected value.
        expected: u64,
        /// Value found.
        found: u64,
    },
    /// The payload is shorter or longer than the header says.
    #[error(
        "{path}: layer {layer}: file is {found} bytes, expected {expected} (truncated or damaged)"
    )]
    Truncated {
        /// The file.
        path: PathBuf,
        /// The layer.
        layer: u32,
        /// Bytes expected: header block plus entries.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The payload's checksum is not the header's.
    #[error("{path}: layer {layer}: payload checksum {found:#010x}, header says {expected:#010x} (corrupted)")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The layer.
        layer: u32,
        /// The header's checksum.
        expected: u32,
        /// The payload's.
        found: u32,
    },
    /// An entry lies outside the values its layer can hold.
    #[error("{path}: layer {layer}: entry {rank} is {found}, outside -{layer}..={layer}")]
    BadEntry {
        /// The file.
        path: PathBuf,
        /// The layer.
        layer: u32,
        /// The entry's rank.
        rank: u64,
        /// The value found.
        found: i8,
    },
    /// The layers asked for cannot be held: more seeds than an entry can value, or more memory
    /// than allowed.
    #[error("{what}")]
    TooLarge {
        /// What exceeds which limit, with the figures.
        what: String,
    },
    /// The build record of a directory ([`BUILD_RECORD`]) cannot be read.
    #[error("{path}: not a build record ({reason}): remove it, or build the database again")]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The processes of a distributed build were not given the same build (game, layers or
    /// program version): they would wait for each other for ever.
    #[error(
        "the processes of the distributed build were given different builds: {what}; every \
         process must run the same command line and program"
    )]
    Processes {
        /// Which process was given what.
        what: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start {threads} threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The reason.
        reason: String,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> EgdbError + '_ {
    move |source| EgdbError::Io {
        path: path.to_path_buf(),
        source,
    }
}

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

/// The file name of layer `layer`.
pub fn layer_file(layer: u32) -> String {
    format!("layer-{layer:03}.egdb")
}

/// The checksum a layer header holds ([`LayerHeader::checksum`]): CRC-32 (IEEE, as
/// `crc32fast`) of the payload, the entries after the header block.
pub fn checksum(payload: &[u8]) -> u32 {
    crc32fast::hash(payload)
}

/// Entries per chunk in which a layer file's or a piece's payload is written.
const WRITE_CHUNK: u64 = 1 << 20;

/// The chunks `(start, len)` in which a payload of `count` entries is written, in order.
fn write_chunks(count: u64) -> impl Iterator<Item = (u64, usize)> {
    (0..count)
        .step_by(WRITE_CHUNK as usize)
        .map(move |start| (start, (count - start).min(WRITE_CHUNK) as usize))
}

/// Writes one layer file: to `NAME.tmp`, synced, then renamed to `NAME`, so that a file with the
/// final name is always complete.
fn write_layer(
    dir: &Path,
    game: &str,
    houses: usize,
    layer: u32,
    payload: &[u8],
) -> Result<(), EgdbError> {
    let count = payload.len() as u64;
    write_layer_known(
        dir,
        game,
        houses,
        layer,
        count,
        checksum(payload),
        |start, buf| buf.copy_from_slice(&payload[start as usize..start as usize + buf.len()]),
    )
}

/// [`write_layer`] with the payload's checksum known and its `count` entries given piece by
/// piece: `fill(start, buf)` writes entries `start..start + buf.len()` into `buf`, called once
/// for each of [`write_chunks`]`(count)`, in order (unless writing fails first).
fn write_layer_known(
    dir: &Path,
    game: &str,
    houses: usize,
    layer: u32,
    count: u64,
    checksum: u32,
    fill: impl FnMut(u64, &mut [u8]),
) -> Result<(), EgdbError> {
    let header = LayerHeader {
        magic: MAGIC,
        version: FORMAT_VERSION,
        game: game.to_string(),
        houses: houses as u8,
        layer,
        entry_bits: ENTRY_BITS,
        count,
        checksum,
    };
    write_entries(dir, &layer_file(layer), &header, count, fill)
}

/// Writes file `name` in `dir` (to a temporary name, synced, renamed): `header` encoded with
/// bincode 2 into a zero-padded [`HEADER_BYTES`] block, then `count` entries given piece by
/// piece by `fill(start, buf)` (entries `start..start + buf.len()`), in order.
fn write_entries(
    dir: &Path,
    name: &str,
    header: &impl bincode::Encode,
    count: u64,
    mut fill: impl FnMut(u64, &mut [u8]),
) -> Result<(), EgdbError> {
    let mut block = vec![0u8; HEADER_BYTES];
    let written = bincode::encode_into_slice(header, &mut block, bincode::config::standard())
        .map_err(|e| EgdbError::TooLarge {
            what: format!("header of {name} does not fit {HEADER_BYTES} bytes: {e}"),
        })?;
    debug_assert!(written <= HEADER_BYTES);
    let mut buf = vec![0u8; WRITE_CHUNK.min(count) as usize];
    write_file_atomically(dir, name, |out| {
        out.write_all(&block)?;
        for (start, len) in write_chunks(count) {
            fill(start, &mut buf[..len]);
            out.write_all(&buf[..len])?;
        }
        Ok(())
    })
}

/// Writes `dir/name` with `write`: to `name.tmp`, synced, then renamed, so that a file with the
/// final name is always complete.
fn write_file_atomically(
    dir: &Path,
    name: &str,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), EgdbError> {
    let path = dir.join(name);
    let tmp = dir.join(format!("{name}.tmp"));
    let result = (|| -> io::Result<()> {
        let mut f = io::BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        write(&mut f)?;
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)?;
        // Make the rename itself durable.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io_error(&path))
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

/// Maps `path` (read-only).
fn map_file(path: &Path) -> Result<Mmap, EgdbError> {
    if path.is_dir() {
        // A mapping of a directory fails with "No such device": say what is wrong instead.
        return Err(io_error(path)(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a directory where the layer file should be",
        )));
    }
    let file = File::open(path).map_err(io_error(path))?;
    // SAFETY: the file is opened read-only; databases are written once to a temporary name and
    // renamed, never modified in place, so the mapping does not change under us. (Reading the
    // layers into anonymous huge pages instead was measured: no faster probes on Kalah(6,4) with
    // the 24-seed databases, and about 1 s more to open them, the kernel zeroing the pages.)
    unsafe { Mmap::map(&file) }.map_err(io_error(path))
}

/// Reads and checks the header of the layer file `path` (layer `layer` of `game`, `count`
/// entries), maps it and, when `check_payload`, verifies its checksum and entries.
fn open_layer(
    path: &Path,
    game: &str,
    houses: usize,
    layer: u32,
    count: u64,
    check_payload: bool,
) -> Result<Layer, EgdbError> {
    let map = map_file(path)?;
    let header = read_header(path, &map, layer)?;
    if header.game != game {
        return Err(EgdbError::GameMismatch {
            path: path.to_path_buf(),
            expected: game.to_string(),
            found: header.game,
        });
    }
    let mismatch = |field, expected: u64, found: u64| EgdbError::HeaderMismatch {
        path: path.to_path_buf(),
        layer,
        field,
        expected,
        found,
    };
    if header.houses as usize != houses {
        return Err(mismatch("houses", houses as u64, header.houses as u64));
    }
    if header.layer != layer {
        return Err(mismatch("layer", layer as u64, header.layer as u64));
    }
    if header.entry_bits != ENTRY_BITS {
        return Err(mismatch(
            "entry width",
            ENTRY_BITS as u64,
            header.entry_bits as u64,
        ));
    }
    if header.count != count {
        return Err(mismatch("count", count, header.count));
    }
    check_payload_size(path, &map, layer, count)?;
    if check_payload {
        check_entries(path, &map[HEADER_BYTES..], layer, 0, header.checksum)?;
    }
    Ok(Layer::whole(map, count))
}

/// Checks that the file `path`, mapped as `map`, is the header block and `count` entries.
fn check_payload_size(path: &Path, map: &[u8], layer: u32, count: u64) -> Result<(), EgdbError> {
    let expected = HEADER_BYTES as u64 + count;
    if map.len() as u64 != expected {
        return Err(EgdbError::Truncated {
            path: path.to_path_buf(),
            layer,
            expected,
            found: map.len() as u64,
        });
    }
    Ok(())
}

/// Checks the entries `payload` of the file `path` (ranks `first..` of layer `layer`): their
/// CRC-32 is `checksum`, and no value is beyond the layer's seeds.
fn check_entries(
    path: &Path,
    payload: &[u8],
    layer: u32,
    first: u64,
    checksum: u32,
) -> Result<(), EgdbError> {
    let found = self::checksum(payload);
    if found != checksum {
        return Err(EgdbError::Checksum {
            path: path.to_path_buf(),
            layer,
            expected: checksum,
            found,
        });
    }
    // The largest magnitude first (a loop the compiler vectorizes), the culprit only if it is
    // too large.
    let largest = payload
        .iter()
        .fold(0u8, |m, &v| m.max((v as i8).unsigned_abs()));
    if let Some((rank, &v)) = (largest as u32 > layer)
        .then(|| {
            payload
                .iter()
                .enumerate()
                .find(|(_, &v)| (v as i8).unsigned_abs() as u32 > layer)
        })
        .flatten()
    {
        return Err(EgdbError::BadEntry {
            path: path.to_path_buf(),
            layer,
            rank: first + rank as u64,
            found: v as i8,
        });
    }
    Ok(())
}

/// Decodes the layer header at the start of `bytes` (the file `path`).
fn read_header(path: &Path, bytes: &[u8], layer: u32) -> Result<LayerHeader, EgdbError> {
    let header: LayerHeader = read_header_block(path, bytes, layer, &MAGIC)?;
    if header.version != FORMAT_VERSION {
        return Err(EgdbError::Version {
            path: path.to_path_buf(),
            expected: FORMAT_VERSION,
            found: header.version,
        });
    }
    Ok(header)
}

/// Decodes a header (of a layer file or a piece) at the start of `bytes` (the file `path`),
/// which must start with `magic`.
fn read_header_block<H: bincode::Decode<()>>(
    path: &Path,
    bytes: &[u8],
    layer: u32,
    magic: &[u8; 8],
) -> Result<H, EgdbError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != magic[..] {
        return Err(EgdbError::BadMagic {
            path: path.to_path_buf(),
            found: bytes[..bytes.len().min(MAGIC.len())].to_vec(),
            expected: *magic,
        });
    }
    if bytes.len() < HEADER_BYTES {
        return Err(EgdbError::Truncated {
            path: path.to_path_buf(),
            layer,
            expected: HEADER_BYTES as u64,
            found: bytes.len() as u64,
        });
    }
    let (header, _): (H, usize) =
        bincode::decode_from_slice(&bytes[..HEADER_BYTES], bincode::config::standard()).map_err(
            |e| EgdbError::BadHeader {
                path: path.to_path_buf(),
                reason: e.to_string(),
            },
        )?;
    Ok(header)
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

/// The header of the layer file `path` (of layer 0), read without mapping the file.
fn read_header_file(path: &Path) -> Result<LayerHeader, EgdbError> {
    let mut bytes = vec![0u8; HEADER_BYTES];
    let n = {
        use std::io::Read;
        let mut f = File::open(path).map_err(io_error(path))?;
        let mut n = 0;
        loop {
            let k = f.read(&mut bytes[n..]).map_err(io_error(path))?;
            if k == 0 || n + k == HEADER_BYTES {
                break n + k;
            }
            n += k;
        }
    };
    read_header(path, &bytes[..n], 0)
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
            return open_layer(&path, game, houses, layer, count, check_payload);
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

/// The highest `N` for which `dir/layer-NNN.egdb` or the manifest `dir/layer-NNN.pieces.json`
/// exists (`None` if none does).
fn highest_layer_file(dir: &Path) -> Result<Option<u32>, EgdbError> {
    let entries = std::fs::read_dir(dir).map_err(io_error(dir))?;
    let mut highest = None;
    for e in entries {
        let e = e.map_err(io_error(dir))?;
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(number) = name.strip_prefix("layer-").and_then(|s| {
            s.strip_suffix(".egdb")
                .or_else(|| s.strip_suffix(".pieces.json"))
        }) else {
            continue;
        };
        if let Ok(n) = number.parse::<u32>() {
            if layer_file(n) == name || manifest_file(n) == name {
                highest = highest.max(Some(n));
            }
        }
    }
    Ok(highest)
}
