//! The text notation for whole games (RULES.md §C8): a tag header, then the plies.
//!
//! ```text
//! [Variant "mangala"]
//! [First "south"]
//! [South "ayse"]
//! [North "mehmet"]
//! [Result "1-0"]
//!
//! S5 N2 S4 S6 S3 N2 ...
//! ```
//!
//! `Variant` and `First` come first and are required; other tags follow in any order
//! and are kept as written. Plies are `S` or `N` and a pit number, or `S-` / `N-` for
//! an automatic pass, separated by white space, twelve to a line when written.

use std::fmt;
use std::str::FromStr;

use crate::{Game, Pit, Ply, ReplayFailure, Side, Variant};

/// A game record: tags and plies. It is text-level: [`Record::game`] replays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The game played.
    pub variant: Variant,
    /// Who moved first.
    pub first: Side,
    /// Further tags (`South`, `North`, `Started`, `Ended`, `Result`, `EndedBy`, or any
    /// other), in order. Names are ASCII letters, digits and `_`, and never `Variant`
    /// or `First`; values are any text (written with escapes).
    pub tags: Vec<(String, String)>,
    /// The plies, in order.
    pub plies: Vec<Ply>,
}

/// Plies written on one line.
const PLIES_PER_LINE: usize = 12;

impl Record {
    /// The record of `game`, with no further tags.
    #[must_use]
    pub fn of(game: &Game) -> Record {
        Record {
            variant: game.variant(),
            first: game.first(),
            tags: Vec::new(),
            plies: game.plies().to_vec(),
        }
    }

    /// Adds a tag (builder style).
    #[must_use]
    pub fn with_tag(mut self, name: &str, value: &str) -> Record {
        self.tags.push((name.to_owned(), value.to_owned()));
        self
    }

    /// The value of the first tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Replays the plies.
    ///
    /// # Errors
    /// The first ply that does not replay.
    pub fn game(&self) -> Result<Game, ReplayFailure> {
        Game::replay(self.variant, self.first, &self.plies)
    }
}

/// The `Result` tag's value for a finished game: `1-0` (South won), `0-1` (North won),
/// `1/2-1/2` (a draw).
#[must_use]
pub const fn result_tag(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    }
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"]\n")
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tag(f, "Variant", self.variant.as_str())?;
        write_tag(f, "First", self.first.as_str())?;
        for (name, value) in &self.tags {
            write_tag(f, name, value)?;
        }
        f.write_str("\n")?;
        for line in self.plies.chunks(PLIES_PER_LINE) {
            for (i, ply) in line.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{ply}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// What is wrong with a record's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseRecordErrorKind {
    /// A header line is not `[Name "value"]`.
    BadTag,
    /// The `Variant` tag is missing or not first.
    MissingVariant,
    /// The `First` tag is missing or not second.
    MissingFirst,
    /// The variant is not `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    BadVariant,
    /// The first mover is not `south` or `north`.
    BadSide,
    /// A `Variant` or `First` tag appears twice.
    DuplicateTag,
    /// A ply is not `S` or `N` followed by a pit number or `-`.
    BadPly,
}

impl fmt::Display for ParseRecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseRecordErrorKind::BadTag => "expected a tag like [Name \"value\"]",
            ParseRecordErrorKind::MissingVariant => "the record must start with a Variant tag",
            ParseRecordErrorKind::MissingFirst => "the second tag must be First",
            ParseRecordErrorKind::BadVariant => {
                "expected mangala, modiar, tihbat, kalah, oware or togyz"
            }
            ParseRecordErrorKind::BadSide => "expected south or north",
            ParseRecordErrorKind::DuplicateTag => "this tag is given twice",
            ParseRecordErrorKind::BadPly => "expected a ply like S3, N5 or N- (a pass)",
        })
    }
}

/// A record's text that does not parse: where, which token, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRecordError {
    /// Line number, from 1.
    pub line: usize,
    /// Column of the token's first character, from 1.
    pub column: usize,
    /// The offending token (or line, for the header), as written.
    pub token: String,
    /// Why it is wrong.
    pub kind: ParseRecordErrorKind,
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: `{}`: {}",
            self.line, self.column, self.token, self.kind
        )
    }
}

impl std::error::Error for ParseRecordError {}

/// Parses `[Name "value"]`, undoing the escapes `\"`, `\\` and `\n`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                '"' => value.push('"'),
                '\\' => value.push('\\'),
                'n' => value.push('\n'),
                'u' => value.push(parse_unicode_escape(&mut chars)?),
                _ => return None,
            },
            '"' => return None,
            c if c.is_control() => return None,
            c => value.push(c),
        }
    }
    Some((name.to_owned(), value))
}

/// Reads the `{hex}` of a `\u{hex}` escape.
fn parse_unicode_escape(chars: &mut std::str::Chars<'_>) -> Option<char> {
    if chars.next()? != '{' {
        return None;
    }
    let mut code = 0u32;
    for (i, c) in chars.by_ref().enumerate() {
        match c {
            '}' if i > 0 => return char::from_u32(code),
            c if i < 6 => code = code * 16 + c.to_digit(16)?,
            _ => return None,
        }
    }
    None
}

fn parse_ply(token: &str) -> Option<Ply> {
    let mut chars = token.chars();
    let letter = chars.next()?;
    // Only the canonical, upper-case spelling, so that text round-trips exactly.
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let side = Side::from_letter(letter)?;
    let rest = chars.as_str();
    if rest == "-" {
        return Some(Ply::Pass { side });
    }
    let pit: Pit = rest.parse().ok()?;
    (rest.len() == 1).then_some(Ply::Sow { side, pit })
}

impl FromStr for Record {
    type Err = ParseRecordError;

    fn from_str(text: &str) -> Result<Record, ParseRecordError> {
        let mut variant = None;
        let mut first = None;
        let mut tags = Vec::new();
        let mut plies = Vec::new();
        let mut in_header = true;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let err = |column: usize, token: &str, kind| ParseRecordError {
                line: number,
                column,
                token: token.to_owned(),
                kind,
            };
            // Columns count characters, from 1.
            let indent = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
            if in_header && line.trim_start().starts_with('[') {
                let trimmed = line.trim();
                let column = indent;
                let (name, value) = parse_tag(trimmed)
                    .ok_or_else(|| err(column, trimmed, ParseRecordErrorKind::BadTag))?;
                match (name.as_str(), variant, first) {
                    ("Variant", None, _) => {
                        variant =
                            Some(value.parse::<Variant>().map_err(|_| {
                                err(column, trimmed, ParseRecordErrorKind::BadVariant)
                            })?);
                    }
                    ("First", Some(_), None) => {
                        first =
                            Some(value.parse::<Side>().map_err(|_| {
                                err(column, trimmed, ParseRecordErrorKind::BadSide)
                            })?);
                    }
                    ("Variant" | "First", Some(_), Some(_)) => {
                        return Err(err(column, trimmed, ParseRecordErrorKind::DuplicateTag));
                    }
                    (_, None, _) => {
                        return Err(err(column, trimmed, ParseRecordErrorKind::MissingVariant));
                    }
                    (_, Some(_), None) => {
                        return Err(err(column, trimmed, ParseRecordErrorKind::MissingFirst));
                    }
                    (_, Some(_), Some(_)) => tags.push((name, value)),
                }
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            if variant.is_none() {
                return Err(err(
                    indent,
                    line.trim(),
                    ParseRecordErrorKind::MissingVariant,
                ));
            }
            if first.is_none() {
                return Err(err(indent, line.trim(), ParseRecordErrorKind::MissingFirst));
            }
            in_header = false;
            let mut rest = line;
            let mut offset = 0;
            while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                let token_len = rest[start..]
                    .find(char::is_whitespace)
                    .unwrap_or(rest.len() - start);
                let token = &rest[start..start + token_len];
                let column = line[..offset + start].chars().count() + 1;
                let ply = parse_ply(token)
                    .ok_or_else(|| err(column, token, ParseRecordErrorKind::BadPly))?;
                plies.push(ply);
                offset += start + token_len;
                rest = &rest[start + token_len..];
            }
        }
        let missing = |kind| ParseRecordError {
            line: 1,
            column: 1,
            token: String::new(),
            kind,
        };
        Ok(Record {
            variant: variant.ok_or_else(|| missing(ParseRecordErrorKind::MissingVariant))?,
            first: first.ok_or_else(|| missing(ParseRecordErrorKind::MissingFirst))?,
            tags,
            plies,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_with_quotes_backslashes_and_control_characters_round_trip() {
        let game = Game::new(Variant::Tihbat, Side::North);
        let record = Record::of(&game)
            .with_tag("South", "a \"quoted\" \\ name")
            .with_tag("Note", "tab\there\r\nnext line\u{85}end");
        let text = record.to_string();
        assert!(!text.contains('\t') && !text.contains('\r'), "{text}");
        assert_eq!(text.parse::<Record>(), Ok(record));
    }

    #[test]
    fn only_upper_case_plies_are_read_so_text_round_trips_exactly() {
        let text = "[Variant \"tihbat\"]\n[First \"south\"]\n\nS1 n2\n";
        let error = text.parse::<Record>().expect_err("n2 is not canonical");
        assert_eq!(
            (error.line, error.column, error.token.as_str()),
            (4, 4, "n2")
        );
    }
}
