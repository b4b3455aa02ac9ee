// The build id: a SHA-256 of the sources a binary is compiled from. One piece of code shared by
// build.rs (which compiles the id in as `MANCALA_BUILD_ID`), python/build.rs (the Python
// module's own id) and src/results.rs (which hashes the sources on disk again at run time to
// tell whether the checkout is still the one the binary was built from). Included with
// `include!`, so plain comments only; it uses only std and sha2.
//
// The hash, which python/tests/test_build.py recomputes with Python's hashlib: every regular
// file under the listed paths (a listed path is a file or a directory walked recursively; one
// that does not exist is left out), named by its path relative to the root with `/` between
// components, in byte order of those names; for each file, SHA-256 is fed the name, a NUL byte,
// the file's length in bytes as decimal digits, a NUL byte, then the file's bytes. The id is the
// digest in lower-case hexadecimal.

/// The crate's sources, relative to its root (the directory of Cargo.toml).
#[allow(dead_code)]
const CRATE_SOURCES: &[&str] = &["src", "build.rs", "Cargo.toml", "Cargo.lock"];

/// The Python module's own sources, relative to `python/`.
#[allow(dead_code)]
const PYTHON_SOURCES: &[&str] = &["src", "build.rs", "Cargo.toml"];

/// The regular files under `root/path` (a file or a directory), as `(name relative to root,
/// full path)`; nothing for a path that does not exist.
fn source_files(
    root: &std::path::Path,
    path: &str,
    out: &mut Vec<(String, std::path::PathBuf)>,
) -> std::io::Result<()> {
    let full = root.join(path);
    let meta = match std::fs::symlink_metadata(&full) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    if meta.is_dir() {
        for entry in std::fs::read_dir(&full)? {
            let name = entry?.file_name();
            let name = name.to_str().ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: a file name that is not UTF-8", full.display()),
                )
            })?;
            source_files(root, &format!("{path}/{name}"), out)?;
        }
    } else if meta.is_file() {
        out.push((path.to_string(), full));
    }
    Ok(())
}

/// The build id of the sources `paths` under `root` (see the top of this file).
fn source_hash(root: &std::path::Path, paths: &[&str]) -> std::io::Result<String> {
    use sha2::Digest as _;
    let mut files = Vec::new();
    for path in paths {
        source_files(root, path, &mut files)?;
    }
    files.sort();
    let mut hasher = sha2::Sha256::new();
    for (name, full) in &files {
        let bytes = std::fs::read(full)?;
        hasher.update(name.as_bytes());
        hasher.update(b"\0");
        hasher.update(bytes.len().to_string().as_bytes());
        hasher.update(b"\0");
        hasher.update(&bytes);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}
