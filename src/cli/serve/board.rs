//! The JSON of a position for the page (`GET /api/position`, docs/serve-api.md): the state, the
//! legal moves with the house each lifts, and the board laid out in rows for drawing.
//!
//! The layout is read from the position text (RULES.md §12: each player's houses in their own
//! sowing order, South first), so it holds for every game the text describes: two-row games
//! have one row a player, the four-row games (Omweso, Bao, Lela; `FOUR_ROW`) two, the first
//! half of a player's holes being the outer row. Rows are listed top to bottom with South at
//! the bottom, each left to right, as `mancala show` draws them.

use mancala::core::{house_letter, parse_house_letter, PositionText, Side};
use mancala::dynamic::DynState;
use mancala::rules::GameSpec;
use serde_json::{json, Value};

/// The hole of a Bao player's kuu (nyumba), `L`, in their sowing order (src/rules/bao.rs `KUU`).
const BAO_KUU: usize = mancala::rules::bao::KUU;

/// The JSON of `state` (docs/serve-api.md, `GET /api/position`); `draw` adds the terminal
/// drawing.
pub fn state_json(state: &dyn DynState, draw: bool) -> Value {
    let text = state.position_text();
    let board = board_json(state.spec(), &text);
    let legal: Vec<Value> = state
        .legal_actions()
        .into_iter()
        .zip(state.legal_moves())
        .map(|(action, mv)| {
            let house = lifted_house(&mv, houses_each(&text)).map(|(side, index)| {
                json!({"side": side.letter().to_string(), "index": index,
                       "letter": house_letter(side, index).to_string()})
            });
            json!({"move": mv, "action": action, "house": house})
        })
        .collect();
    let end = state.end();
    let stores = state.stores();
    let winner = end.map(|_| match stores[0].cmp(&stores[1]) {
        std::cmp::Ordering::Greater => "S",
        std::cmp::Ordering::Less => "N",
        std::cmp::Ordering::Equal => "draw",
    });
    let mut out = json!({
        "game": state.spec().to_string(),
        "start": state.start_text(),
        "moves": state.moves(),
        "position": text,
        "side_to_move": state.side_to_move().letter().to_string(),
        "over": end.is_some(),
        "end": end.map(|e| e.name()),
        "winner": winner,
        "stores": stores,
        "legal": legal,
        "board": board,
    });
    let drawing = state.draw();
    out["board"]["notes"] = json!(drawing_notes(&drawing));
    if draw {
        out["draw"] = Value::String(drawing);
    }
    out
}

/// Houses (holes) each player has in position text `text`: the count before the `/`.
fn houses_each(text: &str) -> usize {
    text.split('/').next().map_or(0, |s| s.split(',').count())
}

/// The house move `mv` lifts: a house letter of a player, alone or followed by a suffix that
/// does not start with a letter (`K+`, `N-s`, `A-3`); `None` for `pass`, `p3`, `hand`.
fn lifted_house(mv: &str, houses: usize) -> Option<(Side, usize)> {
    let mut chars = mv.chars();
    let first = chars.next()?;
    if chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    parse_house_letter(first).filter(|&(_, i)| i < houses)
}

/// The board of position text `text` of game `spec`.
fn board_json(spec: &GameSpec, text: &str) -> Value {
    let game = spec.to_string();
    let bao = matches!(spec, GameSpec::Bao(_));
    let m = houses_each(text);
    let Ok(parts) = PositionText::split_max(text, m, u32::MAX) else {
        // Every position text the rules print parses; show nothing rather than fail.
        return json!({"layout": "two-row", "stores": null, "rows": [], "fields": []});
    };
    // Drawn with two rows a player (RULES.md §9, §10, §11).
    let four_row = matches!(
        spec,
        GameSpec::Omweso(_) | GameSpec::Bao(_) | GameSpec::Lela(_)
    );
    let field = |key: &str| parts.fields.iter().find(|f| f.0 == key).map(|f| f.1);
    let kuu = field("kuu").unwrap_or("");
    let takasia: Vec<(Side, usize)> = field("takasia")
        .unwrap_or("")
        .split(',')
        .filter_map(|l| l.chars().next().and_then(parse_house_letter))
        .collect();
    // Houses a player owns in the other's row (Adi's `bought`, Ayo's `won`): a letter of
    // North's row is held by South, and the other way round.
    let held: Vec<(Side, usize)> = ["bought=", "won="]
        .iter()
        .filter_map(|k| game.split(k).nth(1))
        .flat_map(|v| {
            v.chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .filter_map(parse_house_letter)
        })
        .collect();
    let cell = |side: Side, index: usize| {
        let mut marks = Vec::new();
        if bao && index == BAO_KUU && kuu.contains(side.letter()) {
            marks.push("kuu".to_string());
        }
        if takasia.contains(&(side, index)) {
            marks.push("takasia".to_string());
        }
        if held.contains(&(side, index)) {
            marks.push(format!("owned-by-{}", side.opponent().letter()));
        }
        json!({
            "side": side.letter().to_string(),
            "index": index,
            "letter": house_letter(side, index).to_string(),
            "seeds": parts.houses[side.index() * m + index],
            "marks": marks,
        })
    };
    let row = |side: Side, indices: Vec<usize>| -> Vec<Value> {
        indices.into_iter().map(|i| cell(side, i)).collect()
    };
    let (layout, rows) = if four_row {
        let half = m / 2;
        (
            "four-row",
            vec![
                row(Side::North, (0..half).rev().collect()),
                row(Side::North, (half..m).collect()),
                row(Side::South, (half..m).rev().collect()),
                row(Side::South, (0..half).collect()),
            ],
        )
    } else {
        (
            "two-row",
            vec![
                row(Side::North, (0..m).rev().collect()),
                row(Side::South, (0..m).collect()),
            ],
        )
    };
    // Omweso and Bao have no stores (their text's `0-0` is a placeholder, RULES.md §12).
    let stores = if matches!(spec, GameSpec::Omweso(_) | GameSpec::Bao(_)) {
        Value::Null
    } else {
        json!(parts.stores)
    };
    let fields: Vec<Value> = parts
        .fields
        .iter()
        .map(|&(key, value, _)| {
            json!({"key": key, "label": field_label(key), "value": field_value(key, value)})
        })
        .collect();
    json!({"layout": layout, "stores": stores, "rows": rows, "fields": fields})
}

/// The facts the terminal drawing states in words (`North: 32 seeds (22 in reserve), nyumba l,
/// namua stage`, `in hand: South 40, North 40`, `bought: b by South`): its lines that say
/// `label: ...`, as the page shows them beside the board.
fn drawing_notes(drawing: &str) -> Vec<String> {
    drawing
        .lines()
        .map(str::trim)
        .filter(|l| l.contains(": "))
        .map(String::from)
        .collect()
}

/// What a `;key=value` field of position text means, in words.
fn field_label(key: &str) -> &str {
    match key {
        "hand" => "seeds in hand",
        "reserve" => "seeds in reserve",
        "kuu" => "kuu (nyumba) still owned",
        "takasia" => "takasia-marked holes",
        "forced" => "the house the mover must lift",
        "last-capture" => "last to capture",
        other => other,
    }
}

/// A field's value in words: `40-40` as `South 40, North 40`, side letters as names.
fn field_value(key: &str, value: &str) -> String {
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if let Some((s, n)) = value
        .split_once('-')
        .filter(|(s, n)| number(s) && number(n))
    {
        return format!("South {s}, North {n}");
    }
    match (key, value) {
        ("kuu" | "last-capture", v) => {
            let names: Vec<&str> = v
                .chars()
                .map(|c| match c {
                    'S' => "South",
                    'N' => "North",
                    _ => "?",
                })
                .collect();
            names.join(", ")
        }
        _ => value.to_string(),
    }
}
