#!/usr/bin/env python3
"""Differential random testing of cuad: generated programs' gradients and pushforwards against
central finite differences (see README.md in this folder).

  python3 scripts/fuzz/run.py --seeds 0-199 [--jobs 2] [--cuad PATH] [--nvcc]

For every seed, gen.py writes a program and its driver; each `// cuad:` line of the program is
run through cuad (output 1: `cuad grad`, output 2: `cuad fwd`), and the driver is compiled with
the output for the CPU exactly as crates/cli/tests/numeric.rs does it (g++, include/cuad_cpu.h
force-included, `__shared__` locals made per block), then run. One line per seed and mode:
PASS/FAIL with the largest relative difference between derivative and finite difference,
REFUSED (a cuad diagnostic), or a stage that broke (cuad-panic, g++, run). Failing programs,
outputs and logs are copied to --fail-dir. A float program that fails is rerun as the same
program in double: FLOAT-FD when that passes (a finite difference in float straddling a switch
point, or float rounding), otherwise a failure. Exit status 1 when anything failed.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import gen  # noqa: E402

CXX_FLAGS = ["-std=c++17", "-O1", "-pthread"]
SHIMS = ["cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h",
         "device_functions.h", "math_functions.h", "cooperative_groups.h",
         "cooperative_groups/reduce.h", "cuComplex.h"]


def parse_seeds(spec):
    seeds = []
    for part in spec.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            seeds += range(int(lo), int(hi) + 1)
        elif part:
            seeds.append(int(part))
    return seeds


def find_cuad():
    for d in [os.environ.get("CARGO_TARGET_DIR"), os.path.join(ROOT, "target")]:
        if d and os.path.exists(os.path.join(d, "release", "cuad")):
            return os.path.join(d, "release", "cuad")
    sys.exit("no cuad binary: build it (cargo build --release -p cuad) or pass --cuad")


def run(cmd, cwd=None, timeout=120, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 124, f"timeout after {timeout} s: {' '.join(cmd)}"


# ------------------------------------------------------------ the CPU rewrite of numeric.rs
def code_mask(text):
    """True for every character that is code (not a comment or a string/char literal)."""
    mask = [True] * len(text)
    i = 0
    while i < len(text):
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = len(text) if end < 0 else end + 2
        elif c == '"' or (c == "'" and (i == 0 or not text[i - 1].isalnum())):
            end = i + 1
            while end < len(text) and text[end] not in (c, "\n"):
                end += 2 if text[end] == "\\" else 1
            end += 1
        else:
            i += 1
            continue
        for j in range(i, min(end, len(text))):
            mask[j] = False
        i = end
    return mask


def rewrite_shared(text):
    """`__shared__ T name[N];` inside a function -> the current block's instance."""
    mask = code_mask(text)
    depth, d = [], 0
    for ch, is_code in zip(text, mask):
        depth.append(d)
        if is_code and ch == "{":
            d += 1
        elif is_code and ch == "}":
            d = max(0, d - 1)
    out, copied, ident = [], 0, 0
    for mt in re.finditer(r"\b__shared__\b", text):
        at = mt.start()
        if not mask[at] or depth[at] == 0 or at < copied:
            continue
        semi = text.find(";", mt.end())
        decl = text[mt.end():semi]
        outside = re.sub(r"\[[^\]]*\]", "", decl)
        if any(c in outside for c in ",=(") and "__align__" not in decl:
            continue
        decl = re.sub(r"__align__\s*\([^)]*\)", " ", decl)
        head = decl.split("[")[0].rstrip()
        name = re.search(r"[A-Za-z_]\w*$", head).group(0)
        alias = f"cuad_shared_t{ident}"
        typedef = " ".join(re.sub(rf"\b{name}\b", alias, decl).split())
        before = text[copied:at]
        kept = before.rstrip()
        if kept.endswith("static") and not re.search(r"\wstatic$", kept):
            before = kept[: -len("static")]
        out.append(before)
        out.append(f"typedef {typedef}; {alias}& {name} = *cuad_cpu::block_shared<{alias}, {ident}>();")
        out.append("\n" * decl.count("\n"))
        ident += 1
        copied = semi + 1
    out.append(text[copied:])
    return "".join(out)


def rewrite_launches(text):
    """`k<<<cfg>>>(args)` -> `cuad_cpu::launch(k, cuad_cpu::config(cfg), args)`, as numeric.rs
    does (line breaks kept)."""
    mask = code_mask(text)
    out, copied, at = [], 0, 0
    while True:
        open_ = text.find("<<<", at)
        while open_ >= 0 and not mask[open_]:
            open_ = text.find("<<<", open_ + 1)
        if open_ < 0:
            break
        # The callee: a possibly qualified name, possibly with template arguments.
        i = open_
        while i > 0 and text[i - 1].isspace():
            i -= 1
        if text[i - 1] == ">":
            depth = 0
            while i > 0:
                i -= 1
                if text[i] == ">":
                    depth += 1
                elif text[i] == "<":
                    depth -= 1
                    if depth == 0:
                        break
        while True:
            while i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
                i -= 1
            if text[i - 2:i] == "::":
                i -= 2
            else:
                break
        start = i
        depth, j = 0, open_ + 3
        while not (depth == 0 and text.startswith(">>>", j) and mask[j]):
            if mask[j]:
                depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[j], 0)
            j += 1
        close = j
        paren = close + 3
        while text[paren].isspace():
            paren += 1
        depth, e = 0, paren
        while True:
            if mask[e]:
                depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[e], 0)
                if depth == 0:
                    break
            e += 1
        callee = text[start:open_].rstrip()
        args = text[paren + 1:e]
        out.append(text[copied:start])
        out.append(f"cuad_cpu::launch({callee}, cuad_cpu::config({text[open_ + 3:close]})"
                   + (f", {args}" if args.strip() else "") + ")")
        copied = at = e + 1
    out.append(text[copied:])
    return "".join(out)


class Env:
    def __init__(self, args):
        self.cuad = args.cuad or find_cuad()
        self.work = args.work
        self.fail_dir = args.fail_dir
        self.nvcc = args.nvcc_path if args.nvcc else None
        self.modes = args.modes.split(",")
        self.precision = args.precision
        self.smooth = args.smooth
        shim = os.path.join(self.work, "shim")
        for name in SHIMS:
            os.makedirs(os.path.dirname(os.path.join(shim, name)), exist_ok=True)
            with open(os.path.join(shim, name), "w") as f:
                f.write("#pragma once\n// provided by cuad_cpu.h\n")
        self.shim = shim
        # Precompiled cuad_cpu.h, as numeric.rs makes it (halves each compile).
        pch = os.path.join(self.work, "pch")
        os.makedirs(pch, exist_ok=True)
        self.cpu_header = os.path.join(pch, "cuad_cpu.h")
        shutil.copy(os.path.join(ROOT, "include", "cuad_cpu.h"), self.cpu_header)
        rc, _ = run(["g++", *CXX_FLAGS, "-x", "c++-header", self.cpu_header, "-o",
                     self.cpu_header + ".gch"], timeout=300)
        if rc != 0 and os.path.exists(self.cpu_header + ".gch"):
            os.remove(self.cpu_header + ".gch")


def run_output(env, d, name, k, words, precision):
    """One `// cuad:` line: generate, compile with the driver, run. Returns (status, detail)."""
    mode = "fwd" if words[0] == "fwd" else "grad"
    words = words[1:] if mode == "fwd" else words
    out = os.path.join(d, f"{name}.{k}.cu")
    rc, log = run([env.cuad, mode, f"{name}.cu", *words, "-o", out], cwd=d)
    with open(os.path.join(d, f"{name}.{k}.cuad.log"), "w") as f:
        f.write(log)
    if rc != 0:
        if "panicked" in log or rc not in (1, 2):
            return "CUAD-PANIC", log.strip().splitlines()[-1] if log.strip() else f"rc {rc}"
        first = next((ln for ln in log.splitlines() if "error" in ln), log.strip()[:200])
        return "REFUSED", first
    with open(os.path.join(d, f"{name}.cu")) as f:
        src = f.read()
    with open(out) as f:
        text = f.read()
    if not text.startswith(src):
        return "CONTRACT", "the output does not start with the input"
    cpu = os.path.join(d, f"{name}.{k}.cpu.cu")
    with open(cpu, "w") as f:
        f.write(rewrite_shared(rewrite_launches(text)))
    exe = os.path.join(d, f"{name}.{k}.exe")
    rc, log = run(["g++", *CXX_FLAGS, "-include", env.cpu_header, "-I",
                   os.path.join(ROOT, "include"), "-I", env.shim, "-I",
                   os.path.join(ROOT, "tests", "grad"), f'-DCUAD_GENERATED="{cpu}"',
                   f"-DCUAD_OUTPUT={k}", "-x", "c++", os.path.join(d, f"{name}.driver.cu"),
                   "-o", exe], timeout=300)
    with open(os.path.join(d, f"{name}.{k}.gxx.log"), "w") as f:
        f.write(log)
    if rc != 0:
        return "G++", next((ln for ln in log.splitlines() if "error" in ln), "g++ failed")
    if env.nvcc:
        rc, log = run([env.nvcc, "-std=c++17", "-arch=sm_90", "-I", os.path.join(ROOT, "include"),
                       "-x", "cu", "-c", out, "-o", out + ".o"], timeout=300)
        if rc != 0:
            with open(os.path.join(d, f"{name}.{k}.nvcc.log"), "w") as f:
                f.write(log)
            return "NVCC", next((ln for ln in log.splitlines() if "error" in ln), "nvcc failed")
    rc, log = run([exe], timeout=300)
    with open(os.path.join(d, f"{name}.{k}.run.log"), "w") as f:
        f.write(log)
    m = re.search(r"MAXREL (\S+)", log)
    rel = m.group(1) if m else "?"
    if rc == 0 and re.search(rf"^PASS {name}\b", log, re.M):
        return "PASS", rel
    if re.search(rf"^FAIL {name}\b", log, re.M):
        lines = [ln.strip() for ln in log.splitlines() if ln.startswith("  ")]
        return "FAIL", f"maxrel {rel}; " + (lines[0] if lines else "")
    return "RUN", log.strip().splitlines()[-1] if log.strip() else f"rc {rc}"


def check_case(env, path):
    """A case written or minimised by hand: NAME.cu next to NAME.driver.cu."""
    d, base = os.path.split(os.path.abspath(path))
    name = base[: -len(".cu")]
    with open(path) as f:
        src = f.read()
    lines = [ln.split("// cuad:", 1)[1].split() for ln in src.splitlines()
             if ln.lstrip().startswith("// cuad:")]
    for k, words in enumerate(lines, 1):
        st, detail = run_output(env, d, name, k, words, None)
        print(f"{name} output {k} ({' '.join(words)}): {st} ({detail})")


def check_seed(env, seed, precision=None):
    g = gen.Gen(seed, precision or env.precision, env.smooth)
    name = f"fuzz_{seed}"
    src, drv = g.generate(name)
    d = os.path.join(env.work, f"{name}_{g.CT}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, name + ".cu"), "w") as f:
        f.write(src)
    with open(os.path.join(d, name + ".driver.cu"), "w") as f:
        f.write(drv)
    lines = [ln.split("// cuad:", 1)[1].split() for ln in src.splitlines()
             if ln.lstrip().startswith("// cuad:")]
    results = {}
    for k, words in enumerate(lines, 1):
        mode = "fwd" if words[0] == "fwd" else "grad"
        if mode not in env.modes:
            continue
        results[mode] = run_output(env, d, name, k, words, g.T)
    return g.CT, d, results


BAD = {"FAIL", "CUAD-PANIC", "CONTRACT", "G++", "NVCC", "RUN", "HARNESS"}


def one(env, seed):
    prec, d, results = check_seed(env, seed)
    if prec == "float" and any(st in BAD for st, _ in results.values()):
        # The same program in double: a pass there means float finite differences.
        _, d2, again = check_seed(env, seed, "double")
        for mode, (st, detail) in list(results.items()):
            if st == "FAIL" and again.get(mode, ("", ""))[0] == "PASS":
                results[mode] = ("FLOAT-FD", detail)
            elif st in BAD:
                save(env, d2)
    if any(st in BAD or st == "FLOAT-FD" for st, _ in results.values()):
        save(env, d)
    return seed, prec, results


def save(env, d):
    dest = os.path.join(env.fail_dir, os.path.basename(d))
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(d, dest, ignore=shutil.ignore_patterns("*.exe", "*.o"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0-49", help="e.g. 0-199 or 3,17,40-45")
    ap.add_argument("--case", default=None,
                    help="run one hand-edited NAME.cu (with NAME.driver.cu) instead of seeds")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cuad", default=None, help="cuad binary (default: CARGO_TARGET_DIR or target)")
    ap.add_argument("--modes", default="grad,fwd")
    ap.add_argument("--work", default="/tmp/fuzz-work")
    ap.add_argument("--fail-dir", default="/tmp/fuzz-fail")
    ap.add_argument("--smooth", action="store_true",
                    help="programs without switch points (fabs, fmin/fmax, ?:, if, break)")
    ap.add_argument("--nvcc", action="store_true", help="also compile each output with nvcc")
    ap.add_argument("--nvcc-path", default=os.path.join(ROOT, ".venv-nvcc", "nvcc"))
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--float", dest="precision", action="store_const", const="float")
    g.add_argument("--double", dest="precision", action="store_const", const="double")
    args = ap.parse_args()
    if args.case and args.work == ap.get_default("work"):
        # Its own precompiled header: a seed run may be rebuilding the default one.
        args.work += "-case"
    os.makedirs(args.work, exist_ok=True)
    os.makedirs(args.fail_dir, exist_ok=True)
    env = Env(args)
    if args.case:
        check_case(env, args.case)
        return
    counts = {}
    bad = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(one, env, s) for s in parse_seeds(args.seeds)]
        for fut in futures:
            seed, prec, results = fut.result()
            parts = []
            for mode in ("grad", "fwd"):
                if mode in results:
                    st, detail = results[mode]
                    counts[(mode, st)] = counts.get((mode, st), 0) + 1
                    bad |= st in BAD
                    shown = f"maxrel {detail}" if st == "PASS" else detail
                    parts.append(f"{mode} {st} ({shown})")
            print(f"seed {seed} {prec}: " + " | ".join(parts), flush=True)
    print("summary: " + ", ".join(f"{m} {s}: {c}" for (m, s), c in sorted(counts.items())))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
