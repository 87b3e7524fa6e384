//! The mails that carry a link (sign-up, client invitation, password reset, mail address
//! change) and the notice that an address changed, in Japanese; and sending a link mail.

use crate::platform::error::{AppError, AppResult};
use crate::platform::mail::Mail;
use crate::state::AppState;

const SIGNATURE: &str = "\n――\nTsumugi\nこのメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。\n";

fn link(base: &str, path: &str, token: &str) -> String {
    format!("{base}{path}?token={token}")
}

pub fn signup(base: &str, to: &str, token: &str) -> Mail {
    Mail {
        to_name: String::new(),
        to_address: to.to_string(),
        subject: "【Tsumugi】会員登録のご案内".into(),
        text: format!(
            "Tsumugi への会員登録をお申し込みいただき、ありがとうございます。\n\n次の URL を開いて、プロフィールの登録にお進みください。\n\n{}\n\nこの URL の有効期限は{}時間です。\n{SIGNATURE}",
            link(base, "/signup/profile", token),
            super::tokens::SIGNUP_HOURS
        ),
    }
}

/// The answer of the sign-up form to an address that has an account: no link, only where to go.
pub fn already_registered(base: &str, to: &str) -> Mail {
    Mail {
        to_name: String::new(),
        to_address: to.to_string(),
        subject: "【Tsumugi】会員登録のお申し込みについて".into(),
        text: format!(
            "このメールアドレスで会員登録のお申し込みがありましたが、このアドレスはすでに Tsumugi に登録されています。\n\nログインはこちらから: {base}/\nパスワードをお忘れの場合はこちらから再設定できます: {base}/account_recovery\n\nお申し込みに心当たりがない場合は、このメールを破棄してください。\n{SIGNATURE}",
        ),
    }
}

pub fn client_invitation(
    base: &str,
    to: &str,
    company_name: &str,
    client_id: i64,
    token: &str,
) -> Mail {
    Mail {
        to_name: String::new(),
        to_address: to.to_string(),
        subject: format!("【Tsumugi】{company_name} のアカウント登録のご案内"),
        text: format!(
            "{company_name} のメンバーとして Tsumugi に招待されました。\n\n次の URL を開いて、アカウントの登録にお進みください。\n\n{}\n\nこの URL の有効期限は{}時間です。\n{SIGNATURE}",
            link(base, &format!("/clients/{client_id}/signup/profile"), token),
            super::tokens::SIGNUP_HOURS
        ),
    }
}

pub fn password_reset(base: &str, to: &str, user_name: &str, token: &str) -> Mail {
    Mail {
        to_name: user_name.to_string(),
        to_address: to.to_string(),
        subject: "【Tsumugi】パスワード再設定のご案内".into(),
        text: format!(
            "{user_name} 様\n\nパスワードの再設定を受け付けました。\n次の URL を開いて、新しいパスワードを設定してください。\n\n{}\n\nこの URL の有効期限は{}時間です。\n{SIGNATURE}",
            link(base, "/change_password", token),
            super::tokens::PASSWORD_RESET_HOURS
        ),
    }
}

pub fn mail_change(base: &str, to: &str, user_name: &str, token: &str) -> Mail {
    Mail {
        to_name: user_name.to_string(),
        to_address: to.to_string(),
        subject: "【Tsumugi】メールアドレス変更の確認".into(),
        text: format!(
            "{user_name} 様\n\nメールアドレスの変更を受け付けました。\n次の URL を開くと、このアドレスへの変更が完了します。\n\n{}\n\nこの URL の有効期限は{}時間です。\n{SIGNATURE}",
            link(base, "/user/edit/auth/mail_address/complete", token),
            super::tokens::MAIL_CHANGE_HOURS
        ),
    }
}

/// Sent to the old address once the change is done, so a stolen session cannot move an
/// account away silently.
pub fn mail_changed(to: &str, user_name: &str, new_address: &str) -> Mail {
    Mail {
        to_name: user_name.to_string(),
        to_address: to.to_string(),
        subject: "【Tsumugi】メールアドレスが変更されました".into(),
        text: format!(
            "{user_name} 様\n\nログインに使うメールアドレスが {new_address} に変更されました。\nお心当たりのない場合は、運営までご連絡ください。\n{SIGNATURE}"
        ),
    }
}

/// Sends a link mail: the request fails when it cannot be sent.
pub(super) async fn send(state: &AppState, mail: Mail) -> AppResult<()> {
    state
        .mailer
        .send(&state.config.mail_from, mail)
        .await
        .map_err(|error| AppError::Internal(error.context("sending a link mail failed")))
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_point_at_the_web_pages() {
        let mail = super::signup("https://tsumugi.jp", "new@example.jp", "abc");
        assert!(
            mail.text
                .contains("https://tsumugi.jp/signup/profile?token=abc")
        );
        let mail = super::client_invitation("http://x", "a@example.jp", "株式会社デモ", 7, "t");
        assert!(
            mail.text
                .contains("http://x/clients/7/signup/profile?token=t")
        );
        assert!(mail.subject.contains("株式会社デモ"));
        let mail = super::password_reset("http://x", "a@example.jp", "花子", "t");
        assert!(mail.text.contains("http://x/change_password?token=t"));
        let mail = super::mail_change("http://x", "a@example.jp", "花子", "t");
        assert!(
            mail.text
                .contains("http://x/user/edit/auth/mail_address/complete?token=t")
        );
    }
}
