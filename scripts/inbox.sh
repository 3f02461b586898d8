#!/usr/bin/env bash
# Shows a demo player's latest mail (decoded, format=flowed reflowed), or every subject with
# --all; with --game N, only the mails of game N.
#   bash scripts/inbox.sh bob
#   bash scripts/inbox.sh bob --all
#   bash scripts/inbox.sh bob --game 2
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/inbox.sh PLAYER [--game N] [--all]" >&2; exit 2; }
exec cargo run -q --example mailbox -- inbox "$@"
