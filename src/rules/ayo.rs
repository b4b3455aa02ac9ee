//! Ayo (Yoruba, Nigeria), RULES.md §7: the game string `ayo`, a preset of
//! [`super::oware`] (the rules type is [`super::Oware`]).
//!
//! **Sources.** Seed 000 (§"ajo/ayo") gives the board, the start and the end: "két sorban hat-hat
//! lyuk van ... Négy ember, omo ayo, kerül minden lyukba. A szabályok hasonlítanak az asantik wari
//! játékának szabályaihoz. Amikor sikerült kiüríteni az ellenfél lyukait, vagy pedig már csak
//! egy-egy mag („ember”) maradt minden lyukban, vége a játéknak." (two rows of six holes, four
//! seeds in each; the rules resemble the Asante game of wari; when the opponent's holes have been
//! emptied, or only one seed is left in every hole, the game is over). The standard reference
//! for the full rule set is Hanson, S. & J., *All about Mancala* (2003), p. 61, as encoded in the
//! StoneShark MancalaGames property file `GameProps/Ayo.txt` (whose `rules` field cites it):
//! captures on 2 and 3 in the opponent's houses, chained backwards; the mover must give seeds to
//! an opponent without seeds when possible; the seeds left on the board at the end go to the
//! owners of the houses; a match is played in rounds.
//!
//! **Rules of `ayo`** (every open point and how it was decided: docs/rule-decisions.md, "Ayo"):
//! 1. `m = 6` houses, 4 seeds each (keys `houses`, `seeds`); stores only collect captures.
//! 2. Sowing, captures, feeding and grand slam exactly as Wari (seed 000: "as wari"), with the
//!    keys and defaults of `oware`: single-lap sowing from the next house, a lap of `2m` or more
//!    skips the origin (`skip-origin`), capture on 2 or 3 in an opponent's house chained
//!    backwards over the opponent's houses (`capture`), the feeding rule (`must-feed`), a grand
//!    slam captures nothing (`grand-slam`).
//! 3. **End** (seed 000, the rule that sets Ayo apart): when the player to move has only empty
//!    houses and singletons (the houses of the opponent of the last mover are empty or hold one
//!    seed each), the game ends and each player takes the seeds on their own side (Hanson: the
//!    seeds on the board go to the owners). The ends of `oware` stay: a mover without seeds
//!    (the opponent takes the rest), an opponent who cannot be fed (the mover takes the rest),
//!    and a repeated position (`repetition`, `repetition-count`).
//!
//! 4. **Rounds** (Hanson; keys `rounds`, `won`, `goal`; docs/rule-decisions.md "Rounds:
//!    `rounds`, `won` and `goal`"): a match of up to `rounds` rounds. After a round the winner
//!    (more seeds, `w`) wins `⌊w/n⌋` houses counter-clockwise from their first house, the loser
//!    owns the rest; every house holds `n` seeds but the loser's first, left empty when `n` does
//!    not divide `w` (the remainders go to the stores); the loser starts. The match ends when a
//!    round's winner wins `goal` houses (9 of 12), when the loser cannot fill a house, or
//!    after `rounds` rounds
//!    ([`super::Rules::next_round`]). `won` names the houses owned across the board in a
//!    round: a player sows from the houses they own in either row, captures in the houses the
//!    opponent owns (the chain backwards across rows), and the feeding rule, the ends and the
//!    repetition count the houses each player owns. The single round is the game `ayo(...)`:
//!    `solve` and `perft` work on one round; the databases refuse `won` (a board's value then
//!    depends on the side to move).

#[cfg(test)]
mod tests {
    use crate::core::TwoRowPosition;
    use crate::game::{Line, Status};
    use crate::rules::{Children, GameSpec, Outcome, Oware, Rules};

    fn ayo(text: &str) -> Oware {
        Oware::new(text.parse::<GameSpec>().unwrap().try_into().unwrap())
    }

    fn pos(rules: &Oware, text: &str) -> TwoRowPosition {
        rules.parse_position(text).unwrap()
    }

    /// Seed 000: the game ends when the opponent's houses (those of the player to move after
    /// the last move) are emptied; each side keeps its own seeds (Hanson).
    #[test]
    fn end_when_the_opponents_houses_are_empty() {
        let rules = ayo("ayo");
        // South to move with no seeds: North takes the 30 on its side.
        let p = pos(&rules, "0,0,0,0,0,0/5,5,5,5,5,5 10-8 S");
        assert_eq!(
            rules.outcome(&p),
            Some(Outcome {
                mover: 0,
                opponent: 30
            })
        );
    }

    /// Seed 000: "or only one seed is left in every hole": a player to move holding only
    /// singletons (here with an empty house among them) ends the game, each side keeps its own.
    #[test]
    fn end_when_the_opponents_houses_hold_only_singletons() {
        let rules = ayo("ayo");
        let p = pos(&rules, "1,0,1,1,1,1/3,2,0,4,1,2 12-19 S");
        assert_eq!(
            rules.outcome(&p),
            Some(Outcome {
                mover: 5,
                opponent: 12
            })
        );
        assert_eq!(rules.final_stores(&p, rules.outcome(&p).unwrap()), [17, 31]);
        // One house with two seeds: the game goes on (and in oware it always does).
        let p = pos(&rules, "1,0,2,1,1,1/3,2,0,4,1,2 12-18 S");
        assert_eq!(rules.outcome(&p), None);
        let oware = ayo("oware");
        let q = pos(&oware, "1,0,1,1,1,1/3,2,0,4,1,2 12-19 S");
        assert_eq!(oware.outcome(&q), None);
    }

    /// The end is judged for the player to move only: a last mover left with singletons plays on.
    #[test]
    fn end_is_judged_for_the_player_to_move() {
        let rules = ayo("ayo");
        let p = pos(&rules, "3,2,0,4,1,2/1,1,1,0,1,1 12-19 S");
        assert_eq!(rules.outcome(&p), None);
    }

    /// As Wari: a last seed making 2 or 3 in an opponent's house captures it and the preceding
    /// opponent houses holding 2 or 3 (hand-worked: South plays F with 3 seeds into a, b, c).
    #[test]
    fn capture_on_two_and_three_chained_backwards() {
        let rules = ayo("ayo");
        let mut line = Line::new(pos(&rules, "2,2,2,2,2,3/1,2,1,4,4,4 10-9 S"));
        line.play_text(&rules, "F").unwrap();
        // a: 1+1 = 2, b: 2+1 = 3, c: 1+1 = 2: all three taken, 7 seeds.
        assert_eq!(
            rules.format_position(line.current()),
            "2,2,2,2,2,0/0,0,0,4,4,4 17-9 N"
        );
        assert_eq!(line.status(&rules), Status::Ongoing);
    }

    /// Feeding (as Wari): with North empty, South must play a move that reaches North.
    #[test]
    fn must_feed_an_opponent_without_seeds() {
        let rules = ayo("ayo");
        let p = pos(&rules, "3,0,0,0,0,1/0,0,0,0,0,0 20-24 S");
        let mut c = Children::<Oware>::new();
        rules.children(&p, &mut c);
        let moves: Vec<String> = c.iter().map(|c| rules.format_move(&p, c.mv)).collect();
        assert_eq!(moves, ["F"]);
    }

    fn moves(rules: &Oware, p: &TwoRowPosition) -> Vec<String> {
        let mut c = Children::<Oware>::new();
        rules.children(p, &mut c);
        c.iter().map(|c| rules.format_move(p, c.mv)).collect()
    }

    /// Rounds (Hanson): a player sows from the houses they own in either row. With North's `c`
    /// won by South, South may play `c` (4 seeds into d, e, f and A); North may not.
    #[test]
    fn won_houses_are_sown_by_their_owner() {
        let rules = ayo("ayo(won=c)");
        let start = rules.start();
        assert_eq!(moves(&rules, &start), ["A", "B", "C", "D", "E", "F", "c"]);
        let mut line = Line::new(start);
        line.play_text(&rules, "c").unwrap();
        assert_eq!(
            rules.format_position(line.current()),
            "5,4,4,4,4,4/4,4,0,5,5,5 0-0 N"
        );
        assert_eq!(moves(&rules, line.current()), ["a", "b", "d", "e", "f"]);
        assert!(rules.parse_move(line.current(), "c").is_err());
        assert_eq!(rules.num_actions(), 12);
    }

    /// The capture chain runs backwards along the sowing over the opponent's houses, across
    /// rows: with South's F won by North, E (3 seeds into F, a, b) takes b (3), a (2) and F (2).
    /// In plain Ayo F is South's and the chain stops at a.
    #[test]
    fn capture_chain_crosses_rows_over_won_houses() {
        let text = "5,0,0,0,3,1/1,2,4,4,4,4 10-10 S";
        let rules = ayo("ayo(won=F)");
        let mut line = Line::new(pos(&rules, text));
        line.play_text(&rules, "E").unwrap();
        assert_eq!(
            rules.format_position(line.current()),
            "5,0,0,0,0,0/0,0,4,4,4,4 17-10 N"
        );
        let plain = ayo("ayo");
        let mut line = Line::new(pos(&plain, text));
        line.play_text(&plain, "E").unwrap();
        assert_eq!(
            plain.format_position(line.current()),
            "5,0,0,0,0,2/0,0,4,4,4,4 15-10 N"
        );
    }

    /// Feeding counts the houses owned: North owns only c..f (a and b won by South), all empty,
    /// so South must reach them: `a` (2 seeds into b and c) feeds, `F` (into a) does not.
    #[test]
    fn feeding_counts_the_houses_owned() {
        let rules = ayo("ayo(won=ab)");
        let p = pos(&rules, "0,0,0,0,0,1/2,0,0,0,0,0 20-25 S");
        assert_eq!(moves(&rules, &p), ["a"]);
        // No move reaches c..f: the game ends and the mover takes the seeds left.
        let p = pos(&rules, "0,0,0,0,0,1/1,0,0,0,0,0 21-25 S");
        assert_eq!(
            rules.outcome(&p),
            Some(Outcome {
                mover: 2,
                opponent: 0
            })
        );
    }

    /// The singleton end and a repetition count the houses each player owns: South owns B..F
    /// (A won by North), all singletons or empty, so the game ends; South takes 4, North its
    /// row and A (17). In plain Ayo A is South's (5 seeds) and the game goes on.
    #[test]
    fn singleton_end_and_repetition_count_the_houses_owned() {
        let text = "5,1,0,1,1,1/2,2,2,2,2,2 14-13 S";
        let rules = ayo("ayo(won=A)");
        let p = pos(&rules, text);
        let own = Outcome {
            mover: 4,
            opponent: 17,
        };
        assert_eq!(rules.outcome(&p), Some(own));
        assert_eq!(rules.repetition_outcome(&p), own);
        assert_eq!(rules.final_stores(&p, own), [18, 30]);
        assert_eq!(ayo("ayo").outcome(&pos(&ayo("ayo"), text)), None);
    }

    /// The next round (hand-worked from the decisions page): the game string and the start.
    fn next(game: &str, start: &str, stores: [u32; 2]) -> Option<String> {
        let rules = ayo(game);
        let start = rules.parse_position(start).unwrap();
        rules
            .next_round(&start, stores)
            .map(|(r, p)| format!("{} | {}", r.spec(), r.format_position(&p)))
    }

    /// 30-18: South wins 7 houses (A..F and a), 2 seeds over; North's first house b is empty,
    /// the stores hold 2 and 2, the loser North starts. 18-30 the mirror. 32-16: 8 houses, no
    /// remainder. 24-24: each row back to its owner, the player who did not start starts.
    /// 37-11: 9 houses, the goal: the match is over; so is the last round.
    #[test]
    fn next_round_after_a_round() {
        let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
        assert_eq!(
            next("ayo(rounds=3)", start, [30, 18]).as_deref(),
            Some("ayo(rounds=2,won=a) | 4,4,4,4,4,4/4,0,4,4,4,4 2-2 N")
        );
        assert_eq!(
            next("ayo(rounds=3)", start, [18, 30]).as_deref(),
            Some("ayo(rounds=2,won=A) | 4,0,4,4,4,4/4,4,4,4,4,4 2-2 S")
        );
        assert_eq!(
            next("ayo(rounds=2)", start, [32, 16]).as_deref(),
            Some("ayo(won=ab) | 4,4,4,4,4,4/4,4,4,4,4,4 0-0 N")
        );
        assert_eq!(
            next("ayo(won=ab,rounds=2)", start, [24, 24]).as_deref(),
            Some("ayo | 4,4,4,4,4,4/4,4,4,4,4,4 0-0 N")
        );
        assert_eq!(next("ayo(rounds=3)", start, [37, 11]), None);
        assert_eq!(
            next("ayo(rounds=3,goal=10)", start, [37, 11]).is_some(),
            true
        );
        assert_eq!(next("ayo", start, [30, 18]), None);
        // With goal=12, 45-3 wins 11 houses only, but North cannot fill a house: over.
        assert_eq!(next("ayo(rounds=3,goal=12)", start, [45, 3]), None);
        assert!(next("ayo(rounds=3,goal=12)", start, [44, 4]).is_some());
    }

    /// Woaley's grand slam policy with houses won: moves from the other row are sown again on
    /// the skipping cycle too (this panicked when that cycle had origins in the mover's row
    /// only). Counts from the Python reference (`python3 reference perft GAME start 9`).
    #[test]
    fn woaley_skip_with_houses_won_matches_the_reference() {
        for (game, count) in [
            ("ayo(won=a,grand-slam=woaley-skip,houses=3,seeds=2)", 997),
            ("ayo(won=Ab,grand-slam=woaley-skip,houses=4,seeds=2)", 15893),
        ] {
            let rules = ayo(game);
            assert_eq!(
                crate::search::perft(&rules, &rules.start(), 9, &[]),
                count,
                "{game}"
            );
        }
    }

    #[test]
    fn won_and_stop_at_majority_are_refused_together() {
        let err = "ayo(rounds=2,stop-at-majority=true)"
            .parse::<GameSpec>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("stop-at-majority"), "{err}");
        assert!("ayo(won=g)".parse::<GameSpec>().is_err());
        assert!("ayo(won=aa)".parse::<GameSpec>().is_err());
        assert!("oware(won=a)".parse::<GameSpec>().is_err());
    }

    #[test]
    fn the_game_string() {
        let spec: GameSpec = "ayo(seeds=4,skip-origin=true)".parse().unwrap();
        assert_eq!(spec.to_string(), "ayo");
        assert_eq!(
            "ayo(houses=3,seeds=2)"
                .parse::<GameSpec>()
                .unwrap()
                .to_string(),
            "ayo(houses=3,seeds=2)"
        );
    }
}
