//! The retrograde builder: layers bottom-up, in parallel, resumable.
//!
//! Layer `n` is built from the layers below it (moves that capture or sow into a store leave
//! it) and from itself (moves that only carry seeds along the houses stay in it).
//!
//! * **Acyclic layers** (games that cannot repeat, Kalah): each position is solved once, depth
//!   first: a move that stays in the layer leads to a position solved first (and remembered).
//!   Moves in a Kalah layer carry seeds towards the mover's store, so the recursion ends.
//! * **Cyclic layers** (Awari): the threshold fixpoint of [`super::cyclic`], about two bytes
//!   of working memory per position, checkpointed inside the layer.
//!
//! Values do not depend on the order in which positions are visited, so layers are identical
//! byte for byte whatever the thread count, and a resumed build writes the same files.

use super::cluster::{Cluster, Partition, Single};
use super::cyclic::{
    checkpoint_files, checkpoint_fits, work_name, working_bytes, Checkpoints, Exchanged, LeanLayer,
};
use super::format::{
    layer_file, manifest_file, piece_file, write_chunks, write_layer, write_layer_known,
    WRITE_CHUNK,
};
use super::pieces::{
    combined_checksum, remove_pieces, remove_pieces_but, write_manifest, write_piece,
    ManifestPiece, PieceManifest, PieceSpec,
};
use super::{Egdb, EgdbError, Hold, LayerIndex, MAX_LAYER_SEEDS};
use crate::core::{Board, Progress, Threads};
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicI8, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Build layers `0..=max_seeds`.
    pub max_seeds: u32,
    /// Worker threads (of each process, in a distributed build).
    pub threads: Threads,
    /// Most memory the build may use, in bytes ([`memory_needed`] is checked against it first;
    /// in a distributed build, per process).
    pub memory_limit: u64,
    /// Least time between two checkpoints of a cyclic layer being solved (a build interrupted
    /// inside such a layer resumes from its last checkpoint).
    pub checkpoint_every: std::time::Duration,
    /// Distributed builds: each process holds and writes its own range of every layer (the
    /// pieces of [`super::pieces`]) and asks the others for the entries it does not hold,
    /// instead of every process mapping every lower layer whole. Ignored by a single-process
    /// build ([`build`]).
    pub partitioned: bool,
}

/// What happened to one layer.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LayerReport {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions in the layer.
    pub positions: u64,
    /// Wall time to build it, seconds (0 if it was kept).
    pub seconds: f64,
    /// Rounds of the fixpoint (1 for acyclic layers; 0 if the layer was kept).
    pub rounds: u32,
    /// The file was already complete and verified, and was kept.
    pub kept: bool,
    /// Bytes of the builder's working arrays for this layer (0 if it was kept; in a distributed
    /// build, of the process with the largest range).
    #[serde(default)]
    pub working_bytes: u64,
    /// Peak resident memory of the process while building the layer, bytes (Linux's `VmHWM`,
    /// reset before the layer; it counts the pages of the lower layers' files read through the
    /// memory maps); `None` if it was kept or the system does not say. In a distributed build,
    /// the largest over the processes.
    #[serde(default)]
    pub peak_rss_bytes: Option<u64>,
    /// Why an existing file was rebuilt (it failed verification).
    pub replaced: Option<String>,
    /// Distributed builds: what the processes sent each other for this layer (`None` in a
    /// single-process build or if the layer was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<LayerExchange>,
}

/// What the processes of a distributed build sent each other for one layer.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LayerExchange {
    /// Processes (MPI ranks).
    pub processes: u32,
    /// Rounds of all-to-all exchange of parent updates, over every level of the layer.
    pub rounds: u64,
    /// Parent updates sent from one process to another, all processes together.
    pub updates: u64,
    /// Bytes of those updates (8 each).
    pub update_bytes: u64,
    /// Bytes of the layer's entries sent by the processes to the processes that write the file
    /// (one per node, or one for a shared directory), all processes together (0 in a
    /// partitioned build: each process writes its own piece).
    pub gather_bytes: u64,
    /// Partitioned builds: requests for the entry of a move's child in a lower layer that
    /// another process holds, all processes together.
    #[serde(default)]
    pub child_requests: u64,
    /// Bytes of those requests (8 each: layer and rank).
    #[serde(default)]
    pub request_bytes: u64,
    /// Bytes of the answers (one a request, sent in 8-byte words per process asked).
    #[serde(default)]
    pub answer_bytes: u64,
    /// Peak resident memory of each process while building the layer, bytes (Linux's
    /// `VmHWM`; 0 where the system does not say). Processes on one machine share the pages of
    /// the mapped lower layers, which each counts.
    pub peak_rss_per_process: Vec<u64>,
}

/// Bytes a build of layers `0..=max_seeds` of a game with `houses` houses per player needs:
/// every layer mapped, plus the working arrays of the largest: one byte per position for
/// acyclic games, two for cyclic ones (exit or value, counts, decided bit).
pub fn memory_needed(houses: usize, max_seeds: u32, cyclic: bool) -> Option<u64> {
    memory_per_process(houses, max_seeds, cyclic, 1, false)
}

/// [`memory_needed`] for each of `processes` processes of a distributed build (`lean`: with
/// the two-byte cells of the threshold fixpoint, which a distributed build uses for every
/// game; `partitioned`: each process maps its own range of each layer, not every layer).
fn memory_per_process(
    houses: usize,
    max_seeds: u32,
    lean: bool,
    processes: usize,
    partitioned: bool,
) -> Option<u64> {
    let index = LayerIndex::new(houses);
    let mut total = 0u64;
    for n in 0..=max_seeds {
        let size = index.layer_size(n)?;
        total = total.checked_add(if partitioned {
            size.div_ceil(processes as u64)
        } else {
            size
        })?;
    }
    let largest = index.layer_size(max_seeds)?.div_ceil(processes as u64);
    let working = if lean {
        working_bytes(largest)
    } else {
        largest
    };
    total.checked_add(working)
}

/// Builds (or completes) the database of `rules` in `dir` up to `options.max_seeds` seeds and
/// returns it open. Layers already in `dir` that verify (header and checksum) are kept; a layer
/// file that is truncated or fails its checksum is rebuilt; files are written to a temporary
/// name and renamed when complete. `report` is called after each layer; `progress` hears of
/// each layer as a phase of positions.
///
/// # Errors
/// [`EgdbError::Unsupported`] for games without databases; [`EgdbError::TooLarge`] before any
/// work if the layers exceed [`MAX_LAYER_SEEDS`] or the memory limit; [`EgdbError::Io`] if a
/// file cannot be written; a header error if `dir` holds another game's files.
pub fn build<R: Rules>(
    rules: &R,
    dir: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
    report: impl FnMut(&LayerReport),
) -> Result<Egdb, EgdbError> {
    build_on(rules, dir, options, progress, report, &Single)
}

/// [`build`] on the processes of `cluster`, each with its range of every layer
/// ([`Partition`]): every process maps every lower layer; the processes that write the files
/// ([`writers`]) get the entries of the others. A layer is kept only if every process finds
/// it complete. Collective: every process calls it with the same arguments; a process that
/// fails returns its error while the others may wait (the caller stops the job).
pub(super) fn build_on<R: Rules>(
    rules: &R,
    dir: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
    mut report: impl FnMut(&LayerReport),
    cluster: &dyn Cluster,
) -> Result<Egdb, EgdbError> {
    let mut db = Egdb::empty(dir, rules)?;
    let n_max = options.max_seeds;
    let processes = cluster.ranks();
    let partitioned = options.partitioned && processes > 1;
    // A process given another game or other layers would wait for collectives the others
    // never make (or make others): check first.
    agree(
        cluster,
        &format!(
            "`{}` layers 0..={n_max}{} (mancala {})",
            db.game(),
            if partitioned { ", partitioned" } else { "" },
            env!("CARGO_PKG_VERSION")
        ),
    )?;
    if n_max > MAX_LAYER_SEEDS {
        return Err(EgdbError::TooLarge {
            what: format!(
                "--max-seeds {n_max}: a database entry is one signed byte, so layers go up to {MAX_LAYER_SEEDS} seeds"
            ),
        });
    }
    // The threshold fixpoint serves every game; depth first (one byte per position, faster)
    // needs the whole layer in one process.
    let lean = R::CAN_REPEAT || processes > 1;
    let needed =
        memory_per_process(db.houses(), n_max, lean, processes, partitioned).unwrap_or(u64::MAX);
    // The pieces a process maps: its own in a partitioned build (every piece of a layer in
    // another number of pieces), else every layer whole.
    let hold = if partitioned {
        Hold::Own {
            rank: cluster.rank(),
            processes,
        }
    } else {
        Hold::All
    };
    if needed > options.memory_limit {
        return Err(EgdbError::TooLarge {
            what: format!(
                "layers 0..={n_max} of {} need {} of memory{}, more than the limit of {} (--memory-limit)",
                db.game(),
                human_bytes(needed),
                if processes > 1 { " per process" } else { "" },
                human_bytes(options.memory_limit)
            ),
        });
    }
    if dir.exists() && !dir.is_dir() {
        return Err(EgdbError::Io {
            path: dir.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "a file, not a directory (the database goes to the directory OUT/<game>)",
            ),
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| EgdbError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let pool = options.threads.pool().map_err(|e| EgdbError::Threads {
        threads: options.threads.get(),
        reason: e.to_string(),
    })?;
    // Temporary files left by an interrupted build are incomplete by construction.
    for n in 0..=n_max {
        for name in [
            layer_file(n),
            work_name(n, cluster),
            manifest_file(n),
            piece_file(n, cluster.rank(), processes),
        ] {
            let _ = std::fs::remove_file(dir.join(format!("{name}.tmp")));
        }
    }
    cluster.barrier();
    let writers = writers(dir, cluster)?;
    let writer = writers.contains(&cluster.rank());
    // One process per directory records what the build was asked for.
    if writer {
        super::record_build_request(dir, db.game(), n_max)?;
    }
    for n in 0..=n_max {
        cluster.building(db.game(), n);
        let positions = db
            .index
            .layer_size(n)
            .expect("checked against MAX_LAYER_SEEDS");
        let mut replaced = None;
        let mut existing = None;
        match db.open_stored(n, true, hold) {
            Ok(layer) => existing = Some(layer),
            Err(EgdbError::MissingLayer { .. }) => {}
            // A damaged layer file or piece is rebuilt; a layer of another game or format
            // version, or a file that cannot be read, stops the build rather than be
            // overwritten.
            Err(
                e @ (EgdbError::Truncated { .. }
                | EgdbError::Checksum { .. }
                | EgdbError::BadEntry { .. }
                | EgdbError::BadMagic { .. }
                | EgdbError::BadHeader { .. }
                | EgdbError::MissingPiece { .. }
                | EgdbError::BadManifest { .. }),
            ) => replaced = Some(e.to_string()),
            Err(e) => return Err(e),
        }
        // Why a process rebuilds it (a damaged piece is seen by its own process alone).
        if processes > 1 {
            let reasons = cluster.all_gather_bytes(replaced.as_deref().unwrap_or("").as_bytes());
            let reasons: Vec<String> = reasons
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.is_empty())
                .map(|(r, why)| format!("process {r}: {}", String::from_utf8_lossy(why)))
                .collect();
            replaced = (!reasons.is_empty()).then(|| reasons.join("; "));
        }
        // Kept if every process has it (with node-local directories, some may not).
        if cluster.all(existing.is_some()) {
            db.layers
                .push(Arc::new(existing.expect("every process has it")));
            if writer {
                remove_checkpoints(dir, n);
            }
            report(&LayerReport {
                layer: n,
                positions,
                seconds: 0.0,
                rounds: 0,
                kept: true,
                replaced: None,
                working_bytes: 0,
                peak_rss_bytes: None,
                exchange: None,
            });
            continue;
        }
        drop(existing);
        let started = Instant::now();
        reset_peak_rss();
        let working_bytes = if lean {
            working_bytes(positions.div_ceil(processes as u64))
        } else {
            positions
        };
        // (Not layer 0, one position: the job's first note follows its report.)
        if processes > 1 && n > 0 {
            progress.note(&format!(
                "layer {n:>3}: building on {processes} processes ({positions} positions)"
            ));
        }
        let foreign: Vec<String> = checkpoint_files(dir, n)
            .into_iter()
            .filter(|name| !checkpoint_fits(name, n, processes))
            .collect();
        if !foreign.is_empty() {
            progress.note(&format!(
                "layer {n:>3}: checkpoints {} were written by another number of processes \
                 than {processes}: not used (removed once the layer is written)",
                foreign.join(", ")
            ));
        }
        progress.start(&format!("layer {n}"), Some(positions));
        let (game, houses) = (db.game(), db.houses());
        let (rounds, exchanged, gathered) = pool.install(|| -> Result<_, EgdbError> {
            if lean {
                let mut layer = LeanLayer::new(rules, &db, n, dir, progress, cluster, partitioned)?;
                let checkpoints = Checkpoints {
                    dir,
                    every: options.checkpoint_every,
                };
                let rounds = layer.solve(&checkpoints)?;
                progress.finish();
                let gathered = if partitioned {
                    write_pieces(&layer, &db, dir, n, cluster, writer)?;
                    0
                } else {
                    write_ranges(&layer, &db, dir, n, cluster, &writers)?
                };
                // The file is complete (renamed) before any checkpoint goes.
                cluster.barrier();
                layer.forget_checkpoint(dir);
                Ok((rounds, layer.exchanged, gathered))
            } else {
                let builder = LayerBuilder {
                    rules,
                    db: &db,
                    n,
                    progress,
                };
                let values = builder.acyclic();
                progress.finish();
                write_layer(dir, game, houses, n, &values)?;
                Ok((1, Exchanged::default(), 0))
            }
        })?;
        if writer {
            db.layers.push(Arc::new(db.open_stored(n, false, hold)?));
            remove_checkpoints(dir, n);
            if !partitioned {
                // A layer once in pieces (a partitioned build's) is now one file.
                remove_pieces(dir, n);
            }
        } else {
            // Another process wrote the file or the manifest: read what this process holds
            // and check it (a shared file system may show the new file a little late).
            let layer = open_written(&db, n, hold)?;
            db.layers.push(Arc::new(layer));
        }
        let peak = peak_rss();
        let mut exchange = None;
        if processes > 1 {
            let peaks = cluster.all_gather(&[peak.unwrap_or(0)]);
            exchange = Some(LayerExchange {
                processes: processes as u32,
                rounds: exchanged.rounds,
                updates: exchanged.updates,
                update_bytes: 8 * exchanged.updates,
                gather_bytes: cluster.sum(gathered),
                child_requests: exchanged.requests,
                request_bytes: 8 * exchanged.requests,
                answer_bytes: exchanged.answer_bytes,
                peak_rss_per_process: peaks,
            });
        }
        report(&LayerReport {
            layer: n,
            positions,
            seconds: started.elapsed().as_secs_f64(),
            rounds,
            kept: false,
            replaced,
            working_bytes,
            peak_rss_bytes: match &exchange {
                Some(e) => e.peak_rss_per_process.iter().copied().max(),
                None => peak,
            },
            exchange,
        });
    }
    Ok(db)
}

/// Removes every checkpoint file of layer `n` in `dir` (of any number of processes: it is
/// complete).
fn remove_checkpoints(dir: &Path, n: u32) {
    for name in checkpoint_files(dir, n) {
        let _ = std::fs::remove_file(dir.join(name));
    }
}

/// Checks that every process of `cluster` was given the same `build` (a description of the
/// game and layers): else [`EgdbError::Processes`] on every process, naming which process was
/// given what. Collective.
fn agree(cluster: &dyn Cluster, build: &str) -> Result<(), EgdbError> {
    if cluster.ranks() == 1 {
        return Ok(());
    }
    let all = cluster.all_gather_bytes(build.as_bytes());
    if all.iter().all(|b| *b == all[0]) {
        return Ok(());
    }
    Err(EgdbError::Processes {
        what: disagreement(&all),
    })
}

/// `process 0: X; processes 1, 2: Y`: the distinct values of `all` (one per process, in
/// process order), each with the processes that gave it (at most 8 named).
fn disagreement(all: &[Vec<u8>]) -> String {
    let mut groups: Vec<(&[u8], Vec<usize>)> = Vec::new();
    for (r, b) in all.iter().enumerate() {
        match groups.iter_mut().find(|g| g.0 == &b[..]) {
            Some(g) => g.1.push(r),
            None => groups.push((b, vec![r])),
        }
    }
    let groups: Vec<String> = groups
        .iter()
        .map(|(b, ranks)| {
            let mut named: Vec<String> = ranks.iter().take(8).map(usize::to_string).collect();
            if ranks.len() > 8 {
                named.push(format!("... ({} in all)", ranks.len()));
            }
            format!(
                "process{} {}: {}",
                if ranks.len() > 1 { "es" } else { "" },
                named.join(", "),
                String::from_utf8_lossy(b)
            )
        })
        .collect();
    groups.join("; ")
}

/// The processes that write the layer files: the first process of each group that sees the
/// same directory (one for a directory shared by every machine, one per machine for
/// node-local directories). Each process leaves a probe file named for this build in `dir`
/// and looks for the probes of the processes before it (by name, which a shared file system
/// checks with its server). Collective.
fn writers(dir: &Path, cluster: &dyn Cluster) -> Result<Vec<usize>, EgdbError> {
    if cluster.ranks() == 1 {
        return Ok(vec![0]);
    }
    let rank = cluster.rank();
    let mine = if rank == 0 {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ (std::process::id() as u64) << 32
    } else {
        0
    };
    let token = cluster.all_gather(&[mine])[0];
    let probe = |r: usize| dir.join(format!(".probe-{token:016x}-{r}"));
    std::fs::write(probe(rank), b"").map_err(|source| EgdbError::Io {
        path: probe(rank),
        source,
    })?;
    cluster.barrier();
    let writer = (0..rank).all(|r| !probe(r).exists());
    cluster.barrier();
    let _ = std::fs::remove_file(probe(rank));
    let flags = cluster.all_gather(&[writer as u64]);
    Ok((0..flags.len()).filter(|&r| flags[r] == 1).collect())
}

/// Writes layer `n` from the processes' ranges of `layer`: the checksum combined from each
/// range's, then the entries piece by piece to each writer, which writes the file (to a
/// temporary name, renamed when complete). Returns the bytes this process sent to other
/// processes. Collective.
fn write_ranges<R: Rules>(
    layer: &LeanLayer<R>,
    db: &Egdb,
    dir: &Path,
    n: u32,
    cluster: &dyn Cluster,
    writers: &[usize],
) -> Result<u64, EgdbError> {
    let positions = db.index.layer_size(n).expect("layer within range");
    let (rank, processes) = (cluster.rank(), cluster.ranks());
    let partition = Partition::new(positions, processes);
    let mine = partition.range(rank);
    let mut buf = vec![0u8; WRITE_CHUNK.min(mine.end - mine.start) as usize];
    let ranges = cluster.all_gather(&[range_checksum(layer, &mine) as u64, mine.end - mine.start]);
    let mut whole = crc32fast::Hasher::new();
    for range in ranges.chunks(2) {
        whole.combine(&crc32fast::Hasher::new_with_initial_len(
            range[0] as u32,
            range[1],
        ));
    }
    let mut sent = 0u64;
    // Every process runs this for every piece, in order: each writer gets the piece.
    let mut exchange = |start: u64, len: usize, into: &mut [u8]| {
        let end = start + len as u64;
        let overlap = |r: std::ops::Range<u64>| end.min(r.end).saturating_sub(start.max(r.start));
        let own = overlap(mine.clone()) as usize;
        if own > 0 {
            layer.values(start.max(mine.start), &mut buf[..own]);
        }
        let counts: Vec<usize> = (0..processes)
            .map(|r| overlap(partition.range(r)) as usize)
            .collect();
        for &w in writers {
            if w == rank {
                cluster.gather_bytes(w, &buf[..own], &counts, into);
            } else {
                cluster.gather_bytes(w, &buf[..own], &counts, &mut []);
                sent += own as u64;
            }
        }
    };
    if writers.contains(&rank) {
        let (game, houses) = (db.game(), db.houses());
        let checksum = whole.finalize();
        write_layer_known(dir, game, houses, n, positions, checksum, |start, into| {
            exchange(start, into.len(), into)
        })?;
    } else {
        for (start, len) in write_chunks(positions) {
            exchange(start, len, &mut []);
        }
    }
    Ok(sent)
}

/// The CRC-32 of the values of `range` (this process's) of `layer`.
fn range_checksum<R: Rules>(layer: &LeanLayer<R>, range: &std::ops::Range<u64>) -> u32 {
    let mut buf = vec![0u8; WRITE_CHUNK.min(range.end - range.start) as usize];
    let mut crc = crc32fast::Hasher::new();
    for (start, len) in write_chunks(range.end - range.start) {
        layer.values(range.start + start, &mut buf[..len]);
        crc.update(&buf[..len]);
    }
    crc.finalize()
}

/// Writes this process's piece of layer `n` from its range of `layer`; then the writers (one
/// per directory) write the manifest, once every piece is written, and remove a layer file of
/// an earlier build (damaged, or it would have been kept). Collective.
fn write_pieces<R: Rules>(
    layer: &LeanLayer<R>,
    db: &Egdb,
    dir: &Path,
    n: u32,
    cluster: &dyn Cluster,
    writer: bool,
) -> Result<(), EgdbError> {
    let (rank, processes) = (cluster.rank(), cluster.ranks());
    let spec = PieceSpec {
        game: db.game(),
        houses: db.houses(),
        layer: n,
        layer_count: db.index.layer_size(n).expect("layer within range"),
        piece: rank,
        pieces: processes,
    };
    let range = spec.range();
    let len = range.end - range.start;
    let checksum = range_checksum(layer, &range);
    if writer {
        // The manifest goes first: until the new one is written, the layer is not there.
        let _ = std::fs::remove_file(dir.join(manifest_file(n)));
    }
    cluster.barrier();
    write_piece(dir, &spec, checksum, |start, into| {
        layer.values(range.start + start, into)
    })?;
    let all = cluster.all_gather(&[checksum as u64, len]);
    if writer {
        let _ = std::fs::remove_file(dir.join(layer_file(n)));
        let split = Partition::new(spec.layer_count, processes);
        let manifest = PieceManifest {
            game: db.game().to_string(),
            houses: db.houses() as u8,
            layer: n,
            count: spec.layer_count,
            checksum: combined_checksum(all.chunks(2).map(|c| (c[0] as u32, c[1]))),
            pieces: all
                .chunks(2)
                .enumerate()
                .map(|(k, c)| ManifestPiece {
                    file: piece_file(n, k, processes),
                    first: split.range(k).start,
                    count: c[1],
                    checksum: c[0] as u32,
                })
                .collect(),
        };
        write_manifest(dir, &manifest)?;
        // Pieces of an earlier build by another number of processes are not the layer's.
        remove_pieces_but(dir, n, Some(processes));
    }
    cluster.barrier();
    Ok(())
}

/// Opens what this process holds of layer `n` (as `hold` says), which another process has
/// just finished writing, checking it; a shared file system may show it late or stale, so this
/// tries for up to two minutes.
fn open_written(db: &Egdb, n: u32, hold: Hold) -> Result<super::Layer, EgdbError> {
    let started = Instant::now();
    loop {
        match db.open_stored(n, true, hold) {
            Ok(layer) => return Ok(layer),
            Err(e) if started.elapsed() > Duration::from_secs(120) => return Err(e),
            Err(_) => std::thread::sleep(Duration::from_millis(200)),
        }
    }
}

/// Resets the peak resident memory the kernel keeps for this process (Linux:
/// `/proc/self/clear_refs`; elsewhere nothing).
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak resident memory of this process since the last reset, bytes (Linux's `VmHWM`).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `1.5 GiB`-style text for a byte count.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if bytes == 1 {
        "1 byte".to_string()
    } else if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Positions handed to one task at a time.
const CHUNK: u64 = 1 << 14;
/// Not yet solved (values lie in `-127..=127`).
const UNKNOWN: i8 = i8::MIN;
/// No move leaves the layer.
const NO_EXIT: i32 = i32::MIN;

/// A move that stays in the layer: the child's rank and whether the same side moves there.
#[derive(Clone, Copy)]
struct Inside {
    rank: u64,
    board: Board,
    same_side: bool,
}

/// A position's moves, split into those that leave the layer (their best value) and those that
/// stay in it.
struct Expanded {
    /// The value if the game is over.
    terminal: Option<i32>,
    /// Best value, from the mover, over moves that leave the layer ([`NO_EXIT`] if none).
    best_exit: i32,
    inside: ArrayVec<Inside, MAX_CHILDREN>,
}

struct LayerBuilder<'a, R: Rules> {
    rules: &'a R,
    /// Layers `0..n`.
    db: &'a Egdb,
    n: u32,
    progress: &'a dyn Progress,
}

impl<R: Rules> LayerBuilder<'_, R> {
    fn index(&self) -> &LayerIndex {
        &self.db.index
    }

    /// The moves of the layer position `board`; moves that leave the layer are looked up in the
    /// layers below when `exits` (else `best_exit` is not computed).
    #[inline]
    fn expand(&self, board: Board, exits: bool) -> Expanded {
        let rules = self.rules;
        let pos = rules
            .egdb_position(board)
            .expect("games with databases map boards to positions");
        let mut out = Expanded {
            terminal: None,
            best_exit: NO_EXIT,
            inside: ArrayVec::new(),
        };
        // The position's stores are empty, so its value is what the board brings.
        if let Some(o) = rules.outcome(&pos) {
            out.terminal = Some(o.value());
            return out;
        }
        let mut children = Children::<R>::new();
        rules.children(&pos, &mut children);
        let side = rules.side_to_move(&pos);
        for c in &children {
            let same_side = rules.side_to_move(&c.pos) == side;
            let seeds = rules.board_seeds(&c.pos);
            let child_board = rules.egdb_board(&c.pos).expect("games with databases");
            if seeds == self.n {
                out.inside.push(Inside {
                    rank: self.index().rank(child_board),
                    board: child_board,
                    same_side,
                });
            } else if exits {
                let v = rules.store_difference(&c.pos)
                    + self
                        .db
                        .board_value(child_board, seeds)
                        .expect("lower layers are built first");
                out.best_exit = out.best_exit.max(if same_side { v } else { -v });
            }
        }
        out
    }

    /// Runs `f(rank, board)` over the whole layer in parallel chunks, telling `progress`.
    fn par_for_each(&self, f: impl Fn(u64, Board) + Sync) {
        let size = self.index().layer_size(self.n).expect("layer within range");
        let chunks = size.div_ceil(CHUNK);
        (0..chunks).into_par_iter().for_each(|c| {
            let (lo, hi) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            self.index().for_each(self.n, lo, hi, &f);
            self.progress.add(hi - lo);
        });
    }

    /// Solves an acyclic layer depth first.
    fn acyclic(&self) -> Vec<u8> {
        let size = self.index().layer_size(self.n).expect("layer within range") as usize;
        let values: Vec<AtomicI8> = (0..size)
            .into_par_iter()
            .map(|_| AtomicI8::new(UNKNOWN))
            .collect();
        self.par_for_each(|rank, board| {
            if values[rank as usize].load(Relaxed) == UNKNOWN {
                let v = self.solve_acyclic(&values, board);
                values[rank as usize].store(v, Relaxed);
            }
        });
        values.into_iter().map(|v| v.into_inner() as u8).collect()
    }

    fn solve_acyclic(&self, values: &[AtomicI8], board: Board) -> i8 {
        let e = self.expand(board, true);
        if let Some(v) = e.terminal {
            return v as i8;
        }
        let mut best = e.best_exit;
        for c in &e.inside {
            let mut v = values[c.rank as usize].load(Relaxed);
            if v == UNKNOWN {
                v = self.solve_acyclic(values, c.board);
                values[c.rank as usize].store(v, Relaxed);
            }
            let v = v as i32;
            best = best.max(if c.same_side { v } else { -v });
        }
        best as i8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disagreement_names_each_process_and_what_it_was_given() {
        let all: Vec<Vec<u8>> = ["a", "b", "a", "a"].map(|s| s.as_bytes().to_vec()).into();
        assert_eq!(disagreement(&all), "processes 0, 2, 3: a; process 1: b");
        let mut many = vec![b"x".to_vec(); 10];
        many.push(b"y".to_vec());
        assert_eq!(
            disagreement(&many),
            "processes 0, 1, 2, 3, 4, 5, 6, 7, ... (10 in all): x; process 10: y"
        );
    }
}
