//! The OpenAPI 3.1 description of the API, generated from the handlers'
//! `#[utoipa::path]` annotations and the JSON types' `ToSchema`, served as
//! `GET /openapi.json`, and a plain HTML page of it at `GET /docs` (no scripts, so it
//! works offline).

use std::fmt::Write as _;

use askama::Template;
use axum::Json;
use axum::extract::State;
use axum::response::Html;
use serde_json::Value;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{Modify, OpenApi, ToResponse};

use super::json::ErrorJson;
use crate::http::ratelimit::{RateLimiter, RateLimits};
use crate::wire::{
    GameStatusName, SideName, SidesBoard, SidesCount, SidesFlag, SidesName, SidesPoints,
    SidesTuzdyk, TournamentStatusName, VariantName,
};

/// The document's root: metadata, shared components and the bearer scheme. The paths
/// come from the router (`api::routes`), so the two cannot drift apart.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "seedpost API",
        description = "The bot and client API of seedpost, a correspondence server for Mangala, Modiar, Tihbat, Kalah, Oware and Togyz kumalak.",
    ),
    servers((url = "/api/v1", description = "This server")),
    components(
        schemas(ErrorJson, VariantName, SideName, GameStatusName, TournamentStatusName, SidesName, SidesBoard, SidesCount, SidesPoints, SidesFlag, SidesTuzdyk),
        responses(Unauthorized, NotFound, NotYourGame, PlayerNotFound, NotAPlayer, ChallengeClosed, TooManyRequests, PasswordThrottled, BadBody, InvalidBody, InvalidText, PayloadTooLarge, UnsupportedMediaType, Internal, Unavailable, TableBuilding),
    ),
    modifiers(&BearerScheme),
    tags(
        (name = "accounts", description = "Sign-up and API tokens"),
        (name = "challenges", description = "Offering and answering games"),
        (name = "games", description = "Games, moves and standings"),
        (name = "streams", description = "Event and game streams"),
        (name = "tournaments", description = "Round-robin tournaments"),
        (name = "webhooks", description = "Events POSTed to your URLs, signed"),
        (name = "notifications", description = "Web Push to your devices"),
        (name = "meta", description = "This description"),
    ),
)]
pub struct ApiDoc;

/// Registers the `bearer` security scheme: `Authorization: Bearer <token>`.
struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "An API token from `POST /accounts` or `POST /tokens`.",
                    ))
                    .build(),
            ),
        );
    }
}

/// The long description: how to authenticate, the error shape and the rate limits
/// in force.
#[must_use]
pub fn description(limits: &RateLimits) -> String {
    let mut text = String::from(
        "The bot and client API of seedpost, a correspondence server for Mangala, Modiar, \
         Tihbat, Kalah, Oware and Togyz kumalak.\n\n\
         Authenticate with `Authorization: Bearer <token>`; a token comes with the \
         account (`POST /accounts`) or from `POST /tokens`. A token is made for some of \
         the scopes `read`, `play`, `challenge`, `webhooks` and `account` (all of them \
         unless `POST /tokens` names some); each operation that takes a token names the \
         scope it needs in its security requirement, and answers a token without it 403 \
         `missing_scope`. Every error is \
         `{\"error\": \"<code>\", \"message\": \"...\"}` with a stable code, and each \
         operation lists the codes of each status it can answer. Any operation may \
         answer 500 `internal` or 503 `unavailable` / `timeout`; a route asked with a \
         method it does not take answers 405 `method_not_allowed` with `Allow`; an \
         unknown route 404 `not_found`.\n\n\
         ## Rate limits\n\n\
         Per account (every token of an account shares its buckets) and kind of \
         request, as a token bucket (a steady rate, and a burst after a quiet spell); a \
         request without a valid token (a game stream) takes from its client address's \
         bucket, whatever `Authorization` it sends. Every request of a kind with a valid \
         token counts whatever its answer (a move answered 409 takes from the bucket \
         like a played one), except a 429 itself. On Postgres the bucket \
         is shared by every instance on the database: behind several instances an \
         account gets its rate once, not once per instance. An SQLite server is one \
         instance. One client address holds at most a set number of game streams open \
         (429 past it). \
         Past a limit the answer is 429 \
         `{\"error\": \"rate_limited\", \"retry_after\": <seconds>}` with a `Retry-After` \
         header (whole seconds, at least 1). The limits of this server:\n\n",
    );
    let _ = writeln!(
        text,
        "- moves (`POST /games/{{id}}/moves`, `/resign`, `/abort`): {}",
        limits.moves
    );
    let _ = writeln!(
        text,
        "- challenges (`POST /challenges`): {}",
        limits.challenges
    );
    let _ = writeln!(
        text,
        "- stream connections opened (`GET /stream/events`, `GET /games/{{id}}/stream`): {}",
        limits.streams
    );
    text
}

/// The whole description, with the rate limits of `limits`.
#[must_use]
pub fn spec(limits: &RateLimits) -> utoipa::openapi::OpenApi {
    let mut spec = super::openapi();
    spec.info.description = Some(description(limits));
    spec.info.version = env!("CARGO_PKG_VERSION").to_owned();
    add_common_answers(&mut spec);
    spec
}

/// The answers any operation of a kind can give, added where its own annotation does
/// not list them, so that every status a route can answer is described: a body that is
/// not JSON (400), too large (413), without a JSON content type (415) or of the wrong
/// shape (422); a missing or bad token (401) where one is taken; a database out of
/// reach or a request too slow (503), and a bug (500), anywhere.
fn add_common_answers(spec: &mut utoipa::openapi::OpenApi) {
    let shared = &mut spec
        .components
        .get_or_insert_with(Default::default)
        .responses;
    for item in spec.paths.paths.values_mut() {
        let operations = [
            (false, &mut item.get),
            (true, &mut item.put),
            (true, &mut item.post),
            (true, &mut item.delete),
            (true, &mut item.patch),
        ];
        for (writes, op) in operations {
            let Some(op) = op else { continue };
            add_read_position(op, writes);
            let takes_body = op.request_body.is_some();
            let takes_query = op
                .parameters
                .iter()
                .flatten()
                .any(|p| {
                    matches!(p, RefOr::T(p) if matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Query))
                });
            let takes_token = op.security.iter().flatten().any(|requirement| {
                serde_json::to_value(requirement).is_ok_and(|r| r.get("bearer").is_some())
            });
            let scope = op
                .security
                .iter()
                .flatten()
                .filter_map(|requirement| serde_json::to_value(requirement).ok())
                .find_map(|r| r["bearer"][0].as_str().map(str::to_owned));
            let responses = &mut op.responses.responses;
            if let Some(scope) = scope {
                name_missing_scope(shared, responses, &scope);
            }
            let mut add = |status: &str, response: &str| {
                responses
                    .entry(status.to_owned())
                    .or_insert_with(|| RefOr::Ref(Ref::from_response_name(response)));
            };
            if takes_body {
                add("400", "BadBody");
                add("413", "PayloadTooLarge");
                add("415", "UnsupportedMediaType");
                add("422", "InvalidBody");
            }
            if takes_query {
                add("422", "InvalidText");
            }
            if takes_token {
                add("401", "Unauthorized");
            }
            add("500", "Internal");
            add("503", "Unavailable");
            if takes_body || takes_query {
                name_invalid_text(responses);
            }
        }
    }
}

/// What the `Seedpost-Lsn` header is, both ways (docs/operations.md, "A read replica").
const LSN_DESCRIPTION: &str = "With a read replica (`--read-database-url`): the \
     primary's log position after this request's write (`X/Y`, hexadecimal). Sent back \
     on a later request (or kept as the `seedpost_lsn` cookie), it makes that request \
     read from a replica only once the replica has replayed this far: a client reads \
     its own writes on any instance. Without a replica it is neither sent nor needed.";

/// The read-your-writes header `Seedpost-Lsn` ([`crate::http::reads`]): accepted by
/// every operation, and answered by the 2xx answers of those that write.
fn add_read_position(op: &mut utoipa::openapi::path::Operation, writes: bool) {
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    use utoipa::openapi::{Required, header::HeaderBuilder};
    let text = || ObjectBuilder::new().schema_type(Type::String).build();
    let parameters = op.parameters.get_or_insert_with(Vec::new);
    let named = |p: &RefOr<utoipa::openapi::path::Parameter>| matches!(p, RefOr::T(p) if p.name.eq_ignore_ascii_case("Seedpost-Lsn"));
    if !parameters.iter().any(named) {
        parameters.push(RefOr::T(
            ParameterBuilder::new()
                .name("Seedpost-Lsn")
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(
                    "The `Seedpost-Lsn` of an earlier answer that wrote: this request \
                     reads nothing older (read your writes; see the answers' header)",
                ))
                .schema(Some(text()))
                .build(),
        ));
    }
    if !writes {
        return;
    }
    for (status, response) in &mut op.responses.responses {
        if let (true, RefOr::T(response)) = (status.starts_with('2'), response) {
            response.headers.insert(
                "Seedpost-Lsn".to_owned(),
                RefOr::T(
                    HeaderBuilder::new()
                        .schema(Some(text()))
                        .description(Some(LSN_DESCRIPTION))
                        .build(),
                ),
            );
        }
    }
}

/// Makes an operation's 403 answer name `missing_scope` for `scope`, the scope its
/// token needs: added to its own 403 answer written out, or as the only one. The
/// answers that many operations give are defined once in the components and
/// referenced: `MissingScopeRead` (and so on, one a scope) alone, and a shared 403
/// with it (`NotAPlayerOrMissingScopePlay`).
fn name_missing_scope(
    shared: &mut std::collections::BTreeMap<String, RefOr<utoipa::openapi::Response>>,
    responses: &mut std::collections::BTreeMap<String, RefOr<utoipa::openapi::Response>>,
    scope: &str,
) {
    let text = format!(
        "`missing_scope`: the token was not made for the **{scope}** scope this route needs"
    );
    let mut capitalised = scope.to_owned();
    if let Some(first) = capitalised.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    let alone = format!("MissingScope{capitalised}");
    let name = match responses.get_mut("403") {
        Some(RefOr::T(response)) => {
            response.description.push_str("; ");
            response.description.push_str(&text);
            return;
        }
        Some(RefOr::Ref(r)) => {
            let base = r
                .ref_location
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned();
            let name = format!("{base}Or{alone}");
            if !shared.contains_key(&name) {
                let Some(RefOr::T(mut response)) = shared.get(&base).cloned() else {
                    return;
                };
                response.description.push_str("; ");
                response.description.push_str(&text);
                shared.insert(name.clone(), RefOr::T(response));
            }
            name
        }
        None => {
            if !shared.contains_key(&alone) {
                let example = serde_json::json!({
                    "error": "missing_scope",
                    "message": crate::error::Error::MissingScope(
                        crate::domain::Scope::parse(scope).unwrap_or(crate::domain::Scope::Read)
                    ).to_string(),
                });
                let content = utoipa::openapi::content::ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorJson")))
                    .example(Some(example))
                    .build();
                shared.insert(
                    alone.clone(),
                    RefOr::T(
                        utoipa::openapi::ResponseBuilder::new()
                            .description(text)
                            .content("application/json", content)
                            .build(),
                    ),
                );
            }
            alone
        }
    };
    responses.insert("403".to_owned(), RefOr::Ref(Ref::from_response_name(name)));
}

/// Makes an operation's own 422 answer name `invalid_text`, which any text of a body
/// or a query can provoke (the shared answers name it already).
fn name_invalid_text(
    responses: &mut std::collections::BTreeMap<String, RefOr<utoipa::openapi::Response>>,
) {
    if let Some(RefOr::T(response)) = responses.get_mut("422")
        && !response.description.contains("`invalid_text`")
    {
        response.description.push_str(
            "; `invalid_text`: a text holds a control character (such as NUL) or a bidirectional override",
        );
    }
}

/// `GET /openapi.json`: this description.
#[utoipa::path(
    get,
    path = "/openapi.json",
    operation_id = "openapi",
    tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 description of this API", content_type = "application/json")),
)]
pub(super) async fn openapi_json(
    State(limiter): State<RateLimiter>,
) -> Json<utoipa::openapi::OpenApi> {
    Json(spec(&limiter.limits()))
}

/// `GET /docs`: the description as a page for people.
#[utoipa::path(
    get,
    path = "/docs",
    operation_id = "docs",
    tag = "meta",
    responses((status = 200, description = "The API as an HTML page", body = String, content_type = "text/html")),
)]
pub(super) async fn docs(State(limiter): State<RateLimiter>) -> Html<String> {
    let spec = serde_json::to_value(spec(&limiter.limits())).unwrap_or_default();
    Html(render_docs(&spec))
}

// ----- Shared error answers. -----

/// No valid API token.
#[derive(ToResponse)]
#[response(
    description = "`unauthorized`: no valid API token; send `Authorization: Bearer <token>`",
    example = json!({"error": "unauthorized", "message": "a valid API token is required (Authorization: Bearer <token>)"}),
    headers(("WWW-Authenticate" = String, description = "`Bearer realm=\"seedpost\"`")),
)]
pub struct Unauthorized(#[to_schema] pub ErrorJson);

/// No such resource.
#[derive(ToResponse)]
#[response(
    description = "`not_found`: no such resource (an id that does not parse names nothing either)",
    example = json!({"error": "not_found", "message": "game not found"}),
)]
pub struct NotFound(#[to_schema] pub ErrorJson);

/// No such game, where another's game is not found either.
#[derive(ToResponse)]
#[response(
    description = "`not_found`: no such game, or the account does not play it",
    example = json!({"error": "not_found", "message": "game not found"}),
)]
pub struct NotYourGame(#[to_schema] pub ErrorJson);

/// No such player.
#[derive(ToResponse)]
#[response(
    description = "`not_found`: no such player",
    example = json!({"error": "not_found", "message": "player not found"}),
)]
pub struct PlayerNotFound(#[to_schema] pub ErrorJson);

/// A game the account does not play.
#[derive(ToResponse)]
#[response(
    description = "`not_a_player`: the account does not play in this game",
    example = json!({"error": "not_a_player", "message": "you do not play in this game"}),
)]
pub struct NotAPlayer(#[to_schema] pub ErrorJson);

/// A challenge answered already.
#[derive(ToResponse)]
#[response(
    description = "`challenge_closed`: no longer open (accepted, declined or canceled)",
    example = json!({"error": "challenge_closed", "message": "the challenge is no longer open"}),
)]
pub struct ChallengeClosed(#[to_schema] pub ErrorJson);

/// Rate limited.
#[derive(ToResponse)]
#[response(
    description = "`rate_limited`: past this account's (or, without a token, this address's) rate limit; wait `retry_after` seconds",
    example = json!({"error": "rate_limited", "message": "too many requests: retry in 2 s", "retry_after": 2}),
    headers(("Retry-After" = u64, description = "Whole seconds to wait, at least 1")),
)]
pub struct TooManyRequests(#[to_schema] pub ErrorJson);

/// Too many wrong passwords.
#[derive(ToResponse)]
#[response(
    description = "`rate_limited`: too many failed log-ins for this account from this address; wait `retry_after` seconds",
    example = json!({"error": "rate_limited", "message": "too many requests: retry in 840 s", "retry_after": 840}),
    headers(("Retry-After" = u64, description = "Seconds to wait")),
)]
pub struct PasswordThrottled(#[to_schema] pub ErrorJson);

/// A body that is not JSON.
#[derive(ToResponse)]
#[response(
    description = "`malformed_json`: the body is not JSON",
    example = json!({"error": "malformed_json", "message": "Failed to parse the request body as JSON: expected value at line 1 column 1"}),
)]
pub struct BadBody(#[to_schema] pub ErrorJson);

/// A JSON body of the wrong shape.
#[derive(ToResponse)]
#[response(
    description = "`invalid_body`: the JSON is not of the body's shape (a missing, unknown or mistyped field); `invalid_text`: a text holds a control character (such as NUL) or a bidirectional override",
    example = json!({"error": "invalid_body", "message": "Failed to deserialize the JSON body into the target type: missing field `pit` at line 1 column 11"}),
)]
pub struct InvalidBody(#[to_schema] pub ErrorJson);

/// A query text the server refuses.
#[derive(ToResponse)]
#[response(
    description = "`invalid_text`: a query parameter holds a control character (such as NUL) or a bidirectional override",
    example = json!({"error": "invalid_text", "message": "`player` holds a control character (such as NUL) or a bidirectional override, which no text here may hold"}),
)]
pub struct InvalidText(#[to_schema] pub ErrorJson);

/// A body over the limit.
#[derive(ToResponse)]
#[response(
    description = "`payload_too_large`: the body is larger than the server takes (64 KiB unless configured)",
    example = json!({"error": "payload_too_large", "message": "the request body is larger than 65536 bytes"}),
)]
pub struct PayloadTooLarge(#[to_schema] pub ErrorJson);

/// A body not sent as JSON.
#[derive(ToResponse)]
#[response(
    description = "`unsupported_media_type`: the body is not sent with `Content-Type: application/json`",
    example = json!({"error": "unsupported_media_type", "message": "send the body as JSON with Content-Type: application/json"}),
)]
pub struct UnsupportedMediaType(#[to_schema] pub ErrorJson);

/// A bug.
#[derive(ToResponse)]
#[response(
    description = "`internal`: a bug on the server (logged there); the request may be tried again",
    example = json!({"error": "internal", "message": "internal error"}),
)]
pub struct Internal(#[to_schema] pub ErrorJson);

/// A solved table still being built.
#[derive(ToResponse)]
#[response(
    description = "`table_building`: the Modiar table is being built (in the seconds after the server starts; Tihbat and Mangala are answered meanwhile): retry after `retry_after` seconds. Or, as on every route, `unavailable` (the database cannot be reached) or `timeout` (the request took longer than the server allows)",
    headers(("Retry-After" = u64, description = "With `table_building`: whole seconds to wait, at least 1")),
    example = json!({"error": "table_building", "message": "the solved table of modiar is being built: retry in 10 s", "retry_after": 10}),
)]
pub struct TableBuilding(#[to_schema] pub ErrorJson);

/// The database out of reach, or a request too slow.
#[derive(ToResponse)]
#[response(
    description = "`unavailable`: the database cannot be reached, nothing was done; `timeout`: the request took longer than the server allows and may or may not have been done (a move sent again at the same ply answers 200 if it was). Retry shortly",
    example = json!({"error": "unavailable", "message": "the service is unavailable: try again shortly"}),
)]
pub struct Unavailable(#[to_schema] pub ErrorJson);

// ----- The HTML page. -----

/// `templates/api_docs.html`: the description for people, every operation with its
/// parameters, body and answers, then every schema; styled by the site's stylesheet
/// (the Content-Security-Policy allows no inline style).
#[derive(Template)]
#[template(path = "api_docs.html")]
struct DocsPage {
    title: String,
    description: Option<String>,
    /// Where the paths are, `/api/v1`.
    base: String,
    css_url: &'static str,
    operations: Vec<OperationView>,
    schemas: Vec<SchemaView>,
}

/// One operation of the page.
struct OperationView {
    id: String,
    method: String,
    path: String,
    /// Its summary and description, each a paragraph.
    texts: Vec<String>,
    /// `Token: required.` or `Token: optional.`, or nothing for an open operation.
    token: Option<&'static str>,
    parameters: Vec<ParameterView>,
    /// The request body's media types, if it takes one.
    body: Option<Vec<ContentView>>,
    answers: Vec<AnswerView>,
}

/// One parameter of an operation.
struct ParameterView {
    name: String,
    place: String,
    kind: String,
    required: bool,
    description: String,
}

/// A body in one media type: its schema (linked when it is a named one) and example.
struct ContentView {
    media: String,
    schema: SchemaLink,
    example: Option<String>,
}

/// One answer of an operation.
struct AnswerView {
    status: String,
    description: String,
    content: Vec<ContentView>,
}

/// One schema of the page.
struct SchemaView {
    name: String,
    description: Option<String>,
    /// The values of an enumeration, as JSON.
    values: Vec<String>,
    fields: Vec<FieldView>,
    example: Option<String>,
}

/// One field of a schema.
struct FieldView {
    name: String,
    kind: SchemaLink,
    required: bool,
    description: String,
}

/// A type's name, and the anchor of its schema on the page when it is a named one.
struct SchemaLink {
    name: String,
    anchor: Option<String>,
}

impl SchemaLink {
    fn of(name: String) -> SchemaLink {
        let plain = name.strip_prefix("array of ").unwrap_or(&name);
        let anchor = plain
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
            .then(|| format!("schema-{plain}"));
        SchemaLink { name, anchor }
    }
}

/// The name of a schema: its `$ref` target, or its type.
fn schema_name(schema: &Value) -> String {
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        return r.rsplit('/').next().unwrap_or(r).to_owned();
    }
    if let Some(items) = schema.get("items") {
        return format!("array of {}", schema_name(items));
    }
    if let Some(one_of) = schema.get("oneOf").and_then(Value::as_array) {
        let names: Vec<String> = one_of.iter().map(schema_name).collect();
        return names.join(" or ");
    }
    match schema.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(" or "),
        _ => "any".to_owned(),
    }
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// The string at `key` of `value`, or "".
fn text(value: &Value, key: &str) -> String {
    value
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned()
}

/// Follows a `$ref` to `#/components/...` in `spec`.
fn resolve<'a>(spec: &'a Value, value: &'a Value) -> &'a Value {
    match value.get("$ref").and_then(Value::as_str) {
        Some(r) => r
            .strip_prefix('#')
            .and_then(|pointer| spec.pointer(pointer))
            .unwrap_or(value),
        None => value,
    }
}

/// Each media type of a `content` object.
fn contents(content: Option<&Value>) -> Vec<ContentView> {
    content
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(media, body)| ContentView {
            media: media.clone(),
            schema: SchemaLink::of(body.get("schema").map(schema_name).unwrap_or_default()),
            example: body.get("example").map(pretty),
        })
        .collect()
}

/// Whether `op` needs a token: `Token: required.`, `Token: optional.` or neither.
fn token_note(op: &Value) -> Option<&'static str> {
    let rules = op.get("security").and_then(Value::as_array)?;
    if !rules.iter().any(|r| r.get("bearer").is_some()) {
        return None;
    }
    let optional = rules
        .iter()
        .any(|r| r.as_object().is_some_and(serde_json::Map::is_empty));
    Some(if optional {
        "Token: optional."
    } else {
        "Token: required."
    })
}

fn operation_view(spec: &Value, path: &str, method: &str, op: &Value) -> OperationView {
    let parameters = op
        .get("parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|p| {
            let p = resolve(spec, p);
            ParameterView {
                name: text(p, "name"),
                place: text(p, "in"),
                kind: p.get("schema").map(schema_name).unwrap_or_default(),
                required: p.get("required").and_then(Value::as_bool).unwrap_or(false),
                description: text(p, "description"),
            }
        })
        .collect();
    let answers = op
        .get("responses")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(status, response)| {
            let response = resolve(spec, response);
            AnswerView {
                status: status.clone(),
                description: text(response, "description"),
                content: contents(response.get("content")),
            }
        })
        .collect();
    OperationView {
        id: text(op, "operationId"),
        method: method.to_owned(),
        path: path.to_owned(),
        texts: ["summary", "description"]
            .iter()
            .filter_map(|k| op.get(*k).and_then(Value::as_str).map(str::to_owned))
            .collect(),
        token: token_note(op),
        parameters,
        body: op
            .get("requestBody")
            .map(|body| contents(resolve(spec, body).get("content"))),
        answers,
    }
}

fn schema_view(name: &str, schema: &Value) -> SchemaView {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    SchemaView {
        name: name.to_owned(),
        description: schema
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_owned),
        values: schema
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(Value::to_string)
            .collect(),
        fields: schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(field, property)| FieldView {
                name: field.clone(),
                kind: SchemaLink::of(schema_name(property)),
                required: required.contains(&field.as_str()),
                description: text(property, "description"),
            })
            .collect(),
        example: schema
            .get("examples")
            .and_then(Value::as_array)
            .and_then(|e| e.first())
            .map(pretty),
    }
}

/// The page of `spec` (the OpenAPI JSON): every operation with its parameters,
/// body and answers, then every schema.
#[must_use]
pub fn render_docs(spec: &Value) -> String {
    let operations = spec
        .get("paths")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(path, item)| Some((path, item.as_object()?)))
        .flat_map(|(path, item)| {
            item.iter()
                .map(|(method, op)| operation_view(spec, path, method, op))
        })
        .collect();
    let schemas = spec
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, schema)| schema_view(name, schema))
        .collect();
    let page = DocsPage {
        title: spec
            .pointer("/info/title")
            .and_then(Value::as_str)
            .unwrap_or("API")
            .to_owned(),
        description: spec
            .pointer("/info/description")
            .and_then(Value::as_str)
            .map(str::to_owned),
        base: spec
            .pointer("/servers/0/url")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned(),
        css_url: crate::http::pages::assets::css_url(),
        operations,
        schemas,
    };
    // Rendering fails only on a formatting error of a value, which plain strings
    // cannot have.
    page.render().unwrap_or_default()
}
