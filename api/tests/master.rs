//! Master data imported from the packages' CSV export (`MASTER_DATA_DIR`, set by `make test`):
//! prefectures, postal codes that fill the address, banks and branches found by their readings.

use crate::support;
use crate::support::db;

use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use support::TestApp;

fn master_dir() -> PathBuf {
    std::env::var("MASTER_DATA_DIR")
        .map(PathBuf::from)
        .expect("MASTER_DATA_DIR names the master-data export (scripts/lib.sh ensure_master_data)")
}

async fn app_with_master_data(pool: PgPool) -> TestApp {
    assert!(
        api::master::db::import_if_new(&pool, &master_dir())
            .await
            .unwrap()
    );
    // The second import of the same version is a no-op.
    assert!(
        !api::master::db::import_if_new(&pool, &master_dir())
            .await
            .unwrap()
    );
    TestApp::spawn(pool).await
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn prefectures_and_postal_codes_come_from_the_official_data() {
    let (pool, _db) = db::seeded().await;
    let app = app_with_master_data(pool).await;
    let (status, prefectures) = app.get("/api/prefectures", None).await;
    assert_eq!(status, StatusCode::OK);
    let list = names(&prefectures);
    assert_eq!(list.len(), 48, "47 prefectures and overseas");
    assert_eq!(
        (list[0], list[12], list[46], list[47]),
        ("北海道", "東京都", "沖縄県", "海外")
    );
    assert_eq!(prefectures[12]["id"], 13);

    // Half-width, hyphenated and full-width forms of the same code.
    for code in ["1130021", "113-0021", "１１３－００２１"] {
        let (status, found) = app.get(&format!("/api/postal_codes/{code}"), None).await;
        assert_eq!(status, StatusCode::OK, "{code}: {found}");
        assert_eq!(found["postal_code"], "1130021");
        assert_eq!(found["addresses"][0]["prefecture_id"], 13);
        assert_eq!(found["addresses"][0]["prefecture_name"], "東京都");
        assert_eq!(found["addresses"][0]["city"], "文京区");
        assert_eq!(found["addresses"][0]["town"], "本駒込");
    }
    let (status, _) = app.get("/api/postal_codes/0000000", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = app.get("/api/postal_codes/12345", None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

#[tokio::test]
async fn banks_and_branches_are_found_by_code_and_reading() {
    let (pool, _db) = db::seeded().await;
    let app = app_with_master_data(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, _) = app.get("/api/banks?keyword=%E3%81%BF%E3%81%9A", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // 「みず」 finds みずほ by its reading.
    let (status, found) = app
        .get("/api/banks?keyword=%E3%81%BF%E3%81%9A", Some(&creator))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(names(&found).contains(&"みずほ"), "{found}");
    let mizuho = found
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "みずほ")
        .unwrap();
    assert_eq!(mizuho["bank_code"], "0001");
    let (_, by_code) = app.get("/api/banks?keyword=0005", Some(&creator)).await;
    assert_eq!(names(&by_code), vec!["三菱ＵＦＪ"]);

    let bank_id = mizuho["id"].as_i64().unwrap();
    let (status, branches) = app
        .get(
            &format!("/api/banks/{bank_id}/branches?keyword=%E3%81%A8%E3%81%86%E3%81%8D%E3%82%88%E3%81%86"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(branches[0]["name"], "東京営業部", "{branches}");
    assert_eq!(branches[0]["bank_branch_code"], "001");
    assert_eq!(branches[0]["bank_id"], bank_id);
    let (status, _) = app.get("/api/banks/8888/branches", Some(&creator)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, often) = app.get("/api/banks/often_used", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(often.as_array().unwrap().len(), 10);
}
