//! The OpenAPI 3.1 document of the API, served at `/api/openapi.json`. It is generated: the
//! paths from the handlers' `#[utoipa::path]` as [`crate::api::api_routes`] registers them, the
//! schemas from the types the handlers answer with (`crate::view`, `crate::body`, `crate::hint`,
//! `crate::analyze`, `crate::error`). What is written here is only what no type says: the
//! title, the overview and the seat token's security scheme.

use std::sync::LazyLock;

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

/// The document's frame; [`document`] fills in the paths and schemas.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "nefer play server",
        description = "Play Senet and Hounds & Jackals: the server owns the game and the dice. \
            Notation is NOTATION.md's; the contract is docs/dev/api.md. Every error is a 4xx/5xx \
            with {\"error\": \"…\", \"code\": \"…\"}: the words for people, the code for \
            programs. This document is generated from the server's types and handlers.",
    ),
    modifiers(&SeatToken),
    tags(
        (name = "games", description = "Playing, watching and replaying games."),
        (name = "rules", description = "What can be played, and against whom."),
        (name = "meta", description = "This document."),
    )
)]
pub struct ApiDoc;

/// The `seatToken` security scheme: a seat's secret as a bearer token.
struct SeatToken;

impl Modify for SeatToken {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let scheme = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some(
                "The secret token of a seat, given when the game is created (or in an invite \
                 link); sent only in the header `authorization: Bearer TOKEN` (a token in the \
                 query is refused).",
            ))
            .build();
        doc.components
            .get_or_insert_with(Default::default)
            .add_security_scheme("seatToken", SecurityScheme::Http(scheme));
    }
}

/// The document served at `/api/openapi.json`, built once.
pub fn document() -> &'static utoipa::openapi::OpenApi {
    static DOC: LazyLock<utoipa::openapi::OpenApi> =
        LazyLock::new(|| crate::api::api_routes().split_for_parts().1);
    &DOC
}
