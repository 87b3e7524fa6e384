//! The money rule of a client's usage, in integer yen: one medium's month is one bill, taxed
//! once (consumption tax floored on that bill's subtotal, as the invoice rules ask of one
//! invoice and one rate); a month, a year or the overview adds bills up, never re-taxes them.

use std::iter::Sum;
use std::ops::Add;

use serde::Serialize;
use utoipa::ToSchema;

use crate::money::rewards::tax::Rate;

/// The figures of one bill (one medium's month) or of a sum of bills.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
// Named apart from the creators' statement Amounts: the document has one schema per name.
#[schema(as = BillAmounts)]
pub struct Amounts {
    /// Σ reward_amount of the done, valid tasks completed in the month (yen, tax-exclusive).
    pub task_amount: i64,
    /// Σ option payments targeted at the month (yen, tax-exclusive).
    pub option_amount: i64,
    /// task_amount + option_amount.
    pub subtotal_amount: i64,
    /// floor(subtotal × rate) per bill; for a sum, the sum of each bill's tax.
    pub consumption_tax: i64,
    /// subtotal_amount + consumption_tax.
    pub total_amount: i64,
}

impl Amounts {
    /// One medium's month at consumption tax `rate`.
    pub fn bill(task_amount: i64, option_amount: i64, rate: Rate) -> Self {
        let subtotal_amount = task_amount + option_amount;
        let consumption_tax = rate.of(subtotal_amount);
        Amounts {
            task_amount,
            option_amount,
            subtotal_amount,
            consumption_tax,
            total_amount: subtotal_amount + consumption_tax,
        }
    }

    pub fn is_zero(&self) -> bool {
        *self == Amounts::default()
    }
}

impl Add for Amounts {
    type Output = Amounts;

    fn add(self, other: Amounts) -> Amounts {
        Amounts {
            task_amount: self.task_amount + other.task_amount,
            option_amount: self.option_amount + other.option_amount,
            subtotal_amount: self.subtotal_amount + other.subtotal_amount,
            consumption_tax: self.consumption_tax + other.consumption_tax,
            total_amount: self.total_amount + other.total_amount,
        }
    }
}

impl Sum for Amounts {
    fn sum<I: Iterator<Item = Amounts>>(iter: I) -> Amounts {
        iter.fold(Amounts::default(), Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::rewards::tax::CONSUMPTION_TAX;

    #[test]
    fn a_bill_is_taxed_once_and_floored() {
        let bill = Amounts::bill(10_005, 999, CONSUMPTION_TAX);
        assert_eq!(
            bill,
            Amounts {
                task_amount: 10_005,
                option_amount: 999,
                subtotal_amount: 11_004,
                consumption_tax: 1_100,
                total_amount: 12_104,
            }
        );
        assert!(Amounts::bill(0, 0, CONSUMPTION_TAX).is_zero());
    }

    #[test]
    fn sums_add_each_bills_tax_never_retax() {
        // Two media of 1,005 yen: 100 + 100, where taxing 2,010 at once would give 201.
        let total: Amounts = [1_005, 1_005]
            .into_iter()
            .map(|amount| Amounts::bill(amount, 0, CONSUMPTION_TAX))
            .sum();
        assert_eq!(total.subtotal_amount, 2_010);
        assert_eq!(total.consumption_tax, 200);
        assert_eq!(total.total_amount, 2_210);
    }

    #[test]
    fn large_bills_do_not_overflow() {
        let bill = Amounts::bill(4_000_000_000_000, 1, Rate::bp(800));
        assert_eq!(bill.consumption_tax, 320_000_000_000);
        assert_eq!(bill.total_amount, 4_320_000_000_001);
    }
}
