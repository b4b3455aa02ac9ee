//! Plain negamax: the whole game tree, no pruning, no table. The reference every faster search
//! is tested against. Exponential: small positions only.

use crate::rules::{quiet_end, repeats, Children, Rules};

/// The exact value of `pos` (final store difference, seeds, from the side to move).
///
/// `window` holds the earlier positions `pos` could repeat (those since the last capture, in
/// game order); it is left as it was given.
pub fn negamax<R: Rules>(rules: &R, pos: &R::Position, window: &mut Vec<R::Position>) -> i32 {
    let sd = rules.store_difference(pos);
    if let Some(o) = rules.outcome(pos).or_else(|| quiet_end(rules, window, pos)) {
        return sd + o.value();
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let seeds = rules.board_seeds(pos);
    let side = rules.side_to_move(pos);
    if R::CAN_REPEAT {
        window.push(*pos);
    }
    let mut best = i32::MIN;
    for c in &children {
        let child_value = if !R::CAN_REPEAT {
            negamax(rules, &c.pos, window)
        } else if rules.board_seeds(&c.pos) < seeds {
            negamax(rules, &c.pos, &mut Vec::new())
        } else if repeats(rules, window, &c.pos) {
            rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
        } else {
            negamax(rules, &c.pos, window)
        };
        let v = if rules.side_to_move(&c.pos) == side {
            child_value
        } else {
            -child_value
        };
        best = best.max(v);
    }
    if R::CAN_REPEAT {
        window.pop();
    }
    best
}
