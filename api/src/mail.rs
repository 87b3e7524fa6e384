//! Outgoing mail: SMTP when `SMTP_URL` is set, otherwise `.eml` files under `DATA_DIR/mail`.

use std::path::PathBuf;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, SinglePart};
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
        // 8bit keeps the Japanese text readable in the stored files and in every mail client.
        let body = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(
            Body::new_with_encoding(mail.text, ContentTransferEncoding::EightBit)
                .map_err(|_| anyhow::anyhow!("mail body encoding"))?,
        );
        let message = Message::builder()
            .from(from.parse()?)
            .to(format!("{} <{}>", mail.to_name, mail.to_address)
                .parse()
                .or_else(|_| mail.to_address.parse())?)
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
