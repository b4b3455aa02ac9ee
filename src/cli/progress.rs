//! Progress on the terminal: the one place that draws bars (indicatif, on standard error, hidden
//! when it is not a terminal). Off a terminal a phase says how far it is in a plain line every
//! five seconds (a solve its node count, a match or tournament its games played), or every
//! `MANCALA_PROGRESS_SECONDS` seconds when that variable is set (a number, e.g. `0.5`).

use indicatif::{ProgressBar, ProgressStyle};
use mancala::jobs::Progress;
use std::io::IsTerminal as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Draws a job's phases; prints its notes on standard error (unless `notes` is off).
pub struct Bars {
    notes: bool,
    terminal: bool,
    /// Off a terminal, the time between two progress lines.
    every: Duration,
    phase: Mutex<Phase>,
}

struct Phase {
    bar: Option<ProgressBar>,
    what: String,
    started: Instant,
    last_line: Instant,
}

impl Bars {
    /// Bars for a job; `notes`: print its notes (layer lines, resuming).
    pub fn new(notes: bool) -> Bars {
        Bars {
            notes,
            terminal: std::io::stderr().is_terminal(),
            every: std::env::var("MANCALA_PROGRESS_SECONDS")
                .ok()
                .and_then(|s| Duration::try_from_secs_f64(s.trim().parse().ok()?).ok())
                .unwrap_or(Duration::from_secs(5)),
            phase: Mutex::new(Phase {
                bar: None,
                what: String::new(),
                started: Instant::now(),
                last_line: Instant::now(),
            }),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Phase) -> T) -> T {
        f(&mut self.phase.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Off a terminal, prints `line()` if the last progress line is `every` old.
    fn line_if_due(&self, p: &mut Phase, line: impl FnOnce(&Phase) -> String) {
        if !self.terminal && p.last_line.elapsed() >= self.every {
            p.last_line = Instant::now();
            super::note(&line(p));
        }
    }

    /// Off a terminal, the line of a phase counted in games: `games: 12 of 300 played, 4 s`.
    fn games_line(&self, p: &mut Phase) {
        if p.what == "games" {
            self.line_if_due(p, |p| {
                let bar = p.bar.as_ref();
                format!(
                    "games: {} of {} played, {:.0} s",
                    bar.map_or(0, |b| b.position()),
                    bar.and_then(|b| b.length()).unwrap_or(0),
                    p.started.elapsed().as_secs_f64()
                )
            });
        }
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .expect("a valid template")
        .progress_chars("=> ")
}

impl Progress for Bars {
    fn start(&self, what: &str, total: Option<u64>) {
        self.with(|p| {
            if let Some(bar) = p.bar.take() {
                bar.finish_and_clear();
            }
            p.what = what.to_string();
            p.started = Instant::now();
            p.last_line = Instant::now();
            let bar = match (what, total) {
                ("games", Some(n)) => ProgressBar::new(n).with_style(style(
                    "{spinner} {pos}/{len} games [{elapsed_precise}, eta {eta}] {msg}",
                )),
                (_, Some(n)) => ProgressBar::new(n)
                    .with_style(style(
                        "{prefix} {msg} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}",
                    ))
                    .with_prefix(what.to_string()),
                (_, None) => ProgressBar::new_spinner()
                    .with_style(style("{spinner} solving {elapsed_precise} {msg}")),
            };
            p.bar = Some(bar);
        });
    }

    fn set(&self, done: u64) {
        self.with(|p| {
            let Some(bar) = &p.bar else { return };
            if p.what != "nodes" {
                bar.set_position(done);
                self.games_line(p);
                return;
            }
            let seconds = p.started.elapsed().as_secs_f64();
            let message = format!(
                "{:.1} M nodes, {:.2} M nodes/s",
                done as f64 / 1e6,
                done as f64 / seconds.max(1e-9) / 1e6
            );
            if self.terminal {
                bar.set_message(message);
                bar.tick();
            } else {
                self.line_if_due(p, |_| format!("solving: {seconds:.0} s, {message}"));
            }
        });
    }

    fn add(&self, units: u64) {
        self.with(|p| {
            if let Some(bar) = &p.bar {
                bar.inc(units);
            }
            self.games_line(p);
        });
    }

    fn status(&self, text: &str) {
        self.with(|p| {
            if let Some(bar) = &p.bar {
                bar.set_message(text.to_string());
            }
        });
    }

    fn finish(&self) {
        self.with(|p| {
            if let Some(bar) = p.bar.take() {
                bar.finish_and_clear();
            }
        });
    }

    fn note(&self, text: &str) {
        if !self.notes {
            return;
        }
        self.with(|p| match &p.bar {
            Some(bar) => bar.suspend(|| super::note(text)),
            None => super::note(text),
        });
    }
}
