#!/usr/bin/env bash
# A short run of every fuzz target (docs/fuzzing.md), for CI: first the saved crash
# regressions (fuzz/regressions/<target>/, each input run once), then a few seconds of
# fuzzing from the kept corpus (fuzz/corpus/<target>/). Fails when any input crashes.
#
# Runs on the default (stable) toolchain: without a sanitizer (`-s none`) cargo-fuzz needs no
# nightly flag. cargo-fuzz itself is installed from crates.io when it is missing; when that is
# impossible (no registry), the run is skipped, said on stderr and recorded in
# $ARBITRE_SKIPPED so that scripts/test.sh names it in its summary.
# New inputs and crash files go to a temporary directory: the repository is not changed.
#
# Usage: bash scripts/fuzz-smoke.sh [SECONDS_PER_TARGET]   (default 5, or $FUZZ_SMOKE_SECONDS)
#        bash scripts/fuzz-smoke.sh --build-only   (install cargo-fuzz if needed and build the
#        targets, run nothing: scripts/test.sh builds them beside its test passes)
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=0
if [ "${1:-}" = --build-only ]; then
    build_only=1
    shift
fi
seconds="${1:-${FUZZ_SMOKE_SECONDS:-5}}"
cargo_fuzz_version=0.13.2

skip() {
    echo "fuzz-smoke.sh: SKIPPED: $1" >&2
    if [ -n "${ARBITRE_SKIPPED:-}" ]; then
        echo "scripts/fuzz-smoke.sh: $1" >>"$ARBITRE_SKIPPED"
    fi
    exit 0
}
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz-smoke.sh: installing cargo-fuzz $cargo_fuzz_version from crates.io" >&2
    cargo install --quiet --locked cargo-fuzz --version "$cargo_fuzz_version" >&2 ||
        skip "cargo-fuzz is not installed and could not be installed (cargo install cargo-fuzz)"
fi

fuzz=(cargo fuzz)
# No sanitizer: arbitre forbids unsafe code, the runs are several times faster without, and
# no nightly toolchain is needed. A development build (`--dev`, at opt-level 1 as
# fuzz/Cargo.toml sets it): it builds in about 70% of the release build's time and runs
# the kept corpus nearly as fast (unoptimised, replaying it took minutes); long fuzzing runs
# use the release build (docs/fuzzing.md). Overflow checks and debug assertions are on.
build=(-s none --dev)
"${fuzz[@]}" build "${build[@]}"
if [ "$build_only" = 1 ]; then
    exit 0
fi

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
    max_len=4096
    [ "$target" = mail ] && max_len=16384
    echo "fuzz-smoke.sh: $target: fuzzing for ${seconds}s"
    kept=()
    [ -d "fuzz/corpus/$target" ] && kept=("fuzz/corpus/$target")
    if ! "${fuzz[@]}" run "${build[@]}" "$target" "$work/corpus-$target" "${kept[@]}" \
        -- -max_total_time="$seconds" -timeout=10 -max_len="$max_len" \
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
