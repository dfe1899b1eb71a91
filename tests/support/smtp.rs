//! A local SMTP sink for tests: it accepts every mail on a loopback port and keeps it,
//! and can refuse the next one (451) to test retries; it refuses every recipient at
//! [`REFUSED_DOMAIN`] (550), as a server refuses an address it cannot deliver to. Just enough SMTP (RFC 5321)
//! for a client that sends plain-text mail: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
//! QUIT.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// A mail as received.
#[derive(Debug, Clone)]
pub struct Mail {
    /// The envelope sender (`MAIL FROM`).
    pub from: String,
    /// The envelope recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The message: headers, a blank line, the body (CRLF line ends, dots unstuffed).
    pub data: String,
}

impl Mail {
    /// The value of the first header named `name` (ignoring case).
    pub fn header(&self, name: &str) -> Option<&str> {
        let (head, _) = self.data.split_once("\r\n\r\n")?;
        head.split("\r\n").find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// The body, after the blank line.
    pub fn body(&self) -> &str {
        self.data.split_once("\r\n\r\n").map_or("", |(_, b)| b)
    }

    /// The subject as written: its folded lines joined, and the words that are not
    /// ASCII, which travel as RFC 2047's `=?utf-8?b?<base64>?=`, decoded (with no
    /// space between two such words, as the RFC says).
    pub fn subject(&self) -> String {
        use base64ct::Encoding as _;
        let (head, _) = self.data.split_once("\r\n\r\n").unwrap_or_default();
        let mut lines = head.split("\r\n");
        let mut folded = lines
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                key.eq_ignore_ascii_case("subject").then_some(value)
            })
            .expect("a subject")
            .to_owned();
        for line in lines.take_while(|l| l.starts_with([' ', '\t'])) {
            folded.push_str(line);
        }
        let mut subject = String::new();
        let mut encoded_before = false;
        for word in folded.split_whitespace() {
            let decoded = word
                .strip_prefix("=?utf-8?b?")
                .and_then(|w| w.strip_suffix("?="))
                .map(|encoded| {
                    String::from_utf8(base64ct::Base64::decode_vec(encoded).expect("base64"))
                        .expect("UTF-8")
                });
            let joined = encoded_before && decoded.is_some();
            if !subject.is_empty() && !joined {
                subject.push(' ');
            }
            encoded_before = decoded.is_some();
            subject.push_str(decoded.as_deref().unwrap_or(word));
        }
        subject
    }

    /// The body with plain line ends, read from base64 if it travelled so.
    pub fn text(&self) -> String {
        use base64ct::Encoding as _;
        let text = if self.header("Content-Transfer-Encoding") == Some("base64") {
            let raw: String = self.body().split_whitespace().collect();
            String::from_utf8(base64ct::Base64::decode_vec(&raw).expect("a base64 body"))
                .expect("UTF-8")
        } else {
            self.body().to_owned()
        };
        text.replace("\r\n", "\n")
    }

    /// Whether it is an address verification (its `Message-ID` says so).
    pub fn is_verification(&self) -> bool {
        self.header("Message-ID")
            .is_some_and(|id| id.starts_with("<verify-address."))
    }

    /// Whether it is a password reset link (its `Message-ID` says so).
    pub fn is_reset(&self) -> bool {
        self.header("Message-ID")
            .is_some_and(|id| id.starts_with("<password-reset."))
    }

    /// The secret of the first link under `path` in its text (`…{path}?token=…`).
    pub fn token(&self, path: &str) -> String {
        let text = self.text();
        let at = text
            .find(&format!("{path}?token="))
            .unwrap_or_else(|| panic!("no {path} link in {text}"));
        text[at + path.len() + "?token=".len()..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect()
    }
}

/// A mailer sending to the sink at `url` (at the digest hour 7 UTC), with links
/// under `base`.
pub fn mailer(url: &str, base: &str) -> seedpost::notifications::service::digest::Mailer {
    seedpost::notifications::service::digest::Mailer::new(
        url,
        "seedpost <seedpost@example.org>",
        7,
        base,
    )
    .expect("the sink's URL and sender are good")
}

/// The domain whose recipients the sink refuses with 550.
pub const REFUSED_DOMAIN: &str = "refused.example";

#[derive(Default)]
struct Shared {
    mails: Mutex<Vec<Mail>>,
    refuse_next: AtomicBool,
}

/// A running sink; it stops when dropped.
pub struct SmtpSink {
    /// Where it listens.
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl SmtpSink {
    /// Starts a sink on a free loopback port.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("port 0 binds");
        let addr = listener.local_addr().expect("an address");
        let shared = Arc::new(Shared::default());
        let accepting = shared.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let shared = accepting.clone();
                tokio::spawn(async move {
                    let _ = converse(stream, &shared).await;
                });
            }
        });
        SmtpSink { addr, shared, task }
    }

    /// The URL a client sends to: plain SMTP, no TLS.
    pub fn url(&self) -> String {
        format!("smtp://{}", self.addr)
    }

    /// The mails received so far, oldest first, but the address verifications that
    /// setting an address sends (see [`SmtpSink::all_mails`]).
    pub fn mails(&self) -> Vec<Mail> {
        let mut mails = self.all_mails();
        mails.retain(|m| !m.is_verification());
        mails
    }

    /// Every mail received so far, oldest first.
    pub fn all_mails(&self) -> Vec<Mail> {
        self.shared
            .mails
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The first mail received that `wanted` picks, waiting up to 10 s for it (mails
    /// sent after the answer, such as password reset links, come a little later).
    pub async fn wait_for(&self, what: &str, wanted: impl Fn(&Mail) -> bool) -> Mail {
        for _ in 0..200 {
            if let Some(mail) = self.all_mails().into_iter().find(|m| wanted(m)) {
                return mail;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no mail {what} came: {:?}", self.all_mails());
    }

    /// Refuses the next mail with a temporary failure (451) after its data.
    pub fn refuse_next(&self) {
        self.shared.refuse_next.store(true, Ordering::SeqCst);
    }
}

async fn converse(stream: TcpStream, shared: &Shared) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    write.write_all(b"220 sink ESMTP ready\r\n").await?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_owned();
        let upper = command.to_ascii_uppercase();
        let answer: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250 sink\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            from = address(&command["MAIL FROM:".len()..]);
            to.clear();
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO:") {
            let recipient = address(&command["RCPT TO:".len()..]);
            if recipient.ends_with(&format!("@{REFUSED_DOMAIN}")) {
                b"550 5.1.1 no such mailbox\r\n"
            } else {
                to.push(recipient);
                b"250 OK\r\n"
            }
        } else if upper == "DATA" {
            write.write_all(b"354 go on\r\n").await?;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" {
                    break;
                }
                data.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            if shared.refuse_next.swap(false, Ordering::SeqCst) {
                b"451 try again later\r\n"
            } else {
                shared
                    .mails
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(Mail {
                        from: from.clone(),
                        to: to.clone(),
                        data,
                    });
                b"250 OK queued\r\n"
            }
        } else if upper == "RSET" || upper == "NOOP" {
            b"250 OK\r\n"
        } else if upper == "QUIT" {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            b"502 not implemented\r\n"
        };
        write.write_all(answer).await?;
    }
}

/// `<a@b>` with any parameters after it, as `a@b`.
fn address(text: &str) -> String {
    let text = text.trim();
    let inner = text
        .strip_prefix('<')
        .and_then(|t| t.split_once('>'))
        .map_or(text, |(a, _)| a);
    inner.to_owned()
}
