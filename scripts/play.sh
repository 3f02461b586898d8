#!/usr/bin/env bash
# Sends a mail as a demo player (alice, bob, carol), as a mail client would: by default a
# reply to arbitre's latest mail to that player (to its per-game Reply-To address, threaded,
# with the old mail quoted); with --game N, to the latest mail of game N (for a player in
# several games); with --new, a fresh mail to arbitre@.
#   bash scripts/play.sh alice --new "NEW abalone VS bob@arbitre.test"
#   bash scripts/play.sh bob ACCEPT
#   bash scripts/play.sh alice a1b2
#   bash scripts/play.sh alice --game 2 i5h5
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: scripts/play.sh PLAYER [--game N] [--new] TEXT" >&2; exit 2; }
exec cargo run -q --example mailbox -- send "$@"
