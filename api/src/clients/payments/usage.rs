//! The usage views, built from `db::media_months` (the one reading of which tasks and option
//! payments a month bills) and `figures::Amounts` (the one tax rule): the overview by year, a
//! year by month and medium, a month by medium, and one medium's month with its lines.

use std::collections::BTreeMap;

use chrono::{Datelike, Months, NaiveDate};
use sqlx::PgConnection;

use crate::clients::clients::model::NamedRef;
use crate::clients::payments::db::{self, MediaMonthRow};
use crate::clients::payments::figures::Amounts;
use crate::clients::payments::model::{
    MediaMonthUsage, MediaPayment, MediaShare, MediaUsage, MonthUsage, PaymentStatus, UsageMonth,
    UsageOverview, UsageYear, YearUsage,
};
use crate::money::rewards::tax::Rate;
use crate::platform::error::AppResult;
use crate::platform::validation::month_start;

/// The day after the span of `months` months starting `start`.
fn after(start: NaiveDate, months: u32) -> NaiveDate {
    start
        .checked_add_months(Months::new(months))
        .unwrap_or(NaiveDate::MAX)
}

fn bill(row: &MediaMonthRow, rate: Rate) -> Amounts {
    Amounts::bill(row.task_amount, row.option_amount, rate)
}

/// The years with usage, newest first.
pub async fn overview(
    db: &mut PgConnection,
    client: NamedRef,
    rate: Rate,
) -> AppResult<UsageOverview> {
    let rows = db::media_months(&mut *db, client.id, None, None, None).await?;
    let mut years: BTreeMap<i32, Amounts> = BTreeMap::new();
    for row in &rows {
        let year = years.entry(row.month.year()).or_default();
        *year = *year + bill(row, rate);
    }
    Ok(UsageOverview {
        client,
        consumption_tax_rate_percent: rate.to_percent_string(),
        amounts: years.values().copied().sum(),
        years: years
            .into_iter()
            .rev()
            .map(|(year, amounts)| YearUsage { year, amounts })
            .collect(),
    })
}

/// Twelve months of `year`, each split by medium.
pub async fn year(
    db: &mut PgConnection,
    client: NamedRef,
    year: i32,
    rate: Rate,
) -> AppResult<UsageYear> {
    let start = month_start(year, 1)?;
    let rows = db::media_months(
        &mut *db,
        client.id,
        None,
        Some(start),
        Some(after(start, 12)),
    )
    .await?;
    let mut media: BTreeMap<i64, String> = BTreeMap::new();
    let months: Vec<MonthUsage> = (1..=12)
        .map(|month| {
            let bills: Vec<(&MediaMonthRow, Amounts)> = rows
                .iter()
                .filter(|row| row.month.month() == month)
                .map(|row| (row, bill(row, rate)))
                .collect();
            for (row, _) in &bills {
                media.insert(row.media_id, row.media_name.clone());
            }
            MonthUsage {
                month,
                amounts: bills.iter().map(|(_, amounts)| *amounts).sum(),
                media: bills
                    .iter()
                    .map(|(row, amounts)| MediaShare {
                        media_id: row.media_id,
                        total_amount: amounts.total_amount,
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(UsageYear {
        client,
        year,
        consumption_tax_rate_percent: rate.to_percent_string(),
        media: media
            .into_iter()
            .map(|(id, name)| NamedRef { id, name })
            .collect(),
        amounts: months.iter().map(|m| m.amounts).sum(),
        months,
    })
}

/// Every medium of the company in `year`/`month`, with its bill's figures and status.
pub async fn month(
    db: &mut PgConnection,
    client: NamedRef,
    year: i32,
    month: u32,
    rate: Rate,
) -> AppResult<UsageMonth> {
    let start = month_start(year, month)?;
    let rows = db::media_months(
        &mut *db,
        client.id,
        None,
        Some(start),
        Some(after(start, 1)),
    )
    .await?;
    let statuses: BTreeMap<i64, PaymentStatus> = db::statuses(&mut *db, client.id, start)
        .await?
        .into_iter()
        .collect();
    let media: Vec<MediaMonthUsage> = db::client_media(&mut *db, client.id)
        .await?
        .into_iter()
        .map(|medium| {
            let row = rows.iter().find(|row| row.media_id == medium.id);
            MediaMonthUsage {
                status: statuses
                    .get(&medium.id)
                    .copied()
                    .unwrap_or(PaymentStatus::Unbilled),
                task_count: row.map_or(0, |r| r.task_count),
                option_count: row.map_or(0, |r| r.option_count),
                amounts: row.map_or_else(Amounts::default, |r| bill(r, rate)),
                id: medium.id,
                name: medium.name,
            }
        })
        .collect();
    Ok(UsageMonth {
        client,
        year,
        month,
        consumption_tax_rate_percent: rate.to_percent_string(),
        amounts: media.iter().map(|m| m.amounts).sum(),
        media,
    })
}

/// The figures of one medium's bill for the month starting `start`.
pub async fn bill_of(
    db: &mut PgConnection,
    client_id: i64,
    media_id: i64,
    start: NaiveDate,
    rate: Rate,
) -> AppResult<Amounts> {
    let rows = db::media_months(
        &mut *db,
        client_id,
        Some(media_id),
        Some(start),
        Some(after(start, 1)),
    )
    .await?;
    Ok(rows.iter().map(|row| bill(row, rate)).sum())
}

/// The stored bill, or an unbilled one when none was written.
pub async fn payment(
    db: &mut PgConnection,
    media: &NamedRef,
    client_id: i64,
    start: NaiveDate,
) -> AppResult<MediaPayment> {
    Ok(db::payment(&mut *db, media.id, start)
        .await?
        .unwrap_or_else(|| MediaPayment {
            media_id: media.id,
            media_name: media.name.clone(),
            client_id,
            year: start.year(),
            month: start.month() as i32,
            status: PaymentStatus::Unbilled,
            billed_amount: None,
            invoiced_on: None,
            paid_on: None,
            note: String::new(),
            updated_by_name: None,
            updated_at: None,
        }))
}

/// Who reads a medium's month: the staff see the bill's history, and some may update it.
#[derive(Debug, Clone, Copy)]
pub struct Reader {
    pub is_staff: bool,
    pub can_update: bool,
}

/// One medium's month: its task lines, option payments, figures and bill.
pub async fn media_month(
    db: &mut PgConnection,
    client: NamedRef,
    media: NamedRef,
    (year, month): (i32, u32),
    rate: Rate,
    reader: Reader,
) -> AppResult<MediaUsage> {
    let start = month_start(year, month)?;
    let tasks = db::task_lines(&mut *db, media.id, start, after(start, 1)).await?;
    let option_payments = db::option_lines(&mut *db, media.id, start).await?;
    let amounts = Amounts::bill(
        tasks.iter().map(|t| t.reward_amount).sum(),
        option_payments.iter().map(|o| o.amount).sum(),
        rate,
    );
    let payment = payment(db, &media, client.id, start).await?;
    let changes = if reader.is_staff {
        Some(db::changes(&mut *db, media.id, start).await?)
    } else {
        None
    };
    Ok(MediaUsage {
        client,
        media,
        year,
        month,
        consumption_tax_rate_percent: rate.to_percent_string(),
        tasks,
        option_payments,
        amounts,
        payment,
        changes,
        can_update: reader.can_update,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_and_years_are_checked() {
        assert_eq!(
            month_start(2026, 2).unwrap(),
            NaiveDate::from_ymd_opt(2026, 2, 1).unwrap()
        );
        assert!(month_start(2026, 13).is_err());
        assert!(month_start(1999, 1).is_err());
        assert_eq!(
            after(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(), 1),
            NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()
        );
    }
}
