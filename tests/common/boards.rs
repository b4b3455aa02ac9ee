//! Boards written out by hand, shared by the drawing tests (`tests/draw.rs`) and the pseudo
//! terminal tests of `mancala play` (`tests/play.rs`); included with `#[path]`.

/// The lines of a drawing, each ended by a newline.
pub fn board(rows: &[&str]) -> String {
    rows.iter().map(|r| format!("{r}\n")).collect()
}

/// Seed 003's start of Bao la Kete as drawn from South's seat, South to move: the diagram's
/// rows from North's back row, `0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0
/// 0 0 0 0`, each kuu (4th front hole from its owner's right, `L`) in brackets, 22 seeds in
/// each reserve (10 on the board + 22 = 32 a player), the nemo stage.
pub const BAO_LA_KETE_START: [&str; 11] = [
    "   h   g   f   e   d   c   b   a",
    "   0   0   0   0   0   0   0   0   North back",
    "   i   j   k [l]   m   n   o   p",
    "   0   2   2   6   0   0   0   0   North front",
    "   P   O   N   M [L]   K   J   I",
    "   0   0   0   0   6   2   2   0   South front",
    "   A   B   C   D   E   F   G   H",
    "   0   0   0   0   0   0   0   0   South back <- to move",
    "North: 32 seeds (22 in reserve), kuu l, nemo stage",
    "South: 32 seeds (22 in reserve), kuu L, nemo stage",
    "takasia: none",
];
