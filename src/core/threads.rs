//! [`Threads`]: how many worker threads a job uses, with one default (every logical CPU), one
//! validation and the one place that starts a job's rayon pool.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroUsize;
use std::str::FromStr;
use thiserror::Error;

/// Stack of every search thread, in bytes: 512 MiB of address space, committed only as used.
/// Exact searches recurse once a ply, and games that can repeat (the four-row games above all)
/// have lines thousands of plies long before a position repeats.
pub const SEARCH_STACK: usize = 512 << 20;

/// A number of worker threads, `1..=`[`Threads::MAX`].
///
/// Serialized as a plain number; parsed from text by [`FromStr`] (`--threads 4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "usize", into = "usize")]
pub struct Threads(NonZeroUsize);

/// A thread count out of range, or a pool that could not start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ThreadsError {
    /// Not a whole number from 1 to [`Threads::MAX`].
    #[error("threads `{text}`: expected a whole number from 1 to {max}", max = Threads::MAX)]
    Range {
        /// The value as given.
        text: String,
    },
    /// The operating system refused the threads.
    #[error("cannot start {threads} worker threads: {reason}")]
    Start {
        /// Threads asked for.
        threads: usize,
        /// The operating system's reason.
        reason: String,
    },
}

impl Threads {
    /// The most threads a job may ask for.
    pub const MAX: usize = 1024;

    /// One thread.
    pub const ONE: Threads = Threads(NonZeroUsize::MIN);

    /// `n` threads.
    ///
    /// # Errors
    /// [`ThreadsError::Range`] unless `1 <= n <= MAX`.
    pub fn new(n: usize) -> Result<Threads, ThreadsError> {
        NonZeroUsize::new(n)
            .filter(|n| n.get() <= Threads::MAX)
            .map(Threads)
            .ok_or_else(|| ThreadsError::Range {
                text: n.to_string(),
            })
    }

    /// Every logical CPU of this machine (1 if unknown), at most [`Threads::MAX`]: the default.
    pub fn all() -> Threads {
        let n = std::thread::available_parallelism().map_or(1, |n| n.get());
        Threads::new(n.min(Threads::MAX)).unwrap_or(Threads::ONE)
    }

    /// The count.
    pub fn get(self) -> usize {
        self.0.get()
    }

    /// A rayon pool of this many threads, each with a [`SEARCH_STACK`] stack
    /// (recursive searches and database builders run on it).
    ///
    /// # Errors
    /// [`ThreadsError::Start`] if the operating system refuses the threads.
    pub fn pool(self) -> Result<rayon::ThreadPool, ThreadsError> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.get())
            .stack_size(SEARCH_STACK)
            .build()
            .map_err(|e| ThreadsError::Start {
                threads: self.get(),
                reason: e.to_string(),
            })
    }

    /// Runs `f` on a pool of this many threads.
    ///
    /// # Errors
    /// [`ThreadsError::Start`] if the operating system refuses the threads.
    pub fn install<T: Send>(self, f: impl FnOnce() -> T + Send) -> Result<T, ThreadsError> {
        Ok(self.pool()?.install(f))
    }
}

impl Default for Threads {
    /// [`Threads::all`].
    fn default() -> Threads {
        Threads::all()
    }
}

impl TryFrom<usize> for Threads {
    type Error = ThreadsError;
    fn try_from(n: usize) -> Result<Threads, ThreadsError> {
        Threads::new(n)
    }
}

impl From<Threads> for usize {
    fn from(t: Threads) -> usize {
        t.get()
    }
}

impl FromStr for Threads {
    type Err = ThreadsError;
    fn from_str(text: &str) -> Result<Threads, ThreadsError> {
        let range = || ThreadsError::Range {
            text: text.to_string(),
        };
        let n: usize = text.trim().parse().map_err(|_| range())?;
        Threads::new(n).map_err(|_| range())
    }
}

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_is_one_to_max() {
        assert!("0".parse::<Threads>().is_err());
        assert!("-1".parse::<Threads>().is_err());
        assert!("1025".parse::<Threads>().is_err());
        assert_eq!("1024".parse::<Threads>().unwrap().get(), 1024);
        assert_eq!(Threads::ONE.get(), 1);
        assert!(serde_json::from_str::<Threads>("0").is_err());
        assert_eq!(
            serde_json::to_string(&Threads::new(3).unwrap()).unwrap(),
            "3"
        );
    }
}
