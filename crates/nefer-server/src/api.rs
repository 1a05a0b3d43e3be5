//! The JSON API of docs/dev/api.md. Handlers parse and check the request, lock the game, call
//! the session and answer with a typed view; they know the rules only through `nefer-core`.
//! Every route of the API is registered through [`api_routes`] with its `#[utoipa::path]`, so
//! the OpenAPI document ([`crate::openapi`]) has every route and the types of its answers.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use nefer_core::facts::{Chronicle, Names};
use nefer_core::record::{play_token, start_of};
use nefer_core::{AnyGame, Game, Options, Record, RuleSetId, Seat, Status};
use nefer_players::LEVELS;
use tokio::sync::Mutex;
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::{BroadcastStream, WatchStream};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::body::{
    CreateGame, CreatedGame, Level, Links, MoveBody, NAME_MAX, ReplayView, RuleSetInfo, Tokens,
    VersionBody,
};
use crate::error::{ApiError, ApiResult, ErrorBody, SessionError};
use crate::facts::BoardView;
use crate::hint::Hint;
use crate::session::{Mode, NewGame, SeatInfo, Session, hash_token, new_id, new_token};
use crate::store::Store;
use crate::view::{Frame, GameView, result_of, view};

/// Largest request body accepted (docs/dev/api.md: 64 KiB, `413` beyond).
pub const BODY_LIMIT: usize = 64 * 1024;

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
    fn game(&self, id: &str) -> Result<Arc<Mutex<Session>>, SessionError> {
        let unknown = || SessionError::UnknownGame(id.to_owned());
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(unknown());
        }
        let mut games = self
            .inner
            .games
            .lock()
            .map_err(|_| SessionError::Internal("the game table lock is poisoned".into()))?;
        if let Some(g) = games.get(id) {
            return Ok(g.clone());
        }
        let s = Arc::new(Mutex::new(Session::load(self.store(), id)?));
        games.insert(id.to_owned(), s.clone());
        Ok(s)
    }

    /// Locks game `id` and lets the computer finish a turn a crash interrupted.
    async fn lock(&self, id: &str) -> Result<tokio::sync::OwnedMutexGuard<Session>, SessionError> {
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
        serde_json::from_slice(text).map(JsonBody).map_err(|e| {
            let what = if e.is_data() {
                "bad request body"
            } else {
                "malformed JSON body"
            };
            ApiError::bad_request(format!("{what}: {e}"))
        })
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
fn authorize(s: &Session, token: Option<&str>) -> Result<Seat, SessionError> {
    let token = token.ok_or(SessionError::NoToken("this needs a seat's token"))?;
    let held = s.holds(Some(token));
    if held.is_empty() {
        return Err(SessionError::NotASeat { game: s.id.clone() });
    }
    let seat = s.to_act().ok_or(SessionError::GameOver)?;
    if !held.contains(&seat) {
        let mine: Vec<String> = held.iter().map(ToString::to_string).collect();
        return Err(SessionError::NotYourTurn {
            seat,
            held: mine.join(" and "),
        });
    }
    Ok(seat)
}

fn check_version(s: &Session, version: Option<u64>) -> Result<(), SessionError> {
    let now = s.version();
    match version {
        Some(sent) if sent != now => Err(SessionError::Stale { sent, now }),
        _ => Ok(()),
    }
}

fn answer(s: &Session, token: Option<&str>) -> Json<GameView> {
    Json(view(s).for_seats(&s.holds(token)))
}

/// The API's routes with their OpenAPI operations: a route is added here, with its
/// `#[utoipa::path]`, or not at all, so that the document lists every route.
pub fn api_routes() -> OpenApiRouter<AppState> {
    use utoipa::OpenApi as _;
    OpenApiRouter::with_openapi(crate::openapi::ApiDoc::openapi())
        .routes(routes!(rules))
        .routes(routes!(levels))
        .routes(routes!(create))
        .routes(routes!(get_game))
        .routes(routes!(throw))
        .routes(routes!(play_move))
        .routes(routes!(undo))
        .routes(routes!(hint))
        .routes(routes!(record))
        .routes(routes!(events))
        .routes(routes!(replay))
        .routes(routes!(openapi))
}

/// The router of the whole server: the API, the pages and the assets.
pub fn router(state: AppState) -> Router {
    let (api, _) = api_routes().split_for_parts();
    api.merge(crate::assets::routes())
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

/// This document (OpenAPI 3.1), generated from the handlers and the types of their answers.
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document of this API.", body = Object)))]
async fn openapi() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(crate::openapi::document())
}

/// Every rule set with its rules in words and its options, SPEC order.
#[utoipa::path(get, path = "/api/rules", tag = "rules",
    responses((status = 200, description = "The rule sets, SPEC order.", body = Vec<RuleSetInfo>)))]
async fn rules() -> Json<Vec<RuleSetInfo>> {
    Json(RuleSetId::ALL.iter().map(|&id| id.into()).collect())
}

/// The computer's levels (`perfect`: the pure races only).
#[utoipa::path(get, path = "/api/levels", tag = "rules",
    responses((status = 200, description = "The levels, weakest first.", body = Vec<Level>)))]
async fn levels() -> Json<Vec<Level>> {
    let mut v: Vec<Level> = LEVELS
        .iter()
        .map(|&(name, player)| Level {
            name,
            player,
            rules: None,
        })
        .collect();
    v.push(Level {
        name: "perfect",
        player: "perfect",
        rules: Some(&["hj.french", "hj.walker"]),
    });
    Json(v)
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

/// The game a creation's `position` sets up: a consistent position of rule set `rules`, whose
/// rules are those of `options` where any are given.
fn position_game(rules: RuleSetId, options: &Options, text: &str) -> Result<AnyGame, SessionError> {
    let bad = SessionError::BadPosition;
    let g = AnyGame::from_position(text).map_err(|e| bad(e.to_string()))?;
    if g.rule_set() != rules {
        return Err(bad(format!(
            "the position is a {} position, and the game's rules are {rules}",
            g.rule_set()
        )));
    }
    if !options.is_empty() {
        let given = rules
            .new_game(options)
            .map_err(|e| SessionError::BadSetup(e.to_string()))?;
        if given.options() != g.options() {
            return Err(bad(format!(
                "the position's options [{}] are not the game's options [{options}]",
                g.options()
            )));
        }
    }
    Ok(g)
}

/// Start a game.
#[utoipa::path(post, path = "/api/games", tag = "games",
    request_body = CreateGame,
    responses(
        (status = 201, description = "The game view with `tokens` and `links`; `location` names the game.", body = CreatedGame),
        (status = 400, description = "Unknown rule set, option, mode, level or seat; a position outside local mode; a malformed body.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 422, description = "A `position` that is not a consistent position (every problem named), or not of `rules` and `options`.", body = ErrorBody),
    ))]
async fn create(
    State(st): State<AppState>,
    JsonBody(req): JsonBody<CreateGame>,
) -> ApiResult<Response> {
    let rules: RuleSetId = req
        .rules
        .parse()
        .map_err(|e: nefer_core::rules::UnknownRuleSet| ApiError::bad_request(e.to_string()))?;
    let options = req.options.0;
    let mode = req.mode.unwrap_or(if req.position.is_some() {
        Mode::Local
    } else {
        Mode::Computer
    });
    if mode != Mode::Computer && req.level.is_some() {
        return Err(ApiError::bad_request("level is only for mode computer"));
    }
    let start = match &req.position {
        Some(_) if mode != Mode::Local => {
            return Err(ApiError::bad_request(
                "position is only for mode local (both seats to the creator, for analysis)",
            ));
        }
        Some(text) => Some(position_game(rules, &options, text)?),
        None => None,
    };
    let mut names = [String::new(), String::new()];
    if let Some(given) = &req.names {
        for (seat, name) in [(Seat::A, &given.a), (Seat::B, &given.b)] {
            if let Some(name) = name {
                names[seat.index()] = clean_name(name)?;
            }
        }
    }
    let seat = match req.seat {
        Some(s) => s.into(),
        None => {
            let mut rng = crate::session::os_seeded()?;
            nefer_core::game::draw_seat(&mut rng)
        }
    };
    let level =
        (mode == Mode::Computer).then(|| req.level.clone().unwrap_or_else(|| "medium".into()));
    let token = new_token()?;
    let mut tokens = Tokens::default();
    let give = |tokens: &mut Tokens, seat: Seat, t: &str| match seat {
        Seat::A => tokens.a = Some(t.to_owned()),
        Seat::B => tokens.b = Some(t.to_owned()),
    };
    let id = new_id()?;
    let mut hashes = [None, None];
    let mut computer = [false, false];
    let mut invite = None;
    match mode {
        Mode::Computer => {
            hashes[seat.index()] = Some(hash_token(&token));
            computer[seat.other().index()] = true;
            give(&mut tokens, seat, &token);
        }
        Mode::Local => {
            hashes = [Some(hash_token(&token)), Some(hash_token(&token))];
            give(&mut tokens, Seat::A, &token);
            give(&mut tokens, Seat::B, &token);
        }
        Mode::Online => {
            let other = new_token()?;
            hashes[seat.index()] = Some(hash_token(&token));
            hashes[seat.other().index()] = Some(hash_token(&other));
            give(&mut tokens, seat, &token);
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
            start,
        },
    )?;
    let rows = s.settle()?;
    st.store().insert_game(&s.row(), &rows)?;
    // `perfect` needs its table: start solving now, while the person throws, rather than on
    // the computer's first move.
    if st
        .inner
        .solve_tables
        .load(std::sync::atomic::Ordering::Relaxed)
        && s.level.as_deref() == Some("perfect")
    {
        crate::hint::solve_in_background(s.game_match().start());
    }
    s.run_computer(st.store()).await?;
    let links = Links {
        own: format!("/game/{id}?token={token}"),
        watch: format!("/game/{id}"),
        invite: invite.map(|other| format!("/game/{id}?token={other}")),
    };
    let created = CreatedGame {
        view: view(&s).for_seats(&s.holds(Some(&token))),
        tokens,
        links,
    };
    let cell = Arc::new(Mutex::new(s));
    st.inner
        .games
        .lock()
        .map_err(|_| SessionError::Internal("the game table lock is poisoned".into()))?
        .insert(id.clone(), cell);
    let mut resp = (StatusCode::CREATED, Json(created)).into_response();
    if let Ok(loc) = HeaderValue::from_str(&format!("/api/games/{id}")) {
        resp.headers_mut().insert(header::LOCATION, loc);
    }
    Ok(resp)
}

/// The game view; `you` lists the seats the token holds.
#[utoipa::path(get, path = "/api/games/{id}", tag = "games",
    params(GameId, TokenQuery),
    responses(
        (status = 200, description = "The game view.", body = GameView),
        (status = 400, description = "A malformed authorization header.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
    ))]
async fn get_game(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<GameView>> {
    let token = token_of(&headers, q.as_deref())?;
    let s = st.lock(&id).await?;
    Ok(answer(&s, token.as_deref()))
}

/// The path parameter of a game's resources.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // Read by `PathParam`; here for the document.
struct GameId {
    /// The game id.
    id: String,
}

/// The seat token as a query parameter (for links).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // Read by `token_of`; here for the document.
struct TokenQuery {
    /// A seat token, for links; the header `authorization: Bearer TOKEN` does the same.
    token: Option<String>,
}

/// Throw the sticks: the seat whose throw is due throws; the server draws the sticks.
#[utoipa::path(post, path = "/api/games/{id}/throw", tag = "games",
    params(GameId, TokenQuery),
    request_body(content = Option<VersionBody>, description = "Optional; an empty body reads as `{}`."),
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "The game view after the throw and any computer play.", body = GameView),
        (status = 400, description = "A malformed body or field.", body = ErrorBody),
        (status = 401, description = "No token.", body = ErrorBody),
        (status = 403, description = "The token does not hold the seat to act.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "A stale version, a decision is due, or the game is over.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
    ))]
async fn throw(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<VersionBody>,
) -> ApiResult<Json<GameView>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    authorize(&s, token.as_deref())?;
    check_version(&s, req.version)?;
    s.throw(st.store())?;
    s.run_computer(st.store()).await?;
    Ok(answer(&s, token.as_deref()))
}

/// Make a move: a legal move of the seat to decide; then the computer plays, if it is its turn.
#[utoipa::path(post, path = "/api/games/{id}/move", tag = "games",
    params(GameId, TokenQuery),
    request_body = MoveBody,
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "The game view after the move and any computer play.", body = GameView),
        (status = 400, description = "A malformed body, or a move that is not notation (with `legal`).", body = ErrorBody),
        (status = 401, description = "No token.", body = ErrorBody),
        (status = 403, description = "The token does not hold the seat to act.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "A stale version (with `version`), a throw is due, or the game is over.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 422, description = "An illegal move (with `legal`).", body = ErrorBody),
    ))]
async fn play_move(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<MoveBody>,
) -> ApiResult<Json<GameView>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    authorize(&s, token.as_deref())?;
    check_version(&s, req.version)?;
    s.play_text(st.store(), &req.mv)?;
    s.run_computer(st.store()).await?;
    Ok(answer(&s, token.as_deref()))
}

/// Undo (computer mode): back to your previous decision with a real choice, with the same throw.
#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "games",
    params(GameId, TokenQuery),
    request_body(content = Option<VersionBody>, description = "Optional; an empty body reads as `{}`."),
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "The game view after the undo.", body = GameView),
        (status = 400, description = "A malformed body or field.", body = ErrorBody),
        (status = 401, description = "No token.", body = ErrorBody),
        (status = 403, description = "The token holds no seat of the game.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "A stale version.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 422, description = "Nothing to undo, or not a game against the computer.", body = ErrorBody),
    ))]
async fn undo(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<VersionBody>,
) -> ApiResult<Json<GameView>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    let token = token.ok_or(SessionError::NoToken("undo needs your seat's token"))?;
    if s.holds(Some(&token)).is_empty() {
        return Err(SessionError::NotASeat { game: s.id.clone() }.into());
    }
    check_version(&s, req.version)?;
    s.undo(st.store())?;
    Ok(answer(&s, Some(&token)))
}

/// The best move for the seat to decide (no token needed: anyone may ask).
#[utoipa::path(get, path = "/api/games/{id}/hint", tag = "games",
    params(GameId),
    responses(
        (status = 200, description = "The hint.", body = Hint),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "No decision is due.", body = ErrorBody),
        (status = 503, description = "The hint took too long.", body = ErrorBody),
    ))]
async fn hint(State(st): State<AppState>, PathParam(id): PathParam) -> ApiResult<Json<Hint>> {
    let game = {
        let s = st.lock(&id).await?;
        if !matches!(s.game().status(), Status::Decide { .. }) {
            return Err(SessionError::NothingToHint.into());
        }
        s.game().clone()
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
        .map_err(|_| SessionError::HintTooSlow)?
        .map_err(|e| SessionError::Internal(format!("the hint failed: {e}")))?;
    Ok(Json(h))
}

/// The game as an `.ngr` record (NOTATION §5), as an attachment.
#[utoipa::path(get, path = "/api/games/{id}/record", tag = "games",
    params(GameId),
    responses(
        (status = 200, description = "The record.", body = String, content_type = "text/plain"),
        (status = 404, description = "No such game.", body = ErrorBody),
    ))]
async fn record(State(st): State<AppState>, PathParam(id): PathParam) -> ApiResult<Response> {
    let s = st.lock(&id).await?;
    let r = s.record();
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

/// Server-sent events: `event: state` with the game view (as `GameView`), on connecting and
/// after every action (the computer's too) and undo.
#[utoipa::path(get, path = "/api/games/{id}/events", tag = "games",
    params(GameId, TokenQuery),
    responses(
        (status = 200, description = "An event stream; each `data:` is a `GameView`.", body = String, content_type = "text/event-stream"),
        (status = 404, description = "No such game.", body = ErrorBody),
    ))]
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
    let event = move |v: Arc<GameView>| -> Result<Event, Infallible> {
        // The views serialize without fail (strings, numbers and lists only).
        let data = serde_json::to_string(&v.for_seats(&you)).unwrap_or_default();
        Ok(Event::default().event("state").data(data))
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

/// Replay an `.ngr` record step by step.
#[utoipa::path(post, path = "/api/replay", tag = "games",
    request_body(content = String, content_type = "text/plain", description = "An `.ngr` record (NOTATION §5)."),
    responses(
        (status = 200, description = "Frame 0 is the start, frame k the position after k actions.", body = ReplayView),
        (status = 400, description = "The body is not UTF-8 text.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 422, description = "A malformed record (`line`) or an illegal action (`index`, `token`, `legal`).", body = ErrorBody),
    ))]
async fn replay(State(_): State<AppState>, req: Request) -> ApiResult<Json<ReplayView>> {
    let bytes = read_body(req, &()).await?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| ApiError::bad_request(format!("the record is not UTF-8 text: {e}")))?;
    let record = Record::parse(text)?;
    // The rule set's start, or the record's `position:` (a game set up for analysis).
    let mut game = start_of(&record)?;
    let names = Names::new(
        record.header("player-A").unwrap_or("A"),
        record.header("player-B").unwrap_or("B"),
    );
    let board = BoardView::from(&nefer_core::facts::board(&game));
    // The chronicle describes each action at the position it is played at.
    let mut chronicle = Chronicle::new(&game);
    let mut frames = vec![Frame::at(0, &game, None, &names)];
    for (i, tok) in record.actions.iter().enumerate() {
        let action = play_token(&mut game, i, tok)?;
        let text = chronicle
            .push(action)
            .map(|e| e.words(&names))
            .unwrap_or_default();
        frames.push(Frame::at(i + 1, &game, Some((tok, action, text)), &names));
    }
    let result = game.outcome().map(result_of);
    Ok(Json(ReplayView {
        rules: record.rules,
        options: record.options.to_string(),
        board,
        headers: record.headers,
        frames,
        result,
    }))
}
