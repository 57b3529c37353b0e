#!/usr/bin/env bash
# The PyTorch integration on a GPU machine (torch with CUDA, nvcc, no cargo): the torch-free
# build tests, then integrations/torch/tests/test_gpu.py, which compares the gradients of
# loaded kernels and host functions with torch autograd and gradcheck. One PASS/FAIL line per
# check, then "N passed, N failed"; exit status 1 when any check fails.
#
# Usage: scripts/torch-gpu.sh [CUAD_BINARY]     (or env CUAD=path)
# Env:   NVCC=path        nvcc to use (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#        PYTHON=python3   the Python that has torch
#        CUAD_TORCH_ARCH  nvcc -arch (default: the GPU's, e.g. sm_90)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CUAD="${1:-${CUAD:-}}"
PYTHON="${PYTHON:-python3}"
if [[ -z "$CUAD" || ! -x "$CUAD" ]]; then
  echo "usage: $0 CUAD_BINARY (or CUAD=path)" >&2
  exit 2
fi
export CUAD="$(cd "$(dirname "$CUAD")" && pwd)/$(basename "$CUAD")"
export NVCC="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
[[ -x "$NVCC" ]] || { echo "torch-gpu: nvcc not found (set NVCC)" >&2; exit 2; }

status=0
echo "== torch-free build tests"
"$PYTHON" "$ROOT/integrations/torch/tests/test_build.py" || status=1
echo "== GPU checks"
timeout 600 "$PYTHON" "$ROOT/integrations/torch/tests/test_gpu.py" || status=1
exit $status
