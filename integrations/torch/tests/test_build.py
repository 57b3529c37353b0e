"""cuad_torch without torch or a GPU: manifests, argument checks and marshalling, and the
wrappers' generation, `nvcc -shared` link and ctypes loading.

    CUAD=path/to/cuad NVCC=path/to/nvcc python3 integrations/torch/tests/test_build.py

Parts that need nvcc are skipped (with the reason printed) when it is missing or NVCC=0; run by
crates/cli/tests/torch.rs with the repository's pinned nvcc.
"""

import ctypes
import os
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))

from cuad_torch import build, marshal  # noqa: E402
from cuad_torch.manifest import CuadError, parse  # noqa: E402

CUAD = build.find_cuad()


def nvcc_or_none():
    if os.environ.get("NVCC") == "0":
        return None
    try:
        return build.find_nvcc()
    except CuadError:
        return None


NVCC = nvcc_or_none()

HOST_SOURCE = r"""
typedef double real;
namespace ops {
template <typename T>
__global__ void scale(T* out, const T* in, T s, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = s * in[i] * in[i];
}
// out = s * in^2 through a device buffer the function allocates
void run(real* out, const real* in, real s, long n) {
  real* tmp;
  cudaMalloc(&tmp, sizeof(real) * n);
  cudaMemcpy(tmp, in, sizeof(real) * n, cudaMemcpyDeviceToDevice);
  scale<real><<<(n + 127) / 128, 128>>>(out, tmp, s, n);
  cudaFree(tmp);
}
}
"""


def manifest_of(tmp, source, function, wrt=None, args=()):
    return build.run_cuad(CUAD, Path(source), function, wrt, Path(tmp), list(args))


class FakeDevice:
    def __init__(self, kind, index=0):
        self.type, self.index = kind, index

    def __str__(self):
        return f"{self.type}:{self.index}"


class FakeTensor:
    """What marshal reads of a tensor."""

    def __init__(self, dtype, ptr=0x1000, n=16, size=4, cuda=True, contiguous=True):
        self.dtype, self._ptr, self._n, self._size = dtype, ptr, n, size
        self.is_cuda, self._contiguous = cuda, contiguous
        self.device = FakeDevice("cuda" if cuda else "cpu")

    def data_ptr(self):
        return self._ptr

    def numel(self):
        return self._n

    def element_size(self):
        return self._size

    def is_contiguous(self):
        return self._contiguous

    def item(self):
        return 2.5

    def __repr__(self):
        return f"FakeTensor({self.dtype})"


def dtype_of(name):
    return f"torch.{name}"


class ManifestTests(unittest.TestCase):
    def test_saxpy_wrt_adds_the_written_array(self):
        with tempfile.TemporaryDirectory() as tmp:
            _, m = manifest_of(tmp, REPO / "examples/quickstart/saxpy.cu", "saxpy", ["x", "a"])
        self.assertEqual(m.kind, "kernel")
        self.assertEqual([p.name for p in m.params], ["y", "x", "a", "n"])
        y, x, a, n = m.params
        self.assertEqual((y.reads, y.writes, y.const), (True, True, False))
        self.assertEqual((x.reads, x.writes, x.const), (True, False, True))
        self.assertEqual((a.category, a.element, a.ctype), ("scalar", "float", ctypes.c_float))
        self.assertEqual(n.ctype, ctypes.c_int)
        self.assertEqual(y.dtype_name, "float32")
        # `y` is written: its adjoint is added so that backward can seed it
        self.assertEqual(m.callee, "saxpy_grad_0_1_2")
        self.assertEqual([(d.name, d.primal) for d in m.adjoints], [("_d_y", 0), ("_d_x", 1), ("_d_a", 2)])
        self.assertEqual(m.outputs(), [y])

    def test_wrt_adds_a_written_array_read_again(self):
        # `t` carries the derivative into `y`: cuad rejects --wrt x alone, the build adds both.
        source = (
            "__global__ void k(double* y, double* t, const double* x, int n) {\n"
            "  int i = threadIdx.x;\n"
            "  if (i < n) { t[i] = x[i] * x[i]; y[i] = 2.0 * t[i]; }\n"
            "}\n"
        )
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "k.cu"
            path.write_text(source)
            _, m = manifest_of(tmp, path, "k", ["x"])
        self.assertEqual(m.callee, "k_grad_0_1_2")
        self.assertEqual([(d.name, d.primal) for d in m.adjoints], [("_d_y", 0), ("_d_t", 1), ("_d_x", 2)])

    def test_black_scholes_outputs_are_write_only(self):
        with tempfile.TemporaryDirectory() as tmp:
            _, m = manifest_of(tmp, REPO / "bench/kernels/black_scholes.cu", "black_scholes")
        access = {p.name: (p.reads, p.writes) for p in m.params if p.is_pointer}
        self.assertEqual(access["call"], (False, True))
        self.assertEqual(access["put"], (False, True))
        self.assertEqual(access["spot"], (True, False))
        self.assertEqual([p.name for p in m.outputs()], ["call", "put"])
        self.assertEqual([d.name for d in m.adjoints][-2:], ["_d_rate", "_d_vol"])

    def test_host_function_in_a_namespace(self):
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "host.cu"
            src.write_text(HOST_SOURCE)
            _, m = manifest_of(tmp, src, "ops::run", ["in", "s"])
        self.assertEqual(m.kind, "host")
        self.assertEqual(m.primal_callee, "ops::run")
        out, inp, s, n = m.params
        self.assertEqual((out.reads, out.writes, out.element), (False, True, "double"))
        self.assertEqual((inp.reads, inp.writes), (True, False))
        self.assertEqual((s.element, s.ctype), ("double", ctypes.c_double))
        self.assertEqual(n.ctype, ctypes.c_long)
        self.assertEqual(m.callee, "ops::run_grad_0_1_2")

    def test_template_instance(self):
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "host.cu"
            src.write_text(HOST_SOURCE)
            _, m = manifest_of(tmp, src, "ops::scale<float>")
        self.assertEqual(m.primal_callee, "ops::scale<float>")
        # `n` is an integer: not listed, so the name lists the others
        self.assertEqual(m.callee, "ops::scale_grad_0_1_2<float>")
        self.assertEqual(m.params[0].element, "float")

    def test_unsupported_functions_are_refused(self):
        src = "__device__ void f(float* y, float x) { *y = x * x; }\n"
        src += "__host__ float g(float* y, const float* x) { y[0] = x[0]; return x[0]; }\n"
        src += "struct P { float a; };\n__global__ void h(float* y, P p) { y[0] = p.a; }\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "u.cu"
            path.write_text(src)
            for fn, why in [("f", "__device__"), ("g", "must write no array"), ("h", "only pointers and scalars")]:
                _, m = manifest_of(tmp, path, fn)
                with self.assertRaises(CuadError) as e:
                    build.wrapper_source(m, "grad.cu")
                self.assertIn(why, str(e.exception))

    def test_cuad_errors_are_reported(self):
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaises(CuadError) as e:
                manifest_of(tmp, REPO / "examples/quickstart/saxpy.cu", "no_such_function")
        self.assertIn("no_such_function", str(e.exception))

    def test_malformed_manifest(self):
        with self.assertRaises(CuadError):
            parse('{"version": 1, "primal": {}}')
        with self.assertRaises(CuadError):
            parse('{"version": 2}')


class MarshalTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with tempfile.TemporaryDirectory() as tmp:
            _, cls.m = manifest_of(tmp, REPO / "examples/quickstart/saxpy.cu", "saxpy")

    def test_dims(self):
        self.assertEqual(marshal.dims(7, "grid"), (7, 1, 1))
        self.assertEqual(marshal.dims((2, 3), "grid"), (2, 3, 1))
        self.assertEqual(marshal.dims([2, 3, 4], "block"), (2, 3, 4))
        for bad in (0, (1, 2, 3, 4), (), (2, -1), "x", True, 1.5):
            with self.assertRaises(CuadError, msg=repr(bad)):
                marshal.dims(bad, "grid")

    def test_head_args(self):
        m = self.m
        self.assertEqual(marshal.head_args(m, 1, 0, 4, (32, 2), 64), [1, 4, 1, 1, 32, 2, 1, 64, None])
        self.assertEqual(marshal.head_args(m, 0, 1234, 1, 1, 0)[-1], 1234)
        with self.assertRaises(CuadError):
            marshal.head_args(m, 0, 0, None, 32, 0)
        with self.assertRaises(CuadError):
            marshal.head_args(m, 0, 0, 1, 32, -1)

    def test_scalars(self):
        y, x, a, n = self.m.params
        self.assertEqual(marshal.scalar_value(self.m, a, 2), 2.0)
        self.assertIsInstance(marshal.scalar_value(self.m, a, 2), float)
        self.assertEqual(marshal.scalar_value(self.m, n, 5), 5)
        self.assertEqual(marshal.scalar_value(self.m, a, FakeTensor("torch.float32", n=1)), 2.5)
        with self.assertRaises(CuadError):
            marshal.scalar_value(self.m, a, FakeTensor("torch.float32", n=3))
        for bad in (2.5, 1 << 31, -(1 << 31) - 1, "3", None, True):
            with self.assertRaises(CuadError, msg=repr(bad)):
                marshal.scalar_value(self.m, n, bad)
        self.assertEqual(marshal.scalar_value(self.m, n, (1 << 31) - 1), (1 << 31) - 1)

    def test_tensors(self):
        y = self.m.params[0]
        marshal.check_tensor(self.m, y, FakeTensor("torch.float32"), dtype_of)
        cases = [
            (FakeTensor("torch.float64"), "dtype torch.float32"),
            (FakeTensor("torch.float32", cuda=False), "CUDA tensor"),
            (FakeTensor("torch.float32", contiguous=False), "contiguous"),
            (3.0, "CUDA tensor"),
        ]
        for t, why in cases:
            with self.assertRaises(CuadError) as e:
                marshal.check_tensor(self.m, y, t, dtype_of)
            self.assertIn(why, str(e.exception))

    def test_overlap(self):
        y, x = self.m.params[0], self.m.params[1]
        apart = [(y, FakeTensor("f", ptr=0x1000, n=16)), (x, FakeTensor("f", ptr=0x1040, n=16))]
        marshal.check_no_overlap(self.m, apart)
        shared = [(y, FakeTensor("f", ptr=0x1000, n=16)), (x, FakeTensor("f", ptr=0x103C, n=16))]
        with self.assertRaises(CuadError):
            marshal.check_no_overlap(self.m, shared)

    def test_arity(self):
        with self.assertRaises(CuadError) as e:
            marshal.check_arity(self.m, (1, 2, 3))
        self.assertIn("y, x, a, n", str(e.exception))


@unittest.skipIf(NVCC is None, "nvcc not found (set NVCC or run scripts/setup-nvcc.sh)")
class LinkTests(unittest.TestCase):
    """`build.build` end to end (cuad, wrappers, nvcc -shared), then the library through the
    same ctypes signatures as cuad_torch.autograd. Without a GPU the calls return CUDA's
    error (no driver); with one, a call with n = 0 succeeds."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.cache = cls.tmp.name

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def load(self, source, function, wrt=None):
        lib_path, m = build.build(
            source, function, wrt, cuad=CUAD, nvcc=NVCC, arch="sm_90", cache_dir=self.cache
        )
        lib = ctypes.CDLL(str(lib_path))
        primal, gradient = lib.cuad_torch_primal, lib.cuad_torch_gradient
        primal.argtypes, primal.restype = build.primal_argtypes(m), ctypes.c_int
        gradient.argtypes, gradient.restype = build.gradient_argtypes(m), ctypes.c_int
        lib.cuad_torch_error_string.argtypes = [ctypes.c_int]
        lib.cuad_torch_error_string.restype = ctypes.c_char_p
        return lib_path, m, lib

    def check_call(self, lib, fn, args):
        rc = fn(*args)
        self.assertIsInstance(rc, int)
        if rc != 0:
            self.assertTrue(lib.cuad_torch_error_string(rc))

    def test_kernel(self):
        path, m, lib = self.load(REPO / "examples/quickstart/saxpy.cu", "saxpy", ["x", "a"])
        wrapper = (path.parent / "wrapper.cu").read_text()
        self.assertIn("saxpy_grad_0_1_2<<<dim3(gx, gy, gz), dim3(bx, by, bz), 2 * shmem", wrapper)
        head = marshal.head_args(m, 0, 0, 1, 32, 0)
        self.check_call(lib, lib.cuad_torch_primal, head + [None, None, 2.0, 0])
        self.check_call(lib, lib.cuad_torch_gradient, head + [None, None, 2.0, 0, None, None, None])
        # cached: the same inputs give the same library without compiling again
        again, _, _ = self.load(REPO / "examples/quickstart/saxpy.cu", "saxpy", ["x", "a"])
        self.assertEqual(again, path)

    def test_host_functions(self):
        path, m, lib = self.load(REPO / "bench/kernels/jacobi.cu", "jacobi_run", ["u"])
        self.assertEqual(m.callee, "jacobi_run_grad_0")
        head = marshal.head_args(m, 0, 0, None, None, 0)
        self.check_call(lib, lib.cuad_torch_primal, head + [None, 0, 0, 0])
        src = Path(self.cache) / "host.cu"
        src.write_text(HOST_SOURCE)
        path, m, lib = self.load(src, "ops::run", ["in", "s"])
        self.assertEqual(len(build.gradient_argtypes(m)), 2 + 4 + 3)
        head = marshal.head_args(m, 0, 0, None, None, 0)
        # `_d_s` is a host pointer the gradient writes through (a real one: with a GPU the
        # call gets that far).
        d_s = ctypes.c_double(0.0)
        self.check_call(
            lib, lib.cuad_torch_gradient, head + [None, None, 1.5, 0, None, None, ctypes.addressof(d_s)]
        )

    def test_template_kernel(self):
        src = Path(self.cache) / "tpl.cu"
        src.write_text(HOST_SOURCE)
        path, m, lib = self.load(src, "ops::scale<double>")
        self.assertIn("ops::scale_grad_0_1_2<double><<<", (path.parent / "wrapper.cu").read_text())
        self.assertEqual(build.primal_argtypes(m)[-2:], [ctypes.c_double, ctypes.c_long])

    def test_host_function_returning_a_value(self):
        src = Path(self.cache) / "loss.cu"
        src.write_text(
            "__global__ void sq(double* acc, const double* x, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) atomicAdd(acc, x[i] * x[i]);\n"
            "}\n"
            "typedef double real;\n"
            "real loss(const double* x, int n) {\n"
            "  double* acc;\n"
            "  cudaMalloc(&acc, sizeof(double));\n"
            "  cudaMemset(acc, 0, sizeof(double));\n"
            "  sq<<<(n + 127) / 128, 128>>>(acc, x, n);\n"
            "  double h = 0.0;\n"
            "  cudaMemcpy(&h, acc, sizeof(double), cudaMemcpyDeviceToHost);\n"
            "  cudaFree(acc);\n"
            "  return h;\n"
            "}\n"
        )
        path, m, lib = self.load(src, "loss")
        self.assertEqual(m.return_type, "double")
        self.assertIn("*static_cast<double*>(ret) = loss(", (path.parent / "wrapper.cu").read_text())
        self.assertEqual(build.primal_argtypes(m)[-1], ctypes.c_void_p)
        self.assertEqual(len(build.primal_argtypes(m)), 2 + 2 + 1)
        self.assertEqual(len(build.gradient_argtypes(m)), 2 + 2 + 1)
        ret = ctypes.c_double(-1.0)
        head = marshal.head_args(m, 0, 0, None, None, 0)
        self.check_call(lib, lib.cuad_torch_primal, head + [None, 0, ctypes.addressof(ret)])

    def test_nvcc_errors_are_reported(self):
        src = Path(self.cache) / "bad.cu"
        src.write_text('#include "missing_header.h"\n__global__ void k(float* y) { y[0] = 1; }\n')
        with self.assertRaises(CuadError) as e:
            build.build(src, "k", cuad=CUAD, nvcc=NVCC, arch="sm_90", cache_dir=self.cache)
        self.assertIn("missing_header.h", str(e.exception))


if __name__ == "__main__":
    if NVCC is None:
        print("test_build: nvcc not found: skipping the link tests (set NVCC)")
    unittest.main(verbosity=2)
