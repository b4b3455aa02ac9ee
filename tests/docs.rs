//! The docs say what the program does: every CSV column list that README.md and docs/*.md give
//! in a marked block equals the header the binary writes; the worked figures the docs quote
//! are the ones the binary prints; and every relative link in those pages names a file that
//! exists.
//!
//! A column list is marked by an HTML comment naming its kind, followed by a fenced block that
//! holds the header on one line:
//!
//! ````text
//! <!-- columns: match -->
//! ```csv
//! agent_a,agent_b,games,...
//! ```
//! ````

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md and every docs/*.md, sorted.
fn doc_pages() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// The page's path from the repository root, for messages.
fn shown(page: &Path) -> String {
    page.strip_prefix(ROOT)
        .unwrap_or(page)
        .display()
        .to_string()
}

/// Every marked column list of the docs: kind -> (page, columns). Panics on a marker that is
/// not followed by a one-line fenced block, or on a kind documented twice.
fn documented_columns() -> BTreeMap<String, (String, Vec<String>)> {
    let mut lists = BTreeMap::new();
    for page in doc_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(kind) = line
                .trim()
                .strip_prefix("<!-- columns:")
                .and_then(|rest| rest.strip_suffix("-->"))
            else {
                continue;
            };
            let kind = kind.trim().to_string();
            let at = format!("{}:{}", shown(&page), i + 1);
            let block = &lines[i + 1..(i + 4).min(lines.len())];
            assert!(
                block.len() == 3 && block[0].starts_with("```") && block[2].trim() == "```",
                "{at}: the `columns: {kind}` marker must be followed by a fenced block of one line"
            );
            let columns: Vec<String> = block[1].trim().split(',').map(str::to_string).collect();
            let previous = lists.insert(kind.clone(), (at.clone(), columns));
            assert!(
                previous.is_none(),
                "{at}: the columns of `{kind}` are documented twice (also {})",
                previous.unwrap().0
            );
        }
    }
    lists
}

/// Runs the binary in `dir` and returns its standard output; panics unless it succeeds.
fn mancala(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the mancala binary runs");
    assert!(
        out.status.success(),
        "mancala {args:?} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The one file named `name` anywhere under `dir` (result files go into a folder per kind).
fn find(dir: &Path, name: &str) -> PathBuf {
    fn walk(dir: &Path, name: &str, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, name, found);
            } else if path.file_name().is_some_and(|n| n == name) {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, name, &mut found);
    assert_eq!(
        found.len(),
        1,
        "expected one {name} under {}: {found:?}",
        dir.display()
    );
    found.pop().unwrap()
}

/// The header line of the CSV file `name` under `dir`, split at commas (no header cell holds
/// a comma or a quote).
fn csv_header(dir: &Path, name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(find(dir, name)).unwrap();
    let header = text.lines().next().unwrap_or_default();
    assert!(
        !header.contains('"'),
        "{name}: a quoted header cell: {header}"
    );
    header.split(',').map(str::to_string).collect()
}

/// The data rows of the CSV file `name` under `dir`, as maps from column to cell.
fn csv_rows(dir: &Path, name: &str) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(find(dir, name)).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            assert_eq!(record.len(), header.len(), "{name}: a row of another width");
            header
                .iter()
                .cloned()
                .zip(record.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The documented columns of `kind`.
fn columns(lists: &BTreeMap<String, (String, Vec<String>)>, kind: &str) -> Vec<String> {
    lists
        .get(kind)
        .unwrap_or_else(|| panic!("no `<!-- columns: {kind} -->` list in README.md or docs/"))
        .1
        .clone()
}

/// An engine that speaks the protocol's handshake but answers every `go` with a house the
/// board does not have: it forfeits every game it plays (docs/engine-protocol.md).
fn write_forfeiting_engine(dir: &Path) -> PathBuf {
    let path = dir.join("forfeit-engine.sh");
    std::fs::write(
        &path,
        "#!/bin/sh\n\
         while read -r line; do\n\
           case \"$line\" in\n\
             mancala-engine*) echo 'id name forfeit'; echo mancalaok ;;\n\
             isready*) echo readyok ;;\n\
             go*) echo 'bestmove z' ;;\n\
             quit*) exit 0 ;;\n\
           esac\n\
         done\n",
    )
    .unwrap();
    path
}

#[test]
fn documented_columns_are_the_columns_written() {
    let lists = documented_columns();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let results = d.join("results");
    let results = results.to_str().unwrap();
    let game = "kalah(houses=3,seeds=2)";
    let arena = |out: &'static str, extra: &[&'static str]| -> Vec<String> {
        let mut args = vec!["--rounds", "1", "--threads", "1", "--out", out, "--results"];
        args.extend(extra);
        let mut args: Vec<String> = args.into_iter().map(String::from).collect();
        args.insert(7, results.to_string());
        args
    };

    // A match, then its JSON: the same header.
    let tail = arena("m", &[]);
    let mut args = vec!["match", game, "-a", "random", "-a", "greedy"];
    args.extend(tail.iter().map(String::as_str));
    mancala(d, &args);
    let expected = columns(&lists, "match");
    assert_eq!(csv_header(d, "m.csv"), expected, "the match CSV");
    let tail = arena("mj", &[]);
    let mut args = vec!["match", game, "-a", "random", "-a", "greedy", "--json"];
    args.extend(tail.iter().map(String::as_str));
    let report: serde_json::Value = serde_json::from_str(&mancala(d, &args)).unwrap();
    let header: Vec<String> = serde_json::from_value(report["header"].clone()).unwrap();
    assert_eq!(header, expected, "the match JSON's header");
    assert!(report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|row| row.as_array().is_some_and(|r| r.len() == expected.len())));

    // A gauntlet writes the match columns; a tournament its own.
    let three = ["-a", "random", "-a", "greedy", "-a", "alphabeta(depth=1)"];
    let tail = arena("g", &["--gauntlet"]);
    let mut args = vec!["tournament", game];
    args.extend(three);
    args.extend(tail.iter().map(String::as_str));
    mancala(d, &args);
    assert_eq!(csv_header(d, "g.csv"), expected, "the gauntlet CSV");
    let tail = arena("t", &[]);
    let mut args = vec!["tournament", game];
    args.extend(three);
    args.extend(tail.iter().map(String::as_str));
    mancala(d, &args);
    assert_eq!(
        csv_header(d, "t.csv"),
        columns(&lists, "tournament"),
        "the tournament CSV"
    );

    // Jobs: a series (its key's column, then the match columns), a solve, a database build.
    let jobs = [
        (
            "s",
            format!(
                "kind = \"series\"\ngame = \"{game}\"\nagent = \"mcts(iterations={{}})\"\n\
                 values = [2, 4]\nopponent = \"random\"\nrounds = 1\nthreads = 1\n"
            ),
        ),
        (
            "v",
            format!("kind = \"solve\"\ngame = \"{game}\"\nthreads = 1\ntt_mb = 1\n"),
        ),
        (
            "e",
            "kind = \"egdb\"\ngame = \"kalah(houses=2)\"\nmax_seeds = 4\nout = \"db\"\n\
             threads = 1\n"
                .to_string(),
        ),
    ];
    for (name, toml) in &jobs {
        let file = d.join(format!("{name}.toml"));
        std::fs::write(&file, toml).unwrap();
        mancala(d, &["run", file.to_str().unwrap(), "--results", results]);
    }
    let series = columns(&lists, "series");
    assert_eq!(csv_header(d, "s.csv"), series, "the series CSV");
    assert_eq!(series[0], "iterations", "the series' key column");
    assert_eq!(
        series[1..],
        expected[..],
        "a series row is a match row after its key"
    );
    assert_eq!(
        csv_header(d, "v.csv"),
        columns(&lists, "solve"),
        "the solve job's CSV"
    );
    assert_eq!(
        csv_header(d, "e.csv"),
        columns(&lists, "egdb"),
        "the egdb job's CSV"
    );

    // `analyze --out NAME`: results/analysis/NAME.csv.
    mancala(
        d,
        &[
            "analyze",
            game,
            "-a",
            "greedy",
            "--sample",
            "3",
            "--plies",
            "1-6",
            "--out",
            "an",
            "--results",
            results,
        ],
    );
    assert_eq!(
        csv_header(d, "an.csv"),
        columns(&lists, "analyze"),
        "the analyze CSV"
    );

    // `egdb stats --out NAME`: NAME.csv and NAME-histogram.csv.
    let db = find(d, "BUILD.json").parent().unwrap().to_path_buf();
    let stats = d.join("stats");
    mancala(
        d,
        &[
            "egdb",
            "stats",
            db.to_str().unwrap(),
            "--out",
            stats.to_str().unwrap(),
        ],
    );
    assert_eq!(
        csv_header(d, "stats.csv"),
        columns(&lists, "egdb-stats"),
        "the egdb stats CSV"
    );
    assert_eq!(
        csv_header(d, "stats-histogram.csv"),
        columns(&lists, "egdb-stats-histogram"),
        "the egdb stats histogram CSV"
    );

    // Every documented list was checked above.
    let checked = [
        "match",
        "tournament",
        "series",
        "solve",
        "egdb",
        "egdb-stats",
        "egdb-stats-histogram",
        "analyze",
    ];
    for kind in lists.keys() {
        assert!(
            checked.contains(&kind.as_str()),
            "{}: the `{kind}` column list is not compared with any output",
            lists[kind].0
        );
    }
}

/// The Jeffreys example of docs/agents-and-matches.md is what a match prints: A wins all 10
/// games of 5 pairs (B, an engine that answers a house the board does not have, forfeits
/// each). The figures, computed apart from the program from the Beta(10.5, 0.5) posterior
/// (mean 21/22; its 2.5% and 97.5% quantiles by mpmath's regularized incomplete beta
/// `betainc`, solved by bisection): Elo 400·log10(21) = 528.9,
/// interval [222.7, 1727.9].
#[test]
fn the_jeffreys_example_is_what_a_match_prints() {
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/agents-and-matches.md")).unwrap();
    let example = "10 wins in 5 pairs give Elo +528.9 [+222.7, +1727.9]";
    assert!(
        page.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(example),
        "docs/agents-and-matches.md no longer quotes `{example}`"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let engine = write_forfeiting_engine(d);
    let agent = format!("engine(cmd=\"sh\",args=\"{}\")", engine.display());
    let results = d.join("results");
    mancala(
        d,
        &[
            "match",
            "kalah(houses=3,seeds=2)",
            "-a",
            "greedy",
            "-a",
            &agent,
            "--rounds",
            "5",
            "--threads",
            "1",
            "--out",
            "j",
            "--results",
            results.to_str().unwrap(),
        ],
    );
    let rows = csv_rows(d, "j.csv");
    let row = &rows[0];
    let cell = |c: &str| row[c].as_str();
    assert_eq!(
        (cell("games"), cell("wins"), cell("illegal_move")),
        ("10", "10", "10"),
        "B forfeits every game by an illegal move: {row:?}"
    );
    assert_eq!(
        (
            cell("elo"),
            cell("elo_low"),
            cell("elo_high"),
            cell("interval")
        ),
        ("528.9", "222.7", "1727.9", "jeffreys")
    );
}

/// `mancala games` and the parser agree with docs/notation.md on Wari's capture rule: `2-3`
/// by default, `2-4-6` by default with `seeds=6` (Wari-72).
#[test]
fn wari_captures_as_documented() {
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/notation.md")).unwrap();
    assert!(page.contains("`capture` defaults to `2-3`, and to `2-4-6` with `seeds=6` (Wari-72)"));
    let d = Path::new(ROOT);
    let games: serde_json::Value = serde_json::from_str(&mancala(d, &["games", "--json"])).unwrap();
    let wari = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "wari")
        .expect("wari is listed");
    let capture = wari["keys"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["key"] == "capture")
        .expect("wari has a capture key");
    assert_eq!(capture["default"], "2-3");
    assert!(
        capture["values"]
            .as_str()
            .unwrap()
            .contains("2-4-6 by default when seeds=6"),
        "mancala games says nothing of Wari-72's default: {capture}"
    );
    // Canonical game strings leave defaults out: 2-4-6 is the default with six seeds only.
    let canonical = |game: &str| -> String {
        let v: serde_json::Value =
            serde_json::from_str(&mancala(d, &["show", game, "--json"])).unwrap();
        v["game"].as_str().unwrap().to_string()
    };
    assert_eq!(canonical("wari(seeds=6,capture=2-4-6)"), "wari(seeds=6)");
    assert_eq!(canonical("wari(capture=2-3)"), "wari");
    assert_eq!(canonical("wari(capture=2-4-6)"), "wari(capture=2-4-6)");
}

/// The relative links of `text` (`[label](target)` outside fenced blocks and code spans).
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Drop code spans (a `[x](y)` in backticks is text, not a link).
        let mut plain = String::new();
        for (k, part) in line.split('`').enumerate() {
            if k % 2 == 0 {
                plain.push_str(part);
            } else {
                plain.push_str("``");
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((i + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// `path` with `.` and `..` resolved (without touching the file system).
fn normalized(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

#[test]
fn relative_links_name_existing_files() {
    let root = normalized(Path::new(ROOT));
    let mut bad = Vec::new();
    let mut count = 0;
    for page in doc_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            count += 1;
            let at = format!("{}:{line}: `{target}`", shown(&page));
            let file = target.split('#').next().unwrap();
            let path = normalized(&page.parent().unwrap().join(file));
            let Ok(inside) = path.strip_prefix(&root) else {
                // The rule specification lives beside the repository, not in it: the one link
                // allowed out (not checked: a clone may not have the shared folder).
                if path != root.parent().unwrap().join("shared/RULES.md") {
                    bad.push(format!("{at} leaves the repository"));
                }
                continue;
            };
            let top = inside.components().next().map(|c| c.as_os_str().to_owned());
            let moving = top
                .as_ref()
                .is_some_and(|t| t == "results" || t == "scripts");
            if moving && inside.components().count() > 1 && !inside.ends_with("README.md") {
                bad.push(format!(
                    "{at}: link to the folder's README.md, which lists its files (they move)"
                ));
            } else if !path.exists() {
                bad.push(format!("{at} does not exist"));
            }
        }
    }
    assert!(
        count > 20,
        "only {count} relative links found: the link reader is broken"
    );
    assert!(bad.is_empty(), "bad links:\n{}", bad.join("\n"));
}
