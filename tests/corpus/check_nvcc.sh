#!/usr/bin/env bash
# Compiles every corpus file with a real nvcc (see README.md for the venv setup).
# Usage: tests/corpus/check_nvcc.sh [NVCC]   (default: the pinned PyPI nvcc in /work/venv-corpus)
# VERBOSE=1 also prints the warnings of files that compile.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
nvcc="${1:-$(ls -d /work/venv-corpus/lib/python3*/site-packages/nvidia/cu13/bin/nvcc 2>/dev/null | head -1)}"
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "nvcc not found; pass its path as the first argument" >&2
  exit 2
fi
export nvcc VERBOSE="${VERBOSE:-0}"
check_one() {
  f="$1"
  if ! out="$("$nvcc" -std=c++17 -arch=sm_90 -c "$f" -o /dev/null 2>&1)"; then
    printf 'FAIL %s\n%s\n' "$(basename "$f")" "$out"; return 1
  elif [ -n "$out" ]; then
    printf 'WARN %s\n' "$(basename "$f")"; [ "$VERBOSE" = 1 ] && printf '%s\n' "$out"
  else
    printf 'ok   %s\n' "$(basename "$f")"
  fi
  return 0
}
export -f check_one
ls "$here"/*.cu | xargs -P "$(nproc)" -I{} bash -c 'check_one "$1"' _ {}
