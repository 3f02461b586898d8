//! The floor relays of the mail benchmarks: what a relay that only fetches and submits, with
//! no store and no referee, sends for a move, and the SMTP connections it sends them over.

use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::AsyncSmtpConnection;
use lettre::transport::smtp::extension::ClientId;
use tokio::net::TcpStream;

use super::MailEnv;

/// The size of a floor relay's mail: the median of arbitre's move mails with their board
/// picture (24 KB, measured in the test servers' mailboxes).
pub const MAIL_BYTES: usize = 24 << 10;

/// One of a floor relay's SMTP connections, opened before it is timed: STARTTLS, logged in
/// as `relay`, Nagle's algorithm off (as arbitre's own, see `arbitre::mail::submission`).
pub async fn floor_connection(env: &MailEnv, relay: &str) -> AsyncSmtpConnection {
    let tls = env.smtp_tls();
    let tcp = TcpStream::connect(("localhost", env.port("ARBITRE_TEST_SUBMISSION_PORT")))
        .await
        .unwrap();
    tcp.set_nodelay(true).unwrap();
    let hello = ClientId::default();
    let mut conn = AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &hello)
        .await
        .unwrap();
    conn.starttls(tls, &hello).await.unwrap();
    conn.auth(
        &[Mechanism::Plain],
        &Credentials::new(relay.into(), env.password().into()),
    )
    .await
    .unwrap();
    conn
}

/// The body of a floor relay's mail: [`MAIL_BYTES`] of text in lines of 78 bytes.
pub fn floor_body() -> String {
    let filler = "x".repeat(76);
    (0..MAIL_BYTES / 78)
        .map(|_| format!("{filler}\r\n"))
        .collect()
}
