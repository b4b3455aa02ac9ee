//! The files of a database: layer files (`layer-NNN.egdb`: a bincode header block, then one
//! signed byte per position), their names, writing them atomically and reading them back
//! checked. The format is described in `databases/README.md`.

use super::error::{io_error, EgdbError};
use memmap2::Mmap;
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

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

/// The file name of layer `layer`.
pub fn layer_file(layer: u32) -> String {
    format!("layer-{layer:03}.egdb")
}

/// The file name of piece `piece` of `pieces` of layer `layer` (a partitioned build's).
pub fn piece_file(layer: u32, piece: usize, pieces: usize) -> String {
    format!("layer-{layer:03}.part-{piece}-of-{pieces}.egdb")
}

/// The file name of the manifest of layer `layer` in pieces.
pub fn manifest_file(layer: u32) -> String {
    format!("layer-{layer:03}.pieces.json")
}

/// The checksum a layer header holds ([`LayerHeader::checksum`]): CRC-32 (IEEE, as
/// `crc32fast`) of the payload, the entries after the header block.
pub fn checksum(payload: &[u8]) -> u32 {
    crc32fast::hash(payload)
}

/// Entries per chunk in which a layer file's or a piece's payload is written.
pub(super) const WRITE_CHUNK: u64 = 1 << 20;

/// The chunks `(start, len)` in which a payload of `count` entries is written, in order.
pub(super) fn write_chunks(count: u64) -> impl Iterator<Item = (u64, usize)> {
    (0..count)
        .step_by(WRITE_CHUNK as usize)
        .map(move |start| (start, (count - start).min(WRITE_CHUNK) as usize))
}

/// Writes one layer file: to `NAME.tmp`, synced, then renamed to `NAME`, so that a file with the
/// final name is always complete.
pub(super) fn write_layer(
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
pub(super) fn write_layer_known(
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
pub(super) fn write_entries(
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
pub(super) fn write_file_atomically(
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

/// Maps `path` (read-only).
pub(super) fn map_file(path: &Path) -> Result<Mmap, EgdbError> {
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
/// entries), maps it and, when `check_payload`, verifies its checksum and entries; the
/// mapping (entries after [`HEADER_BYTES`]).
pub(super) fn open_layer(
    path: &Path,
    game: &str,
    houses: usize,
    layer: u32,
    count: u64,
    check_payload: bool,
) -> Result<Mmap, EgdbError> {
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
    Ok(map)
}

/// Checks that the file `path`, mapped as `map`, is the header block and `count` entries.
pub(super) fn check_payload_size(
    path: &Path,
    map: &[u8],
    layer: u32,
    count: u64,
) -> Result<(), EgdbError> {
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
pub(super) fn check_entries(
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
pub(super) fn read_header(path: &Path, bytes: &[u8], layer: u32) -> Result<LayerHeader, EgdbError> {
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
pub(super) fn read_header_block<H: bincode::Decode<()>>(
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

/// The header of the layer file `path` (of layer 0), read without mapping the file.
pub(super) fn read_header_file(path: &Path) -> Result<LayerHeader, EgdbError> {
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

/// The highest `N` for which `dir/layer-NNN.egdb` or the manifest `dir/layer-NNN.pieces.json`
/// exists (`None` if none does).
pub(super) fn highest_layer_file(dir: &Path) -> Result<Option<u32>, EgdbError> {
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
