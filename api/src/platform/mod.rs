//! Cross-cutting pieces every domain uses: the error type, extractors and role guards,
//! validation, pagination, query strings, mail, the HTTP app, OpenAPI and the socket glue.

pub mod app;
pub mod attachment;
pub mod clock;
pub mod compression;
pub mod error;
pub mod events;
pub mod extract;
pub mod guards;
pub mod lifecycle;
pub mod limits;
pub mod mail;
pub mod metrics;
pub mod openapi;
pub mod pages;
pub mod pagination;
pub mod query;
pub mod read_pipeline;
pub mod realtime_auth;
pub mod security_headers;
pub mod server_timing;
pub mod shared_key;
pub mod sql;
pub mod storage;
pub mod text;
pub mod validation;
pub mod vocab;
mod web;
