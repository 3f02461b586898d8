#!/usr/bin/env bash
# The whole test suite: formatting, lints, and every test.
# Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --all-targets --quiet -- -D warnings
cargo test --all-targets 2>&1
