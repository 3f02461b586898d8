#!/usr/bin/env bash
# The headless browser of the public pages' tests: Debian's Chromium and ChromeDriver.
#
#   bash scripts/browser.sh install   install them if missing (as root; never starts anything)
#   bash scripts/browser.sh env       print the variables the tests read
#
# The tests (tests/web_browser.rs) start ChromeDriver on a free port of 127.0.0.1 and
# Chromium headless with a fresh profile and no background networking.
set -euo pipefail

say() { echo "browser: $*" >&2; }
die() { say "$*"; exit 1; }

chromium=/usr/bin/chromium
driver=/usr/bin/chromedriver

case "${1:-}" in
install)
    if [ -x "$chromium" ] && [ -x "$driver" ]; then
        exit 0
    fi
    [ "$(id -u)" = 0 ] || die "must run as root to install chromium and chromium-driver"
    say "installing chromium and chromium-driver"
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\n# Written by arbitre scripts/browser.sh: never start system services.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
    [ -x "$chromium" ] && [ -x "$driver" ] || die "chromium or chromedriver is still missing"
    say "$("$driver" --version)"
    ;;
env)
    echo "ARBITRE_CHROMIUM=$chromium"
    echo "ARBITRE_CHROMEDRIVER=$driver"
    ;;
*)
    die "usage: bash scripts/browser.sh install|env"
    ;;
esac
