//! The API's integration tests as one test binary: each module is one area (its file beside
//! this one), `support` is the shared harness. One binary links the server once instead of
//! once per area: on two cores a test build after a change to the server went from 80 s to
//! 26 s, and the areas share one pool of test threads instead of running one after another.

mod support;

mod accounts;
mod assessments;
mod auth;
mod authorization_matrix;
mod bank_accounts;
mod body_shape;
mod chat;
mod chat_threads;
mod client_address;
mod client_payments;
mod clients;
mod cluster;
mod connections;
mod creator_profile;
mod creators;
mod errors;
mod faults;
mod files;
mod fuzz_regressions;
mod guests;
mod housekeeping;
mod information;
mod input_safety;
mod maintenance;
mod manuscript_comments;
mod manuscript_images;
mod manuscripts;
mod master;
mod media_teams;
mod message_search;
mod notice_mails;
mod one_way_to_authorise;
mod operations;
mod payment_dates;
mod payments;
mod pool_release;
mod presence;
mod projects;
mod purchase_orders;
mod read_pipeline;
mod realtime;
mod realtime_access;
mod redis_cluster;
mod rewards;
mod security_headers;
mod server_timing;
mod static_assets;
mod storage;
mod task_flow;
mod tokyo_dates;
mod uploads;
mod user_admin;
mod work_admin;
mod work_edit;
mod work_sheets;
