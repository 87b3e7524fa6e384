//! Task spreadsheets: templates and imports.

pub mod http;
pub mod workbook;
