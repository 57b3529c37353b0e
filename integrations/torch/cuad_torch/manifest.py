"""The manifest `cuad grad --manifest` writes, read into plain objects (no torch needed).

Format: crates/cli/src/manifest.rs. This module also knows the C types the bindings can pass:
their ctypes types and torch dtypes (by name, so it imports neither torch nor CUDA).
"""

import ctypes
import json
from dataclasses import dataclass
from typing import List, Optional


class CuadError(Exception):
    """cuad, nvcc or a call of a loaded function failed, or was given the wrong arguments."""


# C scalar type (as cuad prints it, typedefs resolved) -> ctypes type.
_CTYPES = {
    "float": ctypes.c_float,
    "double": ctypes.c_double,
    "bool": ctypes.c_bool,
    "char": ctypes.c_char,
    "signed char": ctypes.c_byte,
    "unsigned char": ctypes.c_ubyte,
    "short": ctypes.c_short,
    "short int": ctypes.c_short,
    "unsigned short": ctypes.c_ushort,
    "unsigned short int": ctypes.c_ushort,
    "int": ctypes.c_int,
    "signed": ctypes.c_int,
    "signed int": ctypes.c_int,
    "unsigned": ctypes.c_uint,
    "unsigned int": ctypes.c_uint,
    "long": ctypes.c_long,
    "long int": ctypes.c_long,
    "unsigned long": ctypes.c_ulong,
    "unsigned long int": ctypes.c_ulong,
    "long long": ctypes.c_longlong,
    "long long int": ctypes.c_longlong,
    "unsigned long long": ctypes.c_ulonglong,
    "unsigned long long int": ctypes.c_ulonglong,
    "size_t": ctypes.c_size_t,
    "ptrdiff_t": ctypes.c_ssize_t,
    "ssize_t": ctypes.c_ssize_t,
    "intptr_t": ctypes.c_ssize_t,
    "uintptr_t": ctypes.c_size_t,
    "int8_t": ctypes.c_int8,
    "int16_t": ctypes.c_int16,
    "int32_t": ctypes.c_int32,
    "int64_t": ctypes.c_int64,
    "uint8_t": ctypes.c_uint8,
    "uint16_t": ctypes.c_uint16,
    "uint32_t": ctypes.c_uint32,
    "uint64_t": ctypes.c_uint64,
}

# Element type of a pointer parameter -> the torch dtype's name (`torch.<name>`).
_DTYPES = {
    "float": "float32",
    "double": "float64",
    "__half": "float16",
    "half": "float16",
    "__nv_bfloat16": "bfloat16",
    "bool": "bool",
    "signed char": "int8",
    "int8_t": "int8",
    "char": "int8",
    "unsigned char": "uint8",
    "uint8_t": "uint8",
    "short": "int16",
    "short int": "int16",
    "int16_t": "int16",
    "int": "int32",
    "signed": "int32",
    "signed int": "int32",
    "int32_t": "int32",
    "unsigned": "uint32",
    "unsigned int": "uint32",
    "uint32_t": "uint32",
    "long long": "int64",
    "long long int": "int64",
    "int64_t": "int64",
    "unsigned long long": "uint64",
    "uint64_t": "uint64",
}
# `long` is 64-bit on the 64-bit Unix systems CUDA runs on (LP64), 32-bit on Windows.
_DTYPES.update(
    {
        k: ("int64" if ctypes.sizeof(ctypes.c_long) == 8 else "int32")
        for k in ("long", "long int")
    }
)
_DTYPES.update(
    {
        k: ("int64" if ctypes.sizeof(ctypes.c_size_t) == 8 else "int32")
        for k in ("size_t", "ptrdiff_t", "ssize_t", "intptr_t")
    }
)

_REALS = {"float", "double", "__half", "half", "__nv_bfloat16", "long double"}


@dataclass
class Param:
    """A parameter of the primal."""

    index: int
    name: str
    type: str
    category: str  # pointer | scalar | struct | other
    element: Optional[str]
    const: bool
    reads: Optional[bool] = None  # pointers only
    writes: Optional[bool] = None

    @property
    def is_pointer(self) -> bool:
        return self.category == "pointer"

    @property
    def is_scalar(self) -> bool:
        return self.category == "scalar"

    @property
    def is_real(self) -> bool:
        return self.element in _REALS

    @property
    def dtype_name(self) -> Optional[str]:
        """`torch.<dtype_name>` is the dtype a tensor for this pointer must have."""
        return _DTYPES.get(self.element or "")

    @property
    def ctype(self):
        """The ctypes type of a scalar parameter (None when ctypes has none)."""
        return _CTYPES.get(self.element or "")


@dataclass
class DerivParam:
    """A parameter of the generated function."""

    index: int
    name: str
    type: str
    role: str  # primal | adjoint | tangent
    primal: Optional[int]


@dataclass
class Manifest:
    mode: str  # grad | fwd
    name: str
    qualified_name: str
    template_args: Optional[str]
    kind: str  # kernel | host | device
    return_type: str
    params: List[Param]
    derivative_name: str
    callee: str  # the generated function as called: qualified, with template arguments
    derivative_params: List[DerivParam]

    @property
    def primal_callee(self) -> str:
        if self.template_args is not None:
            return f"{self.qualified_name}<{self.template_args}>"
        return self.qualified_name

    @property
    def is_kernel(self) -> bool:
        return self.kind == "kernel"

    @property
    def returns_value(self) -> bool:
        return self.return_type != "void"

    @property
    def return_ctype(self):
        """The ctypes type of the returned value (None when ctypes has none)."""
        return _CTYPES.get(self.return_type)

    @property
    def return_dtype_name(self) -> Optional[str]:
        return _DTYPES.get(self.return_type)

    def adjoint_of(self, k: int) -> Optional[DerivParam]:
        """The generated function's derivative parameter for primal parameter `k`."""
        for d in self.derivative_params:
            if d.role != "primal" and d.primal == k:
                return d
        return None

    @property
    def adjoints(self) -> List[DerivParam]:
        return [d for d in self.derivative_params if d.role != "primal"]

    def outputs(self) -> List[Param]:
        """Pointer parameters the function writes through, in parameter order."""
        return [p for p in self.params if p.is_pointer and p.writes]


def parse(text: str) -> Manifest:
    """A manifest from its JSON text; CuadError when it is not one cuad writes."""
    try:
        m = json.loads(text)
        if m.get("version") != 1:
            raise CuadError(f"unsupported manifest version {m.get('version')!r}")
        pr, dv = m["primal"], m["derivative"]
        params = [
            Param(
                index=p["index"],
                name=p["name"] or f"arg{p['index']}",
                type=p["type"],
                category=p["category"],
                element=p["element"],
                const=p["const"],
                reads=p.get("reads"),
                writes=p.get("writes"),
            )
            for p in pr["params"]
        ]
        dparams = [
            DerivParam(
                index=d["index"],
                name=d["name"],
                type=d["type"],
                role=d["role"],
                primal=d["primal"],
            )
            for d in dv["params"]
        ]
        return Manifest(
            mode=m["mode"],
            name=pr["name"],
            qualified_name=pr["qualified_name"],
            template_args=pr["template_args"],
            kind=pr["kind"],
            return_type=pr["return_type"],
            params=params,
            derivative_name=dv["name"],
            callee=dv["callee"],
            derivative_params=dparams,
        )
    except (KeyError, TypeError, ValueError) as e:
        raise CuadError(f"malformed cuad manifest: {e}") from e
