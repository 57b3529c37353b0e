#!/usr/bin/env python3
"""PyTorch autograd versions of workloads 1-4 and 9, same sizes and formulas as the CUDA
drivers. For each: forward time (no_grad), forward+backward time (graph-building forward, then
torch.autograd.grad with a seed) and backward alone (forward outside the timed region),
medians of 21 runs after warm-up, CUDA events.
Prints one `RESULT {json}` line per workload. BENCH_ONLY (space-separated names) selects."""

import json
import os
import sys

import torch

REPS = 21
WARMUP = 3


def median_ms(fn, prepare=None):
    """Median time of fn(state) where state = prepare() runs outside the timed region."""
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(WARMUP):
        fn(prepare() if prepare else None)
    torch.cuda.synchronize()
    times = []
    for _ in range(REPS):
        state = prepare() if prepare else None
        torch.cuda.synchronize()
        start.record()
        fn(state)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
        del state
    times.sort()
    return times[len(times) // 2]


def measure(name, forward, inputs, seeds, extra=None):
    """forward(*inputs) -> tuple of outputs; seeds: one per output; inputs need requires_grad."""

    def fwd_only(_):
        with torch.no_grad():
            forward(*inputs)

    def fwd_bwd(_):
        outs = forward(*inputs)
        torch.autograd.grad(outs, inputs, seeds)

    def bwd_only(outs):
        torch.autograd.grad(outs, inputs, seeds)

    row = {
        "workload": name,
        "torch_fwd_ms": median_ms(fwd_only),
        "torch_fwdbwd_ms": median_ms(fwd_bwd),
        "torch_bwd_ms": median_ms(bwd_only, prepare=lambda: forward(*inputs)),
    }
    row["torch_overhead"] = row["torch_fwdbwd_ms"] / row["torch_fwd_ms"]
    row["torch_version"] = torch.__version__
    row.update(extra or {})
    print("RESULT " + json.dumps(row), flush=True)


def rand(n, lo, hi, dtype=torch.float32, shape=None):
    t = torch.rand(n if shape is None else shape, device="cuda", dtype=dtype)
    return (lo + (hi - lo) * t).requires_grad_()


def scalar(v):
    return torch.tensor(v, device="cuda", dtype=torch.float32, requires_grad=True)


def elementwise():
    n = 1 << 26
    x, a = rand(n, -0.5, 2.5), scalar(1.7)
    seed = torch.rand(n, device="cuda") + 0.5

    def f(x, a):
        return (a * torch.sin(x) * torch.exp(-x * x) + torch.log(1.0 + x * x),)

    measure("elementwise", f, (x, a), (seed,), {"n": n})


def saxpy():
    n = 1 << 26
    y, x, a = rand(n, -1.0, 1.0), rand(n, 0.0, 1.0), scalar(2.5)
    seed = torch.rand(n, device="cuda") + 0.5

    def f(y, x, a):
        return (a * x + y,)

    measure("saxpy", f, (y, x, a), (seed,), {"n": n})


A1, A2, A3, A4, A5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
RSQRT2PI = 0.39894228040143267794


def cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * torch.abs(d))
    poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))))
    c = RSQRT2PI * torch.exp(-0.5 * d * d) * poly
    return torch.where(d > 0, 1.0 - c, c)


def black_scholes():
    n = 1 << 26
    s, x, t = rand(n, 5.0, 30.0), rand(n, 1.0, 100.0), rand(n, 0.25, 10.0)
    r, v = scalar(0.02), scalar(0.30)
    seed_call = torch.rand(n, device="cuda") + 0.5
    seed_put = 0.2 + 0.4 * torch.rand(n, device="cuda")

    def f(s, x, t, r, v):
        sqrt_t = torch.sqrt(t)
        d1 = (torch.log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        c1, c2 = cnd(d1), cnd(d2)
        disc = torch.exp(-r * t)
        call = s * c1 - x * disc * c2
        put = x * disc * (1.0 - c2) - s * (1.0 - c1)
        return call, put

    measure("black_scholes", f, (s, x, t, r, v), (seed_call, seed_put), {"n": n})


def contraction(k):
    side = 64 if k <= 64 else 32
    a = rand(None, -1.0, 1.0, shape=(side, side, k))
    b = rand(None, -1.0, 1.0, shape=(k, side, side))
    seed = 2.0 * torch.rand((side, side, side, side), device="cuda") - 1.0

    def f(a, b):
        return (torch.einsum("abc,cde->abde", a, b),)

    measure(f"contraction_k{k}", f, (a, b), (seed,), {"n": side**4, "K": k})


def jacobi():
    nx = ny = 4096
    steps = 20
    u = rand(None, 0.0, 1.0, shape=(ny, nx))
    seed = 2.0 * torch.rand((ny, nx), device="cuda") - 1.0

    def f(u):
        for _ in range(steps):
            inner = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
            v = u.clone()
            v[1:-1, 1:-1] = inner
            u = v
        return (u,)

    measure("jacobi", f, (u,), (seed,), {"n": nx * ny, "steps": steps})


WORKLOADS = {
    "elementwise": elementwise,
    "saxpy": saxpy,
    "black_scholes": black_scholes,
    "contraction_k64": lambda: contraction(64),
    "contraction_k1024": lambda: contraction(1024),
    "jacobi": jacobi,
}


def main():
    if not torch.cuda.is_available():
        print("bench_torch: no CUDA device", file=sys.stderr)
        return 1
    only = os.environ.get("BENCH_ONLY", "").split()
    torch.manual_seed(0)
    torch.set_float32_matmul_precision("highest")  # no TF32: fp32 like the CUDA drivers
    for name, run in WORKLOADS.items():
        if only and name not in only:
            continue
        try:
            run()
        except Exception as e:  # report and continue with the next workload
            print("RESULT " + json.dumps({"workload": name, "error": repr(e)[:300]}), flush=True)
            print(f"bench_torch: {name} failed: {e!r}", file=sys.stderr)
        torch.cuda.empty_cache()
        print(f"bench_torch: {name} done", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
