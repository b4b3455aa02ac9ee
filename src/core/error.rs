//! The error of a piece of work (a job, a match, a database build): its kind, which the
//! command line's exit status follows, a message naming what is wrong and where, and its cause.
//! Every floor that runs work reports it with this type (the arena, the jobs); the jobs add the
//! conversions from the errors of the floors in between.

use super::ThreadsError;
use std::fmt;

/// How a job failed: the command line's exit status follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad input: a request, game string, position, agent, job file or database that is
    /// wrong (exit status 2).
    Input,
    /// A limit (`max_nodes`, `max_seconds`) stopped the work first (exit status 3).
    Stopped,
    /// The work failed: an output that cannot be written, threads that cannot start, a
    /// database that fails its check (exit status 1).
    Failed,
}

impl ErrorKind {
    /// The command line's exit status: 2, 3 or 1.
    pub fn exit_status(self) -> u8 {
        match self {
            ErrorKind::Input => 2,
            ErrorKind::Stopped => 3,
            ErrorKind::Failed => 1,
        }
    }
}

/// Why a job did not give its report: a message naming what is wrong and where, its kind and
/// the underlying error.
#[derive(Debug)]
pub struct JobError {
    kind: ErrorKind,
    message: String,
    source: Option<Box<dyn std::error::Error + Send + Sync + 'static>>,
    partial: Option<serde_json::Value>,
}

impl JobError {
    /// Bad input, said by `message`.
    pub fn input(message: impl fmt::Display) -> JobError {
        JobError::new(ErrorKind::Input, message)
    }

    /// A failure to do the work, said by `message`.
    pub fn failed(message: impl fmt::Display) -> JobError {
        JobError::new(ErrorKind::Failed, message)
    }

    /// An error of `kind`.
    pub fn new(kind: ErrorKind, message: impl fmt::Display) -> JobError {
        JobError {
            kind,
            message: message.to_string(),
            source: None,
            partial: None,
        }
    }

    /// The same error, with `partial`: what the work found before it stopped, as JSON (a
    /// stopped solve's bounds and best move), which `--json` prints.
    pub fn with_partial(mut self, partial: serde_json::Value) -> JobError {
        self.partial = Some(partial);
        self
    }

    /// What the work found before it stopped, if it says ([`JobError::with_partial`]).
    pub fn partial(&self) -> Option<&serde_json::Value> {
        self.partial.as_ref()
    }

    /// The same error, caused by `source` (shown after the message with `{:#}`).
    pub fn because(mut self, source: impl std::error::Error + Send + Sync + 'static) -> JobError {
        self.source = Some(Box::new(source));
        self
    }

    /// Which kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The same error, its message prefixed by `prefix` (a file name).
    pub fn prefixed(self, prefix: impl fmt::Display) -> JobError {
        self.reworded(|m| format!("{prefix}: {m}"))
    }

    /// The same error, its message `reword`ed.
    pub fn reworded(mut self, reword: impl FnOnce(&str) -> String) -> JobError {
        self.message = reword(&self.message);
        self
    }
}

impl fmt::Display for JobError {
    /// The message; `{:#}` adds the chain of causes, each after `: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if f.alternate() {
            let mut cause = std::error::Error::source(self);
            while let Some(c) = cause {
                write!(f, ": {c}")?;
                cause = c.source();
            }
        }
        Ok(())
    }
}

impl std::error::Error for JobError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<ThreadsError> for JobError {
    fn from(e: ThreadsError) -> JobError {
        match e {
            ThreadsError::Range { .. } => JobError::input(e),
            ThreadsError::Start { .. } => JobError::failed(e),
        }
    }
}
