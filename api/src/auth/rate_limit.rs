//! Login throttling, kept in PostgreSQL so every node agrees. Failures are counted per account
//! *and* network address, so a stranger's wrong passwords never lock the owner out of their
//! own address; per address across accounts (one source trying many accounts); and, against
//! a guess spread over many addresses, per account: past a threshold, addresses the account
//! has not logged in from are slowed down (one try per growing delay), while the addresses it
//! has logged in from are not. See `docs/decisions/login-throttling.md`.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

pub const WINDOW_MINUTES: i64 = 15;
/// How long an address an account logged in from stays known to it.
pub const KNOWN_ADDRESS_DAYS: i32 = 90;
/// The longest wait of the account-wide slow-down between two tries.
pub const MAX_SLOWDOWN_SECS: i64 = 60;

pub struct Limits {
    /// Failures of one account from one address.
    pub per_account: i64,
    /// Failures from one address, whatever the accounts.
    pub per_ip: i64,
    /// Failures of one account from all addresses before unknown addresses are slowed down.
    pub slowdown_after: i64,
}

#[derive(sqlx::FromRow)]
struct Counts {
    pair_failures: i64,
    pair_oldest: Option<DateTime<Utc>>,
    ip_failures: i64,
    ip_oldest: Option<DateTime<Utc>>,
    account_failures: i64,
    account_latest: Option<DateTime<Utc>>,
    known_address: bool,
    now: DateTime<Utc>,
}

/// Seconds to wait before this address may try this account, if it must wait: when the
/// failures of this account from this address, or of this address, have spent their budget in
/// the window, or when the account is under a spread-out attack and this address is not one it
/// has logged in from.
pub async fn retry_after(
    db: &PgPool,
    limits: &Limits,
    mail_address: &str,
    ip: &str,
) -> sqlx::Result<Option<u64>> {
    let counts: Counts = sqlx::query_as(
        "with f as (
           select ip, created_at from login_failures
            where lower(mail_address) = lower($1) and created_at > now() - make_interval(mins => $3))
         select
           (select count(*) from f where ip = $2) as pair_failures,
           (select min(created_at) from (select created_at from f where ip = $2
                                          order by created_at desc limit $4) p) as pair_oldest,
           (select count(*) from login_failures
             where ip = $2 and created_at > now() - make_interval(mins => $3)) as ip_failures,
           (select min(created_at) from (select created_at from login_failures
                                          where ip = $2 and created_at > now() - make_interval(mins => $3)
                                          order by created_at desc limit $5) i) as ip_oldest,
           (select count(*) from f) as account_failures,
           (select max(created_at) from f) as account_latest,
           exists (select 1 from login_addresses a join users u on u.id = a.user_id
                    where lower(u.mail_address) = lower($1) and a.ip = $2
                      and a.last_success_at > now() - make_interval(days => $6)) as known_address,
           now() as now",
    )
    .bind(mail_address)
    .bind(ip)
    .bind(WINDOW_MINUTES as i32)
    .bind(limits.per_account)
    .bind(limits.per_ip)
    .bind(KNOWN_ADDRESS_DAYS)
    .fetch_one(db)
    .await?;
    Ok(wait(limits, &counts))
}

fn wait(limits: &Limits, c: &Counts) -> Option<u64> {
    let until = |free_at: DateTime<Utc>| (free_at - c.now).num_seconds();
    let window_end = |oldest: Option<DateTime<Utc>>| {
        oldest.map(|t| until(t + chrono::Duration::minutes(WINDOW_MINUTES)))
    };
    let pair = (c.pair_failures >= limits.per_account)
        .then(|| window_end(c.pair_oldest))
        .flatten();
    let ip = (c.ip_failures >= limits.per_ip)
        .then(|| window_end(c.ip_oldest))
        .flatten();
    let account = (!c.known_address && c.account_failures >= limits.slowdown_after)
        .then(|| {
            let delay = slowdown_secs(c.account_failures - limits.slowdown_after);
            c.account_latest
                .map(|t| until(t + chrono::Duration::seconds(delay)))
        })
        .flatten()
        .filter(|secs| *secs > 0);
    [pair, ip, account]
        .into_iter()
        .flatten()
        .max()
        .map(|secs| secs.max(1) as u64)
}

/// The account-wide delay after `over` failures past the threshold: 1, 2, 4 … seconds, at
/// most `MAX_SLOWDOWN_SECS`.
fn slowdown_secs(over: i64) -> i64 {
    1i64.checked_shl(over.clamp(0, 30) as u32)
        .unwrap_or(MAX_SLOWDOWN_SECS)
        .min(MAX_SLOWDOWN_SECS)
}

pub async fn record_failure(db: &PgPool, mail_address: &str, ip: &str) -> sqlx::Result<()> {
    sqlx::query("insert into login_failures (mail_address, ip) values ($1, $2)")
        .bind(mail_address)
        .bind(ip)
        .execute(db)
        .await?;
    Ok(())
}

/// The right password from `ip`: the account's failures from that address are forgiven (the
/// owner's typos), others' are kept (they still count towards the slow-down), and the address
/// becomes one the account has logged in from.
pub async fn record_success(
    db: &PgPool,
    user_id: i64,
    mail_address: &str,
    ip: &str,
) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("delete from login_failures where lower(mail_address) = lower($1) and ip = $2")
        .bind(mail_address)
        .bind(ip)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into login_addresses (user_id, ip) values ($1, $2)
         on conflict (user_id, ip) do update set last_success_at = now()",
    )
    .bind(user_id)
    .bind(ip)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// A password reset: the owner proved the mailbox, and the old password's failures no longer
/// mean anything.
pub async fn clear_account(db: &PgPool, mail_address: &str) -> sqlx::Result<()> {
    sqlx::query("delete from login_failures where lower(mail_address) = lower($1)")
        .bind(mail_address)
        .execute(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts() -> Counts {
        Counts {
            pair_failures: 0,
            pair_oldest: None,
            ip_failures: 0,
            ip_oldest: None,
            account_failures: 0,
            account_latest: None,
            known_address: false,
            now: "2026-11-29T00:00:00Z".parse().unwrap(),
        }
    }

    const LIMITS: Limits = Limits {
        per_account: 5,
        per_ip: 50,
        slowdown_after: 10,
    };

    #[test]
    fn the_slowdown_doubles_up_to_a_minute() {
        let delays: Vec<i64> = (0..10).map(slowdown_secs).collect();
        assert_eq!(delays, [1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
        assert_eq!(slowdown_secs(1000), 60);
    }

    #[test]
    fn a_spread_attack_slows_unknown_addresses_only() {
        let mut c = counts();
        c.account_failures = 13;
        c.account_latest = Some(c.now - chrono::Duration::seconds(3));
        assert_eq!(wait(&LIMITS, &c), Some(5), "8 s after the last failure");
        c.account_latest = Some(c.now - chrono::Duration::seconds(8));
        assert_eq!(wait(&LIMITS, &c), None, "the delay has passed");
        c.account_latest = Some(c.now);
        c.known_address = true;
        assert_eq!(
            wait(&LIMITS, &c),
            None,
            "an address the owner logged in from"
        );
    }

    #[test]
    fn a_pair_over_budget_waits_for_the_window() {
        let mut c = counts();
        c.pair_failures = 5;
        c.pair_oldest = Some(c.now - chrono::Duration::minutes(5));
        c.known_address = true;
        assert_eq!(wait(&LIMITS, &c), Some(600));
    }
}
