//! Sign-up by mail link, client invitations, password recovery, the logged-in member's password
//! and mail address changes, generated passwords and mail notification frequencies.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::accounts::mails::send;
use crate::accounts::model::{
    MAIL_ADDRESS, MAIL_ADDRESS_RULES, MailAddressRequest, check_mail_address,
};
use crate::accounts::model::{MailFrequencies, MailFrequency};
use crate::accounts::signup_link::new_account_link;
use crate::accounts::tokens::{self, Purpose, Recipient};
use crate::accounts::{db, invitations, mails, password_rule, throttle};
use crate::auth::role::Role;
use crate::auth::{password, rate_limit, session};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser, ClientIp};
use crate::platform::realtime_auth::sessions_revoked;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::users::model::Profile;
use crate::users::model::{self as users, UserRecord};
use crate::users::profile::{self, NewAccount, PersonInput, ProfileInput};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signup))
        .routes(routes!(signup_link, signup_profile))
        .routes(routes!(client_signup))
        .routes(routes!(client_signup_link, client_signup_profile))
        .routes(routes!(account_recovery))
        .routes(routes!(change_password))
        .routes(routes!(update_password))
        .routes(routes!(request_mail_change))
        .routes(routes!(confirm_mail_change))
        .routes(routes!(random_password))
        .routes(routes!(mail_frequencies, update_mail_frequencies))
}

/// The rule on `current_password` (or the mail change's `password`) when it is wrong.
pub const RULE_CURRENT_PASSWORD: &str = "current_password";
/// The rule on a new password equal to the current one.
pub const RULE_DIFFERENT: &str = "different:current_password";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LinkTarget {
    /// The address the link was sent to.
    pub mail_address: String,
    /// The inviting client's name (client invitations).
    pub company_name: Option<String>,
}

/// A new member's session, shaped as the login's.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedUp {
    pub token: String,
    pub user: UserRecord,
}

/// What both sign-up forms send besides the person: the mailed link, the new password twice and
/// the acceptance of the terms.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SignupCredentials {
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub password_confirmation: String,
    /// The terms and privacy policy are accepted.
    #[serde(default)]
    pub accept: bool,
}

impl SignupCredentials {
    /// The password rule and the acceptance, reported on `v` beside the form's other fields.
    fn check(&self, v: &mut Validator) {
        password_rule::check(
            v,
            "password",
            &self.password,
            "password_confirmation",
            &self.password_confirmation,
        );
        if !self.accept {
            v.fail("accept", "accepted");
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignupProfileRequest {
    #[serde(flatten)]
    pub credentials: SignupCredentials,
    #[serde(flatten)]
    pub profile: ProfileInput,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClientSignupProfileRequest {
    #[serde(flatten)]
    pub credentials: SignupCredentials,
    #[serde(flatten)]
    pub person: PersonInput,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub password_confirmation: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdatePasswordRequest {
    #[serde(default)]
    pub current_password: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub password_confirmation: String,
}

/// A new password (`password_rule::check`): its classes of characters are not stated.
const NEW_PASSWORD: &[Rule] = &[
    Rule::Required,
    Rule::MinChars(password_rule::MIN_CHARS),
    Rule::MaxChars(password_rule::MAX_CHARS),
];

impl Declared for UpdatePasswordRequest {
    const RULES: &'static [FieldRules] = &[
        ("current_password", &[Rule::Required]),
        ("password", NEW_PASSWORD),
        ("password_confirmation", &[Rule::Required]),
    ];
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MailChangeRequest {
    /// The new address; the confirmation link goes there.
    #[serde(default)]
    pub mail_address: String,
    /// The current password.
    #[serde(default)]
    pub password: String,
}

impl Declared for MailChangeRequest {
    const RULES: &'static [FieldRules] = &[
        ("mail_address", MAIL_ADDRESS_RULES),
        ("password", &[Rule::Required]),
    ];
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RandomPassword {
    pub password: String,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct MailFrequenciesInput {
    /// immediately, daily or none.
    #[schema(required = true, pattern = "^(immediately|daily|none)$")]
    pub message: String,
    #[schema(required = true, pattern = "^(immediately|daily|none)$")]
    pub task: String,
    #[schema(required = true, pattern = "^(immediately|daily|none)$")]
    pub information: String,
    /// Left out: unchanged.
    pub browser_notification: Option<bool>,
}

async fn hash(password: String) -> AppResult<String> {
    Ok(
        tokio::task::spawn_blocking(move || password::hash(&password))
            .await
            .map_err(anyhow::Error::from)??,
    )
}

async fn close_sockets(state: &AppState, sessions: &[Uuid]) {
    sessions_revoked(&state.hub, sessions).await;
}

/// Opens a session for a user created in `tx`, like the login does.
async fn open_session(tx: &mut sqlx::PgConnection, user_id: i64) -> AppResult<SignedUp> {
    let new_session = session::create(&mut *tx, user_id).await?;
    let user = users::load(&mut *tx, user_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("a new user could not be read back"))?;
    Ok(SignedUp {
        token: new_session.token,
        user,
    })
}

/// Mails a sign-up link to an address that has no account yet. A registered address gets the
/// same answer and a mail saying it is registered (how to log in or reset the password), so
/// the form never tells a stranger who has an account.
#[utoipa::path(post, path = "/signup", tag = "accounts", request_body = MailAddressRequest,
    responses((status = 204, description = "the link (or, for a registered address, a notice) was mailed"), (status = 422, description = "an invalid address"),
              (status = 429, description = "too many requests for this address or network")))]
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<MailAddressRequest>,
) -> AppResult<StatusCode> {
    let (mail_address, token) =
        new_account_link(&state, &ip, Purpose::Signup, &body.mail_address, None).await?;
    let base = state.config.public_base_url();
    let mail = match token {
        Some(token) => mails::signup(&base, mail_address, &token),
        None => mails::already_registered(&base, mail_address),
    };
    send(&state, mail).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The address a live sign-up link was sent to (422 `token: jwt` for a used, expired or unknown one).
#[utoipa::path(get, path = "/signup/profile", tag = "accounts", params(TokenQuery),
    responses((status = 200, body = LinkTarget), (status = 422)))]
pub async fn signup_link(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> AppResult<Json<LinkTarget>> {
    let link = tokens::peek(&state.db, Purpose::Signup, &query.token).await?;
    Ok(Json(LinkTarget {
        mail_address: link.mail_address,
        company_name: None,
    }))
}

/// Creates the creator of a sign-up link with their profile and logs them in; the link is
/// spent by the same transaction.
#[utoipa::path(post, path = "/signup/profile", tag = "accounts", request_body = SignupProfileRequest,
    responses((status = 200, body = SignedUp), (status = 422, description = "a field rule, or `token: jwt` for a dead link")))]
pub async fn signup_profile(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<SignupProfileRequest>,
) -> AppResult<Json<SignedUp>> {
    // A dead link says so before any field does.
    tokens::peek(&state.db, Purpose::Signup, &body.credentials.token).await?;
    let mut v = Validator::new();
    body.credentials.check(&mut v);
    let values = profile::validate_into(&state.db, &body.profile, None, &mut v).await?;
    v.finish()?;
    let values = values.ok_or_else(|| anyhow::anyhow!("a failed profile rule was not reported"))?;
    let password_hash = hash(body.credentials.password).await?;

    let mut tx = state.db.begin().await?;
    let link = tokens::consume(&mut tx, Purpose::Signup, &body.credentials.token).await?;
    let user_id = profile::create_account(
        &mut *tx,
        &NewAccount {
            mail_address: &link.mail_address,
            password_hash: &password_hash,
            role: Role::General,
            client_id: None,
            user_name: &values.user_name,
            person: &values.person,
        },
    )
    .await?
    .ok_or_else(|| AppError::rule(MAIL_ADDRESS, "unique"))?;
    profile::save(&mut *tx, user_id, &values).await?;
    let signed_up = open_session(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Json(signed_up))
}

/// Invites a person of client `client_id` by mail, under the same rule as
/// `POST /clients/{id}/accounts`: managers, admins, or a user of that client.
#[utoipa::path(post, path = "/clients/{client_id}/signup", tag = "accounts", security(("bearer" = [])),
    request_body = MailAddressRequest,
    responses((status = 204, description = "the invitation was mailed"), (status = 401), (status = 403), (status = 404),
              (status = 422, description = "invalid or already registered (unique)"), (status = 429)))]
pub async fn client_signup(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ClientIp(ip): ClientIp,
    Path(client_id): Path<i64>,
    ApiJson(body): ApiJson<MailAddressRequest>,
) -> AppResult<StatusCode> {
    crate::clients::clients::access::invitable_client(&state.db, &caller, client_id).await?;
    let company_name = db::client_company(&state.db, client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    invitations::invite_to_client(&state, &ip, client_id, &company_name, &body.mail_address)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The address and company of a live invitation of client `client_id`.
#[utoipa::path(get, path = "/clients/{client_id}/signup/profile", tag = "accounts", params(TokenQuery),
    responses((status = 200, body = LinkTarget), (status = 422)))]
pub async fn client_signup_link(
    State(state): State<AppState>,
    Path(client_id): Path<i64>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> AppResult<Json<LinkTarget>> {
    let link = tokens::peek(&state.db, Purpose::ClientSignup, &query.token).await?;
    if link.client_id != Some(client_id) {
        return Err(tokens::invalid());
    }
    Ok(Json(LinkTarget {
        mail_address: link.mail_address,
        company_name: db::client_company(&state.db, client_id).await?,
    }))
}

/// Creates the client user of an invitation of client `client_id` and logs them in.
#[utoipa::path(post, path = "/clients/{client_id}/signup/profile", tag = "accounts",
    request_body = ClientSignupProfileRequest,
    responses((status = 200, body = SignedUp), (status = 422, description = "a field rule, or `token: jwt` for a dead link or one of another client")))]
pub async fn client_signup_profile(
    State(state): State<AppState>,
    Path(client_id): Path<i64>,
    ApiJson(body): ApiJson<ClientSignupProfileRequest>,
) -> AppResult<Json<SignedUp>> {
    let link = tokens::peek(&state.db, Purpose::ClientSignup, &body.credentials.token).await?;
    if link.client_id != Some(client_id) {
        return Err(tokens::invalid());
    }
    let mut v = Validator::new();
    let person = profile::check_person(&mut v, &body.person);
    body.credentials.check(&mut v);
    v.finish()?;
    let password_hash = hash(body.credentials.password).await?;

    let mut tx = state.db.begin().await?;
    let link = tokens::consume(&mut tx, Purpose::ClientSignup, &body.credentials.token).await?;
    if link.client_id != Some(client_id) {
        return Err(tokens::invalid());
    }
    let user_id = profile::create_account(
        &mut *tx,
        &NewAccount {
            mail_address: &link.mail_address,
            password_hash: &password_hash,
            role: Role::Client,
            client_id: Some(client_id),
            user_name: &person.full_name(),
            person: &person,
        },
    )
    .await?
    .ok_or_else(|| AppError::rule(MAIL_ADDRESS, "unique"))?;
    let signed_up = open_session(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Json(signed_up))
}

/// Mails a password reset link when an active account has the address. Always 204, so the
/// answer never tells whether it has; the mail itself is sent in the background for the same
/// reason.
#[utoipa::path(post, path = "/account_recovery", tag = "accounts", request_body = MailAddressRequest,
    responses((status = 204, description = "mailed when the address has an account"), (status = 422), (status = 429)))]
pub async fn account_recovery(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<MailAddressRequest>,
) -> AppResult<StatusCode> {
    let mail_address = body.mail_address.trim();
    let mut v = Validator::new();
    check_mail_address(&mut v, MAIL_ADDRESS, mail_address);
    v.finish()?;
    throttle::admit(&state, Purpose::PasswordReset, mail_address, &ip).await?;
    if let Some(account) = db::active_contact_by_mail(&state.db, mail_address).await? {
        let recipient = Recipient {
            mail_address: &account.mail_address,
            user_id: Some(account.id),
            client_id: None,
        };
        let token = tokens::issue(&state.db, Purpose::PasswordReset, &recipient).await?;
        let base = state.config.public_base_url();
        let mail = mails::password_reset(&base, &account.mail_address, &account.user_name, &token);
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(error) = state.mailer.send(&state.config.mail_from, mail).await {
                tracing::error!(user_id = account.id, %error, "password reset mail failed");
            }
        });
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Sets a new password through a reset link; every session of the account is revoked.
#[utoipa::path(post, path = "/change_password", tag = "accounts", request_body = ChangePasswordRequest,
    responses((status = 204), (status = 422, description = "a password rule, or `token: jwt` for a dead link")))]
pub async fn change_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ChangePasswordRequest>,
) -> AppResult<StatusCode> {
    tokens::peek(&state.db, Purpose::PasswordReset, &body.token).await?;
    let mut v = Validator::new();
    password_rule::check(
        &mut v,
        "password",
        &body.password,
        "password_confirmation",
        &body.password_confirmation,
    );
    v.finish()?;
    let password_hash = hash(body.password).await?;

    let mut tx = state.db.begin().await?;
    let link = tokens::consume(&mut tx, Purpose::PasswordReset, &body.token).await?;
    let user_id = link
        .user_id
        .ok_or_else(|| anyhow::anyhow!("a reset link without its user"))?;
    db::set_password_hash(&mut *tx, user_id, &password_hash).await?;
    let revoked = session::revoke_all_of_user(&mut *tx, user_id).await?;
    tx.commit().await?;
    close_sockets(&state, &revoked).await;
    // The owner proved the address: earlier failed logins no longer hold them back.
    rate_limit::clear_account(&state.db, &link.mail_address).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes the caller's password; their other sessions are revoked, this one stays.
#[utoipa::path(put, path = "/users/me/password", tag = "accounts", security(("bearer" = [])),
    request_body = UpdatePasswordRequest,
    responses((status = 204), (status = 401),
              (status = 422, description = "`current_password` wrong, the password rule, or `different:current_password`")))]
pub async fn update_password(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(body): ApiJson<UpdatePasswordRequest>,
) -> AppResult<StatusCode> {
    let mut v = Validator::new();
    if body.current_password.is_empty() {
        v.fail("current_password", "required");
    } else {
        let stored = db::password_hash(&state.db, caller.user_id).await?;
        if !password::verify_async(body.current_password.clone(), stored).await {
            v.fail("current_password", RULE_CURRENT_PASSWORD);
        }
    }
    password_rule::check(
        &mut v,
        "password",
        &body.password,
        "password_confirmation",
        &body.password_confirmation,
    );
    if !body.password.is_empty() && body.password == body.current_password {
        v.fail("password", RULE_DIFFERENT);
    }
    v.finish()?;
    let password_hash = hash(body.password).await?;
    let mut tx = state.db.begin().await?;
    db::set_password_hash(&mut *tx, caller.user_id, &password_hash).await?;
    let revoked =
        session::revoke_others_of_user(&mut *tx, caller.user_id, caller.session_id).await?;
    tx.commit().await?;
    close_sockets(&state, &revoked).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Mails a confirmation link to the new address; the address changes when it is opened.
#[utoipa::path(put, path = "/users/me/mail_address", tag = "accounts", security(("bearer" = [])),
    request_body = MailChangeRequest,
    responses((status = 204, description = "the confirmation link was mailed to the new address"), (status = 401),
              (status = 422, description = "invalid, already registered (unique), or `password: current_password`"), (status = 429)))]
pub async fn request_mail_change(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<MailChangeRequest>,
) -> AppResult<StatusCode> {
    let mail_address = body.mail_address.trim();
    let mut v = Validator::new();
    check_mail_address(&mut v, MAIL_ADDRESS, mail_address);
    if body.password.is_empty() {
        v.fail("password", "required");
    } else {
        let stored = db::password_hash(&state.db, caller.user_id).await?;
        if !password::verify_async(body.password.clone(), stored).await {
            v.fail("password", RULE_CURRENT_PASSWORD);
        }
    }
    if !v.failed(MAIL_ADDRESS) && db::mail_address_taken(&state.db, mail_address).await? {
        v.fail(MAIL_ADDRESS, "unique");
    }
    v.finish()?;
    throttle::admit(&state, Purpose::MailChange, mail_address, &ip).await?;
    let contact = db::contact(&state.db, caller.user_id).await?;
    let recipient = Recipient {
        mail_address,
        user_id: Some(caller.user_id),
        client_id: None,
    };
    let token = tokens::issue(&state.db, Purpose::MailChange, &recipient).await?;
    let base = state.config.public_base_url();
    send(
        &state,
        mails::mail_change(&base, mail_address, &contact.user_name, &token),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Switches the caller's address to the one a confirmation link was sent to (checked again for
/// uniqueness now) and tells the old address.
#[utoipa::path(post, path = "/users/me/mail_address/confirm", tag = "accounts", security(("bearer" = [])),
    request_body = TokenRequest,
    responses((status = 200, body = Profile), (status = 401),
              (status = 422, description = "`token: jwt` for a dead link or another member's, `mail_address: unique` when taken meanwhile")))]
pub async fn confirm_mail_change(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(body): ApiJson<TokenRequest>,
) -> AppResult<Json<Profile>> {
    let mut tx = state.db.begin().await?;
    let link = tokens::consume(&mut tx, Purpose::MailChange, &body.token).await?;
    if link.user_id != Some(caller.user_id) {
        return Err(tokens::invalid());
    }
    let before = db::contact(&mut *tx, caller.user_id).await?;
    if !db::set_mail_address(&mut *tx, caller.user_id, &link.mail_address).await? {
        return Err(AppError::rule(MAIL_ADDRESS, "unique"));
    }
    let changed = profile::load(&mut *tx, caller.user_id)
        .await?
        .ok_or(AppError::Unauthorized)?;
    tx.commit().await?;
    let notice = mails::mail_changed(&before.mail_address, &before.user_name, &link.mail_address);
    if let Err(error) = state.mailer.send(&state.config.mail_from, notice).await {
        tracing::warn!(user_id = caller.user_id, %error, "the old address could not be told of the change");
    }
    Ok(Json(changed))
}

/// A fresh 16-character password meeting the password rule, for the sign-up form's generator.
#[utoipa::path(get, path = "/random_password", tag = "accounts",
    responses((status = 200, body = RandomPassword)))]
pub async fn random_password() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(RandomPassword {
            password: password_rule::generate(),
        }),
    )
}

/// How often the caller is mailed each kind of notice.
#[utoipa::path(get, path = "/users/me/mail_frequencies", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = MailFrequencies), (status = 401)))]
pub async fn mail_frequencies(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<MailFrequencies>> {
    Ok(Json(db::mail_frequencies(&state.db, caller.user_id).await?))
}

/// Sets how often the caller is mailed each kind of notice.
#[utoipa::path(put, path = "/users/me/mail_frequencies", tag = "accounts", security(("bearer" = [])),
    request_body = MailFrequenciesInput,
    responses((status = 200, body = MailFrequencies), (status = 401), (status = 422)))]
pub async fn update_mail_frequencies(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(body): ApiJson<MailFrequenciesInput>,
) -> AppResult<Json<MailFrequencies>> {
    let mut v = Validator::new();
    let mut frequency = |field: &str, value: &str| {
        let parsed = MailFrequency::parse(value.trim());
        if parsed.is_none() {
            v.fail(
                field,
                if value.trim().is_empty() {
                    "required".to_string()
                } else {
                    MailFrequency::rule()
                },
            );
        }
        parsed.unwrap_or(MailFrequency::Immediately)
    };
    let chosen = MailFrequencies {
        message: frequency("message", &body.message),
        task: frequency("task", &body.task),
        information: frequency("information", &body.information),
        browser_notification: body.browser_notification.unwrap_or(true),
    };
    v.finish()?;
    Ok(Json(
        db::save_mail_frequencies(
            &state.db,
            caller.user_id,
            &chosen,
            body.browser_notification,
        )
        .await?,
    ))
}
