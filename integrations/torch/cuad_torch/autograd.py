"""Loaded functions as autograd-aware Python callables (needs torch)."""

import ctypes
import os

import torch
from torch.autograd.function import once_differentiable

from . import build as _build
from . import marshal
from .manifest import CuadError, Manifest


def _dtype(name):
    return getattr(torch, name, None)


class _Library:
    """The compiled wrappers, with their ctypes signatures."""

    def __init__(self, path, m: Manifest):
        self.dll = ctypes.CDLL(str(path))
        self.primal = self.dll.cuad_torch_primal
        self.primal.argtypes = _build.primal_argtypes(m)
        self.primal.restype = ctypes.c_int
        self.gradient = self.dll.cuad_torch_gradient
        self.gradient.argtypes = _build.gradient_argtypes(m)
        self.gradient.restype = ctypes.c_int
        self._error_string = self.dll.cuad_torch_error_string
        self._error_string.argtypes = [ctypes.c_int]
        self._error_string.restype = ctypes.c_char_p

    def error_string(self, rc: int) -> str:
        s = self._error_string(rc)
        return s.decode() if s else "unknown error"


class CuadFunction:
    """A kernel or host function of a `.cu` file, callable with torch tensors.

    `f(*args, grid=..., block=..., shared_mem=0)` (grid and block for kernels only) takes
    one argument per parameter: a contiguous CUDA tensor of the element type for a pointer,
    a number or one-element tensor for a scalar. It runs the function on the current CUDA
    stream and returns the arrays it writes (one tensor, or a tuple in parameter order),
    which are the tensors passed (written in place), or for a host function returning a
    value, that value as a 0-d tensor on the arrays' device. Their backward runs cuad's
    gradient.
    """

    def __init__(self, library_path, manifest: Manifest):
        self.manifest = manifest
        self.library_path = library_path
        self._lib = _Library(library_path, manifest)
        if not manifest.outputs() and not manifest.returns_value:
            raise CuadError(f"`{manifest.name}` writes no array: it has nothing to return")

    def __repr__(self):
        return f"<cuad function {self.manifest.primal_callee} from {self.library_path}>"

    def __call__(self, *args, grid=None, block=None, shared_mem=0):
        m = self.manifest
        marshal.check_arity(m, args)
        device = None
        for p in m.params:
            v = args[p.index]
            if p.is_pointer:
                marshal.check_tensor(m, p, v, _dtype)
                if device is None:
                    device = v.device
                elif v.device != device:
                    raise CuadError(
                        f"argument `{p.name}` of `{m.name}` is on {v.device}, others on {device}"
                    )
            else:
                marshal.scalar_value(m, p, v)
        if device is None:
            raise CuadError(f"`{m.name}` has no array argument: cannot tell the device")
        marshal.check_no_overlap(m, marshal.pointer_args_of(m, args))
        # checked here: the launch configuration is validated before anything runs
        marshal.head_args(m, 0, 0, grid, block, int(shared_mem))
        for p in m.params:
            v = args[p.index]
            if isinstance(v, torch.Tensor) and v.requires_grad and m.adjoint_of(p.index) is None:
                raise CuadError(
                    f"argument `{p.name}` of `{m.name}` requires grad, but the gradient was "
                    f"generated without it: add it to wrt="
                )
        # decided here: inside forward, grad mode is off
        needs_grad = torch.is_grad_enabled() and any(
            isinstance(v, torch.Tensor) and v.requires_grad for v in args
        )
        launch = (device, grid, block, int(shared_mem), needs_grad)
        return _Apply.apply(self, launch, *args)


class _Apply(torch.autograd.Function):
    @staticmethod
    def forward(ctx, fn: CuadFunction, launch, *args):
        m = fn.manifest
        device, grid, block, shared_mem, needs_grad = launch
        # The gradient recomputes from the primal's inputs: keep the arrays it reads, as
        # they are before the call (a copy of those the call overwrites).
        to_save = []
        if needs_grad:
            for p in m.params:
                if p.is_pointer and p.reads:
                    t = args[p.index]
                    to_save.append(t.clone() if p.writes else t)
        values = [
            args[p.index].data_ptr() if p.is_pointer else marshal.scalar_value(m, p, args[p.index])
            for p in m.params
        ]
        returned = m.return_ctype() if m.returns_value else None
        with torch.cuda.device(device):
            stream = torch.cuda.current_stream(device).cuda_stream
            head = marshal.head_args(m, device.index, stream, grid, block, shared_mem)
            ret = [ctypes.addressof(returned)] if returned is not None else []
            marshal.call(fn._lib.primal, head + values + ret, f"`{m.name}`", fn._lib.error_string)
        ctx.fn = fn
        ctx.launch = launch
        ctx.values = values
        ctx.scalar_meta = {
            p.index: (args[p.index].shape, args[p.index].dtype, args[p.index].device)
            for p in m.params
            if not p.is_pointer and isinstance(args[p.index], torch.Tensor)
        }
        ctx.save_for_backward(*to_save)
        if returned is not None:
            ctx.out_meta = []
            return torch.tensor(returned.value, dtype=_dtype(m.return_dtype_name), device=device)
        outputs = [args[p.index] for p in m.outputs()]
        ctx.mark_dirty(*outputs)
        no_adjoint = [args[p.index] for p in m.outputs() if m.adjoint_of(p.index) is None]
        if no_adjoint:
            ctx.mark_non_differentiable(*no_adjoint)
        ctx.out_meta = [(t.shape, t.dtype) for t in outputs]
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    @staticmethod
    @once_differentiable
    def backward(ctx, *grads):
        fn: CuadFunction = ctx.fn
        m = fn.manifest
        device, grid, block, shared_mem, _ = ctx.launch
        saved = iter(ctx.saved_tensors)
        outputs = m.outputs()
        out_pos = {p.index: i for i, p in enumerate(outputs)}
        with torch.cuda.device(device):
            primal = {}
            for p in m.params:
                if p.is_pointer and p.reads:
                    t = next(saved)
                    # A host gradient may overwrite the arrays its forward sweep rewrites; a
                    # kernel gradient leaves them as given (README), so the copy is reused.
                    primal[p.index] = t.clone() if p.writes and not m.is_kernel else t
            for p, (shape, dtype) in zip(outputs, ctx.out_meta):
                if not p.reads:
                    primal[p.index] = torch.zeros(shape, dtype=dtype, device=device)
            values = [
                primal[p.index].data_ptr() if p.is_pointer else ctx.values[p.index]
                for p in m.params
            ]
            adjoints = {}
            for d in m.adjoints:
                p = m.params[d.primal]
                if p.is_pointer and p.index in out_pos:
                    shape, dtype = ctx.out_meta[out_pos[p.index]]
                    g = grads[out_pos[p.index]]
                    # the gradient consumes (zeroes) the seed: never hand it autograd's tensor
                    a = (
                        torch.zeros(shape, dtype=dtype, device=device)
                        if g is None
                        else g.detach().to(device=device, dtype=dtype).reshape(shape).clone(
                            memory_format=torch.contiguous_format
                        )
                    )
                elif p.is_pointer:
                    a = torch.zeros_like(primal[p.index], memory_format=torch.contiguous_format)
                else:
                    # a scalar's adjoint: one accumulator, device memory for kernels, host
                    # memory for host functions
                    a = torch.zeros(
                        1,
                        dtype=_dtype(p.dtype_name),
                        device=device if m.is_kernel else "cpu",
                    )
                adjoints[d.index] = a
            stream = torch.cuda.current_stream(device).cuda_stream
            head = marshal.head_args(m, device.index, stream, grid, block, shared_mem)
            args = head + values + [adjoints[d.index].data_ptr() for d in m.adjoints]
            marshal.call(
                fn._lib.gradient, args, f"the gradient of `{m.name}`", fn._lib.error_string
            )
        if m.returns_value:
            # the gradient seeded the returned value with 1: scale by its incoming gradient
            g = grads[0]
            for a in adjoints.values():
                if g is None:
                    a.zero_()
                else:
                    a.mul_(g.detach().to(device=a.device, dtype=a.dtype))
        result = [None, None]
        for p in m.params:
            d = m.adjoint_of(p.index)
            if not ctx.needs_input_grad[2 + p.index] or d is None:
                result.append(None)
            elif p.is_pointer:
                # the adjoint of the input value: the gradient zeroes the seed where the
                # function overwrites it, so it also holds for arrays written in part
                result.append(adjoints[d.index])
            elif p.index in ctx.scalar_meta:
                shape, dtype, dev = ctx.scalar_meta[p.index]
                result.append(adjoints[d.index].to(device=dev, dtype=dtype).reshape(shape))
            else:
                result.append(None)
        return tuple(result)


def default_arch() -> str:
    """nvcc's `-arch`: `$CUAD_TORCH_ARCH`, else the current GPU's (`sm_90` on an H100)."""
    if os.environ.get("CUAD_TORCH_ARCH"):
        return os.environ["CUAD_TORCH_ARCH"]
    if not torch.cuda.is_available():
        raise CuadError("no CUDA device: pass arch= (e.g. 'sm_90') or set $CUAD_TORCH_ARCH")
    major, minor = torch.cuda.get_device_capability()
    return f"sm_{major}{minor}"


def load(
    source,
    function: str,
    wrt=None,
    *,
    cuad=None,
    nvcc=None,
    arch=None,
    include_dirs=(),
    defines=(),
    extra_cuad_args=(),
    extra_nvcc_args=None,
    cache_dir=None,
    verbose=False,
) -> CuadFunction:
    """Differentiates `function` of the `.cu` file `source` with cuad, compiles it with nvcc
    (cached) and returns it as a `CuadFunction`.

    `wrt`: the parameters to differentiate (names, a list or `"x,a"`); default: every
    parameter that can carry a derivative. Real arrays the function writes are added (their
    adjoints are the seeds of backward). `function` may name a template's instance
    (`"layer<float, 256>"`) or a namespace's function (`"ops::run"`). `extra_nvcc_args`
    replaces the default `-std=c++17 -O3`.
    """
    if isinstance(wrt, str):
        wrt = [w.strip() for w in wrt.split(",") if w.strip()]
    lib, m = _build.build(
        source,
        function,
        wrt,
        cuad=cuad,
        nvcc=nvcc,
        arch=arch or default_arch(),
        include_dirs=include_dirs,
        defines=defines,
        extra_cuad_args=extra_cuad_args,
        extra_nvcc_args=extra_nvcc_args,
        cache_dir=cache_dir,
        verbose=verbose,
    )
    return CuadFunction(lib, m)
