#!/usr/bin/env bash
# Real mail servers on 127.0.0.1 for arbitre's demo and integration tests.
#
# Dovecot (IMAP with STARTTLS, IMAPS, LMTP, SASL for Postfix) and Postfix (SMTP, submission
# with STARTTLS + AUTH, SMTPS) run as private instances under a state directory: nothing in
# /etc is changed, no system service is started, and no mail ever leaves the machine (the
# test domain is delivered to Dovecot over LMTP, everything else is refused, no DNS).
# TLS uses a test CA made here; clients must trust "$STATE/tls/ca.crt" (never turn
# verification off).
#
# Usage (as root; Debian):
#   bash scripts/mail-servers.sh start            install if needed, configure, start
#   bash scripts/mail-servers.sh stop             stop both servers
#   bash scripts/mail-servers.sh status           say what runs (exit 1 if not both)
#   bash scripts/mail-servers.sh restart-imap     stop and start Dovecot only
#   bash scripts/mail-servers.sh stop-imap|start-imap   Dovecot only (starting it also
#                                                 flushes Postfix's deferred queue)
#   bash scripts/mail-servers.sh stop-smtp|start-smtp   Postfix only
#   bash scripts/mail-servers.sh add-user NAME    add NAME@DOMAIN (password: $PASSWORD)
#   bash scripts/mail-servers.sh env              print the env file path
#
# Environment: ARBITRE_MAIL_STATE (default: a directory of this checkout's under /var/tmp,
# linked as ./var/mail: see scripts/state.sh), ARBITRE_MAIL_DOMAIN (default:
# arbitre.test), ARBITRE_MAIL_PORT_BASE (default: 14000; ports are BASE+143, +993, +25, +587,
# +465).
#
# The servers' addresses, CA and account data are written to "$STATE/env" (KEY=value lines),
# which the tests and the demo read.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=scripts/state.sh
. "$ROOT/scripts/state.sh"
STATE="${ARBITRE_MAIL_STATE:-$(runtime_state mail "$ROOT")}"
DOMAIN="${ARBITRE_MAIL_DOMAIN:-arbitre.test}"
BASE="${ARBITRE_MAIL_PORT_BASE:-14000}"
PASSWORD="${ARBITRE_MAIL_PASSWORD:-arbitre-test-password}"
IMAP_PORT=$((BASE + 143))
IMAPS_PORT=$((BASE + 993))
SMTP_PORT=$((BASE + 25))
SUBMISSION_PORT=$((BASE + 587))
SMTPS_PORT=$((BASE + 465))
MAIL_USER=arbitre-mail

say() { echo "mail-servers: $*" >&2; }
die() { say "$*"; exit 1; }

need_root() { [ "$(id -u)" = 0 ] || die "must run as root (it installs packages and starts servers)"; }

# Installs the Debian packages when missing, without letting the system instances start.
install_packages() {
    local missing=()
    command -v dovecot >/dev/null || missing+=(dovecot-core dovecot-imapd dovecot-lmtpd)
    [ -e /usr/lib/dovecot/lmtp ] || missing+=(dovecot-lmtpd)
    [ -e /usr/lib/dovecot/imap ] || missing+=(dovecot-imapd)
    command -v postfix >/dev/null || missing+=(postfix)
    command -v openssl >/dev/null || missing+=(openssl)
    [ ${#missing[@]} = 0 ] && return 0
    say "installing ${missing[*]}"
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\n# Written by arbitre scripts/mail-servers.sh: never start system services.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
}

# The system user that owns the test mailboxes.
ensure_mail_user() {
    id "$MAIL_USER" >/dev/null 2>&1 ||
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$MAIL_USER"
}

# A test CA and a leaf certificate for localhost and 127.0.0.1 (rustls refuses a CA used as
# an end entity, so a plain self-signed certificate will not do).
make_certificates() {
    local tls="$STATE/tls"
    [ -s "$tls/server.crt" ] && [ -s "$tls/ca.crt" ] && return 0
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=arbitre test CA" \
        -keyout "$tls/ca.key" -out "$tls/ca.crt" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
        2>/dev/null
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "$tls/server.key" -out "$tls/server.csr" 2>/dev/null
    printf '%s\n' "basicConstraints=critical,CA:FALSE" \
        "keyUsage=critical,digitalSignature,keyEncipherment" \
        "extendedKeyUsage=serverAuth" \
        "subjectAltName=DNS:localhost,IP:127.0.0.1,DNS:mail.$DOMAIN" >"$tls/server.ext"
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" \
        -CAcreateserial -days 3650 -extfile "$tls/server.ext" -out "$tls/server.crt" 2>/dev/null
    chmod 600 "$tls/ca.key" "$tls/server.key"
}

write_dovecot_config() {
    local d="$STATE/dovecot"
    mkdir -p "$d/run" "$d/state" "$d/log" "$STATE/mailboxes"
    touch "$d/users"
    chown "$MAIL_USER:$MAIL_USER" "$STATE/mailboxes"
    local uid gid
    uid=$(id -u "$MAIL_USER")
    gid=$(id -g "$MAIL_USER")
    cat >"$d/dovecot.conf" <<EOF
# Private Dovecot instance for arbitre's tests (written by scripts/mail-servers.sh).
base_dir = $d/run
state_dir = $d/state
log_path = $d/log/dovecot.log
info_log_path = $d/log/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = yes
ssl_cert = <$STATE/tls/server.crt
ssl_key = <$STATE/tls/server.key
ssl_min_protocol = TLSv1.2
auth_mechanisms = plain login
auth_failure_delay = 0
auth_cache_size = 0
login_trusted_networks =
first_valid_uid = $uid
last_valid_uid = $uid
default_internal_user = dovecot
default_login_user = dovenull
mail_location = maildir:~/Maildir
mail_uid = $uid
mail_gid = $gid
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
mail_max_userip_connections = 200
imap_idle_notify_interval = 2 mins
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $d/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $d/users
  default_fields = uid=$uid gid=$gid home=$STATE/mailboxes/%d/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_PORT
    ssl = yes
  }
  process_min_avail = 1
}
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
service auth {
  unix_listener auth-postfix {
    mode = 0666
  }
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
EOF
}

write_postfix_config() {
    local p="$STATE/postfix"
    mkdir -p "$p/etc" "$p/spool" "$p/data" "$p/log"
    chown postfix "$p/data"
    local refuse="error:this test server delivers only to $DOMAIN"
    cat >"$p/etc/main.cf" <<EOF
# Private Postfix instance for arbitre's tests (written by scripts/mail-servers.sh).
compatibility_level = 3.6
queue_directory = $p/spool
data_directory = $p/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mail.$DOMAIN
mydomain = $DOMAIN
myorigin = $DOMAIN
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtp_dns_support_level = disabled
default_transport = $refuse
relay_transport = $refuse
local_transport = $refuse
virtual_mailbox_domains = $DOMAIN
virtual_transport = lmtp:unix:$STATE/dovecot/run/lmtp
recipient_delimiter = +
# A destination whose server never answers (the tests of delayed delivery): Postfix takes
# the mail, keeps retrying it, and sends the envelope sender a "delayed" report after
# delay_warning_time.
transport_maps = inline:{ { defer.$DOMAIN = smtp:[127.0.0.1]:9 } }
delay_warning_time = 15s
maximal_queue_lifetime = 1h
bounce_queue_lifetime = 1h
alias_maps =
alias_database =
local_recipient_maps =
biff = no
smtpd_banner = \$myhostname ESMTP arbitre test server
smtpd_tls_cert_file = $STATE/tls/server.crt
smtpd_tls_key_file = $STATE/tls/server.key
smtpd_tls_security_level = may
smtpd_sasl_type = dovecot
smtpd_sasl_path = $STATE/dovecot/run/auth-postfix
smtpd_sasl_auth_enable = no
smtpd_relay_restrictions = permit_sasl_authenticated, reject_unauth_destination
smtpd_recipient_restrictions = permit_sasl_authenticated, reject_unauth_destination
maillog_file = $p/log/postfix.log
maillog_file_prefixes = $p/log
queue_run_delay = 5s
minimal_backoff_time = 5s
maximal_backoff_time = 30s
lmtp_destination_concurrency_limit = 20
in_flow_delay = 0
smtpd_client_connection_rate_limit = 0
smtpd_error_sleep_time = 0
smtpd_soft_error_limit = 1000
smtpd_hard_error_limit = 1000
EOF
    cat >"$p/etc/master.cf" <<EOF
# Private Postfix instance for arbitre's tests (written by scripts/mail-servers.sh).
127.0.0.1:$SMTP_PORT inet n - n - - smtpd
127.0.0.1:$SUBMISSION_PORT inet n - n - - smtpd
  -o syslog_name=postfix/submission
  -o smtpd_tls_security_level=encrypt
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_tls_auth_only=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
127.0.0.1:$SMTPS_PORT inet n - n - - smtpd
  -o syslog_name=postfix/smtps
  -o smtpd_tls_wrappermode=yes
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
EOF
    # A main.cf younger than about 2 s makes every postfix command wait: backdate it.
    touch -d '-1 minute' "$p/etc/main.cf" "$p/etc/master.cf"
}

write_env() {
    cat >"$STATE/env" <<EOF
ARBITRE_TEST_DOMAIN=$DOMAIN
ARBITRE_TEST_HOST=127.0.0.1
ARBITRE_TEST_IMAP_PORT=$IMAP_PORT
ARBITRE_TEST_IMAPS_PORT=$IMAPS_PORT
ARBITRE_TEST_SMTP_PORT=$SMTP_PORT
ARBITRE_TEST_SUBMISSION_PORT=$SUBMISSION_PORT
ARBITRE_TEST_SMTPS_PORT=$SMTPS_PORT
ARBITRE_TEST_CA=$STATE/tls/ca.crt
ARBITRE_TEST_USERS=$STATE/dovecot/users
ARBITRE_TEST_PASSWORD=$PASSWORD
ARBITRE_TEST_STATE=$STATE
ARBITRE_TEST_SCRIPT=$ROOT/scripts/mail-servers.sh
EOF
}

# Liveness by /proc/PID/exe: dead daemons can linger as zombies for a while in a container.
pid_alive() {
    local pidfile="$1"
    [ -s "$pidfile" ] || return 1
    local pid
    pid=$(tr -d ' \n' <"$pidfile")
    [ -n "$pid" ] && [ -e "/proc/$pid/exe" ] && readlink "/proc/$pid/exe" >/dev/null 2>&1
}
dovecot_running() { pid_alive "$STATE/dovecot/run/master.pid"; }
postfix_running() { pid_alive "$STATE/postfix/spool/pid/master.pid"; }

wait_port() {
    local port="$1" i
    for i in $(seq 1 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

start_dovecot() {
    dovecot_running && return 0
    # Daemons inherit our file descriptors: give them their own, or a caller piping us to
    # `tee` would never see the end.
    dovecot -c "$STATE/dovecot/dovecot.conf" </dev/null >>"$STATE/dovecot/log/start.log" 2>&1 ||
        die "Dovecot did not start: see $STATE/dovecot/log/"
    wait_port "$IMAPS_PORT" || die "Dovecot does not listen on $IMAPS_PORT: see $STATE/dovecot/log/"
    # Mail Postfix could not hand to Dovecot's LMTP while it was down waits in the deferred
    # queue for its next retry: deliver it now (deploy/README.md, "Outages").
    if postfix_running; then
        postqueue -c "$STATE/postfix/etc" -f </dev/null >/dev/null 2>&1 || true
    fi
}

stop_dovecot() {
    dovecot_running || return 0
    # The master's process group holds every process of this instance.
    local group
    group=$(tr -d ' \n' <"$STATE/dovecot/run/master.pid")
    doveadm -c "$STATE/dovecot/dovecot.conf" stop </dev/null >/dev/null 2>&1 ||
        kill "$group" 2>/dev/null || true
    local i
    for i in $(seq 1 100); do dovecot_running || break; sleep 0.1; done
    dovecot_running && die "Dovecot did not stop"
    # Dovecot lets client sessions linger for a few seconds after its master is gone: end
    # them now, so that a stop really cuts every connection.
    kill -KILL -- "-$group" 2>/dev/null || true
}

start_postfix() {
    postfix_running && return 0
    postfix -c "$STATE/postfix/etc" set-permissions </dev/null >/dev/null 2>&1 || true
    postfix -c "$STATE/postfix/etc" start </dev/null >>"$STATE/postfix/log/start.log" 2>&1 ||
        die "Postfix did not start: see $STATE/postfix/log/"
    wait_port "$SUBMISSION_PORT" || die "Postfix does not listen on $SUBMISSION_PORT: see $STATE/postfix/log/"
}

stop_postfix() {
    postfix_running || return 0
    postfix -c "$STATE/postfix/etc" stop </dev/null >/dev/null 2>&1 || true
    local i
    for i in $(seq 1 100); do postfix_running || return 0; sleep 0.1; done
    die "Postfix did not stop"
}

add_user() {
    local name="$1"
    case "$name" in *@*) ;; *) name="$name@$DOMAIN" ;; esac
    grep -q "^$name:" "$STATE/dovecot/users" 2>/dev/null && return 0
    echo "$name:{PLAIN}$PASSWORD::::::" >>"$STATE/dovecot/users"
}

cmd="${1:-status}"
case "$cmd" in
start)
    need_root
    install_packages
    ensure_mail_user
    mkdir -p "$STATE"
    reachable_by postfix "$STATE" mail-servers ARBITRE_MAIL_STATE
    reachable_by "$MAIL_USER" "$STATE" mail-servers ARBITRE_MAIL_STATE
    make_certificates
    write_dovecot_config
    write_postfix_config
    write_env
    start_dovecot
    start_postfix
    say "Dovecot IMAP 127.0.0.1:$IMAP_PORT (STARTTLS), IMAPS :$IMAPS_PORT; Postfix SMTP :$SMTP_PORT, submission :$SUBMISSION_PORT (STARTTLS), SMTPS :$SMTPS_PORT; domain $DOMAIN; CA $STATE/tls/ca.crt"
    say "env file: $STATE/env"
    ;;
stop)
    stop_postfix
    stop_dovecot
    ;;
restart-imap)
    stop_dovecot
    start_dovecot
    ;;
stop-imap) stop_dovecot ;;
start-imap) start_dovecot ;;
stop-smtp) stop_postfix ;;
start-smtp) start_postfix ;;
status)
    ok=0
    if dovecot_running; then say "Dovecot runs"; else say "Dovecot is stopped"; ok=1; fi
    if postfix_running; then say "Postfix runs"; else say "Postfix is stopped"; ok=1; fi
    exit $ok
    ;;
add-user)
    shift
    [ $# -ge 1 ] || die "usage: mail-servers.sh add-user NAME..."
    for n in "$@"; do add_user "$n"; done
    ;;
env) echo "$STATE/env" ;;
*) die "unknown command \`$cmd\` (start, stop, status, restart-imap, stop-imap, start-imap, stop-smtp, start-smtp, add-user, env)" ;;
esac
