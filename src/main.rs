//! The `mancala` command line: thin; see `mancala::cli`-style modules under `src/cli/`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
