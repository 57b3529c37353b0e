"""cuad_torch on a GPU: gradients of loaded kernels and host functions against torch autograd
of the same computation written in torch ops, and torch.autograd.gradcheck in float64.

    CUAD=path/to/cuad python3 integrations/torch/tests/test_gpu.py   (scripts/torch-gpu.sh)

Prints one PASS/FAIL line per check and exits with status 1 when any check fails.
Needs torch with CUDA, nvcc (`$NVCC`, PATH or /usr/local/cuda/bin/nvcc) and a cuad binary.
"""

import os
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))

import torch  # noqa: E402

import cuad_torch  # noqa: E402
from cuad_torch import CuadError  # noqa: E402

DEV = torch.device("cuda")
CHECKS = []
CACHE = tempfile.mkdtemp(prefix="cuad-torch-gpu-")
SOURCES = Path(CACHE) / "sources"
SOURCES.mkdir()


def load(source, function, wrt=None):
    return cuad_torch.load(source, function, wrt, cache_dir=CACHE)


def write(name, text):
    path = SOURCES / name
    path.write_text(text)
    return path


def check(name):
    def register(fn):
        CHECKS.append((name, fn))
        return fn

    return register


def run_checks():
    """Runs every check; the number that failed."""
    failed = 0
    for name, fn in CHECKS:
        start = time.time()
        try:
            fn()
            print(f"PASS {name} ({time.time() - start:.1f}s)", flush=True)
        except Exception as e:  # a failing check must not stop the others
            failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)
            traceback.print_exc(file=sys.stdout)
    return failed


def close(name, got, want, rtol, atol=0.0):
    """Raises when `got` and `want` differ by more than atol + rtol * max|want|."""
    if got is None:
        raise AssertionError(f"{name}: no gradient")
    got = got.detach().double().cpu()
    want = want.detach().double().cpu()
    if got.shape != want.shape:
        raise AssertionError(f"{name}: shape {tuple(got.shape)} != {tuple(want.shape)}")
    if not torch.isfinite(got).all():
        raise AssertionError(f"{name}: not finite: {got}")
    err = (got - want).abs().max().item() if got.numel() else 0.0
    tol = atol + rtol * max(want.abs().max().item() if want.numel() else 0.0, 1e-30)
    if not err <= tol:
        raise AssertionError(f"{name}: max error {err:.3e} > {tol:.3e} (want {want.flatten()[:4]}, got {got.flatten()[:4]})")


def leaf(t):
    return t.detach().clone().requires_grad_(True)


def grid_for(n, block=128):
    return (n + block - 1) // block


def gradcheck(f, inputs):
    # nondet_tol: adjoints of scalars are summed with atomics, in no fixed order
    if not torch.autograd.gradcheck(f, inputs, eps=1e-6, atol=1e-7, rtol=1e-5, nondet_tol=1e-10):
        raise AssertionError("gradcheck returned False")


@check("saxpy: y in place, grads of y, x and the scalar a vs torch")
def _():
    k = load(REPO / "examples/quickstart/saxpy.cu", "saxpy")
    n = 1000
    g = torch.Generator(device=DEV).manual_seed(1)
    y0 = torch.randn(n, device=DEV, generator=g)
    x0 = torch.randn(n, device=DEV, generator=g)
    w = torch.randn(n, device=DEV, generator=g)
    a0 = torch.tensor(1.7, device=DEV)
    y, x, a = leaf(y0), leaf(x0), leaf(a0)
    out = k(y.clone(), x, a, n, grid=grid_for(n), block=128)
    (out * w).sum().backward()
    ry, rx, ra = leaf(y0), leaf(x0), leaf(a0)
    ref = ra * rx + ry
    (ref * w).sum().backward()
    close("value", out, ref, 1e-6)
    close("dy", y.grad, ry.grad, 1e-6)
    close("dx", x.grad, rx.grad, 1e-6)
    close("da", a.grad, ra.grad, 1e-4)  # a float32 sum over n


@check("saxpy on a side stream, float scalar argument")
def _():
    k = load(REPO / "examples/quickstart/saxpy.cu", "saxpy")
    n = 4096
    x = leaf(torch.randn(n, device=DEV))
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())  # x was made on the default stream
    with torch.cuda.stream(s):
        y = torch.zeros(n, device=DEV)
        out = k(y, x, 3.0, n, grid=grid_for(n, 256), block=256)
        out.sum().backward()
    torch.cuda.synchronize()
    close("value", out, 3.0 * x, 1e-6)
    close("dx", x.grad, torch.full_like(x, 3.0), 1e-6)


@check("elementwise transcendental map (write-only output) vs torch")
def _():
    k = load(REPO / "bench/kernels/elementwise.cu", "ew_map")
    n = 3000
    # Asymmetric x and positive weights: da = sum w sin(x) exp(-x^2) does not cancel to
    # rounding noise (with x symmetric and w = cos(k) it summed to 4e-6 from O(1) terms).
    x0 = torch.linspace(-1, 3, n, device=DEV)
    a0 = torch.tensor(0.8, device=DEV)
    x, a = leaf(x0), leaf(a0)
    out = k(torch.empty(n, device=DEV), x, a, n, grid=grid_for(n), block=128)
    w = 1.0 + 0.5 * torch.cos(torch.arange(n, device=DEV, dtype=torch.float32))
    (out * w).sum().backward()
    rx, ra = leaf(x0), leaf(a0)
    ref = ra * torch.sin(rx) * torch.exp(-rx * rx) + torch.log(1 + rx * rx)
    (ref * w).sum().backward()
    close("value", out, ref, 1e-5)
    close("dx", x.grad, rx.grad, 1e-5)
    close("da", a.grad, ra.grad, 1e-4)


def cnd(d):
    A1, A2, A3 = 0.31938153, -0.356563782, 1.781477937
    A4, A5, RSQRT2PI = -1.821255978, 1.330274429, 0.39894228040143267794
    k = 1.0 / (1.0 + 0.2316419 * d.abs())
    poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))))
    c = RSQRT2PI * torch.exp(-0.5 * d * d) * poly
    return torch.where(d > 0, 1.0 - c, c)


@check("Black-Scholes (two outputs, five inputs, two scalars) vs torch")
def _():
    k = load(REPO / "bench/kernels/black_scholes.cu", "black_scholes")
    n = 2048
    g = torch.Generator(device=DEV).manual_seed(3)
    spot0 = 10 + 40 * torch.rand(n, device=DEV, generator=g)
    strike0 = 10 + 40 * torch.rand(n, device=DEV, generator=g)
    years0 = 0.25 + 1.75 * torch.rand(n, device=DEV, generator=g)
    rate0, vol0 = torch.tensor(0.02, device=DEV), torch.tensor(0.3, device=DEV)
    wc = torch.rand(n, device=DEV, generator=g)
    wp = torch.rand(n, device=DEV, generator=g)
    ins = [leaf(t) for t in (spot0, strike0, years0, rate0, vol0)]
    call, put = k(torch.empty(n, device=DEV), torch.empty(n, device=DEV), *ins, n, grid=grid_for(n), block=128)
    ((call * wc).sum() + (put * wp).sum()).backward()
    refs = [leaf(t) for t in (spot0, strike0, years0, rate0, vol0)]
    s, x, t, r, v = refs
    sqrt_t = torch.sqrt(t)
    d1 = (torch.log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    disc = torch.exp(-r * t)
    rcall = s * cnd(d1) - x * disc * cnd(d2)
    rput = x * disc * (1.0 - cnd(d2)) - s * (1.0 - cnd(d1))
    ((rcall * wc).sum() + (rput * wp).sum()).backward()
    close("call", call, rcall, 1e-5)
    close("put", put, rput, 1e-5)
    for name, got, want in zip(("spot", "strike", "years", "rate", "vol"), ins, refs):
        close(f"d{name}", got.grad, want.grad, 1e-3)


MIX = r"""
__global__ void mix(double* y, const double* x, const double* w, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * sin(x[i]) * w[i] + y[i] * y[i];
}
"""


@check("gradcheck float64 kernel: in-place y, two inputs, scalar s")
def _():
    k = load(write("mix.cu", MIX), "mix")
    n = 37

    def f(y0, x, w, s):
        return k(y0.clone(), x, w, s, n, grid=grid_for(n, 32), block=32)

    d = dict(device=DEV, dtype=torch.float64)
    gradcheck(f, (torch.randn(n, **d).requires_grad_(), torch.randn(n, **d).requires_grad_(),
                  torch.randn(n, **d).requires_grad_(), torch.tensor(0.7, **d).requires_grad_()))


@check("wrt subset: only x differentiated, y still seeded")
def _():
    k = load(write("mix.cu", MIX), "mix", wrt="x")
    names = [d.name for d in k.manifest.adjoints]
    if names != ["_d_y", "_d_x"]:
        raise AssertionError(f"adjoints {names}")
    n = 16
    d = dict(device=DEV, dtype=torch.float64)
    x = torch.randn(n, **d).requires_grad_()
    w, y0 = torch.randn(n, **d), torch.randn(n, **d)
    out = k(y0.clone(), x, w, 0.5, n, grid=1, block=n)
    out.sum().backward()
    close("dx", x.grad, 0.5 * torch.cos(x.detach()) * w, 1e-12)
    try:
        k(y0.clone(), x, w.clone().requires_grad_(), 0.5, n, grid=1, block=n)
    except CuadError as e:
        if "add it to wrt" not in str(e):
            raise
    else:
        raise AssertionError("a tensor requiring grad without an adjoint was accepted")


DYN = r"""
// per block: the sum of squares of its elements, reduced in dynamic shared memory
__global__ void block_sum_sq_dyn(double* partial, const double* x, int n) {
  extern __shared__ double buf[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  double v = 0.0;
  if (i < n) {
    v = x[i] * x[i];
  }
  buf[t] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) {
      buf[t] += buf[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = buf[0];
  }
}
"""


@check("extern __shared__ block reduction: shared_mem= (doubled for the gradient) vs torch and gradcheck")
def _():
    k = load(write("dyn.cu", DYN), "block_sum_sq_dyn")
    n, block = 150, 64
    blocks = grid_for(n, block)
    d = dict(device=DEV, dtype=torch.float64)

    def f(x):
        return k(torch.empty(blocks, **d), x, n, grid=blocks, block=block, shared_mem=8 * block)

    x = torch.randn(n, **d).requires_grad_()
    w = torch.randn(blocks, **d)
    (f(x) * w).sum().backward()
    padded = torch.nn.functional.pad(x.detach(), (0, blocks * block - n)).view(blocks, block)
    close("value", f(x.detach()), padded.square().sum(1), 1e-12)
    close("dx", x.grad, 2 * x.detach() * w.repeat_interleave(block)[:n], 1e-12)
    gradcheck(f, (torch.randn(n, **d).requires_grad_(),))


PARTIAL = r"""
// squares the even elements of x into out; the odd elements of out keep their values
__global__ void even_sq(double* out, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && i % 2 == 0) out[i] = x[i] * x[i];
}
"""


@check("output written in part: the kept elements' gradient passes through, vs torch and gradcheck")
def _():
    k = load(write("partial.cu", PARTIAL), "even_sq")
    n = 41
    d = dict(device=DEV, dtype=torch.float64)
    o0, x0, w = torch.randn(n, **d), torch.randn(n, **d), torch.randn(n, **d)
    o, x = leaf(o0), leaf(x0)
    (k(o.clone(), x, n, grid=2, block=32) * w).sum().backward()
    ro, rx = leaf(o0), leaf(x0)
    ref = ro.clone()
    ref[::2] = rx[::2] * rx[::2]
    (ref * w).sum().backward()
    close("dout", o.grad, ro.grad, 1e-12)
    close("dx", x.grad, rx.grad, 1e-12)
    gradcheck(lambda o, x: k(o.clone(), x, n, grid=2, block=32),
              (torch.randn(n, **d).requires_grad_(), torch.randn(n, **d).requires_grad_()))


HOST = r"""
__global__ void sq(double* out, const double* in, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i] * in[i];
}
// out = (s * in^2)^2 through a buffer the function allocates
void host_sq(double* out, const double* in, double s, int n) {
  double* tmp;
  cudaMalloc(&tmp, sizeof(double) * n);
  sq<<<(n + 127) / 128, 128>>>(tmp, in, s, n);
  sq<<<(n + 127) / 128, 128>>>(out, tmp, 1.0, n);
  cudaFree(tmp);
}
namespace ops {
template <typename T>
__global__ void scale(T* out, const T* in, T s, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i] * in[i];
}
}
"""


@check("gradcheck float64 host function (cudaMalloc, two launches, host scalar adjoint)")
def _():
    k = load(write("host.cu", HOST), "host_sq")
    if k.manifest.kind != "host":
        raise AssertionError(k.manifest.kind)
    n = 300
    d = dict(device=DEV, dtype=torch.float64)

    def f(x, s):
        return k(torch.empty(n, **d), x, s, n)

    gradcheck(f, (torch.randn(n, **d).requires_grad_(), torch.tensor(1.3, **d).requires_grad_()))


@check("host function on a side stream (the wrapper synchronizes around the legacy stream)")
def _():
    k = load(write("host.cu", HOST), "host_sq")
    n = 1 << 16
    d = dict(device=DEV, dtype=torch.float64)
    s = torch.cuda.Stream()
    x0 = torch.randn(n, **d)
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        x = x0.clone().requires_grad_()
        out = k(torch.empty(n, **d), x, 0.5, n)
        y = out * 2.0  # work queued on the side stream right after the call
        y.sum().backward()
    torch.cuda.synchronize()
    close("value", y, 2.0 * (0.5 * x0 * x0) ** 2, 1e-12)
    close("dx", x.grad, 2.0 * 2 * (0.5 * x0 * x0) * (0.5 * 2 * x0), 1e-12)


@check("gradcheck float64 kernel template instance in a namespace")
def _():
    k = load(write("host.cu", HOST), "ops::scale<double>")
    n = 50
    d = dict(device=DEV, dtype=torch.float64)

    def f(x, s):
        return k(torch.empty(n, **d), x, s, n, grid=2, block=32)

    gradcheck(f, (torch.randn(n, **d).requires_grad_(), torch.tensor(-0.4, **d).requires_grad_()))


LOSS = r"""
__global__ void wsq(double* acc, const double* x, const double* w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(acc, w[i] * x[i] * x[i]);
}
// s * sum(w * x^2), through device memory the function allocates
double loss(const double* x, const double* w, double s, int n) {
  double* acc;
  cudaMalloc(&acc, sizeof(double));
  cudaMemset(acc, 0, sizeof(double));
  wsq<<<(n + 127) / 128, 128>>>(acc, x, w, n);
  double h = 0.0;
  cudaMemcpy(&h, acc, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(acc);
  return s * h;
}
"""


@check("host function returning a double (0-d result, backward scaled) vs torch and gradcheck")
def _():
    k = load(write("loss.cu", LOSS), "loss")
    n = 500
    d = dict(device=DEV, dtype=torch.float64)
    x0, w0, s0 = torch.randn(n, **d), torch.rand(n, **d), torch.tensor(0.3, **d)
    x, w, s = leaf(x0), leaf(w0), leaf(s0)
    r = k(x, w, s, n)
    if r.shape != () or r.device != x0.device:
        raise AssertionError(f"result of shape {tuple(r.shape)} on {r.device}")
    (3.0 * r).backward()
    rx, rw, rs = leaf(x0), leaf(w0), leaf(s0)
    ref = rs * (rw * rx * rx).sum()
    (3.0 * ref).backward()
    close("value", r, ref, 1e-12)
    for name, got, want in (("dx", x, rx), ("dw", w, rw), ("ds", s, rs)):
        close(name, got.grad, want.grad, 1e-12)
    m = 40
    gradcheck(lambda x, w, s: k(x, w, s, m), (leaf(x0[:m]), leaf(w0[:m]), leaf(s0)))


def jacobi_ref(u, nx, ny, steps):
    grid = u.view(ny, nx)
    for _ in range(steps):
        nxt = grid.clone()
        nxt[1:-1, 1:-1] = 0.25 * (grid[1:-1, :-2] + grid[1:-1, 2:] + grid[:-2, 1:-1] + grid[2:, 1:-1])
        grid = nxt
    return grid.reshape(-1)


@check("Jacobi host function (ping-pong launches, in place) vs torch")
def _():
    k = load(REPO / "bench/kernels/jacobi.cu", "jacobi_run")
    nx, ny, steps = 37, 23, 6
    u0 = torch.randn(nx * ny, device=DEV)
    w = torch.randn(nx * ny, device=DEV)
    u = leaf(u0)
    out = k(u.clone(), nx, ny, steps)
    (out * w).sum().backward()
    ru = leaf(u0)
    ref = jacobi_ref(ru, nx, ny, steps)
    (ref * w).sum().backward()
    close("value", out, ref, 1e-5)
    close("du", u.grad, ru.grad, 1e-4)


@check("argument errors: CPU tensor, dtype, non-contiguous, launch configuration")
def _():
    k = load(REPO / "examples/quickstart/saxpy.cu", "saxpy")
    n = 8
    good = lambda: torch.zeros(n, device=DEV)  # noqa: E731
    bad_calls = [
        ("CUDA tensor", lambda: k(torch.zeros(n), good(), 1.0, n, grid=1, block=n)),
        ("dtype torch.float32", lambda: k(good(), good().double(), 1.0, n, grid=1, block=n)),
        ("contiguous", lambda: k(good(), torch.zeros(2 * n, device=DEV)[::2], 1.0, n, grid=1, block=n)),
        ("grid= and block=", lambda: k(good(), good(), 1.0, n)),
        ("must be an integer", lambda: k(good(), good(), 1.0, 8.0, grid=1, block=n)),
        ("takes 4 arguments", lambda: k(good(), good(), 1.0, grid=1, block=n)),
        ("share memory", lambda: (lambda t: k(t, t, 1.0, n, grid=1, block=n))(good())),
    ]
    for why, call in bad_calls:
        try:
            call()
        except CuadError as e:
            if why not in str(e):
                raise AssertionError(f"expected '{why}' in: {e}")
        else:
            raise AssertionError(f"no error for: {why}")
    # a CUDA launch error comes back as a CuadError with CUDA's message
    try:
        k(good(), good(), 1.0, n, grid=1, block=4096)
    except CuadError as e:
        if "CUDA error" not in str(e):
            raise
    else:
        raise AssertionError("a block of 4096 threads was launched")


def prebuild():
    """Compiles every library the checks load, in parallel (nvcc is the slow part); the
    checks then find them in the cache. A failure here shows again in its check."""
    from cuad_torch import autograd, build

    sources = {"mix.cu": MIX, "dyn.cu": DYN, "partial.cu": PARTIAL, "host.cu": HOST, "loss.cu": LOSS}
    for name, text in sources.items():
        write(name, text)
    specs = [
        (REPO / "examples/quickstart/saxpy.cu", "saxpy", None),
        (REPO / "bench/kernels/elementwise.cu", "ew_map", None),
        (REPO / "bench/kernels/black_scholes.cu", "black_scholes", None),
        (REPO / "bench/kernels/jacobi.cu", "jacobi_run", None),
        (SOURCES / "mix.cu", "mix", None),
        (SOURCES / "mix.cu", "mix", ["x"]),
        (SOURCES / "dyn.cu", "block_sum_sq_dyn", None),
        (SOURCES / "partial.cu", "even_sq", None),
        (SOURCES / "host.cu", "host_sq", None),
        (SOURCES / "host.cu", "ops::scale<double>", None),
        (SOURCES / "loss.cu", "loss", None),
    ]
    arch = autograd.default_arch()
    with ThreadPoolExecutor(max_workers=min(len(specs), os.cpu_count() or 1)) as pool:
        jobs = [pool.submit(build.build, src, fn, wrt, arch=arch, cache_dir=CACHE) for src, fn, wrt in specs]
        for job in jobs:
            job.exception()


if __name__ == "__main__":
    if not torch.cuda.is_available():
        print("FAIL no CUDA device visible to torch")
        sys.exit(1)
    start = time.time()
    prebuild()
    print(f"built the libraries in {time.time() - start:.1f}s", flush=True)
    failed = run_checks()
    print(f"{len(CHECKS) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
