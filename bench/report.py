#!/usr/bin/env python3
"""Merges the benchmark results (drivers, build status, PyTorch) into one JSON file and a
Markdown table. Called by bench/run.sh; reads only files under the build folder."""

import argparse
import datetime
import json
import os

# Targets from docs/PERFORMANCE.md: gradient time / forward time.
OVERHEAD_TARGET = {
    "elementwise": 2.0,
    "saxpy": 2.0,
    "black_scholes": 2.0,
    "elementwise_keep_seeds": 2.0,
    "black_scholes_keep_seeds": 2.0,
    "xsbench": 3.0,
    "lulesh_eos": 3.0,
    "lulesh_force": 3.0,
    "rsbench": 4.0,
}
VS_HAND_TARGET = 1.10  # within 10% of the hand-written adjoint
VS_TORCH_TARGET = 1.0  # faster than PyTorch forward + backward

PENDING_WHEN_CUAD_FAILS = {"block_reduce"}  # needs shared-memory support


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def read_json(path):
    text = read_text(path)
    if not text or not text.strip():
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None


def read_torch(path):
    rows = {}
    text = read_text(path) or ""
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "workload" in row:
            rows[row["workload"]] = row
    return rows


def ratio(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and b > 0:
        return a / b
    return None


def build_status(logs, driver):
    text = read_text(os.path.join(logs, driver + ".build"))
    if not text:
        return {"status": "not_built", "grad_fn": "", "message": ""}
    parts = (text.rstrip("\n").split("\t") + ["", "", "", ""])[:4]
    return {"status": parts[0], "grad_fn": parts[1], "message": parts[2], "cuad_options": parts[3]}


def last_lines(path, n=3):
    text = read_text(path) or ""
    return " | ".join(text.strip().splitlines()[-n:])


def gradient_state(row, build, logs, unit):
    """One word for the cuad gradient of a workload, plus a reason."""
    if row is None:
        run = (read_text(os.path.join(logs, unit + ".run")) or "").strip()
        return "failed", f"driver produced no result ({run}): {last_lines(os.path.join(logs, unit + '.err'))}"
    if row.get("status") == "error":
        return "failed", row.get("error", "")
    b = build["status"]
    if b == "ok":
        if row.get("status") == "wrong_gradient":
            return "wrong", row.get("cuad_failures", "verification failed")
        return "ok", ""
    if unit in PENDING_WHEN_CUAD_FAILS and b in ("cuad_failed", "nvcc_failed"):
        return "pending", f"{b}: {build['message']}"
    if b == "no_cuad":
        return "no_cuad", "no cuad binary given"
    return b, build["message"]


def merge(args):
    logs = os.path.join(args.build, "logs")
    res = os.path.join(args.build, "results")
    torch_rows = read_torch(os.path.join(res, "torch.jsonl"))
    workloads = []
    for item in args.workloads.split():
        unit, driver = item.split(":", 1)
        row = read_json(os.path.join(res, unit + ".json"))
        build = build_status(logs, driver)
        state, reason = gradient_state(row, build, logs, unit)
        w = {"workload": unit, "gradient": state, "reason": reason, "build": build}
        if row:
            w.update({k: v for k, v in row.items() if k != "workload"})
        t = torch_rows.get(unit) or torch_rows.get(unit.removesuffix("_keep_seeds"))
        if t:
            w["torch"] = t
        fwd, grad, hand = w.get("forward_ms"), w.get("grad_ms"), w.get("hand_ms")
        tf, tfb = (t or {}).get("torch_fwd_ms"), (t or {}).get("torch_fwdbwd_ms")
        if state != "ok":
            grad = None  # a wrong or missing gradient has no meaningful time
        w["overhead"] = ratio(grad, fwd)
        w["hand_overhead"] = ratio(hand, fwd)
        w["vs_hand"] = ratio(grad, hand)
        w["torch_overhead"] = ratio(tfb, tf)
        w["vs_torch"] = ratio(grad, tfb)
        w["overhead_target"] = OVERHEAD_TARGET.get(unit)
        workloads.append(w)
    return workloads


def fmt(v, digits=3, suffix=""):
    if v is None:
        return "–"
    if v >= 100:
        return f"{v:.0f}{suffix}"
    return f"{v:.{digits}g}{suffix}"


def mark(value, target):
    if value is None or target is None:
        return ""
    return " ✓" if value <= target else " ✗"


def markdown(meta, workloads):
    out = [
        f"# cuad benchmark results: {meta['gpu']}",
        "",
        f"- command: `{meta['command']}`",
        f"- date (UTC): {meta['date']}",
        f"- nvcc: {meta['nvcc']}",
        "",
        "Overhead = gradient time / forward time (median of >= 21 runs, CUDA events). "
        "vs hand-written = cuad gradient / hand-written adjoint; vs PyTorch = cuad gradient / "
        "PyTorch forward+backward (below 1 means cuad is faster). ✓/✗: against the targets in "
        "docs/PERFORMANCE.md.",
        "",
        "| workload | forward ms | gradient ms | overhead | hand-written overhead | vs hand-written "
        "| PyTorch overhead | vs PyTorch | gradient |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for w in workloads:
        grad = w.get("grad_ms") if w["gradient"] == "ok" else None
        out.append(
            "| {} | {} | {} | {}{} | {} | {}{} | {} | {}{} | {} |".format(
                w["workload"],
                fmt(w.get("forward_ms")),
                fmt(grad),
                fmt(w["overhead"], suffix="x"),
                mark(w["overhead"], w["overhead_target"]),
                fmt(w["hand_overhead"], suffix="x"),
                fmt(w["vs_hand"], suffix="x"),
                mark(w["vs_hand"], VS_HAND_TARGET),
                fmt(w["torch_overhead"], suffix="x"),
                fmt(w["vs_torch"], suffix="x"),
                mark(w["vs_torch"], VS_TORCH_TARGET),
                w["gradient"],
            )
        )
    out += [
        "",
        "## Raw times (ms)",
        "",
        "| workload | size | forward | cuad gradient | hand-written | PyTorch forward | PyTorch fwd+bwd "
        "| PyTorch backward | cuad verification | hand verification |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for w in workloads:
        t = w.get("torch", {})
        out.append(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
                w["workload"],
                fmt(w.get("n"), 4),
                fmt(w.get("forward_ms"), 4),
                fmt(w.get("grad_ms"), 4),
                fmt(w.get("hand_ms"), 4),
                fmt(t.get("torch_fwd_ms"), 4),
                fmt(t.get("torch_fwdbwd_ms"), 4),
                fmt(t.get("torch_bwd_ms"), 4),
                w.get("cuad_verify", "–"),
                w.get("hand_verify", "–"),
            )
        )
    tuned = [w for w in workloads if w.get("build", {}).get("cuad_options")]
    if tuned:
        out += ["", "`cuad grad` options beyond `--fn`/`--wrt` (set in bench/run.sh's workload table):", ""]
        for w in tuned:
            out.append(f"- {w['workload']}: `{w['build']['cuad_options']}`")
    problems = [w for w in workloads if w["gradient"] != "ok" or w.get("cuad_verify") == "FAIL"]
    if problems:
        out += ["", "## Not measured or wrong", ""]
        for w in problems:
            out.append(f"- **{w['workload']}**: {w['gradient']} — {w['reason'] or w.get('cuad_failures', '')}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--md", required=True)
    ap.add_argument("--workloads", required=True, help="'unit:driver unit:driver ...'")
    args = ap.parse_args()
    workloads = merge(args)
    meta = {
        "gpu": args.gpu,
        "command": args.command,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
        "nvcc": (read_text(os.path.join(args.build, "logs", "nvcc.version")) or "?").strip(),
        "targets": {"overhead": OVERHEAD_TARGET, "vs_hand": VS_HAND_TARGET, "vs_torch": VS_TORCH_TARGET},
    }
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "workloads": workloads}, f, indent=1)
    with open(args.md, "w", encoding="utf-8") as f:
        f.write(markdown(meta, workloads))


if __name__ == "__main__":
    main()
