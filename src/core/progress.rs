//! [`Progress`]: how long jobs tell their front end how far they are, without drawing
//! anything themselves.

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
    /// Whether the front end wants the job stopped (its client went away, its deadline
    /// passed): solves stop as at a limit (`cancelled`), match, tournament and series runs stop
    /// between games and report the games played. Polled a few times a second; `false` by
    /// default.
    fn cancelled(&self) -> bool {
        false
    }
}

impl Progress for () {}
