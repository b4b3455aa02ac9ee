//! Records, for result manifests, the compiler version (`MANCALA_RUSTC`) and the git commit the
//! binary is built from (`MANCALA_GIT`, with `-dirty` when tracked files had changes).

use std::process::Command;

fn output(cmd: &mut Command) -> Option<String> {
    cmd.output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = output(Command::new(rustc).arg("--version")).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=MANCALA_RUSTC={version}");
    let git = match output(Command::new("git").args(["rev-parse", "HEAD"])) {
        Some(commit) => {
            let dirty =
                output(Command::new("git").args(["status", "--porcelain", "--untracked-files=no"]))
                    .is_some_and(|s| !s.is_empty());
            format!("{commit}{}", if dirty { "-dirty" } else { "" })
        }
        None => "unknown".into(),
    };
    println!("cargo:rustc-env=MANCALA_GIT={git}");
    for path in [
        "build.rs",
        "Cargo.toml",
        "src",
        "benches",
        "tests",
        "scripts",
        ".git/HEAD",
        ".git/index",
        ".git/refs",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
}
