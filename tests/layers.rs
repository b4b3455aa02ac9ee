//! The crate's layers point one way, and its front page tells the truth.
//!
//! [`FLOORS`] is the one place the floor order is written (`src/lib.rs` points here). The test
//! reads every `src/**/*.rs` as text, takes the crate paths each file names (`use crate::...`,
//! `use super::...`, `use self::...`, a child module's name, and the same paths inline in code;
//! comments, strings and `#[cfg(test)]` items are skipped: unit tests may use any floor, as the
//! integration tests do), follows re-exports (`pub use`) to the file
//! that defines the item, and builds two graphs: top-level modules and files. It fails, naming
//! the file, line and path, when a lower floor imports a higher one or when either graph has a
//! circle. A module's own `pub use` of its descendants is its front page, not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The floors from the ground up; a module may import its own floor and the floors below it.
/// The crate root (`lib.rs`, its re-exports) and the binary (`main.rs`) stand above them all.
const FLOORS: &[&[&str]] = &[
    // Sides, houses, the packed board, notation; result files (atomic writes, manifests).
    &["core", "results"],
    // One type per game family, game strings, dispatch.
    &["rules"],
    // A game record: moves played, repetition, the status of a line; evaluations of positions;
    // the games of three and four players (their rules, perft, max-n and paranoid search, agents).
    &["game", "eval", "multi"],
    // Endgame databases: layer files, retrograde builder, probe, the one-step check.
    &["egdb"],
    // Exact search (it probes databases) and the sampled database check that re-solves.
    &["search"],
    // Players.
    &["agents"],
    // Matches, tournaments, statistics, their files.
    &["arena"],
    // Typed requests and reports.
    &["jobs"],
    // Front ends: the command line, and the dynamic (trait-object) games for Python.
    &["cli", "dynamic"],
];

fn floor(module: &str) -> usize {
    if module == ROOT {
        return FLOORS.len();
    }
    FLOORS
        .iter()
        .position(|f| f.contains(&module))
        .unwrap_or_else(|| panic!("module `{module}` has no floor in tests/layers.rs FLOORS"))
}

/// The module name of `lib.rs` and `main.rs`.
const ROOT: &str = "(root)";

// ---- reading the sources -------------------------------------------------------------------

/// Rust text with comments, strings and character literals blanked (newlines kept).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let prev_ident = i > 0 && ident(c[i - 1]);
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if !prev_ident && (c[i] == 'r' || (c[i] == 'b' && c.get(i + 1) == Some(&'r'))) && {
            let mut j = i + if c[i] == 'b' { 2 } else { 1 };
            while c.get(j) == Some(&'#') {
                j += 1;
            }
            c.get(j) == Some(&'"')
        } {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + if c[i] == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while c[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            while j < c.len() {
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &c[i..j.min(c.len())] {
                blank(&mut out, ch);
            }
            i = j;
        } else if c[i] == '"' {
            blank(&mut out, c[i]);
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            if i < c.len() {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '\'' && (c.get(i + 1) == Some(&'\\') || c.get(i + 2) == Some(&'\'')) {
            // A character literal (a lifetime has no closing quote).
            let mut j = i + 1;
            if c[j] == '\\' {
                j += 2;
            }
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            for &ch in &c[i..(j + 1).min(c.len())] {
                blank(&mut out, ch);
            }
            i = j + 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Path,
    Punct(char),
}

/// Identifiers, `::` and single punctuation marks, each with its line.
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::Path, line));
            i += 2;
        } else {
            out.push((Tok::Punct(ch), line));
            i += 1;
        }
    }
    out
}

/// One crate path a file names.
#[derive(Debug, Clone)]
struct Named {
    /// Absolute, from the crate root, e.g. `["rules", "sowing", "sow"]`.
    path: Vec<String>,
    line: usize,
    /// Written as `pub use` (a re-export).
    reexport: bool,
    /// The name a `use` binds (its last segment or its `as`).
    binds: String,
}

/// A source file and what it names.
#[derive(Debug, Default)]
struct SourceFile {
    /// `src/...`, for messages.
    shown: String,
    /// The module path of the file (`[]` for lib.rs and main.rs).
    module: Vec<String>,
    /// Child modules: declared `mod x;` (their own files) and inline `mod x { }` (this file).
    children: BTreeSet<String>,
    named: Vec<Named>,
    /// The identifiers of the file's code outside `use` statements and test modules.
    words: BTreeSet<String>,
    /// The names the file's own `use`s bind (the last segment or its `as`) and the paths they
    /// name: `pub use` re-exports, and private imports its child modules may name through
    /// `super::`. A path through one of them names the file that defines the item.
    imports: BTreeMap<String, Vec<String>>,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file below `src/`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "lib.rs" | "main.rs" if parts.is_empty() => {}
        "mod.rs" => {}
        _ => parts.push(last.trim_end_matches(".rs").to_string()),
    }
    parts
}

/// Expands a use tree starting at `toks[*i]` into its paths, each with the name it binds (its
/// last segment or its `as`), up to the closing `;` or `}`/`,` of the group.
fn use_tree(
    toks: &[(Tok, usize)],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    let mut alias = None;
    loop {
        match toks.get(*i).map(|t| &t.0) {
            Some(Tok::Ident(name)) if name == "as" => {
                if let Some((Tok::Ident(a), _)) = toks.get(*i + 1) {
                    alias = Some(a.clone());
                }
                *i += 2;
            }
            Some(Tok::Ident(name)) => {
                path.push(name.clone());
                *i += 1;
            }
            Some(Tok::Path) => *i += 1,
            Some(Tok::Punct('*')) => {
                *i += 1;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    use_tree(toks, i, path.clone(), out);
                    match toks.get(*i).map(|t| &t.0) {
                        Some(Tok::Punct(',')) => {
                            *i += 1;
                            if toks.get(*i).map(|t| &t.0) == Some(&Tok::Punct('}')) {
                                *i += 1;
                                return;
                            }
                        }
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            _ => {
                // `self` in a group names the group's own path.
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                if !path.is_empty() {
                    out.push((path, alias));
                }
                return;
            }
        }
    }
}

/// Turns a path as written in module `here` into an absolute one; `None` for other crates.
fn absolute(
    path: &[String],
    here: &[String],
    children: &BTreeSet<String>,
    bin: bool,
) -> Option<Vec<String>> {
    let first = path.first()?.as_str();
    let mut base: Vec<String> = match first {
        "crate" => Vec::new(),
        "mancala" if bin => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut b = here.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                b.pop()?;
                rest = &rest[1..];
            }
            b.extend(rest.iter().cloned());
            return Some(b);
        }
        name if children.contains(name) => {
            let mut b = here.to_vec();
            b.push(name.to_string());
            b.extend(path[1..].iter().cloned());
            return Some(b);
        }
        _ => return None,
    };
    base.extend(path[1..].iter().cloned());
    Some(base)
}

/// `toks` starts with `#[cfg(test)]`.
fn is_cfg_test(toks: &[(Tok, usize)]) -> bool {
    let want = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    toks.len() >= want.len() && toks.iter().zip(&want).all(|(t, w)| t.0 == *w)
}

fn read_sources(src: &Path) -> Vec<SourceFile> {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        let rel = path.strip_prefix(src).unwrap();
        // The binary (`main.rs` and its `cli` modules) names the library `mancala::`.
        let bin = rel == Path::new("main.rs") || rel.starts_with("cli");
        let text = strip(&std::fs::read_to_string(&path).unwrap());
        let toks = tokens(&text);
        let mut file = SourceFile {
            shown: format!("src/{}", rel.display()),
            module: module_of(rel),
            ..Default::default()
        };
        // Child modules first, so `child::x` resolves wherever it is written.
        for w in toks.windows(2) {
            if let (Tok::Ident(m), Tok::Ident(name)) = (&w[0].0, &w[1].0) {
                if m == "mod" {
                    file.children.insert(name.clone());
                }
            }
        }
        // The inline modules open at this point: (name, brace depth inside it, a test module).
        let mut inline: Vec<(String, usize, bool)> = Vec::new();
        let mut depth = 0;
        let mut i = 0;
        // The next item is `#[cfg(test)]`.
        let mut cfg_test = false;
        while i < toks.len() {
            let testing = inline.iter().any(|m| m.2);
            let here: Vec<String> = file
                .module
                .iter()
                .cloned()
                .chain(inline.iter().map(|m| m.0.clone()))
                .collect();
            let children: BTreeSet<String> = if inline.is_empty() {
                file.children.clone()
            } else {
                BTreeSet::new()
            };
            let (tok, line) = (&toks[i].0, toks[i].1);
            match tok {
                Tok::Punct('{') => {
                    depth += 1;
                    cfg_test = false;
                    i += 1;
                }
                Tok::Punct(';') => {
                    cfg_test = false;
                    i += 1;
                }
                Tok::Punct('#') if is_cfg_test(&toks[i..]) => {
                    cfg_test = true;
                    i += 7;
                }
                Tok::Punct('}') => {
                    if inline.last().is_some_and(|m| m.1 == depth) {
                        inline.pop();
                    }
                    depth -= 1;
                    i += 1;
                }
                Tok::Ident(m) if m == "mod" => {
                    if let (Some((Tok::Ident(name), _)), Some((Tok::Punct('{'), _))) =
                        (toks.get(i + 1), toks.get(i + 2))
                    {
                        depth += 1;
                        inline.push((name.clone(), depth, cfg_test));
                        i += 3;
                    } else {
                        i += 2;
                    }
                    cfg_test = false;
                }
                Tok::Ident(u) if u == "use" => {
                    let reexport = i > 0
                        && (toks[i - 1].0 == Tok::Ident("pub".into())
                            || toks[i - 1].0 == Tok::Punct(')'));
                    i += 1;
                    let mut trees = Vec::new();
                    use_tree(&toks, &mut i, Vec::new(), &mut trees);
                    if testing || std::mem::take(&mut cfg_test) {
                        continue;
                    }
                    for (written, alias) in trees {
                        if let Some(path) = absolute(&written, &here, &children, bin) {
                            let binds = alias.unwrap_or_else(|| path.last().unwrap().clone());
                            if inline.is_empty() {
                                file.imports.insert(binds.clone(), path.clone());
                            }
                            file.named.push(Named {
                                path,
                                line,
                                reexport,
                                binds,
                            });
                        }
                    }
                }
                Tok::Ident(first) => {
                    // A path in code: `crate::x::y`, `super::x`, `self::x`, `child::x`.
                    let starts = matches!(first.as_str(), "crate" | "super" | "self")
                        || (bin && first == "mancala")
                        || children.contains(first);
                    let after_path = i > 0 && toks[i - 1].0 == Tok::Path;
                    if starts && !after_path && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Path) {
                        let mut written = vec![first.clone()];
                        let mut j = i + 1;
                        while let (Some((Tok::Path, _)), Some((Tok::Ident(n), _))) =
                            (toks.get(j), toks.get(j + 1))
                        {
                            written.push(n.clone());
                            j += 2;
                        }
                        if let Some(path) = absolute(&written, &here, &children, bin) {
                            if !testing {
                                file.named.push(Named {
                                    path,
                                    line,
                                    reexport: false,
                                    binds: String::new(),
                                });
                            }
                        }
                        i = j;
                    } else {
                        if !testing {
                            file.words.insert(first.clone());
                        }
                        i += 1;
                    }
                }
                _ => i += 1,
            }
        }
        files.push(file);
    }
    files
}

// ---- the graphs ----------------------------------------------------------------------------

struct Crate {
    files: Vec<SourceFile>,
    /// Module path -> index of the file that holds it (inline modules map to their file).
    modules: BTreeMap<Vec<String>, usize>,
}

impl Crate {
    fn read() -> Crate {
        let files = read_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
        let mut modules = BTreeMap::new();
        for (k, f) in files.iter().enumerate() {
            if f.shown != "src/main.rs" {
                modules.insert(f.module.clone(), k);
            }
        }
        for (k, f) in files.iter().enumerate() {
            for child in &f.children {
                let mut m = f.module.clone();
                m.push(child.clone());
                modules.entry(m).or_insert(k);
            }
        }
        Crate { files, modules }
    }

    /// The file that defines what `path` names, following re-exports and imports.
    fn resolve(&self, path: &[String], hops: usize) -> usize {
        let mut n = path.len();
        while !self.modules.contains_key(&path[..n]) {
            n -= 1;
        }
        let file = self.modules[&path[..n]];
        if n < path.len() && hops < 16 {
            if let Some(target) = self.files[file].imports.get(&path[n]) {
                let mut next = target.clone();
                next.extend(path[n + 1..].iter().cloned());
                return self.resolve(&next, hops + 1);
            }
        }
        file
    }

    /// Every import edge between two files: (from, to, line, path as shown).
    fn edges(&self) -> Vec<(usize, usize, usize, String)> {
        let mut out = Vec::new();
        for (k, f) in self.files.iter().enumerate() {
            for named in &f.named {
                // A module's re-export of its own descendants is its front page, unless its own
                // code uses the name too.
                if named.reexport
                    && named.path.starts_with(&f.module)
                    && !f.words.contains(&named.binds)
                {
                    continue;
                }
                let to = self.resolve(&named.path, 0);
                if to != k {
                    out.push((
                        k,
                        to,
                        named.line,
                        format!("crate::{}", named.path.join("::")),
                    ));
                }
            }
        }
        out
    }

    /// Every import edge between two top-level modules: (from, to, where). A path counts for
    /// the module that defines the item and for the module it is written through
    /// (`crate::jobs::JobError` names `jobs`, even where `jobs` re-exports it from `core`).
    fn module_edges(&self) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        for (from, to, line, path) in self.edges() {
            let (a, b) = (&self.files[from], &self.files[to]);
            let ma = top(&a.module).to_string();
            let mut targets = vec![top(&b.module).to_string()];
            let written = path
                .trim_start_matches("crate::")
                .split("::")
                .next()
                .unwrap();
            if self.modules.contains_key(&vec![written.to_string()]) {
                targets.push(written.to_string());
            }
            for mb in targets {
                if mb != ma && ma != ROOT {
                    out.push((ma.clone(), mb, format!("{}:{line} {path}", a.shown)));
                }
            }
        }
        out
    }
}

fn top(module: &[String]) -> &str {
    module.first().map_or(ROOT, |s| s.as_str())
}

/// Each group of nodes of `graph` (node -> next nodes) that reach each other, with one circle
/// through it (its nodes in order); empty when the graph has no circle.
fn circles<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<(BTreeSet<N>, Vec<N>)> {
    let reach = |from: &N| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for m in graph.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    todo.push(m.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<N, BTreeSet<N>> = graph.keys().map(|n| (n.clone(), reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in graph.keys() {
        if done.contains(n) || !reaches[n].contains(n) {
            continue;
        }
        // The group of n; walk from n to a next node of the group until n comes back, by the
        // shortest way (breadth first).
        let group: BTreeSet<N> = reaches[n]
            .iter()
            .filter(|m| reaches.get(*m).is_some_and(|r| r.contains(n)))
            .cloned()
            .collect();
        done.extend(group.iter().cloned());
        let mut back: BTreeMap<N, N> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([n.clone()]);
        'search: while let Some(a) = queue.pop_front() {
            for b in graph[&a].iter().filter(|b| group.contains(*b)) {
                if b == n {
                    back.insert(n.clone(), a.clone());
                    break 'search;
                }
                if !back.contains_key(b) {
                    back.insert(b.clone(), a.clone());
                    queue.push_back(b.clone());
                }
            }
        }
        let mut path = vec![back[n].clone()];
        while path.last() != Some(n) {
            path.push(back[path.last().unwrap()].clone());
        }
        path.reverse();
        out.push((group, path));
    }
    out
}

/// Where each step of a circle is written: "a -> b (src/a.rs:3 crate::b::x)".
fn describe<N: Ord + Clone + std::fmt::Display>(
    circle: &[N],
    witness: &BTreeMap<(N, N), String>,
) -> String {
    let steps: Vec<String> = (0..circle.len())
        .map(|k| {
            let (a, b) = (&circle[k], &circle[(k + 1) % circle.len()]);
            format!("{a} -> {b} ({})", witness[&(a.clone(), b.clone())])
        })
        .collect();
    steps.join(", ")
}

#[test]
fn lower_floors_never_import_higher_ones() {
    let krate = Crate::read();
    let mut wrong = BTreeSet::new();
    for (ma, mb, at) in krate.module_edges() {
        if floor(&ma) < floor(&mb) {
            wrong.insert(format!("{at}: `{ma}` is below `{mb}`"));
        }
    }
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(
        wrong.is_empty(),
        "imports that point up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_circle_between_modules() {
    let krate = Crate::read();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut witness = BTreeMap::new();
    for (ma, mb, at) in krate.module_edges() {
        graph.entry(ma.clone()).or_default().insert(mb.clone());
        witness.entry((ma, mb)).or_insert(at);
    }
    let found: Vec<String> = circles(&graph)
        .iter()
        .map(|(_, c)| describe(c, &witness))
        .collect();
    assert!(
        found.is_empty(),
        "circles between modules:\n{}",
        found.join("\n")
    );
}

/// The circles between files that are left, each group exactly (a file joining or leaving one
/// fails, and so does a group that is gone): they are to be taken apart, not added to.
/// * agents: the `Agent` trait (agents/mod.rs) takes the external players' `Clock`.
/// * arena: `play_game` (arena/mod.rs) takes `Opening`s, the openings take the `Plan`.
/// * jobs: `Request` and `Report` (jobs/mod.rs) hold every job's request and report, and the
///   jobs use `run_on`, `OnRules` and `Request` from it; the n-player jobs (nsolve.rs,
///   ntournament.rs) read the two-player `SolveRequest` and `ArenaRequest`, which are in it.
/// * rules: `GameSpec` (rules/spec.rs) holds every game's options, and each game's rules return
///   their `GameSpec` and use the `Rules` trait of rules/mod.rs, which names `GameSpec`.
const KNOWN_FILE_CIRCLES: &[&[&str]] = &[
    &["src/agents/external.rs", "src/agents/mod.rs"],
    &["src/arena/mod.rs", "src/arena/openings.rs"],
    &[
        "src/jobs/analyze.rs",
        "src/jobs/arena.rs",
        "src/jobs/egdb.rs",
        "src/jobs/mod.rs",
        "src/jobs/nsolve.rs",
        "src/jobs/ntournament.rs",
        "src/jobs/perft.rs",
        "src/jobs/solve.rs",
        "src/jobs/valued.rs",
    ],
    &[
        "src/rules/adi.rs",
        "src/rules/ajwa.rs",
        "src/rules/azigo.rs",
        "src/rules/bao.rs",
        "src/rules/cups.rs",
        "src/rules/four_row.rs",
        "src/rules/giuti.rs",
        "src/rules/kalah.rs",
        "src/rules/kpo.rs",
        "src/rules/lela.rs",
        "src/rules/mod.rs",
        "src/rules/omweso.rs",
        "src/rules/oware.rs",
        "src/rules/spec.rs",
        "src/rules/woaley1.rs",
    ],
];

#[test]
fn no_circle_between_files() {
    let krate = Crate::read();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut witness = BTreeMap::new();
    for (from, to, line, path) in krate.edges() {
        let (a, b) = (
            krate.files[from].shown.clone(),
            krate.files[to].shown.clone(),
        );
        graph.entry(a.clone()).or_default().insert(b.clone());
        witness
            .entry((a.clone(), b))
            .or_insert_with(|| format!("line {line} {path}"));
    }
    let known: Vec<BTreeSet<String>> = KNOWN_FILE_CIRCLES
        .iter()
        .map(|g| g.iter().map(|f| f.to_string()).collect())
        .collect();
    let groups = circles(&graph);
    let found: Vec<String> = groups
        .iter()
        .filter(|(group, _)| !known.contains(group))
        .map(|(_, c)| describe(c, &witness))
        .collect();
    assert!(
        found.is_empty(),
        "circles between files:\n{}",
        found.join("\n")
    );
    for k in &known {
        assert!(
            groups.iter().any(|(group, _)| group == k),
            "{k:?} is no longer a circle (or has changed): take it out of KNOWN_FILE_CIRCLES"
        );
    }
}

/// The reader finds what it should: a known edge of each kind is seen, so an empty graph cannot
/// pass the tests above.
#[test]
fn the_reader_sees_each_kind_of_path() {
    let krate = Crate::read();
    let edges: BTreeSet<(String, String)> = krate
        .edges()
        .into_iter()
        .map(|(a, b, _, _)| (krate.files[a].shown.clone(), krate.files[b].shown.clone()))
        .collect();
    let has = |a: &str, b: &str| edges.contains(&(a.to_string(), b.to_string()));
    // `use super::{...}` through the parent's re-export to the file that defines the item;
    // `use crate::x::y` across modules; a parent that uses a name it re-exports.
    assert!(has("src/cli/games.rs", "src/cli/output.rs"));
    assert!(has("src/game.rs", "src/rules/mod.rs"));
    assert!(has("src/jobs/mod.rs", "src/results.rs"));
    assert!(has("src/jobs/mod.rs", "src/jobs/solve.rs"));
    assert!(edges.len() > 150, "only {} edges read", edges.len());
    let stripped = strip("let s = \"crate::jobs\"; // crate::cli\n/* crate::x */ let c = '\"';");
    assert!(!stripped.contains("crate"), "{stripped}");
}

// ---- the front page ------------------------------------------------------------------------

/// The game names `src/lib.rs` lists: the `` `name` `` opening each line of its "Games" list.
fn games_in_lib_docs() -> BTreeSet<String> {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let docs: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(str::trim)
        .collect();
    let start = docs
        .iter()
        .position(|l| *l == "## Games")
        .expect("src/lib.rs has a `## Games` section");
    docs[start + 1..]
        .iter()
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.strip_prefix("* `"))
        .map(|l| l.split('`').next().unwrap().to_string())
        .collect()
}

#[test]
fn lib_docs_name_every_game_of_mancala_games() {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["games", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed: BTreeSet<String> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed.len(), 18, "{listed:?}");
    assert_eq!(games_in_lib_docs(), listed);
}

/// Every module of the library, and the binary's `cli`, has its line on the front page, with
/// its floor: `* [`name`] (floor N): ...`.
#[test]
fn lib_docs_name_every_module_and_its_floor() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let mut modules: BTreeSet<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    modules.insert("cli");
    let on_floors: BTreeSet<&str> = FLOORS.iter().flat_map(|f| f.iter().copied()).collect();
    assert_eq!(
        modules, on_floors,
        "the modules of lib.rs (and cli) and tests/layers.rs FLOORS"
    );
    for m in modules {
        let head = format!("`{m}`");
        let doc = lib
            .lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .filter_map(|l| l.trim_start().strip_prefix("* "))
            .find(|l| l.trim_start_matches('[').starts_with(&head))
            .unwrap_or_else(|| panic!("src/lib.rs has no line `* [{head}] ...`"));
        let want = format!("(floor {})", floor(m));
        assert!(doc.contains(&want), "src/lib.rs: `{m}` is on {want}: {doc}");
    }
}
