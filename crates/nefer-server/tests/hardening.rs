//! The server as strangers on the internet meet it (issue 21): the limits on what they can make
//! it do, the shapes and types of bodies it takes, the pages of other sites, the headers of
//! every answer, the dice it commits to. The router is driven with `oneshot`, a request given
//! a peer address where the rate limits are tested; the accept loop's own bounds (timeouts,
//! connections) are tested on a real socket.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode, header};
use axum::response::Response;
use http_body_util::BodyExt as _;
use nefer_core::Record;
use nefer_server::{AppState, Limits};
use serde_json::{Value, json};
use tempfile::TempDir;
use tower::ServiceExt as _;

struct App {
    router: Router,
    state: AppState,
    _dir: TempDir,
}

fn app_with(limits: Limits) -> App {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let state = nefer_server::open_with(dir.path(), limits).expect("the store opens");
    App {
        router: nefer_server::router(state.clone()),
        state,
        _dir: dir,
    }
}

/// A request as a test builds it.
struct Req<'a> {
    method: &'a str,
    uri: &'a str,
    token: Option<&'a str>,
    body: Option<String>,
    headers: Vec<(&'a str, String)>,
    peer: Option<&'a str>,
}

fn req<'a>(method: &'a str, uri: &'a str) -> Req<'a> {
    Req {
        method,
        uri,
        token: None,
        body: None,
        headers: Vec::new(),
        peer: None,
    }
}

impl<'a> Req<'a> {
    fn json(mut self, body: Value) -> Self {
        self.body = Some(body.to_string());
        self.headers
            .push(("content-type", "application/json".into()));
        self
    }

    fn body(mut self, body: &str, content_type: Option<&str>) -> Self {
        self.body = Some(body.to_owned());
        if let Some(ct) = content_type {
            self.headers.push(("content-type", ct.to_owned()));
        }
        self
    }

    fn token(mut self, t: &'a str) -> Self {
        self.token = Some(t);
        self
    }

    fn header(mut self, k: &'a str, v: &str) -> Self {
        self.headers.push((k, v.to_owned()));
        self
    }

    fn from(mut self, peer: &'a str) -> Self {
        self.peer = Some(peer);
        self
    }
}

/// A request of `method` to `uri` with no body and no header.
fn bare(method: &str, uri: &str) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .expect("a request")
}

impl App {
    /// `POST /api/games` of `body` from client `peer`.
    async fn create_from(&self, peer: &str, body: &Value) -> (StatusCode, HeaderMap, Value) {
        self.send(req("POST", "/api/games").json(body.clone()).from(peer))
            .await
    }

    /// The router's answer to `request`, its body still to read.
    async fn answer(&self, request: Request<Body>) -> Response {
        self.router
            .clone()
            .oneshot(request)
            .await
            .expect("an answer")
    }

    /// Sends `r`; the status, the headers and the body as JSON (`Null` where it is not JSON).
    async fn send(&self, r: Req<'_>) -> (StatusCode, HeaderMap, Value) {
        let mut b = Request::builder().method(r.method).uri(r.uri);
        if let Some(t) = r.token {
            b = b.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        for (k, v) in &r.headers {
            b = b.header(*k, v);
        }
        let mut request = b
            .body(r.body.map_or_else(Body::empty, Body::from))
            .expect("a request");
        if let Some(peer) = r.peer {
            let addr: SocketAddr = peer.parse().expect("a socket address");
            request.extensions_mut().insert(ConnectInfo(addr));
        }
        let resp = self.answer(request).await;
        let (status, headers) = (resp.status(), resp.headers().clone());
        let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
        let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if !status.is_success() {
            assert!(
                v["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{status} without a JSON reason: {}",
                String::from_utf8_lossy(&bytes)
            );
        }
        (status, headers, v)
    }

    async fn create(&self, body: Value) -> Value {
        let (s, _, v) = self
            .send(req("POST", "/api/games").json(body.clone()))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{body}: {v}");
        v
    }

    /// Plays a local game on with the first legal move (a pass where there is one) for at most
    /// `actions` actions; the last view.
    async fn play_on(&self, id: &str, token: &str, actions: usize, pass: bool) -> Value {
        let (_, _, mut v) = self
            .send(req("GET", &format!("/api/games/{id}")).token(token))
            .await;
        for _ in 0..actions {
            let r = match v["status"]["kind"].as_str().unwrap() {
                "over" => break,
                "throw" => req("POST", "/api/games/x/throw").json(json!({})),
                _ => {
                    let legal = v["legal"].as_array().unwrap();
                    let choice = legal
                        .iter()
                        .find(|m| pass && m["move"] == "pass")
                        .unwrap_or(&legal[0]);
                    req("POST", "/api/games/x/move").json(json!({"move": choice["move"]}))
                }
            };
            let uri = r.uri.replace("/x/", &format!("/{id}/"));
            let (s, _, next) = self.send(Req { uri: &uri, ..r }.token(token)).await;
            assert_eq!(s, StatusCode::OK, "{next}");
            v = next;
        }
        v
    }
}

fn id_token(v: &Value) -> (String, String) {
    let id = v["id"].as_str().unwrap().to_owned();
    let token = v["tokens"]
        .as_object()
        .and_then(|t| t.values().next())
        .and_then(Value::as_str)
        .unwrap()
        .to_owned();
    (id, token)
}

#[tokio::test]
async fn a_stranger_gets_the_named_levels_and_bounded_searches_only() {
    let app = app_with(Limits::default());
    for level in [
        "mcts:iters=10000000",
        "mcts:iters=20001",
        "expectimax:depth=12",
        "expectimax:depth=5",
        "expectimax:depth=2,ms=5000",
        "master:depth=5",
        "master:depth=2,ms=5000",
    ] {
        let (s, _, v) = app
            .send(req("POST", "/api/games").json(json!({"rules": "senet.kendall", "level": level})))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{level}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains("more than it gives"),
            "{v}"
        );
    }
    for level in [
        "beginner",
        "expert",
        "mcts:iters=20000",
        "expectimax:depth=4,ms=1000",
        "master",
        "master:depth=3,ms=1000",
    ] {
        app.create(json!({"rules": "senet.kendall", "level": level}))
            .await;
    }
    // Without the tables, `perfect` is neither listed nor played.
    let app = app_with(Limits {
        tables: false,
        ..Limits::default()
    });
    let (_, _, levels) = app.send(req("GET", "/api/levels")).await;
    assert!(!levels.to_string().contains("perfect"), "{levels}");
    let (s, _, v) = app
        .send(req("POST", "/api/games").json(json!({"rules": "hj.french", "level": "perfect"})))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("not offered"), "{v}");
}

#[tokio::test]
async fn each_client_is_rate_limited_with_a_retry_after() {
    let app = app_with(Limits::default());
    let body = json!({"rules": "hj.french", "mode": "local"});
    // The default: 20 new games a minute, all at once if the client was quiet.
    for _ in 0..20 {
        let (s, _, v) = app.create_from("192.0.2.1:5000", &body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, headers, v) = app.create_from("192.0.2.1:5001", &body).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    let wait: u64 = headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3).contains(&wait), "{wait}");
    assert!(v["error"].as_str().unwrap().contains("new games"), "{v}");
    // Another client is not held back, nor are the first one's other requests.
    let (s, _, _) = app.create_from("192.0.2.2:5000", &body).await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, _, _) = app
        .send(req("GET", "/api/rules").from("192.0.2.1:5000"))
        .await;
    assert_eq!(s, StatusCode::OK);
    // An IPv6 client is its /64: another address of it does not get a fresh bucket.
    for i in 0..20 {
        let peer = format!("[2001:db8::{i:x}]:5000");
        let (s, _, _) = app.create_from(&peer, &body).await;
        assert_eq!(s, StatusCode::CREATED);
    }
    let (s, _, _) = app.create_from("[2001:db8::ffff]:5000", &body).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    // Hints, analyses, reviews and replays have their own, smaller budget.
    let app = app_with(Limits {
        rates: nefer_server::limits::Rates {
            costly: Some(nefer_server::limits::Rate::per_minute(2)),
            ..Default::default()
        },
        ..Limits::default()
    });
    let record = "rules: senet.kendall\nactions: 2 14-16\n";
    for expect in [
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::TOO_MANY_REQUESTS,
    ] {
        let (s, _, _) = app
            .send(
                req("POST", "/api/replay")
                    .body(record, Some("text/plain"))
                    .from("192.0.2.9:1"),
            )
            .await;
        assert_eq!(s, expect);
    }
    // A game's review is as costly: from the same budget, spent; another client's is whole.
    let v = app
        .create(json!({"rules": "senet.kendall", "mode": "local"}))
        .await;
    let (id, _) = id_token(&v);
    let review = format!("/api/games/{id}/review?depth=1");
    for (client, expect) in [
        ("192.0.2.9:1", StatusCode::TOO_MANY_REQUESTS),
        ("192.0.2.10:1", StatusCode::OK),
    ] {
        let (s, _, _) = app.send(req("GET", &review).from(client)).await;
        assert_eq!(s, expect, "{client}");
    }
}

#[tokio::test]
async fn idle_games_leave_memory_and_come_back() {
    let app = app_with(Limits {
        cached_games: 3,
        ..Limits::default()
    });
    let mut games = Vec::new();
    for _ in 0..8 {
        let v = app
            .create(json!({"rules": "senet.kendall", "mode": "local"}))
            .await;
        games.push(id_token(&v));
    }
    assert_eq!(app.state.games_in_memory(), 3);
    // Every game comes back from the database, and plays on.
    for (id, token) in &games {
        let v = app.play_on(id, token, 3, false).await;
        assert!(v["version"].as_u64().unwrap() >= 3, "{v}");
        assert!(app.state.games_in_memory() <= 3);
    }
    // A game with a listener stays in memory, and its listener hears every action.
    let (id, token) = games[0].clone();
    let resp = app
        .answer(bare("GET", &format!("/api/games/{id}/events")))
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let mut events = resp.into_body();
    for (other, t) in &games[1..] {
        app.play_on(other, t, 1, false).await;
    }
    assert!(app.state.in_memory(&id), "a watched game stays");
    let v = app.play_on(&id, &token, 1, false).await;
    let version = v["version"].as_u64().unwrap();
    let mut heard = String::new();
    while !heard.contains(&format!("\"version\":{version}")) {
        let frame = tokio::time::timeout(Duration::from_secs(5), events.frame())
            .await
            .expect("an event in time")
            .unwrap()
            .unwrap();
        if let Ok(data) = frame.into_data() {
            heard.push_str(&String::from_utf8_lossy(&data));
        }
    }
}

#[tokio::test]
async fn every_new_game_ends_at_the_servers_turn_cap() {
    let app = app_with(Limits {
        max_turns: 3,
        ..Limits::default()
    });
    // A game of passes (C-2 `compulsory_move=false`) that nothing else would end.
    let v = app
        .create(json!({"rules": "hj.french", "mode": "local",
                       "options": {"hj.french.compulsory_move": "false"}}))
        .await;
    assert_eq!(
        v["options"],
        "hj.french.compulsory_move=false, hj.french.max_turns=3"
    );
    let (id, token) = id_token(&v);
    let v = app.play_on(&id, &token, 100, true).await;
    assert_eq!(v["status"]["kind"], "over", "{v}");
    assert_eq!(v["status"]["result"], "draw");
    assert!(
        v["status"]["reason"].as_str().unwrap().contains("C-7"),
        "{v}"
    );
    // A smaller cap of its own stands; a larger one is cut to the server's.
    for (asked, kept) in [("2", "2"), ("50", "3"), ("off", "3")] {
        let v = app
            .create(json!({"rules": "senet.kendall", "mode": "local",
                           "options": {"senet.kendall.max_turns": asked}}))
            .await;
        assert_eq!(v["options"], format!("senet.kendall.max_turns={kept}"));
    }
}

#[tokio::test]
async fn answers_carry_a_bounded_history_and_the_rest_is_paged() {
    let app = app_with(Limits::default());
    let v = app
        .create(json!({"rules": "hj.french", "mode": "local",
                       "options": {"hj.french.compulsory_move": "false"}}))
        .await;
    let (id, token) = id_token(&v);
    let v = app.play_on(&id, &token, 260, true).await;
    let version = v["version"].as_u64().unwrap() as usize;
    assert!(version >= 260);
    let shown = v["history"].as_array().unwrap();
    assert_eq!(shown.len(), nefer_server::view::HISTORY_MAX);
    assert_eq!(shown[0]["i"], version - nefer_server::view::HISTORY_MAX);
    assert_eq!(shown.last().unwrap()["i"], version - 1);
    // Pages give the whole history, the newest as the view shows it.
    let mut all = Vec::new();
    while all.len() < version {
        let uri = format!("/api/games/{id}/history?from={}&limit=100", all.len());
        let (s, _, page) = app.send(req("GET", &uri)).await;
        assert_eq!(s, StatusCode::OK, "{page}");
        assert_eq!(page["total"], version);
        let items = page["history"].as_array().unwrap();
        assert!(!items.is_empty() && items.len() <= 100);
        all.extend(items.iter().cloned());
    }
    assert_eq!(&all[version - shown.len()..], &shown[..]);
    for (i, e) in all.iter().enumerate() {
        assert_eq!(e["i"], i);
    }
    let (s, _, _) = app
        .send(req(
            "GET",
            &format!("/api/games/{id}/history?from=0&nope=1"),
        ))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "an unknown query is refused");
}

#[tokio::test]
async fn replays_are_answered_a_page_of_frames_at_a_time() {
    let app = app_with(Limits::default());
    // A long game: both seats pass whenever they may (C-2 `compulsory_move=false`) until
    // C-7's cap of 1000 turns ends it (a turn is a throw, and a pass where any move is legal).
    struct Passer;
    impl nefer_players::Player for Passer {
        fn choose(&mut self, game: &nefer_core::AnyGame) -> nefer_core::Move {
            let moves = nefer_players::sorted_moves(game);
            *moves
                .iter()
                .find(|m| **m == nefer_core::Move::Pass)
                .unwrap_or(&moves[0])
        }
        fn name(&self) -> String {
            "passer".into()
        }
    }
    let options =
        nefer_core::Options::parse("hj.french.compulsory_move=false, hj.french.max_turns=1000")
            .unwrap();
    let mut m = nefer_players::play::Match::new(
        nefer_core::RuleSetId::HjFrench,
        options,
        nefer_core::ByPlayer([Some(Box::new(Passer) as _), Some(Box::new(Passer) as _)]),
        Box::new(nefer_players::play::SeededDice::new(1)),
    )
    .unwrap();
    m.play_computers().unwrap();
    let record = m.to_record();
    assert!(record.actions.len() > 1100, "{}", record.actions.len());
    let text = record.to_text();
    assert!(text.len() < nefer_server::api::BODY_LIMIT, "{}", text.len());
    let total = record.actions.len() + 1;
    let page = |from: Option<usize>| {
        let uri = from.map_or("/api/replay".to_owned(), |f| {
            format!("/api/replay?from={f}")
        });
        let text = text.clone();
        let app = &app;
        async move {
            app.send(req("POST", &uri).body(&text, Some("text/plain; charset=utf-8")))
                .await
        }
    };
    let (s, _, first) = page(None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (first["from"].as_u64(), first["total"].as_u64()),
        (Some(0), Some(total as u64))
    );
    let frames = first["frames"].as_array().unwrap();
    assert_eq!(frames.len(), nefer_server::api::FRAMES_MAX);
    assert_eq!(frames[999]["i"], 999);
    let (s, _, rest) = page(Some(1000)).await;
    assert_eq!(s, StatusCode::OK);
    let rest = rest["frames"].as_array().unwrap();
    assert_eq!(rest[0]["i"], 1000);
    assert_eq!(rest.len(), (total - 1000).min(1000));
    let (s, _, _) = page(Some(total)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // A record is text; JSON or a form is refused.
    for ct in ["application/json", "application/x-www-form-urlencoded"] {
        let (s, _, _) = app
            .send(req("POST", "/api/replay").body(&text, Some(ct)))
            .await;
        assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct}");
    }
}

#[tokio::test]
async fn the_dice_are_committed_to_at_the_start_and_revealed_at_the_end() {
    let app = app_with(Limits::default());
    let v = app
        .create(json!({"rules": "hj.french", "mode": "local"}))
        .await;
    let (id, token) = id_token(&v);
    let commitment = v["dice_sha256"].as_str().unwrap().to_owned();
    assert_eq!(commitment.len(), 64);
    let record_now = || async {
        let resp = app
            .answer(bare("GET", &format!("/api/games/{id}/record")))
            .await;
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        Record::parse(std::str::from_utf8(&bytes).unwrap()).unwrap()
    };
    let v = app.play_on(&id, &token, 6, false).await;
    assert_eq!(
        v["dice_sha256"],
        commitment.as_str(),
        "the same commitment all game"
    );
    // While the game goes on, the record commits and does not reveal.
    let r = record_now().await;
    assert_eq!(r.header("dice-sha256"), Some(commitment.as_str()));
    assert_eq!(r.header("dice-seed"), None);
    assert_eq!(nefer_server::session::verify_dice(&r).unwrap(), None);
    let v = app.play_on(&id, &token, 5000, false).await;
    assert_eq!(v["status"]["kind"], "over");
    let r = record_now().await;
    let seed = r.header("dice-seed").expect("revealed at the end");
    assert_eq!(seed.len(), 64);
    let chances = nefer_core::replay(&r)
        .unwrap()
        .actions
        .iter()
        .filter(|a| matches!(a, nefer_core::Action::Chance(_)))
        .count();
    assert_eq!(
        nefer_server::session::verify_dice(&r).unwrap(),
        Some(chances),
        "every throw is the seed's"
    );
    // A record whose throws were changed does not check out.
    let mut forged = r.clone();
    let at = forged
        .actions
        .iter()
        .position(|t| t.len() == 1 && t != "A" && t != "B")
        .unwrap();
    forged.actions[at] = if forged.actions[at] == "1" { "2" } else { "1" }.into();
    assert!(nefer_server::session::verify_dice(&forged).is_err());
}

#[tokio::test]
async fn bodies_must_be_json_objects_of_the_right_shape() {
    let app = app_with(Limits::default());
    let (s, _, v) = app
        .send(req("POST", "/api/games").json(json!(["senet.kendall"])))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "an array is not a body: {v}");
    assert!(v["error"].as_str().unwrap().contains("JSON object"), "{v}");
    let (s, _, v) = app
        .send(req("POST", "/api/games").json(json!({"rules": "hj.french", "colour": "red"})))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("colour"), "{v}");
    let v = app
        .create(json!({"rules": "hj.french", "mode": "local"}))
        .await;
    let (id, token) = id_token(&v);
    let throw = format!("/api/games/{id}/throw");
    let mv = format!("/api/games/{id}/move");
    for (uri, body) in [
        (&throw, json!([])),
        (&throw, json!({"version": 1, "extra": true})),
        (&throw, json!(5)),
        (&mv, json!(["hand-L1"])),
        (&mv, json!({"move": "pass", "why": "x"})),
    ] {
        let (s, _, v) = app
            .send(req("POST", uri).json(body.clone()).token(&token))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
    }
    // JSON only: what any page may send without asking (text, forms) is refused.
    let body = r#"{"rules": "hj.french"}"#;
    for ct in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let (s, _, v) = app.send(req("POST", "/api/games").body(body, ct)).await;
        assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct:?}: {v}");
    }
    let (s, _, _) = app
        .send(req("POST", "/api/games").body(body, Some("application/json; charset=utf-8")))
        .await;
    assert_eq!(s, StatusCode::CREATED);
    // An empty body needs no type: a throw is `POST …/throw` and nothing else.
    let (s, _, v) = app.send(req("POST", &throw).token(&token)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn pages_of_other_sites_cannot_act_for_their_visitors() {
    let app = app_with(Limits {
        origins: vec!["https://friend.example".into()],
        ..Limits::default()
    });
    let body = json!({"rules": "hj.french", "mode": "local"});
    let create = |origin: &str, site: Option<&str>| {
        let mut r = req("POST", "/api/games")
            .json(body.clone())
            .header("host", "nefer.example:8080")
            .header("origin", origin);
        if let Some(site) = site {
            r = r.header("sec-fetch-site", site);
        }
        r
    };
    for (origin, site) in [
        ("https://evil.example", None),
        ("null", None),
        ("http://nefer.example:8080", Some("cross-site")),
    ] {
        let (s, _, v) = app.send(create(origin, site)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{origin}: {v}");
    }
    for (origin, site) in [
        ("http://nefer.example:8080", Some("same-origin")),
        ("https://nefer.example:8080", None),
        ("https://friend.example", None),
    ] {
        let (s, _, v) = app.send(create(origin, site)).await;
        assert_eq!(s, StatusCode::CREATED, "{origin}: {v}");
    }
    // Reading is anyone's.
    let (s, _, _) = app
        .send(req("GET", "/api/rules").header("origin", "https://evil.example"))
        .await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = app_with(Limits::default());
    for (method, uri, status) in [
        ("GET", "/", StatusCode::OK),
        ("GET", "/game/abc", StatusCode::OK),
        ("GET", "/assets/app.js", StatusCode::OK),
        ("GET", "/api/rules", StatusCode::OK),
        ("GET", "/api/nothing", StatusCode::NOT_FOUND),
        ("DELETE", "/api/games", StatusCode::METHOD_NOT_ALLOWED),
    ] {
        let resp = app.answer(bare(method, uri)).await;
        assert_eq!(resp.status(), status, "{uri}");
        let h = resp.headers();
        assert_eq!(h["x-frame-options"], "DENY", "{uri}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{uri}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{uri}");
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{uri}: {csp}");
        assert!(!csp.contains("unsafe-inline';") || !csp.contains("script-src 'self' 'unsafe"));
    }
}

#[tokio::test]
async fn too_long_targets_and_heads_get_a_json_reason() {
    let app = app_with(Limits::default());
    let long = format!("/api/games/{}", "a".repeat(5000));
    let (s, _, v) = app.send(req("GET", &long)).await;
    assert_eq!(s, StatusCode::URI_TOO_LONG, "{v}");
    let (s, _, v) = app
        .send(req("GET", "/api/rules").header("x-padding", &"p".repeat(20_000)))
        .await;
    assert_eq!(s, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "{v}");
}

#[tokio::test]
async fn a_body_that_never_comes_times_out() {
    let app = app_with(Limits {
        body_timeout: Duration::from_millis(200),
        ..Limits::default()
    });
    let never = futures_pending();
    let request = Request::post("/api/games")
        .header("content-type", "application/json")
        .body(Body::from_stream(never))
        .unwrap();
    let resp = tokio::time::timeout(Duration::from_secs(5), app.answer(request))
        .await
        .expect("answered in time");
    assert_eq!(resp.status(), StatusCode::REQUEST_TIMEOUT);
}

/// A body stream that never yields.
fn futures_pending()
-> impl tokio_stream::Stream<Item = Result<axum::body::Bytes, std::io::Error>> + Send + 'static {
    tokio_stream::pending()
}

/// A server on a free loopback port within `limits`; its address and a handle that stops it.
async fn serve(limits: Limits) -> (SocketAddr, tokio::sync::oneshot::Sender<()>, TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let state = nefer_server::open_with(dir.path(), limits.clone()).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        nefer_server::net::serve(listener, nefer_server::router(state), &limits, async {
            let _ = stopped.await;
        })
        .await
    });
    (addr, stop, dir)
}

/// Reads from `s` until it closes (`Ok` with what came) or `wait` passes (`Err`).
async fn read_to_close(
    s: &mut tokio::net::TcpStream,
    wait: Duration,
) -> Result<String, tokio::time::error::Elapsed> {
    use tokio::io::AsyncReadExt as _;
    let mut got = Vec::new();
    tokio::time::timeout(wait, async {
        let mut buf = [0u8; 4096];
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await?;
    Ok(String::from_utf8_lossy(&got).into_owned())
}

#[tokio::test]
async fn half_a_head_or_an_idle_connection_is_closed_after_the_header_timeout() {
    use tokio::io::AsyncWriteExt as _;
    let (addr, _stop, _dir) = serve(Limits {
        header_timeout: Duration::from_millis(300),
        ..Limits::default()
    })
    .await;
    // Half a request head, and nothing more.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /api/rules HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    read_to_close(&mut s, Duration::from_secs(5))
        .await
        .expect("closed after the header timeout");
    // Nothing at all.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    read_to_close(&mut s, Duration::from_secs(5))
        .await
        .expect("an idle connection is closed");
    // A whole request is answered, and the kept-alive connection closed when it idles.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /api/levels HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let answer = read_to_close(&mut s, Duration::from_secs(5))
        .await
        .expect("closed once idle");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("x-frame-options: DENY"), "{answer}");
}

#[tokio::test]
async fn connections_beyond_a_clients_share_are_closed_at_once() {
    use tokio::io::AsyncWriteExt as _;
    let (addr, _stop, _dir) = serve(Limits {
        max_connections_per_client: 2,
        ..Limits::default()
    })
    .await;
    let _a = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _b = tokio::net::TcpStream::connect(addr).await.unwrap();
    // Let the server count the two.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut c = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _ = c
        .write_all(b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let answer = read_to_close(&mut c, Duration::from_secs(2))
        .await
        .expect("the third is closed at once");
    assert_eq!(answer, "", "nothing is answered on it");
    drop((_a, _b));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut d = tokio::net::TcpStream::connect(addr).await.unwrap();
    d.write_all(b"GET /api/rules HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_to_close(&mut d, Duration::from_secs(5)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // A malformed request line is hyper's to answer: a 400, with no body of ours.
    let mut e = tokio::net::TcpStream::connect(addr).await.unwrap();
    e.write_all(b"NOT A REQUEST\r\n\r\n").await.unwrap();
    let answer = read_to_close(&mut e, Duration::from_secs(5)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
}

#[tokio::test]
async fn an_abandoned_review_stream_stops_and_frees_its_search_thread() {
    // One search thread, a short wait for it, and a review paced to take seconds (683
    // actions at 20 ms): the thread comes free again only if the review stops when its
    // reader goes away.
    let app = app_with(Limits {
        search_threads: 1,
        search_wait: Duration::from_secs(2),
        review_pace: Duration::from_millis(20),
        ..Limits::default()
    });
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../nefer-core/tests/conformance/senet.kendall"
    );
    let text = std::fs::read_to_string(format!("{dir}/senet.kendall-0001-018.ngr")).unwrap();
    let stream = |text: &str| {
        Request::builder()
            .method("POST")
            .uri("/api/review/stream?depth=1")
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from(text.to_owned()))
            .unwrap()
    };
    let resp = app.answer(stream(&text)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let mut body = resp.into_body();
    let first = tokio::time::timeout(Duration::from_secs(5), body.frame())
        .await
        .expect("a line in time")
        .unwrap()
        .unwrap();
    let first = String::from_utf8(first.into_data().unwrap().to_vec()).unwrap();
    assert!(first.starts_with(r#"{"kind":"progress""#), "{first}");
    // While it runs, the only thread is taken: another review waits, then gets a 503.
    let (s, h, _) = app
        .send(req("POST", "/api/review?depth=1").body(&text, Some("text/plain")))
        .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert!(h.contains_key(header::RETRY_AFTER));
    // The page goes away: the review stops at its next position, and the thread is free long
    // before the 14 s the whole review would take.
    drop(body);
    let short = "rules: senet.kendall\nactions: 2 14-16 3\n";
    let (s, _, v) = app
        .send(req("POST", "/api/review?depth=1").body(short, Some("text/plain")))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn a_streamed_review_past_its_deadline_ends_with_an_error_line() {
    // 683 actions at 100 ms each would take over a minute: the review stops at its deadline
    // (2 s here, 20 s by default), as the plain one does, and the stream says so in its last
    // line.
    let app = app_with(Limits {
        review_pace: Duration::from_millis(100),
        review_timeout: Duration::from_secs(2),
        ..Limits::default()
    });
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../nefer-core/tests/conformance/senet.kendall"
    );
    let text = std::fs::read_to_string(format!("{dir}/senet.kendall-0001-018.ngr")).unwrap();
    let t0 = std::time::Instant::now();
    let resp = app
        .answer(
            Request::builder()
                .method("POST")
                .uri("/api/review/stream?depth=1")
                .header(header::CONTENT_TYPE, "text/plain")
                .body(Body::from(text))
                .unwrap(),
        )
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let took = t0.elapsed();
    assert!(
        took < Duration::from_secs(7),
        "stopped at the deadline: {took:?}"
    );
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "error", "{last}");
    assert_eq!(last["status"], 503);
    assert!(last["error"].as_str().unwrap().contains("review"), "{last}");
    let lines = text.lines().count();
    assert!(lines > 2, "progress came before: {lines} lines");
}
