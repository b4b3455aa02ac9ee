//! Position text and house letters of two-row games (RULES.md §12).
//!
//! Position text: `<South houses>/<North houses> <South store>-<North store> <S|N>`, houses
//! comma-separated in sowing order, for example the start of Kalah(6,4):
//! `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`. Further game state follows as `;key=value` fields; the games
//! of this module have none, so any field is refused.

use super::{Side, TwoRowPosition, MAX_SEEDS};
use std::fmt::Write as _;
use thiserror::Error;

/// Why a position text was refused. Every variant names the offending token.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// The text does not have the shape `<houses>/<houses> <store>-<store> <S|N>`.
    #[error("position `{text}` is not of the form `<South houses>/<North houses> <South store>-<North store> <S|N>` (for example `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`)")]
    Shape {
        /// The whole text.
        text: String,
    },
    /// A row has the wrong number of houses.
    #[error("{side}'s row `{row}` has {found} houses, the game has {expected}")]
    HouseCount {
        /// Whose row.
        side: Side,
        /// The row as written.
        row: String,
        /// Houses found.
        found: usize,
        /// Houses the game has.
        expected: usize,
    },
    /// A house or store count is not a whole number from 0 to 255.
    #[error("`{token}` in {place} is not a seed count (a whole number from 0 to {max})", max = MAX_SEEDS)]
    Number {
        /// The token.
        token: String,
        /// Where it stands ("South's row", "the stores").
        place: String,
    },
    /// The side to move is not `S` or `N`.
    #[error("side to move `{token}` is not `S` or `N`")]
    SideToMove {
        /// The token.
        token: String,
    },
    /// Houses and stores do not add up to the game's seed total.
    #[error("position holds {found} seeds in all, the game has {expected} (2 x houses x seeds)")]
    SeedTotal {
        /// Seeds in the text.
        found: u32,
        /// Seeds of the game.
        expected: u32,
    },
    /// A `;key=value` field the game does not have.
    #[error(
        "position field `{field}` is not part of this game's positions (it has no extra fields)"
    )]
    UnknownField {
        /// The field as written.
        field: String,
    },
}

/// The letter of the mover-relative house `i` of `side`: South's `A`.., North's `a`...
pub fn house_letter(side: Side, i: usize) -> char {
    let base = match side {
        Side::South => b'A',
        Side::North => b'a',
    };
    (base + i as u8) as char
}

/// The side and house index (from the owner's left) a move letter names, if it is a letter.
pub fn parse_house_letter(c: char) -> Option<(Side, usize)> {
    match c {
        'A'..='Z' => Some((Side::South, c as usize - 'A' as usize)),
        'a'..='z' => Some((Side::North, c as usize - 'a' as usize)),
        _ => None,
    }
}

fn parse_count(token: &str, place: &str) -> Result<u32, ParsePositionError> {
    Some(token.trim())
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse::<u32>().ok())
        .filter(|&n| n <= MAX_SEEDS)
        .ok_or_else(|| ParsePositionError::Number {
            token: token.trim().to_string(),
            place: place.to_string(),
        })
}

impl TwoRowPosition {
    /// Parses position text for a game of `m` houses per player and `total` seeds.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the bad token: shape, house count, a count that is not a
    /// number from 0 to 255, the side to move, the seed total, or a `;field`.
    pub fn parse(text: &str, m: usize, total: u32) -> Result<TwoRowPosition, ParsePositionError> {
        let shape = || ParsePositionError::Shape {
            text: text.to_string(),
        };
        let mut fields = text.split(';');
        let main = fields.next().unwrap_or("");
        if let Some(field) = fields.next() {
            return Err(ParsePositionError::UnknownField {
                field: field.trim().to_string(),
            });
        }
        let parts: Vec<&str> = main.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(shape());
        }
        let (south, north) = parts[0].split_once('/').ok_or_else(shape)?;
        let mut houses = Vec::with_capacity(2 * m);
        for (side, row) in [(Side::South, south), (Side::North, north)] {
            let tokens: Vec<&str> = row.split(',').collect();
            if tokens.len() != m {
                return Err(ParsePositionError::HouseCount {
                    side,
                    row: row.to_string(),
                    found: tokens.len(),
                    expected: m,
                });
            }
            for t in tokens {
                houses.push(parse_count(t, &format!("{side}'s row"))?);
            }
        }
        let stores_token = || ParsePositionError::Number {
            token: parts[1].to_string(),
            place: "the stores (`<South>-<North>`)".to_string(),
        };
        let (s, n) = parts[1].split_once('-').ok_or_else(stores_token)?;
        let stores = [
            parse_count(s, "the stores").map_err(|_| stores_token())?,
            parse_count(n, "the stores").map_err(|_| stores_token())?,
        ];
        let side = match parts[2] {
            "S" => Side::South,
            "N" => Side::North,
            other => {
                return Err(ParsePositionError::SideToMove {
                    token: other.to_string(),
                })
            }
        };
        let found: u32 = houses.iter().sum::<u32>() + stores[0] + stores[1];
        if found != total {
            return Err(ParsePositionError::SeedTotal {
                found,
                expected: total,
            });
        }
        Ok(TwoRowPosition::from_absolute(&houses, stores, side))
    }

    /// The position text (RULES.md §12) for a game of `m` houses per player.
    pub fn to_text(&self, m: usize) -> String {
        let h = self.absolute_houses(m);
        let row = |r: &[u32]| {
            r.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut s = String::new();
        let _ = write!(
            s,
            "{}/{} {}-{} {}",
            row(&h[..m]),
            row(&h[m..]),
            self.store(Side::South),
            self.store(Side::North),
            self.side.letter()
        );
        s
    }

    /// An ASCII drawing with North on top, as OpenSpiel prints boards: North's houses from
    /// North's right to left (so that each stands above the South house it faces), the stores
    /// at the ends (North's on the left), South's houses left to right, letters labelling them.
    pub fn to_ascii(&self, m: usize) -> String {
        let h = self.absolute_houses(m);
        let cell = |n: u32| format!("{n:>3}");
        let mut out = String::new();
        let north_labels: String = (0..m)
            .rev()
            .map(|i| format!("{:>3}", house_letter(Side::North, i)))
            .collect();
        let south_labels: String = (0..m)
            .map(|i| format!("{:>3}", house_letter(Side::South, i)))
            .collect();
        let north_row: String = (0..m).rev().map(|i| cell(h[m + i])).collect();
        let south_row: String = (0..m).map(|i| cell(h[i])).collect();
        let mark = |s: Side| if self.side == s { " <- to move" } else { "" };
        let _ = writeln!(out, "      {north_labels}     North{}", mark(Side::North));
        let _ = writeln!(out, "      {north_row}");
        let _ = writeln!(
            out,
            "  {:>3}{}{:>3}",
            self.store(Side::North),
            " ".repeat(3 * m + 2),
            self.store(Side::South)
        );
        let _ = writeln!(out, "      {south_row}");
        let _ = writeln!(out, "      {south_labels}     South{}", mark(Side::South));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_start_and_north() {
        for text in ["4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "0,1,2/3,4,5 6-3 N"] {
            let m = text.split('/').next().unwrap().split(',').count();
            let total = if m == 6 { 48 } else { 24 };
            let p = TwoRowPosition::parse(text, m, total).unwrap();
            assert_eq!(p.to_text(m), text);
        }
    }

    #[test]
    fn errors_name_the_token() {
        let e = TwoRowPosition::parse("4,4,x/4,4,4 0-0 S", 3, 24).unwrap_err();
        assert!(e.to_string().contains("`x`"), "{e}");
        let e = TwoRowPosition::parse("4,4/4,4,4 0-0 S", 3, 24).unwrap_err();
        assert!(matches!(e, ParsePositionError::HouseCount { found: 2, .. }));
        let e = TwoRowPosition::parse("4,4,4/4,4,4 0-0 W", 3, 24).unwrap_err();
        assert!(e.to_string().contains("`W`"));
        let e = TwoRowPosition::parse("4,4,4/4,4,4 0-1 S", 3, 24).unwrap_err();
        assert_eq!(
            e,
            ParsePositionError::SeedTotal {
                found: 25,
                expected: 24
            }
        );
        let e = TwoRowPosition::parse("4,4,4/4,4,4 0-0 S;forced=b", 3, 24).unwrap_err();
        assert!(matches!(e, ParsePositionError::UnknownField { .. }));
        let e = TwoRowPosition::parse("256,4,4/4,4,4 0-0 S", 3, 24).unwrap_err();
        assert!(e.to_string().contains("256"));
    }
}
