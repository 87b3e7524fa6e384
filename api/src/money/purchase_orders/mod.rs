//! Purchase orders (発注書): the written terms of every order the operator places with a creator,
//! as the Freelance Act (特定受託事業者に係る取引の適正化等に関する法律) art. 3 requires.
//!
//! An order is a task a creator has taken (`task_assignees.state = 'taken'`). Its purchase order
//! is a stored snapshot, issued in the transaction that takes the task (`work::tasks`), so what
//! was agreed cannot change silently: when the terms of a taken task change later (content,
//! amount, order or due date) the task writers call [`issue_for_task`] again in their
//! transaction and a new version is issued; the earlier one stays, marked superseded. The rows
//! are append-only (a trigger refuses updates and deletes).
//!
//! What a purchase order states and where it comes from:
//! - issuer (発注者): the platform's operator (`config::Operator`, `OPERATOR_*`), who pays the
//!   rewards and withholds tax; the client company and medium the work is for are named too;
//! - recipient (受注者): the creator's name (the company name of a corporate payee) and their
//!   invoice registration number of the month (`bank_accounts::payee_for_month`, else the
//!   current account);
//! - content of the work: task type and title, with project and work;
//! - amount: integer yen without consumption tax, the tax (`rewards::tax`, the rate of
//!   `reward_settings` when issued, floored) and the sum; a task without an amount says 未定 and
//!   the version that sets it is the supplementary notice (補充の明示);
//! - order date, due date, place and way of delivery (`terms::DELIVERY_PLACE`);
//! - inspection: the day the delivery was accepted, once it was (read live from `inspections`);
//! - payment: `terms::PAYMENT_TERMS`, the JFTC monthly-closing reading of "within 60 days of
//!   receipt" — the last day of the month after the month the deliverable was received — with
//!   the date itself once a delivery was received (`terms::payment_due`), and the method.
//!
//! Who reads: the creator themself, accountants and admins (`rewards::access::ensure_may_read`).

mod db;
pub mod http;
mod issue;
pub mod model;
pub mod terms;

pub use issue::issue_for_task;
