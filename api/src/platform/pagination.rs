//! The paging block shared by every paged list: `{current_page, last_page, per_page, total}`.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
pub struct Paging {
    pub current_page: i64,
    pub last_page: i64,
    pub per_page: i64,
    pub total: i64,
}

impl Paging {
    /// Pages counted from `first_page` (0 for message history, 1 for most lists).
    pub fn new(current_page: i64, per_page: i64, total: i64, first_page: i64) -> Self {
        let pages = ((total + per_page - 1) / per_page).max(1);
        Paging {
            current_page,
            last_page: first_page + pages - 1,
            per_page,
            total,
        }
    }

    pub fn offset(current_page: i64, per_page: i64, first_page: i64) -> i64 {
        (current_page - first_page).max(0) * per_page
    }
}

#[cfg(test)]
mod tests {
    use super::Paging;

    #[test]
    fn last_page_counts_from_the_first_page() {
        assert_eq!(Paging::new(1, 20, 41, 1).last_page, 3);
        assert_eq!(Paging::new(0, 50, 50, 0).last_page, 0);
        assert_eq!(Paging::new(1, 20, 0, 1).last_page, 1);
        assert_eq!(Paging::offset(3, 20, 1), 40);
        assert_eq!(Paging::offset(0, 50, 0), 0);
    }
}
