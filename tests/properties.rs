//! Property tests: seeds are conserved by every move, position text and game strings round-trip
//! exactly, and the legal-move list is empty exactly when the game is over.

mod common;
use common::*;
use mancala::core::{Pits, WideBoard};
use mancala::rules::spec::GameSpec;
use mancala::rules::{Ajwa, Cups, Kalah, Oware};
use mancala::{Line, Rules, Side, Status};
use proptest::prelude::*;

/// Plays the move choices `choices` (each taken modulo the number of legal moves) and checks
/// every position on the way.
fn play_and_check<R, B: Pits>(
    rules: &R,
    m: usize,
    total: u32,
    choices: &[usize],
) -> Result<(), TestCaseError>
where
    R: Rules<Position = mancala::TwoRowPosition<B>>,
{
    let mut line: Line<R> = Line::new(rules.start());
    for &k in choices {
        let pos: mancala::TwoRowPosition<B> = *line.current();
        // Seeds not in a store (Cups: in bowls and hands) plus both stores.
        let seeds: u32 = rules.board_seeds(&pos) + pos.store(Side::South) + pos.store(Side::North);
        prop_assert!(rules.board_seeds(&pos) >= pos.absolute_houses(m).iter().sum::<u32>());
        prop_assert_eq!(
            seeds,
            total,
            "seed total at {}",
            rules.format_position(&pos)
        );
        let text = rules.format_position(&pos);
        prop_assert_eq!(
            rules.parse_position(&text).unwrap(),
            pos,
            "round trip of {}",
            text
        );
        let children = line.children(rules);
        let over = line.status(rules) != Status::Ongoing;
        prop_assert_eq!(
            children.is_empty(),
            over,
            "moves exist iff the game goes on: {}",
            text
        );
        if over {
            let o = line.status(rules).outcome().unwrap();
            let stores = rules.final_stores(&pos, o);
            prop_assert!(stores[0] + stores[1] <= total);
            break;
        }
        let c = children[k % children.len()];
        line.push(rules, c.mv, c.pos);
    }
    Ok(())
}

fn kalah_game() -> impl Strategy<Value = String> {
    (
        1usize..=7,
        1u32..=6,
        any::<bool>(),
        prop_oneof![
            Just("mover-empty"),
            Just("either-side-empty"),
            Just("empty-takes-rest")
        ],
    )
        .prop_map(|(h, s, empty, end)| {
            format!(
                "kalah(houses={h},seeds={s},capture={},end={end})",
                if empty { "empty" } else { "opposite-nonempty" },
            )
        })
}

fn oware_game() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("oware"), Just("awari"), Just("ayo")],
        1usize..=7,
        1u32..=6,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just("no-capture"), Just("forbidden"), Just("capture-all"), Just("woaley-skip")],
        prop_oneof![Just("2-3"), Just("2-4-6"), Just("1-2-3"), Just("4")],
        prop_oneof![Just("own-side"), Just("even-split")],
        any::<bool>(),
        2u32..=3,
    )
        .prop_map(|(name, h, s, skip, feed, gs, cap, rep, maj, count)| {
            format!(
                "{name}(houses={h},seeds={s},skip-origin={skip},must-feed={feed},grand-slam={gs},capture={cap},repetition={rep},stop-at-majority={maj},repetition-count={count})"
            )
        })
}

/// Game strings beyond the packed board: 8 to 20 houses, or 6 and 7 houses with more than 255
/// seeds, or Cups with 7 to 10 bowls.
fn wide_game() -> impl Strategy<Value = String> {
    (
        8usize..=20,
        1u32..=12,
        6usize..=7,
        22u32..=40,
        7usize..=10,
        0usize..4,
        0usize..5,
    )
        .prop_map(|(h, s, small_h, many, bowls, name, kind)| {
            let oware = ["oware", "awari", "wari", "woaley2"][name];
            let capture = if s % 2 == 0 {
                "empty"
            } else {
                "opposite-nonempty"
            };
            match kind {
                0 => format!("kalah(houses={h},seeds={s},capture={capture})"),
                1 => format!("{oware}(houses={h},seeds={s})"),
                2 => format!("kalah(houses={small_h},seeds={many})"),
                3 => format!("{oware}(houses={small_h},seeds={many})"),
                _ => format!("cups(bowls={bowls})"),
            }
        })
}

/// Game strings of `wari`, `woaley2`, `woaley1`, `adi`, `giuti`, `kpo`, `cups` and `ayo` (with
/// houses won across) with their keys.
fn other_game() -> impl Strategy<Value = String> {
    (
        1usize..=6,
        1u32..=6,
        any::<bool>(),
        0u32..=12,
        3usize..=6,
        1u32..4095,
    )
        .prop_flat_map(|(h, s, flag, round_end, bowls, won)| {
            // Ayo's houses won across (`won`): letters of South's row (`A`..) then North's.
            let won: String = (0..2 * h)
                .filter(|&i| won >> i & 1 == 1)
                .map(|i| {
                    if i < h {
                        (b'A' + i as u8) as char
                    } else {
                        (b'a' + (i - h) as u8) as char
                    }
                })
                .collect();
            let won = if won.is_empty() { "a".to_string() } else { won };
            prop_oneof![
                Just(format!("wari(houses={h},seeds={s},american={flag})")),
                Just(format!("woaley2(houses={h},seeds={s},skip-origin={flag})")),
                Just(format!(
                    "woaley2(houses={h},seeds={s},no-capture-moves={})",
                    round_end + 1
                )),
                Just(format!("kpo(houses={h},seeds={s},skip-origin={flag})")),
                Just(format!(
                    "woaley1(houses={h},seeds={s},free-choice={})",
                    if flag { "any" } else { "own-side" }
                )),
                Just(format!("adi(houses={h},seeds={s},round-end={round_end})")),
                Just(format!("giuti(houses={h},seeds={s})")),
                Just(format!("cups(bowls={bowls})")),
                Just(format!("ayo(houses={h},seeds={s},won={won})")),
            ]
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn kalah_conserves_seeds_and_round_trips(game in kalah_game(), choices in prop::collection::vec(0usize..7, 0..200)) {
        let spec: GameSpec = game.parse().unwrap();
        let total = spec.total_seeds();
        prop_assume!(total <= 255);
        let rules = kalah(&game);
        play_and_check(&rules, spec.houses(), total, &choices)?;
    }

    #[test]
    fn oware_conserves_seeds_and_round_trips(game in oware_game(), choices in prop::collection::vec(0usize..7, 0..200)) {
        let spec: GameSpec = game.parse().unwrap();
        let total = spec.total_seeds();
        let rules = oware(&game);
        play_and_check(&rules, spec.houses(), total, &choices)?;
    }

    #[test]
    fn other_two_row_games_conserve_seeds_and_round_trip(
        game in other_game(),
        choices in prop::collection::vec(0usize..14, 0..300),
    ) {
        let spec: GameSpec = game.parse().unwrap();
        let (m, total) = (spec.houses(), spec.total_seeds());
        match spec {
            GameSpec::Oware(_) => play_and_check(&oware(&game), m, total, &choices)?,
            GameSpec::Woaley1(_) => play_and_check(&woaley1(&game), m, total, &choices)?,
            GameSpec::Adi(_) => play_and_check(&adi(&game), m, total, &choices)?,
            GameSpec::Giuti(_) => play_and_check(&giuti(&game), m, total, &choices)?,
            GameSpec::Kpo(_) => play_and_check(&kpo(&game), m, total, &choices)?,
            GameSpec::Cups(_) => play_and_check(&cups(&game), m, total, &choices)?,
            GameSpec::Kalah(_)
            | GameSpec::Omweso(_)
            | GameSpec::Bao(_)
            | GameSpec::Lela(_)
            | GameSpec::Ajwa(_)
            | GameSpec::Azigo(_) => unreachable!(),
        }
    }

    #[test]
    fn game_strings_print_canonically(game in prop_oneof![kalah_game(), oware_game(), other_game()]) {
        let spec: GameSpec = game.parse().unwrap();
        let printed = spec.to_string();
        let again: GameSpec = printed.parse().unwrap();
        prop_assert_eq!(&again, &spec);
        prop_assert_eq!(again.to_string(), printed);
    }

    #[test]
    fn any_valid_position_text_round_trips(
        (h, s, drops, south) in (1usize..=7, 1u32..=4).prop_flat_map(|(h, s)| {
            (Just(h), Just(s), prop::collection::vec(0..2 * h + 2, 2 * h * s as usize), any::<bool>())
        })
    ) {
        // every seed dropped into a random pit: houses 0..2h, then the two stores
        let mut pits = vec![0u32; 2 * h + 2];
        for d in drops {
            pits[d] += 1;
        }
        let rules = kalah(&format!("kalah(houses={h},seeds={s})"));
        let row = |r: &[u32]| r.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
        let text = format!(
            "{}/{} {}-{} {}",
            row(&pits[..h]),
            row(&pits[h..2 * h]),
            pits[2 * h],
            pits[2 * h + 1],
            if south { 'S' } else { 'N' }
        );
        let pos = rules.parse_position(&text).unwrap();
        prop_assert_eq!(rules.format_position(&pos), text);
    }

    /// Issue 17: the same properties on the wide board (Kalah and the Oware family beyond 7
    /// houses or 255 seeds, Cups with 7 to 10 bowls).
    #[test]
    fn wide_games_conserve_seeds_and_round_trip(
        game in wide_game(),
        choices in prop::collection::vec(0usize..20, 0..300),
    ) {
        let spec: GameSpec = game.parse().unwrap();
        prop_assert!(!spec.fits_packed(), "{} is wide", game);
        let (m, total) = (spec.houses(), spec.total_seeds());
        match spec {
            GameSpec::Kalah(k) => play_and_check(&Kalah::<WideBoard>::on_pits(k), m, total, &choices)?,
            GameSpec::Oware(o) => play_and_check(&Oware::<WideBoard>::on_pits(o), m, total, &choices)?,
            GameSpec::Cups(c) => play_and_check(&Cups::<WideBoard>::on_pits(c), m, total, &choices)?,
            _ => unreachable!(),
        }
    }

    #[test]
    fn garbage_never_panics(text in ".{0,40}") {
        let _ = text.parse::<GameSpec>();
        let rules = kalah("kalah(houses=3,seeds=2)");
        let _ = rules.parse_position(&text);
        let mut line = Line::new(rules.start());
        let _ = line.play_text(&rules, &text);
    }
}

/// Lela game strings: the default, no placement, and reduced starts with 0 to 3 seeds in hand.
fn lela_game() -> impl Strategy<Value = String> {
    (0u8..=3, 1u8..=2).prop_flat_map(|(hand, seeds)| {
        prop_oneof![
            Just("lela".to_string()),
            Just("lela(hand=0)".to_string()),
            Just(format!("lela(hand={hand},start={seeds})")),
            Just(format!(
                "lela(hand={hand},start=2.2.2.2.0.0.0.0.0.0.0.0.0.0)"
            )),
        ]
    })
}

/// Plays uniformly random legal moves (a 64-bit LCG seeded by `seed`) from the start until the
/// game is over, and fails if it is not over within `cap` plies: every game ends (by its rules,
/// a repetition, or a move limit).
fn random_game_ends<R: Rules>(rules: &R, seed: u64, cap: usize) -> Result<usize, TestCaseError> {
    let mut line: Line<R> = Line::new(rules.start());
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for ply in 0..cap {
        let children = line.children(rules);
        if children.is_empty() {
            prop_assert!(line.status(rules) != Status::Ongoing);
            return Ok(ply);
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = children[((x >> 33) as usize) % children.len()];
        line.push(rules, c.mv, c.pos);
    }
    Err(TestCaseError::fail(format!(
        "{}: no end within {cap} plies",
        rules.spec()
    )))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn lela_random_games_conserve_seeds_round_trip_and_end(
        game in lela_game(),
        choices in prop::collection::vec(0usize..28, 1..64),
    ) {
        // Seeds in holes, hands and stores conserved, text round trip, moves exist exactly
        // while the game goes on, the final stores share every seed, the game ends.
        random_game(&lela(&game), &choices)?;
    }

    /// Issue 17's games and options: random games end.
    #[test]
    fn random_games_of_the_issue_17_games_end(
        h in 1usize..=6,
        s in 1u32..=4,
        seed in any::<u64>(),
        which in 0usize..5,
    ) {
        let game = match which {
            0 => format!("ayo(houses={h},seeds={s})"),
            1 => format!("kpo(houses={h},seeds={s})"),
            2 => format!("oware(houses={h},seeds={s},repetition-count=3)"),
            3 => format!("woaley2(houses={h},seeds={s},no-capture-moves=20)"),
            _ => format!("kalah(houses={h},seeds={s},end=empty-takes-rest)"),
        };
        let spec: GameSpec = game.parse().unwrap();
        match spec {
            GameSpec::Oware(_) => random_game_ends(&oware(&game), seed, 100_000)?,
            GameSpec::Kpo(_) => random_game_ends(&kpo(&game), seed, 100_000)?,
            GameSpec::Kalah(_) => random_game_ends(&kalah(&game), seed, 100_000)?,
            _ => unreachable!(),
        };
    }
}

/// Ajwa game strings: 1 to 12 houses (the wide board beyond 7), 1 to 4 seeds, either choice.
fn ajwa_game() -> impl Strategy<Value = String> {
    (1usize..=12, 1u32..=4, any::<bool>()).prop_map(|(h, s, free)| {
        format!(
            "ajwa(houses={h},seeds={s},choice={})",
            if free { "free" } else { "forced" }
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Ajwa (RULES.md §7): seeds conserved, text round trip, moves exist exactly while the game
    /// goes on, the forced choice has exactly one move, on both boards.
    #[test]
    fn ajwa_conserves_seeds_and_round_trips(
        game in ajwa_game(),
        choices in prop::collection::vec(0usize..20, 0..300),
    ) {
        let spec: GameSpec = game.parse().unwrap();
        let (m, total) = (spec.houses(), spec.total_seeds());
        let GameSpec::Ajwa(a) = spec.clone() else { unreachable!() };
        if spec.fits_packed() {
            let rules = Ajwa::new(a);
            play_and_check(&rules, m, total, &choices)?;
            forced_has_one_move(&rules, &game, &choices)?;
        } else {
            let rules = Ajwa::<WideBoard>::on_pits(a);
            play_and_check(&rules, m, total, &choices)?;
            forced_has_one_move(&rules, &game, &choices)?;
        }
    }

    /// Every random Ajwa game ends (by its rules or a repetition).
    #[test]
    fn random_ajwa_games_end(game in ajwa_game(), seed in any::<u64>()) {
        let GameSpec::Ajwa(a) = game.parse::<GameSpec>().unwrap() else { unreachable!() };
        if a.houses <= 7 {
            random_game_ends(&Ajwa::new(a), seed, 100_000)?;
        } else {
            random_game_ends(&Ajwa::<WideBoard>::on_pits(a), seed, 100_000)?;
        }
    }
}

/// Under `choice=forced` every position of the line has exactly one move until the game ends.
fn forced_has_one_move<R: Rules>(
    rules: &R,
    game: &str,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    if game.contains("choice=free") {
        return Ok(());
    }
    let mut line: Line<R> = Line::new(rules.start());
    for &k in choices {
        let children = line.children(rules);
        if line.status(rules) != Status::Ongoing {
            break;
        }
        prop_assert_eq!(children.len(), 1, "{}: forced choice", game);
        let c = children[k % children.len()];
        line.push(rules, c.mv, c.pos);
    }
    Ok(())
}
/// Azigo / Okwe game strings: `(game, must_end)`. Small boards (at most 3 houses of at most 2
/// seeds: at most 12 seeds, about 10^5 positions, so the repetition rule ends every game) must
/// end; larger ones (Basden's start on 10 to 20 houses, on the wide board, and the 6-hole form)
/// are played for 400 plies (random games there last 10^3 to over 10^5 plies before a position
/// repeats: Python reference, 5 seeds each of `okwe` and `okwe(houses=12)`).
fn azigo_game() -> impl Strategy<Value = (String, bool)> {
    (1u8..=3, 1u8..=2, 0u8..=5, any::<bool>(), any::<bool>()).prop_map(
        |(h, s, kind, five, okwe)| {
            let name = if okwe { "okwe" } else { "azigo" };
            let capture = if five { "1-3-5" } else { "1-3" };
            match kind {
                0 | 1 => (
                    format!(
                        "{name}(houses={},capture={capture})",
                        10 + 2 * (kind + 4 * (h % 2))
                    ),
                    false,
                ),
                2 => (format!("{name}(houses=6,capture={capture})"), false),
                _ => (
                    format!("{name}(houses={h},start={s},capture={capture})"),
                    true,
                ),
            }
        },
    )
}

/// Azigo / Okwe: houses plus hands always hold the game's seeds (no seed leaves the game), the
/// position text round-trips, moves exist exactly while the game goes on, the final scores
/// share every seed, and (`must_end`) the random game ends within `cap` plies.
fn azigo_random_game<B: Pits>(
    rules: &mancala::rules::Azigo<B>,
    seed: u64,
    cap: usize,
    must_end: bool,
) -> Result<(), TestCaseError> {
    let m = rules.spec().houses();
    let total = rules.spec().total_seeds();
    let mut line = Line::new(rules.start());
    let mut x = seed;
    for _ in 0..cap {
        let pos: mancala::TwoRowPosition<B> = *line.current();
        let held: u32 = pos.absolute_houses(m).iter().sum::<u32>()
            + pos.store(Side::South)
            + pos.store(Side::North);
        prop_assert_eq!(held, total, "seeds at {}", rules.format_position(&pos));
        prop_assert_eq!(rules.board_seeds(&pos), total);
        let text = rules.format_position(&pos);
        prop_assert_eq!(
            rules.parse_position(&text).unwrap(),
            pos,
            "round trip of {}",
            &text
        );
        let children = line.children(rules);
        let status = line.status(rules);
        prop_assert_eq!(
            children.is_empty(),
            status != Status::Ongoing,
            "at {}",
            &text
        );
        if let Some(o) = status.outcome() {
            let stores = rules.final_stores(&pos, o);
            prop_assert_eq!(stores[0] + stores[1], total, "final scores at {}", &text);
            return Ok(());
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = children[((x >> 33) as usize) % children.len()];
        line.push(rules, c.mv, c.pos);
    }
    if must_end {
        return Err(TestCaseError::fail(format!(
            "{}: no end within {cap} plies",
            rules.spec()
        )));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn azigo_random_games_conserve_seeds_round_trip_and_end(
        (game, must_end) in azigo_game(),
        seed in any::<u64>(),
    ) {
        let spec: GameSpec = game.parse().unwrap();
        let cap = if must_end { 200_000 } else { 400 };
        if spec.fits_packed() {
            azigo_random_game(&azigo(&game), seed, cap, must_end)?;
        } else {
            azigo_random_game(&azigo_wide(&game), seed, cap, must_end)?;
        }
        let printed = spec.to_string();
        prop_assert_eq!(printed.parse::<GameSpec>().unwrap(), spec);
    }
}
