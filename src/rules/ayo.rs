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
//! **Rounds (not built; a later option).** Hanson's Ayo is a match of rounds: after a round each
//! player fills as many of their houses as they can with 4 seeds from their captures (the rest
//! stays in their store), a house neither can fill is left empty, the loser of the round starts
//! the next one, and the match is won by controlling 9 houses (StoneShark's `round_fill`,
//! `round_starter`, `goal_param = 9`). The single round is the game `ayo` here: `solve` works on
//! one round. The rounds helper can add them without changing this module's rules: a round's
//! start is a position (houses owned per player, seeds per house, who starts) computed from the
//! final stores ([`super::Rules::final_stores`]) of the last; owning a house of the other row
//! needs an ownership mask in the position (one state byte, as Adi's house buying will need),
//! and a key such as `rounds=true` on this table.

use crate::core::Pits;

/// Whether the mover's `m` houses (mover-relative board) hold at most one seed each: the end
/// of an Ayo game (seed 000, RULES.md §7).
#[inline]
pub fn only_singletons<B: Pits>(board: B, m: usize) -> bool {
    (0..m).all(|h| board.get(h) <= 1)
}

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
