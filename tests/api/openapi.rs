//! The OpenAPI description: it describes every route the router has, nothing more,
//! its examples are valid against their schemas, and the docs page lists it all.

use std::collections::BTreeSet;
use std::path::Path;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp};

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

async fn spec(app: &TestApp) -> Value {
    app.get("/openapi.json", None).await.expect(200)
}

/// `(method, path)` of every operation of the description.
fn operations(spec: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            if METHODS.contains(&method.as_str()) {
                ops.insert((method.clone(), path.clone()));
            }
        }
    }
    ops
}

/// Fills the `{param}`s of a described path with a well-formed id that names nothing.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|part| {
            if part.starts_with('{') {
                "00000000-0000-4000-8000-000000000000"
            } else {
                part
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The paths given to `.route("…")` anywhere in the API's sources: routes added
/// beside the described list (`api::routes`) would not be in the description.
fn routes_in_sources(dir: &Path, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).expect("the API sources") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            routes_in_sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            routes_in_file(&path, found);
        }
    }
}

/// The paths given to `.route("…")` in the source file at `path`.
fn routes_in_file(path: &Path, found: &mut BTreeSet<String>) {
    let text = std::fs::read_to_string(path).expect("a source file");
    for (i, _) in text.match_indices(".route(") {
        let rest = text[i + ".route(".len()..].trim_start();
        let literal = rest
            .strip_prefix('"')
            .and_then(|r| r.split_once('"'))
            .map(|(p, _)| p.to_owned())
            .unwrap_or_else(|| panic!("{}: a .route( without a literal path", path.display()));
        found.insert(literal);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_of_the_router_is_described_and_every_description_is_routed() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    assert_eq!(spec["openapi"], "3.1.0");
    assert_eq!(spec["servers"][0]["url"], "/api/v1");
    let ops = operations(&spec);
    assert!(ops.len() >= 20, "only {} operations described", ops.len());
    let described: BTreeSet<&str> = ops.iter().map(|(_, p)| p.as_str()).collect();

    // Every described operation is routed: no "route not found", no 405.
    for (method, path) in &ops {
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("a method");
        let answer = app.call(method.clone(), &concrete(path), None, None).await;
        assert_ne!(
            answer.status.as_u16(),
            405,
            "{method} {path} is described but not routed"
        );
        assert!(
            !(answer.status.as_u16() == 404 && answer.body["message"] == "route not found"),
            "{method} {path} is described but not routed"
        );
    }

    // No described path answers to an undescribed method.
    for path in &described {
        for method in METHODS {
            if ops.contains(&(method.to_owned(), (*path).to_owned())) {
                continue;
            }
            let m = Method::from_bytes(method.to_uppercase().as_bytes()).expect("a method");
            let answer = app.call(m, &concrete(path), None, None).await;
            assert_eq!(
                answer.status.as_u16(),
                405,
                "{method} {path} is routed but not described"
            );
        }
    }

    // The router is built from the described list; a plain `.route("…")` beside it
    // must name a described path.
    let mut routed = BTreeSet::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    routes_in_sources(&src.join("http/api"), &mut routed);
    // A feature's API handlers are its `api.rs` (its page routes are beside it).
    for feature in std::fs::read_dir(&src).expect("src") {
        let api = feature.expect("an entry").path().join("api.rs");
        if api.is_file() {
            routes_in_file(&api, &mut routed);
        }
    }
    for path in &routed {
        assert!(
            described.contains(path.as_str()),
            "the route {path} (src/http/api, src/*/api.rs) is not in the OpenAPI description"
        );
    }

    // Operation ids name each operation once.
    let mut ids = BTreeSet::new();
    for item in spec["paths"].as_object().expect("paths").values() {
        for op in item.as_object().expect("an item").values() {
            let id = op["operationId"].as_str().expect("an operationId");
            assert!(ids.insert(id.to_owned()), "operationId {id} is used twice");
        }
    }

    // Operations that need a token say so, and which scope of it.
    assert_eq!(
        spec["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    assert_eq!(
        spec["paths"]["/games/{id}/moves"]["post"]["security"],
        json!([{"bearer": ["play"]}])
    );
}

/// The `{name}`s of a path template.
fn template_parameters(path: &str) -> BTreeSet<String> {
    path.split('/')
        .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
        .map(str::to_owned)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_parameter_is_declared_where_it_is_sent() {
    // What OpenAPI validators and client generators check first: a path parameter is
    // one of the path's `{names}` and required, each `{name}` is declared, a
    // parameter is declared once, and `in` is one of the four places.
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    let mut checked = 0;
    for (path, item) in spec["paths"].as_object().expect("paths") {
        let template = template_parameters(path);
        for (method, op) in item.as_object().expect("a path item") {
            let mut declared = BTreeSet::new();
            let mut in_path = BTreeSet::new();
            for p in op["parameters"].as_array().into_iter().flatten() {
                let (name, place) = (
                    p["name"].as_str().expect("a name"),
                    p["in"].as_str().expect("an in"),
                );
                assert!(
                    ["path", "query", "header", "cookie"].contains(&place),
                    "{method} {path}: {name} is in {place}"
                );
                assert!(
                    declared.insert((name.to_ascii_lowercase(), place)),
                    "{method} {path}: {name} ({place}) is declared twice"
                );
                if place == "path" {
                    assert_eq!(
                        p["required"], true,
                        "{method} {path}: the path parameter {name} must be required"
                    );
                    in_path.insert(name.to_owned());
                }
                checked += 1;
            }
            assert_eq!(
                in_path, template,
                "{method} {path}: the path parameters are not the path's {{names}}"
            );
        }
    }
    assert!(checked >= 25, "only {checked} parameters found");
    let since = &spec["paths"]["/stream/events"]["get"]["parameters"];
    let since = since
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == "since"))
        .expect("since is declared");
    assert_eq!(since["in"], "query");
    assert_ne!(since["required"], true, "since is optional");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_describes_the_errors_its_kind_of_route_can_answer() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    let named = |op: &Value, status: &str| -> Vec<String> {
        op["responses"]
            .get(status)
            .map(|r| crate::described::codes(&spec, r))
            .unwrap_or_default()
    };
    let mut missing = Vec::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            let at = format!("{method} {path}");
            let mut expected = vec![
                ("500", "internal"),
                ("503", "unavailable"),
                ("503", "timeout"),
            ];
            if !op["requestBody"].is_null() {
                expected.extend([
                    ("400", "malformed_json"),
                    ("413", "payload_too_large"),
                    ("415", "unsupported_media_type"),
                    ("422", "invalid_body"),
                ]);
            }
            let params = op["parameters"].as_array().cloned().unwrap_or_default();
            if params.iter().any(|p| p["in"] == "query") {
                expected.push(("400", "invalid_query"));
            }
            if params.iter().any(|p| p["in"] == "path") {
                expected.push(("404", "not_found"));
            }
            let security = op["security"].as_array().cloned().unwrap_or_default();
            if security.iter().any(|r| r.get("bearer").is_some()) {
                expected.push(("401", "unauthorized"));
            }
            for (status, code) in expected {
                let codes = named(op, status);
                if !codes.iter().any(|c| c == code) {
                    missing.push(format!("{at}: {status} does not name `{code}` ({codes:?})"));
                }
            }
            // Every error answer names its codes.
            for status in op["responses"].as_object().expect("responses").keys() {
                if (status.starts_with('4') || status.starts_with('5'))
                    && named(op, status).is_empty()
                {
                    missing.push(format!("{at}: {status} names no code"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(
        named(&spec["paths"]["/webhooks"]["post"], "422").contains(&"private_url".to_owned()),
        "POST /webhooks names 422 private_url"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_that_takes_a_token_names_the_one_scope_it_needs_and_its_403() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    let scopes = ["read", "play", "challenge", "webhooks", "account"];
    let mut wrong = Vec::new();
    let mut named = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            let at = format!("{method} {path}");
            let security = op["security"].as_array().cloned().unwrap_or_default();
            let bearer: Vec<&Value> = security.iter().filter_map(|r| r.get("bearer")).collect();
            if bearer.is_empty() {
                continue;
            }
            match bearer.as_slice() {
                [list] if list.as_array().is_some_and(|l| l.len() == 1) => {
                    let scope = list[0].as_str().unwrap_or("");
                    if !scopes.contains(&scope) {
                        wrong.push(format!("{at}: unknown scope {scope}"));
                    }
                    named.insert(scope.to_owned());
                    let answer = resolved(&spec, &op["responses"]["403"]);
                    let codes = crate::described::codes(&spec, answer);
                    let text = answer["description"].as_str().unwrap_or("");
                    if !codes.iter().any(|c| c == "missing_scope")
                        || !text.contains(&format!("**{scope}**"))
                    {
                        wrong.push(format!("{at}: 403 does not name missing_scope for {scope}"));
                    }
                }
                _ => wrong.push(format!("{at}: names not exactly one scope: {bearer:?}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(
        named.into_iter().collect::<Vec<_>>(),
        ["account", "challenge", "play", "read", "webhooks"],
        "every scope guards some route"
    );
}

/// `value`, or what its `$ref` names in `spec`.
fn resolved<'a>(spec: &'a Value, value: &'a Value) -> &'a Value {
    match value["$ref"].as_str() {
        Some(r) => spec
            .pointer(r.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("{r} names nothing")),
        None => value,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_error_answer_that_several_operations_give_is_written_once_among_the_components() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    let shared = spec["components"]["responses"]
        .as_object()
        .expect("shared answers");
    // Each answer written out in an operation, with the operations that give it.
    let mut written: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            for (status, answer) in op["responses"].as_object().expect("responses") {
                if let Some(r) = answer["$ref"].as_str() {
                    let name = r
                        .strip_prefix("#/components/responses/")
                        .unwrap_or_else(|| panic!("{method} {path} {status}: {r}"));
                    assert!(
                        shared.contains_key(name),
                        "{method} {path}: {r} names nothing"
                    );
                } else if status.starts_with('4') || status.starts_with('5') {
                    written
                        .entry(answer.to_string())
                        .or_default()
                        .push(format!("{status} of {method} {path}"));
                }
            }
        }
    }
    let repeated: Vec<String> = written
        .into_values()
        .filter(|at| at.len() > 1)
        .map(|at| at.join(", "))
        .collect();
    assert!(
        repeated.is_empty(),
        "answers written out more than once:\n{}",
        repeated.join("\n")
    );
    // The 403 of a route that needs the play scope and only its players may use.
    let moves = &spec["paths"]["/games/{id}/moves"]["post"]["responses"]["403"];
    let codes = crate::described::codes(&spec, moves);
    assert!(codes.contains(&"not_a_player".to_owned()), "{codes:?}");
    assert!(codes.contains(&"missing_scope".to_owned()), "{codes:?}");
}

/// The schema `schema` with the document's components beside it, so that its
/// `#/components/...` references resolve.
fn validator(spec: &Value, schema: &Value) -> jsonschema::Validator {
    let mut document = schema.clone();
    if let Some(object) = document.as_object_mut() {
        object.insert("components".to_owned(), spec["components"].clone());
    }
    jsonschema::validator_for(&document)
        .unwrap_or_else(|e| panic!("an invalid schema {schema}: {e}"))
}

fn check(spec: &Value, at: &str, schema: &Value, example: &Value, checked: &mut usize) {
    let validator = validator(spec, schema);
    let errors: Vec<String> = validator
        .iter_errors(example)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{at}: the example {example} does not fit its schema: {errors:?}"
    );
    *checked += 1;
}

/// Validates every example found under `value` (at JSON pointer `at`): media types'
/// and parameters' `example`/`examples` against their `schema`, and schemas'
/// `examples` against the schema itself.
fn walk(spec: &Value, value: &Value, at: &str, checked: &mut usize) {
    match value {
        Value::Object(object) => {
            if let Some(schema) = object.get("schema") {
                if let Some(example) = object.get("example") {
                    check(spec, at, schema, example, checked);
                }
                if let Some(examples) = object.get("examples").and_then(Value::as_object) {
                    for (name, example) in examples {
                        if let Some(v) = example.get("value") {
                            check(spec, &format!("{at}/examples/{name}"), schema, v, checked);
                        }
                    }
                }
            } else {
                // A schema: its own `example` (utoipa writes the 3.0 keyword) or
                // `examples` (JSON Schema's).
                if let Some(example) = object.get("example") {
                    check(spec, at, value, example, checked);
                }
                if let Some(examples) = object.get("examples").and_then(Value::as_array) {
                    for example in examples {
                        check(spec, at, value, example, checked);
                    }
                }
            }
            for (key, child) in object {
                walk(spec, child, &format!("{at}/{key}"), checked);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                walk(spec, child, &format!("{at}/{i}"), checked);
            }
        }
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_in_the_description_fits_its_schema() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    let mut checked = 0;
    walk(&spec, &spec, "", &mut checked);
    assert!(checked >= 25, "only {checked} examples found");

    // The check has teeth: a wrong example is refused.
    let error = json!({"$ref": "#/components/schemas/ErrorJson"});
    let validator = validator(&spec, &error);
    assert!(validator.is_valid(&json!({"error": "not_found", "message": "m"})));
    assert!(!validator.is_valid(&json!({"error": 404, "message": "m"})));
    assert!(!validator.is_valid(&json!({"message": "m"})));

    // Every JSON body an operation takes or answers has an example (its own or its
    // schema's).
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("an item") {
            let mut bodies = vec![op["requestBody"]["content"]["application/json"].clone()];
            for response in op["responses"].as_object().expect("responses").values() {
                let response = match response["$ref"].as_str() {
                    Some(r) => spec
                        .pointer(r.trim_start_matches('#'))
                        .expect("a response")
                        .clone(),
                    None => response.clone(),
                };
                bodies.push(response["content"]["application/json"].clone());
            }
            for body in bodies.iter().filter(|b| b["schema"].is_object()) {
                let schema = &body["schema"];
                let target = schema["$ref"]
                    .as_str()
                    .or(schema["items"]["$ref"].as_str())
                    .and_then(|r| spec.pointer(r.trim_start_matches('#')));
                let has_example = !body["example"].is_null()
                    || target.is_some_and(|t| !t["example"].is_null() || t["examples"].is_array())
                    || !schema["example"].is_null();
                assert!(
                    has_example,
                    "{method} {path}: a JSON body without an example"
                );
            }
        }
    }
}

/// `GET /api/v1/docs`, the API's page for people.
async fn docs_page(app: &TestApp) -> reqwest::Response {
    app.client
        .get(format!("{}/api/v1/docs", app.base))
        .send()
        .await
        .expect("an answer")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_docs_page_lists_every_operation_without_scripts() {
    // The default settings: the page states the documented limits.
    let app = TestApp::start_with(TestApp::builder(Backend::Sqlite).settings(Default::default()))
        .await
        .expect("SQLite");
    let spec = spec(&app).await;
    let response = docs_page(&app).await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"))
    );
    let html = scraper::Html::parse_document(&response.text().await.expect("a page"));
    let heading = scraper::Selector::parse("section.op h3").expect("a selector");
    let listed: BTreeSet<(String, String)> = html
        .select(&heading)
        .map(|h| {
            let mut parts = h.text();
            let method = parts.next().unwrap_or_default().to_lowercase();
            let path = parts.collect::<String>();
            (method, path)
        })
        .collect();
    assert_eq!(listed, operations(&spec));
    let scripts = scraper::Selector::parse("script").expect("a selector");
    assert_eq!(html.select(&scripts).count(), 0, "the page works offline");
    let schema = scraper::Selector::parse("#schema-GameJson").expect("a selector");
    assert_eq!(html.select(&schema).count(), 1, "schemas are listed");
    let description = scraper::Selector::parse("pre.description").expect("a selector");
    let text: String = html.select(&description).flat_map(|d| d.text()).collect();
    assert!(text.contains("10/s, burst 20"), "the rate limits: {text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_docs_page_is_styled_by_the_sites_stylesheet_which_its_security_policy_allows() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let response = docs_page(&app).await;
    let policy = response
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(policy.contains("style-src 'self'"), "{policy}");
    let html = scraper::Html::parse_document(&response.text().await.expect("a page"));
    // No inline style, which the policy would block (the page used to render bare).
    let inline = scraper::Selector::parse("style, [style]").expect("a selector");
    assert_eq!(html.select(&inline).count(), 0, "no inline style");
    let link = scraper::Selector::parse("link[rel=stylesheet]").expect("a selector");
    let href = html
        .select(&link)
        .next()
        .and_then(|l| l.value().attr("href"))
        .expect("a stylesheet")
        .to_owned();
    assert!(href.starts_with("/static/"), "{href}");
    let css = app
        .client
        .get(format!("{}{href}", app.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(css.status().as_u16(), 200);
    let css = css.text().await.expect("a stylesheet");
    assert!(css.contains(".api-docs .op"), "the docs' rules are in it");
    // The answers' examples are JSON shown as text, escaped, never markup.
    let example = scraper::Selector::parse("section.op dd pre").expect("a selector");
    let first = html
        .select(&example)
        .next()
        .expect("an answer with an example");
    let text: String = first.text().collect();
    assert!(
        serde_json::from_str::<serde_json::Value>(&text).is_ok(),
        "{text}"
    );
}

/// Whether `guide` shows `word` as code (`` `word` ``) or as a JSON key (`"word"`).
fn shows(guide: &str, word: &str) -> bool {
    guide.contains(&format!("`{word}`")) || guide.contains(&format!("\"{word}\""))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_guide_shows_every_error_code_event_type_and_field_a_bot_meets() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let spec = spec(&app).await;
    let guide = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/api.md"))
        .expect("docs/api.md");
    let mut missing = Vec::new();
    // Every error code of every operation.
    for item in spec["paths"].as_object().expect("paths").values() {
        for op in item.as_object().expect("a path item").values() {
            for (status, response) in op["responses"].as_object().into_iter().flatten() {
                if status.starts_with('4') || status.starts_with('5') {
                    for code in crate::described::codes(&spec, response) {
                        if !shows(&guide, &code) {
                            missing.push(format!("the error code {code} ({status})"));
                        }
                    }
                }
            }
        }
    }
    // Every event type, and every field of the objects a bot reads.
    let schemas = &spec["components"]["schemas"];
    let mapping = schemas["Event"]["discriminator"]["mapping"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert!(
        !mapping.is_empty(),
        "the description maps each event type to its schema"
    );
    missing.extend(
        mapping
            .keys()
            .filter(|t| !shows(&guide, t))
            .map(|t| format!("the event type {t}")),
    );
    for schema in [
        "ChallengeJson",
        "GameJson",
        "MoveJson",
        "ResultJson",
        "DeliveryJson",
    ] {
        for field in schemas[schema]["properties"]
            .as_object()
            .expect(schema)
            .keys()
        {
            if !shows(&guide, field) {
                missing.push(format!("{schema}.{field}"));
            }
        }
    }
    // Each query parameter of the games list and the event stream.
    for path in ["/games", "/stream/events"] {
        for parameter in spec["paths"][path]["get"]["parameters"]
            .as_array()
            .expect(path)
        {
            let name = parameter["name"].as_str().expect("a name");
            if parameter["in"] == "query" && !guide.contains(&format!("{name}=")) {
                missing.push(format!("GET {path}?{name}="));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/api.md does not show: {missing:#?}"
    );
}
