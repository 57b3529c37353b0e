"""Checking Python arguments against a manifest and turning them into ctypes arguments.

Torch-free on purpose (tensors are duck-typed: `dtype`, `device`, `is_cuda`,
`is_contiguous()`, `data_ptr()`, `numel()`, `element_size()`), so it is unit-tested without
torch or a GPU (tests/test_build.py).
"""

import ctypes
import numbers
from typing import List, Sequence, Tuple

from .manifest import CuadError, Manifest, Param


def dims(value, what: str) -> Tuple[int, int, int]:
    """A grid or block as three positive ints: `n`, `(x,)`, `(x, y)` or `(x, y, z)`."""
    if isinstance(value, bool):
        raise CuadError(f"{what} must be an int or a tuple of up to 3 ints, not {value!r}")
    if isinstance(value, numbers.Integral):
        value = (int(value),)
    try:
        t = tuple(int(v) for v in value)
    except (TypeError, ValueError):
        raise CuadError(
            f"{what} must be an int or a tuple of up to 3 ints, not {value!r}"
        ) from None
    if not 1 <= len(t) <= 3 or any(v < 1 for v in t):
        raise CuadError(f"{what} must have 1 to 3 positive sizes, not {value!r}")
    return t + (1,) * (3 - len(t))


def check_tensor(m: Manifest, p: Param, t, dtype_of) -> None:
    """CuadError unless `t` is a contiguous CUDA tensor of the parameter's element type.
    `dtype_of(name)` gives the dtype object named `name` (`torch.float32`)."""
    where = f"argument `{p.name}` ({p.type}) of `{m.name}`"
    if not hasattr(t, "data_ptr") or not hasattr(t, "dtype"):
        raise CuadError(f"{where} must be a CUDA tensor, not {type(t).__name__}")
    if not t.is_cuda:
        raise CuadError(f"{where} must be a CUDA tensor, not one on {t.device}")
    name = p.dtype_name
    if name is None:
        raise CuadError(f"{where}: element type `{p.element}` has no torch dtype")
    want = dtype_of(name)
    if want is None:
        raise CuadError(f"{where}: this torch has no dtype torch.{name}")
    if t.dtype != want:
        raise CuadError(f"{where} must have dtype torch.{name}, not {t.dtype}")
    if not t.is_contiguous():
        raise CuadError(f"{where} must be contiguous (call .contiguous() first)")


def scalar_value(m: Manifest, p: Param, v):
    """The Python number to pass for a scalar parameter (`v` a number or a one-element
    tensor), checked against the parameter's type."""
    where = f"argument `{p.name}` ({p.type}) of `{m.name}`"
    if hasattr(v, "numel") and hasattr(v, "item"):
        if v.numel() != 1:
            raise CuadError(f"{where} must be a number or a one-element tensor")
        v = v.item()
    if not isinstance(v, numbers.Number) or isinstance(v, complex):
        raise CuadError(f"{where} must be a number, not {type(v).__name__}")
    if p.element == "bool":
        return bool(v)
    if p.is_real:
        return float(v)
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise CuadError(f"{where} must be an integer, not {v!r}")
    v = int(v)
    ct = p.ctype
    if ct is not None and ct not in (ctypes.c_char,):
        size = ctypes.sizeof(ct)
        signed = ct(-1).value == -1
        lo, hi = (-(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1) if signed else (0, (1 << (8 * size)) - 1)
        if not lo <= v <= hi:
            raise CuadError(f"{where}: {v} does not fit `{p.element}`")
    return v


def head_args(m: Manifest, device: int, stream: int, grid, block, shared_mem: int) -> List:
    """The leading wrapper arguments: device, [grid, block, shared memory,] stream."""
    if m.is_kernel:
        if grid is None or block is None:
            raise CuadError(f"`{m.name}` is a kernel: pass grid= and block=")
        g, b = dims(grid, "grid"), dims(block, "block")
        if shared_mem < 0:
            raise CuadError("shared_mem must not be negative")
        return [device, *g, *b, int(shared_mem), stream or None]
    if grid is not None or block is not None:
        raise CuadError(f"`{m.name}` is a host function: it takes no grid= or block=")
    return [device, stream or None]


def check_no_overlap(m: Manifest, pointers: Sequence[Tuple[Param, object]]) -> None:
    """Arrays the function writes must not share memory with any other array argument: the
    gradient's adjoints are separate buffers (README), and in-place updates through two
    names have no per-argument derivative."""
    spans = [
        (p, t.data_ptr(), t.data_ptr() + t.numel() * t.element_size()) for p, t in pointers
    ]
    for i, (p, a0, a1) in enumerate(spans):
        for q, b0, b1 in spans[i + 1 :]:
            if not (p.writes or q.writes) or a1 <= a0 or b1 <= b0:
                continue
            if a0 < b1 and b0 < a1:
                raise CuadError(
                    f"arguments `{p.name}` and `{q.name}` of `{m.name}` share memory, and "
                    f"`{p.name if p.writes else q.name}` is written: pass separate tensors"
                )


def pointer_args_of(m: Manifest, args: Sequence) -> List[Tuple[Param, object]]:
    return [(p, args[p.index]) for p in m.params if p.is_pointer]


def check_arity(m: Manifest, args: Sequence) -> None:
    if len(args) != len(m.params):
        names = ", ".join(p.name for p in m.params)
        raise CuadError(
            f"`{m.name}` takes {len(m.params)} arguments ({names}), got {len(args)}"
        )


def call(lib_fn, args: Sequence, what: str, error_string) -> None:
    """Calls a wrapper; CuadError with CUDA's message when it returns an error."""
    rc = lib_fn(*args)
    if rc != 0:
        raise CuadError(f"{what} failed: CUDA error {rc} ({error_string(rc)})")
