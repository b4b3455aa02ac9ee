"""The `mancala` module imported is the wheel built from this checkout's sources.

A stale module (built from other sources, or a compiled file left in python/mancala/ of a
checkout) fails here. The build ids compiled into the module (``mancala.build_id()``, computed
by src/source_hash.rs in the Rust build scripts) are recomputed from the checkout with hashlib:
a second implementation of the hash described at the top of src/source_hash.rs.
"""

import hashlib
import os
import pathlib
import subprocess
import sysconfig

import mancala
from conftest import REPO, cli_binary

CRATE_SOURCES = ["src", "build.rs", "Cargo.toml", "Cargo.lock"]
PYTHON_SOURCES = ["src", "build.rs", "Cargo.toml"]

REBUILD = "rebuild and reinstall the wheel: MANCALA_SKIP_CARGO_TEST=1 scripts/test.sh"


def source_hash(root: pathlib.Path, paths) -> str:
    """SHA-256 over the regular files under ``root/path`` for each of ``paths``, sorted by their
    names relative to ``root``: name, NUL, length in decimal, NUL, bytes."""
    names = []
    for path in paths:
        full = root / path
        if full.is_file() and not full.is_symlink():
            names.append(path)
        elif full.is_dir() and not full.is_symlink():
            for dirpath, _dirs, files in os.walk(full):
                for f in files:
                    file = pathlib.Path(dirpath) / f
                    if file.is_file() and not file.is_symlink():
                        names.append(file.relative_to(root).as_posix())
    digest = hashlib.sha256()
    for name in sorted(names, key=lambda n: n.encode()):
        data = (root / name).read_bytes()
        digest.update(name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return digest.hexdigest()


def test_the_hash_of_a_hand_made_tree(tmp_path):
    # The same tree and value as src/results.rs's source_hash_of_a_small_tree.
    (tmp_path / "src" / "b").mkdir(parents=True)
    (tmp_path / "Cargo.toml").write_text("[package]\n")
    (tmp_path / "src" / "a.rs").write_text("x")
    (tmp_path / "src" / "b" / "c.rs").write_text("")
    (tmp_path / "README.md").write_text("not a source")
    assert source_hash(tmp_path, CRATE_SOURCES) == "24acad80b6c2f67847eda7bc80cca07004838a1607bc9ad579c9b0bdb614c008"


def test_the_module_is_the_installed_wheel():
    module = pathlib.Path(mancala._mancala.__file__).resolve()
    installed = {pathlib.Path(sysconfig.get_paths()[k]).resolve() for k in ("purelib", "platlib")}
    assert any(module.is_relative_to(p) for p in installed), (
        f"mancala imported from {module}, not from the environment's site-packages {installed}: {REBUILD}"
    )
    assert not module.is_relative_to((REPO / "python").resolve()), f"{module} is a module left in the checkout"


def test_the_module_is_built_from_these_sources():
    expected = {
        "crate": source_hash(REPO, CRATE_SOURCES),
        "python": source_hash(REPO / "python", PYTHON_SOURCES),
    }
    assert mancala.build_id() == expected, (
        f"the imported mancala module ({mancala._mancala.__file__}) was built from other sources "
        f"than {REPO}: {REBUILD}"
    )


def test_the_command_line_binary_is_built_from_these_sources():
    out = subprocess.run([str(cli_binary()), "--version"], check=True, capture_output=True, text=True)
    assert out.stdout.strip().endswith(f"(build {source_hash(REPO, CRATE_SOURCES)})"), (
        f"{cli_binary()} is not built from these sources: cargo build --release"
    )
