//! The OpenAPI document cannot drift from the server: every route it lists is served (and no
//! other method on its paths), and real answers of every JSON endpoint — successes and errors —
//! validate against the schemas it gives for them. Validation is structural, as JSON Schema
//! reads it (types, enums, `required`, properties, items, `oneOf`/`allOf`, `$ref`), plus the
//! other direction: every property the document declares for an answer shows up in some answer.

mod common;

use std::collections::BTreeSet;

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The router over a fresh data directory (kept alive by the returned guard).
fn app() -> (Router, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let router = nefer_server::router(nefer_server::open(dir.path()).expect("the store opens"));
    (router, dir)
}

async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (StatusCode, Option<String>, Vec<u8>) {
    // The record's content type as the document names it.
    let req = common::request(method, uri, token, body.map(str::to_owned), "text/plain");
    common::answer(router, req).await
}

/// A structural JSON Schema checker over the document's schemas.
struct Checker<'d> {
    doc: &'d Value,
    /// (schema location, property) of every property declared by an object schema an answer
    /// was checked against, and of those that appeared.
    declared: BTreeSet<(String, String)>,
    seen: BTreeSet<(String, String)>,
}

impl<'d> Checker<'d> {
    fn new(doc: &'d Value) -> Self {
        Checker {
            doc,
            declared: BTreeSet::new(),
            seen: BTreeSet::new(),
        }
    }

    /// Resolves a local `$ref`; returns the schema and its location.
    fn resolve(&self, schema: &'d Value, at: &str) -> (&'d Value, String) {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let ptr = r.strip_prefix('#').expect("a local reference");
                let target = self
                    .doc
                    .pointer(ptr)
                    .unwrap_or_else(|| panic!("{at}: dangling reference {r}"));
                self.resolve(target, r)
            }
            None => (schema, at.to_owned()),
        }
    }

    /// The properties, required names and whether others are allowed, of an object schema
    /// (an `allOf` of objects merged).
    #[allow(clippy::type_complexity)]
    fn object_parts(
        &self,
        schema: &'d Value,
        at: &str,
    ) -> (Vec<(String, &'d Value, String)>, Vec<String>, bool) {
        let (schema, at) = self.resolve(schema, at);
        let mut props = Vec::new();
        let mut required = Vec::new();
        let mut others = false;
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            for (i, p) in parts.iter().enumerate() {
                let (p, r, o) = self.object_parts(p, &format!("{at}/allOf/{i}"));
                props.extend(p);
                required.extend(r);
                others |= o;
            }
        }
        if let Some(p) = schema.get("properties").and_then(Value::as_object) {
            for (k, s) in p {
                props.push((k.clone(), s, at.clone()));
            }
        }
        if let Some(r) = schema.get("required").and_then(Value::as_array) {
            required.extend(r.iter().map(|x| x.as_str().unwrap().to_owned()));
        }
        match schema.get("additionalProperties") {
            Some(Value::Bool(false)) | None => {}
            Some(_) => others = true,
        }
        (props, required, others)
    }

    fn types(schema: &Value) -> Option<Vec<&str>> {
        match schema.get("type")? {
            Value::String(t) => Some(vec![t.as_str()]),
            Value::Array(ts) => Some(ts.iter().filter_map(Value::as_str).collect()),
            _ => None,
        }
    }

    fn type_of(v: &Value) -> &'static str {
        match v {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }

    /// Checks `v` against `schema` at `at`; the properties seen go to `seen`.
    fn check(
        &self,
        v: &Value,
        schema: &'d Value,
        at: &str,
        seen: &mut Vec<(String, String)>,
        declared: &mut Vec<(String, String)>,
    ) -> Result<(), String> {
        let (schema, at) = self.resolve(schema, at);
        if let Some(branches) = schema.get("oneOf").and_then(Value::as_array) {
            let mut matched = Vec::new();
            let mut errors = Vec::new();
            for (i, b) in branches.iter().enumerate() {
                let (mut s, mut d) = (Vec::new(), Vec::new());
                match self.check(v, b, &format!("{at}/oneOf/{i}"), &mut s, &mut d) {
                    Ok(()) => matched.push((s, d)),
                    Err(e) => errors.push(e),
                }
            }
            if matched.len() != 1 {
                return Err(format!(
                    "{at}: {v} matches {} branches of oneOf ({errors:?})",
                    matched.len()
                ));
            }
            let (s, d) = matched.pop().unwrap();
            seen.extend(s);
            declared.extend(d);
        }
        if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
            if !allowed.contains(v) {
                return Err(format!("{at}: {v} is not one of {allowed:?}"));
            }
        }
        if let Some(types) = Self::types(schema) {
            let t = Self::type_of(v);
            if !(types.contains(&t) || (t == "integer" && types.contains(&"number"))) {
                return Err(format!("{at}: {v} is {t}, not {types:?}"));
            }
        }
        if let (Some(min), Some(x)) = (schema.get("minimum").and_then(Value::as_f64), v.as_f64()) {
            if x < min {
                return Err(format!("{at}: {x} is below {min}"));
            }
        }
        if let (Some(max), Some(x)) = (schema.get("maximum").and_then(Value::as_f64), v.as_f64()) {
            if x > max {
                return Err(format!("{at}: {x} is above {max}"));
            }
        }
        if let Value::Array(items) = v {
            let n = items.len() as u64;
            if schema
                .get("minItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| n < m)
                || schema
                    .get("maxItems")
                    .and_then(Value::as_u64)
                    .is_some_and(|m| n > m)
            {
                return Err(format!("{at}: {n} items is out of bounds"));
            }
            if let Some(item) = schema.get("items") {
                for (i, x) in items.iter().enumerate() {
                    self.check(x, item, &format!("{at}/items"), seen, declared)
                        .map_err(|e| format!("[{i}] {e}"))?;
                }
            }
        }
        if let Value::Object(fields) = v {
            let is_object_schema = schema.get("properties").is_some()
                || schema.get("allOf").is_some()
                || schema.get("additionalProperties").is_some();
            if is_object_schema {
                let (props, required, others) = self.object_parts(schema, &at);
                for r in &required {
                    if !fields.contains_key(r) {
                        return Err(format!("{at}: required `{r}` is missing from {v}"));
                    }
                }
                for (k, x) in fields {
                    match props.iter().find(|(name, ..)| name == k) {
                        Some((_, s, loc)) => {
                            self.check(x, s, &format!("{loc}/properties/{k}"), seen, declared)
                                .map_err(|e| format!(".{k} {e}"))?;
                            seen.push((loc.clone(), k.clone()));
                        }
                        None if others => {
                            if let Some(extra) = schema.get("additionalProperties") {
                                if extra.is_object() {
                                    self.check(
                                        x,
                                        extra,
                                        &format!("{at}/additionalProperties"),
                                        seen,
                                        declared,
                                    )?;
                                }
                            }
                        }
                        None => return Err(format!("{at}: `{k}` is not in the schema")),
                    }
                }
                declared.extend(props.iter().map(|(k, _, loc)| (loc.clone(), k.clone())));
            }
        }
        Ok(())
    }

    /// Checks an answer of `method path` with `status` against the document.
    fn answer(&mut self, method: &str, path: &str, status: StatusCode, body: &Value) {
        self.answer_as(method, path, status, "application/json", body);
    }

    /// Checks an answer (or, for `application/x-ndjson`, one line of it) of `method path` with
    /// `status` in content type `ctype` against the document.
    fn answer_as(
        &mut self,
        method: &str,
        path: &str,
        status: StatusCode,
        ctype: &str,
        body: &Value,
    ) {
        let op = &self.doc["paths"][path][method];
        assert!(op.is_object(), "{method} {path} is not in the document");
        let resp = &op["responses"][status.as_str()];
        let schema = resp["content"][ctype]["schema"]
            .as_object()
            .map(|_| &resp["content"][ctype]["schema"])
            .unwrap_or_else(|| {
                panic!("{method} {path}: the document has no {ctype} answer for {status}")
            });
        let (mut seen, mut declared) = (Vec::new(), Vec::new());
        let at = format!("{method} {path} {status}");
        if let Err(e) = self.check(body, schema, &at, &mut seen, &mut declared) {
            panic!("{at}: the answer does not fit its schema: {e}");
        }
        self.seen.extend(seen);
        self.declared.extend(declared);
    }

    /// Checks a request body sent to `method path` against the document's.
    fn request(&self, method: &str, path: &str, body: &Value) {
        let schema = &self.doc["paths"][path][method]["requestBody"]["content"]["application/json"]
            ["schema"];
        assert!(schema.is_object(), "{method} {path} takes no JSON body");
        let at = format!("{method} {path} request");
        if let Err(e) = self.check(body, schema, &at, &mut Vec::new(), &mut Vec::new()) {
            panic!("{at}: the body does not fit its schema: {e}");
        }
    }
}

/// The router and the checker its answers go through.
struct Api<'r, 'd> {
    router: &'r Router,
    checker: Checker<'d>,
}

impl Api<'_, '_> {
    /// Calls `method uri`, checks the request's body and the answer against the document (at
    /// the path `uri` is documented as) and returns the answer.
    async fn call(
        &mut self,
        method: &str,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
        expect: StatusCode,
    ) -> Value {
        let path = documented(uri);
        let method_key = method.to_lowercase();
        if let Some(b) = &body {
            self.checker.request(&method_key, &path, b);
        }
        let text = body.map(|b| b.to_string());
        let (status, ctype, bytes) = send(self.router, method, uri, token, text.as_deref()).await;
        let v: Value = serde_json::from_slice(&bytes).expect("a JSON answer");
        assert_eq!(status, expect, "{method} {uri}: {v}");
        assert!(
            ctype.is_some_and(|c| c.starts_with("application/json")),
            "{method} {uri}: not application/json"
        );
        self.checker.answer(&method_key, &path, status, &v);
        v
    }

    /// `GET uri`, checked (see [`Api::call`]).
    async fn get(&mut self, uri: &str, token: Option<&str>, expect: StatusCode) -> Value {
        self.call("GET", uri, token, None, expect).await
    }

    /// `POST uri` of `body`, checked (see [`Api::call`]).
    async fn post(
        &mut self,
        uri: &str,
        token: Option<&str>,
        body: Value,
        expect: StatusCode,
    ) -> Value {
        self.call("POST", uri, token, Some(body), expect).await
    }
}

/// The path of the document a request target stands for: the target without its query, a
/// game's id as `{id}` (`/api/games/x7/move` is `/api/games/{id}/move`).
fn documented(uri: &str) -> String {
    let path = uri.split('?').next().unwrap_or(uri);
    match path.strip_prefix("/api/games/") {
        Some(rest) => match rest.split_once('/') {
            Some((_, tail)) => format!("/api/games/{{id}}/{tail}"),
            None => "/api/games/{id}".to_owned(),
        },
        None if path.starts_with("/api/rules/") && path.ends_with("/tutorial") => {
            "/api/rules/{key}/tutorial".to_owned()
        }
        None => path.to_owned(),
    }
}

const ROUTES: [(&str, &str); 22] = [
    ("get", "/api/rules"),
    ("get", "/api/rules/{key}/tutorial"),
    ("get", "/api/levels"),
    ("post", "/api/games"),
    ("get", "/api/games/{id}"),
    ("post", "/api/games/{id}/throw"),
    ("post", "/api/games/{id}/move"),
    ("post", "/api/games/{id}/undo"),
    ("get", "/api/games/{id}/hint"),
    ("post", "/api/analyze"),
    ("get", "/api/games/{id}/review"),
    ("post", "/api/review"),
    ("get", "/api/games/{id}/review/stream"),
    ("post", "/api/review/stream"),
    ("post", "/api/games/{id}/presence"),
    ("post", "/api/games/{id}/name"),
    ("post", "/api/games/{id}/rematch"),
    ("get", "/api/games/{id}/history"),
    ("get", "/api/games/{id}/record"),
    ("get", "/api/games/{id}/events"),
    ("post", "/api/replay"),
    ("get", "/api/openapi.json"),
];

async fn document(router: &Router) -> Value {
    let (s, _, bytes) = send(router, "GET", "/api/openapi.json", None, None).await;
    assert_eq!(s, StatusCode::OK);
    serde_json::from_slice(&bytes).expect("the document is JSON")
}

#[tokio::test]
async fn the_document_lists_exactly_the_routes_served() {
    let (router, _dir) = app();
    let doc = document(&router).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    let listed: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(p, ops)| {
            ops.as_object()
                .unwrap()
                .keys()
                .filter(|m| ["get", "post", "put", "patch", "delete"].contains(&m.as_str()))
                .map(move |m| (m.clone(), p.clone()))
        })
        .collect();
    let expected: BTreeSet<(String, String)> = ROUTES
        .iter()
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    assert_eq!(listed, expected);
    for (method, path) in ROUTES {
        let uri = path
            .replace("{id}", "nosuchgame")
            .replace("{key}", "nosuch");
        for other in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            let (status, _, bytes) = send(&router, other, &uri, None, None).await;
            let body = String::from_utf8_lossy(&bytes);
            if other.eq_ignore_ascii_case(method) {
                // Served by its handler: not the fallback's "no resource" nor a 405.
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{other} {uri}");
                assert!(!body.contains("no resource at"), "{other} {uri}: {body}");
                assert!(
                    doc["paths"][path][method]["responses"][status.as_str()].is_object(),
                    "{other} {uri}: {status} is not documented"
                );
            } else {
                // No method the document does not list.
                assert_eq!(
                    status,
                    StatusCode::METHOD_NOT_ALLOWED,
                    "{other} {uri}: {body}"
                );
            }
        }
    }
    // Every reference resolves and every schema an operation names exists.
    let text = doc.to_string();
    for r in text.split("\"$ref\":\"").skip(1) {
        let r = &r[..r.find('"').unwrap()];
        assert!(doc.pointer(&r[1..]).is_some(), "dangling {r}");
    }
}

#[tokio::test]
async fn real_answers_fit_their_schemas_and_use_every_field() {
    let (router, _dir) = app();
    let doc = document(&router).await;
    let mut x = Api {
        router: &router,
        checker: Checker::new(&doc),
    };
    use StatusCode as S;

    x.get("/api/rules", None, S::OK).await;
    x.get("/api/levels", None, S::OK).await;
    for rules in ["hj.skiryuk", "senet.kendall"] {
        let t = x
            .get(&format!("/api/rules/{rules}/tutorial"), None, S::OK)
            .await;
        assert!(!t["steps"].as_array().unwrap().is_empty());
    }
    x.get("/api/rules/nosuch/tutorial", None, S::NOT_FOUND)
        .await;
    x.checker.answer("get", "/api/openapi.json", S::OK, &doc);

    // Online: the invite link; local: both tokens.
    let online = json!({"rules": "hj.walker", "mode": "online", "seat": "A",
                        "names": {"A": "Ahmose"}, "options": {"hj.walker.max_turns": 300}});
    let o = x.post("/api/games", None, online, S::CREATED).await;
    // Its players: presence (only a seat's token), names, a rematch not yet possible.
    let oid = o["id"].as_str().unwrap().to_owned();
    let ot = o["tokens"]["A"].as_str().unwrap().to_owned();
    let ouri = |tail: &str| format!("/api/games/{oid}{tail}");
    let p = x
        .post(
            &ouri("/presence"),
            Some(&ot),
            json!({"present": true}),
            S::OK,
        )
        .await;
    assert_eq!(p["A"], "connected");
    x.post(&ouri("/presence"), None, json!({}), S::UNAUTHORIZED)
        .await;
    x.post(&ouri("/presence"), Some("0123"), json!({}), S::FORBIDDEN)
        .await;
    x.post(
        "/api/games/nosuchgame/presence",
        Some(&ot),
        json!({}),
        S::NOT_FOUND,
    )
    .await;
    let named = x
        .post(
            &ouri("/name"),
            Some(&ot),
            json!({"name": "Ahmose", "seat": "A"}),
            S::OK,
        )
        .await;
    assert_eq!(named["seats"]["A"]["presence"], "connected");
    x.post(
        &ouri("/name"),
        Some(&ot),
        json!({"name": "a\u{7}"}),
        S::BAD_REQUEST,
    )
    .await;
    x.post(&ouri("/name"), None, json!({"name": "X"}), S::UNAUTHORIZED)
        .await;
    x.post(
        &ouri("/name"),
        Some(&ot),
        json!({"name": "X", "seat": "B"}),
        S::FORBIDDEN,
    )
    .await;
    x.post(
        "/api/games/nosuchgame/name",
        Some(&ot),
        json!({"name": "X"}),
        S::NOT_FOUND,
    )
    .await;
    x.post(&ouri("/rematch"), Some(&ot), json!({}), S::CONFLICT)
        .await;
    x.post(&ouri("/rematch"), None, json!({}), S::UNAUTHORIZED)
        .await;
    x.post(&ouri("/rematch"), Some("0123"), json!({}), S::FORBIDDEN)
        .await;
    x.post(
        "/api/games/nosuchgame/rematch",
        Some(&ot),
        json!({}),
        S::NOT_FOUND,
    )
    .await;
    // A local Senet game with a turn cap: it ends soon, as a draw or a win.
    let local =
        json!({"rules": "senet.kendall", "mode": "local", "options": "senet.kendall.max_turns=6"});
    let v = x.post("/api/games", None, local, S::CREATED).await;
    let id = v["id"].as_str().unwrap().to_owned();
    let token = v["tokens"]["A"].as_str().unwrap().to_owned();
    let uri = |tail: &str| format!("/api/games/{id}{tail}");

    // Errors of every kind the document names, each with its fields.
    x.get("/api/games/nosuchgame", None, S::NOT_FOUND).await;
    x.post(
        "/api/games",
        None,
        json!({"rules": "senet.nope"}),
        S::BAD_REQUEST,
    )
    .await;
    // A game set up from a position (local mode), and a position that is not one.
    let position = "senet.kendall A:5,28,off*5 B:1,26,off*5 B 2";
    let v = x
        .post(
            "/api/games",
            None,
            json!({"rules": "senet.kendall", "mode": "local", "position": position}),
            S::CREATED,
        )
        .await;
    // With the server's turn cap (C-7) from there on.
    assert_eq!(
        v["position"],
        position.replace("senet.kendall ", "senet.kendall[max_turns=1001] ")
    );
    x.post(
        "/api/games",
        None,
        json!({"rules": "senet.kendall", "position": "senet.kendall A:5 B:1 B 2"}),
        S::UNPROCESSABLE_ENTITY,
    )
    .await;
    x.post(&uri("/throw"), None, json!({}), S::UNAUTHORIZED)
        .await;
    x.post(&uri("/throw"), Some("0123"), json!({}), S::FORBIDDEN)
        .await;
    let stale = x
        .post(
            &uri("/throw"),
            Some(&token),
            json!({"version": 99}),
            S::CONFLICT,
        )
        .await;
    assert!(stale["version"].is_u64());
    x.get(&uri("/hint"), None, S::CONFLICT).await;
    x.post(
        &uri("/undo"),
        Some(&token),
        json!({}),
        S::UNPROCESSABLE_ENTITY,
    )
    .await;

    // Play it out: every status, throws with sticks, moves with and without `from`/`to`.
    let mut v = x.get(&uri(""), Some(&token), S::OK).await;
    let mut illegal_tried = false;
    for _ in 0..2000 {
        match v["status"]["kind"].as_str().unwrap() {
            "over" => break,
            "throw" => {
                let body = json!({"version": v["version"]});
                v = x.post(&uri("/throw"), Some(&token), body, S::OK).await;
            }
            _ => {
                if !illegal_tried {
                    illegal_tried = true;
                    let e = x
                        .post(
                            &uri("/move"),
                            Some(&token),
                            json!({"move": "1-30"}),
                            S::UNPROCESSABLE_ENTITY,
                        )
                        .await;
                    assert!(e["legal"].is_array());
                    x.post(
                        &uri("/move"),
                        Some(&token),
                        json!({"move": "banana"}),
                        S::BAD_REQUEST,
                    )
                    .await;
                    x.get(&uri("/hint"), None, S::OK).await;
                }
                let mv = v["legal"][0]["move"].clone();
                v = x
                    .post(&uri("/move"), Some(&token), json!({"move": mv}), S::OK)
                    .await;
            }
        }
    }
    assert_eq!(v["status"]["kind"], "over", "{}", v["status"]);
    x.get(&uri(""), None, S::OK).await;
    // Its rematch (one screen: at once), with the seats swapped.
    let r = x
        .post(&uri("/rematch"), Some(&token), json!({}), S::OK)
        .await;
    assert!(r["rematch"]["game"].is_string());
    // Its history, paged.
    let page = x.get(&uri("/history?from=1&limit=3"), None, S::OK).await;
    assert_eq!(page["history"][0]["i"], 1);
    x.get(&uri("/history?from=99999"), None, S::BAD_REQUEST)
        .await;

    // Local Hounds & Jackals games, their moves chosen in turn: lines, loads, captures,
    // knock-offs, bonus throws and lost throws, each with its schema.
    for rules in ["hj.skiryuk", "hj.washburne", "hj.french"] {
        let body =
            json!({"rules": rules, "mode": "local", "options": {format!("{rules}.max_turns"): 60}});
        let mut v = x.post("/api/games", None, body, S::CREATED).await;
        let hid = v["id"].as_str().unwrap().to_owned();
        let ht = v["tokens"]["A"].as_str().unwrap().to_owned();
        let huri = |tail: &str| format!("/api/games/{hid}{tail}");
        for i in 0..2000 {
            let (tail, body) = match v["status"]["kind"].as_str().unwrap() {
                "over" => break,
                "throw" => ("/throw", json!({})),
                _ => {
                    let legal = v["legal"].as_array().unwrap();
                    let mv = legal[i % legal.len()]["move"].clone();
                    ("/move", json!({"move": mv}))
                }
            };
            v = x.post(&huri(tail), Some(&ht), body, S::OK).await;
        }
        assert_eq!(v["status"]["kind"], "over", "{rules}: {}", v["status"]);
    }

    // A game against the computer, one decision in, undone.
    let mut undone = false;
    for _ in 0..50 {
        let body =
            json!({"rules": "senet.kendall", "mode": "computer", "level": "beginner", "seat": "A"});
        let mut v = x.post("/api/games", None, body, S::CREATED).await;
        let cid = v["id"].as_str().unwrap().to_owned();
        let t = v["tokens"]["A"].as_str().unwrap().to_owned();
        let curi = |tail: &str| format!("/api/games/{cid}{tail}");
        while v["status"]["kind"] == "throw" {
            v = x.post(&curi("/throw"), Some(&t), json!({}), S::OK).await;
        }
        if v["legal"].as_array().is_some_and(|l| l.len() > 1) {
            let mv = v["legal"][1]["move"].clone();
            x.post(&curi("/move"), Some(&t), json!({"move": mv}), S::OK)
                .await;
            x.post(&curi("/undo"), Some(&t), json!({}), S::OK).await;
            undone = true;
            break;
        }
    }
    assert!(undone, "no decision with a choice in 50 games");

    // Analyses: of the finished game at a decision, at a throw and at its end; of a
    // position; and what is refused.
    let history = x.get(&uri("/history"), None, S::OK).await;
    let first_move = history["history"]
        .as_array()
        .unwrap()
        .iter()
        .position(|h| h["kind"] == "move")
        .unwrap();
    let decide = x
        .post(
            "/api/analyze",
            None,
            json!({"game": id, "ply": first_move, "depth": 1}),
            S::OK,
        )
        .await;
    assert_eq!(decide["kind"], "decide");
    let throw = x
        .post("/api/analyze", None, json!({"game": id, "ply": 0}), S::OK)
        .await;
    assert_eq!(throw["kind"], "throw");
    let over = x
        .post("/api/analyze", None, json!({"game": id}), S::OK)
        .await;
    assert_eq!(over["kind"], "over");
    x.post(
        "/api/analyze",
        None,
        json!({"position": "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1", "depth": 3}),
        S::OK,
    )
    .await;
    for (body, expect) in [
        (json!({"game": "nosuchgame"}), S::NOT_FOUND),
        (json!({"game": id, "ply": 99999}), S::BAD_REQUEST),
        (
            json!({"position": "senet.kendall A:5 B:1 B 2"}),
            S::UNPROCESSABLE_ENTITY,
        ),
    ] {
        x.post("/api/analyze", None, body, expect).await;
    }
    // A depth beyond the document's bound: refused as it says.
    let deep = json!({"position": "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1", "depth": 4});
    let (status, _, bytes) = send(
        x.router,
        "POST",
        "/api/analyze",
        None,
        Some(&deep.to_string()),
    )
    .await;
    assert_eq!(status, S::BAD_REQUEST);
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    x.checker.answer("post", "/api/analyze", status, &v);

    // Reviews: of the finished game (a result, every mark's field), of none, and a depth
    // beyond the bound.
    let reviewed = x.get(&uri("/review?depth=1"), None, S::OK).await;
    assert!(reviewed["result"].is_string());
    x.get("/api/games/nosuchgame/review", None, S::NOT_FOUND)
        .await;
    x.get(&uri("/review?depth=4"), None, S::BAD_REQUEST).await;

    // Replays: a record, a malformed one (`line`), an illegal action (`index`, `token`).
    let (_, _, record) = send(x.router, "GET", &uri("/record"), None, None).await;
    let record = String::from_utf8(record).unwrap();
    for (text, expect) in [
        (record.clone(), S::OK),
        (
            "rules: senet.kendall\nnonsense\n".to_owned(),
            S::UNPROCESSABLE_ENTITY,
        ),
        (
            format!("{}\n29-30\n", record.trim_end()),
            S::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (status, _, bytes) = send(x.router, "POST", "/api/replay", None, Some(&text)).await;
        assert_eq!(status, expect);
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        x.checker.answer("post", "/api/replay", status, &v);
    }
    // Reviews of a record: the game's, and a malformed one.
    for (text, expect) in [
        (record.clone(), S::OK),
        (
            "rules: senet.kendall\nnonsense\n".to_owned(),
            S::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (status, _, bytes) =
            send(x.router, "POST", "/api/review?depth=1", None, Some(&text)).await;
        assert_eq!(status, expect);
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        x.checker.answer("post", "/api/review", status, &v);
    }

    // Streamed reviews: every line fits the document's line, the last is the review; errors
    // before the stream are JSON.
    let game_stream = uri("/review/stream?depth=1");
    for (method, target, path, body) in [
        (
            "GET",
            game_stream.as_str(),
            "/api/games/{id}/review/stream",
            None,
        ),
        (
            "POST",
            "/api/review/stream?depth=1",
            "/api/review/stream",
            Some(record.as_str()),
        ),
    ] {
        let (status, ctype, bytes) = send(x.router, method, target, None, body).await;
        assert_eq!(status, S::OK);
        assert_eq!(ctype.as_deref(), Some("application/x-ndjson"));
        let text = String::from_utf8(bytes).unwrap();
        let m = method.to_lowercase();
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            x.checker
                .answer_as(&m, path, status, "application/x-ndjson", &v);
        }
        assert!(
            text.lines()
                .last()
                .unwrap()
                .starts_with(r#"{"kind":"review""#)
        );
    }
    x.get("/api/games/nosuchgame/review/stream", None, S::NOT_FOUND)
        .await;
    x.get(&uri("/review/stream?depth=4"), None, S::BAD_REQUEST)
        .await;
    let (status, _, bytes) = send(
        x.router,
        "POST",
        "/api/review/stream",
        None,
        Some("rules: senet.kendall\nnonsense\n"),
    )
    .await;
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    x.checker.answer("post", "/api/review/stream", status, &v);

    // Everything the document declares for an answer turned up in one.
    let missing: Vec<_> = x.checker.declared.difference(&x.checker.seen).collect();
    assert!(
        missing.is_empty(),
        "declared but never answered: {missing:?}"
    );
}

/// Tokens travel only in the `authorization` header (issue 21): the document offers no
/// parameter that would put one in an address, which the server refuses.
#[tokio::test]
async fn the_document_offers_no_token_in_an_address() {
    let (router, _dir) = app();
    let doc = document(&router).await;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            for p in op["parameters"].as_array().into_iter().flatten() {
                assert!(
                    !(p["in"] == "query" && p["name"] == "token"),
                    "{method} {path} offers a token in the query"
                );
            }
        }
    }
}
