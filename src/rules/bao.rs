//! Bao la Kete (Lamu) and Bao la Kiswahili (Zanzibar Bao), RULES.md §10, from seed 003 (Bao la
//! Kete, after Mancala World) and seed 000 (Bao), with Bao la Kiswahili's standard rules after
//! Donkers (2001) and de Voogt (1995), and the decisions of `docs/rule-decisions-four-row.md`.
//! Board, hole letters and columns: [`super::four_row`].
//!
//! * **Board** (seed 003, "Oyun lövhəsi"): four rows of 8, no stores. Each player's **front**
//!   row is their inner row `I..P`, the **back** row `A..H`. The square hole 4th from the
//!   owner's right in the front row, `L`, is the **kuu** (Bao la Kiswahili: **nyumba**). The
//!   front row's ends are the **kichwa** (`I` right, `P` left); the two holes at each end are the
//!   **kimbi** (`I`, `J` and `P`, `O`). Only front holes are captured (seed 000: "Elfogni csak az
//!   elülső sorban lehet").
//! * **Start** (seed 003's diagram): `J` = 2, `K` = 2, `L` = 6 for each player, 22 seeds in each
//!   reserve; the keys `reserve` and `start` make reduced games (a kuu at the start where `L`
//!   holds 6 or more). South moves first.
//! * **Capture** (seed 003, "Ələ keçirmə gedişləri"): the last seed of a lap in an occupied own
//!   front hole facing an occupied opponent front hole takes the opponent's seeds, which are sown
//!   from a kichwa toward the centre (seed 000: "always from the start of the row"): the nearest
//!   kichwa for a kimbi, the player's choice for a central hole at a nemo move's first capture,
//!   else the kichwa that keeps the direction. The move then goes on, with further captures.
//! * **Nemo** (namua) while the mover has reserve seeds: a reserve seed goes into a front hole;
//!   captures are compulsory; a **takata** (non-capturing move) puts it into an occupied hole
//!   (not the kuu unless it is the only occupied front hole; without a kuu only into a hole with
//!   2 or more unless all are singletons), lifts it and sows in either direction, relaying until
//!   a lap ends in an empty hole or in the kuu. Kuu: Bao la Kete's kuu never falls below 6 (a kuu
//!   holding exactly 6 that must be played is emptied and lost, one with more gives 2 seeds);
//!   Bao la Kiswahili's nyumba is taxed (2 seeds). A capture lap ending in the kuu: stop, or go
//!   on (**safari**, the kuu is lost).
//! * **Hizi zetu** (mtaji) once the reserve is empty: lift any own hole with 2 or more and sow in
//!   either direction. A capture needs the first lap (of fewer than 16 seeds) to end in a capture
//!   position; captures are compulsory; the kuu is relayed (safari is compulsory). A takata starts
//!   from the kuu while it exists, else from the front row (the back row only when the front row
//!   holds singletons only); the front row may never be emptied. **Takasia**: after a takata that
//!   threatens exactly one opponent hole and leaves none of the mover's threatened, that hole is
//!   marked: its owner may not start from it nor relay from it (seed 003, "Takasia"). In Bao la
//!   Kete the marker must then capture it if they can.
//! * **Win** (seed 003, "Oyunun sonu və qələbə"): take the opponent's whole front row ("Bao
//!   hamna"), or leave them no move (singletons only). The winner takes all the seeds.
//! * **Endless sowing**: a move whose relay comes back to a state it was in, or has not ended
//!   after [`MAX_LAPS`] laps, is not legal, and does not count when deciding whether a capture is
//!   possible.
//!
//! Moves: the hole letter (nemo: the hole that gets the reserve seed; hizi zetu: the start hole),
//! then `+` (forwards, counter-clockwise) or `-` (backwards): a takata's or hizi zetu capture's
//! first direction, a nemo capture's first sowing direction of captured seeds (`+` from `I`, `-`
//! from `P`); then `s` for a nemo capture that goes on at the kuu (safari). Stored as
//! `hole | backwards << 4 | safari << 5`.

use super::four_row::{self, four_row_basics, FourRowPosition, HOLES, INNER, MAX_LAPS, NO_MARK};
use super::relay::{relay_within, Lap};
use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{house_letter, parse_house_letter, ParsePositionError, Side};

/// Bao's parameters (RULES.md §10, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaoSpec {
    /// Which Bao.
    pub game: BaoGame,
    /// Seeds in each player's reserve at the start, `0..=22` (seed 003: 22).
    pub reserve: u8,
    /// Seeds in holes `A..P` of each player at the start (both alike): seed 003's `J` = 2,
    /// `K` = 2, `L` = 6 unless a reduced game gives others. Each player owns a kuu at the start
    /// if `L` holds 6 or more.
    pub start: [u8; 16],
}

/// Which Bao (RULES.md §10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaoGame {
    /// Bao la Kete (Lamu), seed 003.
    Kete,
    /// Bao la Kiswahili (Zanzibar Bao), after Donkers (2001) and de Voogt (1995).
    Kiswahili,
}

/// Seed 003's start row: `J` = 2, `K` = 2, the kuu `L` = 6.
pub const BAO_START: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 6, 0, 0, 0, 0];

impl GameOptions for BaoSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        let names = &[
            ("bao-la-kete", BaoGame::Kete),
            ("bao-la-kiswahili", BaoGame::Kiswahili),
        ];
        let spec = BaoSpec {
            game: o.names(names, |b| b.game),
            reserve: o.number("reserve", |b| b.reserve, 22, 0, 22)?,
            start: four_row::start_option(o, |b| b.start, BAO_START)?,
        };
        if spec.start.iter().map(|&n| n as u32).sum::<u32>() + spec.reserve as u32 > 32 {
            return Err(ParseGameError::BadValue {
                key: "reserve".into(),
                value: spec.reserve.to_string(),
                expected: "at most 32 seeds a player in all, on the board and in reserve".into(),
            });
        }
        Ok(spec)
    }
}

/// The kuu / nyumba, `L`.
pub const KUU: usize = 11;
/// The right kichwa, `I`.
pub const RIGHT_KICHWA: usize = 8;
/// The left kichwa, `P`.
pub const LEFT_KICHWA: usize = 15;
/// Seeds a kuu needs to be functional.
pub const KUU_FLOOR: u8 = 6;
/// A first lap of this many seeds or more captures nothing (hizi zetu).
pub const NO_CAPTURE_LAP: u8 = 16;

const BACKWARDS: u8 = 1 << 4;
const SAFARI: u8 = 1 << 5;

const NOTATION: &str = "a Bao move is an own hole letter (`A`..`P` for South, `a`..`p` for North) \
                        followed by `+` or `-` (the direction), and `s` for a safari at the kuu, \
                        for example `K+` or `N-s`";

/// The Bao rules of one game string: Bao la Kete or Bao la Kiswahili.
#[derive(Clone, Debug)]
pub struct Bao {
    spec: GameSpec,
    game: BaoGame,
    reserve: u8,
    start: [u8; HOLES],
}

/// A move in progress, as its mover sees it: what the next laps depend on.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Sowing {
    own: [u8; HOLES],
    opp: [u8; HOLES],
    own_kuu: bool,
    opp_kuu: bool,
    /// The next seed goes into the hole after this one in the direction.
    hole: u8,
    forwards: bool,
    hand: u8,
    /// Whether the lap about to be sown is the move's first.
    first: bool,
}

impl Sowing {
    /// The start of a hizi zetu move: own hole `x` lifted whole (a kuu lifted is lost), to be
    /// sown in direction `forwards`.
    #[inline(always)]
    fn lift(mut self, x: usize, forwards: bool) -> Sowing {
        self.hand = std::mem::take(&mut self.own[x]);
        if x == KUU {
            self.own_kuu = false;
        }
        self.hole = x as u8;
        self.forwards = forwards;
        self
    }
}

/// What kind of move a child comes from: what the position after it records.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A nemo move: one seed less in the reserve.
    Nemo,
    /// A hizi zetu capture.
    Capture,
    /// A hizi zetu takata: it may mark an opponent hole (takasia).
    Takata,
}

/// How the laps of a move are played.
#[derive(Clone, Copy)]
struct Laps {
    capture: bool,
    nemo: bool,
    safari: bool,
    /// The mover's takasia-marked hole or [`NO_MARK`].
    mark: u8,
    /// Whether the move started from the functional kuu.
    from_kuu: bool,
}

/// The next hole in a direction.
#[inline(always)]
fn step(h: usize, forwards: bool) -> usize {
    if forwards {
        (h + 1) % HOLES
    } else {
        (h + HOLES - 1) % HOLES
    }
}

/// The hole before a kichwa, so that sowing in `forwards` starts in the kichwa.
#[inline(always)]
fn before_kichwa(forwards: bool) -> u8 {
    if forwards {
        RIGHT_KICHWA as u8 - 1
    } else {
        ((LEFT_KICHWA + 1) % HOLES) as u8
    }
}

/// The direction captured seeds take after a capture at own front hole `h`: the nearest kichwa
/// for a kimbi, else the current direction.
#[inline(always)]
fn capture_direction(h: usize, forwards: bool) -> bool {
    match h {
        8 | 9 => true,
        14 | 15 => false,
        _ => forwards,
    }
}

/// Empties the opponent's front hole facing own front hole `h`; its seeds.
#[inline(always)]
fn take(s: &mut Sowing, h: usize) -> u8 {
    let t = 23 - h;
    if t == KUU {
        s.opp_kuu = false;
    }
    std::mem::take(&mut s.opp[t])
}

/// Front holes `I..P` of a row as a bit mask of the occupied ones (bit `i - 8`).
#[inline(always)]
fn occupied_front(row: &[u8; HOLES]) -> u32 {
    (INNER..HOLES)
        .filter(|&i| row[i] > 0)
        .fold(0, |m, i| m | 1 << (i - INNER))
}

/// The opponent front holes (bit `t - 8` for hole `t`) whose seeds `own` can take in a move of
/// its stage: nemo (`reserve > 0`) or hizi zetu (a first lap of 2 to 15 seeds).
fn threats(own: &[u8; HOLES], opp: &[u8; HOLES], reserve: u8) -> u32 {
    let mut m = 0;
    let mut hit = |h: usize, occupied: bool| {
        if h >= INNER && occupied && opp[23 - h] > 0 {
            m |= 1 << (23 - h - INNER);
        }
    };
    if reserve > 0 {
        for (h, &n) in own.iter().enumerate().skip(INNER) {
            hit(h, n > 0);
        }
    } else {
        for x in 0..HOLES {
            let n = own[x];
            if (2..NO_CAPTURE_LAP).contains(&n) {
                for h in [(x + n as usize) % HOLES, (x + HOLES - n as usize) % HOLES] {
                    hit(h, own[h] > 0);
                }
            }
        }
    }
    m
}

/// Whether lifting own hole `x` in direction `forwards` would empty the front row: `x` is the
/// only occupied front hole, a kichwa, and the direction leads into the back row.
#[inline(always)]
fn empties_front(own: &[u8; HOLES], x: usize, forwards: bool) -> bool {
    ((x == RIGHT_KICHWA && !forwards) || (x == LEFT_KICHWA && forwards))
        && occupied_front(own) == 1 << (x - INNER)
}

impl Bao {
    /// The rules of `spec`.
    pub fn new(spec: BaoSpec) -> Bao {
        Bao {
            game: spec.game,
            reserve: spec.reserve,
            start: spec.start,
            spec: spec.into(),
        }
    }

    /// Seeds in the game: on the board and in both reserves (64 by default).
    #[inline(always)]
    pub fn total(&self) -> u32 {
        2 * (self.start.iter().map(|&n| n as u32).sum::<u32>() + self.reserve as u32)
    }

    /// Plays laps from `s` until the move ends: the end state and whether it stopped at a kuu
    /// where the player could have gone on (safari); `None` if the laps never end.
    fn run(&self, s: Sowing, laps: Laps) -> Option<(Sowing, bool)> {
        relay_within(s, MAX_LAPS, |mut s| {
            let mut h = s.hole as usize;
            for _ in 0..s.hand {
                h = step(h, s.forwards);
                s.own[h] += 1;
            }
            let before = s.own[h] - 1;
            let first = std::mem::replace(&mut s.first, false);
            if before == 0 {
                return Lap::End((s, false));
            }
            if laps.capture && h >= INNER && s.opp[23 - h] > 0 {
                s.hand = take(&mut s, h);
                s.forwards = capture_direction(h, s.forwards);
                s.hole = before_kichwa(s.forwards);
                return Lap::Continue(s);
            }
            if laps.nemo && h == KUU && s.own_kuu && s.own[h] >= KUU_FLOOR {
                if !laps.capture {
                    return Lap::End((s, false));
                }
                if !laps.safari {
                    return Lap::End((s, true));
                }
            }
            if h == laps.mark as usize && !(first && laps.from_kuu) {
                return Lap::End((s, false));
            }
            s.hand = std::mem::take(&mut s.own[h]);
            if h == KUU {
                s.own_kuu = false;
            }
            s.hole = h as u8;
            Lap::Continue(s)
        })
    }

    /// The position after a move of `pos` of `kind` that ended in `s`.
    fn after(&self, pos: &FourRowPosition, mv: u8, s: &Sowing, kind: Kind) -> Child<Self> {
        let (me, you) = (pos.side.index(), pos.side.opponent().index());
        let mut next = *pos;
        next.holes[me] = s.own;
        next.holes[you] = s.opp;
        next.kuu[me] = s.own_kuu;
        next.kuu[you] = s.opp_kuu;
        next.side = pos.side.opponent();
        next.takasia[you] = NO_MARK;
        match kind {
            Kind::Nemo => next.reserve[me] -= 1,
            Kind::Takata if pos.reserve[you] == 0 => {
                next.takasia[you] = self.takasia(&next, pos.side)
            }
            _ => {}
        }
        Child { mv, pos: next }
    }

    /// The hole of the opponent of `mover` that `mover`'s takata marks in `next` (both players
    /// in hizi zetu), or [`NO_MARK`].
    fn takasia(&self, next: &FourRowPosition, mover: Side) -> u8 {
        let (own, opp) = (
            &next.holes[mover.index()],
            &next.holes[mover.opponent().index()],
        );
        let threatened = threats(own, opp, 0);
        if threatened.count_ones() != 1 || threats(opp, own, 0) != 0 {
            return NO_MARK;
        }
        let t = INNER + threatened.trailing_zeros() as usize;
        let kuu = t == KUU && next.kuu[mover.opponent().index()] && opp[KUU] >= KUU_FLOOR;
        let only_occupied = occupied_front(opp).count_ones() == 1;
        let rich: u32 = (INNER..HOLES).filter(|&i| opp[i] > 1).count() as u32;
        let only_rich = rich == 1 && opp[t] > 1;
        if kuu || only_occupied || only_rich {
            NO_MARK
        } else {
            t as u8
        }
    }

    /// Calls `found` with each candidate move of `pos` of one class, in move order, until it
    /// returns `false`: the captures (`captures`: nemo captures, else hizi zetu captures of a
    /// first lap of 2 to 15 seeds, Bao la Kete's takasia priority applied) or the takata moves
    /// (nemo takata, else hizi zetu takata from the functional kuu, the front row or the back
    /// row). Each is given as its move, the sowing before its laps, how its laps are played and
    /// its kind; no lap is sown here. A candidate is a legal move if its laps end
    /// ([`Bao::run`]); the captures are the legal moves if any of them is, else the takata
    /// moves are ([`Bao::each_child`]). A nemo capture that stops at the kuu also has a safari
    /// ([`Bao::each_child`]), not given here.
    fn each_candidate(
        &self,
        pos: &FourRowPosition,
        captures: bool,
        mut found: impl FnMut(u8, Sowing, Laps, Kind) -> bool,
    ) {
        let (me, you) = (pos.side.index(), pos.side.opponent().index());
        let own = pos.holes[me];
        if occupied_front(&own) == 0 {
            return;
        }
        let start = Sowing {
            own,
            opp: pos.holes[you],
            own_kuu: pos.kuu[me],
            opp_kuu: pos.kuu[you],
            hole: 0,
            forwards: true,
            hand: 0,
            first: true,
        };
        let functional = pos.kuu[me] && own[KUU] >= KUU_FLOOR;
        let mark = pos.takasia[me];
        let laps = Laps {
            capture: captures,
            nemo: pos.reserve[me] > 0,
            safari: false,
            mark,
            from_kuu: false,
        };
        let mv_of = |h: usize, forwards: bool| h as u8 | if forwards { 0 } else { BACKWARDS };
        match (pos.reserve[me] > 0, captures) {
            (true, true) => {
                // Nemo captures: the reserve seed into an occupied front hole facing an
                // occupied one.
                for (h, &seeds) in own.iter().enumerate().skip(INNER) {
                    if seeds == 0 || start.opp[23 - h] == 0 {
                        continue;
                    }
                    let mut s = start;
                    s.own[h] += 1;
                    s.hand = take(&mut s, h);
                    s.first = false;
                    let directions: &[bool] = match h {
                        8 | 9 => &[true],
                        14 | 15 => &[false],
                        _ => &[true, false],
                    };
                    for &forwards in directions {
                        s.forwards = forwards;
                        s.hole = before_kichwa(forwards);
                        if !found(mv_of(h, forwards), s, laps, Kind::Nemo) {
                            return;
                        }
                    }
                }
            }
            (true, false) => {
                // Nemo takata.
                let occupied = occupied_front(&own);
                let singletons = (INNER..HOLES).all(|i| own[i] <= 1);
                for h in INNER..HOLES {
                    let allowed = own[h] > 0
                        && if functional {
                            h != KUU || occupied == 1 << (KUU - INNER)
                        } else {
                            own[h] >= 2 || singletons
                        };
                    if !allowed {
                        continue;
                    }
                    let mut s = start;
                    s.own[h] += 1;
                    let lift = if h == KUU && functional {
                        if self.game == BaoGame::Kete && own[KUU] == KUU_FLOOR {
                            s.own_kuu = false;
                            s.own[KUU]
                        } else {
                            2
                        }
                    } else {
                        if h == KUU {
                            s.own_kuu = false;
                        }
                        s.own[h]
                    };
                    s.own[h] -= lift;
                    s.hand = lift;
                    s.hole = h as u8;
                    for forwards in [true, false] {
                        s.forwards = forwards;
                        if !found(mv_of(h, forwards), s, laps, Kind::Nemo) {
                            return;
                        }
                    }
                }
            }
            (false, true) => {
                // Hizi zetu captures: a first lap of 2 to 15 seeds ending in a capture
                // position.
                let priority = if self.game == BaoGame::Kete {
                    pos.takasia[you]
                } else {
                    NO_MARK
                };
                let mut candidates = [(0u8, false, 0u8); 2 * HOLES];
                let mut n_candidates = 0;
                let mut prioritised = false;
                for x in 0..HOLES {
                    let n = own[x];
                    if !(2..NO_CAPTURE_LAP).contains(&n) || x == mark as usize {
                        continue;
                    }
                    for forwards in [true, false] {
                        let h = if forwards {
                            (x + n as usize) % HOLES
                        } else {
                            (x + HOLES - n as usize) % HOLES
                        };
                        if h >= INNER
                            && own[h] > 0
                            && start.opp[23 - h] > 0
                            && !empties_front(&own, x, forwards)
                        {
                            let target = (23 - h) as u8;
                            prioritised |= target == priority;
                            candidates[n_candidates] = (x as u8, forwards, target);
                            n_candidates += 1;
                        }
                    }
                }
                for &(x, forwards, target) in &candidates[..n_candidates] {
                    if prioritised && target != priority {
                        continue;
                    }
                    let x = x as usize;
                    let s = start.lift(x, forwards);
                    if !found(mv_of(x, forwards), s, laps, Kind::Capture) {
                        return;
                    }
                }
            }
            (false, false) => {
                // Hizi zetu takata: from the functional kuu, else the front row, else the
                // back row.
                let front_rich = (INNER..HOLES).any(|i| own[i] >= 2);
                for x in 0..HOLES {
                    let allowed = if functional {
                        x == KUU
                    } else if front_rich {
                        x >= INNER && own[x] >= 2
                    } else {
                        x < INNER && own[x] >= 2
                    };
                    if !allowed || x == mark as usize {
                        continue;
                    }
                    for forwards in [true, false] {
                        if empties_front(&own, x, forwards) {
                            continue;
                        }
                        let takata = Laps {
                            from_kuu: x == KUU && functional,
                            ..laps
                        };
                        let s = start.lift(x, forwards);
                        if !found(mv_of(x, forwards), s, takata, Kind::Takata) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Calls `found` with each legal move of `pos` until it returns `false`: the captures whose
    /// laps end (each nemo capture that stops at the kuu followed by its safari, if that ends),
    /// or if there are none the takata moves whose laps end ([`Bao::each_candidate`]).
    fn each_child(&self, pos: &FourRowPosition, mut found: impl FnMut(Child<Self>) -> bool) {
        let mut captured = false;
        let mut stopped_early = false;
        self.each_candidate(pos, true, |mv, s, laps, kind| {
            let Some((end, stopped)) = self.run(s, laps) else {
                return true;
            };
            captured = true;
            let mut go_on = found(self.after(pos, mv, &end, kind));
            if go_on && stopped {
                let safari = Laps {
                    safari: true,
                    ..laps
                };
                if let Some((end, _)) = self.run(s, safari) {
                    go_on = found(self.after(pos, mv | SAFARI, &end, kind));
                }
            }
            stopped_early = !go_on;
            go_on
        });
        if captured || stopped_early {
            return;
        }
        self.each_candidate(pos, false, |mv, s, laps, kind| match self.run(s, laps) {
            Some((end, _)) => found(self.after(pos, mv, &end, kind)),
            None => true,
        });
    }

    fn mark_text(side: Side, mark: u8) -> Option<char> {
        (mark != NO_MARK).then(|| house_letter(side, mark as usize))
    }
}

impl Rules for Bao {
    four_row_basics!(own_drawing);

    fn draw(&self, pos: &FourRowPosition) -> String {
        self.draw_from(pos, Side::South)
    }

    /// The four-row drawing ([`FourRowPosition::draw_from`]) with rows named `back` and
    /// `front` and each owned kuu's letter in brackets (`[L]`), then one line a player, the
    /// top player first: `<side>: <n> seeds (<r> in reserve), kuu <L|none>, <stage> stage`
    /// (seeds in holes and reserve), the stage being `nemo` while the player has reserve seeds
    /// and `hizi zetu` after (Bao la Kiswahili: `nyumba` for `kuu`, stages `namua` and
    /// `mtaji`), and last `takasia: <holes|none>`, the marked holes (South's first). The start of Bao la Kete (seed 003), South to move:
    ///
    /// ```text
    ///    h   g   f   e   d   c   b   a
    ///    0   0   0   0   0   0   0   0   North back
    ///    i   j   k [l]   m   n   o   p
    ///    0   2   2   6   0   0   0   0   North front
    ///    P   O   N   M [L]   K   J   I
    ///    0   0   0   0   6   2   2   0   South front
    ///    A   B   C   D   E   F   G   H
    ///    0   0   0   0   0   0   0   0   South back <- to move
    /// North: 32 seeds (22 in reserve), kuu l, nemo stage
    /// South: 32 seeds (22 in reserve), kuu L, nemo stage
    /// takasia: none
    /// ```
    fn draw_from(&self, pos: &FourRowPosition, bottom: Side) -> String {
        let mut out = pos.draw_rows(bottom, ["back", "front"], &|side, hole| {
            hole == KUU && pos.kuu[side.index()]
        });
        let (sowing, reserve, house) = match self.game {
            BaoGame::Kete => ("hizi zetu", "nemo", "kuu"),
            BaoGame::Kiswahili => ("mtaji", "namua", "nyumba"),
        };
        for side in [bottom.opponent(), bottom] {
            let k = side.index();
            let kuu = if pos.kuu[k] {
                house_letter(side, KUU).to_string()
            } else {
                "none".to_string()
            };
            let stage = if pos.reserve[k] > 0 { reserve } else { sowing };
            out.push_str(&format!(
                "{side}: {} seeds ({} in reserve), {house} {kuu}, {stage} stage\n",
                pos.seeds_of(side),
                pos.reserve[k]
            ));
        }
        let marks: Vec<String> = [Side::South, Side::North]
            .iter()
            .filter_map(|&side| Self::mark_text(side, pos.takasia[side.index()]))
            .map(String::from)
            .collect();
        let marks = if marks.is_empty() {
            "none".to_string()
        } else {
            marks.join(", ")
        };
        out.push_str(&format!("takasia: {marks}\n"));
        out
    }

    fn start(&self) -> FourRowPosition {
        let mut pos = FourRowPosition::new([self.start; 2], Side::South);
        pos.reserve = [self.reserve; 2];
        pos.kuu = [self.start[KUU] >= KUU_FLOOR; 2];
        pos
    }

    /// The player to move has lost if their front row is empty or they have no legal move.
    fn outcome(&self, pos: &FourRowPosition) -> Option<Outcome> {
        let mut any = false;
        self.each_child(pos, |_| {
            any = true;
            false
        });
        (!any).then(|| four_row::lost(self.total()))
    }

    fn children(&self, pos: &FourRowPosition, out: &mut Children<Self>) {
        self.each_child(pos, |c| {
            out.push(c);
            true
        });
    }

    const OWN_RANDOM_STEP: bool = true;

    /// Sows only the chosen move where it can: the legal moves are the candidates of one class
    /// ([`Bao::each_candidate`]; while the mover owns the kuu, the nemo captures are sown to
    /// find their safaris), the choice is candidate `r * n / 2^32` of the `n`, the documented
    /// choice whenever every candidate's laps end; if the chosen one never ends, a legal move drawn uniformly by a number mixed
    /// from `r` (each legal move keeps probability `1/legal` for a uniform `r`). Over (`Err`)
    /// when there is no candidate.
    fn random_step(
        &self,
        pos: &FourRowPosition,
        r: impl FnOnce() -> u32,
    ) -> Result<Child<Self>, Outcome> {
        // At most 32 candidates: hizi zetu moves from 16 holes in 2 directions, or 12 nemo
        // captures (8 front holes, the kichwas one way) with as many safaris.
        let mut list = arrayvec::ArrayVec::<(u8, Sowing, Laps, Kind, Option<Sowing>), 40>::new();
        self.each_candidate(pos, true, |mv, s, laps, kind| {
            // Only a nemo capture of a player who still owns the kuu can stop there and have a
            // safari: the others are listed unsown.
            if !laps.nemo || !s.own_kuu {
                return list.try_push((mv, s, laps, kind, None)).is_ok();
            }
            if let Some((end, stopped)) = self.run(s, laps) {
                let safari = Laps {
                    safari: true,
                    ..laps
                };
                let safari = stopped.then_some((mv | SAFARI, s, safari, kind, None));
                return list.try_push((mv, s, laps, kind, Some(end))).is_ok()
                    && safari.is_none_or(|c| list.try_push(c).is_ok());
            }
            true
        });
        if list.is_empty() {
            self.each_candidate(pos, false, |mv, s, laps, kind| {
                list.try_push((mv, s, laps, kind, None)).is_ok()
            });
        }
        if list.is_empty() {
            return Err(four_row::lost(self.total()));
        }
        let r = r();
        let (mv, s, laps, kind, end) = list[((r as u64 * list.len() as u64) >> 32) as usize];
        if let Some(end) = end.or_else(|| self.run(s, laps).map(|(end, _)| end)) {
            return Ok(self.after(pos, mv, &end, kind));
        }
        super::redrawn_step(self, pos, r)
    }

    fn parse_position(&self, text: &str) -> Result<FourRowPosition, ParsePositionError> {
        let (mut pos, parts) = four_row::split(text)?;
        parts.check_fields(
            &["reserve", "kuu", "takasia"],
            "Bao positions have `;reserve=<South>-<North>`, `;kuu=SN|S|N|-` and `;takasia=<hole>`",
        )?;
        if let Some((value, field)) = parts.field("reserve") {
            let bad = || ParsePositionError::BadField {
                field: field.to_string(),
                expected: "the seeds in each reserve, `reserve=<South>-<North>`, each from 0 to 31"
                    .to_string(),
            };
            let count = |t: &str| {
                Some(t)
                    .filter(|t| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
                    .and_then(|t| t.parse::<u8>().ok())
                    .filter(|&n| n <= 31)
            };
            let (s, n) = value.split_once('-').ok_or_else(bad)?;
            pos.reserve = [count(s).ok_or_else(bad)?, count(n).ok_or_else(bad)?];
        }
        if let Some((value, field)) = parts.field("kuu") {
            pos.kuu = match value {
                "SN" => [true, true],
                "S" => [true, false],
                "N" => [false, true],
                "-" => [false, false],
                _ => {
                    return Err(ParsePositionError::BadField {
                        field: field.to_string(),
                        expected: "who still owns a kuu: `SN`, `S`, `N` or `-`".to_string(),
                    })
                }
            };
        }
        if let Some((value, field)) = parts.field("takasia") {
            let bad = || ParsePositionError::BadField {
                field: field.to_string(),
                expected: "the marked front holes: a letter `I`..`P` (South) or `i`..`p` \
                           (North), two as `K,k`"
                    .to_string(),
            };
            for mark in value.split(',') {
                let mut chars = mark.trim().chars();
                let (side, hole) = match (chars.next().and_then(parse_house_letter), chars.next()) {
                    (Some((side, hole)), None) if (INNER..HOLES).contains(&hole) => (side, hole),
                    _ => return Err(bad()),
                };
                if pos.takasia[side.index()] != NO_MARK {
                    return Err(bad());
                }
                pos.takasia[side.index()] = hole as u8;
            }
        }
        four_row::check_total(&pos, self.total())?;
        Ok(pos)
    }

    fn format_position(&self, pos: &FourRowPosition) -> String {
        let mut text = pos.holes_text();
        if pos.reserve != [0, 0] {
            text += &format!(";reserve={}-{}", pos.reserve[0], pos.reserve[1]);
        }
        text += match pos.kuu {
            [true, true] => ";kuu=SN",
            [true, false] => ";kuu=S",
            [false, true] => ";kuu=N",
            [false, false] => "",
        };
        let marks: Vec<String> = [Side::South, Side::North]
            .iter()
            .filter_map(|&side| Self::mark_text(side, pos.takasia[side.index()]))
            .map(String::from)
            .collect();
        if !marks.is_empty() {
            text += &format!(";takasia={}", marks.join(","));
        }
        text
    }

    fn parse_move(&self, pos: &FourRowPosition, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        let (hole, rest) = four_row::parse_hole(pos, token, NOTATION)?;
        let mv = match rest {
            "+" => 0,
            "-" => BACKWARDS,
            "+s" => SAFARI,
            "-s" => BACKWARDS | SAFARI,
            _ => {
                return Err(ParseMoveError::NotAMove {
                    token: token.to_string(),
                    notation: NOTATION,
                })
            }
        };
        Ok(hole as u8 | mv)
    }

    fn format_move(&self, pos: &FourRowPosition, mv: u8) -> String {
        format!(
            "{}{}{}",
            house_letter(pos.side, (mv & 15) as usize),
            if mv & BACKWARDS != 0 { '-' } else { '+' },
            if mv & SAFARI != 0 { "s" } else { "" }
        )
    }

    fn num_actions(&self) -> usize {
        48
    }

    /// Hole `h` plus 16 for `-`; a safari: `32 + (h - 8)` plus 8 for `-` (front holes only).
    fn action(&self, mv: u8) -> usize {
        let (hole, backwards) = ((mv & 15) as usize, mv & BACKWARDS != 0);
        if mv & SAFARI != 0 {
            debug_assert!(hole >= INNER, "a safari starts from a front hole");
            32 + hole - INNER + if backwards { 8 } else { 0 }
        } else {
            hole + if backwards { 16 } else { 0 }
        }
    }
}
