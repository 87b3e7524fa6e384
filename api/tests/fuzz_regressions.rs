//! What schemathesis (`scripts/fuzz.sh`) found, kept as plain tests: requests axum refused in
//! plain text with a 400 the document does not know, and a document that described some
//! answers differently from what the server sends.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::Value;
use support::TestApp;

const NOT_FOUND: &str = "お探しのデータは存在しません。";

async fn raw(request: reqwest::RequestBuilder) -> (StatusCode, String, Value) {
    let response = request.send().await.expect("request");
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = serde_json::from_str(&response.text().await.unwrap()).unwrap_or(Value::Null);
    (status, content_type, body)
}

#[tokio::test]
async fn a_path_id_that_cannot_be_one_is_not_found_in_the_error_format() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    // Past i64, not a number, a fraction: axum's path extractor answered 400 "Invalid URL: …"
    // in plain text.
    for path in [
        "/api/creators/9223372036854775808",
        "/api/channels/9223372036854775808/messages",
        "/api/v2/projects/abc",
        "/api/v2/projects/1/works/%C3%99",
        "/api/banks/2147483648/branches",
        "/api/channels/1.5",
    ] {
        let (status, content_type, body) =
            raw(app.http.get(app.url(path)).bearer_auth(&creator)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
        assert!(content_type.starts_with("application/json"), "{path}");
        assert_eq!(body["error"]["message"], NOT_FOUND, "{path}");
    }
    let (status, _, body) = raw(app
        .http
        .delete(app.url("/api/v2/projects/works/tasks/9223372036854775808"))
        .bearer_auth(&creator))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(body["error"]["message"], NOT_FOUND);
}

#[tokio::test]
async fn an_upload_that_is_not_multipart_is_a_422_in_the_error_format() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    // No body and no Content-Type, then multipart without its boundary: axum's multipart
    // extractor answered 400 "Invalid `boundary` for `multipart/form-data` request".
    let requests = [
        app.http.post(app.url("/api/files")).bearer_auth(&creator),
        app.http
            .post(app.url("/api/files"))
            .bearer_auth(&creator)
            .header("content-type", "multipart/form-data")
            .body("--x--"),
    ];
    for request in requests {
        let (status, content_type, body) = raw(request).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(content_type.starts_with("application/json"));
        assert_eq!(
            body["error"]["message"],
            "リクエストを読み取れませんでした。"
        );
    }
}

#[tokio::test]
async fn no_bank_account_yet_is_a_404_with_the_error_body() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    // It was a 404 with an empty body, which the document (every error has the error body)
    // and every other 404 contradict.
    let (status, body) = app.get("/api/users/me/bank_accounts", Some(&newbie)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"]["message"], NOT_FOUND);
}

fn operations(doc: &Value) -> Vec<(String, String, &Value)> {
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if ["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                found.push((method.clone(), path.clone(), operation));
            }
        }
    }
    found
}

#[tokio::test]
async fn the_document_describes_what_the_server_sends() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let schemas = &doc["components"]["schemas"];
    let operations = operations(&doc);
    assert!(operations.len() > 200, "{} operations", operations.len());

    for (method, path, operation) in &operations {
        let parameters = operation["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        // Query structs used to be documented as path parameters (utoipa cannot tell
        // `ApiQuery` from `Path`), so no fuzzer or client ever sent them.
        for parameter in &parameters {
            if parameter["in"] == "path" {
                let name = parameter["name"].as_str().unwrap();
                assert!(
                    path.contains(&format!("{{{name}}}")),
                    "{method} {path}: `{name}` is documented in the path but is not in it"
                );
            }
        }
        let responses = operation["responses"].as_object().unwrap();
        let secured = operation["security"]
            .as_array()
            .is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some()));
        if secured {
            assert!(responses.contains_key("401"), "{method} {path} lacks 401");
        }
        if parameters.iter().any(|p| p["in"] == "path") {
            assert!(responses.contains_key("404"), "{method} {path} lacks 404");
        }
        if operation.get("requestBody").is_some() || parameters.iter().any(|p| p["in"] == "query") {
            assert!(responses.contains_key("422"), "{method} {path} lacks 422");
        }
        for (code, response) in responses {
            if code.starts_with('4') || code.starts_with('5') {
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/ErrorBody",
                    "{method} {path} {code}"
                );
            }
        }
    }
    assert_eq!(
        schemas["ErrorBody"]["properties"]["error"]["$ref"],
        "#/components/schemas/ErrorDetail"
    );
    assert_eq!(
        schemas["ErrorDetail"]["required"],
        serde_json::json!(["message"])
    );

    // Closed sets are documented by their wire names, as they are sent (not `Active`).
    assert_eq!(
        schemas["ChannelStatus"]["enum"],
        serde_json::json!(["active", "inactive"])
    );
    assert_eq!(
        schemas["TaskStatus"]["enum"],
        serde_json::json!(["applying", "doing", "under_acceptance", "done"])
    );
    // Two shapes that shared a name: the later one replaced the other in the document.
    assert!(
        schemas["TeamView"]["required"]
            .as_array()
            .unwrap()
            .contains(&"is_assigned".into())
    );
    assert!(
        schemas["ClientTeamView"]["required"]
            .as_array()
            .unwrap()
            .contains(&"media_id".into())
    );
    assert!(
        schemas["BillAmounts"]["required"]
            .as_array()
            .unwrap()
            .contains(&"task_amount".into())
    );
    assert!(
        schemas["Amounts"]["required"]
            .as_array()
            .unwrap()
            .contains(&"withholding_tax".into())
    );
    // A creator's private keys are absent for clients: listed, never required.
    let private = &schemas["CreatorDetail"]["allOf"][0];
    assert!(
        private["properties"].get("mail_address").is_some(),
        "{private}"
    );
    assert!(private.get("required").is_none(), "{private}");
    // JSON object keys are strings.
    let group_children = &doc["paths"]["/api/genre_groups/{genre_group_id}/child_genres"]["get"]["responses"]
        ["200"]["content"]["application/json"]["schema"];
    assert_ne!(group_children["propertyNames"]["type"], "integer");
    // Statement downloads say which two file types they send (not a generic octet stream).
    for path in [
        "/api/users/{id}/rewards/{year}/{month}/files/download",
        "/api/users/{id}/rewards/{year}/files/download",
    ] {
        let content = doc["paths"][path]["get"]["responses"]["200"]["content"]
            .as_object()
            .unwrap_or_else(|| panic!("{path} has no 200 content"));
        let mut types: Vec<&str> = content.keys().map(String::as_str).collect();
        types.sort();
        assert_eq!(
            types,
            [
                "application/pdf",
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            ],
            "{path}"
        );
    }
}
