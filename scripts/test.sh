#!/usr/bin/env bash
# Full test run: installs the pinned nvcc (scripts/setup-nvcc.sh) so the numeric tests also
# compile every generated file with a real nvcc, then runs the workspace tests. Release mode:
# the numeric tests run the cuad binary over 50+ cases.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup-nvcc.sh
cargo test --workspace --release "$@"
