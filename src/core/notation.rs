//! Position text and house letters of two-row games (RULES.md §12).
//!
//! Position text: `<South houses>/<North houses> <South store>-<North store> <S|N>`, houses
//! comma-separated in sowing order, for example the start of Kalah(6,4):
//! `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`. Further game state follows as `;key=value` fields (Woaley I's
//! `;forced=b`, Cups' `;hand=40-40`): [`PositionText`] splits them off for the game to read, and
//! [`TwoRowPosition::parse`], for games without fields, refuses any.

use super::{Pits, Side, TwoRowPosition, MAX_SEEDS};
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
    #[error("`{token}` in {place} is not a seed count (a whole number from 0 to {max})")]
    Number {
        /// The token.
        token: String,
        /// Where it stands ("South's row", "the stores").
        place: String,
        /// The largest count a pit holds (255 on the packed board).
        max: u32,
    },
    /// The side to move is not `S` or `N`.
    #[error("side to move `{token}` is not `S` or `N`")]
    SideToMove {
        /// The token.
        token: String,
    },
    /// Houses and stores do not add up to the game's seed total.
    #[error("position holds {found} seeds in all (houses, stores, hands and reserves), the game has {expected}")]
    SeedTotal {
        /// Seeds in the text.
        found: u32,
        /// Seeds of the game.
        expected: u32,
    },
    /// A `;key=value` field the game does not have.
    #[error("position field `{field}` is not part of this game's positions ({fields})")]
    UnknownField {
        /// The field as written.
        field: String,
        /// The fields the game has, in words.
        fields: String,
    },
    /// A `;key=value` field written twice.
    #[error("position field `;{key}=...` is given twice (`{field}` is the second)")]
    DuplicateField {
        /// The key.
        key: String,
        /// The second field as written.
        field: String,
    },
    /// A field the game has, with a value it does not take.
    #[error("position field `{field}` is not valid: expected {expected}")]
    BadField {
        /// The field as written.
        field: String,
        /// What the field takes.
        expected: String,
    },
    /// A field the game needs is missing.
    #[error("position has no `;{key}=...` field; this game needs one ({expected})")]
    MissingField {
        /// The key.
        key: String,
        /// What the field holds.
        expected: String,
    },
}

/// Position text split into its parts: houses, stores, side to move and `;key=value` fields,
/// before any game checks the seed total or reads the fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionText<'a> {
    /// Absolute house counts: South's `m` houses, then North's, in sowing order.
    pub houses: Vec<u32>,
    /// Stores `[South, North]`.
    pub stores: [u32; 2],
    /// The player to move.
    pub side: Side,
    /// The `;key=value` fields in the order written, as `(key, value, whole field)`.
    pub fields: Vec<(&'a str, &'a str, &'a str)>,
}

impl<'a> PositionText<'a> {
    /// Splits `text`, a position of `m` houses per player on the packed board (counts up to
    /// [`MAX_SEEDS`]).
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the bad token: shape, house count, a count that is not a
    /// number from 0 to 255, the side to move, or a field that is not `key=value`.
    pub fn split(text: &'a str, m: usize) -> Result<PositionText<'a>, ParsePositionError> {
        Self::split_max(text, m, MAX_SEEDS)
    }

    /// [`PositionText::split`] with counts up to `max` (the capacity of the board's pits).
    pub fn split_max(
        text: &'a str,
        m: usize,
        max: u32,
    ) -> Result<PositionText<'a>, ParsePositionError> {
        let shape = || ParsePositionError::Shape {
            text: text.to_string(),
        };
        let mut parts_iter = text.split(';');
        let main = parts_iter.next().unwrap_or("");
        let mut fields = Vec::new();
        for field in parts_iter {
            let field = field.trim();
            match field.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
                    fields.push((k.trim(), v.trim(), field))
                }
                _ => {
                    return Err(ParsePositionError::BadField {
                        field: field.to_string(),
                        expected: "`key=value`".to_string(),
                    })
                }
            }
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
                houses.push(parse_count(t, &format!("{side}'s row"), max)?);
            }
        }
        let stores_token = || ParsePositionError::Number {
            token: parts[1].to_string(),
            place: "the stores (`<South>-<North>`)".to_string(),
            max,
        };
        let (s, n) = parts[1].split_once('-').ok_or_else(stores_token)?;
        let stores = [
            parse_count(s, "the stores", max).map_err(|_| stores_token())?,
            parse_count(n, "the stores", max).map_err(|_| stores_token())?,
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
        Ok(PositionText {
            houses,
            stores,
            side,
            fields,
        })
    }

    /// Seeds in the houses and stores.
    pub fn seeds(&self) -> u32 {
        self.houses.iter().sum::<u32>() + self.stores[0] + self.stores[1]
    }

    /// Checks that the text holds `total` seeds in all, `extra` of them outside houses and
    /// stores (Cups' hands).
    pub fn check_total(&self, extra: u32, total: u32) -> Result<(), ParsePositionError> {
        let found = self.seeds() + extra;
        if found != total {
            return Err(ParsePositionError::SeedTotal {
                found,
                expected: total,
            });
        }
        Ok(())
    }

    /// Refuses every field whose key is not in `known` (`known` described in words by `what`),
    /// and a key given twice.
    pub fn check_fields(&self, known: &[&str], what: &str) -> Result<(), ParsePositionError> {
        for (i, (key, _, field)) in self.fields.iter().enumerate() {
            if known.contains(key) && self.fields[..i].iter().any(|(k, _, _)| k == key) {
                return Err(ParsePositionError::DuplicateField {
                    key: key.to_string(),
                    field: field.to_string(),
                });
            }
            if !known.contains(key) {
                return Err(ParsePositionError::UnknownField {
                    field: field.to_string(),
                    fields: what.to_string(),
                });
            }
        }
        Ok(())
    }

    /// The value of field `key`, with the whole field text for error messages.
    pub fn field(&self, key: &str) -> Option<(&'a str, &'a str)> {
        self.fields
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, v, f)| (*v, *f))
    }

    /// The position of the houses, stores and side (fields not applied).
    pub fn position<B: Pits>(&self) -> TwoRowPosition<B> {
        TwoRowPosition::from_absolute(&self.houses, self.stores, self.side)
    }
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

fn parse_count(token: &str, place: &str, max: u32) -> Result<u32, ParsePositionError> {
    Some(token.trim())
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse::<u32>().ok())
        .filter(|&n| n <= max)
        .ok_or_else(|| ParsePositionError::Number {
            token: token.trim().to_string(),
            place: place.to_string(),
            max,
        })
}

impl<B: Pits> TwoRowPosition<B> {
    /// Parses position text for a game of `m` houses per player and `total` seeds.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the bad token: shape, house count, a count that is not a
    /// number from 0 to `B::MAX_SEEDS` (255 on the packed board), the side to move, the seed
    /// total, or a `;field`.
    pub fn parse(
        text: &str,
        m: usize,
        total: u32,
    ) -> Result<TwoRowPosition<B>, ParsePositionError> {
        let parts = PositionText::split_max(text, m, B::MAX_SEEDS)?;
        parts.check_fields(&[], "it has no extra fields")?;
        parts.check_total(0, total)?;
        Ok(parts.position())
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

    /// An ASCII drawing with North on top, as OpenSpiel prints boards:
    /// [`TwoRowPosition::to_ascii_from`] with South at the bottom.
    pub fn to_ascii(&self, m: usize) -> String {
        self.to_ascii_from(m, Side::South)
    }

    /// An ASCII drawing as the player `bottom` sees the board from their seat: the opponent's
    /// houses on top from the opponent's right to left (so that each stands above the house it
    /// faces), the stores at the ends (the opponent's on the left, `bottom`'s on the right, each
    /// to its owner's right), `bottom`'s houses left to right, letters labelling the houses, and
    /// `<- to move` after the name of the side to move. Five lines; with South at the bottom
    /// (the start of Kalah(3,2), North to move):
    ///
    /// ```text
    ///         c  b  a     North <- to move
    ///         2  2  2
    ///     0             0
    ///         2  2  2
    ///         A  B  C     South
    /// ```
    pub fn to_ascii_from(&self, m: usize, bottom: Side) -> String {
        let h = self.absolute_houses(m);
        let top = bottom.opponent();
        let first = |side: Side| if side == Side::South { 0 } else { m };
        let labels = |side: Side, order: &mut dyn Iterator<Item = usize>| -> String {
            order
                .map(|i| format!("{:>3}", house_letter(side, i)))
                .collect()
        };
        let counts = |side: Side, order: &mut dyn Iterator<Item = usize>| -> String {
            order
                .map(|i| format!("{:>3}", h[first(side) + i]))
                .collect()
        };
        let mark = |s: Side| if self.side == s { " <- to move" } else { "" };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "      {}     {top}{}",
            labels(top, &mut (0..m).rev()),
            mark(top)
        );
        let _ = writeln!(out, "      {}", counts(top, &mut (0..m).rev()));
        let _ = writeln!(
            out,
            "  {:>3}{}{:>3}",
            self.store(top),
            " ".repeat(3 * m + 2),
            self.store(bottom)
        );
        let _ = writeln!(out, "      {}", counts(bottom, &mut (0..m)));
        let _ = writeln!(
            out,
            "      {}     {bottom}{}",
            labels(bottom, &mut (0..m)),
            mark(bottom)
        );
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
            let p: TwoRowPosition = TwoRowPosition::parse(text, m, total).unwrap();
            assert_eq!(p.to_text(m), text);
        }
    }

    #[test]
    fn errors_name_the_token() {
        let e =
            TwoRowPosition::<crate::core::Board>::parse("4,4,x/4,4,4 0-0 S", 3, 24).unwrap_err();
        assert!(e.to_string().contains("`x`"), "{e}");
        let e = TwoRowPosition::<crate::core::Board>::parse("4,4/4,4,4 0-0 S", 3, 24).unwrap_err();
        assert!(matches!(e, ParsePositionError::HouseCount { found: 2, .. }));
        let e =
            TwoRowPosition::<crate::core::Board>::parse("4,4,4/4,4,4 0-0 W", 3, 24).unwrap_err();
        assert!(e.to_string().contains("`W`"));
        let e =
            TwoRowPosition::<crate::core::Board>::parse("4,4,4/4,4,4 0-1 S", 3, 24).unwrap_err();
        assert_eq!(
            e,
            ParsePositionError::SeedTotal {
                found: 25,
                expected: 24
            }
        );
        let e = TwoRowPosition::<crate::core::Board>::parse("4,4,4/4,4,4 0-0 S;forced=b", 3, 24)
            .unwrap_err();
        assert!(matches!(e, ParsePositionError::UnknownField { .. }));
        let e =
            TwoRowPosition::<crate::core::Board>::parse("256,4,4/4,4,4 0-0 S", 3, 24).unwrap_err();
        assert!(e.to_string().contains("256"));
    }
}
