#!/usr/bin/env bash
# The whole test suite: formatting, lints, and every test, including the daemon's
# integration tests against real Dovecot and Postfix on 127.0.0.1 (installed and started by
# scripts/mail-servers.sh when running as root; stopped again at the end).
# Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --all-targets --quiet -- -D warnings
if [ "$(id -u)" = 0 ]; then
    started=0
    if ! bash scripts/mail-servers.sh status >/dev/null 2>&1; then
        started=1
    fi
    bash scripts/mail-servers.sh start
    # Leave servers that were already running (a developer's) as they were.
    if [ "$started" = 1 ]; then
        trap 'bash scripts/mail-servers.sh stop || true' EXIT
    fi
    export ARBITRE_MAIL_ENV="$PWD/var/mail/env"
else
    echo "test.sh: not root: the mail servers cannot be installed or started; the daemon's" \
        "integration tests will be skipped (they fail instead under CI=true)" >&2
fi
cargo test --all-targets 2>&1
