//! Outgoing mail: SMTP when `SMTP_URL` is set, otherwise `.eml` files under `DATA_DIR/mail`.

use std::path::PathBuf;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, SinglePart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

#[derive(Clone)]
pub enum Mailer {
    Files(AsyncFileTransport<Tokio1Executor>),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

pub struct Mail {
    pub to_name: String,
    pub to_address: String,
    pub subject: String,
    pub text: String,
}

impl Mailer {
    pub fn new(smtp_url: Option<&str>, mail_dir: PathBuf) -> anyhow::Result<Self> {
        match smtp_url {
            Some(url) => Ok(Mailer::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build(),
            )),
            None => {
                std::fs::create_dir_all(&mail_dir)?;
                Ok(Mailer::Files(AsyncFileTransport::new(mail_dir)))
            }
        }
    }

    pub async fn send(&self, from: &str, mail: Mail) -> anyhow::Result<()> {
        // 8bit keeps Japanese text readable in stored files; it needs short lines, so longer
        // texts fall back to the encoding lettre picks.
        let body = Body::new_with_encoding(mail.text, ContentTransferEncoding::EightBit)
            .unwrap_or_else(Body::new);
        let body = SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .body(body);
        let message = Message::builder()
            .from(from.parse()?)
            .to(Mailbox::new(
                Some(mail.to_name).filter(|name| !name.is_empty()),
                mail.to_address.parse()?,
            ))
            .subject(mail.subject)
            .singlepart(body)?;
        match self {
            Mailer::Files(transport) => {
                transport.send(message).await?;
            }
            Mailer::Smtp(transport) => {
                transport.send(message).await?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Mail, Mailer};

    #[tokio::test]
    async fn file_mails_keep_japanese_text_readable() {
        let dir = std::env::temp_dir().join(format!("tsumugi-mail-{}", uuid::Uuid::new_v4()));
        let mailer = Mailer::new(None, dir.clone()).unwrap();
        let mail = Mail {
            to_name: "中村 翔".into(),
            to_address: "twostep@demo.tsumugi.jp".into(),
            subject: "【Tsumugi】二段階認証コードのお知らせ".into(),
            text: "中村 翔 様\n\n認証コード: 123456\n\nこのコードの有効期限は10分です。\n".into(),
        };
        mailer
            .send("Tsumugi <no-reply@tsumugi.jp>", mail)
            .await
            .unwrap();
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let stored = std::fs::read_to_string(file).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        assert!(stored.contains("認証コード: 123456"), "{stored}");
        assert!(stored.contains("twostep@demo.tsumugi.jp"));
    }
}
