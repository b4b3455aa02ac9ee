//! Compiles in the Python module's own build id (`MANCALA_PYTHON_BUILD_ID`): a SHA-256 of
//! python/src, python/build.rs and python/Cargo.toml, by the same code as the crate's build id
//! (../src/source_hash.rs). The script reruns only when those sources change.

include!("../src/source_hash.rs");

fn main() {
    let root = std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let id = source_hash(&root, PYTHON_SOURCES)
        .unwrap_or_else(|e| panic!("cannot hash the sources in {}: {e}", root.display()));
    println!("cargo:rustc-env=MANCALA_PYTHON_BUILD_ID={id}");
    for path in PYTHON_SOURCES {
        if root.join(path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
