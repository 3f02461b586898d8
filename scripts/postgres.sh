#!/usr/bin/env bash
# A real PostgreSQL server on 127.0.0.1 for arbitre's tests and benchmarks of the
# PostgreSQL store: Debian's postgresql package, a private cluster in "$STATE/data" run by
# an unprivileged system user on its own port, TLS with a test CA, a password login for the
# role `arbitre`. Nothing in /etc is changed and no system service is started.
#
# Usage (as root; Debian):
#   bash scripts/postgres.sh start     install if needed, create the cluster once, start
#   bash scripts/postgres.sh stop      stop it
#   bash scripts/postgres.sh status    say whether it runs (exit 1 if not)
#   bash scripts/postgres.sh env       print the env file path
#   bash scripts/postgres.sh reset-tests   drop the tests' database (arbitre_tests); the
#                                      tests create it again
#
# Environment: ARBITRE_PG_STATE (default: a directory of this checkout's under /var/tmp,
# linked as ./var/pg: see scripts/state.sh), ARBITRE_PG_PORT (default: 15432).
# The server's address, role, password and CA are written to "$STATE/env" (KEY=value lines):
# ARBITRE_PG_URL (a postgres:// URL of the maintenance database), ARBITRE_PG_CA, ...
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=scripts/state.sh
. "$ROOT/scripts/state.sh"
STATE="${ARBITRE_PG_STATE:-$(runtime_state pg "$ROOT")}"
PORT="${ARBITRE_PG_PORT:-15432}"
PG_USER=arbitre-pg
ROLE=arbitre

say() { echo "postgres: $*" >&2; }
die() { say "$*"; exit 1; }

need_root() { [ "$(id -u)" = 0 ] || die "must run as root (it installs packages and runs the server as $PG_USER)"; }

# The newest installed server's bin directory.
bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

install_packages() {
    local missing=()
    [ -n "$(bindir)" ] && [ -x "$(bindir)/initdb" ] || missing+=(postgresql)
    command -v openssl >/dev/null || missing+=(openssl)
    [ ${#missing[@]} = 0 ] && return 0
    say "installing ${missing[*]}"
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\n# Written by arbitre scripts/postgres.sh: never start system services.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_user() {
    id "$PG_USER" >/dev/null 2>&1 ||
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PG_USER"
}

as_pg() { runuser -u "$PG_USER" -- "$@"; }

# A test CA and the server's certificate for 127.0.0.1 and localhost.
make_tls() {
    local tls="$STATE/tls"
    [ -s "$tls/server.crt" ] && return 0
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=arbitre test PostgreSQL CA" \
        -keyout "$tls/ca.key" -out "$tls/ca.crt" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "$tls/server.key" -out "$tls/server.csr" 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$tls/ext"
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" \
        -CAcreateserial -days 3650 -extfile "$tls/ext" -out "$tls/server.crt" 2>/dev/null
    chown "$PG_USER" "$tls/server.key" "$tls/server.crt"
    chmod 600 "$tls/server.key"
}

create_cluster() {
    [ -s "$STATE/data/PG_VERSION" ] && return 0
    mkdir -p "$STATE/data" "$STATE/run" "$STATE/log"
    chown "$PG_USER" "$STATE/data" "$STATE/run" "$STATE/log"
    chmod 700 "$STATE/data"
    [ -s "$STATE/password" ] || head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$STATE/password"
    local pwfile
    pwfile="$(mktemp)"
    cp "$STATE/password" "$pwfile"
    chown "$PG_USER" "$pwfile"
    as_pg "$(bindir)/initdb" -D "$STATE/data" -U "$ROLE" --pwfile="$pwfile" \
        --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    cat >>"$STATE/data/postgresql.conf" <<CONF
# Written by arbitre scripts/postgres.sh.
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$STATE/run'
ssl = on
ssl_cert_file = '$STATE/tls/server.crt'
ssl_key_file = '$STATE/tls/server.key'
max_connections = 200
fsync = on
CONF
}

write_env() {
    local password
    password="$(cat "$STATE/password")"
    cat >"$STATE/env" <<ENV
ARBITRE_PG_HOST=127.0.0.1
ARBITRE_PG_PORT=$PORT
ARBITRE_PG_USER=$ROLE
ARBITRE_PG_PASSWORD=$password
ARBITRE_PG_CA=$STATE/tls/ca.crt
ARBITRE_PG_URL=postgres://$ROLE:$password@127.0.0.1:$PORT/postgres
ENV
}

running() {
    [ -s "$STATE/data/postmaster.pid" ] || return 1
    kill -0 "$(head -1 "$STATE/data/postmaster.pid")" 2>/dev/null
}

start() {
    need_root
    install_packages
    ensure_user
    mkdir -p "$STATE"
    chmod 755 "$STATE"
    reachable_by "$PG_USER" "$STATE" postgres ARBITRE_PG_STATE
    make_tls
    create_cluster
    write_env
    if ! running; then
        as_pg "$(bindir)/pg_ctl" -D "$STATE/data" -l "$STATE/log/server.log" -w -t 60 start >/dev/null ||
            die "the server does not start: see $STATE/log/server.log"
    fi
    say "PostgreSQL $("$(bindir)/postgres" --version | awk '{print $3}') runs on 127.0.0.1:$PORT (TLS, CA $STATE/tls/ca.crt); env file: $STATE/env"
}

stop() {
    if running; then
        as_pg "$(bindir)/pg_ctl" -D "$STATE/data" -m fast -w -t 300 stop >/dev/null || true
    fi
}

psql_admin() {
    local password
    password="$(cat "$STATE/password")"
    PGPASSWORD="$password" "$(bindir)/psql" -X -q -v ON_ERROR_STOP=1 \
        "host=127.0.0.1 port=$PORT user=$ROLE dbname=postgres sslmode=require" "$@"
}

reset_tests() {
    running || die "PostgreSQL is stopped"
    psql_admin -c "DROP DATABASE IF EXISTS arbitre_tests WITH (FORCE)"
}

status() {
    if running; then say "PostgreSQL runs on 127.0.0.1:$PORT"; else say "PostgreSQL is stopped"; return 1; fi
}

cmd="${1:-status}"
case "$cmd" in
start) start ;;
stop) stop ;;
status) status ;;
env) echo "$STATE/env" ;;
reset-tests) reset_tests ;;
*) die "unknown command \`$cmd\` (start, stop, status, env, reset-tests)" ;;
esac
