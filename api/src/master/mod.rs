//! Master data: prefectures, postal codes, banks and branches, imported from maintained
//! packages (see `scripts/master_export.py`) and read by the profile and bank-account forms;
//! the genre catalogue (shipped by a migration) and the possible-work types (the work types).

pub mod db;
pub mod http;
pub mod model;

/// The prefecture id that stands for "residing overseas" (not a JIS X 0401 code); the profile
/// form's country choice maps to it.
pub const OVERSEAS_PREFECTURE_ID: i16 = 99;
