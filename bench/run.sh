#!/usr/bin/env bash
# Runs the whole cuad GPU benchmark suite with one command:
#
#   bench/run.sh <path-to-cuad-binary>
#
# For every workload: `cuad grad` on the kernel in bench/kernels/, nvcc on the driver in
# bench/drivers/ (with the generated gradient; without it when cuad or nvcc fails, so the
# forward and the hand-written adjoint are still measured), then the drivers one after the
# other, then the PyTorch versions (bench/torch/bench_torch.py). Writes
# bench/results/<gpu-name>.json and .md, and copies them (plus a tarball of the logs and the
# generated code) to $OUT when $OUT is set. A failing workload is reported, never fatal.
#
# Environment: NVCC (default: nvcc on PATH, then /usr/local/cuda/bin/nvcc), ARCH (default:
# from nvidia-smi, e.g. sm_90), PYTHON (default python3), BENCH_ONLY (space-separated
# workload names to run), BENCH_BUILD_ONLY=1 (stop after building: useful without a GPU).
set -u

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
START_EPOCH=$(date +%s)
BUDGET_S=450        # stop starting new drivers after this many seconds (the suite must end < 8 min)
DRIVER_TIMEOUT=90   # per driver
TORCH_TIMEOUT=150   # for all PyTorch workloads together
TORCH_RESERVE=60    # seconds kept for PyTorch when starting drivers

CUAD="${1:-}"
if [[ -n "$CUAD" ]]; then
  CUAD="$(cd "$(dirname "$CUAD")" && pwd)/$(basename "$CUAD")"
  [[ -x "$CUAD" ]] || { echo "run.sh: cuad binary '$CUAD' is not executable; continuing without it" >&2; CUAD=""; }
else
  echo "run.sh: no cuad binary given; only forward, hand-written and PyTorch timings" >&2
fi

# ------------------------------------------------------------------ toolchain and GPU
NVCC="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
PYTHON="${PYTHON:-python3}"
if [[ -z "${ARCH:-}" ]]; then
  cap="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')"
  if [[ -n "$cap" ]]; then ARCH="sm_$cap"; else ARCH="native"; fi
fi
GPU_NAME="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
GPU_NAME="${GPU_NAME:-unknown-gpu}"
GPU_TAG="$(printf '%s' "$GPU_NAME" | tr ' ' '_' | tr -cd 'A-Za-z0-9_.-')"

BUILD="$HERE/build"
GEN="$BUILD/gen"
LOG="$BUILD/logs"
RES="$BUILD/results"
rm -rf "$BUILD"
mkdir -p "$GEN" "$LOG" "$RES"

echo "== cuad benchmark suite: GPU '$GPU_NAME', nvcc $NVCC, arch $ARCH, cuad '${CUAD:-none}'"
"$NVCC" --version 2>/dev/null | tail -1 >"$LOG/nvcc.version" || true

# ------------------------------------------------------------------ workloads
# unit|kernel file|function|--wrt|driver|driver args|extra `cuad grad` options
# (unit = workload name in the results; options are listed under the results table)
WORKLOADS=(
  "elementwise|elementwise.cu|ew_map|out,x,a|elementwise|"
  "saxpy|saxpy.cu|saxpy|y,x,a|saxpy|"
  "black_scholes|black_scholes.cu|black_scholes|call,put,spot,strike,years,rate,vol|black_scholes||--max-registers 32"
  "elementwise_keep_seeds|elementwise.cu|ew_map|out,x,a|elementwise||--keep-seeds"
  "black_scholes_keep_seeds|black_scholes.cu|black_scholes|call,put,spot,strike,years,rate,vol|black_scholes||--max-registers 32 --keep-seeds"
  "contraction_k64|contraction.cu|contract3|C,A,B|contraction|64"
  "contraction_k1024|contraction.cu|contract3|C,A,B|contraction|1024"
  "xsbench|xsbench.cu|xs_lookup|macro_xs,grid|xsbench|"
  "rsbench|rsbench.cu|rs_lookup|macro_xs,poles|rsbench||--max-registers 96"
  "lulesh_eos|lulesh_eos.cu|eval_eos|e,p_out,q_out,ss_out|lulesh_eos||--max-registers 64"
  "lulesh_force|lulesh_force.cu|integrate_stress|fx,fy,fz,determ,x,y,z|lulesh_force|"
  "jacobi|jacobi.cu|jacobi_run|u|jacobi|"
  "block_reduce|block_reduce.cu|block_sum_sq|partial,x|block_reduce|"
)

selected() {
  [[ -z "${BENCH_ONLY:-}" ]] && return 0
  local w
  for w in $BENCH_ONLY; do [[ "$w" == "$1" ]] && return 0; done
  return 1
}

NVCC_FLAGS=(-O3 -std=c++17 "-arch=$ARCH" -I"$HERE/common" -I"$REPO/include")

# Writes $LOG/<driver>.build as one line: status<TAB>gradient function<TAB>message.
# status: ok | cuad_failed | nvcc_failed (on cuad's output) | no_cuad | build_failed
build_driver() {
  local drv="$1" kernel="$2" fn="$3" wrt="$4" opts="$5" id
  id="$(build_id "$drv" "$opts")"
  # The driver includes "<driver>_gen.cu": each build has its own folder for it.
  mkdir -p "$GEN/$id"
  local gen="$GEN/$id/${drv}_gen.cu" exe="$BUILD/$id" status="no_cuad" gradfn="" msg=""
  local t0=$SECONDS
  if [[ -n "$CUAD" ]]; then
    # shellcheck disable=SC2086
    if timeout 120 "$CUAD" grad "$HERE/kernels/$kernel" --fn "$fn" --wrt "$wrt" $opts -o "$gen" \
        >"$LOG/$id.cuad.log" 2>&1 && [[ -s "$gen" ]]; then
      gradfn="$(grep -oE "\\b${fn}_grad(_[0-9]+)*[[:space:]]*\\(" "$gen" | head -1 | sed -E 's/[[:space:]]*\($//')"
      [[ -n "$gradfn" ]] || gradfn="${fn}_grad"
      if "$NVCC" "${NVCC_FLAGS[@]}" -I"$GEN/$id" -DHAVE_CUAD "-DGRAD_FN=$gradfn" "$HERE/drivers/${drv}_bench.cu" \
          -o "$exe" >"$LOG/$id.nvcc.log" 2>&1; then
        status="ok"
      else
        status="nvcc_failed"
        msg="$(grep -m1 -E 'error' "$LOG/$id.nvcc.log")"
      fi
    else
      status="cuad_failed"
      msg="$(grep -m1 -E 'error' "$LOG/$id.cuad.log" || head -1 "$LOG/$id.cuad.log")"
    fi
  fi
  if [[ "$status" != "ok" ]]; then
    if ! "$NVCC" "${NVCC_FLAGS[@]}" "$HERE/drivers/${drv}_bench.cu" -o "$exe" >"$LOG/$id.nvcc_fwd.log" 2>&1; then
      status="build_failed"
      msg="$(grep -m1 -E 'error' "$LOG/$id.nvcc_fwd.log")"
    fi
  fi
  printf '%s\t%s\t%s\t%s\n' "$status" "$gradfn" "$(printf '%s' "$msg" | tr '\t\n' '  ' | cut -c1-400)" "$opts" >"$LOG/$id.build"
  echo "   built $id: $status ($((SECONDS - t0)) s)${msg:+ - $msg}"
}

# One build per driver and set of cuad options (a workload may rerun a driver with options).
build_id() {
  if [[ -n "$2" ]]; then printf '%s%s' "$1" "$(printf '%s' "$2" | tr -c 'A-Za-z0-9' '_')"; else printf '%s' "$1"; fi
}

echo "== building (cuad grad + nvcc, in parallel)"
declare -A BUILT=()
for w in "${WORKLOADS[@]}"; do
  IFS='|' read -r unit kernel fn wrt drv args opts <<<"$w"
  selected "$unit" || continue
  id="$(build_id "$drv" "$opts")"
  [[ -n "${BUILT[$id]:-}" ]] && continue
  BUILT[$id]=1
  build_driver "$drv" "$kernel" "$fn" "$wrt" "$opts" &
done
wait
echo "   build done after $(( $(date +%s) - START_EPOCH )) s"

if [[ "${BENCH_BUILD_ONLY:-0}" == "1" ]]; then
  echo "== BENCH_BUILD_ONLY=1: not running"
  exit 0
fi

# ------------------------------------------------------------------ run the drivers (one at a time)
echo "== running drivers"
for w in "${WORKLOADS[@]}"; do
  IFS='|' read -r unit kernel fn wrt drv args opts <<<"$w"
  selected "$unit" || continue
  elapsed=$(( $(date +%s) - START_EPOCH ))
  left=$(( BUDGET_S - TORCH_RESERVE - elapsed ))
  if (( left < 10 )); then
    echo "skipped: time budget spent" >"$LOG/$unit.run"
    echo "   $unit: skipped (time budget)"
    continue
  fi
  limit=$(( left < DRIVER_TIMEOUT ? left : DRIVER_TIMEOUT ))
  exe="$BUILD/$(build_id "$drv" "$opts")"
  if [[ ! -x "$exe" ]]; then
    echo "not built" >"$LOG/$unit.run"
    echo "   $unit: not built"
    continue
  fi
  t0=$(date +%s)
  # shellcheck disable=SC2086
  timeout "$limit" "$exe" $args >"$LOG/$unit.out" 2>"$LOG/$unit.err"
  rc=$?
  echo "rc=$rc" >"$LOG/$unit.run"
  grep -m1 '^RESULT ' "$LOG/$unit.out" | sed 's/^RESULT //' >"$RES/$unit.json"
  echo "   $unit: rc=$rc ($(( $(date +%s) - t0 )) s) $(grep -oE '"status": "[a-z_]+"' "$RES/$unit.json")"
done

# ------------------------------------------------------------------ PyTorch
echo "== running PyTorch versions"
elapsed=$(( $(date +%s) - START_EPOCH ))
tlimit=$(( BUDGET_S + 20 - elapsed ))
(( tlimit > TORCH_TIMEOUT )) && tlimit=$TORCH_TIMEOUT
if (( tlimit >= 20 )); then
  BENCH_ONLY="${BENCH_ONLY:-}" timeout "$tlimit" "$PYTHON" "$HERE/torch/bench_torch.py" \
    >"$LOG/torch.out" 2>"$LOG/torch.err"
  echo "rc=$?" >"$LOG/torch.run"
  grep '^RESULT ' "$LOG/torch.out" | sed 's/^RESULT //' >"$RES/torch.jsonl"
  tail -3 "$LOG/torch.err" | sed 's/^/   torch: /'
else
  echo "skipped: time budget spent" >"$LOG/torch.run"
fi

# ------------------------------------------------------------------ report
CMD="bench/run.sh ${1:-}"
"$PYTHON" "$HERE/report.py" --build "$BUILD" --gpu "$GPU_NAME" --command "$CMD" \
  --json "$HERE/results/$GPU_TAG.json" --md "$HERE/results/$GPU_TAG.md" \
  --workloads "$(for w in "${WORKLOADS[@]}"; do IFS='|' read -r u _ _ _ d _ o <<<"$w"; selected "$u" && printf '%s:%s ' "$u" "$(build_id "$d" "$o")"; done)"

if [[ -n "${OUT:-}" ]]; then
  mkdir -p "$OUT"
  cp "$HERE/results/$GPU_TAG.json" "$HERE/results/$GPU_TAG.md" "$OUT/" 2>/dev/null
  tar -czf "$OUT/bench_logs.tar.gz" -C "$BUILD" logs gen results 2>/dev/null
fi
echo "== done in $(( $(date +%s) - START_EPOCH )) s: bench/results/$GPU_TAG.md"
cat "$HERE/results/$GPU_TAG.md" 2>/dev/null
