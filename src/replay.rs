//! `seedpost replay`: plays pit numbers through the engine and prints every ply as a
//! JSON line (a stable contract for outside tools; see docs/api.md, "The replay
//! command").

use std::io::{self, Write};

use seedpost_rules::{BySide, Game, IllegalMove, ParsePitError, Pit, Ply, Side, Variant};
use serde::Serialize;

use crate::games::json::{self, ResultJson};

/// One ply of the output.
#[derive(Serialize)]
struct PlyLine {
    ply: usize,
    side: Side,
    #[serde(skip_serializing_if = "Option::is_none")]
    pit: Option<u8>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pass: bool,
    board: BySide<Vec<u8>>,
    store: BySide<u8>,
    to_move: Option<Side>,
    status: &'static str,
}

#[derive(Serialize)]
struct ResultLine {
    result: ResultJson,
}

/// A move the command could not play: the ply it would have been and why.
#[derive(Debug)]
pub struct ReplayCommandError {
    /// The ply number, from 1.
    pub ply: usize,
    /// `bad_pit` or an engine code.
    pub code: &'static str,
    /// Human text.
    pub message: String,
}

/// Plays `pits` (text as given on the command line) and writes the lines to `out`.
///
/// # Errors
/// The first move that is not a pit number or not legal; the lines of the plies
/// before it have been written. I/O errors writing `out` are returned as `Err(Ok(_))`.
pub fn run(
    variant: Variant,
    first: Side,
    pits: &[String],
    out: &mut impl Write,
) -> Result<(), Result<io::Error, ReplayCommandError>> {
    let mut game = Game::new(variant, first);
    for text in pits {
        let ply = game.ply() + 1;
        let fail = |code, message| Err(ReplayCommandError { ply, code, message });
        let pit: Pit = text
            .parse()
            .map_err(|e: ParsePitError| fail(e.code(), format!("{e}: `{text}`")))?;
        let Some(side) = game.position().to_move() else {
            // The game is complete: its result line still closes the output.
            write_result(out, &game).map_err(Ok)?;
            let e = IllegalMove::GameOver;
            return Err(fail(e.code(), e.to_string()));
        };
        game.push(Ply::Sow { side, pit })
            .map_err(|e| fail(e.code(), e.to_string()))?;
        write_ply(out, &game).map_err(Ok)?;
        // §T4: the automatic pass is recorded as a ply of its own.
        while game.position().must_pass() {
            let side = game.position().to_move().unwrap_or(side);
            game.push(Ply::Pass { side })
                .map_err(|e| fail(e.code(), e.to_string()))?;
            write_ply(out, &game).map_err(Ok)?;
        }
    }
    write_result(out, &game).map_err(Ok)
}

/// Writes the result line of a finished game; nothing for an ongoing one.
fn write_result(out: &mut impl Write, game: &Game) -> io::Result<()> {
    match game.outcome() {
        Some(outcome) => write_line(
            out,
            &ResultLine {
                result: outcome.into(),
            },
        ),
        None => Ok(()),
    }
}

/// Writes the line of the game's last ply.
fn write_ply(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let position = game.position();
    let Some(&ply) = game.plies().last() else {
        return Ok(());
    };
    let line = PlyLine {
        ply: game.ply(),
        side: ply.side(),
        pit: ply.pit().map(Pit::number),
        pass: matches!(ply, Ply::Pass { .. }),
        board: json::board(position),
        store: position.stores(),
        to_move: position.to_move(),
        status: if position.is_over() {
            "finished"
        } else {
            "ongoing"
        },
    };
    write_line(out, &line)
}

fn write_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}
