//! A seeded stream of hostile mail: forged commands in real players' names (to the plain
//! address, to made-up and altered reply addresses, to the other seat's real one), forged
//! `Authentication-Results`, broken MIME, charsets that do not exist, multiparts nested 20
//! to 100 deep, HTML only, automatic mail, bodies of 1 to 4 MB and headers of thousands of
//! lines. Shared by the hostile-mail test and the daemon's memory bench.

/// A small deterministic generator (the same stream on every run).
pub struct Dice(pub u64);

impl Dice {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }

    /// One of `items`.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// What the generator needs to know of the installation.
pub struct Targets {
    /// arbitre's address.
    pub bot: String,
    /// The players forged commands are sent in the names of.
    pub alice: String,
    /// The other one.
    pub bob: String,
    /// An address that sends automatic mail.
    pub robot: String,
    /// The real reply addresses of the players' seats (Alice's first).
    pub keys: Vec<String>,
}

/// Message `n` of the stream: (envelope sender, recipient, raw text).
pub fn hostile(n: usize, d: &mut Dice, t: &Targets) -> (String, String, String) {
    let (local, domain) = t.bot.split_once('@').unwrap();
    let commands = [
        "a1b2",
        "i5h5",
        "RESIGN",
        "ABANDON",
        "DRAW",
        "NULLE",
        "ACCEPT",
        "DECLINE",
        "PAT",
        "LANG FR",
        "NEW abalone VS carol@evil.example",
        "HELP",
        "BOARD",
        "",
    ];
    let victim = if d.below(2) == 0 { &t.alice } else { &t.bob };
    let to = match d.below(5) {
        0 => t.bot.clone(),
        1 => format!(
            "{local}+g1-{}-{}@{domain}",
            d.pick(&["w", "b"]),
            "q".repeat(16)
        ),
        2 => format!("{local}+{}@{domain}", d.pick(&["zz0", "p-aaaa", "g1", "x"])),
        3 => super::altered(&t.keys[d.below(t.keys.len())]),
        // A real key, of the seat the From line does not name.
        _ => {
            let k = if victim == &t.alice {
                &t.keys[1]
            } else {
                &t.keys[0]
            };
            k.clone()
        }
    };
    let id = format!("<hostile.{n}.{}@evil.example>", std::process::id());
    let command = d.pick(&commands);
    let subject = format!("Re: [arbitre #{}] {}", 1 + d.below(3), d.pick(&commands));
    let head = |from: &str, extra: &str| {
        format!(
            "From: {from}\nTo: {to}\nSubject: {subject}\nMessage-ID: {id}\n\
             Date: Mon, 3 Mar 2025 10:00:00 +0000\n{extra}"
        )
    };
    let raw = match d.below(10) {
        // Forged commands, plain.
        0..=2 => format!(
            "{}Content-Type: text/plain; charset=utf-8\n\n{command}\n",
            head(victim, "")
        ),
        // Forged Authentication-Results claiming every pass (no authserv-id is trusted here).
        3 => format!(
            "{}Content-Type: text/plain\n\n{command}\n",
            head(
                victim,
                &format!(
                    "Authentication-Results: {domain}; dmarc=pass header.from={vd}; dkim=pass \
                     header.d={vd}; spf=pass smtp.mailfrom={victim}; auth=pass smtp.auth={victim}\n",
                    vd = victim.split('@').nth(1).unwrap()
                )
            )
        ),
        // Broken MIME: a boundary that never comes, bad base64, bad quoted-printable.
        4 => {
            let body = match d.below(3) {
                0 => format!(
                    "Content-Type: multipart/mixed; boundary=\"never\"\n\n--nope\n{command}\n"
                ),
                1 => format!(
                    "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!{command}@@==\n"
                ),
                _ => format!(
                    "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n=ZZ{command}=\n=\n"
                ),
            };
            format!("{}MIME-Version: 1.0\n{body}", head(victim, ""))
        }
        // Charsets that do not exist, do not fit, or are encoded words gone wrong.
        5 => {
            let charset = d.pick(&["klingon", "utf-16", "iso-2022-jp", "utf-7", "", "\"\""]);
            format!(
                "{}MIME-Version: 1.0\nContent-Type: text/plain; charset={charset}\n\
                 Content-Transfer-Encoding: base64\n\n{}\n",
                head(victim, "X-Subject: =?utf-8?B?////?= =?klingon?Q?=FF=FE?=\n"),
                ["AA==", "2D3cAA==", "+AGEAMQBi-", "w4k="][d.below(4)]
            )
        }
        // Deeply nested multiparts, the move at the bottom.
        6 => {
            let depth = 20 + d.below(80);
            let mut body = format!("Content-Type: text/plain\n\n{command}\n");
            for i in 0..depth {
                body = format!(
                    "Content-Type: multipart/mixed; boundary=\"b{i}\"\n\n--b{i}\n{body}\n--b{i}--\n"
                );
            }
            format!("{}MIME-Version: 1.0\n{body}", head(victim, ""))
        }
        // HTML only.
        7 => format!(
            "{}MIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n<html><body>\
             <p><b>{command}</b></p><script>x</script><div>{}</div></body></html>\n",
            head(victim, ""),
            "<div>".repeat(500)
        ),
        // Automatic mail from the robot's own address: never answered, whatever it says.
        8 => {
            let extra = match d.below(5) {
                0 => "Auto-Submitted: auto-replied\n".to_string(),
                1 => "Precedence: bulk\n".to_string(),
                2 => "List-Id: <games.evil.example>\n".to_string(),
                3 => "X-Autoreply: yes\n".to_string(),
                _ => "MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"r\"\n".to_string(),
            };
            format!(
                "{}\n--r\nContent-Type: text/plain\n\nHELP\n{command}\n--r--\n",
                head(&t.robot, &extra)
            )
        }
        // Huge: a body of 1 to 4 MB, or a header of thousands of lines.
        _ => {
            if d.below(2) == 0 {
                let size = (1 + d.below(4)) << 20;
                let line = format!("{command} junk junk junk junk junk junk junk junk\n");
                let body = line.repeat(size / line.len());
                format!("{}Content-Type: text/plain\n\n{body}", head(victim, ""))
            } else {
                let lines = 2_000 + d.below(20_000);
                let junk = "X-Junk: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n".repeat(lines);
                format!(
                    "{}Content-Type: text/plain\n\n{command}\n",
                    head(victim, &junk)
                )
            }
        }
    };
    (format!("mallory{}@evil.example", d.below(7)), to, raw)
}
