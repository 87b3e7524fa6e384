//! Task spreadsheets: templates and imports.

mod db;
pub mod http;
pub mod workbook;
