#!/usr/bin/env bash
# Runs `cuad grad` on every __global__ kernel of the corpus and compiles each output with
# nvcc. Prints one line per kernel: `ok`, `diag` (cuad refused with a diagnostic), `PANIC`,
# `HANG` or `NVCC` (cuad's output does not compile), and keeps logs in the output folder.
# Usage: tests/corpus/grad_all.sh CUAD_BINARY [OUT_DIR] [NVCC]
set -u
here="$(cd "$(dirname "$0")" && pwd)"
cuad="${1:?usage: grad_all.sh CUAD_BINARY [OUT_DIR] [NVCC]}"
out="${2:-/tmp/cuad-grad-all}"
nvcc="${3:-$(ls -d /work/venv-corpus/lib/python3*/site-packages/nvidia/cu13/bin/nvcc 2>/dev/null | head -1)}"
mkdir -p "$out"
export cuad out nvcc here
grad_one() {
  file="$1" fn="$2"
  tag="$(basename "$file" .cu)__$fn"
  timeout 60 "$cuad" grad "$file" --fn "$fn" -o "$out/$tag.cu" >"$out/$tag.log" 2>&1
  rc=$?
  case $rc in
    0) ;;
    101) echo "PANIC $tag"; return ;;
    124) echo "HANG  $tag"; return ;;
    *) echo "diag  $tag: $(grep -m1 'error' "$out/$tag.log")"; return ;;
  esac
  if "$nvcc" -std=c++17 -arch=sm_90 -I"$here" -I"$("$cuad" --include-dir)" -c "$out/$tag.cu" \
      -o /dev/null >"$out/$tag.nvcc" 2>&1; then
    echo "ok    $tag"
  else
    echo "NVCC  $tag: $(grep -m1 'error' "$out/$tag.nvcc")"
  fi
}
export -f grad_one
# Kernel names: the identifier before `(` after `__global__ [__launch_bounds__(..)] void`
# (across line breaks); ALL_CAPS names are macro invocations and are skipped.
for f in "$here"/*.cu; do
  grep -ozP '__global__\s+(__launch_bounds__\([^)]*\)\s*)?void\s+(__launch_bounds__\([^)]*\)\s*)?\K\w+(?=\s*\()' "$f" | tr '\0' '\n' |
    grep -v '^[A-Z0-9_]*$' | sort -u | sed "s|^|$f |"
done | xargs -P "$(nproc)" -L1 bash -c 'grad_one "$0" "$1"' | sort
