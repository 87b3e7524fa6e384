//! A client company's usage (ご利用金額) and the bills of its media (spec: /clients/payments…,
//! /admins/media/payments/update; `GET /clients/{id}/payments…`,
//! `PUT /admin/clients/media/{id}/payments`).
//!
//! What a company uses, read live, never stored: per month and medium,
//! - every task of the medium's projects (task → work → project → medium → company) that is
//!   done, not invalid and completed in that month (its completed date names the month), at
//!   its `reward_amount` (tax-exclusive yen; a task without one counts 0), and
//! - the medium's option payments targeted at that month (`target_year`/`target_month`).
//!
//! One medium's month is one bill: subtotal = tasks + options, consumption tax =
//! floor(subtotal × rate) on that bill (`figures`), total = subtotal + tax. A month, a year or
//! the overview adds bills (tax included) and never re-taxes their sum. The rate is today's
//! (`money::rewards::db::current_rates`); a bill the staff record keeps its `billed_amount`,
//! so a later rate change never alters what was invoiced.
//!
//! What is stored is the bill (`media_payments`, one per medium and month): its status
//! (unbilled 未請求, billed 請求済, paid 入金済), billed amount (the computed total when the staff
//! give none), invoice and payment dates and a note the client reads; every write is kept in
//! `media_payment_changes` (staff see the history). Writes emit `media.updated`, so the
//! company's and the staff's open pages refetch.

pub mod access;
pub mod admin;
pub mod db;
pub mod figures;
pub mod http;
pub mod model;
pub mod usage;
