//! Payments (issue 13): the accountant's tabs (each month's done tasks, what each creator is
//! paid, the creators' bank accounts) and the downloads of a confirmed month: the Zengin
//! transfer file (`zengin`) paid on `payday::payment_date` and the statements spreadsheet
//! (`workbook`).

pub mod access;
pub mod db;
pub mod http;
pub mod live;
pub mod model;
pub mod payday;
pub mod workbook;
pub mod zengin;
