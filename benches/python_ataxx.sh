#!/usr/bin/env bash
# Runs benches/python_ataxx.py (arbitre's Ataxx engine against python-ataxx's alpha-beta
# player) in a venv of its own, /var/tmp/arbitre-python-ataxx, where it installs python-ataxx
# 2.2.0 (the PyPI package `ataxx`) with pip the first time. The arguments go to the script:
#   bash benches/python_ataxx.sh --games 20 --level 9 --depth 3
# The engine is target/release/arbitre (build it with `cargo build --release`), or --arbitre PATH.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${ARBITRE_PYTHON_ATAXX_VENV:-/var/tmp/arbitre-python-ataxx}"
version="2.2.0"
if ! "$venv/bin/python" -c "import ataxx, sys; sys.exit(ataxx.__version__ != '$version')" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "ataxx==$version"
fi
exec "$venv/bin/python" "$here/python_ataxx.py" "$@"
