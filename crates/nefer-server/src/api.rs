//! The JSON API of docs/dev/api.md. Handlers parse and check the request, lock the game, call
//! the session and answer with a typed view; they know the rules only through `nefer-core`.
//! Every route of the API is registered through [`api_routes`] with its `#[utoipa::path]`, so
//! the OpenAPI document ([`crate::openapi`]) has every route and the types of its answers.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Query, RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use nefer_core::facts::{Chronicle, Names};
use nefer_core::record::{play_token, start_of};
use nefer_core::{AnyGame, FromSetup as _, Game, Options, Record, RuleSetId, Seat, Status};
use nefer_players::{LEVELS, PlayerSpec};
use tokio::sync::Mutex;
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::{BroadcastStream, WatchStream};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::analyze::{AnalysisView, AnalyzeBody};
use crate::body::{
    CreateGame, CreatedGame, HistoryPage, Level, Links, MoveBody, Page, ReplayView, RuleSetInfo,
    Tokens, VersionBody,
};
use crate::cache::GameCache;
use crate::error::{ApiError, ApiResult, ErrorBody, SessionError};
use crate::facts::BoardView;
use crate::hint::Hint;
use crate::limits::{Limiters, Limits, SearchBudget};
use crate::review::{ReviewQuery, ReviewView, StreamLine};
use crate::session::{
    Mode, NewGame, SeatInfo, Session, check_level, hash_token, new_id, new_token,
};
use crate::store::Store;
use crate::view::{Frame, GameView, full_view, result_of, view};

/// Largest request body accepted (docs/dev/api.md: 64 KiB, `413` beyond).
pub const BODY_LIMIT: usize = 64 * 1024;

/// Longest a hint may think before the answer goes without it.
const HINT_TIMEOUT: Duration = Duration::from_secs(4);

/// Longest an analysis may think: as a hint (its depth is bounded so that it takes far less).
const ANALYZE_TIMEOUT: Duration = HINT_TIMEOUT;

/// How often a streamed review sends a `progress` line at most: what was analysed meanwhile
/// goes in one line, so that a fast review is a few lines, not one per position, and a page
/// still sees its graph grow ten times a second.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The most frames in one replay answer (`?from=` pages the rest): a frame is a few hundred
/// bytes, so an answer stays under half a megabyte whatever the record.
pub const FRAMES_MAX: usize = 1000;

/// The most actions in one page of `GET /api/games/{id}/history`.
pub const HISTORY_PAGE_MAX: usize = 1000;

/// What every handler shares: the database, the games in play and the limits.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: std::sync::Mutex<GameCache>,
    solve_tables: std::sync::atomic::AtomicBool,
    limits: Limits,
    limiters: Limiters,
    searches: SearchBudget,
    /// Turns true when the server stops: event streams end, so that shutdown need not wait
    /// for pages that would listen forever.
    stopping: tokio::sync::watch::Sender<bool>,
}

impl AppState {
    /// The state over an open store, with the default [`Limits`].
    pub fn new(store: Store) -> AppState {
        AppState::with_limits(store, Limits::default())
    }

    /// The state over an open store, within `limits`.
    pub fn with_limits(store: Store, limits: Limits) -> AppState {
        AppState {
            inner: Arc::new(Inner {
                store,
                games: std::sync::Mutex::new(GameCache::new(limits.cached_games)),
                solve_tables: false.into(),
                limiters: Limiters::new(&limits.rates),
                searches: SearchBudget::new(
                    limits.search_threads,
                    limits.search_wait,
                    limits.search,
                ),
                limits,
                stopping: tokio::sync::watch::channel(false).0,
            }),
        }
    }

    /// The limits the server runs within.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// The rate limiters.
    pub fn limiters(&self) -> &Limiters {
        &self.inner.limiters
    }

    /// The budget of search threads.
    pub fn searches(&self) -> &SearchBudget {
        &self.inner.searches
    }

    /// Games in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.inner.games.lock().map_or(0, |g| g.len())
    }

    /// Whether game `id` is in memory now (rather than only in the database).
    pub fn in_memory(&self, id: &str) -> bool {
        self.inner.games.lock().is_ok_and(|g| g.contains(id))
    }

    /// Ends every event stream (and refuses new ones): called when the server shuts down.
    pub fn stop_events(&self) {
        self.inner.stopping.send_replace(true);
    }

    /// Whether a new game against `perfect` starts solving its race's exact table in the
    /// background (seconds of one core, once per process), so that the computer's first move
    /// need not wait for it; hints use a table once it is solved. Off by default (tests);
    /// `serve` turns it on. A hint never starts a solve.
    pub fn with_table_solving(self, on: bool) -> AppState {
        self.inner
            .solve_tables
            .store(on, std::sync::atomic::Ordering::Relaxed);
        self
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    /// Keeps a new game in memory (it is stored already).
    pub(crate) fn keep(&self, id: &str, game: Arc<Mutex<Session>>) -> Result<(), SessionError> {
        self.inner
            .games
            .lock()
            .map_err(|_| SessionError::Internal("the game table lock is poisoned".into()))?
            .insert(id.to_owned(), game);
        Ok(())
    }

    /// Turns true when the server stops (tasks that wait on a game end then).
    pub(crate) fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.stopping.subscribe()
    }

    /// The game `id`, from memory or rebuilt from the database.
    pub(crate) fn game(&self, id: &str) -> Result<Arc<Mutex<Session>>, SessionError> {
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
            return Ok(g);
        }
        // Loaded under the cache's lock: two requests never load two sessions of one game.
        let s = Session::load(self.store(), id, self.limits().search)?;
        let s = Arc::new(Mutex::new(s));
        games.insert(id.to_owned(), s.clone());
        Ok(s)
    }

    /// Locks game `id` and lets the computer finish a turn a crash (or a busy server)
    /// interrupted.
    pub(crate) async fn lock(
        &self,
        id: &str,
    ) -> Result<tokio::sync::OwnedMutexGuard<Session>, SessionError> {
        let g = self.game(id)?;
        let mut s = g.lock_owned().await;
        s.run_computer(self.store(), self.searches()).await?;
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

/// The query of a paged answer; one that does not read is a JSON `400`.
impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Page {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        Query::<Page>::from_request_parts(parts, state)
            .await
            .map(|Query(p)| p)
            .map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))
    }
}

/// The query of a review; one that does not read is a JSON `400`.
impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ReviewQuery {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        Query::<ReviewQuery>::from_request_parts(parts, state)
            .await
            .map(|Query(q)| q)
            .map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))
    }
}

/// A JSON body, read within [`BODY_LIMIT`] and the body timeout ([`parse_body`] says what is
/// taken). Every failure is an [`ApiError`] (never axum's plain-text rejection).
pub struct JsonBody<T>(pub T);

impl<T: serde::de::DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        let content_type = req.headers().get(header::CONTENT_TYPE).cloned();
        let bytes = read_body(req, state).await?;
        let content_type = content_type
            .as_ref()
            .map(|v| v.to_str().unwrap_or("(not text)"));
        parse_body(content_type, &bytes).map(JsonBody)
    }
}

/// Whether `content_type` is JSON (`application/json`, any parameters, or a `+json` type).
fn is_json(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Reads a request body as `T`: JSON with the content type `application/json` (`415`
/// otherwise: a form or `text/plain`, which any page of any site may send, is never taken), an
/// object (a JSON array is not a struct's body, whatever serde would make of it), with no
/// field `T` does not know (each body type says `deny_unknown_fields`). An empty body, sent
/// with no content type or as JSON, reads as `{}`.
///
/// # Errors
/// `415` for another content type, `400` for a body that is not JSON (`malformed JSON body`)
/// or not of `T`'s shape (`bad request body`).
pub fn parse_body<T: serde::de::DeserializeOwned>(
    content_type: Option<&str>,
    bytes: &[u8],
) -> ApiResult<T> {
    let empty = bytes.iter().all(u8::is_ascii_whitespace);
    match content_type {
        Some(ct) if is_json(ct) => {}
        None if empty => {}
        other => {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "the body must be JSON sent as `content-type: application/json`, not {}",
                    other.map_or_else(|| "without a content type".to_owned(), |c| format!("`{c}`"))
                ),
            ));
        }
    }
    let text: &[u8] = if empty { b"{}" } else { bytes };
    let value: serde_json::Value = serde_json::from_slice(text)
        .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::bad_request(
            "bad request body: it must be a JSON object {…}",
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| ApiError::bad_request(format!("bad request body: {e}")))
}

/// The body of `req`, within [`BODY_LIMIT`] bytes and the server's body timeout (`408`
/// beyond: a client that trickles its body holds no connection for long).
async fn read_body(req: Request, state: &AppState) -> ApiResult<Bytes> {
    let wait = state.limits().body_timeout;
    let read = tokio::time::timeout(wait, Bytes::from_request(req, state))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not come within {} s",
                    wait.as_secs_f64()
                ),
            )
        })?;
    read.map_err(|e| {
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

/// The token of a request: `authorization: Bearer T`. A token in the address (`?token=`) is
/// refused: addresses end up in logs, histories and other sites' `Referer`s.
pub(crate) fn token_of(headers: &HeaderMap, query: Option<&str>) -> ApiResult<Option<String>> {
    let in_address = query.is_some_and(|q| {
        q.split('&')
            .any(|kv| kv == "token" || kv.starts_with("token="))
    });
    if in_address {
        return Err(ApiError::bad_request(
            "a token in the address is refused (addresses are logged and passed on): send \
             `authorization: Bearer TOKEN`",
        ));
    }
    if let Some(h) = headers.get(header::AUTHORIZATION) {
        let h = h
            .to_str()
            .map_err(|_| ApiError::bad_request("the authorization header is not text"))?;
        let t = h.strip_prefix("Bearer ").ok_or_else(|| {
            ApiError::bad_request("the authorization header must be `Bearer TOKEN`")
        })?;
        return Ok(Some(t.trim().to_owned()));
    }
    Ok(None)
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

pub(crate) fn answer(s: &Session, token: Option<&str>) -> Json<GameView> {
    Json(view(s).for_seats(&s.holds(token)))
}

/// The API's routes with their OpenAPI operations: a route is added here, with its
/// `#[utoipa::path]`, or not at all, so that the document lists every route.
pub fn api_routes() -> OpenApiRouter<AppState> {
    use utoipa::OpenApi as _;
    OpenApiRouter::with_openapi(crate::openapi::ApiDoc::openapi())
        .routes(routes!(rules))
        .routes(routes!(levels))
        .routes(routes!(crate::tutorial::tutorial_of))
        .routes(routes!(create))
        .routes(routes!(get_game))
        .routes(routes!(throw))
        .routes(routes!(play_move))
        .routes(routes!(undo))
        .routes(routes!(hint))
        .routes(routes!(analyze))
        .routes(routes!(review))
        .routes(routes!(review_record))
        .routes(routes!(review_stream))
        .routes(routes!(review_record_stream))
        .routes(routes!(crate::online::presence))
        .routes(routes!(crate::online::name))
        .routes(routes!(crate::online::rematch))
        .routes(routes!(history))
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
        // Sizes, origins and rate limits before anything else; security headers on every
        // answer, errors included.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::guard::guard,
        ))
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

/// The computer's levels (`perfect`: the pure races only, where the server offers it).
#[utoipa::path(get, path = "/api/levels", tag = "rules",
    responses((status = 200, description = "The levels, weakest first.", body = Vec<Level>)))]
async fn levels(State(st): State<AppState>) -> Json<Vec<Level>> {
    let mut v: Vec<Level> = LEVELS
        .iter()
        .map(|&(name, player)| level(name, player, None))
        .collect();
    if !st.limits().tables {
        return Json(v);
    }
    v.push(level(
        "perfect",
        "perfect",
        Some(nefer_players::perfect::RULE_SETS),
    ));
    Json(v)
}

/// A level of `GET /api/levels` with its words for people.
fn level(
    name: &'static str,
    player: &'static str,
    rules: Option<&'static [&'static str]>,
) -> Level {
    let (title, description) = nefer_players::level_words(name).unwrap_or((name, player));
    Level {
        name,
        title,
        description,
        player,
        rules,
    }
}

/// A new game's seat name, checked as a rename's is ([`crate::online::check_name`]); empty:
/// the seat's default name.
fn clean_name(n: &str) -> ApiResult<String> {
    Ok(crate::online::check_name(n, true)?)
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

/// `options` with C-7's cap at `limit` turns, where the game they make (of rule set `rules`,
/// its cap `own`, 0 for none) has none or a larger one; `None` where its own cap is within it.
fn capped_options(
    rules: RuleSetId,
    options: &Options,
    own: u32,
    limit: u32,
) -> Result<Option<Options>, SessionError> {
    if own != 0 && own <= limit {
        return Ok(None);
    }
    let key = format!("{}.max_turns", rules.key());
    let mut capped = Options::new();
    let internal = |e: nefer_core::OptionError| SessionError::Internal(e.to_string());
    for (name, value) in options.iter().filter(|(name, _)| *name != key) {
        capped.set(name, value).map_err(internal)?;
    }
    capped.set(&key, &limit.to_string()).map_err(internal)?;
    Ok(Some(capped))
}

/// A new game of rule set `rules` with `options` (as given: a record keeps them so), and C-7's
/// cap of `cap` turns where they set none or a larger one: every game the server keeps then
/// ends (a draw at the cap, SPEC's C-7), so none grows without bound.
///
/// # Errors
/// Options the rule set does not take.
pub fn new_capped_game(
    rules: RuleSetId,
    options: &Options,
    cap: u32,
) -> Result<(AnyGame, Options), SessionError> {
    let bad = |e: nefer_core::OptionError| SessionError::BadSetup(e.to_string());
    let game = rules.new_game(options).map_err(bad)?;
    match capped_options(rules, options, game.common().max_turns, cap)? {
        None => Ok((game, options.clone())),
        Some(capped) => Ok((rules.new_game(&capped).map_err(bad)?, capped)),
    }
}

/// A position with C-7's cap `cap` turns after it, where it has none or a larger one.
///
/// # Errors
/// None in practice: the cap is a whole number, which every rule set takes.
pub fn with_turn_cap(game: AnyGame, cap: u32) -> Result<AnyGame, SessionError> {
    let mut setup = game.to_setup();
    let limit = setup.turns.saturating_add(cap);
    let capped = capped_options(
        game.rule_set(),
        &setup.options,
        game.common().max_turns,
        limit,
    )?;
    let Some(options) = capped else {
        return Ok(game);
    };
    setup.options = options;
    AnyGame::from_setup(&setup).map_err(|e| SessionError::Internal(e.to_string()))
}

/// A new game as a creation asks for it, checked, before any secret is drawn or anything
/// stored: [`plan`] makes it of a body.
#[derive(Debug)]
pub struct Plan {
    /// The game at its start: the rule set's, or the position's; with C-7's cap.
    pub start: AnyGame,
    /// Its options: as given, with the cap (the position's, for a game set up from one).
    pub options: Options,
    /// Whether it starts from a position (rather than its rule set's start).
    pub from_position: bool,
    /// Who plays.
    pub mode: Mode,
    /// The seats' names as given (empty: a default name).
    pub names: [String; 2],
    /// The creator's seat, if chosen.
    pub seat: Option<Seat>,
    /// The computer's level (computer mode).
    pub level: Option<String>,
}

/// Checks a creation's body within `limits` and makes its [`Plan`].
///
/// # Errors
/// Whatever the body asks for that cannot be: an unknown rule set, option, mode, level (or a
/// search beyond the limits), a name too long, a position outside local mode (`400`), a
/// position that is not one, or not of these rules (`422`).
pub fn plan(limits: &Limits, req: CreateGame) -> ApiResult<Plan> {
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
    let (options, start) = match &req.position {
        Some(_) if mode != Mode::Local => {
            return Err(ApiError::bad_request(
                "position is only for mode local (both seats to the creator, for analysis)",
            ));
        }
        Some(text) => {
            let g = with_turn_cap(position_game(rules, &options, text)?, limits.max_turns)?;
            (g.options(), g)
        }
        None => {
            let (g, options) = new_capped_game(rules, &options, limits.max_turns)?;
            (options, g)
        }
    };
    let mut names = [String::new(), String::new()];
    if let Some(given) = &req.names {
        for (seat, name) in [(Seat::A, &given.a), (Seat::B, &given.b)] {
            if let Some(name) = name {
                names[seat.index()] = clean_name(name)?;
            }
        }
    }
    let level =
        (mode == Mode::Computer).then(|| req.level.clone().unwrap_or_else(|| "medium".into()));
    if let Some(level) = &level {
        check_level(level, &start, limits.search).map_err(SessionError::BadLevel)?;
        if !limits.tables && level == "perfect" {
            return Err(SessionError::BadLevel(
                "perfect is not offered by this server (it runs without the exact tables)".into(),
            )
            .into());
        }
    }
    Ok(Plan {
        start,
        options,
        from_position: req.position.is_some(),
        mode,
        names,
        seat: req.seat.map(Seat::from),
        level,
    })
}

/// Start a game.
#[utoipa::path(post, path = "/api/games", tag = "games",
    request_body = CreateGame,
    responses(
        (status = 201, description = "The game view with `tokens` and `links`; `location` names the game.", body = CreatedGame),
        (status = 400, description = "Unknown rule set, option, mode, level or seat; a level beyond the server's limits; a position outside local mode; a malformed body.", body = ErrorBody),
        (status = 403, description = "A request from another site's page.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "A body that is not `application/json`.", body = ErrorBody),
        (status = 422, description = "A `position` that is not a consistent position (every problem named), or not of `rules` and `options`.", body = ErrorBody),
        (status = 429, description = "Too many new games from this address (`Retry-After`).", body = ErrorBody),
    ))]
async fn create(
    State(st): State<AppState>,
    JsonBody(req): JsonBody<CreateGame>,
) -> ApiResult<Response> {
    let Plan {
        start,
        options,
        from_position,
        mode,
        mut names,
        seat,
        level,
    } = plan(st.limits(), req)?;
    let seat = match seat {
        Some(s) => s,
        None => {
            let mut rng = crate::session::os_seeded()?;
            nefer_core::game::draw_seat(&mut rng)
        }
    };
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
                // A level by its people's name ("Medium"); a player spec as written.
                (Mode::Computer, true) => level
                    .as_deref()
                    .map(|l| nefer_players::level_words(l).map_or(l, |(title, _)| title))
                    .unwrap_or_default()
                    .to_owned(),
                (Mode::Computer, false) => "You".into(),
                _ => format!("Player {s}"),
            };
        }
    }
    let [na, nb] = names;
    let rules = start.rule_set();
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
            start: from_position.then_some(start),
            search: st.limits().search,
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
        nefer_players::perfect::solve_in_background(s.game_match().start());
    }
    s.run_computer(st.store(), st.searches()).await?;
    // Tokens in the fragment: a browser never sends it, so no log, history entry sent on or
    // `Referer` has it; the page keeps it in its session and sends it as a header.
    let links = Links {
        own: format!("/game/{id}#token={token}"),
        watch: format!("/game/{id}"),
        invite: invite.map(|other| format!("/game/{id}#token={other}")),
    };
    let learned = s
        .level
        .as_deref()
        .and_then(|l| l.parse::<PlayerSpec>().ok())
        .is_some_and(|p| p.is_learned());
    let evaluator_note = learned
        .then(|| nefer_players::eval::neural::fallback_note(s.game_match().start(), None))
        .flatten();
    let created = CreatedGame {
        view: view(&s).for_seats(&s.holds(Some(&token))),
        tokens,
        links,
        evaluator_note,
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
    params(GameId),
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
pub(crate) struct GameId {
    /// The game id.
    id: String,
}

/// Throw the sticks: the seat whose throw is due throws; the server draws the sticks.
#[utoipa::path(post, path = "/api/games/{id}/throw", tag = "games",
    params(GameId),
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
    s.run_computer(st.store(), st.searches()).await?;
    Ok(answer(&s, token.as_deref()))
}

/// Make a move: a legal move of the seat to decide; then the computer plays, if it is its turn.
#[utoipa::path(post, path = "/api/games/{id}/move", tag = "games",
    params(GameId),
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
    s.run_computer(st.store(), st.searches()).await?;
    Ok(answer(&s, token.as_deref()))
}

/// Undo (computer mode): back to your previous decision with a real choice, with the same throw.
#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "games",
    params(GameId),
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
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
        (status = 503, description = "The hint took too long, or every search thread is busy (`Retry-After`).", body = ErrorBody),
    ))]
async fn hint(State(st): State<AppState>, PathParam(id): PathParam) -> ApiResult<Json<Hint>> {
    let game = {
        let s = st.lock(&id).await?;
        if !matches!(s.game().status(), Status::Decide { .. }) {
            return Err(SessionError::NothingToHint.into());
        }
        s.game().clone()
    };
    // A hint never starts a table solve (a stranger could make the server solve one): it uses
    // a table solved already. It searches on the budget's threads, like the computer's moves.
    let search = st.searches().run(move || crate::hint::hint(&game));
    let h = tokio::time::timeout(HINT_TIMEOUT, search)
        .await
        .map_err(|_| SessionError::HintTooSlow)??;
    Ok(Json(h.ok_or(SessionError::NothingToHint)?))
}

/// Analyse a position (no token needed: anyone may ask): at a decision every legal move with
/// its value, win chance and loss against the best, best first; at a throw every outcome with
/// its probability and the win chance after it; a finished game's result. The position is a
/// game's of this server (`game`, now or after `ply` actions) or a position string
/// (`position`); the values come from an expectimax search `depth` decisions deep (1 to 3).
#[utoipa::path(post, path = "/api/analyze", tag = "games",
    request_body = AnalyzeBody,
    responses(
        (status = 200, description = "The analysis.", body = AnalysisView),
        (status = 400, description = "A malformed body; neither or both of `game` and `position`; `ply` without `game`, or past the game's end; `depth` outside 1..=3.", body = ErrorBody),
        (status = 403, description = "A request from another site's page.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "A body that is not `application/json`.", body = ErrorBody),
        (status = 422, description = "A `position` that is not a consistent position (every problem named).", body = ErrorBody),
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
        (status = 503, description = "The analysis took too long, or every search thread is busy (`Retry-After`).", body = ErrorBody),
    ))]
async fn analyze(
    State(st): State<AppState>,
    JsonBody(req): JsonBody<AnalyzeBody>,
) -> ApiResult<Json<AnalysisView>> {
    let depth = req.depth()?;
    let game = match (req.game, req.position) {
        (Some(id), None) => {
            let s = st.lock(&id).await?;
            match req.ply {
                None => s.game().clone(),
                Some(ply) => s.game_match().position_after(ply).map_err(|_| {
                    let played = s.history().len();
                    ApiError::bad_request(format!(
                        "ply {ply} is past the end: game {id} has {played} actions (ply 0 to \
                         {played})"
                    ))
                })?,
            }
        }
        (None, Some(text)) => {
            if req.ply.is_some() {
                return Err(ApiError::bad_request(
                    "`ply` goes with `game`: a position is analysed as it stands",
                ));
            }
            AnyGame::from_position(&text).map_err(|e| SessionError::BadPosition(e.to_string()))?
        }
        _ => {
            return Err(ApiError::bad_request(
                "give either `game` (a game's id, with an optional `ply`) or `position` (a \
                 position string), not both",
            ));
        }
    };
    // On the budget's threads, like the computer's moves and the hints; the default
    // evaluator never starts a table solve.
    let search = st
        .searches()
        .run(move || nefer_players::analysis::analyze_default(&game, depth));
    let a = tokio::time::timeout(ANALYZE_TIMEOUT, search)
        .await
        .map_err(|_| SessionError::AnalysisTooSlow)??;
    Ok(Json(AnalysisView::from(&a)))
}

/// Review the game (no token needed: anyone may ask), as far as it has gone: every decision
/// with the played move's win chance, the best move's, the loss between them and a mark
/// (`best`, `good`, `inaccuracy`, `mistake`, `blunder`; `forced` where there was no choice);
/// every throw with its luck; each seat's accuracy, mean loss, luck and luck-adjusted result;
/// seat A's win chance after every action and the key moments (docs/dev/review.md). Each
/// position is analysed as `POST /api/analyze` would, `depth` decisions deep (1 to 3, 2 by
/// default), on the default evaluator.
#[utoipa::path(get, path = "/api/games/{id}/review", tag = "games",
    params(GameId, ReviewQuery),
    responses(
        (status = 200, description = "The review.", body = ReviewView),
        (status = 400, description = "`depth` outside 1..=3, or a malformed query.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
        (status = 503, description = "The review took too long (ask for less depth), or every search thread is busy (`Retry-After`).", body = ErrorBody),
    ))]
async fn review(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    query: ReviewQuery,
) -> ApiResult<Json<ReviewView>> {
    let depth = query.depth()?;
    // The game's start and actions, copied: the game is not held while it is reviewed.
    let (start, actions) = {
        let s = st.lock(&id).await?;
        let actions: Vec<nefer_core::Action> = s.history().iter().map(|e| e.action).collect();
        (s.game_match().start().clone(), actions)
    };
    run_review(&st, start, actions, depth, &format!("game {id}")).await
}

/// The review of `GET /api/games/{id}/review` as it is made: one JSON object a line
/// (`application/x-ndjson`), `progress` lines (at most ten a second) with the new points of
/// the graph and the decisions and throws reviewed since the last, then a `review` line with
/// the whole review, the same as `GET /api/games/{id}/review` answers (or an `error` line).
/// The same depths, deadline, rate limit and search threads; a client that goes away stops
/// the review. Errors found before the review starts are answered as by the plain review.
#[utoipa::path(get, path = "/api/games/{id}/review/stream", tag = "games",
    params(GameId, ReviewQuery),
    responses(
        (status = 200, description = "The review as it is made, one `ReviewStreamLine` a line.", body = StreamLine, content_type = "application/x-ndjson"),
        (status = 400, description = "`depth` outside 1..=3, or a malformed query.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
        (status = 503, description = "Every search thread is busy (`Retry-After`).", body = ErrorBody),
    ))]
async fn review_stream(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    query: ReviewQuery,
) -> ApiResult<Response> {
    let depth = query.depth()?;
    let (start, actions) = {
        let s = st.lock(&id).await?;
        let actions: Vec<nefer_core::Action> = s.history().iter().map(|e| e.action).collect();
        (s.game_match().start().clone(), actions)
    };
    stream_review(&st, start, actions, depth, format!("game {id}")).await
}

/// Review an `.ngr` record (no game of this server needed), as `GET /api/games/{id}/review`
/// reviews a game: the same JSON, the same depths (`?depth=`, 1 to 3, 2 by default) and
/// deadline. The record is sent as `/api/replay` takes it (`text/plain`, at most 64 KiB) and
/// counts against the same rate limit.
#[utoipa::path(post, path = "/api/review", tag = "games",
    params(ReviewQuery),
    request_body(content = String, content_type = "text/plain", description = "An `.ngr` record (NOTATION §5)."),
    responses(
        (status = 200, description = "The review.", body = ReviewView),
        (status = 400, description = "`depth` outside 1..=3, a malformed query, or a body that is not UTF-8 text.", body = ErrorBody),
        (status = 403, description = "A request from another site's page.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "A body that is not `text/plain`.", body = ErrorBody),
        (status = 422, description = "A malformed record (`line`) or an illegal action (`index`, `token`, `legal`).", body = ErrorBody),
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
        (status = 503, description = "The review took too long (ask for less depth), or every search thread is busy (`Retry-After`).", body = ErrorBody),
    ))]
async fn review_record(
    State(st): State<AppState>,
    query: ReviewQuery,
    req: Request,
) -> ApiResult<Json<ReviewView>> {
    let depth = query.depth()?;
    let (start, actions) = record_to_review(req, &st).await?;
    run_review(&st, start, actions, depth, "the record").await
}

/// The start and the actions of the record a request carries, read and checked as
/// `/api/replay` reads it: what `POST /api/review` and its stream review.
async fn record_to_review(
    req: Request,
    st: &AppState,
) -> ApiResult<(AnyGame, Vec<nefer_core::Action>)> {
    let text = record_text(req, st).await?;
    let record = Record::parse(&text)?;
    Ok(nefer_players::review::record_actions(&record)?)
}

/// The review of `POST /api/review` as it is made, in the lines of `GET
/// /api/games/{id}/review/stream`; the record is sent and checked as `POST /api/review` takes
/// it.
#[utoipa::path(post, path = "/api/review/stream", tag = "games",
    params(ReviewQuery),
    request_body(content = String, content_type = "text/plain", description = "An `.ngr` record (NOTATION §5)."),
    responses(
        (status = 200, description = "The review as it is made, one `ReviewStreamLine` a line.", body = StreamLine, content_type = "application/x-ndjson"),
        (status = 400, description = "`depth` outside 1..=3, a malformed query, or a body that is not UTF-8 text.", body = ErrorBody),
        (status = 403, description = "A request from another site's page.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "A body that is not `text/plain`.", body = ErrorBody),
        (status = 422, description = "A malformed record (`line`) or an illegal action (`index`, `token`, `legal`).", body = ErrorBody),
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
        (status = 503, description = "Every search thread is busy (`Retry-After`).", body = ErrorBody),
    ))]
async fn review_record_stream(
    State(st): State<AppState>,
    query: ReviewQuery,
    req: Request,
) -> ApiResult<Response> {
    let depth = query.depth()?;
    let (start, actions) = record_to_review(req, &st).await?;
    stream_review(&st, start, actions, depth, "the record".to_owned()).await
}

/// Reviews the game from `start` through `actions` on the search budget's threads, within
/// the limits' `review_timeout`; `what` names it in an internal error.
async fn run_review(
    st: &AppState,
    start: AnyGame,
    actions: Vec<nefer_core::Action>,
    depth: u32,
    what: &str,
) -> ApiResult<Json<ReviewView>> {
    // On the budget's threads, like the analyses; the review itself stops at the deadline,
    // so that a review nobody waits for does not keep its thread.
    let timeout = st.limits().review_timeout;
    let deadline = std::time::Instant::now() + timeout;
    let pace = st.limits().review_pace;
    let search = st
        .searches()
        .run(move || review_on(&start, &actions, depth, deadline, pace, &mut |_| true));
    // A second beyond the deadline: the review's own answer comes first.
    let r = tokio::time::timeout(timeout + Duration::from_secs(1), search)
        .await
        .map_err(|_| SessionError::ReviewTooSlow)??
        .map_err(|e| review_failure(e, what))?;
    Ok(Json(ReviewView::from(&r)))
}

/// The review both forms run: on the default evaluator, stopped at `deadline` (the request's
/// start and the limits' `review_timeout`: the wait for a thread counts), each step handed to `sink`
/// (which says whether anyone still wants the rest) and, in a test server only, paced by
/// `pace`.
fn review_on(
    start: &AnyGame,
    actions: &[nefer_core::Action],
    depth: u32,
    deadline: std::time::Instant,
    pace: Duration,
    sink: &mut dyn FnMut(nefer_players::review::ReviewStep) -> bool,
) -> Result<nefer_players::review::Review, nefer_players::review::ReviewError> {
    use std::ops::ControlFlow;
    let eval = nefer_players::analysis::default_evaluator(start);
    let mut step = |s| {
        if !pace.is_zero() {
            std::thread::sleep(pace);
        }
        if sink(s) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    };
    nefer_players::review::review_streaming(start, actions, depth, eval, &mut step, Some(deadline))
}

/// The answer to a review that failed; `what` names the game in an internal error.
fn review_failure(e: nefer_players::review::ReviewError, what: &str) -> ApiError {
    use nefer_players::review::ReviewError;
    match e {
        ReviewError::TooSlow { .. } => SessionError::ReviewTooSlow.into(),
        // Every action was checked legal before, and the default evaluator values every game;
        // a review stopped has nobody to answer.
        e => SessionError::Internal(format!("the review of {what} failed: {e}")).into(),
    }
}

/// Starts the review of the game from `start` through `actions` on a search thread and
/// answers with its lines as they come (`StreamLine`, one a line). The review runs within
/// the limits' `review_timeout` as the plain one does; a client that goes away ends the line writer,
/// and with it the review at its next position, so the thread comes free.
///
/// # Errors
/// `503` when no search thread comes free in time (before anything is sent).
async fn stream_review(
    st: &AppState,
    start: AnyGame,
    actions: Vec<nefer_core::Action>,
    depth: u32,
    what: String,
) -> ApiResult<Response> {
    // Steps go to the writer unbounded: the review never waits for a slow client (it would
    // hold its thread past the deadline), and the steps of one review are bounded by its
    // length as the review itself is.
    let (steps_tx, mut steps) = tokio::sync::mpsc::unbounded_channel();
    let deadline = std::time::Instant::now() + st.limits().review_timeout;
    let pace = st.limits().review_pace;
    let work = st
        .searches()
        .start(move || {
            review_on(&start, &actions, depth, deadline, pace, &mut |s| {
                steps_tx.send(s).is_ok()
            })
        })
        .await?;
    // A few lines in flight: the writer waits for a slow client, the review does not.
    let (lines_tx, lines) = tokio::sync::mpsc::channel::<Bytes>(4);
    tokio::spawn(async move {
        let mut batch = Vec::new();
        // Everything analysed since the last line, in one line; none left: the review ended.
        while steps.recv_many(&mut batch, usize::MAX).await > 0 {
            if lines_tx
                .send(StreamLine::progress(&batch).to_line())
                .await
                .is_err()
            {
                // The client went away: dropping `steps` stops the review.
                return;
            }
            // After the final position only the review is to come: no pause before it.
            let end = batch.last().is_some_and(|s| s.done == s.total);
            batch.clear();
            if !end {
                tokio::time::sleep(PROGRESS_EVERY).await;
            }
        }
        let last = match work.await {
            Ok(Ok(r)) => StreamLine::Review {
                review: Box::new(ReviewView::from(&r)),
            },
            Ok(Err(e)) => stream_error(review_failure(e, &what)),
            Err(e) => stream_error(
                SessionError::Internal(format!("the review of {what} failed: {e}")).into(),
            ),
        };
        let _ = lines_tx.send(last.to_line()).await;
    });
    let body = axum::body::Body::from_stream(
        tokio_stream::wrappers::ReceiverStream::new(lines).map(Ok::<_, Infallible>),
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
            // Proxies that buffer answers (nginx) would hold the lines back to the end.
            (HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        body,
    )
        .into_response())
}

/// The `error` line of a streamed review that failed.
fn stream_error(e: ApiError) -> StreamLine {
    StreamLine::Error {
        status: e.status.as_u16(),
        error: e.body.error,
        code: e.body.code,
    }
}

/// The text of a record sent as `text/plain` (no content type is taken as text too), within
/// [`BODY_LIMIT`] and the body timeout.
///
/// # Errors
/// `415` for another content type, `400` for a body that is not UTF-8, and [`read_body`]'s.
async fn record_text(req: Request, st: &AppState) -> ApiResult<String> {
    if let Some(ct) = req.headers().get(header::CONTENT_TYPE) {
        let ct = ct.to_str().unwrap_or("(not text)");
        if !ct.trim().to_ascii_lowercase().starts_with("text/plain") {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!("a record is sent as `content-type: text/plain`, not `{ct}`"),
            ));
        }
    }
    let bytes = read_body(req, st).await?;
    String::from_utf8(bytes.to_vec())
        .map_err(|e| ApiError::bad_request(format!("the record is not UTF-8 text: {e}")))
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
    params(GameId),
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

/// Replay an `.ngr` record step by step: at most [`FRAMES_MAX`] frames an answer, from frame
/// `from` (`?from=`, 0 by default); `total` says how many there are.
#[utoipa::path(post, path = "/api/replay", tag = "games",
    params(Page),
    request_body(content = String, content_type = "text/plain", description = "An `.ngr` record (NOTATION §5)."),
    responses(
        (status = 200, description = "Frame 0 is the start, frame k the position after k actions; the frames from `from`, at most 1000.", body = ReplayView),
        (status = 400, description = "The body is not UTF-8 text, or `from` is past the last frame.", body = ErrorBody),
        (status = 403, description = "A request from another site's page.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
        (status = 415, description = "A body that is not `text/plain`.", body = ErrorBody),
        (status = 422, description = "A malformed record (`line`) or an illegal action (`index`, `token`, `legal`).", body = ErrorBody),
        (status = 429, description = "Too many hints, analyses, reviews and replays from this address (`Retry-After`).", body = ErrorBody),
    ))]
async fn replay(
    State(st): State<AppState>,
    page: Page,
    req: Request,
) -> ApiResult<Json<ReplayView>> {
    let text = record_text(req, &st).await?;
    let record = Record::parse(&text)?;
    // The rule set's start, or the record's `position:` (a game set up for analysis).
    let mut game = start_of(&record)?;
    let names = Names::new(
        record.header("player-A").unwrap_or("A"),
        record.header("player-B").unwrap_or("B"),
    );
    let board = BoardView::from(&nefer_core::facts::board(&game));
    let total = record.actions.len() + 1;
    let from = page.from.unwrap_or(0);
    if from >= total {
        return Err(ApiError::bad_request(format!(
            "from={from} is past the last frame: the record has frames 0 to {}",
            total - 1
        )));
    }
    let end = from.saturating_add(FRAMES_MAX).min(total);
    let mut frames = Vec::with_capacity(end - from);
    if from == 0 {
        frames.push(Frame::at(0, &game, None, &names));
    }
    // The chronicle describes each action at the position it is played at. Every action is
    // replayed and told (a later one may be illegal: the whole record is checked); only the
    // frames of the page are kept.
    let mut chronicle = Chronicle::new(&game);
    for (i, tok) in record.actions.iter().enumerate() {
        let action = play_token(&mut game, i, tok)?;
        let event = chronicle.push(action);
        if (from..end).contains(&(i + 1)) {
            let text = event.map(|e| e.words(&names)).unwrap_or_default();
            frames.push(Frame::at(i + 1, &game, Some((tok, action, text)), &names));
        }
    }
    let result = game.outcome().map(result_of);
    Ok(Json(ReplayView {
        title: game.rule_set().info().title.to_owned(),
        rules: record.rules,
        options: record.options.to_string(),
        board,
        headers: record.headers,
        from,
        total,
        frames,
        result,
    }))
}

/// A page of the game's history: the actions from `from` (`?from=`, 0 by default), at most
/// `limit` (`?limit=`, at most 1000); the game view carries only the newest 200.
#[utoipa::path(get, path = "/api/games/{id}/history", tag = "games",
    params(GameId, Page),
    responses(
        (status = 200, description = "The actions from `from`; `total` is the game's version.", body = HistoryPage),
        (status = 400, description = "`from` past the end, or a malformed query.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
    ))]
async fn history(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    page: Page,
) -> ApiResult<Json<HistoryPage>> {
    let s = st.lock(&id).await?;
    let total = s.history().len();
    let from = page.from.unwrap_or(0);
    if from > total {
        return Err(ApiError::bad_request(format!(
            "from={from} is past the end: the game has {total} actions"
        )));
    }
    let limit = page.limit.unwrap_or(HISTORY_PAGE_MAX).min(HISTORY_PAGE_MAX);
    let mut all = full_view(&s).history;
    let end = from.saturating_add(limit).min(total);
    all.truncate(end);
    all.drain(..from);
    Ok(Json(HistoryPage {
        from,
        total,
        history: all,
    }))
}
