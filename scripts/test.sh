#!/usr/bin/env bash
# The whole test suite: formatting, lints, and every test, including the daemon's
# integration tests against real Dovecot and Postfix on 127.0.0.1 (installed and started by
# scripts/mail-servers.sh when running as root; stopped again at the end), the SMS
# adapter's against a real Kannel (scripts/sms-gateway.sh, the same way) and the public
# pages' in a headless Chromium (scripts/browser.sh installs it). The store's tests run on
# SQLite and on a real PostgreSQL (scripts/postgres.sh, the same way).
# And a short run of every fuzz target (scripts/fuzz-smoke.sh), beside the tests.
# Ends with the total of the tests run (`N passed, N failed, N ignored`) and a summary naming
# every test skipped for missing data or servers (none when ../shared is beside the
# repository and the script runs as root; then a skip is a failure).
# Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# How long each phase took, printed with the summary (where CI's time goes).
times=()
mark=$SECONDS
phase() {
    times+=("$1 $((SECONDS - mark)) s")
    mark=$SECONDS
}
cargo fmt --all -- --check
cargo clippy --all-targets --quiet -- -D warnings
phase "lints"
# The demo's arbitre listens on the test SMS gateway's port: the tests need it.
if [ -s var/demo/arbitre.pid ] && [ -e "/proc/$(cat var/demo/arbitre.pid)/exe" ]; then
    echo "test.sh: stopping the demo's arbitre (its SMS listener holds the gateway's port);" \
        "bash scripts/demo.sh starts it again" >&2
    kill -TERM "$(cat var/demo/arbitre.pid)" 2>/dev/null || true
    for _ in $(seq 1 50); do [ -e "/proc/$(cat var/demo/arbitre.pid)/exe" ] || break; sleep 0.1; done
    rm -f var/demo/arbitre.pid
fi
if [ "$(id -u)" = 0 ]; then
    started=0
    if ! bash scripts/mail-servers.sh status >/dev/null 2>&1; then
        started=1
    fi
    sms_started=0
    if ! bash scripts/sms-gateway.sh status >/dev/null 2>&1; then
        sms_started=1
    fi
    pg_started=0
    if ! bash scripts/postgres.sh status >/dev/null 2>&1; then
        pg_started=1
    fi
    # Leave servers that were already running (a developer's) as they were; stop ours even
    # when starting the other failed.
    stop_servers() {
        if [ "$started" = 1 ]; then bash scripts/mail-servers.sh stop || true; fi
        if [ "$sms_started" = 1 ]; then bash scripts/sms-gateway.sh stop || true; fi
        if [ "$pg_started" = 1 ]; then bash scripts/postgres.sh stop || true; fi
    }
    trap stop_servers EXIT
    bash scripts/mail-servers.sh start
    bash scripts/sms-gateway.sh start
    export ARBITRE_MAIL_ENV="$PWD/var/mail/env"
    export ARBITRE_SMS_ENV="$PWD/var/sms/env"
    bash scripts/postgres.sh start
    # Each run starts from an empty test database (each test makes a schema of its own).
    bash scripts/postgres.sh reset-tests
    export ARBITRE_PG_ENV="$PWD/var/pg/env"
    # The public pages' browser test: Debian's Chromium and ChromeDriver.
    bash scripts/browser.sh install
    eval "$(bash scripts/browser.sh env | sed 's/^/export /')"
else
    echo "test.sh: not root: the mail servers, the SMS gateway, PostgreSQL and the browser" \
        "cannot be installed or started; the tests that need them will be skipped (they fail instead" \
        "under CI=true)" >&2
fi
phase "servers"
# Tests that cannot run here (external data or mail servers missing) record themselves in
# this file (tests/skip/mod.rs); the summary below names each.
export ARBITRE_SKIPPED="$PWD/target/skipped-tests.txt"
mkdir -p target
rm -f "$ARBITRE_SKIPPED"
status=0
# Every test binary is built once; then the SQLite pass and the PostgreSQL pass (below) run
# side by side, their tests mostly waiting for the servers, and in their tail, one at a
# time, the two binaries that listen on the SMS gateway's one port; then, one at a time,
# the binaries that must run alone: they stop the mail server.
# Each pass goes on after a failing binary (--no-fail-fast): with a few large binaries, one
# failure would otherwise hide whole groups of tests.
# The benches that need the servers do nothing under `cargo test` (they say how to run them
# and stop): clippy (above) has compiled them; building them again for a run that asserts
# nothing took a minute of the two cores. The others run as smoke tests in the SQLite pass.
server_benches=(mail_latency sms_latency store_burst daemon_memory)
bench_targets=()
for f in benches/*.rs; do
    name=$(basename "$f" .rs)
    printf '%s\n' "${server_benches[@]}" | grep -qx "$name" || bench_targets+=(--bench "$name")
done
cargo test --lib --bins --tests --examples "${bench_targets[@]}" --no-run 2>&1 || status=$?
phase "build"
alone=(daemon_imap_outage daemon_imap_restart)
gateway=(daemon_sms sms_kannel)
# Whether binary $1 runs by itself (alone, or on the gateway's port) rather than in a pass.
runs_apart() {
    local a
    for a in "${alone[@]}" "${gateway[@]}"; do [ "$a" = "$1" ] && return 0; done
    return 1
}
# The test binaries: one per folder of tests/ with a main.rs (games, referee, tournament,
# daemon, cli, web: each file in it a module), and one per file left at the top of tests/
# (those that run by themselves).
test_binaries=()
for f in tests/*.rs tests/*/main.rs; do
    case "$f" in
    */main.rs) test_binaries+=("$(basename "$(dirname "$f")")") ;;
    *) test_binaries+=("$(basename "$f" .rs)") ;;
    esac
done
# A binary's sources: its file, or every file of its folder.
sources_of() {
    if [ -d "tests/$1" ]; then echo tests/"$1"/*.rs; else echo "tests/$1.rs"; fi
}
# The SQLite pass in two: the daemon binary (its tests mostly wait on the servers: the long
# pole of the run), and everything else beside it; the PostgreSQL pass likewise.
sqlite_targets=(--lib --bins --examples "${bench_targets[@]}")
for name in "${test_binaries[@]}"; do
    runs_apart "$name" || [ "$name" = daemon ] || sqlite_targets+=(--test "$name")
done
# The store's second pass: the test binaries that open a store (through tests/common or
# arbitre::store::testing) run again on PostgreSQL, each test on a fresh schema, and the
# library's tests with them.
# (daemon_pair_burst, daemon_store_lost and store_migrate are about PostgreSQL itself: they
# run on it in the first pass already, and are skipped in the second.)
store_tests=()
store_alone=()
for name in "${test_binaries[@]}"; do
    # shellcheck disable=SC2046
    grep -qE '^mod common;|common/mod\.rs|common/cli\.rs|common/site\.rs|store::testing' \
        $(sources_of "$name") || continue
    if runs_apart "$name"; then
        store_alone+=("$name")
    else
        store_tests+=(--test "$name")
    fi
done
postgres_skips=(--skip daemon_pair_burst:: --skip daemon_store_lost:: --skip store_migrate::)
# A binary run by itself: on SQLite, then on PostgreSQL if it opens a store.
run_apart() {
    local st=0
    cargo test --test "$1" || st=$?
    if [ -n "${ARBITRE_PG_ENV:-}" ] && printf '%s\n' "${store_alone[@]}" | grep -qx "$1"; then
        ARBITRE_TEST_STORE=postgres cargo test --test "$1" || st=$?
    fi
    return "$st"
}
binaries=$((${#store_tests[@]} / 2 + ${#store_alone[@]}))
mkdir -p target/test-logs
rm -f target/test-logs/*.log target/test-logs/*.txt
echo "test.sh: the SQLite pass and the PostgreSQL pass run side by side; each one's output" \
    "follows when it ends (and stays in target/test-logs/)" >&2
# The fuzz targets' build (scripts/fuzz-smoke.sh, below) goes on beside the passes, at the
# lowest priority: the passes leave about half the CPU idle while they wait on the servers.
# Under the idle scheduling policy, as the daemon's own searches for the computer opponent
# are: at nice 19 the build would still take the CPU from those searches, and the tests
# that wait for a computer's move would wait for the build.
idle=(nice -n 19)
chrt --idle 0 true 2>/dev/null && idle=(chrt --idle 0 nice -n 19)
"${idle[@]}" bash scripts/fuzz-smoke.sh --build-only >target/test-logs/fuzz-build.txt 2>&1 &
fuzz_build=$!
cargo test --no-fail-fast --test daemon >target/test-logs/sqlite-daemon.log 2>&1 &
daemon_pass=$!
# The rest of the SQLite pass, which needs the CPU; then, while the daemon binary's two
# passes wait on the servers, the gateway's binaries, one after the other (they mostly wait
# on Kannel and the mail servers, which the passes share with them).
(
    st=0
    cargo test --no-fail-fast "${sqlite_targets[@]}" >target/test-logs/sqlite.log 2>&1 || st=$?
    for name in "${gateway[@]}"; do
        run_apart "$name" >>target/test-logs/gateway.log 2>&1 || st=$?
    done
    exit "$st"
) &
sqlite_pass=$!
postgres_pass=
postgres_daemon_pass=
if [ -n "${ARBITRE_PG_ENV:-}" ]; then
    echo "test.sh: the PostgreSQL pass: the library and $binaries test binaries" >&2
    # The same split: the daemon binary in a process of its own.
    store_rest=()
    for ((i = 0; i < ${#store_tests[@]}; i += 2)); do
        if [ "${store_tests[i + 1]}" = daemon ]; then
            ARBITRE_TEST_STORE=postgres cargo test --no-fail-fast --test daemon -- \
                "${postgres_skips[@]}" >target/test-logs/postgres-daemon.log 2>&1 &
            postgres_daemon_pass=$!
        else
            store_rest+=("${store_tests[i]}" "${store_tests[i + 1]}")
        fi
    done
    ARBITRE_TEST_STORE=postgres cargo test --no-fail-fast --lib "${store_rest[@]}" -- "${postgres_skips[@]}" \
        >target/test-logs/postgres.log 2>&1 &
    postgres_pass=$!
else
    echo "scripts/test.sh: the PostgreSQL pass of the library and $binaries test" \
        "binaries: no test PostgreSQL server (scripts/postgres.sh start, as root)" >>"$ARBITRE_SKIPPED"
fi
wait "$sqlite_pass" || status=$?
wait "$daemon_pass" || status=$?
echo "test.sh: ---- the SQLite pass ----"
cat target/test-logs/sqlite.log target/test-logs/sqlite-daemon.log
echo "test.sh: ---- the SMS gateway's binaries ----"
cat target/test-logs/gateway.log
if [ -n "$postgres_pass" ]; then
    wait "$postgres_pass" || status=$?
    if [ -n "$postgres_daemon_pass" ]; then
        wait "$postgres_daemon_pass" || status=$?
    fi
    echo "test.sh: ---- the PostgreSQL pass ----"
    cat target/test-logs/postgres.log
    [ -z "$postgres_daemon_pass" ] || cat target/test-logs/postgres-daemon.log
fi
phase "SQLite and PostgreSQL passes"
# A few seconds of each fuzz target and the saved crash inputs (docs/fuzzing.md), beside the
# binaries that run alone (they mostly wait: for a mail server stopped on purpose, for a
# backoff), at the same idle priority as the build: they leave the CPU to everything else.
fuzz_smoke=
if wait "$fuzz_build"; then
    "${idle[@]}" bash scripts/fuzz-smoke.sh >target/test-logs/fuzz-smoke.txt 2>&1 &
    fuzz_smoke=$!
else
    status=1
fi
echo "test.sh: ---- the binaries that run alone ----"
for name in "${alone[@]}"; do
    run_apart "$name" 2>&1 | tee -a target/test-logs/alone.log || status=$?
done
phase "binaries alone"
echo "test.sh: ---- the fuzz targets ----"
cat target/test-logs/fuzz-build.txt
if [ -n "$fuzz_smoke" ]; then
    wait "$fuzz_smoke" || status=1
    cat target/test-logs/fuzz-smoke.txt
fi
phase "fuzz smoke (the rest of it)"
# The total of every `test result:` line of the three passes.
awk '/^test result:/ {
        for (i = 2; i <= NF; i++) {
            if ($i == "passed;") passed += $(i - 1)
            if ($i == "failed;") failed += $(i - 1)
            if ($i == "ignored;") ignored += $(i - 1)
        }
    }
    END { printf "test.sh: %d passed, %d failed, %d ignored\n", passed, failed, ignored }' \
    target/test-logs/*.log
(
    IFS=,
    echo "test.sh: times: ${times[*]}" | sed 's/,/, /g'
)
skipped=0
if [ -s "$ARBITRE_SKIPPED" ]; then
    skipped=$(sort -u "$ARBITRE_SKIPPED" | wc -l)
fi
if [ "$skipped" = 0 ]; then
    echo "test.sh: skipped tests: none"
else
    echo "test.sh: skipped tests: $skipped"
    sort -u "$ARBITRE_SKIPPED" | sed 's/^/  skipped: /'
    # With ../shared beside the repository (as in CI) or under CI=true, every test must run.
    if [ -d ../shared/data ] || [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ]; then
        echo "test.sh: no test may be skipped here (../shared is present or CI is set)" >&2
        [ "$status" = 0 ] && status=1
    fi
fi
exit "$status"
