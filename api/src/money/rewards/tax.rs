//! The figures of a creator's monthly reward statement, exact to the yen: consumption tax,
//! withholding income tax (源泉徴収), the usage fee and what reaches the bank. Every money rule
//! lives here, in integer arithmetic: amounts are yen (`i64`), rates are basis points (1/100 of
//! a percent, so 10.21 % is `Rate::bp(1021)`), and every product is floored as the NTA does.
//!
//! Withholding (NTA タックスアンサー No.2795, fees for manuscripts, illustrations, designs and
//! similar work): only for individual payees; on the subtotal without consumption tax (it is
//! stated separately); 10.21 % up to ¥1,000,000 and 20.42 % on the part above it (+ ¥102,100);
//! computed on the month's payment as a whole, never per task. A reduced rate set by the staff
//! (a treaty rate for a non-resident, say) replaces the formula; an overseas individual without
//! one pays 20.42 % flat (非居住者, 所得税法 212 条).

use serde::{Deserialize, Serialize};

/// A rate in basis points: 1 bp = 0.01 %.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rate(u32);

impl Rate {
    pub const fn bp(basis_points: u32) -> Self {
        Self(basis_points)
    }

    pub const fn percent(whole: u32) -> Self {
        Self(whole * 100)
    }

    pub const fn basis_points(self) -> u32 {
        self.0
    }

    /// floor(amount × rate) for a non-negative amount (i128 inside, so no overflow).
    pub fn of(self, amount: i64) -> i64 {
        debug_assert!(amount >= 0, "rates apply to non-negative amounts");
        let product = i128::from(amount.max(0)) * i128::from(self.0) / 10_000;
        i64::try_from(product).unwrap_or(i64::MAX)
    }

    /// A percentage as a person types it (`"10.21"`, `"5"`, `"0.5"`): at most two decimals and
    /// at most 100 %, read exactly (never through floating point).
    /// What `parse_percent` reads, as a pattern for the document: 0–100 with at most two
    /// decimals.
    pub const PATTERN_PERCENT: &'static str = r"^(100(\.0{1,2})?|[0-9]{1,2}(\.[0-9]{1,2})?)$";

    pub fn parse_percent(text: &str) -> Option<Self> {
        let text = text.trim();
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty()
            || whole.len() > 3
            || fraction.len() > 2
            || !digits(whole)
            || !digits(fraction)
        {
            return None;
        }
        if text.ends_with('.') {
            return None;
        }
        let whole: u32 = whole.parse().ok()?;
        let fraction: u32 = format!("{fraction:0<2}").parse().ok()?;
        let bp = whole * 100 + fraction;
        (bp <= 10_000).then_some(Self(bp))
    }

    /// The rate as the API shows it: `"10.21"`, `"10"`.
    pub fn to_percent_string(self) -> String {
        let (whole, fraction) = (self.0 / 100, self.0 % 100);
        match fraction {
            0 => whole.to_string(),
            f if f % 10 == 0 => format!("{whole}.{}", f / 10),
            f => format!("{whole}.{f:02}"),
        }
    }
}

/// Consumption tax on rewards today (10 %); a statement stores the rate it was computed with.
pub const CONSUMPTION_TAX: Rate = Rate::percent(10);
/// Withholding up to the threshold (10 % income tax + 2.1 % of it as reconstruction tax).
pub const WITHHOLDING_LOW: Rate = Rate::bp(1021);
/// Withholding above the threshold, and the flat rate for non-residents.
pub const WITHHOLDING_HIGH: Rate = Rate::bp(2042);
/// The part of one payment taxed at the low rate.
pub const WITHHOLDING_THRESHOLD: i64 = 1_000_000;

/// Who is paid, as far as tax is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payee {
    pub kind: PayeeKind,
    pub resides_abroad: bool,
    /// A rate the staff set for this creator; replaces the withholding formula.
    pub reduced_withholding_rate: Option<Rate>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayeeKind {
    Individual,
    Corporation,
}

/// The rates a statement is computed with (stored on it, so later changes never rewrite it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rates {
    pub consumption_tax: Rate,
    /// The platform's usage fee, a percentage of the subtotal (0 by default).
    pub usage_fee: Rate,
}

impl Default for Rates {
    fn default() -> Self {
        Self {
            consumption_tax: CONSUMPTION_TAX,
            usage_fee: Rate::bp(0),
        }
    }
}

/// The figures of one month's statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Figures {
    pub subtotal_reward_amount: i64,
    pub consumption_tax: i64,
    pub withholding_tax: i64,
    pub usage_fee: i64,
    pub total_reward_amount: i64,
}

impl Figures {
    pub const ZERO: Figures = Figures {
        subtotal_reward_amount: 0,
        consumption_tax: 0,
        withholding_tax: 0,
        usage_fee: 0,
        total_reward_amount: 0,
    };
}

/// Withholding on one month's payment `base` (yen, without consumption tax).
pub fn withholding_tax(payee: &Payee, base: i64) -> i64 {
    if payee.kind == PayeeKind::Corporation || base <= 0 {
        return 0;
    }
    if let Some(rate) = payee.reduced_withholding_rate {
        return rate.of(base);
    }
    if payee.resides_abroad {
        return WITHHOLDING_HIGH.of(base);
    }
    if base <= WITHHOLDING_THRESHOLD {
        WITHHOLDING_LOW.of(base)
    } else {
        WITHHOLDING_HIGH.of(base - WITHHOLDING_THRESHOLD)
            + WITHHOLDING_LOW.of(WITHHOLDING_THRESHOLD)
    }
}

/// The statement of the month whose task lines are `reward_amounts` (each excluding tax).
pub fn figures(reward_amounts: &[i64], payee: &Payee, rates: &Rates) -> Figures {
    let subtotal: i64 = reward_amounts.iter().sum();
    let consumption_tax = rates.consumption_tax.of(subtotal);
    let withholding_tax = withholding_tax(payee, subtotal);
    let usage_fee = rates.usage_fee.of(subtotal);
    Figures {
        subtotal_reward_amount: subtotal,
        consumption_tax,
        withholding_tax,
        usage_fee,
        total_reward_amount: subtotal + consumption_tax - withholding_tax - usage_fee,
    }
}

/// The sums of several months' figures (a year's statement): each figure added as stated, never
/// recomputed from the summed subtotal (withholding is per payment, so per month).
pub fn sum(months: impl IntoIterator<Item = Figures>) -> Figures {
    months.into_iter().fold(Figures::ZERO, |acc, m| Figures {
        subtotal_reward_amount: acc.subtotal_reward_amount + m.subtotal_reward_amount,
        consumption_tax: acc.consumption_tax + m.consumption_tax,
        withholding_tax: acc.withholding_tax + m.withholding_tax,
        usage_fee: acc.usage_fee + m.usage_fee,
        total_reward_amount: acc.total_reward_amount + m.total_reward_amount,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PERSON: Payee = Payee {
        kind: PayeeKind::Individual,
        resides_abroad: false,
        reduced_withholding_rate: None,
    };
    const COMPANY: Payee = Payee {
        kind: PayeeKind::Corporation,
        resides_abroad: false,
        reduced_withholding_rate: None,
    };
    const ABROAD: Payee = Payee {
        kind: PayeeKind::Individual,
        resides_abroad: true,
        reduced_withholding_rate: None,
    };
    const TREATY_10: Payee = Payee {
        kind: PayeeKind::Individual,
        resides_abroad: true,
        reduced_withholding_rate: Some(Rate::percent(10)),
    };

    /// (case, lines, payee, usage fee bp, subtotal, consumption tax, withholding, usage fee, total)
    /// — each row worked out by hand from the NTA formula.
    #[allow(clippy::type_complexity)]
    const CASES: &[(&str, &[i64], Payee, u32, i64, i64, i64, i64, i64)] = &[
        ("nothing earned", &[], PERSON, 0, 0, 0, 0, 0, 0),
        (
            "one small task",
            &[10_000],
            PERSON,
            0,
            10_000,
            1_000,
            1_021,
            0,
            9_979,
        ),
        (
            "rounding down: 9,999 × 10.21 % = 1,020.8979",
            &[9_999],
            PERSON,
            0,
            9_999,
            999,
            1_020,
            0,
            9_978,
        ),
        (
            "exactly ¥1,000,000",
            &[1_000_000],
            PERSON,
            0,
            1_000_000,
            100_000,
            102_100,
            0,
            997_900,
        ),
        (
            "one yen over: 1 × 20.42 % floors to 0",
            &[1_000_001],
            PERSON,
            0,
            1_000_001,
            100_000,
            102_100,
            0,
            997_901,
        ),
        (
            "¥1,500,000: 500,000 × 20.42 % + 102,100",
            &[1_500_000],
            PERSON,
            0,
            1_500_000,
            150_000,
            204_200,
            0,
            1_445_800,
        ),
        // Per task this would be 2 × floor(600,000 × 10.21 %) = 122,520: the month is taxed whole.
        (
            "two tasks over the threshold together",
            &[600_000, 600_000],
            PERSON,
            0,
            1_200_000,
            120_000,
            142_940,
            0,
            1_177_060,
        ),
        // Per task the floors would lose a yen: 3 × floor(1,111 × 10.21 %) = 3 × 113 = 339.
        (
            "three odd tasks floored once",
            &[1_111, 1_111, 1_111],
            PERSON,
            0,
            3_333,
            333,
            340,
            0,
            3_326,
        ),
        (
            "a corporation is not withheld",
            &[1_500_000],
            COMPANY,
            0,
            1_500_000,
            150_000,
            0,
            0,
            1_650_000,
        ),
        (
            "a non-resident pays 20.42 % flat",
            &[100_000],
            ABROAD,
            0,
            100_000,
            10_000,
            20_420,
            0,
            89_580,
        ),
        (
            "a treaty rate replaces the formula",
            &[1_500_000],
            TREATY_10,
            0,
            1_500_000,
            150_000,
            150_000,
            0,
            1_500_000,
        ),
        (
            "a usage fee of 5 %",
            &[33_333],
            PERSON,
            500,
            33_333,
            3_333,
            3_403,
            1_666,
            31_597,
        ),
    ];

    #[test]
    fn the_case_table_holds() {
        for &(case, lines, payee, fee_bp, subtotal, tax, withheld, fee, total) in CASES {
            let rates = Rates {
                usage_fee: Rate::bp(fee_bp),
                ..Rates::default()
            };
            let expected = Figures {
                subtotal_reward_amount: subtotal,
                consumption_tax: tax,
                withholding_tax: withheld,
                usage_fee: fee,
                total_reward_amount: total,
            };
            assert_eq!(figures(lines, &payee, &rates), expected, "{case}");
        }
    }

    #[test]
    fn withholding_is_continuous_at_the_threshold() {
        assert_eq!(withholding_tax(&PERSON, 999_999), 102_099);
        assert_eq!(withholding_tax(&PERSON, 1_000_000), 102_100);
        assert_eq!(withholding_tax(&PERSON, 1_000_005), 102_101);
    }

    #[test]
    fn a_year_sums_the_months_as_withheld_each_month() {
        // Two months of ¥600,000: each withheld at 10.21 % (61,260), not 1,200,000 as one payment.
        let month = figures(&[600_000], &PERSON, &Rates::default());
        let year = sum([month, month]);
        assert_eq!(year.subtotal_reward_amount, 1_200_000);
        assert_eq!(year.withholding_tax, 122_520);
        assert_eq!(year.consumption_tax, 120_000);
        assert_eq!(year.total_reward_amount, 2 * month.total_reward_amount);
        assert_eq!(sum([]).total_reward_amount, 0);
    }

    #[test]
    fn large_amounts_do_not_overflow() {
        let billions = [4_000_000_000_000_i64];
        let f = figures(&billions, &PERSON, &Rates::default());
        assert_eq!(f.consumption_tax, 400_000_000_000);
        assert_eq!(f.withholding_tax, 816_799_897_900);
    }

    #[test]
    fn percentages_parse_exactly() {
        assert_eq!(Rate::parse_percent("10.21"), Some(Rate::bp(1021)));
        assert_eq!(Rate::parse_percent("10"), Some(Rate::bp(1000)));
        assert_eq!(Rate::parse_percent(" 0.5 "), Some(Rate::bp(50)));
        assert_eq!(Rate::parse_percent("100"), Some(Rate::bp(10_000)));
        for bad in [
            "", "100.01", "1.234", "-1", "1e2", "10.", ".5", "abc", "1,5",
        ] {
            assert_eq!(Rate::parse_percent(bad), None, "{bad}");
        }
    }

    #[test]
    fn rates_read_as_percent() {
        assert_eq!(WITHHOLDING_LOW.to_percent_string(), "10.21");
        assert_eq!(CONSUMPTION_TAX.to_percent_string(), "10");
        assert_eq!(Rate::bp(1050).to_percent_string(), "10.5");
        assert_eq!(Rate::bp(5).to_percent_string(), "0.05");
    }
}
