//! Every staff endpoint refuses every role it is not for (403) and admits the roles it is for,
//! checked for each of the six roles against one reviewed table. Ids name nothing (999999), so
//! an admitted call answers 404 or 422 and changes nothing.

mod support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;

const GENERAL: u8 = 1;
const EDITOR: u8 = 2;
const CLIENT: u8 = 4;
const MANAGER: u8 = 8;
const ACCOUNTANT: u8 = 16;
const ADMIN: u8 = 32;
const STAFF: u8 = MANAGER | ACCOUNTANT | ADMIN;
const MANAGERS: u8 = MANAGER | ADMIN;
const MONEY: u8 = ACCOUNTANT | ADMIN;

const ROLES: [(u8, &str); 6] = [
    (GENERAL, "creator@demo.tsumugi.jp"),
    (EDITOR, "editor@demo.tsumugi.jp"),
    (CLIENT, "client@demo.tsumugi.jp"),
    (MANAGER, "manager@demo.tsumugi.jp"),
    (ACCOUNTANT, "accountant@demo.tsumugi.jp"),
    (ADMIN, "admin@demo.tsumugi.jp"),
];

/// `(method, path, who may call it)`: the staff screens' endpoints as the product intends them.
const TABLE: &[(&str, &str, u8)] = &[
    // Users (issue 14).
    ("GET", "/api/users", CLIENT | STAFF),
    ("PUT", "/api/users/999999/role", ADMIN),
    ("GET", "/api/users/999999/admin_flags", STAFF),
    ("PUT", "/api/users/999999/admin_flags", MANAGERS),
    ("PUT", "/api/admin/users/999999/left", ADMIN),
    ("GET", "/api/users/left", MANAGERS),
    // Information posts.
    ("POST", "/api/information", MANAGERS),
    ("DELETE", "/api/information/999999", MANAGERS),
    // Maintenance.
    ("PUT", "/api/admin/maintenance", ADMIN),
    ("POST", "/api/admin/maintenance/windows", ADMIN),
    ("DELETE", "/api/admin/maintenance/windows/999999", ADMIN),
    // Clients and media.
    ("GET", "/api/clients", STAFF),
    ("POST", "/api/clients", MANAGERS),
    ("PUT", "/api/clients/999999", MANAGERS),
    ("POST", "/api/clients/999999/media", MANAGERS),
    ("PUT", "/api/clients/999999/media/999999", MANAGERS),
    (
        "GET",
        "/api/clients/999999/media/manager_candidates",
        MANAGERS,
    ),
    // Creators' staff notes.
    ("GET", "/api/creators/999999/manager_memo", STAFF),
    ("PUT", "/api/creators/999999/manager_memo", STAFF),
    ("GET", "/api/creators/999999/combinations", STAFF),
    ("PUT", "/api/creators/999999/combinations", MANAGERS),
    ("POST", "/api/search_tags", MANAGERS),
    ("PUT", "/api/creators/999999/search_tags", STAFF),
    // Work tools.
    ("POST", "/api/offer_templates", STAFF),
    ("PUT", "/api/offer_templates/999999", STAFF),
    ("DELETE", "/api/offer_templates/999999", STAFF),
    ("GET", "/api/v2/delivery_reports", STAFF),
    ("POST", "/api/v2/delivery_reports", STAFF),
    ("PUT", "/api/admin/tasks/completed_date", STAFF),
    ("PUT", "/api/admin/tasks/invalid", STAFF),
    ("PUT", "/api/admin/tasks/999999", STAFF),
    // Money.
    ("PUT", "/api/admin/clients/media/999999/payments", MONEY),
    ("GET", "/api/admin/reward_settings", MONEY),
    ("PUT", "/api/admin/reward_settings", MONEY),
    (
        "PUT",
        "/api/admin/users/999999/reduced_withholding_rate",
        MONEY,
    ),
    ("GET", "/api/payments/completed_tasks", MONEY),
    ("GET", "/api/payments/users", MONEY),
    ("GET", "/api/payments/bank_accounts", MONEY),
    ("GET", "/api/admin/downloads", MONEY),
    ("GET", "/api/admin/downloads/transfer_file", MONEY),
    ("GET", "/api/admin/downloads/statements", MONEY),
    ("GET", "/api/reward_confirmations", MONEY),
    ("POST", "/api/reward_confirmations", MONEY),
    (
        "GET",
        "/api/reward_confirmations/awaiting_inspection",
        MONEY,
    ),
];

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn every_staff_endpoint_admits_exactly_its_roles(pool: sqlx::PgPool) {
    let app = TestApp::spawn(pool).await;
    let mut wrong = Vec::new();
    for (role, mail) in ROLES {
        let token = app.login(mail).await;
        for &(method, path, admitted) in TABLE {
            let method = Method::from_bytes(method.as_bytes()).unwrap();
            let body = (method != Method::GET).then(|| json!({}));
            let (status, _) = app.request(method.clone(), path, Some(&token), body).await;
            let allowed = admitted & role != 0;
            let refused = status == StatusCode::FORBIDDEN;
            if allowed == refused || status == StatusCode::UNAUTHORIZED || status.is_server_error()
            {
                wrong.push(format!("{mail} {method} {path}: {status}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} cells wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Nobody anonymous gets past any of them.
    for &(method, path, _) in TABLE {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let (status, _) = app.request(method.clone(), path, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}");
    }
}
