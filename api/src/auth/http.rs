//! Login, two-step verification, whoami and logout.

use crate::auth::{db, password, rate_limit, session, site_verify, two_step};
use crate::maintenance;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser, ClientIp};
use crate::platform::mail::Mail;
use crate::platform::realtime_auth::sessions_revoked;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::users::model::{self as users, UserRecord};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(two_step_password))
        .routes(routes!(two_step_verification))
        .routes(routes!(whoami))
        .routes(routes!(logout))
        .routes(routes!(challenge))
        .routes(routes!(verify))
}

pub const WRONG_CREDENTIALS: &str = "メールアドレスまたはパスワードが正しくありません。";

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 255,
        pattern = r"^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$"
    )]
    pub mail_address: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1, pattern = r"\S")]
    pub password: String,
    /// A token that passed `POST /api/siteverify`; required unless the bot check is off.
    #[serde(default)]
    pub site_verify_token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    pub token: String,
    pub user: UserRecord,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TwoStepRequired {
    pub two_step_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginResponse {
    Session(SessionResponse),
    TwoStep(TwoStepRequired),
}

#[utoipa::path(post, path = "/users/login", tag = "users", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 422, description = "validation, wrong credentials or failed bot check"),
              (status = 429, description = "too many failed attempts of this account from this address or from this address, or this account is under attack and this address is new to it; see Retry-After"), (status = 503, description = "maintenance")))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginRequest>,
) -> AppResult<Json<LoginResponse>> {
    let mut v = Validator::new();
    v.required("mail_address", &body.mail_address)
        .email("mail_address", &body.mail_address)
        .max_chars("mail_address", &body.mail_address, 255)
        .required("password", &body.password)
        .max_chars("password", &body.password, 255);
    v.finish()?;
    let mail_address = body.mail_address.trim().to_string();

    let limits = rate_limit::Limits {
        per_account: state.config.login_limit_per_account,
        per_ip: state.config.login_limit_per_ip,
        slowdown_after: state.config.login_slowdown_after,
    };
    if let Some(retry_after_secs) =
        rate_limit::retry_after(&state.db, &limits, &mail_address, &ip).await?
    {
        return Err(AppError::TooManyRequests { retry_after_secs });
    }

    if state.site_verifier.enabled() {
        let token = body.site_verify_token.as_deref().unwrap_or_default();
        if token.is_empty() || !site_verify::consume(&state.db, token).await? {
            return Err(AppError::invalid(site_verify::BOT_SUSPECTED));
        }
    }

    let account = db::active_account_by_mail(&state.db, &mail_address).await?;
    let stored_hash = account.as_ref().map_or_else(
        || password::dummy_hash().to_string(),
        |a| a.password_hash.clone(),
    );
    let password_ok = password::verify_async(body.password.clone(), stored_hash).await;
    let Some(db::LoginAccount {
        id: user_id,
        role,
        two_step_enabled,
        ..
    }) = account.filter(|_| password_ok)
    else {
        rate_limit::record_failure(&state.db, &mail_address, &ip).await?;
        return Err(AppError::invalid(WRONG_CREDENTIALS));
    };
    let is_staff = crate::auth::role::Role::from_db(&role).is_some_and(|r| r.is_staff());
    maintenance::ensure_open_for(&state, is_staff).await?;
    rate_limit::record_success(&state.db, user_id, &mail_address, &ip).await?;

    if two_step_enabled {
        let two_step_token = two_step::start(&state.db, user_id).await?;
        return Ok(Json(LoginResponse::TwoStep(TwoStepRequired {
            two_step_token,
        })));
    }
    Ok(Json(LoginResponse::Session(
        open_session(&state, user_id).await?,
    )))
}

async fn open_session(state: &AppState, user_id: i64) -> AppResult<SessionResponse> {
    let mut tx = state.db.begin().await?;
    let new_session = session::create(&mut *tx, user_id).await?;
    let user = users::load(&mut *tx, user_id)
        .await?
        .ok_or(AppError::Unauthorized)?;
    tx.commit().await?;
    Ok(SessionResponse {
        token: new_session.token,
        user,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoStepPasswordRequest {
    #[serde(default)]
    pub two_step_token: String,
}

impl Declared for TwoStepPasswordRequest {
    const RULES: &'static [FieldRules] = &[("two_step_token", &[Rule::Required])];
}

#[utoipa::path(post, path = "/users/two_step_password", tag = "users", request_body = TwoStepPasswordRequest,
    responses((status = 204, description = "a one-time code was mailed"), (status = 422, description = "missing or expired two-step token (rule jwt)")))]
pub async fn two_step_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TwoStepPasswordRequest>,
) -> AppResult<StatusCode> {
    let mut v = Validator::new();
    v.required("two_step_token", &body.two_step_token);
    v.finish()?;
    let issued = two_step::issue_code(&state.db, &body.two_step_token).await?;
    let mail = Mail {
        to_name: issued.user_name.clone(),
        to_address: issued.mail_address,
        subject: "【Tsumugi】二段階認証コードのお知らせ".into(),
        text: format!(
            "{} 様\n\nTsumugi へのログインに必要な\n認証コードは次のとおりです。\n\n認証コード: {}\n\nこのコードの有効期限は{}分です。\nお心当たりのない場合は、\nこのメールを破棄してください。\n",
            issued.user_name,
            issued.code,
            two_step::TOKEN_MINUTES
        ),
    };
    state
        .mailer
        .send(&state.config.mail_from, mail)
        .await
        .map_err(|e| {
            tracing::error!(user_id = issued.user_id, error = %e, "two-step mail failed");
            AppError::invalid("二段階認証パスワードの作成に失敗しました。")
        })?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoStepVerificationRequest {
    #[serde(default)]
    pub two_step_token: String,
    /// The mailed one-time code.
    #[serde(default)]
    pub password: String,
}

impl Declared for TwoStepVerificationRequest {
    const RULES: &'static [FieldRules] = &[
        ("two_step_token", &[Rule::Required]),
        ("password", &[Rule::Required, Rule::MaxChars(6)]),
    ];
}

#[utoipa::path(post, path = "/users/two_step_verification", tag = "users", request_body = TwoStepVerificationRequest,
    responses((status = 200, body = SessionResponse), (status = 422, description = "wrong code, expired token"), (status = 503, description = "maintenance")))]
pub async fn two_step_verification(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TwoStepVerificationRequest>,
) -> AppResult<Json<SessionResponse>> {
    let mut v = Validator::new();
    v.required("two_step_token", &body.two_step_token)
        .required("password", &body.password)
        .max_chars("password", &body.password, 6);
    v.finish()?;
    let user_id = two_step::verify(&state.db, &body.two_step_token, &body.password).await?;
    let role = db::role_of(&state.db, user_id).await?;
    let is_staff = crate::auth::role::Role::from_db(&role).is_some_and(|r| r.is_staff());
    maintenance::ensure_open_for(&state, is_staff).await?;
    Ok(Json(open_session(&state, user_id).await?))
}

#[utoipa::path(get, path = "/users/whoami", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = UserRecord), (status = 401, description = "not logged in")))]
pub async fn whoami(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<UserRecord>> {
    users::load(&state.db, caller.user_id)
        .await?
        .map(Json)
        .ok_or(AppError::Unauthorized)
}

#[utoipa::path(post, path = "/users/logout", tag = "users", security(("bearer" = [])),
    responses((status = 204, description = "the session is revoked and its sockets closed"), (status = 401)))]
pub async fn logout(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Response> {
    session::revoke(&state.db, caller.session_id).await?;
    sessions_revoked(&state.hub, &[caller.session_id]).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Challenge {
    /// pow (built-in proof of work), http (external widget) or off.
    pub kind: String,
    pub challenge: Option<String>,
    pub difficulty: Option<u32>,
    pub site_key: Option<String>,
}

#[utoipa::path(get, path = "/siteverify/challenge", tag = "siteverify",
    responses((status = 200, body = Challenge, description = "for pow: find a decimal nonce so that SHA-256(`challenge:nonce`) has `difficulty` leading zero bits; the token is `challenge:nonce`")))]
pub async fn challenge(State(state): State<AppState>) -> Json<serde_json::Value> {
    Json(state.site_verifier.challenge())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyRequest {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerifyResponse {
    pub success: bool,
}

#[utoipa::path(post, path = "/siteverify", tag = "siteverify", request_body = VerifyRequest,
    responses((status = 200, body = VerifyResponse, description = "on success the token may be used once as site_verify_token at login")))]
pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<VerifyRequest>,
) -> AppResult<Json<VerifyResponse>> {
    let success = match site_verify::verify_and_record(
        &state.db,
        state.site_verifier.as_ref(),
        &body.token,
        &ip,
    )
    .await
    {
        Ok(success) => success,
        Err(error) => {
            // An unreachable verifier must not lock everybody out silently: log it, refuse.
            tracing::warn!(%error, "site verification failed to complete");
            false
        }
    };
    Ok(Json(VerifyResponse { success }))
}
