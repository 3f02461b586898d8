#!/usr/bin/env bash
# A working local arbitre to play with at once: real IMAP and SMTP servers on 127.0.0.1
# (Dovecot and Postfix, installed if needed, with a test CA), the demo accounts
# arbitre@, alice@, bob@ and carol@arbitre.test, a real Kannel with its fake SMSC standing
# for the players' phones (scripts/sms-gateway.sh), and `arbitre run` watching arbitre@ with
# a SQLite store under var/demo/. Then it prints how to play.
#
# Usage (as root on Debian, with Rust):
#   bash scripts/demo.sh          set up and start (again)
#   bash scripts/demo.sh stop     stop arbitre, the mail servers and the SMS gateway
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
DEMO="$ROOT/var/demo"
PIDFILE="$DEMO/arbitre.pid"

stop_arbitre() {
    if [ -s "$PIDFILE" ] && [ -e "/proc/$(cat "$PIDFILE")/exe" ]; then
        kill -TERM "$(cat "$PIDFILE")" 2>/dev/null || true
        for _ in $(seq 1 50); do [ -e "/proc/$(cat "$PIDFILE")/exe" ] || break; sleep 0.1; done
    fi
    rm -f "$PIDFILE"
}

if [ "${1:-}" = stop ]; then
    stop_arbitre
    bash scripts/sms-gateway.sh stop || true
    bash scripts/mail-servers.sh stop
    if [ -s "$DEMO/arbitre.sqlite" ]; then
        echo "demo stopped (games are kept in $DEMO/arbitre.sqlite)"
    else
        echo "demo stopped"
    fi
    exit 0
fi

command -v cargo >/dev/null || { echo "demo.sh: needs Rust (cargo)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "demo.sh: run as root: it installs and starts Dovecot and Postfix" >&2; exit 1; }

# When a step fails, what this run started is stopped again: no server is left behind.
ready=0
mail_was_up=0
sms_was_up=0
bash scripts/mail-servers.sh status >/dev/null 2>&1 && mail_was_up=1
bash scripts/sms-gateway.sh status >/dev/null 2>&1 && sms_was_up=1
undo_start() {
    [ "$ready" = 1 ] && return 0
    echo "demo.sh: the demo did not start; stopping what it started" >&2
    stop_arbitre
    [ "$sms_was_up" = 1 ] || bash scripts/sms-gateway.sh stop >/dev/null 2>&1 || true
    [ "$mail_was_up" = 1 ] || bash scripts/mail-servers.sh stop >/dev/null 2>&1 || true
}
trap undo_start EXIT

bash scripts/mail-servers.sh start
bash scripts/mail-servers.sh add-user arbitre alice bob carol
# shellcheck disable=SC1091
. "$ROOT/var/mail/env"
bash scripts/sms-gateway.sh start
# shellcheck disable=SC1091
. "$ROOT/var/sms/env"

echo "demo.sh: building arbitre..." >&2
cargo build -q --bin arbitre --example mailbox

# The public pages (games, players, events), served by arbitre run itself.
WEB_PORT="${ARBITRE_DEMO_WEB_PORT:-16080}"

mkdir -p "$DEMO"
umask 077
cat >"$DEMO/arbitre.toml" <<TOML
# The demo's configuration (written by scripts/demo.sh). Every key: config/arbitre.example.toml.
[bot]
address = "arbitre@$ARBITRE_TEST_DOMAIN"
plus-addressing = true
secret.command = "cat '$DEMO/secret'"
default-lang = "en"

[store]
path = "$DEMO/arbitre.sqlite"

[imap]
host = "localhost"
port = $ARBITRE_TEST_IMAPS_PORT
security = "tls"
ca-file = "$ARBITRE_TEST_CA"
user = "arbitre@$ARBITRE_TEST_DOMAIN"
password.raw = "$ARBITRE_TEST_PASSWORD"

[smtp]
host = "localhost"
port = $ARBITRE_TEST_SUBMISSION_PORT
security = "starttls"
ca-file = "$ARBITRE_TEST_CA"
user = "arbitre@$ARBITRE_TEST_DOMAIN"
password.raw = "$ARBITRE_TEST_PASSWORD"

[outbox]
retry-min-seconds = 2
retry-max-seconds = 60
poll-seconds = 2

[web]
listen = "127.0.0.1:$WEB_PORT"
public-url = "http://127.0.0.1:$WEB_PORT"

[sms]
gateway = "kannel"
countries = ["33"]
quiet-hours = "none"

[sms.kannel]
sendsms-url = "$ARBITRE_SMS_SENDSMS_URL"
username = "$ARBITRE_SMS_USER"
password.command = "cat '$ARBITRE_SMS_STATE/password'"
listen = "$ARBITRE_SMS_LISTEN"
secret.command = "cat '$ARBITRE_SMS_STATE/secret'"
TOML
# 32 random bytes (44 characters); a shorter secret from an older demo is made anew.
if [ "$(tr -d '\n' 2>/dev/null <"$DEMO/secret" | wc -c)" -lt 43 ]; then
    head -c 32 /dev/urandom | base64 >"$DEMO/secret"
fi

stop_arbitre
target/debug/arbitre check-config --config "$DEMO/arbitre.toml" >/dev/null
# This run's part of the log (it is appended to).
log_from=$(($(stat -c %s "$DEMO/arbitre.log" 2>/dev/null || echo 0) + 1))
connected() { tail -c "+$log_from" "$DEMO/arbitre.log" 2>/dev/null | grep "IMAP connected" >/dev/null; }
nohup target/debug/arbitre run --config "$DEMO/arbitre.toml" </dev/null >>"$DEMO/arbitre.log" 2>&1 &
echo $! >"$PIDFILE"
for _ in $(seq 1 300); do
    connected && break
    sleep 0.1
done
connected || { echo "demo.sh: arbitre did not connect to IMAP: see var/demo/arbitre.log" >&2; exit 1; }
ready=1

D="$ARBITRE_TEST_DOMAIN"
cat <<TEXT

arbitre is running (pid $(cat "$PIDFILE"), log: var/demo/arbitre.log) and watches arbitre@$D.
Players alice@$D, bob@$D and carol@$D can play at once.

Play Abalone, alice (Black) against bob (White):
  bash scripts/play.sh alice --new "NEW abalone VS bob@$D"   # alice challenges bob
  bash scripts/play.sh alice YES                             # and confirms (see below)
  bash scripts/inbox.sh bob                                  # bob reads the invitation
  bash scripts/play.sh bob ACCEPT                            # bob accepts (replies to it)
  bash scripts/inbox.sh alice                                # alice: your move
  bash scripts/play.sh alice a1b2                            # alice plays, bob gets the move
  bash scripts/inbox.sh bob
With several games, --game N keeps to game N's mails: play.sh bob --game 2 i5h5,
inbox.sh bob --game 2 (and text.sh --game 2 by SMS). More players:
bash scripts/mail-servers.sh add-user dave (dave@$D, same password).
A fresh mail to arbitre@$D proves nothing about its sender (anyone can write alice's
address in a From line), so arbitre asks alice to confirm her challenge: replying YES (or
nothing) to that request does it, once; NOT ME cancels it, and any other words do nothing.
Later replies go to alice's own reply addresses, which prove who writes.
Or Bulltricker: "NEW bulltricker VS bob@$D". Other commands: HELP, BOARD, HISTORY, GAMES,
DRAW, RESIGN, LANG FR (French keywords too: AIDE, PLATEAU, NULLE, ABANDON, ...).

By SMS (the fake SMSC stands for the phones; French numbers only here):
  bash scripts/play.sh alice "PHONE +33612345678"            # alice links her phone
  bash scripts/play.sh alice YES                             # (confirms the command)
  bash scripts/phone.sh +33612345678                         # the code arrives by SMS
  bash scripts/text.sh +33612345678 123456                   # sent back from the phone
  bash scripts/play.sh alice "NOTIFY SMS"                    # moves to play by SMS too
                                                             #   (account changes: by mail)
  bash scripts/text.sh +33612345678 a1b2                     # a move by SMS (#N first
                                                             #   with several games)
  bash scripts/phone.sh +33612345678                         # the answers
STOP by SMS stops every SMS to the number, START resumes them.

The public pages (each game, step by step, its players and the events; names only):
  http://127.0.0.1:$WEB_PORT/
Game mails link to their game's page. PUBLIC OFF (PUBLIC NON) keeps a player's casual
games off the pages.

Any mail client works too: IMAPS 127.0.0.1:$ARBITRE_TEST_IMAPS_PORT, SMTP submission
127.0.0.1:$ARBITRE_TEST_SUBMISSION_PORT (STARTTLS), user alice@$D, password
$ARBITRE_TEST_PASSWORD, trusting the CA in $ARBITRE_TEST_CA.

Games:  target/debug/arbitre games --config var/demo/arbitre.toml
        target/debug/arbitre show --config var/demo/arbitre.toml 1
Status: target/debug/arbitre status --config var/demo/arbitre.toml
Stop:   bash scripts/demo.sh stop
TEXT
