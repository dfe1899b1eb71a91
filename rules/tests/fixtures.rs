//! Whole games with the position after every ply, in the replay command's JSON lines:
//! the public examples and our own games worked out by hand from RULES.md. Each
//! fixture folder has a `COMMANDS` file naming the moves and the file of expected lines.

use std::fs;
use std::path::{Path, PathBuf};

use seedpost_rules::{Game, Pit, Ply, Side, Variant};
use serde_json::{Value, json};

/// A game to replay: where it is written down, and its moves.
struct Case {
    source: String,
    variant: Variant,
    first: Side,
    pits: Vec<Pit>,
    expected: PathBuf,
}

fn cases(dir: &Path) -> Vec<Case> {
    let commands = dir.join("COMMANDS");
    let Ok(text) = fs::read_to_string(&commands) else {
        return Vec::new();
    };
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let source = format!("{}:{}", commands.display(), i + 1);
        let Some((command, file)) = line.split_once('#') else {
            continue;
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        let flag = |name: &str| {
            let at = words.iter().position(|w| *w == name);
            at.and_then(|at| words.get(at + 1)).copied()
        };
        let variant = flag("--variant").and_then(|v| v.parse().ok());
        let first = flag("--first").and_then(|v| v.parse().ok());
        let (Some(variant), Some(first)) = (variant, first) else {
            panic!("{source}: cannot read the command {command:?}");
        };
        let pits = words[6..]
            .iter()
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| panic!("{source}: bad pit {w:?}"))
            })
            .collect();
        cases.push(Case {
            source,
            variant,
            first,
            pits,
            expected: dir.join(file.trim()),
        });
    }
    cases
}

/// The JSON line the replay command prints for the game's last ply.
fn ply_line(game: &Game) -> Value {
    let position = game.position();
    let ply = *game.plies().last().expect("a ply was played");
    let mut line = json!({
        "ply": game.ply(),
        "side": ply.side().as_str(),
        "board": {"south": position.row(Side::South), "north": position.row(Side::North)},
        "store": {"south": position.stores().south, "north": position.stores().north},
        "to_move": position.to_move().map(Side::as_str),
        "status": if position.is_over() { "finished" } else { "ongoing" },
    });
    if position.variant() == Variant::Togyz {
        let tuzdyk = |side| position.tuzdyk(side).map(Pit::number);
        line["tuzdyk"] = json!({"south": tuzdyk(Side::South), "north": tuzdyk(Side::North)});
    }
    match ply {
        Ply::Sow { pit, .. } => line["pit"] = json!(pit.number()),
        Ply::Pass { .. } => line["pass"] = json!(true),
    }
    line
}

fn replay_lines(case: &Case) -> Vec<Value> {
    let mut game = Game::new(case.variant, case.first);
    let mut lines = Vec::new();
    for (i, &pit) in case.pits.iter().enumerate() {
        let side = game.position().to_move().unwrap_or_else(|| {
            panic!(
                "{}: move {} ({pit}) comes after the end",
                case.source,
                i + 1
            )
        });
        if let Err(e) = game.push(Ply::Sow { side, pit }) {
            panic!("{}: move {} ({pit}) is illegal: {e}", case.source, i + 1);
        }
        lines.push(ply_line(&game));
        while game.position().must_pass() {
            let side = game.position().to_move().expect("a side must pass");
            game.push(Ply::Pass { side }).expect("a forced pass plays");
            lines.push(ply_line(&game));
        }
    }
    if let Some(outcome) = game.outcome() {
        let points = outcome.points();
        lines.push(json!({"result": {
            "score": {"south": outcome.score.south, "north": outcome.score.north},
            "points": {"south": points.south.as_f64(), "north": points.north.as_f64()},
            "winner": outcome.winner.map(Side::as_str),
            "ended_by": outcome.ended_by.code(),
        }}));
    }
    lines
}

fn check_folder(dir: &Path) -> usize {
    let cases = cases(dir);
    for case in &cases {
        let text = fs::read_to_string(&case.expected)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", case.source, case.expected.display()));
        let expected: Vec<Value> = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                serde_json::from_str(l).unwrap_or_else(|e| {
                    panic!("{}:{}: not JSON: {e}", case.expected.display(), i + 1)
                })
            })
            .collect();
        let got = replay_lines(case);
        for (i, (want, have)) in expected.iter().zip(&got).enumerate() {
            assert_eq!(
                have,
                want,
                "{}:{}: the engine disagrees with the fixture (left: engine, right: fixture)",
                case.expected.display(),
                i + 1
            );
        }
        assert_eq!(
            got.len(),
            expected.len(),
            "{}: the engine gives {} lines, the fixture has {}",
            case.expected.display(),
            got.len(),
            expected.len()
        );
    }
    cases.len()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

#[test]
fn the_public_example_games_replay_exactly() {
    assert_eq!(check_folder(&fixtures().join("examples")), 6);
}

#[test]
fn our_hand_worked_games_replay_exactly() {
    for variant in Variant::ALL {
        let dir = fixtures().join("hand").join(variant.as_str());
        let count = check_folder(&dir);
        assert!(
            count >= 3,
            "{}: {count} hand-worked games, want at least 3",
            dir.display()
        );
    }
}
