//! Endgame databases: values against plain negamax on every position of small layers, the file
//! checks (truncated, corrupted, foreign files), resume and thread-count independence.

mod common;

use common::{files, kalah, oware, tamper_entry};
use mancala::egdb::{
    build, memory_needed, missing_layers, read_build_record, record_build_request, verify_full,
    BuildOptions, BuildRecord, Egdb, EgdbError, LayerReport, Mismatch, MissingLayers,
};
use mancala::search::negamax;
use mancala::Rules;
use std::path::Path;

fn options(max_seeds: u32, threads: usize) -> BuildOptions {
    BuildOptions {
        max_seeds,
        threads: mancala::core::Threads::new(threads).unwrap(),
        memory_limit: 1 << 30,
        checkpoint_every: std::time::Duration::from_secs(600),
        partitioned: false,
    }
}

fn build_quiet<R: Rules>(
    rules: &R,
    dir: &Path,
    max_seeds: u32,
    threads: usize,
) -> Vec<LayerReport> {
    let mut reports = Vec::new();
    build(rules, dir, &options(max_seeds, threads), &(), |r| {
        reports.push(r.clone())
    })
    .unwrap();
    reports
}

/// Every position of every layer: the database entry equals plain negamax (with the repetition
/// rule applied along the path from an empty history) from that position with empty stores.
fn assert_equals_negamax<R: Rules>(rules: &R, max_seeds: u32) -> u64 {
    let dir = tempfile::tempdir().unwrap();
    build_quiet(rules, dir.path(), max_seeds, 2);
    let db = Egdb::open(dir.path(), rules).unwrap();
    assert_eq!(db.max_seeds(), Some(max_seeds));
    let mut checked = 0;
    for n in 0..=max_seeds {
        let size = db.index().layer_size(n).unwrap();
        for rank in 0..size {
            let board = db.index().unrank(n, rank).unwrap();
            let pos = rules.egdb_position(board).unwrap();
            let expected = negamax(rules, &pos, &mut Vec::new());
            assert_eq!(
                db.value(rules, &pos),
                Some(expected),
                "{}: {}",
                rules.spec(),
                rules.format_position(&pos)
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn kalah_layers_equal_negamax() {
    for game in [
        "kalah(houses=2)",
        "kalah(houses=2,capture=empty)",
        "kalah(houses=2,end=mover-empty)",
    ] {
        assert_eq!(assert_equals_negamax(&kalah(game), 10), 1001, "{game}"); // C(14, 4)
    }
    for game in ["kalah(houses=3)", "kalah(houses=3,capture=empty)"] {
        assert_eq!(assert_equals_negamax(&kalah(game), 6), 924, "{game}"); // C(12, 6)
    }
    assert_eq!(assert_equals_negamax(&kalah("kalah(houses=4)"), 4), 495); // C(12, 8)
}

#[test]
fn awari_layers_equal_negamax() {
    for game in [
        "awari(houses=2)",
        "awari(houses=2,grand-slam=capture-all)",
        "awari(houses=2,must-feed=false)",
        "oware(houses=2,repetition=even-split)",
        "oware(houses=2,repetition=even-split,grand-slam=woaley-skip,capture=2-4-6)",
    ] {
        assert_eq!(assert_equals_negamax(&oware(game), 7), 330, "{game}"); // C(11, 4)
    }
    assert_eq!(assert_equals_negamax(&oware("awari(houses=3)"), 4), 210); // C(10, 6)
}

/// Awari (6 houses) layers 0-14 carry the CRC-32 of the files the first builder wrote (a
/// round-based fixpoint over stored move lists, `16 + 8m` bytes per position; replaced by the
/// retrograde counter algorithm): the two algorithms agree byte for byte.
#[test]
fn awari_layers_equal_the_first_builders_files() {
    const FIRST_BUILDER_CRC: [u32; 15] = [
        0xd202ef8d, 0x45443dd0, 0x87290b66, 0xc3958906, 0x38ef9262, 0xb473f263, 0xe01ba003,
        0x8fdb9c59, 0xd10edcaa, 0xd1485d31, 0xa45a943b, 0x7d524bff, 0x8b5dc945, 0x553f7db8,
        0x1fb97bea,
    ];
    let dir = tempfile::tempdir().unwrap();
    build_quiet(&oware("awari"), dir.path(), 14, 2);
    for (n, crc) in FIRST_BUILDER_CRC.into_iter().enumerate() {
        let bytes = std::fs::read(dir.path().join(format!("layer-{n:03}.egdb"))).unwrap();
        assert_eq!(crc32fast::hash(&bytes[256..]), crc, "layer {n}");
    }
}

/// The cyclic builder (and the distributed one) walks the moves that stay in a layer
/// backwards: `egdb_parents` must give exactly the positions (one per move) whose legal moves
/// lead there, as the forward move generator says, for every position of small layers of each
/// rule variant with databases.
#[test]
fn parents_are_the_forward_moves_reversed() {
    let cases = [
        ("awari(houses=2)", 12),
        ("awari(houses=2,grand-slam=capture-all)", 12),
        ("awari(houses=2,grand-slam=forbidden)", 12),
        ("awari(houses=2,must-feed=false)", 12),
        ("awari(houses=3)", 8),
        ("awari(houses=3,skip-origin=false)", 9),
        ("oware(houses=2,repetition=even-split)", 12),
        (
            "oware(houses=3,repetition=even-split,grand-slam=no-capture)",
            8,
        ),
        (
            "oware(houses=2,repetition=even-split,grand-slam=woaley-skip,capture=2-4-6)",
            12,
        ),
        (
            "oware(houses=3,repetition=even-split,grand-slam=woaley-skip)",
            8,
        ),
    ];
    for (game, max_seeds) in cases {
        assert_parents_reverse_moves(&oware(game), game, max_seeds);
    }
    for (game, max_seeds) in [
        ("kalah(houses=2)", 30),
        ("kalah(houses=3)", 9),
        ("kalah(houses=3,capture=empty)", 9),
        ("kalah(houses=3,end=mover-empty)", 9),
        ("kalah(houses=4,capture=empty,end=mover-empty)", 7),
        ("kalah(houses=6)", 5),
    ] {
        assert_parents_reverse_moves(&kalah(game), game, max_seeds);
    }
}

/// Every board of layers `1..=max_seeds`: `egdb_parents` gives the forward moves that stay in
/// the layer, reversed, each once per move.
fn assert_parents_reverse_moves<R: Rules>(rules: &R, game: &str, max_seeds: u32) {
    use mancala::rules::Children;
    use std::collections::HashMap;
    let m = rules.egdb_houses().unwrap();
    let index = mancala::egdb::LayerIndex::new(m);
    let mut moves = 0;
    for n in 1..=max_seeds {
        // Forward: child -> parents, one entry per move.
        let mut forward: HashMap<u128, Vec<u128>> = HashMap::new();
        let size = index.layer_size(n).unwrap();
        index.for_each(n, 0, size, |_, board| {
            let pos = rules.egdb_position(board).unwrap();
            if rules.outcome(&pos).is_some() {
                return;
            }
            let mut children = Children::<R>::new();
            rules.children(&pos, &mut children);
            for c in &children {
                if rules.board_seeds(&c.pos) == n {
                    let child = rules.egdb_board(&c.pos).unwrap();
                    forward.entry(child.0).or_default().push(board.0);
                }
            }
        });
        index.for_each(n, 0, size, |_, child| {
            let mut backward = Vec::new();
            rules.egdb_parents(child, &mut |p| backward.push(p.0));
            backward.sort();
            let mut expected = forward.remove(&child.0).unwrap_or_default();
            expected.sort();
            moves += expected.len();
            assert_eq!(backward, expected, "{game}: parents of {child:?}");
        });
    }
    assert!(moves > 1000, "{game}: {moves} moves checked");
}

#[test]
fn games_without_store_independent_values_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for game in [
        "oware",
        "oware(houses=3,stop-at-majority=true,repetition=even-split)",
    ] {
        let err = build(&oware(game), dir.path(), &options(3, 1), &(), |_| {}).unwrap_err();
        assert!(
            matches!(err, EgdbError::Unsupported { .. }),
            "{game}: {err}"
        );
    }
}

#[test]
fn a_build_beyond_the_memory_limit_is_refused_before_any_work() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("db");
    let mut o = options(24, 1);
    o.memory_limit = 1 << 30;
    let err = build(&kalah("kalah"), &dir, &o, &(), |_| {}).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, EgdbError::TooLarge { .. }), "{text}");
    assert!(text.contains("GiB"), "{text}");
    assert!(!dir.exists(), "nothing was written");
    // C(36, 12) positions up to 24 seeds, plus the largest layer C(35, 11) as working memory.
    assert_eq!(
        memory_needed(6, 24, false),
        Some(1_251_677_700 + 417_225_900)
    );
}

/// Notes a build gives, kept.
#[derive(Default)]
struct Notes(std::sync::Mutex<Vec<String>>);

impl mancala::core::Progress for Notes {
    fn note(&self, text: &str) {
        self.0.lock().unwrap().push(text.to_string());
    }
}

/// A build stopped inside an Awari layer (aborted right after a checkpoint was written) resumes
/// from the checkpoint and writes the same files as a build never interrupted; a damaged
/// checkpoint is ignored and the layer built afresh.
#[test]
fn a_build_killed_inside_a_layer_resumes_from_its_checkpoint() {
    let rules = oware("awari");
    let whole = tempfile::tempdir().unwrap();
    build_quiet(&rules, whole.path(), 14, 2);

    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("awari");
    let crashed = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "egdb",
            "build",
            "awari",
            "--max-seeds",
            "14",
            "--threads",
            "2",
        ])
        .args(["--checkpoint-minutes", "0", "--out"])
        .arg(root.path())
        // The build aborts right after its first checkpoint of layer 14 (a crash at a known
        // point: a kill from here could come after the layer was finished).
        .env("MANCALA_EGDB_CRASH_AFTER", "layer-014.work")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(!crashed.success(), "the build was stopped");
    let work = dir.join("layer-014.work");
    assert!(work.exists(), "a checkpoint of layer 14 was written");
    assert!(
        !dir.join("layer-014.egdb").exists(),
        "killed inside layer 14"
    );

    let notes = Notes::default();
    let mut o = options(14, 2);
    o.checkpoint_every = std::time::Duration::ZERO;
    build(&rules, &dir, &o, &notes, |_| {}).unwrap();
    let notes = notes.0.into_inner().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("layer 14: resumed from")),
        "{notes:?}"
    );
    assert_eq!(files(&dir), files(whole.path()));
    assert!(
        !work.exists(),
        "the checkpoint is removed once the layer is written"
    );

    // A truncated checkpoint is not trusted: the layer starts afresh, to the same bytes.
    std::fs::remove_file(dir.join("layer-014.egdb")).unwrap();
    std::fs::write(&work, b"MNCLWORK truncated").unwrap();
    let notes = Notes::default();
    build(&rules, &dir, &o, &notes, |_| {}).unwrap();
    assert!(notes
        .0
        .into_inner()
        .unwrap()
        .iter()
        .all(|n| !n.contains("resumed")));
    assert_eq!(files(&dir), files(whole.path()));
}

#[test]
fn builds_are_identical_whatever_the_thread_count() {
    {
        let rules = kalah("kalah(houses=4)");
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        build_quiet(&rules, a.path(), 9, 1);
        build_quiet(&rules, b.path(), 9, 2);
        assert_eq!(files(a.path()), files(b.path()));
    }
    let rules = oware("awari(houses=4)");
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    build_quiet(&rules, a.path(), 8, 1);
    build_quiet(&rules, b.path(), 8, 2);
    assert_eq!(files(a.path()), files(b.path()));
}

#[test]
fn an_interrupted_build_resumes_to_identical_files() {
    let rules = oware("awari(houses=3)");
    let whole = tempfile::tempdir().unwrap();
    build_quiet(&rules, whole.path(), 10, 2);

    let part = tempfile::tempdir().unwrap();
    build_quiet(&rules, part.path(), 7, 2);
    // An interruption while layer 8 was written leaves its temporary file; a damaged layer 5
    // (truncated) and layer 6 (one payload byte changed) must be rebuilt, the rest kept.
    std::fs::write(part.path().join("layer-008.egdb.tmp"), b"partial").unwrap();
    let p5 = part.path().join("layer-005.egdb");
    let len = std::fs::metadata(&p5).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&p5)
        .unwrap()
        .set_len(len - 3)
        .unwrap();
    let p6 = part.path().join("layer-006.egdb");
    let mut bytes = std::fs::read(&p6).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&p6, bytes).unwrap();

    // Layer 2 overwritten with garbage.
    std::fs::write(part.path().join("layer-002.egdb"), b"garbage").unwrap();

    let reports = build_quiet(&rules, part.path(), 10, 2);
    let kept: Vec<u32> = reports.iter().filter(|r| r.kept).map(|r| r.layer).collect();
    assert_eq!(kept, vec![0, 1, 3, 4, 7]);
    let replaced: Vec<u32> = reports
        .iter()
        .filter(|r| r.replaced.is_some())
        .map(|r| r.layer)
        .collect();
    assert_eq!(replaced, vec![2, 5, 6]);
    let mut after = files(part.path());
    after.retain(|(name, _)| !name.ends_with(".tmp") || name == "layer-008.egdb.tmp");
    // The stale temporary file was replaced by the complete layer 8.
    assert!(
        after.iter().all(|(name, _)| !name.ends_with(".tmp")),
        "{:?}",
        after.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    assert_eq!(after, files(whole.path()));
}

fn open_err(dir: &Path) -> EgdbError {
    Egdb::open(dir, &kalah("kalah(houses=3)")).unwrap_err()
}

#[test]
fn damaged_and_foreign_files_are_reported_never_trusted() {
    let rules = kalah("kalah(houses=3)");
    let dir = tempfile::tempdir().unwrap();
    build_quiet(&rules, dir.path(), 6, 1);
    let path = |n: u32| dir.path().join(format!("layer-{n:03}.egdb"));
    let original = std::fs::read(path(4)).unwrap();

    // One payload byte changed: checksum mismatch naming the file and the layer.
    let mut bytes = original.clone();
    bytes[300] ^= 0x01;
    std::fs::write(path(4), &bytes).unwrap();
    let err = open_err(dir.path());
    assert!(matches!(err, EgdbError::Checksum { layer: 4, .. }), "{err}");
    assert!(err.to_string().contains("layer-004.egdb"), "{err}");

    // Truncated.
    std::fs::write(path(4), &original[..original.len() - 1]).unwrap();
    let err = open_err(dir.path());
    assert!(
        matches!(err, EgdbError::Truncated { layer: 4, .. }),
        "{err}"
    );

    // Not a database file at all.
    std::fs::write(path(4), b"hello, world").unwrap();
    assert!(matches!(open_err(dir.path()), EgdbError::BadMagic { .. }));

    // A gap.
    std::fs::remove_file(path(4)).unwrap();
    let err = open_err(dir.path());
    assert!(
        matches!(err, EgdbError::MissingLayer { layer: 4, .. }),
        "{err}"
    );
    std::fs::write(path(4), &original).unwrap();
    assert_eq!(Egdb::open(dir.path(), &rules).unwrap().max_seeds(), Some(6));

    // Another game's database: the header's game string is checked.
    let err = Egdb::open(dir.path(), &kalah("kalah(houses=3,capture=empty)")).unwrap_err();
    assert!(matches!(err, EgdbError::GameMismatch { .. }), "{err}");
    // A layer file renamed to another layer.
    std::fs::copy(path(3), path(4)).unwrap();
    let err = open_err(dir.path());
    assert!(
        matches!(err, EgdbError::HeaderMismatch { field: "layer", .. }),
        "{err}"
    );
    // And a build into that directory refuses to overwrite a foreign file.
    let err = build(&rules, dir.path(), &options(6, 1), &(), |_| {}).unwrap_err();
    assert!(matches!(err, EgdbError::HeaderMismatch { .. }), "{err}");

    let empty = tempfile::tempdir().unwrap();
    assert!(matches!(open_err(empty.path()), EgdbError::Empty { .. }));
}

#[test]
fn the_start_seed_count_does_not_change_the_database() {
    let dir = tempfile::tempdir().unwrap();
    build_quiet(&kalah("kalah(houses=3,seeds=2)"), dir.path(), 5, 1);
    let db = Egdb::open(dir.path(), &kalah("kalah(houses=3,seeds=6)")).unwrap();
    assert_eq!(db.game(), "kalah(houses=3)");
}

/// One open database serves many threads: probes in parallel give the sequential answers.
#[test]
fn an_open_database_is_probed_from_many_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    let rules = kalah("kalah(houses=4)");
    let dir = tempfile::tempdir().unwrap();
    build_quiet(&rules, dir.path(), 9, 2);
    let db = Egdb::open(dir.path(), &rules).unwrap();
    shared(&db);
    let index = db.index();
    let boards: Vec<_> = (0..index.layer_size(9).unwrap())
        .map(|r| index.unrank(9, r).unwrap())
        .collect();
    let sequential: Vec<_> = boards.iter().map(|&b| db.board_value(b, 9)).collect();
    let parallel: Vec<_> = std::thread::scope(|s| {
        let halves: Vec<_> = boards
            .chunks(boards.len() / 2 + 1)
            .map(|part| {
                s.spawn(|| {
                    part.iter()
                        .map(|&b| db.board_value(b, 9))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(sequential, parallel);
    assert!(sequential.iter().all(|v| v.is_some()));
}

/// A root the databases cover is answered from them, as `egdb probe` does, without a search
/// (issue 13: a 7-seed Awari position inside a 12-seed database searched for minutes): its
/// value and every move's value are the entries, which equal plain negamax on the small board.
#[test]
fn a_covered_root_is_solved_from_the_databases() {
    use mancala::search::{solve, SolveOptions};
    let rules = oware("awari(houses=3,seeds=2)");
    let dir = tempfile::tempdir().unwrap();
    build_quiet(&rules, dir.path(), 8, 2);
    let db = std::sync::Arc::new(Egdb::open(dir.path(), &rules).unwrap());
    let pos = rules.parse_position("1,0,1/0,1,1 4-4 S").unwrap();
    let options = SolveOptions {
        threads: 2,
        egdb: Some(db.clone()),
        ..Default::default()
    };
    let s = solve(&rules, &pos, &[], &options, &Default::default()).unwrap();
    assert_eq!(s.nodes, 0, "no search");
    let expected = negamax(&rules, &pos, &mut Vec::new());
    assert_eq!(s.value, expected);
    let values = db.move_values(&rules, &pos).unwrap();
    assert_eq!(
        s.moves.iter().map(|m| (m.mv, m.value)).collect::<Vec<_>>(),
        values.to_vec()
    );
    assert_eq!(s.pv, db.principal_variation(&rules, &pos, 1000).unwrap());
    assert!(s.moves.iter().all(|m| m.exact));
}

/// The full check of every entry against the one-step equation, with the first `first`
/// mismatches, on `threads`; and the mismatches counted.
fn full_check<R: Rules>(
    db: &Egdb,
    rules: &R,
    threads: usize,
    first: usize,
) -> (Vec<Mismatch>, u64) {
    let mut counted = 0;
    let threads = mancala::core::Threads::new(threads).unwrap();
    let found = verify_full(db, rules, threads, first, &(), |c| counted += c.mismatches)
        .unwrap()
        .expect("never stopped");
    (found, counted)
}

/// A correct database satisfies the one-step equation everywhere: Kalah (acyclic, with extra
/// turns and captures) and Awari (the even-split fixpoint, with cycles); every position checked.
#[test]
fn correct_databases_satisfy_the_one_step_equation() {
    let dir = tempfile::tempdir().unwrap();
    let rules = kalah("kalah(houses=3)");
    build_quiet(&rules, dir.path(), 10, 2);
    let db = Egdb::open(dir.path(), &rules).unwrap();
    let mut checked = 0;
    let found = verify_full(
        &db,
        &rules,
        mancala::core::Threads::new(2).unwrap(),
        10,
        &(),
        |c| {
            assert_eq!(c.mismatches, 0, "layer {}", c.layer);
            checked += c.positions;
        },
    )
    .unwrap()
    .expect("never stopped");
    assert!(found.is_empty());
    // C(10 + 6, 6) boards of up to 10 seeds in 6 houses (the hockey-stick identity).
    assert_eq!(checked, 8008);

    let dir = tempfile::tempdir().unwrap();
    let rules = oware("awari(houses=4)");
    build_quiet(&rules, dir.path(), 10, 2);
    let db = Egdb::open(dir.path(), &rules).unwrap();
    assert_eq!(full_check(&db, &rules, 2, 10), (Vec::new(), 0));
}

/// One entry changed with its checksum fixed: the database opens (headers and checksums pass)
/// and the full check finds exactly that entry, its equation giving the entry it had.
#[test]
fn the_full_check_finds_a_changed_entry() {
    let dir = tempfile::tempdir().unwrap();
    let rules = kalah("kalah(houses=3)");
    build_quiet(&rules, dir.path(), 9, 2);
    // 2,1,1/1,2,2 (9 seeds, the top layer): every house holds seeds and 9 seeds cannot lap the
    // board, so no move leads to it (a move empties its house) and no other equation reads it.
    let pos = rules.parse_position("2,1,1/1,2,2 8-7 S").unwrap();
    let board = rules.egdb_board(&pos).unwrap();
    let rank = mancala::egdb::LayerIndex::new(3).rank(board);
    let (before, after) = tamper_entry(dir.path(), 9, rank);
    let db = Egdb::open(dir.path(), &rules).unwrap();
    let expected = Mismatch {
        layer: 9,
        rank,
        position: "2,1,1/1,2,2 0-0 S".into(),
        stored: after as i32,
        checked: before as i32,
    };
    assert_eq!(full_check(&db, &rules, 2, 10), (vec![expected], 1));

    // Awari: a changed entry of a cyclic layer is found (its parents in the layer may fail
    // too, when the change alters their best move).
    let dir = tempfile::tempdir().unwrap();
    let rules = oware("awari(houses=3)");
    build_quiet(&rules, dir.path(), 8, 2);
    let (before, after) = tamper_entry(dir.path(), 8, 40);
    let db = Egdb::open(dir.path(), &rules).unwrap();
    let (found, _) = full_check(&db, &rules, 2, usize::MAX);
    assert!(
        found
            .iter()
            .any(|m| (m.layer, m.rank, m.stored, m.checked) == (8, 40, after as i32, before as i32)),
        "{found:?}"
    );
}

/// The first failures are those of layer and rank order, and the counts are the same, whatever
/// the thread count.
#[test]
fn the_first_failures_do_not_depend_on_the_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let rules = kalah("kalah(houses=4)");
    build_quiet(&rules, dir.path(), 9, 2);
    for layer in [5, 7, 9] {
        let size = mancala::egdb::LayerIndex::new(4).layer_size(layer).unwrap();
        for k in 0..15 {
            tamper_entry(dir.path(), layer, k * (size / 15) + 3);
        }
    }
    let db = Egdb::open(dir.path(), &rules).unwrap();
    let (all, counted) = full_check(&db, &rules, 1, usize::MAX);
    assert_eq!(all.len() as u64, counted);
    assert!(counted >= 45, "{counted}");
    let mut sorted = all.clone();
    sorted.sort_by_key(|m| (m.layer, m.rank));
    assert_eq!(all, sorted);
    for threads in [1, 2, 3] {
        let (first, n) = full_check(&db, &rules, threads, 10);
        assert_eq!(
            (first.as_slice(), n),
            (&all[..10], counted),
            "{threads} threads"
        );
    }
}

/// A build records what it was asked for; the layers a directory lacks against that record
/// are named; a record of another game or a file that is not one is refused.
#[test]
fn the_build_record_names_the_missing_layers() {
    let rules = kalah("kalah(houses=3)");
    let dir = tempfile::tempdir().unwrap();
    build_quiet(&rules, dir.path(), 6, 1);
    let record = BuildRecord {
        game: "kalah(houses=3)".into(),
        max_seeds: 6,
    };
    assert_eq!(read_build_record(dir.path()).unwrap(), Some(record.clone()));
    let db = Egdb::open(dir.path(), &rules).unwrap();
    assert_eq!(db.missing_layers().unwrap(), None);
    // A build killed while it wrote layers 5 and 6.
    for n in [5, 6] {
        std::fs::remove_file(dir.path().join(mancala::egdb::layer_file(n))).unwrap();
    }
    let db = Egdb::open(dir.path(), &rules).unwrap();
    let missing = db.missing_layers().unwrap().unwrap();
    assert_eq!(missing, MissingLayers { first: 5, last: 6 });
    assert!(missing
        .to_string()
        .starts_with("layers 5-6 missing: the last build asked for --max-seeds 6"));
    assert!(MissingLayers { first: 6, last: 6 }
        .to_string()
        .starts_with("layer 6 missing: "));
    // A later build asked for fewer layers: none is missing.
    build_quiet(&rules, dir.path(), 4, 1);
    assert_eq!(
        missing_layers(dir.path(), "kalah(houses=3)", 5).unwrap(),
        None
    );

    // Another game's record request is refused before it replaces the record.
    let err = record_build_request(dir.path(), "kalah(capture=empty,houses=3)", 9).unwrap_err();
    assert!(matches!(err, EgdbError::GameMismatch { .. }), "{err}");
    assert!(err.to_string().contains("layer-000.egdb"), "{err}");
    assert_eq!(read_build_record(dir.path()).unwrap().unwrap().max_seeds, 4);
    // A record of another game than the layers'.
    std::fs::write(
        dir.path().join("BUILD.json"),
        r#"{"game":"awari(houses=3)","max_seeds":9}"#,
    )
    .unwrap();
    let err = Egdb::open(dir.path(), &rules)
        .unwrap()
        .missing_layers()
        .unwrap_err();
    assert!(matches!(err, EgdbError::GameMismatch { .. }), "{err}");
    // Not a record.
    std::fs::write(dir.path().join("BUILD.json"), "[1, 2]").unwrap();
    let err = read_build_record(dir.path()).unwrap_err();
    assert!(matches!(err, EgdbError::BadRecord { .. }), "{err}");
    // No record: an older database, nothing can be said.
    std::fs::remove_file(dir.path().join("BUILD.json")).unwrap();
    assert_eq!(read_build_record(dir.path()).unwrap(), None);
    assert_eq!(
        Egdb::open(dir.path(), &rules)
            .unwrap()
            .missing_layers()
            .unwrap(),
        None
    );
}
