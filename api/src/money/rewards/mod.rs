//! Creators' monthly rewards: `tax` holds every money rule of a statement; `http` answers
//! `/users/{id}/rewards/{year}/{month}` (confirmation, annual statements and downloads follow in
//! issue 13).

pub mod access;
pub mod db;
pub mod http;
pub mod model;
pub mod tax;
