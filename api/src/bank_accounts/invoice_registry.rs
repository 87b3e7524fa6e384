//! Where an invoice registration number is looked up: the built-in `invoice_registrations` table
//! by default, or the National Tax Agency's publication Web-API (適格請求書発行事業者公表システム,
//! `GET {base}/1/num?id=…&number=…&type=21&history=0`) when `INVOICE_REGISTRY_APP_ID` is set.
//! `check` compares the registration with the payee and names every difference as a rule string
//! carrying the registered content, so the form can show what the registry holds.

use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::PgPool;

use crate::config::Config;

/// 502 text when the registry cannot be asked.
pub const REGISTRY_FAILURE: &str =
    "適格請求書発行事業者の登録状況を確認できませんでした。時間をおいて再度お試しください。";

pub const NTA_BASE_URL: &str = "https://web-api.invoice-kohyo.nta.go.jp";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssuerKind {
    Personal,
    Corporate,
}

impl IssuerKind {
    fn label(self) -> &'static str {
        match self {
            IssuerKind::Personal => "個人",
            IssuerKind::Corporate => "法人",
        }
    }
}

/// One registration as the registry publishes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    pub name: String,
    pub kind: IssuerKind,
    pub is_domestic: bool,
    pub expired_on: Option<NaiveDate>,
    pub cancelled_on: Option<NaiveDate>,
}

/// Who is paid, as the profile says: compared with the registration.
#[derive(Debug, Clone)]
pub struct Payee {
    pub kind: IssuerKind,
    /// The person's name, or the company name of a corporate payee; empty when not yet given.
    pub name: String,
    /// `None` when the residence is not yet given.
    pub is_domestic: Option<bool>,
}

#[derive(Debug, thiserror::Error)]
#[error("the invoice registry could not be read: {0}")]
pub struct RegistryUnavailable(pub String);

pub enum InvoiceRegistry<'a> {
    BuiltIn(&'a PgPool),
    Nta { base_url: &'a str, app_id: &'a str },
}

impl<'a> InvoiceRegistry<'a> {
    pub fn configured(config: &'a Config, db: &'a PgPool) -> Self {
        match &config.invoice_registry_app_id {
            Some(app_id) => InvoiceRegistry::Nta {
                base_url: config
                    .invoice_registry_url
                    .as_deref()
                    .unwrap_or(NTA_BASE_URL),
                app_id,
            },
            None => InvoiceRegistry::BuiltIn(db),
        }
    }

    /// The registration of `number` (`T` + 13 digits), `None` when it is not registered.
    pub async fn lookup(&self, number: &str) -> Result<Option<Registration>, RegistryUnavailable> {
        match self {
            InvoiceRegistry::BuiltIn(db) => {
                let row: Option<RegistrationRow> = sqlx::query_as(
                    "select name, kind, is_domestic, expired_on, cancelled_on
                           from invoice_registrations where registration_number = $1",
                )
                .bind(number)
                .fetch_optional(*db)
                .await
                .map_err(|e| RegistryUnavailable(e.to_string()))?;
                Ok(row.map(|row| Registration {
                    name: row.name,
                    kind: if row.kind == "corporate" {
                        IssuerKind::Corporate
                    } else {
                        IssuerKind::Personal
                    },
                    is_domestic: row.is_domestic,
                    expired_on: row.expired_on,
                    cancelled_on: row.cancelled_on,
                }))
            }
            InvoiceRegistry::Nta { base_url, app_id } => {
                let url = format!("{}/1/num", base_url.trim_end_matches('/'));
                let response = reqwest::Client::new()
                    .get(url)
                    .query(&[
                        ("id", *app_id),
                        ("number", number),
                        ("type", "21"),
                        ("history", "0"),
                    ])
                    .timeout(std::time::Duration::from_secs(8))
                    .send()
                    .await
                    .and_then(|r| r.error_for_status())
                    .map_err(|e| RegistryUnavailable(e.to_string()))?;
                let body: NtaAnswer = response
                    .json()
                    .await
                    .map_err(|e| RegistryUnavailable(e.to_string()))?;
                Ok(body.latest())
            }
        }
    }
}

#[derive(sqlx::FromRow)]
struct RegistrationRow {
    name: String,
    kind: String,
    is_domestic: bool,
    expired_on: Option<NaiveDate>,
    cancelled_on: Option<NaiveDate>,
}

/// The Web-API's JSON answer (only the fields used).
#[derive(Debug, Deserialize)]
struct NtaAnswer {
    #[serde(default)]
    announcement: Vec<NtaAnnouncement>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct NtaAnnouncement {
    #[serde(default)]
    latest: String,
    /// 1 individual, 2 corporation.
    #[serde(default)]
    kind: String,
    /// 1 domestic, 2 foreign business with a domestic office, 3 foreign.
    #[serde(default)]
    country: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    disposal_date: String,
    #[serde(default)]
    expire_date: String,
}

impl NtaAnswer {
    fn latest(self) -> Option<Registration> {
        let found = self
            .announcement
            .into_iter()
            .reduce(|kept, next| if next.latest == "1" { next } else { kept })?;
        let date = |text: &str| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok();
        Some(Registration {
            kind: if found.kind == "2" {
                IssuerKind::Corporate
            } else {
                IssuerKind::Personal
            },
            is_domestic: !matches!(found.country.as_str(), "2" | "3"),
            expired_on: date(&found.expire_date),
            cancelled_on: date(&found.disposal_date),
            name: found.name,
        })
    }
}

/// Names compared without spaces of either width.
fn comparable(name: &str) -> String {
    name.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Every way the registration does not fit the payee on `today`, as rule strings carrying the
/// registered content (`invoice_not_found`, `invoice_expired:2025-03-31`,
/// `invoice_cancelled:2024-09-30`, `kind_not_same:法人`, `name_not_same:山田 花子`,
/// `country_not_same:国外`). Empty when it fits.
pub fn check(registration: Option<&Registration>, payee: &Payee, today: NaiveDate) -> Vec<String> {
    let Some(r) = registration else {
        return vec!["invoice_not_found".into()];
    };
    let mut rules = Vec::new();
    if let Some(day) = r.cancelled_on.filter(|day| *day <= today) {
        rules.push(format!("invoice_cancelled:{day}"));
    } else if let Some(day) = r.expired_on.filter(|day| *day <= today) {
        rules.push(format!("invoice_expired:{day}"));
    }
    if r.kind != payee.kind {
        rules.push(format!("kind_not_same:{}", r.kind.label()));
    }
    if !payee.name.trim().is_empty() && comparable(&payee.name) != comparable(&r.name) {
        rules.push(format!("name_not_same:{}", r.name));
    }
    if payee.is_domestic.is_some_and(|d| d != r.is_domestic) {
        rules.push(format!(
            "country_not_same:{}",
            if r.is_domestic { "国内" } else { "国外" }
        ));
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn registered(name: &str, kind: IssuerKind) -> Registration {
        Registration {
            name: name.into(),
            kind,
            is_domestic: true,
            expired_on: None,
            cancelled_on: None,
        }
    }

    fn payee(name: &str, kind: IssuerKind, is_domestic: Option<bool>) -> Payee {
        Payee {
            kind,
            name: name.into(),
            is_domestic,
        }
    }

    const TODAY: &str = "2026-11-23";

    /// (registration, payee, expected rules)
    #[test]
    fn each_registry_state_and_difference_is_named_with_the_registered_content() {
        use IssuerKind::*;
        let expired = Registration {
            expired_on: Some(day("2025-03-31")),
            ..registered("田中 一郎", Personal)
        };
        let expires_later = Registration {
            expired_on: Some(day("2027-03-31")),
            ..registered("田中 一郎", Personal)
        };
        let cancelled = Registration {
            cancelled_on: Some(day("2024-09-30")),
            expired_on: Some(day("2024-12-31")),
            ..registered("高橋 次郎", Personal)
        };
        let foreign = Registration {
            is_domestic: false,
            ..registered("Emily Carter", Personal)
        };
        let cases: Vec<(Option<Registration>, Payee, Vec<&str>)> = vec![
            (
                Some(registered("山田 花子", Personal)),
                payee("山田　花子", Personal, Some(true)),
                vec![],
            ),
            (
                None,
                payee("山田 花子", Personal, Some(true)),
                vec!["invoice_not_found"],
            ),
            (
                Some(expired),
                payee("田中 一郎", Personal, Some(true)),
                vec!["invoice_expired:2025-03-31"],
            ),
            (
                Some(expires_later),
                payee("田中一郎", Personal, Some(true)),
                vec![],
            ),
            (
                Some(cancelled),
                payee("高橋 次郎", Personal, Some(true)),
                vec!["invoice_cancelled:2024-09-30"],
            ),
            (
                Some(registered("株式会社つむぎ編集室", Corporate)),
                payee("山田 花子", Personal, Some(true)),
                vec!["kind_not_same:法人", "name_not_same:株式会社つむぎ編集室"],
            ),
            (
                Some(registered("山田 花子", Personal)),
                payee("佐藤 健", Personal, None),
                vec!["name_not_same:山田 花子"],
            ),
            (
                Some(foreign),
                payee("Emily Carter", Personal, Some(true)),
                vec!["country_not_same:国外"],
            ),
            (
                Some(registered("山田 花子", Personal)),
                payee("", Personal, None),
                vec![],
            ),
        ];
        for (registration, payee, expected) in cases {
            assert_eq!(
                check(registration.as_ref(), &payee, day(TODAY)),
                expected,
                "{registration:?} vs {payee:?}"
            );
        }
    }

    #[test]
    fn the_web_api_answer_is_read_from_its_latest_announcement() {
        let answer: NtaAnswer = serde_json::from_str(
            r#"{"lastUpdateDate":"2026-11-20","count":"2","announcement":[
                {"registratedNumber":"T1100000000006","latest":"0","kind":"2","country":"1","name":"旧商号株式会社","disposalDate":"","expireDate":""},
                {"registratedNumber":"T1100000000006","latest":"1","kind":"2","country":"1","name":"株式会社つむぎ編集室","disposalDate":"","expireDate":"2026-10-31"}]}"#,
        )
        .unwrap();
        let r = answer.latest().unwrap();
        assert_eq!(r.name, "株式会社つむぎ編集室");
        assert_eq!(r.kind, IssuerKind::Corporate);
        assert!(r.is_domestic);
        assert_eq!(r.expired_on, Some(day("2026-10-31")));
        let none: NtaAnswer = serde_json::from_str(r#"{"count":"0","announcement":[]}"#).unwrap();
        assert!(none.latest().is_none());
    }
}
