//! The two folders the server reads (`--results`, `--databases`) and the paths under them: a
//! path a request names is relative to its root; absolute paths, `..` and symlinks that lead
//! out of the root are refused, naming the path.

use super::ApiError;
use mancala::jobs::JobError;
use std::path::{Component, Path, PathBuf};

/// The root folder `dir` of option `flag`, canonical. A folder that does not exist yet is
/// kept as given (nothing under it is found until it does).
pub fn root(dir: &Path, flag: &str) -> Result<PathBuf, JobError> {
    match dir.canonicalize() {
        Ok(path) if path.is_dir() => Ok(path),
        Ok(_) => Err(JobError::input(format!(
            "{flag} {}: not a folder",
            dir.display()
        ))),
        Err(_) => Ok(std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf())),
    }
}

/// The existing file or folder `path` names under `root` (the folder of option `flag`),
/// canonical.
///
/// # Errors
/// 400 for an absolute path or one with `..`; 404 if nothing is there; 403 if it leads out of
/// the root through a symlink.
pub fn under(root: &Path, path: &Path, flag: &str) -> Result<PathBuf, ApiError> {
    let shown = path.display();
    if path.as_os_str().is_empty() {
        return Err(ApiError::bad(format!(
            "an empty path: name a path under {flag}"
        )));
    }
    for component in path.components() {
        match component {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => {
                return Err(ApiError::bad(format!(
                    "path `{shown}`: `..` is not allowed (paths are relative to {flag})"
                )))
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(ApiError::bad(format!(
                    "path `{shown}`: absolute paths are not allowed (paths are relative to {flag})"
                )))
            }
        }
    }
    let joined = root.join(path);
    let canonical = joined
        .canonicalize()
        .map_err(|_| ApiError::not_found(format!("path `{shown}`: nothing there under {flag}")))?;
    if !canonical.starts_with(root) {
        return Err(ApiError::forbidden(format!(
            "path `{shown}` leads out of {flag} (through a symlink): refused"
        )));
    }
    Ok(canonical)
}
