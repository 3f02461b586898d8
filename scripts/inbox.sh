#!/usr/bin/env bash
# Shows a demo player's latest mail (decoded), or every subject with --all.
#   bash scripts/inbox.sh bob
#   bash scripts/inbox.sh bob --all
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/inbox.sh PLAYER [--all]" >&2; exit 2; }
exec cargo run -q --example mailbox -- inbox "$@"
