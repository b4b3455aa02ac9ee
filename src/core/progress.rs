//! [`Progress`]: how long jobs tell their front end how far they are, without drawing
//! anything themselves; [`Stop`]: how a front end stops them.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

/// When work a front end runs must stop, whatever budget it was given: an instant (a server's
/// time ceiling), a flag another thread sets (its client went away), or both. The default
/// never stops. Agents given one (in their [`crate::agents::Clock`]) stop searching when it is
/// reached and play the best move found so far, fixed-work agents too (their move is then
/// not reproducible); match runs abandon the games in progress.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    /// Stop at this instant.
    pub at: Option<Instant>,
    /// Stop once this flag is set.
    pub flag: Option<Arc<AtomicBool>>,
}

impl Stop {
    /// Whether the work must stop now (reads the clock if an instant is set).
    #[inline]
    pub fn reached(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Relaxed))
            || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// This stop, also reached at `deadline` (a search's own time budget) if that comes first.
    pub fn until(&self, deadline: Option<Instant>) -> Stop {
        let at = match (self.at, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Stop {
            at,
            flag: self.flag.clone(),
        }
    }
}

/// Two stops are equal when they stop at the same instant on the same flag.
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        self.at == other.at
            && match (&self.flag, &other.flag) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

impl Eq for Stop {}

/// What a running job tells its front end. Every method has an empty default, and `()` is the
/// silent implementation.
pub trait Progress: Sync {
    /// A phase of `total` units (`None`: unknown) begins: `what` names it and its unit
    /// (`"nodes"`, `"layer 12"` of positions, `"games"`).
    fn start(&self, what: &str, total: Option<u64>) {
        let _ = (what, total);
    }
    /// `done` units of the phase are done so far.
    fn set(&self, done: u64) {
        let _ = done;
    }
    /// `units` more units of the phase are done (called from worker threads).
    fn add(&self, units: u64) {
        let _ = units;
    }
    /// What the phase is doing now (`pass 1`, `round 3, 1200 raised`).
    fn status(&self, text: &str) {
        let _ = text;
    }
    /// The phase is over.
    fn finish(&self) {}
    /// A line of news for the user: a layer built, games resumed, a mismatch found.
    fn note(&self, text: &str) {
        let _ = text;
    }
    /// When the front end wants the job stopped (its client went away, its deadline passed):
    /// solves stop as at a limit (`cancelled`); match, tournament and series runs abandon the
    /// games in progress (their agents stop at once) and report the games finished before.
    /// Never, by default.
    fn stop(&self) -> Stop {
        Stop::default()
    }
    /// Whether [`Progress::stop`] is reached now. Polled a few times a second.
    fn cancelled(&self) -> bool {
        self.stop().reached()
    }
}

impl Progress for () {}
