//! Relay sowing that may never end: laps run until the move ends, and a move whose laps come
//! back to a state they were already in is reported as endless (`docs/rule-decisions.md`:
//! such a move is not legal).
//!
//! Detection is Brent's cycle-finding algorithm (Brent 1980, "An improved Monte Carlo
//! factorization algorithm"): the state after lap `2^k` is kept and every later state is compared
//! with it, so a cycle of any length is found within a few times its length and the start of the
//! cycle, with one comparison a lap and no memory beyond two states.
//!
//! Where relays wander through a huge state space (the four-row games: 30 to 60 seeds in 16
//! holes), a cycle can take millions of laps to close, so [`relay_within`] also gives up after a
//! set number of laps, a documented rule of those games.

/// What one lap leads to.
pub enum Lap<S, E> {
    /// The sowing goes on from this state.
    Continue(S),
    /// The move ended with this result.
    End(E),
}

/// Runs laps from `start` until one ends the move; `None` if the laps repeat a state (an
/// endless move). Each `S` must hold everything the next laps depend on.
#[inline]
pub fn relay<S: Copy + Eq, E>(start: S, lap: impl FnMut(S) -> Lap<S, E>) -> Option<E> {
    relay_within(start, u64::MAX, lap)
}

/// [`relay`], but a move that has not ended after `max_laps` laps also counts as endless (`None`).
#[inline]
pub fn relay_within<S: Copy + Eq, E>(
    start: S,
    max_laps: u64,
    mut lap: impl FnMut(S) -> Lap<S, E>,
) -> Option<E> {
    let (mut state, mut saved) = (start, start);
    let (mut power, mut length) = (1u64, 0u64);
    let mut laps = 0u64;
    loop {
        match lap(state) {
            Lap::End(e) => return Some(e),
            Lap::Continue(next) => {
                laps += 1;
                if next == saved || laps >= max_laps {
                    return None;
                }
                length += 1;
                if length == power {
                    saved = next;
                    power *= 2;
                    length = 0;
                }
                state = next;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk that ends at `stop` or cycles: x -> (a x + c) mod n, an ultimately periodic map.
    fn walk(start: u32, a: u32, c: u32, n: u32, stop: u32) -> Option<u32> {
        let mut steps = 0;
        relay(start, |x| {
            steps += 1;
            let y = (a * x + c) % n;
            if y == stop {
                Lap::End(steps)
            } else {
                Lap::Continue(y)
            }
        })
    }

    /// The same question answered by remembering every state.
    fn walk_slow(start: u32, a: u32, c: u32, n: u32, stop: u32) -> Option<u32> {
        let mut seen = std::collections::HashSet::new();
        let (mut x, mut steps) = (start, 0);
        loop {
            if !seen.insert(x) {
                return None;
            }
            steps += 1;
            x = (a * x + c) % n;
            if x == stop {
                return Some(steps);
            }
        }
    }

    #[test]
    fn agrees_with_remembering_every_state() {
        for n in 1..40 {
            for a in 0..n {
                for c in 0..3 {
                    for start in 0..n {
                        let stop = (start * 7 + 3) % (n + 2);
                        assert_eq!(
                            walk(start, a, c, n, stop),
                            walk_slow(start, a, c, n, stop),
                            "n={n} a={a} c={c} start={start}"
                        );
                    }
                }
            }
        }
    }
}
