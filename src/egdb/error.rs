//! What can go wrong with a database ([`EgdbError`]).

use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;

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
    #[error(
        "{path}: missing: piece {piece} of the {pieces} of layer {layer} (its manifest names it)"
    )]
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
        if expected == b"MNCLEGDB" { "layer" } else { "piece" },
        String::from_utf8_lossy(found), String::from_utf8_lossy(expected))]
    BadMagic {
        /// The file.
        path: PathBuf,
        /// The first bytes found.
        found: Vec<u8>,
        /// The magic expected: `MNCLEGDB` (a layer file) or `MNCLPART` (a piece).
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

pub(super) fn io_error(path: &Path) -> impl FnOnce(io::Error) -> EgdbError + '_ {
    move |source| EgdbError::Io {
        path: path.to_path_buf(),
        source,
    }
}
