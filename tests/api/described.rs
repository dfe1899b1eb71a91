//! Every error answer the suite meets is in the OpenAPI description: its status among
//! the operation's answers, its code named there (in backticks, or as the example's
//! `error`). [`TestApp::call`](crate::helpers::TestApp::call) checks each answer, so
//! every test of the suite checks the description of what it provokes.

use reqwest::Method;
use serde_json::Value;

use crate::helpers::Answer;

/// The described path that `path` (without `/api/v1`, with or without a query) is an
/// instance of, with the operation for `method`; `None` for an undescribed one.
fn operation<'a>(spec: &'a Value, method: &Method, path: &str) -> Option<&'a Value> {
    let path = path.split('?').next().unwrap_or(path);
    let parts: Vec<&str> = path.split('/').collect();
    let method = method.as_str().to_ascii_lowercase();
    spec["paths"]
        .as_object()?
        .iter()
        .filter(|(template, _)| {
            let template: Vec<&str> = template.split('/').collect();
            template.len() == parts.len()
                && template
                    .iter()
                    .zip(&parts)
                    .all(|(t, p)| t.starts_with('{') || t == p)
        })
        // A literal segment beats a parameter (`/games/{id}` vs `/games/variants`).
        .max_by_key(|(template, _)| template.matches('{').count().wrapping_neg())
        .and_then(|(_, item)| item.get(&method))
}

/// The codes a described answer names: words in backticks in its description, and the
/// `error` of its examples.
pub fn codes(spec: &Value, response: &Value) -> Vec<String> {
    let response = match response["$ref"].as_str() {
        Some(r) => spec.pointer(r.trim_start_matches('#')).unwrap_or(response),
        None => response,
    };
    let mut found: Vec<String> = response["description"]
        .as_str()
        .unwrap_or("")
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .map(str::to_owned)
        .collect();
    if let Some(content) = response["content"].as_object() {
        for media in content.values() {
            if let Some(code) = media["example"]["error"].as_str() {
                found.push(code.to_owned());
            }
            for example in media["examples"].as_object().into_iter().flatten() {
                if let Some(code) = example.1["value"]["error"].as_str() {
                    found.push(code.to_owned());
                }
            }
        }
    }
    found
}

/// Panics unless `answer` to `method path` is described, when it is an error of a
/// described operation.
#[track_caller]
pub fn check(spec: &Value, method: &Method, path: &str, answer: &Answer) {
    let status = answer.status.as_u16();
    if status < 400 {
        return;
    }
    let Some(op) = operation(spec, method, path) else {
        return;
    };
    let code = answer.code();
    assert!(
        !code.is_empty() && answer.body["message"].is_string(),
        "{method} {path} answered {status} without the error shape: {}",
        answer.body
    );
    let Some(response) = op["responses"].get(status.to_string()) else {
        panic!("{method} {path} answered {status} {code}, a status its description does not list")
    };
    let named = codes(spec, response);
    assert!(
        named.iter().any(|c| c == code),
        "{method} {path} answered {status} {code}; its description of {status} names {named:?}"
    );
}
