//! What two people playing need besides the game (issue 16 item 9): names for both seats,
//! presence that only a seat's token can mark, and a rematch that swaps the seats and carries
//! the tokens over — in every mode, with clear refusals.

mod common;

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt as _;
use nefer_server::Limits;
use serde_json::{Value, json};
use tempfile::TempDir;
use tower::ServiceExt as _;

struct App {
    router: Router,
    dir: TempDir,
}

impl App {
    fn new(limits: Limits) -> App {
        let dir = tempfile::tempdir().expect("a temporary directory");
        App::on(dir, limits)
    }

    fn on(dir: TempDir, limits: Limits) -> App {
        let state = nefer_server::open_with(dir.path(), limits).expect("the store opens");
        App {
            router: nefer_server::router(state),
            dir,
        }
    }

    /// The server stopped and a new one started on its data directory.
    fn restart(self) -> App {
        let App { router, dir } = self;
        drop(router);
        App::on(dir, Limits::default().without_rate_limits())
    }

    async fn call(
        &self,
        method: &str,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let req = common::request(
            method,
            uri,
            token,
            body.map(|b| b.to_string()),
            "text/plain",
        );
        let (status, _, bytes) = common::answer(&self.router, req).await;
        let v: Value = serde_json::from_slice(&bytes).expect("a JSON answer");
        if !status.is_success() {
            assert!(
                v["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{uri}: {v}"
            );
        }
        (status, v)
    }

    async fn ok(&self, method: &str, uri: &str, token: Option<&str>, body: Option<Value>) -> Value {
        let (status, v) = self.call(method, uri, token, body).await;
        assert!(status.is_success(), "{method} {uri}: {status} {v}");
        v
    }

    /// `POST uri` of `body`, which must be refused with `status`; the reason.
    async fn refused(
        &self,
        uri: &str,
        token: Option<&str>,
        body: Value,
        status: StatusCode,
    ) -> String {
        let (s, v) = self.call("POST", uri, token, Some(body)).await;
        assert_eq!(s, status, "{uri}: {v}");
        v["error"].as_str().unwrap().to_owned()
    }

    async fn create(&self, body: Value) -> Value {
        let (s, v) = self.call("POST", "/api/games", None, Some(body)).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v
    }

    /// Plays game `id` to its end with the first legal move each time, each seat with the
    /// token of `tokens` that holds it; the last view.
    async fn play_out(&self, id: &str, tokens: [&str; 2]) -> Value {
        let mut v = self
            .ok("GET", &format!("/api/games/{id}"), None, None)
            .await;
        for _ in 0..2000 {
            let token = if v["status"]["seat"] == "B" {
                tokens[1]
            } else {
                tokens[0]
            };
            v = match v["status"]["kind"].as_str().unwrap() {
                "over" => return v,
                "throw" => {
                    self.ok(
                        "POST",
                        &format!("/api/games/{id}/throw"),
                        Some(token),
                        Some(json!({})),
                    )
                    .await
                }
                _ => {
                    let mv = v["legal"][0]["move"].clone();
                    self.ok(
                        "POST",
                        &format!("/api/games/{id}/move"),
                        Some(token),
                        Some(json!({"move": mv})),
                    )
                    .await
                }
            };
        }
        panic!("game {id} did not end: {}", v["status"]);
    }
}

fn quick() -> Limits {
    Limits::default().without_rate_limits()
}

/// An online game of `rules` ending after four turns (C-7's cap), the creator in seat A: its
/// id, A's token and B's (from the invite link).
async fn online_game(app: &App, rules: &str) -> (String, String, String) {
    let v = app
        .create(json!({"rules": rules, "mode": "online", "seat": "A",
                       "options": {format!("{rules}.max_turns"): 4}}))
        .await;
    let invite = v["links"]["invite"].as_str().unwrap();
    let b = invite.split("#token=").nth(1).unwrap().to_owned();
    (
        v["id"].as_str().unwrap().to_owned(),
        v["tokens"]["A"].as_str().unwrap().to_owned(),
        b,
    )
}

#[tokio::test]
async fn a_player_names_their_own_seat_and_the_name_is_kept() {
    let app = App::new(quick());
    let (id, a, b) = online_game(&app, "hj.walker").await;
    let uri = format!("/api/games/{id}/name");
    let v = app
        .ok(
            "POST",
            &uri,
            Some(&b),
            Some(json!({"name": "  Nefertari "})),
        )
        .await;
    assert_eq!(v["seats"]["B"]["name"], "Nefertari");
    assert_eq!(v["seats"]["A"]["name"], "Player A");
    assert_eq!(v["you"], json!(["B"]));
    // Refusals, each saying why.
    let why = app
        .refused(&uri, None, json!({"name": "X"}), StatusCode::UNAUTHORIZED)
        .await;
    assert!(why.contains("token"), "{why}");
    app.refused(
        &uri,
        Some("0123"),
        json!({"name": "X"}),
        StatusCode::FORBIDDEN,
    )
    .await;
    // A's token naming seats and names it may not, each refusal with its reason.
    let cases = [
        (
            json!({"name": "X", "seat": "B"}),
            StatusCode::FORBIDDEN,
            "holds seat A, not seat B",
        ),
        (
            json!({"name": " "}),
            StatusCode::BAD_REQUEST,
            "cannot be empty",
        ),
        (
            json!({"name": "x".repeat(41)}),
            StatusCode::BAD_REQUEST,
            "at most 40 characters; this one has 41",
        ),
        (
            json!({"name": "Ah\u{1b}[31m"}),
            StatusCode::BAD_REQUEST,
            "control or direction-changing characters: U+001B at character 3",
        ),
        (
            json!({"name": "a\u{202e}b"}),
            StatusCode::BAD_REQUEST,
            "U+202E",
        ),
        (json!({"nom": "X"}), StatusCode::BAD_REQUEST, "nom"),
    ];
    for (body, status, reason) in cases {
        let why = app.refused(&uri, Some(&a), body, status).await;
        assert!(why.contains(reason), "{why}");
    }
    app.refused(
        "/api/games/nosuch/name",
        Some(&a),
        json!({"name": "X"}),
        StatusCode::NOT_FOUND,
    )
    .await;
    // The history's words and the record name the seat.
    app.ok(
        "POST",
        &uri,
        Some(&a),
        Some(json!({"name": "Ahmose", "seat": "A"})),
    )
    .await;
    let v = app.play_out(&id, [&a, &b]).await;
    assert!(
        v["history"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["text"].as_str().unwrap().contains("Nefertari"))
    );
    let req = Request::builder()
        .uri(format!("/api/games/{id}/record"))
        .body(Body::empty())
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let record = String::from_utf8(
        resp.into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    )
    .unwrap();
    assert!(
        record.contains("player-A: Ahmose") && record.contains("player-B: Nefertari"),
        "{record}"
    );
    // Stored with the game.
    let app = app.restart();
    let v = app.ok("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(
        (
            v["seats"]["A"]["name"].as_str(),
            v["seats"]["B"]["name"].as_str()
        ),
        (Some("Ahmose"), Some("Nefertari"))
    );
}

#[tokio::test]
async fn one_screen_names_either_seat_and_the_computer_keeps_its_level() {
    let app = App::new(quick());
    let v = app
        .create(json!({"rules": "senet.kendall", "mode": "local"}))
        .await;
    let (id, t) = (
        v["id"].as_str().unwrap(),
        v["tokens"]["A"].as_str().unwrap(),
    );
    let uri = format!("/api/games/{id}/name");
    let why = app
        .refused(
            &uri,
            Some(t),
            json!({"name": "Ahmose"}),
            StatusCode::BAD_REQUEST,
        )
        .await;
    assert!(why.contains("holds both seats"), "{why}");
    let v = app
        .ok(
            "POST",
            &uri,
            Some(t),
            Some(json!({"name": "Tiye", "seat": "B"})),
        )
        .await;
    assert_eq!(v["seats"]["B"]["name"], "Tiye");

    let v = app
        .create(json!({"rules": "senet.kendall", "mode": "computer", "level": "easy", "seat": "A"}))
        .await;
    let (id, t) = (
        v["id"].as_str().unwrap(),
        v["tokens"]["A"].as_str().unwrap(),
    );
    assert_eq!(v["seats"]["B"]["name"], "Easy");
    let uri = format!("/api/games/{id}/name");
    let why = app
        .refused(
            &uri,
            Some(t),
            json!({"name": "HAL", "seat": "B"}),
            StatusCode::FORBIDDEN,
        )
        .await;
    assert!(
        why.contains("the computer's seat, named by its level"),
        "{why}"
    );
    let v = app
        .ok("POST", &uri, Some(t), Some(json!({"name": "Ahmose"})))
        .await;
    assert_eq!(
        (
            v["seats"]["A"]["name"].as_str(),
            v["seats"]["B"]["name"].as_str()
        ),
        (Some("Ahmose"), Some("Easy"))
    );
    // A new game's names are checked alike.
    let (s, e) = app
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"rules": "senet.kendall", "names": {"A": "a\u{7}"}})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("U+0007"), "{e}");
}

#[tokio::test]
async fn presence_is_marked_only_by_the_seats_token_and_runs_out() {
    let limits = Limits {
        presence_timeout: Duration::from_millis(600),
        ..quick()
    };
    let app = App::new(limits);
    let (id, a, b) = online_game(&app, "senet.kendall").await;
    let uri = format!("/api/games/{id}/presence");
    let v = app.ok("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(
        (
            v["seats"]["A"]["presence"].as_str(),
            v["seats"]["B"]["presence"].as_str()
        ),
        (Some("away"), Some("away"))
    );
    let req = Request::builder()
        .uri(format!("/api/games/{id}/events"))
        .body(Body::empty())
        .unwrap();
    let mut events = app.router.clone().oneshot(req).await.unwrap().into_body();
    assert_eq!(
        common::next_state(&mut events).await["seats"]["B"]["presence"],
        "away"
    );

    // Nobody but B's token makes B connected.
    app.refused(&uri, None, json!({}), StatusCode::UNAUTHORIZED)
        .await;
    app.refused(&uri, Some("0123"), json!({}), StatusCode::FORBIDDEN)
        .await;
    app.refused(
        &uri,
        Some(&b),
        json!({"seat": "A"}),
        StatusCode::BAD_REQUEST,
    )
    .await;
    let p = app.ok("POST", &uri, Some(&b), None).await;
    assert_eq!(p, json!({"A": "away", "B": "connected"}));
    let pushed = common::next_state(&mut events).await;
    assert_eq!(pushed["seats"]["B"]["presence"], "connected");
    assert_eq!(pushed["seats"]["A"]["presence"], "away");
    // Saying so again and again changes nothing and announces nothing; the time runs on.
    for _ in 0..20 {
        app.ok("POST", &uri, Some(&b), Some(json!({"present": true})))
            .await;
    }
    // Not heard from: away once the timeout has run out, announced without any request.
    let t = std::time::Instant::now();
    let pushed = common::next_state(&mut events).await;
    assert_eq!(pushed["seats"]["B"]["presence"], "away");
    assert!(
        t.elapsed() >= Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
    let v = app.ok("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["seats"]["B"]["presence"], "away");
    // A page that closes says so: away at once.
    app.ok("POST", &uri, Some(&a), None).await;
    assert_eq!(
        common::next_state(&mut events).await["seats"]["A"]["presence"],
        "connected"
    );
    let p = app
        .ok("POST", &uri, Some(&a), Some(json!({"present": false})))
        .await;
    assert_eq!(p["A"], "away");
    assert_eq!(
        common::next_state(&mut events).await["seats"]["A"]["presence"],
        "away"
    );
    app.refused(
        "/api/games/nosuch/presence",
        Some(&a),
        json!({}),
        StatusCode::NOT_FOUND,
    )
    .await;

    // The computer's seat is always there; its player's token marks the person's.
    let v = app
        .create(json!({"rules": "senet.kendall", "mode": "computer", "level": "easy", "seat": "B"}))
        .await;
    assert_eq!(v["seats"]["A"]["presence"], "connected");
    assert_eq!(v["seats"]["B"]["presence"], "away");
    let t = v["tokens"]["B"].as_str().unwrap();
    let p = app
        .ok(
            "POST",
            &format!("/api/games/{}/presence", v["id"].as_str().unwrap()),
            Some(t),
            None,
        )
        .await;
    assert_eq!(p, json!({"A": "connected", "B": "connected"}));
}

#[tokio::test]
async fn an_online_rematch_is_offered_accepted_and_swaps_the_seats_and_tokens() {
    let app = App::new(quick());
    let (id, a, b) = online_game(&app, "hj.walker").await;
    app.ok(
        "POST",
        &format!("/api/games/{id}/name"),
        Some(&a),
        Some(json!({"name": "Ahmose"})),
    )
    .await;
    let uri = format!("/api/games/{id}/rematch");
    let why = app
        .refused(&uri, Some(&a), json!({}), StatusCode::CONFLICT)
        .await;
    assert!(why.contains("not over"), "{why}");
    let before = app.play_out(&id, [&a, &b]).await;
    assert_eq!(before["rematch"], json!({"offered_by": null, "game": null}));
    app.refused(&uri, None, json!({}), StatusCode::UNAUTHORIZED)
        .await;
    app.refused(&uri, Some("0123"), json!({}), StatusCode::FORBIDDEN)
        .await;
    app.refused(
        &uri,
        Some(&a),
        json!({"swap": false}),
        StatusCode::BAD_REQUEST,
    )
    .await;
    // A offers; asking again changes nothing; B accepts.
    let v = app.ok("POST", &uri, Some(&a), None).await;
    assert_eq!(v["rematch"], json!({"offered_by": "A", "game": null}));
    let v = app.ok("POST", &uri, Some(&a), Some(json!({}))).await;
    assert_eq!(v["rematch"], json!({"offered_by": "A", "game": null}));
    let v = app.ok("POST", &uri, Some(&b), None).await;
    assert_eq!(v["rematch"]["offered_by"], Value::Null);
    let new = v["rematch"]["game"]
        .as_str()
        .expect("the rematch")
        .to_owned();
    assert_ne!(new, id);
    // Both ask again: the same rematch.
    let again = app.ok("POST", &uri, Some(&a), None).await;
    assert_eq!(again["rematch"]["game"], new.as_str());
    // The same rules and options, the seats swapped, each token holding its player's new seat.
    let old = app.ok("GET", &format!("/api/games/{id}"), None, None).await;
    let n = app
        .ok("GET", &format!("/api/games/{new}"), Some(&a), None)
        .await;
    assert_eq!(
        (n["rules"].as_str(), n["options"].as_str()),
        (old["rules"].as_str(), old["options"].as_str())
    );
    assert_eq!(n["mode"], "online");
    assert_eq!(n["you"], json!(["B"]));
    assert_eq!(n["seats"]["B"]["name"], "Ahmose");
    assert_eq!(n["seats"]["A"]["name"], "Player B");
    assert_eq!(n["status"]["kind"], "throw");
    let nb = app
        .ok("GET", &format!("/api/games/{new}"), Some(&b), None)
        .await;
    assert_eq!(nb["you"], json!(["A"]));
    // The rematch can be played with the same tokens, and its own rematch swaps them back.
    app.play_out(&new, [&b, &a]).await;
    app.ok("POST", &format!("/api/games/{new}/rematch"), Some(&a), None)
        .await;
    let v = app
        .ok("POST", &format!("/api/games/{new}/rematch"), Some(&b), None)
        .await;
    let third = v["rematch"]["game"].as_str().unwrap().to_owned();
    assert_eq!(
        app.ok("GET", &format!("/api/games/{third}"), Some(&a), None)
            .await["you"],
        json!(["A"])
    );
    // Offers and rematches are stored.
    let (id2, a2, b2) = online_game(&app, "senet.kendall").await;
    app.play_out(&id2, [&a2, &b2]).await;
    app.ok(
        "POST",
        &format!("/api/games/{id2}/rematch"),
        Some(&b2),
        None,
    )
    .await;
    let app = app.restart();
    let v = app.ok("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["rematch"]["game"], new.as_str());
    let v = app
        .ok("GET", &format!("/api/games/{id2}"), None, None)
        .await;
    assert_eq!(v["rematch"], json!({"offered_by": "B", "game": null}));
    let v = app
        .ok(
            "POST",
            &format!("/api/games/{id2}/rematch"),
            Some(&a2),
            None,
        )
        .await;
    assert!(v["rematch"]["game"].is_string());
}

#[tokio::test]
async fn against_the_computer_and_on_one_screen_a_rematch_starts_at_once() {
    let app = App::new(quick());
    for rules in ["senet.kendall", "hj.french"] {
        let v = app
            .create(
                json!({"rules": rules, "mode": "computer", "level": "beginner", "seat": "A",
                           "options": {format!("{rules}.max_turns"): 4}}),
            )
            .await;
        let (id, t) = (
            v["id"].as_str().unwrap().to_owned(),
            v["tokens"]["A"].as_str().unwrap().to_owned(),
        );
        app.play_out(&id, [&t, &t]).await;
        let v = app
            .ok("POST", &format!("/api/games/{id}/rematch"), Some(&t), None)
            .await;
        let new = v["rematch"]["game"].as_str().expect("started at once");
        let n = app
            .ok("GET", &format!("/api/games/{new}"), Some(&t), None)
            .await;
        assert_eq!(n["you"], json!(["B"]), "{rules}");
        assert_eq!(
            (
                n["seats"]["A"]["kind"].as_str(),
                n["seats"]["A"]["name"].as_str()
            ),
            (Some("computer"), Some("Beginner"))
        );
        assert_eq!(n["seats"]["B"]["name"], "You");
        assert_eq!(n["options"], v["options"]);
        // The computer, now in seat A, has played until the person must act.
        assert_eq!(n["status"]["seat"], "B", "{rules}: {}", n["status"]);
    }
    let v = app
        .create(
            json!({"rules": "senet.kendall", "mode": "local", "names": {"A": "Tiye", "B": "Ay"},
                       "options": {"senet.kendall.max_turns": 1}}),
        )
        .await;
    let (id, t) = (
        v["id"].as_str().unwrap().to_owned(),
        v["tokens"]["A"].as_str().unwrap().to_owned(),
    );
    app.play_out(&id, [&t, &t]).await;
    let v = app
        .ok("POST", &format!("/api/games/{id}/rematch"), Some(&t), None)
        .await;
    let n = app
        .ok(
            "GET",
            &format!("/api/games/{}", v["rematch"]["game"].as_str().unwrap()),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(n["you"], json!(["A", "B"]));
    assert_eq!(
        (
            n["seats"]["A"]["name"].as_str(),
            n["seats"]["B"]["name"].as_str()
        ),
        (Some("Ay"), Some("Tiye"))
    );
}
