//! The OpenAPI 3.1 document of the API, written by hand from docs/dev/api.md.

use serde_json::{Value, json};

/// The document served at `/api/openapi.json`.
pub fn document() -> Value {
    json!({
        "openapi": "3.1.0",
        "info": {"title": "nefer play server", "version": env!("CARGO_PKG_VERSION")},
        "paths": {}
    })
}
