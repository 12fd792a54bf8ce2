#!/usr/bin/python3
"""The speed table of docs/performance.md: Attention Explorer's forward pass against PyTorch's,
same session, same machine, runs interleaved so that both see the same load.

    /usr/bin/python3 scripts/bench_compare.py [--tokens 128,1024,2048,4096] [--rounds 3]
                                              [--app PATH] [--compare-app PATH]

Needs the release build (scripts/run or scripts/test builds it) and Debian's python3-torch.
For each size: `rounds` times, the app's median of 9 forwards (attention-explorer --benchmark),
then PyTorch's median of 9 (scripts/bench_pytorch.py); reports the medians of the rounds as a
Markdown table. The ratio that matters is (forward + complete) / PyTorch's forward: the app's
forward skips the causal mask's hidden scores, which `complete` then fills in, so both count.
Live update and the longest GUI-thread block are the app's per-T figures (--benchmark).
A size the app refuses (its memory guard) is reported as "refused" with its message.
--compare-app runs a second build in the same rounds (an A/B, e.g. one configured with
-DAE_BLAS=OFF) and adds its (forward + complete) and ratio as two more columns.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "build", "release", "app", "attention-explorer")


class Refused(Exception):
    pass


def session(tokens, d=768, heads=12):
    return {"sentence": " ".join(f"w{i}" for i in range(tokens)), "vocab_size": 50257, "d_in": d,
            "variant": "multihead", "init": "linear", "d_out_kq": d, "d_out_v": d, "num_heads": heads,
            "causal": True}


def pytorch(tokens):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench_pytorch.py"), "--tokens", str(tokens)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def app(path, tokens):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(session(tokens), f)
    try:
        run = subprocess.run([path, "--session", f.name, "--benchmark"], capture_output=True, text=True,
                             env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    finally:
        os.unlink(f.name)
    if run.returncode != 0:
        lines = [line for line in run.stderr.splitlines() if line.startswith("attention-explorer:")]
        raise Refused(lines[-1].split(":", 1)[1].strip() if lines else f"exit code {run.returncode}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def median(runs, key):
    return statistics.median(r[key] for r in runs)


def measure(tokens, rounds, app_path, compare_path):
    torch_ms, ours, theirs_app = [], [], []
    for _ in range(rounds):
        ours.append(app(app_path, tokens))  # first: a refused size costs no PyTorch run
        if compare_path:
            theirs_app.append(app(compare_path, tokens))
        torch_ms.append(pytorch(tokens)["forward_ms"])
    torch = statistics.median(torch_ms)
    row = {"tokens": tokens, "torch": torch, "forward": median(ours, "forward_ms"),
           "complete": median(ours, "complete_ms"), "update": median(ours, "ui_update_ms"),
           "block": max(r["gui_max_block_ms"] for r in ours), "rss": max(r["peak_rss_mb"] for r in ours)}
    row["ratio"] = (row["forward"] + row["complete"]) / torch
    if compare_path:
        total = median(theirs_app, "forward_ms") + median(theirs_app, "complete_ms")
        row["compare"] = (total, total / torch)
    return row


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", default="128,1024,2048,4096")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--app", default=APP)
    parser.add_argument("--compare-app", default=None)
    args = parser.parse_args()
    rows = []
    for tokens in [int(t) for t in args.tokens.split(",")]:
        try:
            row = measure(tokens, args.rounds, args.app, args.compare_app)
            print(f"T={tokens}: PyTorch {row['torch']:.2f} ms, app {row['forward']:.2f} + {row['complete']:.2f} ms",
                  file=sys.stderr)
        except Refused as refusal:
            row = {"tokens": tokens, "refused": str(refusal)}
            print(f"T={tokens}: refused: {refusal}", file=sys.stderr)
        rows.append(row)
    compare = " | B: forward + complete (ms) | B ratio" if args.compare_app else ""
    print("| T | PyTorch forward (ms) | app forward (ms) | app complete (ms) | (forward + complete) / PyTorch "
          f"| forward / PyTorch | live update (ms) | GUI max block (ms) | peak RSS (MB){compare} |")
    print("|---" * (9 + (2 if args.compare_app else 0)) + "|")
    for r in rows:
        if "refused" in r:
            print(f"| {r['tokens']} | refused: {r['refused']} |")
            continue
        line = (f"| {r['tokens']} | {r['torch']:.1f} | {r['forward']:.1f} | {r['complete']:.1f} | {r['ratio']:.2f} "
                f"| {r['forward'] / r['torch']:.2f} | {r['update']:.0f} | {r['block']:.0f} | {r['rss']:.0f}")
        if "compare" in r:
            line += f" | {r['compare'][0]:.1f} | {r['compare'][1]:.2f}"
        print(line + " |")


if __name__ == "__main__":
    main()
