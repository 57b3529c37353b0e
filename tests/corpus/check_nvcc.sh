#!/usr/bin/env bash
# Compiles every corpus file with a real nvcc (see README.md for the venv setup).
# Usage: tests/corpus/check_nvcc.sh [NVCC]   (default: the pinned PyPI nvcc in /work/venv-corpus)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
nvcc="${1:-$(ls -d /work/venv-corpus/lib/python3*/site-packages/nvidia/cu13/bin/nvcc 2>/dev/null | head -1)}"
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "nvcc not found; pass its path as the first argument" >&2
  exit 2
fi
fail=0
for f in "$here"/*.cu; do
  if ! out="$("$nvcc" -std=c++17 -arch=sm_90 -c "$f" -o /dev/null 2>&1)"; then
    echo "FAIL $(basename "$f")"; echo "$out"; fail=1
  elif [ -n "$out" ]; then
    echo "WARN $(basename "$f")"; echo "$out"
  else
    echo "ok   $(basename "$f")"
  fi
done
exit $fail
