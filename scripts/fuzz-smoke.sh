#!/usr/bin/env bash
# A short run of every fuzz target (docs/fuzzing.md), for CI: first the saved crash
# regressions (fuzz/regressions/<target>/, each input run once), then a few seconds of
# fuzzing from the kept corpus (fuzz/corpus/<target>/). Fails when any input crashes.
#
# Needs the nightly toolchain and cargo-fuzz; without them it says so and exits 0 (skipped).
# New inputs and crash files go to a temporary directory: the repository is not changed.
#
# Usage: bash scripts/fuzz-smoke.sh [SECONDS_PER_TARGET]   (default 5, or $FUZZ_SMOKE_SECONDS)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-${FUZZ_SMOKE_SECONDS:-5}}"

skip() {
    echo "fuzz-smoke.sh: SKIPPED: $1; the fuzz smoke run needs the nightly toolchain and" \
        "cargo-fuzz (rustup toolchain install nightly; cargo install cargo-fuzz)" >&2
    exit 0
}
cargo +nightly --version >/dev/null 2>&1 || skip "no nightly toolchain (cargo +nightly fails)"
cargo +nightly fuzz --version >/dev/null 2>&1 || skip "cargo-fuzz is not installed"

# No sanitizer: arbitre forbids unsafe code, and the runs are several times faster without.
fuzz=(cargo +nightly fuzz)
build=(-s none)
"${fuzz[@]}" build "${build[@]}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=()
for target in $("${fuzz[@]}" list); do
    regressions=(fuzz/regressions/"$target"/*)
    if [ -e "${regressions[0]}" ]; then
        echo "fuzz-smoke.sh: $target: ${#regressions[@]} regression input(s)"
        if ! "${fuzz[@]}" run "${build[@]}" "$target" "${regressions[@]}" -- \
            -runs=1 -artifact_prefix="$work/" >"$work/$target.log" 2>&1; then
            tail -n 30 "$work/$target.log" >&2
            failed+=("$target (regression)")
            continue
        fi
    fi
    mkdir -p "$work/corpus-$target" "$work/artifacts-$target"
    echo "fuzz-smoke.sh: $target: fuzzing for ${seconds}s"
    if ! "${fuzz[@]}" run "${build[@]}" "$target" "$work/corpus-$target" "fuzz/corpus/$target" \
        -- -max_total_time="$seconds" -timeout=10 -max_len=4096 \
        -artifact_prefix="$work/artifacts-$target/" >"$work/$target.log" 2>&1; then
        tail -n 30 "$work/$target.log" >&2
        for crash in "$work/artifacts-$target"/*; do
            [ -e "$crash" ] && { echo "--- $crash (base64):" >&2; base64 "$crash" >&2; }
        done
        failed+=("$target")
        continue
    fi
    grep -E '^Done [0-9]+ runs' "$work/$target.log" | sed "s/^/fuzz-smoke.sh: $target: /" || true
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz-smoke.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz-smoke.sh: every target ran ${seconds}s without a crash"
