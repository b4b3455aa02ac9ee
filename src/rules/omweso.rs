//! Omweso (Mweso, Uganda), RULES.md §9, from seed 000 ("Az omweszo (mweszo) játékszabályai",
//! after Nsimbi 1968, in Zaslavsky 1984 pp. 150-153), with the decisions of
//! `docs/rule-decisions-four-row.md`. Board, hole letters and columns: [`super::four_row`].
//!
//! * **Seeds**: 64, 32 a player, all stay in play; no stores (seed 000, "Mind a 64 figura végig
//!   játékban marad"). **Start**: the source lets players arrange their seeds freely; the default
//!   is 2 in every hole, and `start` gives another arrangement (RULES.md §9). South moves first.
//! * **Move** (seed 000, "Lépések" 1): lift an own hole holding **at least 2** seeds and sow them
//!   forwards (counter-clockwise) around the own 16 holes from the next hole. If the last seed
//!   falls into an occupied hole, lift that hole and sow on (relay); the move ends when a last
//!   seed falls into an empty hole.
//! * **Capture** ("A figurák elfogása" 1-2): if the last seed falls into an occupied own
//!   **inner** hole and **both** opponent holes of the facing column are occupied, take both and
//!   sow them as own seeds from the hole after the capturing hole (which keeps its seeds); the move
//!   goes on, and several captures in a move are possible. Captures are compulsory here (the
//!   penalty for a missed capture, "Büntetés elfogási hibáért", is etiquette, not modelled).
//! * **Reverse capture** ("Elfogás fordított lépéssel"): a move may start from `A`, `B`, `O` or `P`
//!   and be sown backwards (clockwise) with at most 9 seeds, only if its lap captures. The
//!   captured seeds are sown in a further reverse lap from the same start (again at most 9 and
//!   only if it captures), or forwards from the start's neighbour, after which the move goes on
//!   forwards. Figure 28's move (reverse from `A` capturing `k`+`f`, again capturing `l`+`e`, then
//!   forwards from `B`) is written `A-2`.
//! * **Win** ("Győzelem"): capture all the opponent's seeds, or leave them with at most one seed
//!   in every hole: a player with no legal move has lost, and the winner takes all the seeds.
//! * **Endless sowing**: a move whose relay comes back to a state it was in, or has not ended
//!   after [`MAX_LAPS`] laps, is not legal.
//!
//! Moves: `X` (forward from own hole `X`), `X-` (reverse from `X`, one reverse lap, then the
//! captured seeds forwards), `X-k` (`k` reverse laps). Stored as `hole | k << 4`.

use super::four_row::{self, four_row_basics, FourRowPosition, HOLES, INNER, MAX_LAPS};
use super::relay::{relay_within, Lap};
use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{house_letter, ParsePositionError, Side};

/// Omweso's parameters (RULES.md §9, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OmwesoSpec {
    /// Seeds in holes `A..P` of each player at the start (both alike); 64 seeds at most in all.
    pub start: [u8; 16],
}

impl GameOptions for OmwesoSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("omweso");
        Ok(OmwesoSpec {
            start: four_row::start_option(o, |s| s.start, [2; HOLES])?,
        })
    }
}

/// Holes a reverse move may start from: `A`, `B`, `O`, `P`.
pub const REVERSE_STARTS: [usize; 4] = [0, 1, 14, 15];
/// Most seeds a reverse lap may sow.
pub const MAX_REVERSE: u8 = 9;

const NOTATION: &str = "an Omweso move is an own hole letter (`A`..`P` for South, `a`..`p` for \
                        North; a forward move), or `A`, `B`, `O` or `P` followed by `-` (a reverse \
                        move) or `-k` (k reverse laps, 2 to 8)";

/// The Omweso rules of one game string.
#[derive(Clone, Debug)]
pub struct Omweso {
    spec: GameSpec,
    start: [u8; HOLES],
    total: u32,
}

/// Both rows as the mover sees them: own holes and the opponent's.
type Rows = ([u8; HOLES], [u8; HOLES]);

/// Whether a last seed in own hole `h` (already dropped) captures: `h` inner, occupied before,
/// and both facing opponent holes occupied.
#[inline(always)]
fn captures(rows: &Rows, h: usize) -> bool {
    h >= INNER && rows.0[h] > 1 && rows.1[23 - h] > 0 && rows.1[h - INNER] > 0
}

/// Takes the two opponent holes facing own inner hole `h`; returns their seeds.
#[inline(always)]
fn take(rows: &mut Rows, h: usize) -> u8 {
    let n = rows.1[23 - h] + rows.1[h - INNER];
    rows.1[23 - h] = 0;
    rows.1[h - INNER] = 0;
    n
}

/// Drops `hand` seeds one a hole forwards from the hole after `from`; the last hole.
#[inline(always)]
fn sow_forward(own: &mut [u8; HOLES], from: usize, hand: u8) -> usize {
    let mut h = from;
    for _ in 0..hand {
        h = (h + 1) % HOLES;
        own[h] += 1;
    }
    h
}

/// Drops `hand` (at most 9) seeds one a hole backwards from the hole before `from`; the last hole.
#[inline(always)]
fn sow_backward(own: &mut [u8; HOLES], from: usize, hand: u8) -> usize {
    let mut h = from;
    for _ in 0..hand {
        h = (h + HOLES - 1) % HOLES;
        own[h] += 1;
    }
    h
}

/// Forward sowing of `hand` seeds from the hole after `from`, with relays and captures, until a
/// last seed falls into an empty hole; `None` if it never ends.
fn forward(rows: Rows, from: usize, hand: u8) -> Option<Rows> {
    relay_within(
        (rows, from as u8, hand),
        MAX_LAPS,
        |(mut rows, from, hand)| {
            let h = sow_forward(&mut rows.0, from as usize, hand);
            if rows.0[h] == 1 {
                return Lap::End(rows);
            }
            let hand = if captures(&rows, h) {
                take(&mut rows, h)
            } else {
                std::mem::take(&mut rows.0[h])
            };
            Lap::Continue((rows, h as u8, hand))
        },
    )
}

/// A reverse lap of `hand` seeds from `start`: the rows after its capture, and the seeds
/// captured, if it is allowed (at most 9 seeds) and captures.
#[inline]
fn reverse_lap(mut rows: Rows, start: usize, hand: u8) -> Option<(Rows, u8)> {
    if hand > MAX_REVERSE {
        return None;
    }
    let h = sow_backward(&mut rows.0, start, hand);
    if !captures(&rows, h) {
        return None;
    }
    let n = take(&mut rows, h);
    Some((rows, n))
}

/// Calls `found` with each reverse move of the mover's `rows` in move order (by start, then lap
/// count) until it returns `false`: the move, the rows after its reverse laps' captures (the
/// start lifted), and the seeds its forward sowing starts with from the start hole.
#[inline]
fn each_reverse_start(rows: Rows, mut found: impl FnMut(u8, Rows, u8) -> bool) {
    for x in REVERSE_STARTS {
        let n = rows.0[x];
        if n < 2 {
            continue;
        }
        let mut r = rows;
        r.0[x] = 0;
        let mut lap = reverse_lap(r, x, n);
        let mut laps = 1u8;
        while let Some((r, captured)) = lap {
            if !found(x as u8 | laps << 4, r, captured) {
                return;
            }
            lap = reverse_lap(r, x, captured);
            laps += 1;
        }
    }
}

impl Omweso {
    /// The rules of `spec`.
    pub fn new(spec: OmwesoSpec) -> Omweso {
        Omweso {
            start: spec.start,
            total: 2 * spec.start.iter().map(|&n| n as u32).sum::<u32>(),
            spec: spec.into(),
        }
    }

    /// Seeds in the game (64 by default).
    #[inline(always)]
    pub fn total(&self) -> u32 {
        self.total
    }

    fn child(pos: &FourRowPosition, mv: u8, rows: Rows) -> Child<Self> {
        let mut next = *pos;
        next.holes[pos.side.index()] = rows.0;
        next.holes[pos.side.opponent().index()] = rows.1;
        next.side = pos.side.opponent();
        Child { mv, pos: next }
    }

    /// Calls `found` with each candidate move of `pos` in move order (forward moves `A`..`P`
    /// from holes of at least 2 seeds, then reverse moves by start and lap count) until it
    /// returns `false`: the move, the rows before its forward sowing (lifted, and after any
    /// reverse laps' captures), the hole that sowing starts after, and the seeds it sows. A
    /// candidate is a legal move if that sowing ends ([`forward`]); finding the candidates
    /// sows no relay.
    fn each_start(
        &self,
        pos: &FourRowPosition,
        mut found: impl FnMut(u8, Rows, usize, u8) -> bool,
    ) {
        let me = pos.side.index();
        let rows: Rows = (pos.holes[me], pos.holes[1 - me]);
        for x in 0..HOLES {
            let n = rows.0[x];
            if n < 2 {
                continue;
            }
            let mut r = rows;
            r.0[x] = 0;
            if !found(x as u8, r, x, n) {
                return;
            }
        }
        each_reverse_start(rows, |mv, r, hand| found(mv, r, (mv & 15) as usize, hand));
    }

    /// Calls `found` with each legal move of `pos` in order (forward moves `A`..`P`, then reverse
    /// moves by start and lap count) until it returns `false`.
    fn each_child(&self, pos: &FourRowPosition, mut found: impl FnMut(Child<Self>) -> bool) {
        self.each_start(pos, |mv, rows, from, hand| {
            match forward(rows, from, hand) {
                Some(after) => found(Self::child(pos, mv, after)),
                None => true,
            }
        });
    }
}

impl Rules for Omweso {
    four_row_basics!();

    fn start(&self) -> FourRowPosition {
        FourRowPosition::new([self.start; 2], Side::South)
    }

    /// A player without a legal move has lost.
    fn outcome(&self, pos: &FourRowPosition) -> Option<Outcome> {
        let mut any = false;
        self.each_child(pos, |_| {
            any = true;
            false
        });
        (!any).then(|| four_row::lost(self.total))
    }

    fn children(&self, pos: &FourRowPosition, out: &mut Children<Self>) {
        self.each_child(pos, |c| {
            out.push(c);
            true
        });
    }

    const OWN_RANDOM_STEP: bool = true;

    /// Sows only the chosen move: candidate `r * n / 2^32` of the `n` candidates
    /// ([`Omweso::each_start`]), which is the documented choice whenever every candidate's
    /// sowing ends (the legal moves are then the candidates); if the chosen one never ends, a
    /// legal move drawn uniformly by a number mixed from `r`. Either way each legal move has
    /// probability `1/legal` for a uniform `r`. Over (`Err`) when there is no candidate.
    fn random_step(
        &self,
        pos: &FourRowPosition,
        r: impl FnOnce() -> u32,
    ) -> Result<Child<Self>, Outcome> {
        let me = pos.side.index();
        let rows: Rows = (pos.holes[me], pos.holes[1 - me]);
        let forwards = rows.0.iter().filter(|&&n| n >= 2).count();
        // At most 8 reverse laps from each of the 4 starts (each lap empties two of the
        // opponent's 16 holes).
        let mut reverses = arrayvec::ArrayVec::<(u8, Rows, u8), 32>::new();
        each_reverse_start(rows, |mv, r, hand| reverses.try_push((mv, r, hand)).is_ok());
        let n = forwards + reverses.len();
        if n == 0 {
            return Err(four_row::lost(self.total));
        }
        let r = r();
        let k = ((r as u64 * n as u64) >> 32) as usize;
        let (mv, rows, hand) = if k < forwards {
            let x = (0..HOLES)
                .filter(|&x| rows.0[x] >= 2)
                .nth(k)
                .unwrap_or_default();
            let mut lifted = rows;
            lifted.0[x] = 0;
            (x as u8, lifted, rows.0[x])
        } else {
            reverses[k - forwards]
        };
        if let Some(after) = forward(rows, (mv & 15) as usize, hand) {
            return Ok(Self::child(pos, mv, after));
        }
        super::redrawn_step(self, pos, r)
    }

    fn parse_position(&self, text: &str) -> Result<FourRowPosition, ParsePositionError> {
        let (pos, parts) = four_row::split(text)?;
        parts.check_fields(&[], "Omweso positions have no fields")?;
        four_row::check_total(&pos, self.total)?;
        Ok(pos)
    }

    fn format_position(&self, pos: &FourRowPosition) -> String {
        pos.holes_text()
    }

    fn parse_move(&self, pos: &FourRowPosition, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        let (hole, rest) = four_row::parse_hole(pos, token, NOTATION)?;
        let laps = match rest {
            "" => 0,
            "-" => 1,
            _ => rest
                .strip_prefix('-')
                .filter(|k| k.len() == 1)
                .and_then(|k| k.parse::<u8>().ok())
                .filter(|k| (2..=8).contains(k))
                .ok_or_else(|| ParseMoveError::NotAMove {
                    token: token.to_string(),
                    notation: NOTATION,
                })?,
        };
        if laps > 0 && !REVERSE_STARTS.contains(&hole) {
            return Err(ParseMoveError::NotAMove {
                token: token.to_string(),
                notation: NOTATION,
            });
        }
        Ok(hole as u8 | laps << 4)
    }

    fn format_move(&self, pos: &FourRowPosition, mv: u8) -> String {
        let letter = house_letter(pos.side, (mv & 15) as usize);
        match mv >> 4 {
            0 => letter.to_string(),
            1 => format!("{letter}-"),
            k => format!("{letter}-{k}"),
        }
    }

    fn num_actions(&self) -> usize {
        HOLES + REVERSE_STARTS.len() * 8
    }

    /// Forward from hole `h`: `h`; `k` reverse laps from the `j`-th reverse start:
    /// `16 + 8j + k - 1`.
    fn action(&self, mv: u8) -> usize {
        let (hole, laps) = ((mv & 15) as usize, (mv >> 4) as usize);
        if laps == 0 {
            return hole;
        }
        let j = REVERSE_STARTS
            .iter()
            .position(|&h| h == hole)
            .expect("reverse moves start from A, B, O or P");
        HOLES + 8 * j + laps - 1
    }
}
