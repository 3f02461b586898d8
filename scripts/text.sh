#!/usr/bin/env bash
# Sends an SMS from a demo phone to arbitre, through the test SMS gateway
# (scripts/sms-gateway.sh): the fake SMSC of kannel-extras injects it as a phone would.
# With --game N, the text is about game N (`#N` before it, as a phone user would write).
#   bash scripts/text.sh +33612345678 "#12 a1b2"
#   bash scripts/text.sh --game 12 +33612345678 a1b2
set -euo pipefail
cd "$(dirname "$0")/.."
game=
if [ "${1:-}" = --game ]; then
    [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "text.sh: --game needs a game number" >&2; exit 2; }
    game="#$2 "
    shift 2
fi
[ $# -eq 2 ] || { echo "usage: scripts/text.sh [--game N] NUMBER TEXT" >&2; exit 2; }
set -- "$1" "$game$2"
[ -f var/sms/env ] || { echo "text.sh: the SMS gateway is not set up (bash scripts/demo.sh)" >&2; exit 1; }
# shellcheck disable=SC1091
. var/sms/env
case "$1" in
    +[1-9]*) ;;
    *) echo "text.sh: the number in international form, +33612345678" >&2; exit 2 ;;
esac
log=$(mktemp)
"$ARBITRE_SMS_FAKESMSC" -H 127.0.0.1 -r "$ARBITRE_SMS_MO_PORT" -i 0 -m 1 "$1 36100 text $2" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 50); do
    grep -q "sent message 1" "$log" && break
    sleep 0.1
done
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if grep -q "sent message 1" "$log"; then
    rm -f "$log"
    echo "$1 -> arbitre: $2"
else
    echo "text.sh: the gateway did not take the SMS:" >&2
    cat "$log" >&2
    rm -f "$log"
    exit 1
fi
