//! The JSON API of docs/dev/api.md. Handlers parse and check the request, lock the game, call
//! the session and answer with the view; they know the rules only through `nefer-core`.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use nefer_core::record::{legal_strings, play_token};
use nefer_core::{Action, Chance, Family};
use nefer_core::{Game, Move, Options, Record, ReplayError, RuleSetId, Seat, Status, Sticks};
use nefer_players::LEVELS;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::{BroadcastStream, WatchStream};

use crate::error::{ApiError, ApiResult};
use crate::session::{Mode, NewGame, SeatInfo, Session, hash_token, new_id, new_token};
use crate::store::Store;
use crate::view::{layouts_json, status_json, view, view_for};

/// Largest request body accepted (docs/dev/api.md: 64 KiB, `413` beyond).
pub const BODY_LIMIT: usize = 64 * 1024;

/// The longest seat name kept.
const NAME_MAX: usize = 40;

/// Longest a hint may think before the answer goes without it.
const HINT_TIMEOUT: Duration = Duration::from_secs(4);

/// What every handler shares: the database and the games in play.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: std::sync::Mutex<HashMap<String, Arc<Mutex<Session>>>>,
    solve_tables: std::sync::atomic::AtomicBool,
    /// Turns true when the server stops: event streams end, so that shutdown need not wait
    /// for pages that would listen forever.
    stopping: tokio::sync::watch::Sender<bool>,
}

impl AppState {
    /// The state over an open store.
    pub fn new(store: Store) -> AppState {
        AppState {
            inner: Arc::new(Inner {
                store,
                games: Default::default(),
                solve_tables: false.into(),
                stopping: tokio::sync::watch::channel(false).0,
            }),
        }
    }

    /// Ends every event stream (and refuses new ones): called when the server shuts down.
    pub fn stop_events(&self) {
        self.inner.stopping.send_replace(true);
    }

    /// Whether a hint in a pure race starts solving its exact table in the background (a
    /// minute or two of one core, once per process), so that later hints can give the move of
    /// `perfect` and a win chance. Off by default (tests); `serve` turns it on.
    pub fn with_table_solving(self, on: bool) -> AppState {
        self.inner
            .solve_tables
            .store(on, std::sync::atomic::Ordering::Relaxed);
        self
    }

    fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The game `id`, from memory or rebuilt from the database.
    fn game(&self, id: &str) -> ApiResult<Arc<Mutex<Session>>> {
        let unknown = || ApiError::not_found(format!("no game `{id}`"));
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(unknown());
        }
        let mut games = self
            .inner
            .games
            .lock()
            .map_err(|_| ApiError::internal("the game table lock is poisoned"))?;
        if let Some(g) = games.get(id) {
            return Ok(g.clone());
        }
        let (row, actions) = self.store().load(id)?.ok_or_else(unknown)?;
        let s = Arc::new(Mutex::new(Session::from_row(row, actions)?));
        games.insert(id.to_owned(), s.clone());
        Ok(s)
    }

    /// Locks game `id` and lets the computer finish a turn a crash interrupted.
    async fn lock(&self, id: &str) -> ApiResult<tokio::sync::OwnedMutexGuard<Session>> {
        let g = self.game(id)?;
        let mut s = g.lock_owned().await;
        s.run_computer(self.store()).await?;
        Ok(s)
    }
}

/// A path parameter; one that cannot be read (bad percent-encoding) is a JSON `404`, like any
/// other path that names nothing.
pub struct PathParam(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PathParam {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(p)| PathParam(p))
            .map_err(|e| ApiError::not_found(format!("no such path: {}", e.body_text())))
    }
}

/// A JSON body, read within [`BODY_LIMIT`]; an empty body reads as `{}`. Every failure is an
/// [`ApiError`] (never axum's plain-text rejection).
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = read_body(req, state).await?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(JsonBody)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
    }
}

async fn read_body<S: Send + Sync>(req: Request, state: &S) -> ApiResult<Bytes> {
    Bytes::from_request(req, state).await.map_err(|e| {
        let status = e.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                status,
                format!("the request body is larger than {BODY_LIMIT} bytes"),
            )
        } else {
            ApiError::new(
                status,
                format!("cannot read the request body: {}", e.body_text()),
            )
        }
    })
}

/// The token of a request: `authorization: Bearer T` or the query `token=T`.
fn token_of(headers: &HeaderMap, query: Option<&str>) -> ApiResult<Option<String>> {
    if let Some(h) = headers.get(header::AUTHORIZATION) {
        let h = h
            .to_str()
            .map_err(|_| ApiError::bad_request("the authorization header is not text"))?;
        let t = h.strip_prefix("Bearer ").ok_or_else(|| {
            ApiError::bad_request("the authorization header must be `Bearer TOKEN`")
        })?;
        return Ok(Some(t.trim().to_owned()));
    }
    Ok(query.and_then(|q| {
        q.split('&')
            .find_map(|kv| kv.strip_prefix("token="))
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    }))
}

/// Checks that `token` holds the seat to act; returns that seat.
fn authorize(s: &Session, token: Option<&str>) -> ApiResult<Seat> {
    let token = token.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "this needs a seat's token: send `authorization: Bearer TOKEN` or `?token=TOKEN`",
        )
    })?;
    let held = s.holds(Some(token));
    if held.is_empty() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("this token holds no seat of game {}", s.id),
        ));
    }
    let seat = s
        .to_act()
        .ok_or_else(|| ApiError::conflict("the game is over"))?;
    if !held.contains(&seat) {
        let mine: Vec<String> = held.iter().map(ToString::to_string).collect();
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "it is seat {seat}'s turn; this token holds seat {}",
                mine.join(" and ")
            ),
        ));
    }
    Ok(seat)
}

fn check_version(s: &Session, version: Option<u64>) -> ApiResult<()> {
    match version {
        Some(v) if v != s.entries.len() as u64 => Err(ApiError::conflict(format!(
            "stale version {v}: the game is at version {}; reload it",
            s.entries.len()
        ))
        .with("version", s.entries.len())),
        _ => Ok(()),
    }
}

fn answer(s: &Session, token: Option<&str>) -> Json<Value> {
    Json(view_for(&view(s), &s.holds(token)))
}

/// The router of the whole server: the API, the pages and the assets.
pub fn router(state: AppState) -> Router {
    use routing::{get, post};
    Router::new()
        .route("/api/rules", get(rules))
        .route("/api/levels", get(levels))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/throw", post(throw))
        .route("/api/games/{id}/move", post(play_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/events", get(events))
        .route("/api/replay", post(replay))
        .route("/api/openapi.json", get(openapi))
        .merge(crate::assets::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // The limit also holds for bodies without a length (chunked): the readers stop there.
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

async fn not_found(req: Request) -> Response {
    let path = req.uri().path();
    if req.method() == axum::http::Method::GET && !path.starts_with("/api/") {
        if let Some(file) = crate::assets::embedded(path) {
            return file;
        }
    }
    ApiError::not_found(format!("no resource at {} {}", req.method(), path)).into_response()
}

async fn method_not_allowed(req: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} is not allowed on {}", req.method(), req.uri().path()),
    )
}

async fn openapi() -> Json<Value> {
    Json(crate::openapi::document())
}

async fn rules() -> Json<Value> {
    Json(Value::Array(
        RuleSetId::ALL
            .iter()
            .map(|&id| {
                let info = id.info();
                let options: Vec<Value> = id
                    .option_specs()
                    .iter()
                    .map(|o| {
                        let not_implemented: Vec<&str> =
                            o.values.iter().filter(|v| !o.implements(v)).copied().collect();
                        json!({"name": o.name, "values": o.values, "default": o.default_value(),
                               "implemented": o.implemented, "not_implemented": not_implemented,
                               "clause": o.clause, "help": o.help})
                    })
                    .collect();
                json!({
                    "key": info.key, "title": info.title,
                    "family": match id.family() { Family::Senet => "senet", Family::HoundsAndJackals => "hj" },
                    "source": info.source, "rules": info.rules, "options": options,
                })
            })
            .collect(),
    ))
}

async fn levels() -> Json<Value> {
    let mut v: Vec<Value> = LEVELS
        .iter()
        .map(|(name, player)| json!({"name": name, "player": player}))
        .collect();
    v.push(json!({"name": "perfect", "player": "perfect", "rules": ["hj.french", "hj.walker"]}));
    Json(Value::Array(v))
}

/// `POST /api/games`.
#[derive(Deserialize)]
struct CreateReq {
    rules: String,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    names: Option<HashMap<String, String>>,
}

fn parse_options(v: &Value) -> ApiResult<Options> {
    match v {
        Value::Null => Ok(Options::new()),
        Value::String(s) => Options::parse(s).map_err(|e| ApiError::bad_request(e.to_string())),
        Value::Object(m) => {
            let mut o = Options::new();
            for (k, v) in m {
                let v = match v {
                    Value::String(s) => s.clone(),
                    Value::Number(n) => n.to_string(),
                    Value::Bool(b) => b.to_string(),
                    _ => {
                        return Err(ApiError::bad_request(format!(
                            "option {k} must be a string, number or boolean"
                        )));
                    }
                };
                o.set(k, &v)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?;
            }
            Ok(o)
        }
        _ => Err(ApiError::bad_request(
            "options must be an object {name: value} or a string `name=value, …`",
        )),
    }
}

fn parse_seat(s: Option<&str>) -> ApiResult<Option<Seat>> {
    match s {
        None | Some("") => Ok(None),
        Some("A") => Ok(Some(Seat::A)),
        Some("B") => Ok(Some(Seat::B)),
        Some(x) => Err(ApiError::bad_request(format!(
            "seat must be \"A\", \"B\" or null, not {x:?}"
        ))),
    }
}

fn clean_name(n: &str) -> ApiResult<String> {
    let n = n.trim();
    if n.chars().count() > NAME_MAX || n.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!(
            "a name is at most {NAME_MAX} characters, without control characters"
        )));
    }
    Ok(n.to_owned())
}

async fn create(
    State(st): State<AppState>,
    JsonBody(req): JsonBody<CreateReq>,
) -> ApiResult<Response> {
    let rules: RuleSetId = req
        .rules
        .parse()
        .map_err(|e: nefer_core::rules::UnknownRuleSet| ApiError::bad_request(e.to_string()))?;
    let options = parse_options(&req.options)?;
    let start = rules
        .new_game(&options)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let mode_name = req.mode.as_deref().unwrap_or("computer");
    let mode = Mode::parse(mode_name).ok_or_else(|| {
        ApiError::bad_request(format!(
            "mode must be computer, local or online, not {mode_name:?}"
        ))
    })?;
    if mode != Mode::Computer && req.level.is_some() {
        return Err(ApiError::bad_request("level is only for mode computer"));
    }
    let mut names = [String::new(), String::new()];
    for (k, v) in req.names.iter().flatten() {
        let seat = parse_seat(Some(k))?
            .ok_or_else(|| ApiError::bad_request("names are keyed by seat, A or B"))?;
        names[seat.index()] = clean_name(v)?;
    }
    let seat = match parse_seat(req.seat.as_deref())? {
        Some(s) => s,
        None => {
            let mut rng = crate::session::os_seeded()?;
            nefer_core::game::draw_seat(&mut rng)
        }
    };
    let level =
        (mode == Mode::Computer).then(|| req.level.clone().unwrap_or_else(|| "medium".into()));
    let token = new_token()?;
    let mut tokens = serde_json::Map::new();
    let mut links = serde_json::Map::new();
    let id = new_id()?;
    let mut hashes = [None, None];
    let mut computer = [false, false];
    let mut invite = None;
    match mode {
        Mode::Computer => {
            hashes[seat.index()] = Some(hash_token(&token));
            computer[seat.other().index()] = true;
            tokens.insert(seat.to_string(), json!(token));
        }
        Mode::Local => {
            hashes = [Some(hash_token(&token)), Some(hash_token(&token))];
            tokens.insert("A".into(), json!(token));
            tokens.insert("B".into(), json!(token));
        }
        Mode::Online => {
            let other = new_token()?;
            hashes[seat.index()] = Some(hash_token(&token));
            hashes[seat.other().index()] = Some(hash_token(&other));
            tokens.insert(seat.to_string(), json!(token));
            invite = Some(other);
        }
    }
    for s in Seat::BOTH {
        if names[s.index()].is_empty() {
            names[s.index()] = match (mode, computer[s.index()]) {
                (Mode::Computer, true) => level.clone().unwrap_or_default(),
                (Mode::Computer, false) => "You".into(),
                _ => format!("Player {s}"),
            };
        }
    }
    let [na, nb] = names;
    let mut s = Session::new(
        id.clone(),
        NewGame {
            rules,
            options,
            start,
            mode,
            seats: [
                SeatInfo {
                    name: na,
                    computer: computer[0],
                },
                SeatInfo {
                    name: nb,
                    computer: computer[1],
                },
            ],
            token_hashes: hashes,
            level,
        },
    )?;
    let rows = s.settle();
    st.store().insert_game(&s.row(), &rows)?;
    // `perfect` needs its table: start solving now, while the person throws, rather than on
    // the computer's first move.
    if st
        .inner
        .solve_tables
        .load(std::sync::atomic::Ordering::Relaxed)
        && s.level.as_deref() == Some("perfect")
    {
        crate::hint::solve_in_background(&s.start);
    }
    s.run_computer(st.store()).await?;
    links.insert("self".into(), json!(format!("/game/{id}?token={token}")));
    links.insert("watch".into(), json!(format!("/game/{id}")));
    if let Some(other) = invite {
        links.insert("invite".into(), json!(format!("/game/{id}?token={other}")));
    }
    let mut v = view_for(&view(&s), &s.holds(Some(&token)));
    v["tokens"] = Value::Object(tokens);
    v["links"] = Value::Object(links);
    let cell = Arc::new(Mutex::new(s));
    st.inner
        .games
        .lock()
        .map_err(|_| ApiError::internal("the game table lock is poisoned"))?
        .insert(id.clone(), cell);
    let mut resp = (StatusCode::CREATED, Json(v)).into_response();
    if let Ok(loc) = HeaderValue::from_str(&format!("/api/games/{id}")) {
        resp.headers_mut().insert(header::LOCATION, loc);
    }
    Ok(resp)
}

async fn get_game(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<Value>> {
    let token = token_of(&headers, q.as_deref())?;
    let s = st.lock(&id).await?;
    Ok(answer(&s, token.as_deref()))
}

#[derive(Deserialize)]
struct VersionReq {
    #[serde(default)]
    version: Option<u64>,
}

async fn throw(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<VersionReq>,
) -> ApiResult<Json<Value>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    authorize(&s, token.as_deref())?;
    check_version(&s, req.version)?;
    s.throw(st.store())?;
    s.run_computer(st.store()).await?;
    Ok(answer(&s, token.as_deref()))
}

#[derive(Deserialize)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    version: Option<u64>,
}

async fn play_move(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<MoveReq>,
) -> ApiResult<Json<Value>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    let seat = authorize(&s, token.as_deref())?;
    check_version(&s, req.version)?;
    if let Status::Chance { .. } = s.game.status() {
        return Err(ApiError::conflict(format!(
            "seat {seat} must throw first: no move is due"
        )));
    }
    let legal = legal_strings(&s.game);
    let m: Move = req.mv.trim().parse().map_err(|e| {
        ApiError::bad_request(format!("`{}` is not a move: {e}", req.mv))
            .with("legal", legal.clone())
    })?;
    s.act(st.store(), Action::Move(m), None).map_err(|e| {
        if e.status == StatusCode::UNPROCESSABLE_ENTITY {
            ApiError::unprocessable(format!("{m} is not legal here")).with("legal", legal.clone())
        } else {
            e
        }
    })?;
    s.run_computer(st.store()).await?;
    Ok(answer(&s, token.as_deref()))
}

async fn undo(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<VersionReq>,
) -> ApiResult<Json<Value>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    let Some(token) = token else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "undo needs your seat's token: send `authorization: Bearer TOKEN` or `?token=TOKEN`",
        ));
    };
    if s.holds(Some(&token)).is_empty() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("this token holds no seat of game {}", s.id),
        ));
    }
    check_version(&s, req.version)?;
    s.undo(st.store())?;
    Ok(answer(&s, Some(&token)))
}

async fn hint(State(st): State<AppState>, PathParam(id): PathParam) -> ApiResult<Json<Value>> {
    let game = {
        let s = st.lock(&id).await?;
        if !matches!(s.game.status(), Status::Decide { .. }) {
            return Err(ApiError::conflict("no decision is due: nothing to hint"));
        }
        s.game.clone()
    };
    if st
        .inner
        .solve_tables
        .load(std::sync::atomic::Ordering::Relaxed)
    {
        crate::hint::solve_in_background(&game);
    }
    let task = tokio::task::spawn_blocking(move || crate::hint::hint(&game));
    let h = tokio::time::timeout(HINT_TIMEOUT, task)
        .await
        .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the hint took too long"))?
        .map_err(|e| ApiError::internal(format!("the hint failed: {e}")))?;
    Ok(Json(h))
}

async fn record(State(st): State<AppState>, PathParam(id): PathParam) -> ApiResult<Response> {
    let s = st.lock(&id).await?;
    let mut r = Record::new(s.rules, s.options.clone());
    r.comments
        .push(format!("nefer serve game {} ({})", s.id, s.mode.as_str()));
    for seat in Seat::BOTH {
        r.set_header(&format!("player-{seat}"), &s.seats[seat.index()].name);
    }
    r.set_header("date", &crate::store::utc_date(s.created));
    if let Some(level) = &s.level {
        r.set_header("level", level);
    }
    if let Some(o) = s.game.outcome() {
        let res = o
            .winner()
            .map_or_else(|| "draw".to_owned(), |w| w.to_string());
        r.set_header("result", &res);
    }
    for e in &s.entries {
        r.push(e.action);
    }
    let disposition = format!("attachment; filename=\"nefer-{}.ngr\"", s.id);
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        r.to_text(),
    )
        .into_response())
}

async fn events(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
) -> ApiResult<Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>>> {
    let token = token_of(&headers, q.as_deref())?;
    let s = st.lock(&id).await?;
    let you = s.holds(token.as_deref());
    let rx = s.events.subscribe();
    let now = Arc::new(view(&s));
    drop(s);
    let event = move |v: Arc<Value>| -> Result<Event, Infallible> {
        Ok(Event::default()
            .event("state")
            .data(view_for(&v, &you).to_string()))
    };
    // The current view first, so that a page that (re)connects is up to date at once; a
    // receiver that lagged skips to the next view, which is complete in itself. `None` marks
    // the server's shutdown and ends the stream.
    let stop = WatchStream::new(st.inner.stopping.subscribe())
        .filter(|&stopping| stopping)
        .map(|_| None);
    let stream = tokio_stream::once(Some(now))
        .chain(BroadcastStream::new(rx).filter_map(Result::ok).map(Some))
        .merge(stop)
        .take_while(Option::is_some)
        .filter_map(|v| v)
        .map(event);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

async fn replay(State(_): State<AppState>, req: Request) -> ApiResult<Json<Value>> {
    let bytes = read_body(req, &()).await?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| ApiError::bad_request(format!("the record is not UTF-8 text: {e}")))?;
    let record = Record::parse(text).map_err(|e| {
        ApiError::unprocessable(format!("record line {}: {}", e.line, e.message))
            .with("line", e.line)
    })?;
    let rules: RuleSetId = record
        .rules
        .parse()
        .map_err(|e: nefer_core::rules::UnknownRuleSet| ApiError::unprocessable(e.to_string()))?;
    let mut game = rules
        .new_game(&record.options)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let names = [
        record.header("player-A").unwrap_or("A").to_owned(),
        record.header("player-B").unwrap_or("B").to_owned(),
    ];
    let frame = |i: usize, token: Option<&str>, g: &nefer_core::AnyGame, sticks: Option<Sticks>| {
        json!({"i": i, "token": token, "status": status_json(g, &names),
               "layout": layouts_json(g), "sticks": sticks.map(crate::view::sticks_json)})
    };
    let mut frames = vec![frame(0, None, &game, None)];
    for (i, tok) in record.actions.iter().enumerate() {
        let action = play_token(&mut game, i, tok).map_err(|e| match e {
            ReplayError::Illegal {
                index,
                token,
                reason,
                legal,
            } => ApiError::unprocessable(format!("action {index} `{token}`: {reason}"))
                .with("index", index)
                .with("token", token)
                .with("legal", legal),
            ReplayError::Setup(m) => ApiError::unprocessable(m),
        })?;
        let sticks = match action {
            Action::Chance(Chance::Throw(t)) => Some(Sticks::showing(t)),
            _ => None,
        };
        frames.push(frame(i + 1, Some(tok), &game, sticks));
    }
    let headers: serde_json::Map<String, Value> = record
        .headers
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    let result = game.outcome().map(|o| {
        o.winner()
            .map_or_else(|| "draw".to_owned(), |w| w.to_string())
    });
    Ok(Json(json!({
        "rules": record.rules, "options": record.options.to_string(), "headers": headers,
        "frames": frames, "result": result,
    })))
}
