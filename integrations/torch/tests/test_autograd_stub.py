"""cuad_torch.autograd's forward and backward without torch or a GPU: a small stand-in for
the torch API it uses (tensors over real host memory, so that `data_ptr()` addresses work)
and stand-ins for the compiled wrappers that compute, in Python, what the primal and a
gradient honouring cuad's contract compute (README, "The `cuad grad` contract"). Manifests
come from the real cuad. Checks the wrappers' argument order, the seeds, the copies of arrays
updated in place, and which gradient goes to which argument.

    CUAD=path/to/cuad python3 integrations/torch/tests/test_autograd_stub.py
"""

import contextlib
import ctypes
import sys
import tempfile
import types
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

# ---- a stand-in for the parts of torch that cuad_torch.autograd uses ----

_CT = {"float64": ctypes.c_double, "float32": ctypes.c_float, "int32": ctypes.c_int}


class DType:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"torch.{self.name}"


class Device:
    def __init__(self, kind, index=None):
        self.type, self.index = kind, index

    def __eq__(self, other):
        return isinstance(other, Device) and (self.type, self.index) == (other.type, other.index)

    def __repr__(self):
        return f"{self.type}:{self.index}" if self.index is not None else self.type


CUDA0 = Device("cuda", 0)


class Tensor:
    def __init__(self, values, dtype, device=CUDA0, shape=None):
        self.dtype, self.device = dtype, device
        self.shape = tuple(shape) if shape is not None else (len(values),)
        self._buf = (_CT[dtype.name] * max(len(values), 1))(*values)
        self.requires_grad = False
        self.grad = None

    @property
    def is_cuda(self):
        return self.device.type == "cuda"

    def values(self):
        return list(self._buf)[: self.numel()]

    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    def element_size(self):
        return ctypes.sizeof(_CT[self.dtype.name])

    def data_ptr(self):
        return ctypes.addressof(self._buf)

    def is_contiguous(self):
        return True

    def item(self):
        return self._buf[0]

    def clone(self, memory_format=None):
        return Tensor(self.values(), self.dtype, self.device, self.shape)

    def detach(self):
        return self

    def to(self, device=None, dtype=None):
        return Tensor(self.values(), dtype or self.dtype, device or self.device, self.shape)

    def reshape(self, shape):
        t = self.clone()
        t.shape = tuple(shape)
        return t

    def mul_(self, other):
        k = other.item() if isinstance(other, Tensor) else other
        for i in range(self.numel()):
            self._buf[i] *= k
        return self

    def zero_(self):
        return self.mul_(0.0)

    def requires_grad_(self, on=True):
        self.requires_grad = on
        return self


def _device(d):
    return Device(d) if isinstance(d, str) else d


def zeros(shape, dtype, device):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = 1
    for s in shape:
        n *= s
    return Tensor([0.0] * n, dtype, _device(device), shape)


def tensor(value, dtype, device):
    return Tensor([value], dtype, _device(device), ())


def zeros_like(t, memory_format=None):
    return zeros(t.shape, t.dtype, t.device)


class Ctx:
    def __init__(self, needs):
        self.needs_input_grad = needs
        self.dirty, self.non_differentiable, self.saved_tensors = (), (), ()

    def mark_dirty(self, *ts):
        self.dirty = ts

    def mark_non_differentiable(self, *ts):
        self.non_differentiable = ts

    def save_for_backward(self, *ts):
        self.saved_tensors = ts


class Function:
    last_ctx = None

    @classmethod
    def apply(cls, *args):
        needs = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
        ctx = Ctx(needs)
        Function.last_ctx = ctx
        return cls.forward(ctx, *args)


class Stream:
    cuda_stream = 0


fake = types.ModuleType("torch")
fake.Tensor = Tensor
fake.float64, fake.float32, fake.int32 = DType("float64"), DType("float32"), DType("int32")
fake.contiguous_format = object()
fake.zeros, fake.zeros_like, fake.tensor = zeros, zeros_like, tensor
fake.is_grad_enabled = lambda: True
fake.autograd = types.ModuleType("torch.autograd")
fake.autograd.Function = Function
fake.autograd.function = types.ModuleType("torch.autograd.function")
fake.autograd.function.once_differentiable = lambda f: f
fake.cuda = types.ModuleType("torch.cuda")
fake.cuda.device = lambda d: contextlib.nullcontext()
fake.cuda.current_stream = lambda d=None: Stream()
sys.modules.update(
    {
        "torch": fake,
        "torch.autograd": fake.autograd,
        "torch.autograd.function": fake.autograd.function,
        "torch.cuda": fake.cuda,
    }
)

from cuad_torch import autograd, build  # noqa: E402
from cuad_torch.manifest import CuadError  # noqa: E402

CUAD = build.find_cuad()


def doubles(addr, n):
    return (ctypes.c_double * n).from_address(addr)


# ---- stand-ins for the compiled wrappers ----

MIX = r"""
// y = a * x + y * y, in place
__global__ void mix(double* y, const double* x, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i] * y[i];
}
"""


class MixLibrary:
    """The wrappers of `mix` (kernel: device, grid, block, shmem, stream, then the params)."""

    calls = []

    def primal(self, dev, gx, gy, gz, bx, by, bz, shmem, stream, y, x, a, n):
        MixLibrary.calls.append(("primal", (gx, gy, gz, bx, by, bz, shmem)))
        yv, xv = doubles(y, n), doubles(x, n)
        for i in range(n):
            yv[i] = a * xv[i] + yv[i] * yv[i]
        return 0

    def gradient(self, dev, gx, gy, gz, bx, by, bz, shmem, stream, y, x, a, n, dy, dx, da):
        MixLibrary.calls.append(("gradient", (gx, gy, gz, bx, by, bz, shmem)))
        # recomputes from the inputs: y holds the input value
        yv, xv, dyv, dxv, dav = doubles(y, n), doubles(x, n), doubles(dy, n), doubles(dx, n), doubles(da, 1)
        for i in range(n):
            dxv[i] += a * dyv[i]
            dav[0] += xv[i] * dyv[i]
            dyv[i] = 2 * yv[i] * dyv[i]  # the adjoint of y's input value
        return 0

    def error_string(self, rc):
        return "fake error"


HOST = r"""
__global__ void sq(double* out, const double* in, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i] * in[i];
}
void host_sq(double* out, const double* in, double s, int n) {
  sq<<<(n + 127) / 128, 128>>>(out, in, s, n);
}
"""


class HostLibrary:
    """The wrappers of `host_sq` (host function: device, stream, then the params)."""

    def primal(self, dev, stream, out, inp, s, n):
        o, v = doubles(out, n), doubles(inp, n)
        for i in range(n):
            o[i] = s * v[i] * v[i]
        return 0

    def gradient(self, dev, stream, out, inp, s, n, dout, din, ds):
        # `out` is not read: the gradient recomputes from the inputs
        v, do, di, dsv = doubles(inp, n), doubles(dout, n), doubles(din, n), doubles(ds, 1)
        for i in range(n):
            di[i] += 2 * s * v[i] * do[i]
            dsv[0] += v[i] * v[i] * do[i]
            do[i] = 0.0  # output seeds are consumed
        return 0

    def error_string(self, rc):
        return "fake error"


SUMSQ = r"""
__global__ void sumsq_k(double* acc, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(acc, x[i] * x[i]);
}
typedef double real;
real sumsq(const double* x, real s, int n) {
  double* acc;
  cudaMalloc(&acc, sizeof(double));
  cudaMemset(acc, 0, sizeof(double));
  sumsq_k<<<(n + 127) / 128, 128>>>(acc, x, n);
  double h = 0.0;
  cudaMemcpy(&h, acc, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(acc);
  return s * h;
}
"""


class SumsqLibrary:
    """The wrappers of `sumsq`, a host function returning a value (stored through `ret`)."""

    def primal(self, dev, stream, x, s, n, ret):
        xv = doubles(x, n)
        doubles(ret, 1)[0] = s * sum(v * v for v in xv)
        return 0

    def gradient(self, dev, stream, x, s, n, dx, ds):
        # the returned value's seed is 1
        xv, dxv, dsv = doubles(x, n), doubles(dx, n), doubles(ds, 1)
        for i in range(n):
            dxv[i] += 2 * s * xv[i]
        dsv[0] += sum(v * v for v in xv)
        return 0

    def error_string(self, rc):
        return "fake error"


class FailingLibrary(HostLibrary):
    def primal(self, *args):
        return 719

    def error_string(self, rc):
        return "unspecified launch failure"


def loaded(source_text, function, library, wrt=None):
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "k.cu"
        src.write_text(source_text)
        _, m = build.run_cuad(CUAD, src, function, wrt, Path(tmp))
    autograd._Library = lambda path, manifest: library
    return autograd.CuadFunction("<stub>", m)


F64 = fake.float64


class AutogradTests(unittest.TestCase):
    def test_in_place_kernel(self):
        k = loaded(MIX, "mix", MixLibrary())
        n = 3
        y0 = [0.5, -1.0, 2.0]
        x = Tensor([1.0, 2.0, 3.0], F64).requires_grad_()
        a = Tensor([1.5], F64, shape=()).requires_grad_()
        y = Tensor(y0, F64).requires_grad_()  # stands for a non-leaf here
        MixLibrary.calls.clear()
        out = k(y, x, a, n, grid=(2, 3), block=64, shared_mem=16)
        ctx = Function.last_ctx
        self.assertIs(out, y)
        self.assertEqual(ctx.dirty, (y,))
        want = [1.5 * xi + yi * yi for xi, yi in zip([1.0, 2.0, 3.0], y0)]
        self.assertEqual(out.values(), want)
        # the gradient gets y's input value: forward kept a copy
        saved_y = ctx.saved_tensors[0]
        self.assertEqual(saved_y.values(), y0)
        seed = Tensor([1.0, 10.0, 100.0], F64)
        grads = autograd._Apply.backward(ctx, seed)
        self.assertEqual(len(grads), 2 + 4)
        self.assertEqual(grads[:2], (None, None))
        dy, dx, da, dn = grads[2:]
        self.assertEqual(dy.values(), [2 * yi * s for yi, s in zip(y0, seed.values())])
        self.assertEqual(dx.values(), [1.5 * s for s in seed.values()])
        self.assertEqual(da.shape, ())
        self.assertAlmostEqual(da.item(), 1.0 * 1 + 2.0 * 10 + 3.0 * 100)
        self.assertIsNone(dn)
        # autograd's incoming gradient is not consumed
        self.assertEqual(seed.values(), [1.0, 10.0, 100.0])
        # the primal's launch configuration for both (the C wrapper doubles the gradient's
        # dynamic shared memory: test_build.py checks that)
        launch = (2, 3, 1, 64, 1, 1, 16)
        self.assertEqual(MixLibrary.calls, [("primal", launch), ("gradient", launch)])

    def test_no_copy_without_grad(self):
        k = loaded(MIX, "mix", MixLibrary())
        y = Tensor([1.0, 2.0], F64)
        k(y, Tensor([1.0, 1.0], F64), 2.0, 2, grid=1, block=2)
        self.assertEqual(Function.last_ctx.saved_tensors, ())
        self.assertEqual(y.values(), [3.0, 6.0])

    def test_host_function_with_write_only_output(self):
        k = loaded(HOST, "host_sq", HostLibrary())
        inp = Tensor([1.0, -2.0], F64).requires_grad_()
        s = Tensor([3.0], F64, shape=()).requires_grad_()
        out = Tensor([7.0, 7.0], F64).requires_grad_()  # stands for a non-leaf here
        r = k(out, inp, s, 2)
        self.assertIs(r, out)
        self.assertEqual(out.values(), [3.0, 12.0])
        ctx = Function.last_ctx
        grads = autograd._Apply.backward(ctx, Tensor([1.0, 0.5], F64))
        dout, din, ds, dn = grads[2:]
        # the input value of an array the function overwrites gets zero: the seed consumed
        self.assertEqual(dout.values(), [0.0, 0.0])
        self.assertEqual(din.values(), [2 * 3.0 * 1.0 * 1.0, 2 * 3.0 * -2.0 * 0.5])
        self.assertEqual(ds.values(), [1.0 * 1.0 + 4.0 * 0.5])
        self.assertEqual(ds.device, CUDA0)  # back on the scalar tensor's device
        # undefined incoming gradient: a zero seed
        grads = autograd._Apply.backward(ctx, None)
        self.assertEqual(grads[3].values(), [0.0, 0.0])

    def test_host_function_returning_a_value(self):
        k = loaded(SUMSQ, "sumsq", SumsqLibrary())
        self.assertEqual(k.manifest.return_type, "double")  # the typedef resolved
        x = Tensor([1.0, 2.0], F64).requires_grad_()
        s = Tensor([3.0], F64, shape=()).requires_grad_()
        r = k(x, s, 2)
        self.assertEqual((r.shape, r.item(), r.device), ((), 15.0, CUDA0))
        ctx = Function.last_ctx
        self.assertEqual(ctx.dirty, ())
        dx, ds, dn = autograd._Apply.backward(ctx, Tensor([0.5], F64, shape=()))[2:]
        # scaled by the incoming gradient
        self.assertEqual(dx.values(), [0.5 * 2 * 3.0 * 1.0, 0.5 * 2 * 3.0 * 2.0])
        self.assertEqual((ds.shape, ds.item()), ((), 0.5 * 5.0))
        self.assertIsNone(dn)

    def test_requires_grad_without_adjoint(self):
        k = loaded(MIX, "mix", MixLibrary(), wrt=["y"])
        self.assertEqual([d.name for d in k.manifest.adjoints], ["_d_y"])
        with self.assertRaises(CuadError) as e:
            k(Tensor([1.0], F64), Tensor([1.0], F64).requires_grad_(), 1.0, 1, grid=1, block=1)
        self.assertIn("add it to wrt", str(e.exception))

    def test_device_mismatch_and_launch_errors(self):
        k = loaded(HOST, "host_sq", FailingLibrary())
        with self.assertRaises(CuadError) as e:
            k(Tensor([0.0], F64), Tensor([1.0], F64, device=Device("cuda", 1)), 1.0, 1)
        self.assertIn("cuda:1", str(e.exception))
        with self.assertRaises(CuadError) as e:
            k(Tensor([0.0], F64), Tensor([1.0], F64), 1.0, 1, grid=1, block=1)
        self.assertIn("host function", str(e.exception))
        with self.assertRaises(CuadError) as e:
            k(Tensor([0.0], F64), Tensor([1.0], F64), 1.0, 1)
        self.assertIn("unspecified launch failure", str(e.exception))


if __name__ == "__main__":
    unittest.main(verbosity=2)
