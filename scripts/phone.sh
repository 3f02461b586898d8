#!/usr/bin/env bash
# Shows the SMS a demo phone received from arbitre (the test SMS gateway's log of what its
# fake SMSC delivered), the last 5 or, with --all, all of them.
#   bash scripts/phone.sh +33612345678
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/phone.sh NUMBER [--all]" >&2; exit 2; }
[ -f var/sms/env ] || { echo "phone.sh: the SMS gateway is not set up (bash scripts/demo.sh)" >&2; exit 1; }
# shellcheck disable=SC1091
. var/sms/env
texts=$(grep -F "Got message" "$ARBITRE_SMS_PHONES_LOG" 2>/dev/null | grep -F " $1 " |
    sed -E 's/^([0-9-]+ [0-9:]+) .*<[^ ]+ [^ ]+ (text|ucs-2) (.*)>$/\1  \3/' || true)
if [ -z "$texts" ]; then
    echo "$1: no SMS yet"
elif [ "${2:-}" = --all ]; then
    echo "$texts"
else
    echo "$texts" | tail -n 5
fi
