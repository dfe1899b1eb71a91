//! `seedpost replay`: its output against the example games, its errors and exit codes.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn seedpost(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seedpost"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// Runs every command of a fixture folder's `COMMANDS` and compares the output with
/// the file it names, line by line.
fn check_commands(dir: &Path) -> usize {
    let commands = std::fs::read_to_string(dir.join("COMMANDS")).expect("a COMMANDS file");
    let mut count = 0;
    for (n, line) in commands.lines().enumerate() {
        let Some((command, file)) = line.split_once('#') else {
            continue;
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words.first(), Some(&"seedpost"), "COMMANDS:{}", n + 1);
        let output = seedpost(&words[1..]);
        assert!(output.status.success(), "COMMANDS:{}: {:?}", n + 1, output);
        let path = dir.join(file.trim());
        let expected: Vec<Value> = std::fs::read_to_string(&path)
            .expect("the expected file")
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let got = lines(&output);
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(g, e, "{}:{}", path.display(), i + 1);
        }
        assert_eq!(got.len(), expected.len(), "{}: line count", path.display());
        count += 1;
    }
    count
}

fn fixtures() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/tests/fixtures")
}

#[test]
fn every_example_command_prints_exactly_its_example_file() {
    assert_eq!(check_commands(&fixtures().join("examples")), 6);
}

#[test]
fn every_hand_worked_game_prints_exactly_its_fixture() {
    for variant in ["mangala", "modiar", "tihbat"] {
        assert!(
            check_commands(&fixtures().join("hand").join(variant)) >= 3,
            "{variant}"
        );
    }
}

#[test]
fn each_ply_line_has_the_documented_fields_in_order() {
    let output = seedpost(&["replay", "--variant", "mangala", "--first", "south", "3"]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "{\"ply\":1,\"side\":\"south\",\"pit\":3,\"board\":{\"south\":[4,4,1,5,5,5],\"north\":[4,4,4,4,4,4]},\"store\":{\"south\":0,\"north\":0},\"to_move\":\"north\",\"status\":\"ongoing\"}\n"
    );
}

#[test]
fn an_illegal_move_stops_the_replay_with_its_code_and_exit_status_2() {
    for (args, printed, error) in [
        (
            vec!["modiar", "south", "1", "3", "2", "3"],
            3,
            "error: ply 4: singleton: ",
        ),
        (
            vec!["mangala", "north", "7"],
            0,
            "error: ply 1: out_of_range: ",
        ),
        (
            vec!["mangala", "north", "0"],
            0,
            "error: ply 1: out_of_range: ",
        ),
        (vec!["tihbat", "south", "x"], 0, "error: ply 1: bad_pit: "),
        (
            vec!["tihbat", "south", "1", "-1"],
            1,
            "error: ply 2: bad_pit: ",
        ),
        (
            vec!["mangala", "south", "1", "6", "2"],
            2,
            "error: ply 3: empty_pit: ",
        ),
    ] {
        let mut full = vec!["replay", "--variant", args[0], "--first", args[1]];
        full.extend(&args[2..]);
        let output = seedpost(&full);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(lines(&output).len(), printed, "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with(error), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn a_move_after_the_end_is_game_over() {
    let example = std::fs::read_to_string(fixtures().join("examples/COMMANDS")).expect("COMMANDS");
    let line = example
        .lines()
        .find(|l| l.contains("--variant tihbat"))
        .expect("a tihbat game");
    let mut words: Vec<&str> = line
        .split('#')
        .next()
        .expect("a command")
        .split_whitespace()
        .collect();
    let plies = words.len() - 6;
    words.push("1");
    let output = seedpost(&words[1..]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("error: ply {}: game_over: ", plies + 1)),
        "{stderr}"
    );
    let printed = lines(&output);
    assert!(
        printed.last().is_some_and(|l| l.get("result").is_some()),
        "the result is printed"
    );
}

#[test]
fn bad_arguments_exit_2_with_a_usage_message() {
    for args in [
        vec!["replay", "--variant", "chess", "--first", "south"],
        vec!["replay", "--variant", "mangala", "--first", "east"],
        vec!["replay", "--variant", "mangala"],
        vec!["replay", "--first", "south"],
    ] {
        let output = seedpost(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("error:") && stderr.contains("--help"),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_game_with_no_moves_prints_nothing() {
    let output = seedpost(&["replay", "--variant", "tihbat", "--first", "north"]);
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
}
