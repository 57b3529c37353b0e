"""Building a loadable library from a `.cu` file (no torch needed).

`build()` runs `cuad grad --manifest`, writes a `.cu` of `extern "C"` wrappers around the
primal and its gradient (`wrapper_source`), compiles both with `nvcc -shared` into a cache
directory keyed by a hash of everything that goes into the library, and returns the
library's path and the manifest.

The wrappers' C signatures (ctypes argument types: `primal_argtypes`, `gradient_argtypes`):

    int cuad_torch_primal(int device, [unsigned gx, gy, gz, bx, by, bz, size_t shmem,]
                          void* stream, <param>..., [void* ret])
    int cuad_torch_gradient(<the same>, void* <adjoint>...)
    const char* cuad_torch_error_string(int error)

The bracketed launch configuration is there for kernels only; `ret`, where the returned
value is stored, for host functions returning `float` or `double` (which must write no
array: the gradient seeds the returned value with 1, and backward scales the adjoints). A pointer parameter is a `void*`
(converted to the parameter's type inside), a scalar its own C type (typedefs resolved), an
adjoint a `void*`. They return a `cudaError_t`. The gradient of a kernel is launched with the
primal's grid and block and twice its dynamic shared memory (README: the adjoints of `extern
__shared__` arrays live in the second half). Host functions run on the legacy default stream:
when the caller's stream is another one, the wrapper synchronizes it before the call and the
device after.
"""

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Iterable, List, Optional, Sequence, Tuple

from .manifest import CuadError, Manifest, parse

# Bump when the wrappers change: cached libraries of older wrappers are not reused.
WRAPPER_VERSION = "1"

# integrations/torch/cuad_torch/build.py -> the repository (meaningless once pip-installed)
_REPO = Path(__file__).resolve().parent.parent.parent.parent


def find_cuad(cuad: Optional[str] = None) -> str:
    """The cuad binary: the argument, `$CUAD`, `cuad` on PATH, or this repository's build."""
    candidates = [cuad, os.environ.get("CUAD"), shutil.which("cuad")]
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        candidates.append(str(Path(target) / "release" / "cuad"))
    candidates.append(str(_REPO / "target" / "release" / "cuad"))
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return str(Path(c).resolve())
    if cuad or os.environ.get("CUAD"):
        raise CuadError(f"cuad binary not found at {cuad or os.environ.get('CUAD')}")
    raise CuadError(
        "cuad binary not found: pass cuad=PATH, set $CUAD, put it on PATH or run "
        "`cargo build --release -p cuad` in the cuad repository"
    )


def find_nvcc(nvcc: Optional[str] = None) -> str:
    """nvcc: the argument, `$NVCC`, `nvcc` on PATH, or /usr/local/cuda/bin/nvcc."""
    for c in (nvcc, os.environ.get("NVCC"), shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return str(Path(c).resolve()) if os.sep in c else c
    raise CuadError("nvcc not found: pass nvcc=PATH, set $NVCC or put it on PATH")


def cache_root(cache_dir: Optional[str] = None) -> Path:
    if cache_dir:
        return Path(cache_dir)
    if os.environ.get("CUAD_TORCH_CACHE"):
        return Path(os.environ["CUAD_TORCH_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cuad_torch"


def _run(cmd: Sequence[str], what: str, timeout: int) -> None:
    try:
        r = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CuadError(f"{what} failed to run: {e}") from e
    if r.returncode != 0:
        raise CuadError(f"{what} failed ({' '.join(cmd)}):\n{r.stderr}{r.stdout}")


def run_cuad(
    cuad: str,
    source: Path,
    function: str,
    wrt: Optional[Sequence[str]],
    out_dir: Path,
    args: Sequence[str] = (),
) -> Tuple[str, Manifest]:
    """`cuad grad` into `out_dir`: (the generated source, the manifest). When `wrt` leaves
    out real arrays the function writes, they are added: their adjoints are the seeds."""

    def once(w):
        cmd = [cuad, "grad", str(source), "--fn", function]
        if w is not None:
            cmd += ["--wrt", ",".join(w)]
        cmd += list(args)
        cmd += ["--manifest", str(out_dir / "manifest.json"), "-o", str(out_dir / "grad.cu")]
        _run(cmd, "cuad", 300)
        text = (out_dir / "manifest.json").read_text()
        return (out_dir / "grad.cu").read_text(), text, parse(text)

    try:
        generated, text, m = once(wrt)
        full = False
    except CuadError as first:
        if wrt is None:
            raise
        # A written array left out of wrt that the function reads again is an error: the
        # manifest of the gradient w.r.t. everything names the written arrays to add.
        try:
            generated, text, m = once(None)
        except CuadError:
            raise first from None
        full = True
    if wrt is not None:
        missing = [
            p.name
            for p in m.outputs()
            if p.is_real and (full or m.adjoint_of(p.index) is None) and p.name not in wrt
        ]
        if missing or full:
            listed = set(wrt) | set(missing)
            order = [p.name for p in m.params if p.name in listed]
            order += [w for w in wrt if w not in order]  # indices, or names cuad will reject
            generated, text, m = once(order)
    return generated, m


def check_supported(m: Manifest) -> None:
    """CuadError when the bindings cannot call the function."""
    if m.kind == "device":
        raise CuadError(
            f"`{m.name}` is a __device__ function: load a kernel or a host function instead"
        )
    if m.returns_value:
        # The gradient seeds the returned value with 1: backward scales it by the incoming
        # gradient, which is right only when that value is the function's one output.
        if m.is_kernel or m.return_type not in ("float", "double"):
            raise CuadError(
                f"`{m.name}` returns `{m.return_type}`: only host functions returning float "
                "or double can return a value"
            )
        written = [p.name for p in m.outputs()]
        if written:
            raise CuadError(
                f"`{m.name}` returns `{m.return_type}` and writes {', '.join(written)}: a "
                "function returning a value must write no array"
            )
    for p in m.params:
        if p.is_pointer:
            continue
        if not p.is_scalar:
            raise CuadError(
                f"parameter `{p.name}` of `{m.name}` has type `{p.type}`: only pointers and "
                "scalars can be passed from Python"
            )
        if p.ctype is None:
            raise CuadError(f"parameter `{p.name}`: scalar type `{p.element}` is not supported")


def _params_c(m: Manifest) -> List[str]:
    out = []
    for p in m.params:
        out.append(f"void* a{p.index}" if p.is_pointer else f"{p.element} a{p.index}")
    return out


def _args_c(m: Manifest) -> List[str]:
    return [f"cuad_torch_ptr{{a{p.index}}}" if p.is_pointer else f"a{p.index}" for p in m.params]


def _deriv_args_c(m: Manifest) -> List[str]:
    out = []
    for d in m.derivative_params:
        if d.role == "primal":
            p = m.params[d.primal]
            out.append(f"cuad_torch_ptr{{a{p.index}}}" if p.is_pointer else f"a{p.index}")
        else:
            out.append(f"cuad_torch_ptr{{d{d.index}}}")
    return out


def wrapper_source(m: Manifest, generated_name: str) -> str:
    """The `extern "C"` wrappers (the module docstring has their signatures)."""
    check_supported(m)
    params = _params_c(m)
    dparams = params + [f"void* d{d.index}" for d in m.adjoints]
    lines = [
        "// Generated by cuad_torch: C entry points for ctypes.",
        f'#include "{generated_name}"',
        "#include <cuda_runtime.h>",
        "#include <cstddef>",
        "#include <cstdint>",
        "",
        "namespace {",
        "// A device address from Python, converted to whatever pointer the parameter is.",
        "struct cuad_torch_ptr {",
        "  void* p;",
        "  template <class T> operator T*() const { return static_cast<T*>(p); }",
        "};",
        "}  // namespace",
        "",
        'extern "C" const char* cuad_torch_error_string(int e) {',
        "  return cudaGetErrorString(static_cast<cudaError_t>(e));",
        "}",
        "",
    ]
    if m.is_kernel:
        head = [
            "int device",
            "unsigned gx",
            "unsigned gy",
            "unsigned gz",
            "unsigned bx",
            "unsigned by",
            "unsigned bz",
            "size_t shmem",
            "void* stream",
        ]
    else:
        head = ["int device", "void* stream"]
    # a returned value goes to the primal wrapper's last argument
    primal_params = params + (["void* ret"] if m.returns_value else [])
    for entry, extra, callee, args in (
        ("cuad_torch_primal", primal_params, m.primal_callee, _args_c(m)),
        ("cuad_torch_gradient", dparams, m.callee, _deriv_args_c(m)),
    ):
        sig = ", ".join(head + extra)
        call_args = ", ".join(args)
        lines.append(f'extern "C" int {entry}({sig}) {{')
        lines.append("  cudaGetLastError();  // clear an earlier error of this library")
        lines.append("  cudaError_t e = cudaSetDevice(device);")
        lines.append("  if (e != cudaSuccess) return static_cast<int>(e);")
        if m.is_kernel:
            smem = "shmem" if entry == "cuad_torch_primal" else "2 * shmem"
            lines.append(
                f"  {callee}<<<dim3(gx, gy, gz), dim3(bx, by, bz), {smem}, "
                f"static_cast<cudaStream_t>(stream)>>>({call_args});"
            )
            lines.append("  return static_cast<int>(cudaGetLastError());")
        else:
            lines.append("  cudaStream_t s = static_cast<cudaStream_t>(stream);")
            lines.append("  if (s != nullptr && (e = cudaStreamSynchronize(s)) != cudaSuccess)")
            lines.append("    return static_cast<int>(e);")
            if entry == "cuad_torch_primal" and m.returns_value:
                lines.append(f"  *static_cast<{m.return_type}*>(ret) = {callee}({call_args});")
            else:
                lines.append(f"  {callee}({call_args});")
            lines.append("  e = cudaGetLastError();")
            lines.append("  if (e == cudaSuccess && s != nullptr) e = cudaDeviceSynchronize();")
            lines.append("  return static_cast<int>(e);")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


def _head_argtypes(m: Manifest) -> list:
    if m.is_kernel:
        return [ctypes.c_int] + [ctypes.c_uint] * 6 + [ctypes.c_size_t, ctypes.c_void_p]
    return [ctypes.c_int, ctypes.c_void_p]


def _param_argtypes(m: Manifest) -> list:
    return _head_argtypes(m) + [ctypes.c_void_p if p.is_pointer else p.ctype for p in m.params]


def primal_argtypes(m: Manifest) -> list:
    """ctypes argument types of `cuad_torch_primal` (the address of the returned value last,
    for functions that return one)."""
    return _param_argtypes(m) + ([ctypes.c_void_p] if m.returns_value else [])


def gradient_argtypes(m: Manifest) -> list:
    """ctypes argument types of `cuad_torch_gradient`."""
    return _param_argtypes(m) + [ctypes.c_void_p] * len(m.adjoints)


def default_nvcc_args() -> List[str]:
    return ["-std=c++17", "-O3"]


def build(
    source,
    function: str,
    wrt: Optional[Sequence[str]] = None,
    *,
    cuad: Optional[str] = None,
    nvcc: Optional[str] = None,
    arch: str,
    include_dirs: Iterable[str] = (),
    defines: Iterable[str] = (),
    extra_cuad_args: Iterable[str] = (),
    extra_nvcc_args: Optional[Iterable[str]] = None,
    cache_dir: Optional[str] = None,
    verbose: bool = False,
) -> Tuple[Path, Manifest]:
    """Generates, wraps and compiles; returns (the library's path, the manifest).

    `arch` is nvcc's `-arch` value (`sm_90`). `defines` are `NAME` or `NAME=VALUE`, given to
    cuad and nvcc; `include_dirs` too (the source's own folder is always searched).
    """
    source = Path(source).resolve()
    if not source.is_file():
        raise CuadError(f"no such file: {source}")
    cuad_bin = find_cuad(cuad)
    nvcc_bin = find_nvcc(nvcc)
    includes = [str(Path(d).resolve()) for d in include_dirs]
    defs = list(defines)
    pp = [f"-I{d}" for d in includes] + [f"-D{d}" for d in defs]
    nvcc_extra = default_nvcc_args() if extra_nvcc_args is None else list(extra_nvcc_args)
    root = cache_root(cache_dir)
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root, prefix="tmp-") as tmp:
        tmp = Path(tmp)
        generated, m = run_cuad(
            cuad_bin, source, function, wrt, tmp, pp + list(extra_cuad_args)
        )
        wrapper = wrapper_source(m, "grad.cu")
        nvcc_cmd_tail = (
            ["-shared", "-Xcompiler", "-fPIC", f"-arch={arch}", f"-I{source.parent}"]
            + pp
            + nvcc_extra
        )
        key = hashlib.sha256()
        for part in [WRAPPER_VERSION, generated, wrapper, nvcc_bin, *nvcc_cmd_tail]:
            key.update(part.encode())
            key.update(b"\0")
        safe = "".join(c if c.isalnum() or c == "_" else "_" for c in m.name)[:40]
        final = root / f"{safe}-{key.hexdigest()[:20]}"
        lib = final / "libcuad_torch.so"
        if lib.is_file():
            return lib, m
        (tmp / "wrapper.cu").write_text(wrapper)
        cmd = [nvcc_bin, *nvcc_cmd_tail, str(tmp / "wrapper.cu"), "-o", str(tmp / "libcuad_torch.so")]
        if verbose:
            print("cuad_torch:", " ".join(cmd))
        _run(cmd, "nvcc", 900)
        final.mkdir(parents=True, exist_ok=True)
        for name in ("grad.cu", "wrapper.cu", "manifest.json"):
            shutil.copyfile(tmp / name, final / name)
        # Last, and atomically: a library in the cache is a complete one.
        os.replace(tmp / "libcuad_torch.so", lib)
    return lib, m
