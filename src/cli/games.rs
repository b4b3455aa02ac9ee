//! `mancala games [--json]`: every game string name with its keys, defaults and values.

use super::{emit, print_json, CliResult};
use clap::Args;
use std::fmt::Write as _;

#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print one JSON array: [{"name", "keys": [{"key", "default", "values"}]}].
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: GamesArgs) -> CliResult {
    let games = mancala::rules::games();
    if args.json {
        return print_json(&serde_json::to_value(&games).expect("games encode"));
    }
    let mut out = String::from(
        "Game strings are `name` or `name(key=value,...)` (RULES.md §12); defaults in brackets.\n",
    );
    for g in &games {
        let _ = writeln!(out, "\n{}", g.name);
        for k in &g.keys {
            let _ = writeln!(out, "  {:<18} [{}] {}", k.key, k.default, k.values);
        }
    }
    emit(&out)
}
