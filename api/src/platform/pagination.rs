//! The paging block shared by every paged list: `{current_page, last_page, per_page, total}`.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::error::{AppError, AppResult};

/// The highest page number a list accepts; beyond it a request is a 422, not an overflow.
pub const MAX_PAGE: i64 = 100_000;

/// The query of a list that is only paged (`?page=`).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

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

    /// The requested page (`first_page` when absent): 0 to `MAX_PAGE`, else a 422 on `page`;
    /// a page before `first_page` is the first page.
    pub fn requested(page: Option<i64>, first_page: i64) -> AppResult<i64> {
        match page {
            None => Ok(first_page),
            Some(page) if (0..=MAX_PAGE).contains(&page) => Ok(page.max(first_page)),
            Some(_) => Err(AppError::rule("page", format!("between:0,{MAX_PAGE}"))),
        }
    }

    pub fn offset(current_page: i64, per_page: i64, first_page: i64) -> i64 {
        current_page
            .saturating_sub(first_page)
            .max(0)
            .saturating_mul(per_page)
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
        assert_eq!(Paging::offset(i64::MAX, 50, 1), i64::MAX);
    }

    #[test]
    fn pages_outside_the_range_are_refused() {
        assert_eq!(Paging::requested(None, 1).unwrap(), 1);
        assert_eq!(Paging::requested(Some(0), 1).unwrap(), 1);
        assert_eq!(Paging::requested(Some(3), 0).unwrap(), 3);
        assert!(Paging::requested(Some(-1), 0).is_err());
        assert!(Paging::requested(Some(i64::MAX), 1).is_err());
    }
}
