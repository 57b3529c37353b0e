#!/usr/bin/env bash
# Runs the numeric gradient cases of tests/grad on a real GPU (a machine with nvcc, a GPU and
# compute-sanitizer, no cargo). For every `// cuad:` line of every case: generate the gradient
# with a prebuilt cuad binary, build the driver with nvcc -arch=sm_90, run it (it compares
# every adjoint with finite differences), then run it under compute-sanitizer memcheck, and
# racecheck too for cases using __shared__.
#
# Usage: scripts/gpu-test.sh [CUAD_BINARY]       (or env CUAD=path)
# Env:   CUAD_CASES=a,b   only cases whose name contains one of these
#        SHARD=i/n        only every n-th case, starting with the i-th (0-based): splits a run
#                         that would not fit one time limit
#        SELFTEST=1       no cuad: drivers against the primal alone (gradient calls compiled
#                         out), to check the drivers and the finite differences
#        SANITIZE=0       skip compute-sanitizer
#        JOBS=N           parallel nvcc builds (default: number of CPUs)
#        RUN_JOBS=N       test programs run at a time, sanitized or not (default: JOBS)
#        NVCC=path        nvcc to use (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#        OUT=dir          also write the table and logs there
# Exit status: 0 when every case passes or is listed in tests/grad/EXPECTED_FAILURES.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CASES_DIR="$ROOT/tests/grad"
CUAD="${1:-${CUAD:-}}"
SELFTEST="${SELFTEST:-0}"
SANITIZE="${SANITIZE:-1}"
JOBS="${JOBS:-$(nproc)}"
NVCC="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
SANITIZER="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
WORK="$(mktemp -d /tmp/cuad-gpu-test.XXXXXX)"
RUN_TIMEOUT=300

if [[ "$SELFTEST" != 1 ]]; then
  if [[ -z "$CUAD" || ! -x "$CUAD" ]]; then
    echo "usage: $0 CUAD_BINARY (or CUAD=path; SELFTEST=1 needs none)" >&2
    exit 2
  fi
  CUAD="$(cd "$(dirname "$CUAD")" && pwd)/$(basename "$CUAD")"
fi
[[ -x "$NVCC" ]] || { echo "gpu-test: nvcc not found (set NVCC)" >&2; exit 2; }

# ---------------------------------------------------------------- job list: "case k args..."
selected() {
  local name="$1"
  [[ -z "${CUAD_CASES:-}" ]] && return 0
  local f
  IFS=',' read -ra filters <<<"$CUAD_CASES"
  for f in "${filters[@]}"; do [[ -n "$f" && "$name" == *"$f"* ]] && return 0; done
  return 1
}

JOBLIST="$WORK/jobs"
: >"$JOBLIST"
case_index=-1
for src in "$CASES_DIR"/*.cu; do
  name="$(basename "$src" .cu)"
  [[ "$name" == *.driver ]] && continue
  selected "$name" || continue
  case_index=$((case_index + 1))
  if [[ -n "${SHARD:-}" ]] && (( case_index % ${SHARD#*/} != ${SHARD%/*} )); then
    continue
  fi
  k=0
  while IFS= read -r line; do
    k=$((k + 1))
    echo "$name $k ${line#// cuad:}" >>"$JOBLIST"
  done < <(grep -E '^[[:space:]]*// cuad:' "$src" | sed -E 's/^[[:space:]]*//')
done

expected_failure() { grep -E "^$1([[:space:]]|$)" "$CASES_DIR/EXPECTED_FAILURES" 2>/dev/null | head -1; }

# ---------------------------------------------------------------- build one job
# Writes $WORK/<case>.<k>/status: "ok" or the failing stage.
build_one() {
  local name="$1" k="$2"
  shift 2
  local dir="$WORK/$name.$k" src="$CASES_DIR/$name.cu"
  mkdir -p "$dir"
  local generated="$dir/$name.$k.cu"
  # Compiling the output needs what compiling the input needs: the -D and -I of the cuad line
  # and the input's folder (for its #include "..." lines).
  local source_flags=(-I "$CASES_DIR") words=("$@") i
  for ((i = 0; i < ${#words[@]}; i++)); do
    case "${words[i]}" in
      -D) source_flags+=("-D${words[i + 1]}"); i=$((i + 1)) ;;
      -I) source_flags+=(-I "$CASES_DIR/${words[i + 1]}"); i=$((i + 1)) ;;
      -D*) source_flags+=("${words[i]}") ;;
      -I*) source_flags+=(-I "$CASES_DIR/${words[i]#-I}") ;;
    esac
  done
  # Small launches merge gradient blocks too (block_merge.rs), as under the CPU emulation.
  local defines=(-DCUAD_OUTPUT="$k" -DCUAD_MERGE_MIN_THREADS=32u "${source_flags[@]}")
  if [[ "$SELFTEST" == 1 ]]; then
    generated="$src"
    defines+=(-DCUAD_SELFTEST=1)
  else
    # `// cuad: fwd ...` lines ask for a pushforward (`cuad fwd`), the others for a gradient.
    local mode=grad
    if [[ "${1:-}" == fwd ]]; then
      mode=fwd
      shift
    fi
    if ! (cd "$CASES_DIR" && "$CUAD" "$mode" "$src" "$@" -o "$generated") >"$dir/cuad.log" 2>&1; then
      echo cuad >"$dir/status"
      return
    fi
    if ! "$NVCC" -std=c++17 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr "${source_flags[@]}" -c "$generated" -o "$dir/alone.o" >"$dir/nvcc.log" 2>&1; then
      echo nvcc >"$dir/status"
      return
    fi
  fi
  if ! "$NVCC" -std=c++17 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr -I "$ROOT/include" -DCUAD_GENERATED="\"$generated\"" \
      "${defines[@]}" -x cu "$CASES_DIR/$name.driver.cu" -o "$dir/test" >"$dir/build.log" 2>&1; then
    echo nvcc-driver >"$dir/status"
    return
  fi
  echo built >"$dir/status"
}

echo "gpu-test: building $(wc -l <"$JOBLIST") outputs with $JOBS jobs in $WORK"
running=0
while read -r name k args; do
  # shellcheck disable=SC2086
  build_one "$name" "$k" $args &
  running=$((running + 1))
  if ((running >= JOBS)); then
    wait -n
    running=$((running - 1))
  fi
done <"$JOBLIST"
wait

# ---------------------------------------------------------------- run
# Writes $WORK/<case>.<k>/result: "stage memcheck racecheck". Runs go in parallel (RUN_JOBS,
# default JOBS): nothing here is timed, and the sanitizers spend most of their time on the CPU.
run_one() {
  local name="$1" k="$2" dir="$WORK/$1.$2"
  local stage memcheck=- racecheck=-
  stage="$(cat "$dir/status" 2>/dev/null || echo build)"
  if [[ "$stage" == built ]]; then
    if (cd "$dir" && timeout "$RUN_TIMEOUT" ./test) >"$dir/run.log" 2>&1 && grep -q "^PASS $name" "$dir/run.log"; then
      stage=ok
    else
      stage=gpu-run
    fi
    if [[ "$SANITIZE" == 1 && -x "$SANITIZER" ]]; then
      # Judged by the sanitizer's summary: the program's own exit status is the numeric verdict.
      # A tape spilling to device malloc needs more stack under memcheck (cuad_test.h).
      (cd "$dir" && CUAD_TEST_STACK=16384 timeout "$RUN_TIMEOUT" "$SANITIZER" --tool memcheck ./test) >"$dir/memcheck.log" 2>&1
      # An illegal address the sanitizer cannot locate is the stack again (a gradient frame
      # of tens of KB, tapes of matrices): once more with 64 KB, alone (it reserves that much
      # for every resident thread).
      if grep -q "cudaErrorIllegalAddress" "$dir/memcheck.log" && ! grep -q "Invalid " "$dir/memcheck.log"; then
        (flock 9; cd "$dir" && CUAD_TEST_STACK=65536 timeout "$RUN_TIMEOUT" "$SANITIZER" --tool memcheck ./test) 9>"$WORK/.big-stack.lock" >"$dir/memcheck.log" 2>&1
      fi
      if grep -q "ERROR SUMMARY: 0 errors" "$dir/memcheck.log"; then
        memcheck=ok
      else
        memcheck=FAIL
        [[ "$stage" == ok ]] && stage=memcheck
      fi
      if grep -q "__shared__" "$CASES_DIR/$name.cu"; then
        (cd "$dir" && timeout "$RUN_TIMEOUT" "$SANITIZER" --tool racecheck ./test) >"$dir/racecheck.log" 2>&1
        if grep -q "RACECHECK SUMMARY: 0 hazards" "$dir/racecheck.log"; then
          racecheck=ok
        else
          racecheck=FAIL
          [[ "$stage" == ok ]] && stage=racecheck
        fi
      fi
    fi
  fi
  echo "$stage $memcheck $racecheck" >"$dir/result"
}

RUN_JOBS="${RUN_JOBS:-$JOBS}"
running=0
while read -r name k args; do
  run_one "$name" "$k" &
  running=$((running + 1))
  if ((running >= RUN_JOBS)); then
    wait -n
    running=$((running - 1))
  fi
done <"$JOBLIST"
wait

TABLE="$WORK/table.txt"
printf '%-34s %-12s %-9s %-9s %-9s %s\n' case stage memcheck racecheck verdict detail >"$TABLE"
pass=0 fail=0 xfail=0 xpass=0
while read -r name k args; do
  dir="$WORK/$name.$k"
  read -r stage memcheck racecheck <"$dir/result"
  xf="$( [[ "$SELFTEST" == 1 ]] || expected_failure "$name")"
  if [[ "$stage" == ok ]]; then
    if [[ -n "$xf" ]]; then verdict=XPASS; xpass=$((xpass + 1)); detail="unexpected pass: remove from EXPECTED_FAILURES"
    else verdict=PASS; pass=$((pass + 1)); detail=""; fi
  else
    if [[ -n "$xf" ]]; then verdict=XFAIL; xfail=$((xfail + 1)); detail="${xf#"$name"}"
    else verdict=FAIL; fail=$((fail + 1)); detail=""; fi
  fi
  printf '%-34s %-12s %-9s %-9s %-9s %s\n' "$name#$k" "$stage" "$memcheck" "$racecheck" "$verdict" "$detail" >>"$TABLE"
  if [[ "$verdict" == FAIL ]]; then
    {
      echo "---- $name#$k (cuad:$args) failed at $stage"
      for log in cuad nvcc build run memcheck racecheck; do
        [[ -s "$dir/$log.log" ]] && { echo "[$log.log]"; tail -n 30 "$dir/$log.log"; }
      done
    } >>"$WORK/failures.txt"
  fi
done <"$JOBLIST"

echo "gpu-test: $pass passed, $fail failed, $xfail expected failures, $xpass unexpected passes" >>"$TABLE"
cat "$TABLE"
[[ -s "$WORK/failures.txt" ]] && cat "$WORK/failures.txt"
if [[ -n "${OUT:-}" ]]; then
  mkdir -p "$OUT"
  cp "$TABLE" "$OUT/gpu-table.txt"
  [[ -s "$WORK/failures.txt" ]] && cp "$WORK/failures.txt" "$OUT/gpu-failures.txt"
fi
((fail == 0))
