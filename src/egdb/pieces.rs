//! Layers in pieces: the files of a partitioned distributed build (`egdb build --distributed
//! --partition`), one piece per process, and `egdb join`, which writes the single-file form.
//!
//! A layer of `count` entries built by `P` processes is split into the `P` contiguous rank
//! ranges of [`Partition`] (`[count·k/P, count·(k+1)/P)` for piece `k`). Piece `k` is the file
//! `layer-NNN.part-K-of-P.egdb`: a 256-byte header block ([`PieceHeader`], bincode 2 as the
//! layer header) and its entries, one signed byte each, in rank order. The manifest
//! `layer-NNN.pieces.json` ([`PieceManifest`]) names every piece with its range and checksum,
//! and the checksum of the whole layer (the CRC-32 a single layer file's header holds). It is
//! written last, once every piece is complete: a layer is present in pieces when its manifest
//! is. A reader maps every piece and reads an entry from the piece whose range holds it; the
//! single-file form (`egdb join`) has the same entries byte for byte.

use super::cluster::Partition;
use super::error::{io_error, EgdbError};
use super::format::{
    self, manifest_file, piece_file, read_header_block, write_file_atomically, ENTRY_BITS,
    FORMAT_VERSION, HEADER_BYTES,
};
use std::path::Path;

/// First bytes of every piece file.
pub const PIECE_MAGIC: [u8; 8] = *b"MNCLPART";

/// The header of a piece file, encoded with bincode 2 (standard configuration) at offset 0 and
/// zero-padded to [`HEADER_BYTES`].
#[derive(Clone, Debug, PartialEq, Eq, bincode::Encode, bincode::Decode)]
pub struct PieceHeader {
    /// [`PIECE_MAGIC`].
    pub magic: [u8; 8],
    /// [`FORMAT_VERSION`].
    pub version: u32,
    /// The database's game string (`database_game`).
    pub game: String,
    /// Houses per player.
    pub houses: u8,
    /// The layer: seeds on the board of every position in it.
    pub layer: u32,
    /// Bits per entry ([`ENTRY_BITS`]).
    pub entry_bits: u8,
    /// Entries in the whole layer.
    pub layer_count: u64,
    /// Pieces the layer is split into (the processes of the build).
    pub pieces: u32,
    /// This piece, `0..pieces`.
    pub piece: u32,
    /// Rank of this piece's first entry.
    pub first: u64,
    /// Entries in this piece.
    pub count: u64,
    /// CRC-32 (IEEE) of this piece's entries.
    pub checksum: u32,
}

/// One piece in a [`PieceManifest`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManifestPiece {
    /// The file name, in the database directory.
    pub file: String,
    /// Rank of the piece's first entry.
    pub first: u64,
    /// Entries in the piece.
    pub count: u64,
    /// CRC-32 (IEEE) of its entries.
    pub checksum: u32,
}

/// The manifest of a layer in pieces, `layer-NNN.pieces.json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceManifest {
    /// The database's game string.
    pub game: String,
    /// Houses per player.
    pub houses: u8,
    /// The layer.
    pub layer: u32,
    /// Entries in the layer.
    pub count: u64,
    /// CRC-32 (IEEE) of the whole layer's entries in rank order: the checksum of the single
    /// layer file `egdb join` writes.
    pub checksum: u32,
    /// The pieces, in rank order.
    pub pieces: Vec<ManifestPiece>,
}

/// The CRC-32 of a layer from its pieces' checksums and lengths, in rank order.
pub(super) fn combined_checksum(pieces: impl IntoIterator<Item = (u32, u64)>) -> u32 {
    let mut whole = crc32fast::Hasher::new();
    for (crc, len) in pieces {
        whole.combine(&crc32fast::Hasher::new_with_initial_len(crc, len));
    }
    whole.finalize()
}

/// What a piece file is: its place in the layer.
pub(super) struct PieceSpec<'a> {
    pub game: &'a str,
    pub houses: usize,
    pub layer: u32,
    pub layer_count: u64,
    pub piece: usize,
    pub pieces: usize,
}

impl PieceSpec<'_> {
    /// The ranks this piece holds.
    pub fn range(&self) -> std::ops::Range<u64> {
        Partition::new(self.layer_count, self.pieces).range(self.piece)
    }

    fn header(&self, checksum: u32) -> PieceHeader {
        let range = self.range();
        PieceHeader {
            magic: PIECE_MAGIC,
            version: FORMAT_VERSION,
            game: self.game.to_string(),
            houses: self.houses as u8,
            layer: self.layer,
            entry_bits: ENTRY_BITS,
            layer_count: self.layer_count,
            pieces: self.pieces as u32,
            piece: self.piece as u32,
            first: range.start,
            count: range.end - range.start,
            checksum,
        }
    }
}

/// Writes piece file `spec` in `dir` (to a temporary name, synced, renamed): `fill(start,
/// buf)` writes the entries of ranks `first + start..` into `buf`, piece by piece, in order.
pub(super) fn write_piece(
    dir: &Path,
    spec: &PieceSpec,
    checksum: u32,
    fill: impl FnMut(u64, &mut [u8]),
) -> Result<(), EgdbError> {
    let header = spec.header(checksum);
    let name = piece_file(spec.layer, spec.piece, spec.pieces);
    format::write_entries(dir, &name, &header, header.count, fill)
}

/// Writes the manifest of layer `layer` in `dir` (temporary name, renamed).
pub(super) fn write_manifest(dir: &Path, manifest: &PieceManifest) -> Result<(), EgdbError> {
    let mut text = serde_json::to_string_pretty(manifest).expect("a manifest encodes");
    text.push('\n');
    write_file_atomically(dir, &manifest_file(manifest.layer), |out| {
        out.write_all(text.as_bytes())
    })
}

/// The manifest of layer `layer` in `dir`, checked against the game, houses and count a
/// database of it must have; `None` if there is none.
///
/// # Errors
/// [`EgdbError::BadManifest`] if it cannot be read as a manifest or its pieces do not cover the
/// layer as a partition does; [`EgdbError::GameMismatch`] / [`EgdbError::HeaderMismatch`] if it
/// is of another game or layer size.
pub(super) fn read_manifest(
    dir: &Path,
    layer: u32,
    expected: Option<(&str, usize, u64)>,
) -> Result<Option<PieceManifest>, EgdbError> {
    let path = dir.join(manifest_file(layer));
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(&path)(e)),
    };
    let bad = |reason: String| EgdbError::BadManifest {
        path: path.clone(),
        reason,
    };
    let m: PieceManifest = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    if m.layer != layer {
        return Err(bad(format!("it is the manifest of layer {}", m.layer)));
    }
    if let Some((game, houses, count)) = expected {
        if m.game != game {
            return Err(EgdbError::GameMismatch {
                path,
                expected: game.to_string(),
                found: m.game,
            });
        }
        let mismatch = |field, expected: u64, found: u64| EgdbError::HeaderMismatch {
            path: path.clone(),
            layer,
            field,
            expected,
            found,
        };
        if m.houses as usize != houses {
            return Err(mismatch("houses", houses as u64, m.houses as u64));
        }
        if m.count != count {
            return Err(mismatch("count", count, m.count));
        }
    }
    let p = m.pieces.len();
    if p == 0 {
        return Err(bad("it names no piece".to_string()));
    }
    let split = Partition::new(m.count, p);
    for (k, piece) in m.pieces.iter().enumerate() {
        let range = split.range(k);
        let want = piece_file(layer, k, p);
        if piece.file != want
            || piece.first != range.start
            || piece.count != range.end - range.start
        {
            return Err(bad(format!(
                "piece {k} is `{}` with ranks {}..{}, expected `{want}` with ranks {}..{} (the \
                 {p} ranges of a partitioned build)",
                piece.file,
                piece.first,
                piece.first + piece.count,
                range.start,
                range.end
            )));
        }
    }
    let combined = combined_checksum(m.pieces.iter().map(|p| (p.checksum, p.count)));
    if combined != m.checksum {
        return Err(bad(format!(
            "the pieces' checksums combine to {combined:#010x}, the manifest says {:#010x} for \
             the layer",
            m.checksum
        )));
    }
    Ok(Some(m))
}

/// Maps piece `k` of the layer of `manifest` from `dir` and checks its header against the
/// manifest; with `check_payload`, its entries' checksum and range of values too. Returns the
/// mapping (entries after [`HEADER_BYTES`]).
pub(super) fn open_piece(
    dir: &Path,
    manifest: &PieceManifest,
    k: usize,
    check_payload: bool,
) -> Result<memmap2::Mmap, EgdbError> {
    let entry = &manifest.pieces[k];
    let path = dir.join(&entry.file);
    let layer = manifest.layer;
    if !path.exists() {
        return Err(EgdbError::MissingPiece {
            path,
            layer,
            piece: k,
            pieces: manifest.pieces.len(),
        });
    }
    let map = format::map_file(&path)?;
    let header: PieceHeader = read_header_block(&path, &map, layer, &PIECE_MAGIC)?;
    let spec = PieceSpec {
        game: &manifest.game,
        houses: manifest.houses as usize,
        layer,
        layer_count: manifest.count,
        piece: k,
        pieces: manifest.pieces.len(),
    };
    let expected = spec.header(entry.checksum);
    if header.game != expected.game {
        return Err(EgdbError::GameMismatch {
            path,
            expected: expected.game,
            found: header.game,
        });
    }
    let fields: [(&'static str, u64, u64); 7] = [
        ("houses", expected.houses as u64, header.houses as u64),
        ("layer", layer as u64, header.layer as u64),
        ("entry width", ENTRY_BITS as u64, header.entry_bits as u64),
        ("layer count", expected.layer_count, header.layer_count),
        ("pieces", expected.pieces as u64, header.pieces as u64),
        ("piece", k as u64, header.piece as u64),
        ("checksum", entry.checksum as u64, header.checksum as u64),
    ];
    for (field, want, found) in fields {
        if want != found {
            return Err(EgdbError::HeaderMismatch {
                path,
                layer,
                field,
                expected: want,
                found,
            });
        }
    }
    if header.first != expected.first || header.count != expected.count {
        return Err(EgdbError::HeaderMismatch {
            path,
            layer,
            field: "first rank",
            expected: expected.first,
            found: header.first,
        });
    }
    format::check_payload_size(&path, &map, layer, header.count)?;
    if check_payload {
        format::check_entries(
            &path,
            &map[HEADER_BYTES..],
            layer,
            header.first,
            header.checksum,
        )?;
    }
    Ok(map)
}

/// What `egdb join` did to one layer.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JoinedLayer {
    /// The layer.
    pub layer: u32,
    /// Pieces it was in (0: it was one file already, with no pieces beside it).
    pub pieces: u32,
    /// Entries.
    pub count: u64,
    /// Whether the layer file was written from the pieces now (false: it was there and
    /// verified).
    pub written: bool,
    /// Whether piece files and the manifest were removed after the layer file was checked.
    pub pieces_removed: bool,
}

/// `egdb join`: every layer of the database in `dir` that is in pieces is written as one
/// layer file, byte for byte the file of a single-process build ([`join_layer`]), layer by
/// layer from 0: `joined` hears of each as it is done.
///
/// # Errors
/// [`EgdbError::Empty`] if `dir` holds no layer; the first layer's error ([`join_layer`]):
/// the layers before it are joined.
pub fn join(
    dir: &Path,
    keep_pieces: bool,
    mut joined: impl FnMut(&JoinedLayer),
) -> Result<(), EgdbError> {
    let highest = format::highest_layer_file(dir)?.ok_or_else(|| EgdbError::Empty {
        dir: dir.to_path_buf(),
    })?;
    // Every layer must be of the game and board of layer 0.
    let (game, houses) = match read_manifest(dir, 0, None)? {
        Some(m) if !dir.join(format::layer_file(0)).exists() => (m.game, m.houses as usize),
        _ => {
            let header = format::read_header_file(&dir.join(format::layer_file(0)))?;
            (header.game, header.houses as usize)
        }
    };
    for layer in 0..=highest {
        joined(&join_layer(dir, &game, houses, layer, keep_pieces)?);
    }
    Ok(())
}

/// Writes layer `layer` of the database of `game` (`houses` houses a side) in `dir` as one
/// layer file if it is in pieces: every piece is checked first (header against the manifest,
/// checksum, entries), the file is written to a temporary name and renamed, then read back
/// and checked against the manifest's checksum; then, unless `keep_pieces`, every piece file
/// of the layer (of any number of processes) and the manifest are removed. A layer file that
/// is there and verifies is kept (a join interrupted after the rename only removes the pieces
/// the next time); a damaged one is written again from the pieces.
///
/// # Errors
/// The layer is in neither form ([`EgdbError::MissingLayer`]); the manifest or a piece is
/// missing or damaged, named; an I/O error naming the file.
pub fn join_layer(
    dir: &Path,
    game: &str,
    houses: usize,
    layer: u32,
    keep_pieces: bool,
) -> Result<JoinedLayer, EgdbError> {
    let count = crate::core::LayerIndex::new(houses)
        .layer_size(layer)
        .ok_or_else(|| EgdbError::TooLarge {
            what: format!("layer {layer} exceeds the seeds an entry can value"),
        })?;
    let single = dir.join(format::layer_file(layer));
    let open_single = || format::open_layer(&single, game, houses, layer, count, true);
    let manifest = read_manifest(dir, layer, Some((game, houses, count)))?;
    let Some(manifest) = manifest else {
        if !single.exists() {
            return Err(EgdbError::MissingLayer {
                dir: dir.to_path_buf(),
                layer,
                file: format::layer_file(layer),
            });
        }
        open_single()?;
        return Ok(JoinedLayer {
            layer,
            pieces: 0,
            count,
            written: false,
            pieces_removed: false,
        });
    };
    // A layer file that does not verify is written again from the pieces.
    let written = !(single.exists() && open_single().is_ok());
    if written {
        let maps: Vec<memmap2::Mmap> = (0..manifest.pieces.len())
            .map(|k| open_piece(dir, &manifest, k, true))
            .collect::<Result<_, _>>()?;
        let split = Partition::new(manifest.count, maps.len());
        format::write_layer_known(
            dir,
            game,
            houses,
            layer,
            manifest.count,
            manifest.checksum,
            |start, buf| copy_from_pieces(&maps, split, start, buf),
        )?;
        // Read back whole: the header, size and checksum the manifest promises.
        open_single()?;
    }
    if !keep_pieces {
        remove_pieces(dir, layer);
    }
    Ok(JoinedLayer {
        layer,
        pieces: manifest.pieces.len() as u32,
        count,
        written,
        pieces_removed: !keep_pieces,
    })
}

/// Removes the manifest of layer `layer` in `dir` and every piece file of it, of any number
/// of processes.
pub(super) fn remove_pieces(dir: &Path, layer: u32) {
    let _ = std::fs::remove_file(dir.join(manifest_file(layer)));
    remove_pieces_but(dir, layer, None);
}

/// Removes the piece files of layer `layer` in `dir` of any number of processes but `keep`.
pub(super) fn remove_pieces_but(dir: &Path, layer: u32, keep: Option<usize>) {
    let prefix = format!("layer-{layer:03}.part-");
    let kept = keep.map(|p| format!("-of-{p}.egdb"));
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if let Some(name) = e.file_name().to_str() {
            if name.starts_with(&prefix)
                && name.ends_with(".egdb")
                && kept.as_ref().is_none_or(|k| !name.ends_with(k.as_str()))
            {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

/// Copies entries `start..start + buf.len()` of a layer split as `split` from the pieces'
/// mappings.
fn copy_from_pieces(maps: &[memmap2::Mmap], split: Partition, start: u64, buf: &mut [u8]) {
    let mut at = start;
    let end = start + buf.len() as u64;
    while at < end {
        let k = split.owner(at);
        let range = split.range(k);
        let upto = range.end.min(end);
        let from = HEADER_BYTES + (at - range.start) as usize;
        let len = (upto - at) as usize;
        let into = (at - start) as usize;
        buf[into..into + len].copy_from_slice(&maps[k][from..from + len]);
        at = upto;
    }
}
