//! What two people playing need besides the game (issue 16 item 9), in every mode: each seat's
//! presence (`POST …/presence`: only a seat's token marks its seat connected), the seats' names
//! (`POST …/name`) and a rematch with the seats swapped (`POST …/rematch`: online the other
//! player accepts by asking for it too; each player's token holds their new seat).

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use nefer_core::{Game, Seat};
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;
use utoipa::ToSchema;

use crate::api::{AppState, GameId, JsonBody, PathParam, answer, new_capped_game, token_of};
use crate::body::NAME_MAX;
use crate::error::{ApiResult, ErrorBody, SessionError};
use crate::session::{Mode, NewGame, Session, new_id};
use crate::view::{GameView, PresenceKey, SeatKey};

/// Characters refused in a name besides the control characters (`char::is_control`): those
/// that turn the direction of the text around it or hide in it (Unicode's bidirectional
/// embeddings, overrides and isolates, zero-width marks, the byte-order mark), with which a
/// name could make the words around it read otherwise.
const HIDDEN: [char; 14] = [
    '\u{200B}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{2060}', '\u{FEFF}',
];

/// Checks a seat's name: trimmed, at most [`NAME_MAX`] characters, without control or
/// direction-changing characters; `empty` says whether an empty name is taken (a new game's:
/// the seat gets a default name). Each refusal says what was wrong and where.
///
/// # Errors
/// [`SessionError::BadName`] with the reason.
pub fn check_name(raw: &str, empty: bool) -> Result<String, SessionError> {
    let name = raw.trim();
    if name.is_empty() && !empty {
        return Err(SessionError::BadName(
            "a name cannot be empty (or only spaces)".into(),
        ));
    }
    let n = name.chars().count();
    if n > NAME_MAX {
        return Err(SessionError::BadName(format!(
            "a name is at most {NAME_MAX} characters; this one has {n}"
        )));
    }
    if let Some((i, c)) = name
        .chars()
        .enumerate()
        .find(|(_, c)| c.is_control() || HIDDEN.contains(c))
    {
        return Err(SessionError::BadName(format!(
            "a name cannot hold control or direction-changing characters: U+{:04X} at character {}",
            u32::from(c),
            i + 1
        )));
    }
    Ok(name.to_owned())
}

/// `POST …/presence`: whether the seat's page is open.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PresenceBody {
    /// `true` (the default): the page is open; `false`: it is being closed.
    #[serde(default)]
    #[schema(nullable = false)]
    pub present: Option<bool>,
}

/// Both seats' presence.
#[derive(Debug, Serialize, ToSchema)]
pub struct PresenceView {
    /// Seat A's.
    #[serde(rename = "A")]
    pub a: PresenceKey,
    /// Seat B's.
    #[serde(rename = "B")]
    pub b: PresenceKey,
}

/// `POST …/name`: a seat's new name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NameBody {
    /// The name: at most 40 characters, not empty, without control or direction-changing
    /// characters (spaces around it are dropped).
    #[schema(examples("Nefertari"), max_length = 40)]
    pub name: String,
    /// The seat to name; needed only where the token holds both (one screen).
    #[serde(default)]
    #[schema(nullable = false)]
    pub seat: Option<SeatKey>,
}

/// `POST …/rematch`: nothing to say.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RematchBody {}

/// The seats `token` holds in game `s`, at least one.
fn seats_of(
    s: &Session,
    token: Option<&str>,
    what: &'static str,
) -> Result<Vec<Seat>, SessionError> {
    let token = token.ok_or(SessionError::NoToken(what))?;
    let held = s.holds(Some(token));
    if held.is_empty() {
        return Err(SessionError::NotASeat { game: s.id.clone() });
    }
    Ok(held)
}

/// Announces a change of presence, and makes sure that a seat's going away is announced when
/// it comes: one task per connected seat waits for its timeout (a page that keeps saying it is
/// there only moves the time on).
fn watch_presence(st: &AppState, game: &Arc<Mutex<Session>>, s: &mut Session, now: Instant) {
    if s.presence.changed(now) {
        s.announce();
    }
    for seat in Seat::BOTH {
        if s.presence.watching[seat.index()] || s.presence.expires(seat, now).is_none() {
            continue;
        }
        s.presence.watching[seat.index()] = true;
        let game = game.clone();
        let stopping = st.stopping();
        tokio::spawn(async move {
            loop {
                let until = {
                    let mut s = game.lock().await;
                    let now = Instant::now();
                    if s.presence.changed(now) {
                        s.announce();
                    }
                    match s.presence.expires(seat, now) {
                        Some(t) if !*stopping.borrow() => t,
                        _ => {
                            s.presence.watching[seat.index()] = false;
                            return;
                        }
                    }
                };
                tokio::time::sleep_until(until.into()).await;
            }
        });
    }
}

/// Say that the seats of the token are connected (`present`, the default) or that their page
/// is being closed. A page says so every few seconds while it is open; a seat not heard from
/// within the server's presence timeout (20 s by default) is away. Only a seat's token marks
/// it: nobody else can make a seat look connected.
#[utoipa::path(post, path = "/api/games/{id}/presence", tag = "games",
    params(GameId),
    request_body(content = Option<PresenceBody>, description = "Optional; an empty body reads as `{}` (present)."),
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "Both seats' presence now.", body = PresenceView),
        (status = 400, description = "A malformed body or field.", body = ErrorBody),
        (status = 401, description = "No token.", body = ErrorBody),
        (status = 403, description = "The token holds no seat of the game.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
    ))]
pub(crate) async fn presence(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<PresenceBody>,
) -> ApiResult<Json<PresenceView>> {
    let token = token_of(&headers, q.as_deref())?;
    let game = st.game(&id)?;
    let mut s = game.lock().await;
    let held = seats_of(&s, token.as_deref(), "presence needs your seat's token")?;
    let now = Instant::now();
    s.presence.timeout = st.limits().presence_timeout;
    for &seat in &held {
        s.presence.mark(seat, req.present.unwrap_or(true), now);
    }
    watch_presence(&st, &game, &mut s, now);
    let key = |seat: Seat| {
        if s.seats[seat.index()].computer || s.presence.connected(seat, now) {
            PresenceKey::Connected
        } else {
            PresenceKey::Away
        }
    };
    Ok(Json(PresenceView {
        a: key(Seat::A),
        b: key(Seat::B),
    }))
}

/// Name a seat the token holds (`seat` may be left out where it holds one). The name is stored
/// with the game, shown to everyone and written in its record; the computer's seat keeps its
/// level's name.
#[utoipa::path(post, path = "/api/games/{id}/name", tag = "games",
    params(GameId),
    request_body = NameBody,
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "The game view with the new name.", body = GameView),
        (status = 400, description = "A name that is empty, over 40 characters or holds a control or direction-changing character; no `seat` where the token holds both; a malformed body.", body = ErrorBody),
        (status = 401, description = "No token.", body = ErrorBody),
        (status = 403, description = "The token holds no seat of the game, or not this one (the computer's included).", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 413, description = "The body is larger than 64 KiB.", body = ErrorBody),
    ))]
pub(crate) async fn name(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(req): JsonBody<NameBody>,
) -> ApiResult<Json<GameView>> {
    let token = token_of(&headers, q.as_deref())?;
    let game = st.game(&id)?;
    let mut s = game.lock().await;
    let held = seats_of(&s, token.as_deref(), "naming a seat needs its token")?;
    let seat = match (req.seat.map(Seat::from), held.as_slice()) {
        (Some(seat), _) if held.contains(&seat) => seat,
        (Some(seat), _) => {
            return Err(SessionError::NotYourSeat {
                seat,
                held: held
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" and "),
                computer: s.seats[seat.index()].computer,
            }
            .into());
        }
        (None, [only]) => *only,
        (None, _) => return Err(SessionError::WhichSeat.into()),
    };
    let name = check_name(&req.name, false)?;
    s.rename(st.store(), seat, name)?;
    Ok(answer(&s, token.as_deref()))
}

/// Offer or accept a rematch of a finished game: the same rule set and options, the seats
/// swapped (each player's token holds their new seat). Against the computer or on one screen
/// it starts at once; online the first player's request offers it and the other's accepts it.
/// Asking again changes nothing; the view's `rematch` says where it stands (`game`: the new
/// game's id).
#[utoipa::path(post, path = "/api/games/{id}/rematch", tag = "games",
    params(GameId),
    request_body(content = Option<RematchBody>, description = "Optional; an empty body reads as `{}`."),
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "The finished game's view, its `rematch` offered or made.", body = GameView),
        (status = 400, description = "A malformed body.", body = ErrorBody),
        (status = 401, description = "No token.", body = ErrorBody),
        (status = 403, description = "The token holds no seat of the game.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "The game is not over.", body = ErrorBody),
        (status = 429, description = "Too many new games from this address (`Retry-After`).", body = ErrorBody),
    ))]
pub(crate) async fn rematch(
    State(st): State<AppState>,
    PathParam(id): PathParam,
    headers: HeaderMap,
    RawQuery(q): RawQuery,
    JsonBody(RematchBody {}): JsonBody<RematchBody>,
) -> ApiResult<Json<GameView>> {
    let token = token_of(&headers, q.as_deref())?;
    let mut s = st.lock(&id).await?;
    let held = seats_of(&s, token.as_deref(), "a rematch needs your seat's token")?;
    if s.game().outcome().is_none() {
        return Err(SessionError::NotOver.into());
    }
    if s.rematch.is_some() {
        return Ok(answer(&s, token.as_deref()));
    }
    // Online, the other player must want it too: the first request offers it.
    let accepted = match (s.mode, s.rematch_offer) {
        (Mode::Online, Some(by)) => !held.contains(&by),
        (Mode::Online, None) => false,
        (Mode::Computer | Mode::Local, _) => true,
    };
    if !accepted {
        if s.rematch_offer.is_none() {
            let by = held[0];
            st.store().set_rematch(&s.id, Some(&by.to_string()), None)?;
            s.rematch_offer = Some(by);
            s.announce();
        }
        return Ok(answer(&s, token.as_deref()));
    }
    let new_id = start_rematch(&st, s.rematch_game(st.limits().search)).await?;
    st.store().set_rematch(&s.id, None, Some(&new_id))?;
    s.rematch_offer = None;
    s.rematch = Some(new_id);
    s.announce();
    Ok(answer(&s, token.as_deref()))
}

/// Starts the rematch `new` ([`Session::rematch_game`]): stored, the computer's first turn
/// played, kept in memory; returns its id.
async fn start_rematch(st: &AppState, mut new: NewGame) -> Result<String, SessionError> {
    // The options as the game kept them, capped as every new game is (C-7): a game set up from
    // a position had a cap counted from there.
    let (_, options) = new_capped_game(new.rules, &new.options, st.limits().max_turns)?;
    new.options = options;
    let id = new_id()?;
    let mut s = Session::new(id.clone(), new)?;
    let rows = s.settle()?;
    st.store().insert_game(&s.row(), &rows)?;
    s.run_computer(st.store(), st.searches()).await?;
    st.keep(&id, Arc::new(Mutex::new(s)))?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_bounded_and_free_of_control_characters() {
        assert_eq!(check_name("  Ahmose ", false).unwrap(), "Ahmose");
        assert_eq!(check_name("", true).unwrap(), "");
        assert_eq!(
            check_name(&"é".repeat(NAME_MAX), false)
                .unwrap()
                .chars()
                .count(),
            NAME_MAX
        );
        let refused = |raw: &str, empty| match check_name(raw, empty) {
            Err(SessionError::BadName(why)) => why,
            other => panic!("{raw:?}: {other:?}"),
        };
        assert!(refused("   ", false).contains("cannot be empty"));
        assert!(refused(&"x".repeat(NAME_MAX + 1), true).contains("this one has 41"));
        assert!(refused("Ah\u{7}mose", false).contains("U+0007 at character 3"));
        assert!(refused("Ah\nmose", false).contains("U+000A"));
        assert!(refused("abc\u{202E}fed", false).contains("U+202E at character 4"));
    }
}
