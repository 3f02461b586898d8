#!/usr/bin/env bash
# A real Kannel SMS gateway on 127.0.0.1 for arbitre's integration tests and demo, with
# no modem and no operator: bearerbox and smsbox from Debian's kannel package, and the fake
# SMSC client shipped in kannel-extras (/usr/lib/kannel/test/fakesmsc) standing for the
# phones.
#
# Two fake SMSC connections: "MO" carries messages from phones to arbitre (a test runs
# `fakesmsc -m 1 "<from> <to> text <words>"` against its port for each one), "MT" carries
# arbitre's messages to phones: a fakesmsc started here stays connected to it and writes
# every message it receives to "$STATE/phones.log" (`Got message N: <from to text ...>`).
# smsbox hands each received message to arbitre's listener (get-url, with a shared secret)
# and takes arbitre's messages on its sendsms interface. Nothing in /etc is changed and no
# system service is started.
#
# Usage (as root; Debian):
#   bash scripts/sms-gateway.sh start     install if needed, configure, start
#   bash scripts/sms-gateway.sh stop      stop everything started here
#   bash scripts/sms-gateway.sh status    say what runs (exit 1 if not all)
#   bash scripts/sms-gateway.sh env       print the env file path
#
# Environment: ARBITRE_SMS_STATE (default: a directory of this checkout's under /var/tmp,
# linked as ./var/sms: see scripts/state.sh), ARBITRE_SMS_PORT_BASE (default:
# 15000; ports BASE+0 admin, +1 smsbox, +10 MO SMSC, +11 MT SMSC, +13 sendsms; arbitre's
# listener is expected on BASE+80).
#
# The gateway's addresses and secrets are written to "$STATE/env" (KEY=value lines).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=scripts/state.sh
. "$ROOT/scripts/state.sh"
STATE="${ARBITRE_SMS_STATE:-$(runtime_state sms "$ROOT")}"
BASE="${ARBITRE_SMS_PORT_BASE:-15000}"
ADMIN_PORT=$((BASE + 0))
SMSBOX_PORT=$((BASE + 1))
MO_PORT=$((BASE + 10))
MT_PORT=$((BASE + 11))
SENDSMS_PORT=$((BASE + 13))
LISTEN_PORT=$((BASE + 80))
FAKESMSC=/usr/lib/kannel/test/fakesmsc

say() { echo "sms-gateway: $*" >&2; }
die() { say "$*"; exit 1; }

need_root() { [ "$(id -u)" = 0 ] || die "must run as root (it installs packages)"; }

install_packages() {
    command -v bearerbox >/dev/null && [ -x "$FAKESMSC" ] && return 0
    say "installing kannel kannel-extras"
    # The package's own service must not start: a policy for the time of the install only.
    local policy=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\n# Written by arbitre scripts/sms-gateway.sh: never start system services.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
        policy=1
    fi
    export DEBIAN_FRONTEND=noninteractive
    local ok=0
    apt-get update -qq && apt-get install -y -qq kannel kannel-extras >/dev/null || ok=1
    [ "$policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
    [ "$ok" = 0 ] || die "kannel and kannel-extras could not be installed"
}

# A secret made once per state directory: smsbox puts it in every request to arbitre.
secret() {
    [ -s "$STATE/secret" ] || head -c 18 /dev/urandom | base64 | tr '+/' '-_' >"$STATE/secret"
    cat "$STATE/secret"
}

write_config() {
    local secret password
    secret=$(secret)
    [ -s "$STATE/password" ] || head -c 12 /dev/urandom | base64 | tr '+/' '-_' >"$STATE/password"
    password=$(cat "$STATE/password")
    mkdir -p "$STATE/log" "$STATE/run"
    cat >"$STATE/kannel.conf" <<EOF
# Written by arbitre scripts/sms-gateway.sh.
group = core
admin-port = $ADMIN_PORT
admin-password = $password
admin-interface = 127.0.0.1
smsbox-port = $SMSBOX_PORT
smsbox-interface = 127.0.0.1
box-allow-ip = "127.0.0.1"
log-file = "$STATE/log/bearerbox.log"
log-level = 1
access-log = "$STATE/log/access.log"
store-type = spool
store-location = "$STATE/store"

group = smsc
smsc = fake
smsc-id = MO
# Only the phones send through this link: an SMS to a phone never goes back through the
# fakesmsc that just sent one (bearerbox would route it to any link that allows it).
allowed-smsc-id = MO
port = $MO_PORT
connect-allow-ip = 127.0.0.1

group = smsc
smsc = fake
smsc-id = MT
port = $MT_PORT
connect-allow-ip = 127.0.0.1

group = smsbox
bearerbox-host = 127.0.0.1
sendsms-port = $SENDSMS_PORT
sendsms-interface = 127.0.0.1
mo-recode = true
http-request-retry = 60
http-queue-delay = 2
log-file = "$STATE/log/smsbox.log"
log-level = 1

group = sendsms-user
username = arbitre
password = $password
user-allow-ip = "127.0.0.1"
max-messages = 3
concatenation = true
forced-smsc = MT
default-sender = 36100

group = sms-service
keyword = default
catch-all = yes
max-messages = 0
get-url = "http://127.0.0.1:$LISTEN_PORT/kannel/mo?secret=$secret&id=%I&from=%p&to=%P&text=%a"
EOF
    mkdir -p "$STATE/store"
    cat >"$STATE/env" <<EOF
ARBITRE_SMS_SENDSMS_URL=http://127.0.0.1:$SENDSMS_PORT/cgi-bin/sendsms
ARBITRE_SMS_USER=arbitre
ARBITRE_SMS_PASSWORD=$password
ARBITRE_SMS_SECRET=$secret
ARBITRE_SMS_LISTEN=127.0.0.1:$LISTEN_PORT
ARBITRE_SMS_MO_PORT=$MO_PORT
ARBITRE_SMS_FAKESMSC=$FAKESMSC
ARBITRE_SMS_PHONES_LOG=$STATE/phones.log
ARBITRE_SMS_STATE=$STATE
EOF
}

wait_port() {
    local port="$1" i
    for i in $(seq 1 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# Whether the program started as `$1` still runs: its pid file names a live process that
# is that program (a stale pid file may name another process by now).
running() {
    local pid
    [ -s "$STATE/run/$1.pid" ] || return 1
    pid=$(cat "$STATE/run/$1.pid")
    kill -0 "$pid" 2>/dev/null || return 1
    case "$(cat "/proc/$pid/comm" 2>/dev/null)" in
    bearerbox | smsbox | fakesmsc) return 0 ;;
    *) return 1 ;;
    esac
}

# Starts a program in the background with its pid file; the programs inherit nothing of
# ours (a caller piping us to `tee` would never see the end otherwise).
launch() {
    local name="$1"
    shift
    running "$name" && return 0
    nohup "$@" </dev/null >>"$STATE/log/$name.out" 2>&1 &
    echo $! >"$STATE/run/$name.pid"
}

start() {
    need_root
    install_packages
    mkdir -p "$STATE"
    write_config
    launch bearerbox bearerbox "$STATE/kannel.conf"
    wait_port "$MT_PORT" || die "bearerbox does not listen on $MT_PORT: see $STATE/log/"
    launch smsbox smsbox "$STATE/kannel.conf"
    wait_port "$SENDSMS_PORT" || die "smsbox does not listen on $SENDSMS_PORT: see $STATE/log/"
    # The phones: one connection that receives every message arbitre sends. It sends none
    # itself (an hour between messages, and none allowed).
    launch phones "$FAKESMSC" -H 127.0.0.1 -r "$MT_PORT" -i 3600 -m 0 "0 0 text none"
    local connected=1
    for _ in $(seq 1 50); do
        if grep -q "Fakesmsc client connected" "$STATE/log/bearerbox.log" 2>/dev/null; then
            connected=0
            break
        fi
        sleep 0.1
    done
    [ "$connected" = 0 ] || die "the fake phones did not connect to bearerbox: see $STATE/log/"
    ln -sf "$STATE/log/phones.out" "$STATE/phones.log"
    say "Kannel runs: sendsms on $SENDSMS_PORT, MO SMSC on $MO_PORT, phones in $STATE/phones.log"
}

stop() {
    local name
    for name in phones smsbox bearerbox; do
        if running "$name"; then
            kill "$(cat "$STATE/run/$name.pid")" 2>/dev/null || true
            for _ in $(seq 1 50); do running "$name" || break; sleep 0.1; done
            running "$name" && kill -KILL "$(cat "$STATE/run/$name.pid")" 2>/dev/null || true
        fi
        rm -f "$STATE/run/$name.pid"
    done
}

status() {
    local ok=0 name
    for name in bearerbox smsbox phones; do
        if running "$name"; then say "$name runs"; else say "$name stopped"; ok=1; fi
    done
    return $ok
}

cmd="${1:-status}"
case "$cmd" in
start) start ;;
stop) stop ;;
status) status ;;
env) echo "$STATE/env" ;;
*) die "unknown command \`$cmd\` (start, stop, status, env)" ;;
esac
