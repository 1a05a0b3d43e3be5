//! The OpenAPI 3.1 document of the API, written by hand from docs/dev/api.md (a generator would
//! need the view as Rust types; the view is built as JSON, so the schema is kept here, next to
//! a test that checks every route of the router is described).

use serde_json::{Value, json};

fn error_response(what: &str) -> Value {
    json!({"description": what, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn view_response(what: &str) -> Value {
    json!({"description": what, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GameView"}}}})
}

fn id_param() -> Value {
    json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The game id."})
}

fn token_param() -> Value {
    json!({"name": "token", "in": "query", "required": false, "schema": {"type": "string"},
           "description": "A seat token, for links; the header `authorization: Bearer TOKEN` does the same."})
}

fn version_body(with_move: bool) -> Value {
    let mut props = json!({"version": {"type": "integer", "minimum": 0,
        "description": "The version the client saw; a different one is refused with 409."}});
    let mut required = json!([]);
    if with_move {
        props["move"] = json!({"type": "string", "examples": ["L4-L20", "14-16", "hand-L1", "pass"],
            "description": "A legal move in NOTATION §3."});
        required = json!(["move"]);
    }
    json!({"required": with_move, "content": {"application/json": {"schema": {
        "type": "object", "properties": props, "required": required}}}})
}

/// An action on a game: throw, move or undo.
fn action(summary: &str, description: &str, with_move: bool) -> Value {
    json!({"post": {
        "summary": summary, "description": description,
        "parameters": [id_param(), token_param()],
        "security": [{"seatToken": []}],
        "requestBody": version_body(with_move),
        "responses": {
            "200": view_response("The game view after the action and any computer play."),
            "400": error_response("A malformed body or field."),
            "401": error_response("No token."),
            "403": error_response("The token does not hold the seat to act."),
            "404": error_response("No such game."),
            "409": error_response("A stale version, an action of the wrong kind, or the game is over."),
            "413": error_response("The body is larger than 64 KiB."),
            "422": error_response("The game refuses it: an illegal move (with `legal`), nothing to undo."),
        }
    }})
}

/// The document served at `/api/openapi.json`.
pub fn document() -> Value {
    let layout = json!({"type": "object", "required": ["board", "hand", "off", "trophies"], "properties": {
        "board": {"type": "array", "items": {"type": "string"}, "description": "Places of the pieces on the board (NOTATION §2), path order."},
        "hand": {"type": "integer", "description": "Pieces waiting to enter or re-enter."},
        "off": {"type": "integer", "description": "Pieces borne off."},
        "trophies": {"type": "integer", "description": "Opponent pieces captured and kept."}}});
    let layouts = json!({"type": "object", "required": ["A", "B"], "properties": {
        "A": {"$ref": "#/components/schemas/SeatLayout"}, "B": {"$ref": "#/components/schemas/SeatLayout"}}});
    let seat = json!({"type": ["string", "null"], "enum": ["A", "B", null]});
    let sticks = json!({"type": ["array", "null"], "items": {"type": "boolean"}, "minItems": 4, "maxItems": 4,
        "description": "How the four sticks fell, stick 0 first; true: the counted face shows."});
    let status = json!({"type": "object", "required": ["kind", "seat", "throw", "result", "reason"], "properties": {
        "kind": {"enum": ["throw", "decide", "over"]},
        "seat": seat,
        "throw": {"type": ["integer", "null"], "minimum": 1, "maximum": 5},
        "result": {"type": ["string", "null"], "enum": ["A", "B", "draw", null]},
        "reason": {"type": ["string", "null"], "description": "Why the game is over, in words."}}});
    let view = json!({"type": "object", "properties": {
        "id": {"type": "string"},
        "rules": {"type": "string"},
        "options": {"type": "string", "description": "As a record's `options:` line."},
        "mode": {"enum": ["computer", "local", "online"]},
        "seats": {"type": "object", "properties": {
            "A": {"$ref": "#/components/schemas/SeatInfo"}, "B": {"$ref": "#/components/schemas/SeatInfo"}}},
        "you": {"type": "array", "items": {"enum": ["A", "B"]}, "description": "Seats the token given holds; [] for spectators."},
        "version": {"type": "integer", "description": "Number of actions so far."},
        "status": {"$ref": "#/components/schemas/Status"},
        "layout": {"$ref": "#/components/schemas/Layouts"},
        "legal": {"type": "array", "items": {"type": "object", "required": ["move", "after"], "properties": {
            "move": {"type": "string"}, "from": {"type": "string"}, "to": {"type": "string"},
            "after": {"$ref": "#/components/schemas/Layouts"}}},
            "description": "The legal moves (empty unless status.kind is decide), each with the layout after it."},
        "sticks": {"$ref": "#/components/schemas/Sticks"},
        "history": {"type": "array", "items": {"type": "object", "required": ["i", "seat", "kind", "token"], "properties": {
            "i": {"type": "integer"}, "seat": seat, "kind": {"enum": ["throw", "move", "seat"]},
            "token": {"type": "string"}, "sticks": {"$ref": "#/components/schemas/Sticks"}}}},
        "turns": {"type": "integer"},
        "can_undo": {"type": "boolean"},
        "board_text": {"type": "string"},
        "tokens": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Creation only: the seat tokens given to the creator."},
        "links": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Creation only: self, watch and (online) invite."}}});
    let frame = json!({"type": "object", "properties": {
        "i": {"type": "integer"}, "token": {"type": ["string", "null"]},
        "status": {"$ref": "#/components/schemas/Status"}, "layout": {"$ref": "#/components/schemas/Layouts"},
        "sticks": {"$ref": "#/components/schemas/Sticks"}}});
    let create = json!({"type": "object", "required": ["rules"], "properties": {
        "rules": {"type": "string", "examples": ["hj.french"]},
        "options": {"oneOf": [{"type": "object", "additionalProperties": {"type": ["string", "number", "boolean"]}},
                              {"type": "string"}, {"type": "null"}]},
        "mode": {"enum": ["computer", "local", "online"], "default": "computer"},
        "level": {"type": "string", "default": "medium", "description": "Computer mode: a level of /api/levels or a player spec."},
        "seat": {"type": ["string", "null"], "enum": ["A", "B", null], "description": "The creator's seat; null: drawn at random."},
        "names": {"type": "object", "properties": {"A": {"type": "string", "maxLength": 40}, "B": {"type": "string", "maxLength": 40}}}}});
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "nefer play server",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Play Senet and Hounds & Jackals: the server owns the game and the dice. Notation is NOTATION.md's; the contract is docs/dev/api.md. Every error is a 4xx/5xx with {\"error\": \"…\"}."
        },
        "components": {
            "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer",
                "description": "The secret token of a seat, given when the game is created (or in an invite link)."}},
            "schemas": {
                "Error": {"type": "object", "required": ["error"], "properties": {
                    "error": {"type": "string"},
                    "legal": {"type": "array", "items": {"type": "string"}},
                    "version": {"type": "integer"}, "index": {"type": "integer"},
                    "token": {"type": "string"}, "line": {"type": "integer"}}},
                "SeatLayout": layout, "Layouts": layouts, "Sticks": sticks, "Status": status,
                "SeatInfo": {"type": "object", "properties": {"name": {"type": "string"}, "kind": {"enum": ["human", "computer"]}}},
                "GameView": view, "Frame": frame, "CreateGame": create,
            }
        },
        "paths": {
            "/api/rules": {"get": {"summary": "Every rule set with its rules in words and its options.",
                "responses": {"200": {"description": "The rule sets, SPEC order.", "content": {"application/json": {"schema": {"type": "array"}}}}}}},
            "/api/levels": {"get": {"summary": "The computer's levels (perfect: pure races only).",
                "responses": {"200": {"description": "The levels.", "content": {"application/json": {"schema": {"type": "array"}}}}}}},
            "/api/games": {"post": {"summary": "Start a game.",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CreateGame"}}}},
                "responses": {"201": view_response("The game view with `tokens` and `links`."),
                              "400": error_response("Unknown rule set, option, mode, level or seat."),
                              "413": error_response("The body is larger than 64 KiB.")}}},
            "/api/games/{id}": {"get": {"summary": "The game view.", "parameters": [id_param(), token_param()],
                "responses": {"200": view_response("The game view; `you` lists the seats the token holds."),
                              "404": error_response("No such game.")}}},
            "/api/games/{id}/throw": action("Throw the sticks.", "The seat whose throw is due throws; the server draws the sticks.", false),
            "/api/games/{id}/move": action("Make a move.", "A legal move of the seat to decide; then the computer plays, if it is its turn.", true),
            "/api/games/{id}/undo": action("Undo (computer mode).", "Back to your previous decision with a real choice, with the same throw.", false),
            "/api/games/{id}/hint": {"get": {"summary": "The best move for the seat to decide.", "parameters": [id_param()],
                "responses": {"200": {"description": "The hint.", "content": {"application/json": {"schema": {"type": "object", "properties": {
                    "move": {"type": "string"}, "player": {"type": "string"},
                    "win_chance": {"type": ["number", "null"], "description": "The deciding seat's chance with perfect play (pure races, once their table is solved), else null."}}}}}},
                    "404": error_response("No such game."), "409": error_response("No decision is due.")}}},
            "/api/games/{id}/record": {"get": {"summary": "The game as an .ngr record.", "parameters": [id_param()],
                "responses": {"200": {"description": "The record (attachment).", "content": {"text/plain": {"schema": {"type": "string"}}}},
                              "404": error_response("No such game.")}}},
            "/api/games/{id}/events": {"get": {"summary": "Server-sent events: `event: state` with the game view, on connecting and after every action.",
                "parameters": [id_param(), token_param()],
                "responses": {"200": {"description": "An event stream.", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                              "404": error_response("No such game.")}}},
            "/api/replay": {"post": {"summary": "Replay an .ngr record step by step.",
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string"}}}},
                "responses": {"200": {"description": "Frame 0 is the start, frame k the position after k actions.",
                    "content": {"application/json": {"schema": {"type": "object", "properties": {
                        "rules": {"type": "string"}, "options": {"type": "string"}, "headers": {"type": "object"},
                        "frames": {"type": "array", "items": {"$ref": "#/components/schemas/Frame"}},
                        "result": {"type": ["string", "null"]}}}}}},
                    "413": error_response("The body is larger than 64 KiB."),
                    "422": error_response("A malformed record (`line`) or an illegal action (`index`, `token`, `legal`).")}}},
            "/api/openapi.json": {"get": {"summary": "This document.",
                "responses": {"200": {"description": "OpenAPI 3.1.", "content": {"application/json": {}}}}}}
        }
    })
}
