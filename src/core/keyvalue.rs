//! The `name(key=value,...)` syntax that game strings ([`crate::rules::spec`], RULES.md §12) and
//! agent strings ([`crate::agents::spec`]) share: the name and its pairs, keys given twice or
//! unknown, and the values both take (whole numbers, words from a list). Each side turns a
//! [`KeyValueError`] into its own error type and messages.

use std::borrow::Cow;

/// Why a `name(key=value,...)` string was refused, before its side words the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyValueError {
    /// Not `name` or `name(key=value,...)`.
    Syntax {
        /// The whole text.
        text: String,
    },
    /// A key given twice.
    DuplicateKey {
        /// The name.
        name: String,
        /// The key.
        key: String,
    },
    /// A key the name does not take.
    UnknownKey {
        /// The name.
        name: String,
        /// The key.
        key: String,
        /// The keys it takes, joined by `, ` (`none` if none).
        keys: String,
    },
    /// A value the key does not take.
    BadValue {
        /// The name.
        name: String,
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What the key takes.
        expected: String,
    },
}

/// The name and the `key=value` pairs of a string, each pair marked once a parser takes it.
pub struct KeyValues<'a> {
    name: &'a str,
    pairs: Vec<(&'a str, Cow<'a, str>, bool)>,
}

/// `true` and `false`, the values of a flag.
pub const BOOLS: &[(&str, bool)] = &[("true", true), ("false", false)];

impl<'a> KeyValues<'a> {
    /// Splits `text`, `name` or `name(key=value,...)`, keys and values trimmed. The name must
    /// not be empty and must pass `name_ok`; with `nested`, a value may hold balanced
    /// parentheses (`fallback=mcts(iterations=10,c=2)`) or be a double-quoted string, in which
    /// commas, parentheses and spaces are the value's own and `\"` and `\\` stand for `"` and
    /// `\` (`cmd="python3",args="engine.py --level 2"`; [`quote`] writes one); without `nested`,
    /// no parentheses or quotes at all.
    pub fn parse(
        text: &'a str,
        nested: bool,
        name_ok: fn(&str) -> bool,
    ) -> Result<KeyValues<'a>, KeyValueError> {
        let syntax = || KeyValueError::Syntax {
            text: text.to_string(),
        };
        let t = text.trim();
        let (name, inner) = match t.find('(') {
            None => (t, ""),
            Some(i) => (
                t[..i].trim(),
                t[i + 1..].strip_suffix(')').ok_or_else(syntax)?,
            ),
        };
        if name.is_empty() || !name_ok(name) || (!nested && inner.contains(['(', ')', '"'])) {
            return Err(syntax());
        }
        let mut kv = KeyValues {
            name,
            pairs: Vec::new(),
        };
        if inner.trim().is_empty() {
            return Ok(kv);
        }
        for part in split_top_level(inner).ok_or_else(syntax)? {
            let (k, v) = part.split_once('=').ok_or_else(syntax)?;
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || v.is_empty() || k.contains('"') {
                return Err(syntax());
            }
            let v = match v.strip_prefix('"') {
                Some(rest) => Cow::Owned(unquote(rest).ok_or_else(syntax)?),
                // Quotes belong to a quoted value, or to one nested in parentheses.
                None if v.contains('"') && !v.contains('(') => return Err(syntax()),
                None => Cow::Borrowed(v),
            };
            if kv.pairs.iter().any(|p| p.0 == k) {
                return Err(KeyValueError::DuplicateKey {
                    name: name.to_string(),
                    key: k.to_string(),
                });
            }
            kv.pairs.push((k, v, false));
        }
        Ok(kv)
    }

    /// The name before the parentheses.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The value of `key`, if given (a quoted value without its quotes), marked as taken.
    pub fn take(&mut self, key: &str) -> Option<Cow<'a, str>> {
        let p = self.pairs.iter_mut().find(|p| p.0 == key)?;
        p.2 = true;
        Some(p.1.clone())
    }

    /// The error for `key=value`, which is not what `key` takes (`expected`).
    pub fn bad(&self, key: &str, value: &str, expected: &str) -> KeyValueError {
        KeyValueError::BadValue {
            name: self.name.to_string(),
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }

    /// The value of `key` as `parse` reads it, `None` if not given; refused, in the words of
    /// `expected`, where `parse` gives `None`.
    pub fn value<T>(
        &mut self,
        key: &str,
        parse: impl FnOnce(&str) -> Option<T>,
        expected: &str,
    ) -> Result<Option<T>, KeyValueError> {
        match self.take(key) {
            None => Ok(None),
            Some(v) => parse(&v)
                .map(Some)
                .ok_or_else(|| self.bad(key, &v, expected)),
        }
    }

    /// The value of `key`, a whole number from `min` to `max`, if given.
    pub fn number(&mut self, key: &str, min: u64, max: u64) -> Result<Option<u64>, KeyValueError> {
        self.value(key, |v| number(v, min, max), &number_expected(min, max))
    }

    /// The value of `key`, one of the words of `options`, if given.
    pub fn choice<T: Copy>(
        &mut self,
        key: &str,
        options: &[(&str, T)],
    ) -> Result<Option<T>, KeyValueError> {
        self.value(key, |v| choice(v, options), &choices_expected(options))
    }

    /// Refuses the first key no parser took; `keys` are those the name takes.
    pub fn finish(&self, keys: &[&str]) -> Result<(), KeyValueError> {
        match self.pairs.iter().find(|p| !p.2) {
            Some((k, _, _)) => Err(KeyValueError::UnknownKey {
                name: self.name.to_string(),
                key: k.to_string(),
                keys: if keys.is_empty() {
                    "none".into()
                } else {
                    keys.join(", ")
                },
            }),
            None => Ok(()),
        }
    }
}

/// Splits `a=1,b=f(x=1,y=2),c="x,y"` at the commas outside parentheses and double quotes;
/// `None` if they do not balance.
fn split_top_level(inner: &str) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let (mut quoted, mut escaped) = (false, false);
    for (i, ch) in inner.char_indices() {
        if quoted {
            match ch {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => quoted = true,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 || quoted {
        return None;
    }
    parts.push(&inner[start..]);
    Some(parts)
}

/// The text of a quoted value after its opening quote, up to the closing one, which must end
/// it; `\"` and `\\` stand for `"` and `\`, and no other escapes exist. `None` if malformed.
fn unquote(rest: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = rest.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '\\' => match chars.next()? {
                c @ ('"' | '\\') => out.push(c),
                _ => return None,
            },
            '"' => return chars.as_str().is_empty().then_some(out),
            c => out.push(c),
        }
    }
    None
}

/// `value` as a double-quoted value of a `key=value` pair (what [`KeyValues::parse`] reads
/// back): `"` and `\` escaped with `\`.
pub fn quote(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `v` as a whole number from `min` to `max`: decimal digits only (no sign).
pub fn number(v: &str, min: u64, max: u64) -> Option<u64> {
    Some(v)
        .filter(|v| v.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|n| (min..=max).contains(n))
}

/// What [`number`] takes, in words.
pub fn number_expected(min: u64, max: u64) -> String {
    format!("a whole number from {min} to {max}")
}

/// What the word `v` stands for among `options`.
pub fn choice<T: Copy>(v: &str, options: &[(&str, T)]) -> Option<T> {
    options.iter().find(|(name, _)| *name == v).map(|(_, t)| *t)
}

/// The words of `options`, joined by ` or `.
pub fn choices_expected<T>(options: &[(&str, T)]) -> String {
    let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
    names.join(" or ")
}

/// The word that stands for `t` among `options`.
pub fn choice_name<T: PartialEq>(options: &[(&'static str, T)], t: &T) -> &'static str {
    options
        .iter()
        .find(|(_, x)| x == t)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}
