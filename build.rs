//! Records, for result manifests and `mancala --version`, the compiler version
//! (`MANCALA_RUSTC`) and the build id (`MANCALA_BUILD_ID`): a SHA-256 of the crate's sources
//! (src/source_hash.rs). The build script reruns only when those sources change, so cargo
//! rebuilds only then; it asks git nothing (the binary asks git at run time: src/results.rs).

use std::process::Command;

include!("src/source_hash.rs");

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown".into(), |s| s.trim().to_string());
    println!("cargo:rustc-env=MANCALA_RUSTC={version}");
    let root = std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let id = source_hash(&root, CRATE_SOURCES)
        .unwrap_or_else(|e| panic!("cannot hash the sources in {}: {e}", root.display()));
    println!("cargo:rustc-env=MANCALA_BUILD_ID={id}");
    for path in CRATE_SOURCES {
        // A missing path would make cargo rerun the script every time.
        if root.join(path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
