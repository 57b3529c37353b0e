#!/usr/bin/env python3
"""Random CUDA programs for differential testing of cuad (see README.md in this folder).

`gen.py SEED OUTDIR [--float|--double] [--name NAME]` writes OUTDIR/NAME.cu (a kernel, its
helpers and two `// cuad:` lines: one `cuad grad` w.r.t. every real and pointer parameter, one
`cuad fwd`) and OUTDIR/NAME.driver.cu, a driver in the form of tests/grad/README.md that checks
the gradient (CUAD_OUTPUT 1) and the pushforward (CUAD_OUTPUT 2) against central finite
differences. The same seed always gives the same program.

Values stay bounded: inputs in [-1, 1], scalars in [0.5, 1.2], logs and roots of 1 + e*e,
exponentials of scaled arguments, loop bodies that contract. Non-smooth constructs (fabs,
fmin/fmax, ?:, if on data) switch at points the sampled data reaches with probability about
h per entry; in float that can make a rare finite difference straddle a switch, which run.py
separates from real failures by rerunning the same seed in double.
"""
import argparse
import os
import random


class Gen:
    def __init__(self, seed, precision=None, smooth=False):
        self.seed = seed
        # No switch points (fabs, fmin/fmax, ?:, if, break): float finite differences hold.
        self.smooth = smooth
        self.r = random.Random(seed)
        # The structure is drawn first; a forced precision must not change it.
        is_float = self.r.random() < 0.25
        if precision is not None:
            is_float = precision == "float"
        self.CT = "float" if is_float else "double"  # the concrete type (driver)
        self.T = self.CT  # its spelling in the program ("T" in templates)
        self.sfx = "f" if is_float else ""
        self.helpers = []  # (source, kind, name)
        self.uses_struct = False
        self.locals = []
        self.arrays = []  # local arrays
        self.tmp = 0

    # ------------------------------------------------------------ small pieces
    def lit(self, v):
        s = repr(round(v, 3))
        if "." not in s and "e" not in s:
            s += ".0"
        return s + self.sfx

    def fn(self, name):
        # CUDA spells the float versions with an `f` suffix.
        return name + self.sfx

    def coin(self, p):
        return self.r.random() < p

    # ------------------------------------------------------------ expressions
    def expr(self, leaves, depth):
        r = self.r
        if depth <= 0 or self.coin(0.25):
            if self.coin(0.15):
                return self.lit(r.uniform(-1.5, 1.5))
            return r.choice(leaves)
        d = depth - 1
        e = lambda: self.expr(leaves, d)  # noqa: E731
        kind = r.choice(
            ["add", "add", "sub", "mul", "mul", "div", "sin", "cos", "exp", "log", "sqrt",
             "tanh", "fabs", "fmin", "fmax", "pow", "rsqrt", "atan2", "erf", "ternary", "scale"]
        )
        if self.smooth and kind in ("fabs", "fmin", "fmax", "ternary"):
            kind = "tanh"
        if kind == "add":
            return f"({e()} + {e()})"
        if kind == "sub":
            return f"({e()} - {e()})"
        if kind == "mul":
            return f"({e()} * {e()})"
        if kind == "scale":
            return f"({self.lit(r.uniform(0.2, 0.9))} * {e()})"
        if kind == "div":
            a = e()
            return f"({e()} / ({self.lit(1.0)} + {a} * {a}))"
        if kind in ("sin", "cos", "tanh", "erf"):
            return f"{self.fn(kind)}({e()})"
        if kind == "exp":
            return f"{self.fn('exp')}({self.lit(r.uniform(0.2, 0.6))} * {self.fn('tanh')}({e()}))"
        if kind in ("log", "sqrt", "rsqrt"):
            a = e()
            return f"{self.fn(kind)}({self.lit(1.0)} + {a} * {a})"
        if kind == "fabs":
            return f"{self.fn('fabs')}({e()})"
        if kind in ("fmin", "fmax"):
            return f"{self.fn(kind)}({e()}, {e()})"
        if kind == "pow":
            a = e()
            return f"{self.fn('pow')}({self.lit(1.0)} + {a} * {a}, {self.lit(r.uniform(-1.5, 1.5))})"
        if kind == "atan2":
            a = e()
            return f"{self.fn('atan2')}({e()}, {self.lit(0.5)} + {a} * {a})"
        # ?: switches between two smooth branches.
        return f"({e()} > {self.lit(r.uniform(-0.5, 0.5))} ? {e()} : {e()})"

    def squashed(self, leaves, depth):
        """An expression whose value stays within a few units."""
        f = self.r.choice(["tanh", "sin", "erf", "none"])
        e = self.expr(leaves, depth)
        return e if f == "none" else f"{self.fn(f)}({e})"

    def bounded(self, leaves, depth):
        """Bounded by 1: repeated updates `r = bounded(r) + 0.5 * r` contract."""
        return f"{self.fn(self.r.choice(['tanh', 'sin', 'erf']))}({self.expr(leaves, depth)})"

    # ------------------------------------------------------------ helpers
    def make_helpers(self):
        r = self.r
        T = self.T
        count = r.choice([0, 1, 1, 2, 2])
        kinds = ["value", "ref", "ptr", "global", "retref", "early", "nested"]
        if not self.tmpl:
            # Struct helpers and methods (the struct is not a template).
            kinds += ["struct", "structref", "method", "mutmethod"]
        for h in range(count):
            kind = r.choice(kinds)
            if self.smooth and kind == "early":
                kind = "value"  # its `if (p > q) return` is a switch point
            if kind == "nested" and not (self.helpers and self.helpers[0][1] in ("value", "early")):
                kind = "value" if self.tmpl else "struct"
            name = f"h{h}_{kind}"
            if kind in ("method", "mutmethod"):
                self.uses_struct = True
                if kind == "method":
                    src = (f"__device__ {T} {name}({T} q) const {{\n"
                           f"  return {self.expr(['u', 'v', 'q'], 3)};\n}}\n")
                else:
                    src = (f"__device__ void {name}({T} q) {{\n"
                           f"  u = {self.lit(0.5)} * u + {self.bounded(['u', 'v', 'q'], 2)};\n"
                           f"  v = v * ({self.lit(0.8)} + {self.lit(0.2)} * {self.fn('tanh')}(u));\n}}\n")
                self.methods.append(src)
                self.helpers.append(("", kind, name))
                continue
            if kind == "value":
                body = self.expr(["p", "q", "p", "q"], 3)
                src = (f"__device__ {T} {name}({T} p, {T} q) {{\n"
                       f"  {T} s = {body};\n"
                       f"  return s * {self.lit(0.7)} + {self.squashed(['s', 'p', 'q'], 2)};\n}}\n")
            elif kind == "ref":
                src = (f"__device__ void {name}({T} p, {T}& r) {{\n"
                       f"  r = {self.bounded(['p', 'r', 'r'], 3)} + {self.lit(0.5)} * r;\n}}\n")
            elif kind == "ptr":
                src = (f"__device__ void {name}({T}* r, {T} p) {{\n"
                       f"  *r = {self.lit(0.6)} * *r + {self.bounded(['p', '(*r)'], 3)};\n}}\n")
            elif kind == "global":
                src = (f"__device__ {T} {name}(const {T}* v, int j, int n) {{\n"
                       f"  return {self.expr(['v[j]', 'v[(j + 1) % n]', 'v[j]'], 3)};\n}}\n")
            elif kind == "retref":
                # Returns a value and writes through a reference.
                src = (f"__device__ {T} {name}({T} p, {T}& r) {{\n"
                       f"  {T} old = r;\n"
                       f"  r = {self.squashed(['p', 'r', 'old'], 2)};\n"
                       f"  return old * p + {self.lit(0.3)} * r;\n}}\n")
            elif kind == "early":
                src = (f"__device__ {T} {name}({T} p, {T} q) {{\n"
                       f"  if (p > q) return {self.expr(['p', 'q'], 2)};\n"
                       f"  {T} s = {self.squashed(['p', 'q'], 2)};\n"
                       f"  return s * q;\n}}\n")
            elif kind == "structref":
                self.uses_struct = True
                src = (f"__device__ void {name}(P0& s, {T} q) {{\n"
                       f"  s.u = {self.squashed(['s.u', 's.v', 'q'], 2)};\n"
                       f"  s.v *= {self.lit(0.8)} + {self.lit(0.2)} * {self.fn('tanh')}(s.u);\n}}\n")
            elif kind == "nested":
                inner = self.helpers[0][2]
                src = (f"__device__ {T} {name}({T} p, {T} q) {{\n"
                       f"  {T} s = {inner}(q, p) * {self.lit(0.5)};\n"
                       f"  return {self.squashed(['s', 'p', 'q'], 2)} + {inner}(s, q);\n}}\n")
            else:
                kind, name = "struct", f"h{h}_struct"
                self.uses_struct = True
                src = (f"__device__ {T} {name}(P0 s, {T} q) {{\n"
                       f"  return {self.expr(['s.u', 's.v', 'q'], 3)};\n}}\n")
            if self.tmpl:
                src = "template <typename T>\n" + src
            self.helpers.append((src, kind, name))

    def helper_call(self, leaves):
        """A statement calling a random helper, or None."""
        if not self.helpers:
            return None
        _, kind, name = self.r.choice(self.helpers)
        t = self.r.choice(self.locals)
        e = self.expr(leaves, 2)
        if kind in ("value", "early", "nested"):
            return f"{t} = {name}({e}, {self.r.choice(leaves)});"
        if kind == "retref":
            # The callee writes u: nothing else in the statement may read u (the order of a
            # call and the other operands is unspecified in C++).
            others = [v for v in self.locals if v != t]
            if not others:
                return f"{name}({e}, {t});"
            u = self.r.choice(others)
            e = self.expr([x for x in leaves if x != u], 2)
            return f"{t} = {self.lit(0.5)} * {t} + {name}({e}, {u});"
        if kind == "structref":
            return f"{name}(p, {e});"
        if kind == "method":
            return f"{t} = {self.lit(0.5)} * {t} + p.{name}({e});"
        if kind == "mutmethod":
            return f"p.{name}({e});"
        if kind == "ref":
            return f"{name}({e}, {t});"
        if kind == "ptr":
            return f"{name}(&{t}, {e});"
        if kind == "global":
            x = self.r.choice(self.inputs)
            return f"{t} = {t} * {self.lit(0.5)} + {name}({x}, i, n);"
        return f"{t} = {name}(p, {e});"

    # ------------------------------------------------------------ statements
    def stmts(self, leaves, count, depth, ind, in_loop=None):
        out = []
        for _ in range(count):
            out += self.stmt(leaves, depth, ind, in_loop)
        return out

    def stmt(self, leaves, depth, ind, in_loop):
        r = self.r
        T = self.T
        pad = "  " * ind
        opts = ["assign", "assign", "compound", "call", "call"]
        if depth > 0:
            opts += ["loop", "loop", "array"] + ([] if self.smooth else ["if"])
        if self.uses_struct:
            opts.append("struct")
        if self.inplace:
            opts += ["inplace", "inplace"]
        if depth > 0 and self.coin(0.3):
            opts += ["while"] + ([] if self.smooth else ["break"])
        if self.scalars and self.coin(0.3):
            opts.append("scalar")
        kind = r.choice(opts)
        t = r.choice(self.locals)
        if kind == "assign":
            if in_loop:
                # Repeated: a value that grows each round overflows (and 0 * inf is NaN in
                # the adjoint of an overwritten, dead value).
                return [f"{pad}{t} = {self.bounded(leaves + [t, t], 3)};"]
            return [f"{pad}{t} = {self.squashed(leaves + [t, t], 3)};"]
        if kind == "compound":
            op = r.choice(["+=", "-=", "*="])
            if op == "*=":
                return [f"{pad}{t} *= {self.lit(0.8)} + {self.lit(0.2)} * {self.fn('tanh')}"
                        f"({self.expr(leaves, 2)});"]
            return [f"{pad}{t} {op} {self.lit(0.5)} * {self.squashed(leaves, 2)};"]
        if kind == "call":
            s = self.helper_call(leaves)
            if s:
                return [pad + s]
            if in_loop:
                return [f"{pad}{t} = {self.bounded(leaves + [t], 2)};"]
            return [f"{pad}{t} = {self.expr(leaves + [t], 2)};"]
        if kind == "inplace":
            y = r.choice(self.inplace)
            form = r.randint(0, 2)
            if form == 0:
                return [f"{pad}{y}[i] = {self.lit(0.5)} * {y}[i] + {self.squashed(leaves, 2)};"]
            if form == 1:
                return [f"{pad}{y}[i] += {self.lit(0.3)} * {self.squashed(leaves, 2)};"]
            return [f"{pad}{y}[i] *= {self.lit(0.8)} + {self.lit(0.2)} * "
                    f"{self.fn('sin')}({self.expr(leaves, 2)});"]
        if kind == "scalar":
            # A scalar parameter is the thread's own copy: overwriting it is well defined.
            a = r.choice(self.scalars)
            return [f"{pad}{a} = {self.lit(0.9)} * {a} + {self.lit(0.1)} * {self.bounded(leaves, 2)};"]
        if kind == "while":
            c = f"c{self.tmp}"
            self.tmp += 1
            lines = [f"{pad}int {c} = 0;", f"{pad}while ({c} < {r.choice(['2', '3'])}) {{",
                     f"{pad}  {t} = {self.lit(0.6)} * {t} + {self.squashed(leaves, 2)};"]
            lines += self.stmts(leaves, 1, depth - 1, ind + 1, c)
            lines += [f"{pad}  ++{c};", f"{pad}}}"]
            return lines
        if kind == "break":
            # Leaves a loop early on data (the counter is a kink nowhere: t moves smoothly).
            k = f"k{self.tmp}"
            self.tmp += 1
            return [f"{pad}for (int {k} = 0; {k} < 4; ++{k}) {{",
                    f"{pad}  if ({t} > {self.lit(r.uniform(0.5, 1.5))}) break;",
                    f"{pad}  {t} = {t} + {self.lit(0.25)} * {self.fn('exp')}"
                    f"({self.lit(0.3)} * {self.fn('tanh')}({self.expr(leaves, 1)}));",
                    f"{pad}}}"]
        if kind == "struct":
            f = r.choice(["u", "v"])
            return [f"{pad}p.{f} = {self.squashed(leaves + ['p.u', 'p.v'], 2)};",
                    f"{pad}{t} += {self.lit(0.3)} * p.{r.choice(['u', 'v'])};"]
        if kind == "if":
            cond = f"{self.expr(leaves, 2)} > {self.lit(r.uniform(-0.5, 0.5))}"
            lines = [f"{pad}if ({cond}) {{"]
            lines += self.stmts(leaves, r.randint(1, 2), depth - 1, ind + 1, in_loop)
            if self.coin(0.6):
                lines.append(f"{pad}}} else {{")
                lines += self.stmts(leaves, r.randint(1, 2), depth - 1, ind + 1, in_loop)
            lines.append(f"{pad}}}")
            return lines
        if kind == "loop":
            k = f"k{self.tmp}"
            self.tmp += 1
            trip = r.choice(["3", "4", "2"] + (["m", "m"] if self.has_m else []))
            inner = leaves + [f"{r.choice(self.inputs)}[(i + {k}) % n]",
                              f"({T}){k} * {self.lit(0.25)}"]
            # A loop that overwrites a local from its own value (taped in reverse mode).
            lines = [f"{pad}for (int {k} = 0; {k} < {trip}; ++{k}) {{",
                     f"{pad}  {t} = {t} * {self.lit(0.5)} * {r.choice(self.scalars or [self.lit(1.0)])}"
                     f" + {self.fn('sin')}({t}) * {self.lit(0.4)}"
                     f" + {self.lit(0.2)} * {self.expr(inner, 1)};"]
            if self.coin(0.6):
                lines += self.stmts(inner, r.randint(1, 2), depth - 1, ind + 1, k)
            lines.append(f"{pad}}}")
            return lines
        # A local array filled in a loop, read at constant and loop indices.
        a = f"arr{self.tmp}"
        k = f"k{self.tmp}"
        self.tmp += 1
        size = r.choice([3, 4, 5])
        inner = leaves + [f"({T}){k} * {self.lit(0.3)}", f"{r.choice(self.inputs)}[(i + {k}) % n]"]
        lines = [f"{pad}{T} {a}[{size}];",
                 f"{pad}for (int {k} = 0; {k} < {size}; ++{k}) {a}[{k}] = {self.squashed(inner, 2)};",
                 f"{pad}{a}[{r.randint(0, size - 1)}] *= {self.squashed(leaves, 1)};"]
        k2 = f"k{self.tmp}"
        self.tmp += 1
        lines.append(f"{pad}for (int {k2} = 1; {k2} < {size}; ++{k2}) {a}[{k2}] += {self.lit(0.5)} * "
                     f"{a}[{k2} - 1];")
        lines.append(f"{pad}{t} += {a}[{r.randint(0, size - 1)}] * {a}[{size - 1}];")
        return lines

    # ------------------------------------------------------------ the program
    # The kernel's shape: one thread per element (`if (i < n)`), a grid-stride loop, a 2-D
    # grid, a shared-memory tile with barriers, warp shuffles.
    SHAPES = ["elem", "elem", "elem", "stride", "stride", "grid2d", "grid2d", "tile", "tile",
              "tile", "shfl", "shfl", "shfl"]

    def generate(self, name):
        r = self.r
        self.shape = r.choice(self.SHAPES)
        self.tmpl = self.coin(0.2)  # a kernel template instantiated with --fn 'k<T>'
        if self.tmpl:
            self.T = "T"
        # Pointer-valued locals: `const T* px = x + i; px[0]`, row pointers in 2-D grids.
        self.ptrs = self.shape in ("elem", "stride", "grid2d") and self.coin(0.4)
        T = self.T
        self.inputs = [f"x{j}" for j in range(r.randint(1, 3))]
        self.inplace = ["y"] if self.coin(0.5) else []
        self.outputs = [f"out{j}" for j in range(r.randint(1, 2))]
        # An output summed by atomics from every thread (entries i % 4).
        self.atomic = "acc" if self.coin(0.25) else None
        if self.atomic:
            self.outputs.append(self.atomic)
        # One entry per block (tile) or per warp (shfl), written by its first thread.
        self.reduce = "red" if self.shape in ("tile", "shfl") and self.coin(0.6) else None
        if self.reduce:
            self.outputs.append(self.reduce)
        self.scalars = [s for s in ["a", "b"][: r.randint(0, 2)]]
        self.has_m = self.coin(0.5)
        self.methods = []
        self.make_helpers()
        if self.coin(0.3) and not self.tmpl:
            self.uses_struct = True
        self.block = r.choice([32, 64]) if self.shape in ("tile", "shfl") else 32
        self.stride_grid = r.randint(1, 3)
        # A host function that copies to device buffers, launches the kernel and a second one
        # (a state update) in a loop of steps, copies back and frees.
        self.host = self.shape != "grid2d" and self.coin(0.2)

        ints = [("h", "int"), ("w", "int")] if self.shape == "grid2d" else [("n", "int")]
        params = (ints + [(x, f"const {T}*") for x in self.inputs]
                  + [(y, f"{T}*") for y in self.inplace] + [(o, f"{T}*") for o in self.outputs]
                  + [(s, T) for s in self.scalars] + ([("m", "int")] if self.has_m else []))
        first = params[: len(ints)]
        rest = params[len(ints):]
        r.shuffle(rest)
        # n first or last.
        params = first + rest if self.coin(0.5) else rest + first
        self.params = params

        leaves = []
        self.pre = []  # pointer locals, declared where i is known
        for x in self.inputs:
            own = f"{x}[i]"
            if self.ptrs and self.coin(0.7):
                self.pre.append(f"    const {T}* p{x} = {x} + i;")
                own = r.choice([f"p{x}[0]", f"(*p{x})"])
            leaves += [own, own, f"{x}[(i + 1) % n]"]
            if self.shape == "grid2d":
                if self.ptrs and self.coin(0.6):
                    self.pre.append(f"    const {T}* r{x} = {x} + row * w;")
                    leaves += [f"r{x}[(col + 1) % w]", f"r{x}[col]"]
                else:
                    leaves.append(f"{x}[row * w + (col + 1) % w]")
                leaves.append(f"{x}[((row + 1) % h) * w + col]")
        leaves += [f"{y}[i]" for y in self.inplace]
        leaves += self.scalars
        self.locals = [f"t{j}" for j in range(r.randint(1, 3))]

        if self.shape == "tile":
            body = self.tile_kernel(leaves)
        elif self.shape == "shfl":
            body = self.shfl_kernel(leaves)
        else:
            body = self.wrap(self.pre + self.elem_body(leaves))

        wrt = [(k, p) for k, p in enumerate(params) if p[1] != "int"]
        fn = f"k<{self.CT}>" if self.tmpl else "k"
        if self.host:
            fn = "run"
        lines = [f"// cuad: --fn {fn} --wrt {','.join(p[0] for _, p in wrt)}",
                 f"// cuad: fwd --fn {fn}",
                 f"// Generated by scripts/fuzz/gen.py {self.seed} ({self.CT}, {self.shape})."]
        if self.uses_struct:
            members = "".join("\n" + "\n".join("  " + ln for ln in m.rstrip().splitlines())
                              for m in self.methods)
            lines.append(f"struct P0 {{\n  {T} u;\n  {T} v;{members}\n}};")
        for src, _, _ in self.helpers:
            if src:
                lines.append(src.rstrip())
        sig = ", ".join(f"{ty} {nm}" for nm, ty in params)
        if self.tmpl:
            lines.append("template <typename T>")
        lines.append(f"__global__ void k({sig}) {{")
        lines += body
        lines.append("}")
        if self.host:
            lines += self.host_function()
        source = "\n".join(lines) + "\n"
        grad_name = ("run" if self.host else "k") + "_grad_" + "_".join(str(k) for k, _ in wrt)
        return source, self.driver(name, grad_name)

    def elem_body(self, leaves):
        """One element's work (at indentation 4): locals, statements, the outputs."""
        r = self.r
        T = self.T
        body = []
        for t in self.locals:
            body.append(f"    {T} {t} = {self.squashed(leaves, 2)};")
        if self.uses_struct:
            body.append(f"    P0 p;")
            body.append(f"    p.u = {self.squashed(leaves, 2)};")
            body.append(f"    p.v = {self.squashed(leaves, 2)};")
        body += self.stmts(leaves + self.locals, r.randint(2, 5), 2, 2)
        final_leaves = leaves + self.locals * 2 + (["p.u", "p.v"] if self.uses_struct else [])
        for o in self.outputs:
            if o == self.reduce:
                continue
            if o == self.atomic:
                body.append(f"    atomicAdd(&{o}[i % 4], {self.squashed(final_leaves, 2)});")
                continue
            dst = f"{o}[i]"
            if self.ptrs and self.coin(0.5):
                body.append(f"    {T}* p{o} = {o} + i;")
                dst = r.choice([f"p{o}[0]", f"*p{o}"])
            body.append(f"    {dst} = {self.expr(final_leaves, 3)} + {r.choice(self.locals)};")
            if self.coin(0.3):
                body.append(f"    {dst} += {self.lit(0.5)} * {self.squashed(final_leaves, 2)};")
        if self.inplace and self.coin(0.5):
            body.append(f"    y[i] = y[i] * {r.choice(self.locals)};")
        return body

    def wrap(self, body):
        """Elements to threads: `if (i < n)`, a grid-stride loop or a 2-D grid."""
        if self.shape == "stride":
            if self.coin(0.5):
                return (["  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;"
                         " i += blockDim.x * gridDim.x) {"] + body + ["  }"])
            return (["  const int stride = blockDim.x * gridDim.x;",
                     "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
                     "  while (i < n) {"] + body + ["    i += stride;", "  }"])
        if self.shape == "grid2d":
            return (["  int col = blockIdx.x * blockDim.x + threadIdx.x;",
                     "  int row = blockIdx.y * blockDim.y + threadIdx.y;",
                     "  const int n = h * w;",
                     "  if (row < h && col < w) {",
                     "    int i = row * w + col;"] + body + ["  }"])
        return (["  int i = blockIdx.x * blockDim.x + threadIdx.x;", "  if (i < n) {"] + body
                + ["  }"])

    def guarded(self, var, e):
        """`T var = value of element i, or 0 past the end` (barriers need every thread)."""
        T = self.T
        if self.coin(0.5):
            return [f"  {T} {var} = i < n ? {e} : {self.lit(0.0)};"]
        return [f"  {T} {var} = {self.lit(0.0)};", f"  if (i < n) {var} = {e};"]

    def tile_kernel(self, leaves):
        """A block loads a tile of shared memory, reads neighbours after a barrier, updates it
        in place between barriers, and optionally reduces a tree in shared memory."""
        r = self.r
        T = self.T
        B = self.block
        tiles = ["s0"] + (["s1"] if self.coin(0.4) else [])
        L = [f"  __shared__ {T} {s}[{B}];" for s in tiles]
        buf = None
        if self.reduce:
            buf = "buf" if self.coin(0.5) else tiles[0]
            if buf == "buf":
                L.append(f"  __shared__ {T} buf[{B}];")
        L += ["  int t = threadIdx.x;", "  int i = blockIdx.x * blockDim.x + t;"]
        own = [f"{x}[i]" for x in self.inputs] + self.scalars
        for s in tiles:
            e = self.squashed(own, 2)
            form = r.randint(0, 2)
            if form == 0:
                L += [f"  if (i < n) {s}[t] = {e};", f"  else {s}[t] = {self.lit(0.0)};"]
            elif form == 1:
                L.append(f"  {s}[t] = i < n ? {e} : {self.lit(0.0)};")
            else:
                L += [f"  {s}[t] = {self.lit(0.0)};", f"  if (i < n) {s}[t] = {e};"]
        L.append("  __syncthreads();")

        def tleaves():
            out = []
            for s in tiles:
                k = r.randint(1, B - 1)
                out += [f"{s}[t]", f"{s}[t]", f"{s}[(t + {k}) % blockDim.x]",
                        f"(t > 0 ? {s}[t - 1] : {s}[t])", f"{s}[blockDim.x - 1 - t]",
                        f"(t + 1 < blockDim.x ? {s}[t + 1] : {self.lit(0.5)})"]
            return out + self.scalars

        for j in range(r.choice([0, 0, 1, 2])):
            s = r.choice(tiles)
            # Sometimes repeated in a loop (the reverse pass needs every round's tile).
            loop = self.coin(0.4)
            pad = "    " if loop else "  "
            if loop:
                L.append(f"  for (int r{j} = 0; r{j} < {r.choice(['2', '3'] + (['m'] if self.has_m else []))};"
                         f" ++r{j}) {{")
            if self.coin(0.6):
                # Read neighbours, barrier, write: no thread reads a changed entry early.
                L.append(f"{pad}{T} v{j} = {self.bounded(tleaves(), 2)};")
                L.append(f"{pad}__syncthreads();")
                L.append(f"{pad}{s}[t] = {self.lit(0.5)} * {s}[t] + v{j};")
            else:
                L.append(f"{pad}{s}[t] = {self.lit(0.5)} * {s}[t] + "
                         f"{self.bounded([f'{s}[t]', f'{s}[t]'] + self.scalars, 2)};")
            L.append(f"{pad}__syncthreads();")
            if loop:
                L.append("  }")
        L.append("  if (i < n) {")
        L += self.elem_body(leaves + tleaves())
        L.append("  }")
        if self.reduce:
            L += self.guarded("rv", self.squashed(leaves + tleaves(), 2))
            if buf != "buf":
                L.append("  __syncthreads();")  # every thread is done reading the tile
            L.append(f"  {buf}[t] = rv;")
            L.append("  __syncthreads();")
            op = r.choice([f"{buf}[t] += {buf}[t + st];", f"{buf}[t] = {buf}[t] + {buf}[t + st];",
                           f"{buf}[t] += {self.lit(0.5)} * {self.fn('sin')}({buf}[t + st]);"])
            L.append(f"  for (int st = blockDim.x / 2; st > 0; {r.choice(['st >>= 1', 'st /= 2'])})"
                     " {")
            L.append(f"    if (t < st) {op}")
            L.append("    __syncthreads();")
            L.append("  }")
            val = f"{buf}[0]" if self.coin(0.5) else self.squashed([f"{buf}[0]"], 1)
            L.append(f"  if (t == 0) {self.reduce}[blockIdx.x] = {val};")
        return L

    def shfl_kernel(self, leaves):
        """Warp shuffles with the whole warp active: butterfly (xor) and down reductions,
        neighbour exchanges; stores only for i < n."""
        r = self.r
        T = self.T
        lane = r.choice(["threadIdx.x % 32", "threadIdx.x & 31"])
        L = ["  int i = blockIdx.x * blockDim.x + threadIdx.x;", f"  int lane = {lane};"]
        own = [f"{x}[i]" for x in self.inputs] + self.scalars
        L += self.guarded("v", self.squashed(own, 2))
        extra = ["v", "v"]
        full = "0xffffffff"
        for j in range(r.randint(1, 2)):
            kind = r.choice(["xor", "xor", "down", "down", "nb"])
            if kind == "nb":
                sh = r.choice([f"__shfl_down_sync({full}, v, 1)",
                               f"__shfl_up_sync({full}, v, {r.randint(1, 3)})",
                               f"__shfl_sync({full}, v, (lane + 1) % 32)",
                               f"__shfl_sync({full}, v, 0)",
                               f"__shfl_xor_sync({full}, v, 1)"])
                L.append(f"  {T} u{j} = {sh};")
                extra.append(f"u{j}")
                continue
            width = r.choice([32, 32, 16, 8])
            wa = "" if width == 32 else f", {width}"
            sh = f"__shfl_{kind}_sync({full}, v, off{wa})"
            comb = r.choice([f"v += {sh};", f"v = v + {sh};", f"v = {self.lit(0.5)} * (v + {sh});",
                             f"v += {self.lit(0.5)} * {self.fn('tanh')}({sh});"])
            step = r.choice(["off >>= 1", "off /= 2"])
            L.append(f"  for (int off = {width // 2}; off > 0; {step}) {comb}")
            if "0.5" not in comb:
                # A sum of up to `width` lanes: back to the scale of one (finite differences
                # of a large loss lose digits).
                L.append(f"  v *= {self.lit(1.0 / width)};")
        L.append("  if (i < n) {")
        L += self.elem_body(leaves + extra)
        L.append("  }")
        if self.reduce:
            val = "v" if self.coin(0.5) else self.squashed(extra, 1)
            L.append(f"  if (lane == 0) {self.reduce}[i / 32] = {val};")
        return L

    def grid(self):
        """The kernel's grid as an expression of n (not for 2-D grids)."""
        if self.shape == "stride":
            return str(self.stride_grid)
        return f"(n + {self.block - 1}) / {self.block}"

    def host_function(self):
        r = self.r
        CT = self.CT
        u, v = self.inputs[0], self.outputs[0]
        e = self.bounded([f"u[i]", f"u[(i + 1) % n]", "v[i]"], 2)
        L = [f"__global__ void k2(int n, const {CT}* u, {CT}* v) {{",
             "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
             f"  if (i < n) v[i] = {self.lit(0.5)} * v[i] + {self.lit(0.5)} * {e};",
             "}"]
        sig = ", ".join(f"{ty.replace('T', CT) if ty != 'int' and self.tmpl else ty} {nm}"
                        for nm, ty in self.params)
        L.append(f"void run({sig}, int steps) {{")
        nr = (f"(n + {self.block - 1}) / {self.block}" if self.shape == "tile" else
              f"(n + {self.block - 1}) / {self.block} * {self.block // 32}")
        arrays = self.inputs + self.inplace + self.outputs
        size = {o: "nr" for o in [self.reduce] if o}
        if self.reduce:
            L.append(f"  const int nr = {nr};")
        for a in arrays:
            L.append(f"  {CT}* d_{a};")
            L.append(f"  cudaMalloc(&d_{a}, {size.get(a, 'n')} * sizeof({CT}));")
        for a in arrays:
            if a in self.outputs:
                L.append(f"  cudaMemset(d_{a}, 0, {size.get(a, 'n')} * sizeof({CT}));")
            else:
                L.append(f"  cudaMemcpy(d_{a}, {a}, n * sizeof({CT}), cudaMemcpyHostToDevice);")
        kname = f"k<{CT}>" if self.tmpl else "k"
        args = ", ".join(f"d_{nm}" if nm in arrays else nm for nm, _ in self.params)
        L.append(f"  for (int s = 0; s < steps; ++s) {{")
        L.append(f"    {kname}<<<{self.grid()}, {self.block}>>>({args});")
        # The next step reads the state the kernel left: the input moves towards the output.
        L.append(f"    k2<<<(n + 31) / 32, 32>>>(n, d_{v}, d_{u});")
        L.append("  }")
        for a in self.inplace + self.outputs:
            L.append(f"  cudaMemcpy({a}, d_{a}, {size.get(a, 'n')} * sizeof({CT}), "
                     "cudaMemcpyDeviceToHost);")
        for a in arrays:
            L.append(f"  cudaFree(d_{a});")
        L.append("}")
        return L

    def checks_then_directions(self, L, T, arrays, size, r, array_adj, scalar_adj):
        """The adjoint checks against finite differences, then (forward mode, after #else)
        the random tangent direction of every input; `array_adj`/`scalar_adj` format a
        parameter's adjoint as the driver holds it."""
        for x in arrays:
            L.append(f'  compare(check, "{x}", {array_adj.format(x)}, fd({x}, loss));')
        for s in self.scalars:
            L.append(f'  compare(check, "{s}", std::vector<{T}>{{{scalar_adj.format(s)}}}, '
                     f"std::vector<double>{{fd({s}, loss)}});")
        L.append("#else")
        for x in arrays:
            L.append(f"  std::vector<{T}> v_{x} = rng.vec<{T}>({size.get(x, 'n')});")
        for s in self.scalars:
            L.append(f"  {T} v_{s} = {self.lit(r.uniform(-1, 1))};")

    def host_driver(self, name, grad_name, dims, size):
        """Host memory in and out: `run(...)` and its gradient and pushforward."""
        r = self.r
        T = self.CT
        arrays = self.inputs + self.inplace + self.outputs
        outs = self.inplace + self.outputs
        L = [f"  const int steps = {r.randint(1, 3)};"]
        for x in arrays:
            L.append(f"  std::vector<{T}> {x} = rng.vec<{T}>({size.get(x, 'n')});")
        for s in self.scalars:
            L.append(f"  {T} {s} = {self.lit(r.uniform(0.5, 1.2))};")

        def call(fn, prefix, extra, scalar_sub=None):
            out = []
            for nm, ty in self.params:
                if ty == "int":
                    out.append(nm)
                elif nm in self.scalars:
                    out.append(scalar_sub(nm) if scalar_sub else nm)
                else:
                    out.append(f"{prefix}{nm}.data()")
            return f"{fn}({', '.join(out + ['steps'] + extra)})"

        copies = "; ".join(f"std::vector<{T}> c_{x} = {x}" for x in arrays) + ";"
        L.append("#if CUAD_OUTPUT == 1")
        for o in outs:
            L.append(f"  std::vector<{T}> w_{o} = rng.vec<{T}>({size.get(o, 'n')});")
        L.append("  auto loss = [&] {")
        L.append(f"    {copies}")
        L.append(f"    {call('run', 'c_', [])};")
        L.append("    return " + " + ".join(f"dot(w_{o}, c_{o})" for o in outs) + ";")
        L.append("  };")
        L.append(f"  {copies}")
        for x in arrays:
            seed = f"w_{x}" if x in outs else f"zeros<{T}>({size.get(x, 'n')})"
            L.append(f"  std::vector<{T}> a_{x} = {seed};")
        for s in self.scalars:
            L.append(f"  {T} a_{s} = 0;")
        adj = [f"&a_{nm}" if nm in self.scalars else f"a_{nm}.data()"
               for nm, ty in self.params if ty != "int"]
        L.append(f"  CUAD_GRAD({call(grad_name, 'c_', adj)});")
        self.checks_then_directions(L, T, arrays, size, r, "a_{}", "a_{}")
        L.append("  auto outputs_at = [&](double t) {")
        L.append("    " + "; ".join(f"std::vector<{T}> c_{x} = along({x}, t, v_{x})"
                                    for x in arrays) + ";")
        L.append(f"    {call('run', 'c_', [], lambda s: f'along({s}, t, v_{s})')};")
        L.append("    std::vector<double> all;")
        for o in outs:
            L.append(f"    for (auto v : c_{o}) all.push_back(v);")
        L.append("    return all;")
        L.append("  };")
        L.append(f"  {copies}")
        for x in arrays:
            L.append(f"  std::vector<{T}> t_{x} = v_{x};")
        tan = [f"v_{nm}" if nm in self.scalars else f"t_{nm}.data()"
               for nm, ty in self.params if ty != "int"]
        L.append(f"  CUAD_GRAD({call('run_pushforward', 'c_', tan)});")
        L.append("  std::vector<double> tangents;")
        for o in outs:
            L.append(f"  for (auto v : t_{o}) tangents.push_back(v);")
        L.append(f"  compare(check, \"outputs\", tangents, directional_fd<{T}>(outputs_at), "
                 f"default_tol<{T}>());")
        L.append("#endif")
        return L

    def driver(self, name, grad_name):
        r = self.r
        T = self.CT
        m = r.randint(2, 4)
        dseed = r.randint(1, 10**6)
        B = self.block
        if self.shape == "grid2d":
            bx, by = r.choice([(8, 4), (16, 2), (4, 8), (16, 4), (32, 1)])
            h, w = r.randint(3, 12), r.randint(5, 20)
            dims = [f"  const int h = {h};", f"  const int w = {w};", "  const int n = h * w;",
                    f"  const dim3 grid((w + {bx - 1}) / {bx}, (h + {by - 1}) / {by});",
                    f"  const dim3 block({bx}, {by});"]
        elif self.shape == "stride":
            # Fewer threads than elements: each thread takes several.
            g = self.stride_grid
            dims = [f"  const int n = {r.randint(g * 32 + 1, g * 32 + 120)};",
                    f"  const dim3 grid({g});", "  const dim3 block(32);"]
        else:
            dims = [f"  const int n = {r.randint(33, 150 if B == 64 else 90)};",
                    f"  const dim3 grid((n + {B - 1}) / {B});", f"  const dim3 block({B});"]
        # Reductions: one entry per block (tile) or per warp (shfl).
        dims.append("  const int nr = " + ("grid.x;" if self.shape == "tile" else
                                           f"grid.x * {B // 32};"))
        size = {o: ("nr" if o == self.reduce else "n") for o in self.outputs}
        kname = f"k<{T}>" if self.tmpl else "k"
        targs = f"<{T}>" if self.tmpl else ""
        arrays = self.inputs + self.inplace + self.outputs
        outs = self.inplace + self.outputs  # what the loss reads
        # Random programs may sit on a kink: the finite differences are not checked themselves.
        L = ["#include CUAD_GENERATED", "#define CUAD_FD_CHECKS 0", '#include "cuad_test.h"',
             "#include <algorithm>",
             "using namespace cuad_test;", "",
             "// Largest relative difference seen (entries above the absolute tolerance).",
             "static double max_rel = 0.0;",
             "template <class T>",
             "void compare(Checker& check, const char* label, const std::vector<T>& ad,",
             "             const std::vector<double>& fd, Tol tol = default_tol<T>()) {",
             "  check.array(label, ad, fd, tol);",
             "  for (size_t j = 0; j < ad.size() && j < fd.size(); ++j) {",
             "    const double a = static_cast<double>(ad[j]);",
             "    const double s = std::max(std::fabs(a), std::fabs(fd[j]));",
             "    if (s > tol.atol) max_rel = std::max(max_rel, std::fabs(a - fd[j]) / s);",
             "    if (!std::isfinite(a)) max_rel = INFINITY;",
             "  }",
             "}", "",
             "int main() {",
             f'  Checker check("{name}");'] + dims + [
             f"  const int m = {m};",
             "  (void)m;",
             "  (void)nr;",
             f"  Rng rng({dseed});"]
        if self.host:
            L += self.host_driver(name, grad_name, dims, size)
            L.append('  std::printf("MAXREL %.3e\\n", max_rel);')
            L.append("  return check.finish();")
            L.append("}")
            return "\n".join(L) + "\n"
        for x in arrays:
            L.append(f"  std::vector<{T}> {x} = rng.vec<{T}>({size.get(x, 'n')});")
        for s in self.scalars:
            L.append(f"  {T} {s} = {self.lit(r.uniform(0.5, 1.2))};")

        def args(prefix, scalar_sub=None):
            out = []
            for nm, ty in self.params:
                if ty == "int":
                    out.append(nm)
                elif nm in self.scalars:
                    out.append(scalar_sub(nm) if scalar_sub else nm)
                else:
                    out.append(f"{prefix}{nm}.ptr")
            return ", ".join(out)

        L.append("#if CUAD_OUTPUT == 1")
        for o in outs:
            L.append(f"  std::vector<{T}> w_{o} = rng.vec<{T}>({size.get(o, 'n')});")
        L.append("  auto loss = [&] {")
        L.append("    " + "; ".join(f"DeviceArray<{T}> d_{x}({x})" for x in arrays) + ";")
        L.append(f"    CUAD_LAUNCH({kname}, grid, block, {args('d_')});")
        L.append("    return " + " + ".join(f"dot(w_{o}, d_{o}.get())" for o in outs) + ";")
        L.append("  };")
        for x in arrays:
            seed = f"w_{x}" if x in outs else f"zeros<{T}>(n)"
            L.append(f"  DeviceArray<{T}> d_{x}({x}), a_{x}({seed});")
        for s in self.scalars:
            L.append(f"  DeviceScalar<{T}> a_{s}(0);")
        adj = []
        for nm, ty in self.params:
            if ty != "int":
                adj.append(f"a_{nm}.ptr")
        L.append(f"  CUAD_GRAD(CUAD_LAUNCH({grad_name}{targs}, grid, block, {args('d_')},")
        L.append(f"                        {', '.join(adj)}));")
        self.checks_then_directions(L, T, arrays, size, r, "a_{}.get()", "a_{}.value()")
        L.append("  auto outputs_at = [&](double t) {")
        L.append("    " + "; ".join(f"DeviceArray<{T}> d_{x}(along({x}, t, v_{x}))" for x in arrays)
                 + ";")
        L.append(f"    CUAD_LAUNCH({kname}, grid, block, "
                 f"{args('d_', lambda s: f'along({s}, t, v_{s})')});")
        L.append("    std::vector<double> all;")
        for o in outs:
            L.append(f"    for (auto v : d_{o}.get()) all.push_back(v);")
        L.append("    return all;")
        L.append("  };")
        for x in arrays:
            L.append(f"  DeviceArray<{T}> d_{x}({x}), t_{x}(v_{x});")
        tan = []
        for nm, ty in self.params:
            if ty != "int":
                tan.append(f"v_{nm}" if nm in self.scalars else f"t_{nm}.ptr")
        L.append(f"  CUAD_GRAD(CUAD_LAUNCH(k_pushforward{targs}, grid, block, {args('d_')},")
        L.append(f"                        {', '.join(tan)}));")
        L.append("  std::vector<double> tangents;")
        for o in outs:
            L.append(f"  for (auto v : t_{o}.get()) tangents.push_back(v);")
        L.append(f"  compare(check, \"outputs\", tangents, directional_fd<{T}>(outputs_at), "
                 f"default_tol<{T}>());")
        L.append("#endif")
        L.append('  std::printf("MAXREL %.3e\\n", max_rel);')
        L.append("  return check.finish();")
        L.append("}")
        return "\n".join(L) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("outdir")
    ap.add_argument("--name", default=None)
    ap.add_argument("--smooth", action="store_true", help="no fabs, fmin/fmax, ?:, if, break")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--float", dest="precision", action="store_const", const="float")
    g.add_argument("--double", dest="precision", action="store_const", const="double")
    a = ap.parse_args()
    name = a.name or f"fuzz_{a.seed}"
    src, drv = Gen(a.seed, a.precision, a.smooth).generate(name)
    os.makedirs(a.outdir, exist_ok=True)
    with open(os.path.join(a.outdir, name + ".cu"), "w") as f:
        f.write(src)
    with open(os.path.join(a.outdir, name + ".driver.cu"), "w") as f:
        f.write(drv)


if __name__ == "__main__":
    main()
