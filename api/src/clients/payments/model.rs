//! A client's usage as the API shows it (overview, year, month, one medium's month), the stored
//! media payment, and the staff's update with its rules.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::clients::clients::model::NamedRef;
use crate::clients::payments::figures::Amounts;
use crate::platform::validation::{Declared, FieldRules, Rule, Validator};

pub use crate::platform::validation::{YEAR_MAX, YEAR_MIN};
pub const NOTE_MAX: usize = 1000;
/// The largest bill accepted (a typo guard: ten billion yen).
pub const BILLED_AMOUNT_MAX: i64 = 10_000_000_000;

crate::closed_set!(
    /// Where a medium's bill for a month stands: 未請求, 請求済, 入金済.
    PaymentStatus {
        Unbilled = "unbilled",
        Billed = "billed",
        Paid = "paid",
    }
);

/// One year of the overview.
#[derive(Debug, Serialize, ToSchema)]
pub struct YearUsage {
    pub year: i32,
    #[serde(flatten)]
    pub amounts: Amounts,
}

/// `GET /clients/{id}/payments`: the years with usage, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsageOverview {
    pub client: NamedRef,
    /// The rate the figures use, as an exact decimal string ("10").
    pub consumption_tax_rate_percent: String,
    pub years: Vec<YearUsage>,
    /// Over every year.
    #[serde(flatten)]
    pub amounts: Amounts,
}

/// One medium's part of a month (for the stacked chart): its bill's total.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaShare {
    pub media_id: i64,
    pub total_amount: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MonthUsage {
    pub month: u32,
    #[serde(flatten)]
    pub amounts: Amounts,
    /// The media with usage in the month.
    pub media: Vec<MediaShare>,
}

/// `GET /clients/{id}/payments/{year}`: twelve months, each split by medium.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsageYear {
    pub client: NamedRef,
    pub year: i32,
    pub consumption_tax_rate_percent: String,
    /// The media with usage in the year (the chart's legend), by id.
    pub media: Vec<NamedRef>,
    /// January to December.
    pub months: Vec<MonthUsage>,
    #[serde(flatten)]
    pub amounts: Amounts,
}

/// One medium's row of a month.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaMonthUsage {
    pub id: i64,
    pub name: String,
    pub task_count: i64,
    pub option_count: i64,
    #[serde(flatten)]
    pub amounts: Amounts,
    pub status: PaymentStatus,
}

/// `GET /clients/{id}/payments/{year}/{month}`: every medium of the company in the month.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsageMonth {
    pub client: NamedRef,
    pub year: i32,
    pub month: u32,
    pub consumption_tax_rate_percent: String,
    pub media: Vec<MediaMonthUsage>,
    #[serde(flatten)]
    pub amounts: Amounts,
}

/// A task billed in a medium's month.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct UsageTaskLine {
    pub task_id: i64,
    pub title: String,
    pub task_type: String,
    pub project_name: String,
    pub work_name: String,
    /// The creators who took the task (display names).
    pub creator_names: Vec<String>,
    pub completed_date: NaiveDate,
    /// Yen, tax-exclusive (a task without an amount counts 0).
    pub reward_amount: i64,
}

/// An option payment billed in a medium's month.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct UsageOptionLine {
    pub id: i64,
    pub title: String,
    pub amount: i64,
    pub note: String,
}

/// The stored bill of one medium's month (`unbilled` with nothing else when never written).
/// Also the payload of `media_payments.updated`.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MediaPayment {
    pub media_id: i64,
    pub media_name: String,
    pub client_id: i64,
    pub year: i32,
    pub month: i32,
    pub status: PaymentStatus,
    /// Yen including tax: what the invoice says.
    pub billed_amount: Option<i64>,
    pub invoiced_on: Option<NaiveDate>,
    pub paid_on: Option<NaiveDate>,
    /// Shown to the client.
    pub note: String,
    pub updated_by_name: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// One write of a media payment (staff only).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct PaymentChange {
    pub status: PaymentStatus,
    pub billed_amount: Option<i64>,
    pub invoiced_on: Option<NaiveDate>,
    pub paid_on: Option<NaiveDate>,
    pub note: String,
    pub changed_by_name: Option<String>,
    pub changed_at: DateTime<Utc>,
}

/// `GET /clients/{id}/media/{media_id}/payments/{year}/{month}`: the lines, figures and bill.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaUsage {
    pub client: NamedRef,
    pub media: NamedRef,
    pub year: i32,
    pub month: u32,
    pub consumption_tax_rate_percent: String,
    /// Oldest completed first.
    pub tasks: Vec<UsageTaskLine>,
    pub option_payments: Vec<UsageOptionLine>,
    #[serde(flatten)]
    pub amounts: Amounts,
    pub payment: MediaPayment,
    /// The bill's history, newest first (staff only; absent for clients).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub changes: Option<Vec<PaymentChange>>,
    /// Whether the caller may update the bill (accountants and admins).
    pub can_update: bool,
}

/// The body of `PUT /admin/clients/media/{id}/payments`. Numbers may come as numbers or digit
/// strings (a form's text box); dates as `YYYY-MM-DD`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MediaPaymentInput {
    #[serde(default)]
    #[schema(value_type = i64)]
    pub year: Value,
    #[serde(default)]
    #[schema(value_type = i64)]
    pub month: Value,
    /// unbilled, billed or paid.
    #[serde(default)]
    pub status: String,
    /// Yen including tax; when billing without one, the month's computed total is billed.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub billed_amount: Value,
    /// Required once billed.
    #[serde(default)]
    pub invoiced_on: Option<String>,
    /// Required once paid; not before `invoiced_on`.
    #[serde(default)]
    pub paid_on: Option<String>,
    #[serde(default)]
    pub note: String,
}

impl Declared for MediaPaymentInput {
    const RULES: &'static [FieldRules] = &[
        (
            "year",
            &[
                Rule::Required,
                Rule::Between(YEAR_MIN as i64, YEAR_MAX as i64),
            ],
        ),
        ("month", &[Rule::Required, Rule::Between(1, 12)]),
        ("status", &[Rule::Required, Rule::In(PaymentStatus::NAMES)]),
        ("billed_amount", &[Rule::Between(0, BILLED_AMOUNT_MAX)]),
        ("invoiced_on", &[Rule::Date]),
        ("paid_on", &[Rule::Date]),
        ("note", &[Rule::MaxChars(NOTE_MAX)]),
    ];
}

/// The update once its rules hold. An unbilled month keeps no amount and no dates; a billed one
/// no payment date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaPaymentValues {
    /// The first day of the month.
    pub month: NaiveDate,
    pub status: PaymentStatus,
    /// None: bill the computed total.
    pub billed_amount: Option<i64>,
    pub invoiced_on: Option<NaiveDate>,
    pub paid_on: Option<NaiveDate>,
    pub note: String,
}

/// A whole number from JSON (a number or a digit string); `None` when absent (null or "").
fn whole(v: &mut Validator, field: &str, value: &Value) -> Option<i64> {
    let parsed = match value {
        Value::Null => return None,
        Value::String(s) if s.trim().is_empty() => return None,
        Value::String(s) => crate::platform::text::half_width_digits(s.trim())
            .replace(',', "")
            .parse::<i64>()
            .ok(),
        Value::Number(n) => n.as_i64(),
        _ => None,
    };
    if parsed.is_none() {
        v.fail(field, "integer");
    }
    parsed
}

fn in_range(v: &mut Validator, field: &str, value: &Value, min: i64, max: i64) -> i64 {
    match whole(v, field, value) {
        None if !v.failed(field) => {
            v.fail(field, "required");
            0
        }
        Some(n) if !(min..=max).contains(&n) => {
            v.fail(field, format!("between:{min},{max}"));
            0
        }
        other => other.unwrap_or_default(),
    }
}

/// A `YYYY-MM-DD` date; `None` when absent.
fn date(v: &mut Validator, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    let value = value.map(str::trim).filter(|s| !s.is_empty())?;
    let parsed = NaiveDate::parse_from_str(value, "%Y-%m-%d").ok();
    if parsed.is_none() {
        v.fail(field, "date_format:Y-m-d");
    }
    parsed
}

impl MediaPaymentInput {
    pub fn check(&self, v: &mut Validator) -> MediaPaymentValues {
        let year = in_range(
            v,
            "year",
            &self.year,
            i64::from(YEAR_MIN),
            i64::from(YEAR_MAX),
        );
        let month = in_range(v, "month", &self.month, 1, 12);
        let status = match self.status.trim() {
            "" => {
                v.fail("status", "required");
                PaymentStatus::Unbilled
            }
            other => PaymentStatus::parse(other).unwrap_or_else(|| {
                v.fail("status", PaymentStatus::rule());
                PaymentStatus::Unbilled
            }),
        };
        let billed = status != PaymentStatus::Unbilled;
        let billed_amount = whole(v, "billed_amount", &self.billed_amount);
        if let Some(amount) = billed_amount {
            if amount < 0 {
                v.fail("billed_amount", "gte:0");
            } else if amount > BILLED_AMOUNT_MAX {
                v.fail("billed_amount", format!("lte:{BILLED_AMOUNT_MAX}"));
            }
        }
        let invoiced_on = date(v, "invoiced_on", self.invoiced_on.as_deref());
        if billed && invoiced_on.is_none() && !v.failed("invoiced_on") {
            v.fail("invoiced_on", "required_if:status,billed,paid");
        }
        let paid_on = date(v, "paid_on", self.paid_on.as_deref());
        if status == PaymentStatus::Paid {
            if paid_on.is_none() && !v.failed("paid_on") {
                v.fail("paid_on", "required_if:status,paid");
            }
            if let (Some(paid), Some(invoiced)) = (paid_on, invoiced_on)
                && paid < invoiced
            {
                v.fail("paid_on", "after_or_equal:invoiced_on");
            }
        }
        let note = self.note.trim().to_string();
        v.max_chars("note", &note, NOTE_MAX);
        MediaPaymentValues {
            month: NaiveDate::from_ymd_opt(year as i32, month as u32, 1).unwrap_or(NaiveDate::MIN),
            status,
            billed_amount: billed_amount.filter(|_| billed),
            invoiced_on: invoiced_on.filter(|_| billed),
            paid_on: paid_on.filter(|_| status == PaymentStatus::Paid),
            note,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::AppError;
    use serde_json::json;

    fn checked(body: Value) -> Result<MediaPaymentValues, Vec<(String, Vec<String>)>> {
        let input: MediaPaymentInput = serde_json::from_value(body).unwrap();
        let mut v = Validator::new();
        let values = input.check(&mut v);
        match v.finish() {
            Ok(()) => Ok(values),
            Err(AppError::Validation { rules, .. }) => Err(rules.into_iter().collect()),
            Err(other) => panic!("{other:?}"),
        }
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_paid_bill_keeps_its_dates_and_amount() {
        let values = checked(json!({
            "year": "２０２６", "month": 10, "status": "paid", "billed_amount": "1,234",
            "invoiced_on": "2026-11-01", "paid_on": "2026-11-30", "note": " 振込確認済み "
        }))
        .unwrap();
        assert_eq!(
            values,
            MediaPaymentValues {
                month: day(2026, 10, 1),
                status: PaymentStatus::Paid,
                billed_amount: Some(1_234),
                invoiced_on: Some(day(2026, 11, 1)),
                paid_on: Some(day(2026, 11, 30)),
                note: "振込確認済み".into(),
            }
        );
    }

    #[test]
    fn unbilled_keeps_no_bill_and_billed_no_payment_date() {
        let unbilled = checked(json!({
            "year": 2026, "month": 10, "status": "unbilled", "billed_amount": 5,
            "invoiced_on": "2026-11-01", "paid_on": "2026-11-02"
        }))
        .unwrap();
        assert_eq!(
            (
                unbilled.billed_amount,
                unbilled.invoiced_on,
                unbilled.paid_on
            ),
            (None, None, None)
        );
        let billed = checked(json!({
            "year": 2026, "month": 10, "status": "billed", "invoiced_on": "2026-11-01", "paid_on": "2026-11-02"
        }))
        .unwrap();
        assert_eq!(
            (billed.billed_amount, billed.paid_on),
            (None, None),
            "no amount: the computed total is billed"
        );
    }

    #[test]
    fn every_rule_names_its_field() {
        let rules = checked(json!({
            "year": 1999, "month": "十三", "status": "sent", "billed_amount": -1,
            "invoiced_on": "2026/11/01", "note": "あ".repeat(NOTE_MAX + 1)
        }))
        .unwrap_err();
        assert_eq!(
            rules,
            vec![
                ("billed_amount".into(), vec!["gte:0".into()]),
                ("invoiced_on".into(), vec!["date_format:Y-m-d".into()]),
                ("month".into(), vec!["integer".into()]),
                ("note".into(), vec!["max:1000".into()]),
                ("status".into(), vec!["in:unbilled,billed,paid".into()]),
                ("year".into(), vec!["between:2000,2100".into()]),
            ]
        );
        let rules = checked(
            json!({ "status": "paid", "invoiced_on": "2026-11-10", "paid_on": "2026-11-09" }),
        )
        .unwrap_err();
        assert_eq!(
            rules,
            vec![
                ("month".into(), vec!["required".into()]),
                ("paid_on".into(), vec!["after_or_equal:invoiced_on".into()]),
                ("year".into(), vec!["required".into()]),
            ]
        );
        let rules =
            checked(json!({ "year": 2026, "month": 1, "status": "paid", "billed_amount": 1.5 }))
                .unwrap_err();
        assert_eq!(
            rules,
            vec![
                ("billed_amount".into(), vec!["integer".into()]),
                (
                    "invoiced_on".into(),
                    vec!["required_if:status,billed,paid".into()]
                ),
                ("paid_on".into(), vec!["required_if:status,paid".into()]),
            ]
        );
    }
}
