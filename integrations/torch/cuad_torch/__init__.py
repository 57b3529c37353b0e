"""cuad_torch: CUDA kernels and host functions of a `.cu` file as autograd-aware PyTorch
functions whose backward runs the gradient cuad generates.

    import cuad_torch
    saxpy = cuad_torch.load("saxpy.cu", "saxpy")
    y = saxpy(y, x, a, n, grid=(n + 255) // 256, block=256)   # y updated in place
    y.sum().backward()                                         # x.grad, a.grad

Needs torch, the cuad binary and nvcc; `build`, `manifest` and `marshal` work without torch.
"""

from .manifest import CuadError, Manifest, parse as parse_manifest

__all__ = ["CuadError", "Manifest", "parse_manifest", "load", "CuadFunction"]


def load(*args, **kwargs):
    """See `cuad_torch.autograd.load`."""
    from .autograd import load as _load

    return _load(*args, **kwargs)


def __getattr__(name):
    if name == "CuadFunction":
        from .autograd import CuadFunction

        return CuadFunction
    raise AttributeError(name)
