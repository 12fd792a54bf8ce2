#!/usr/bin/python3
"""The speed table of the README: Attention Explorer's forward pass against PyTorch's, same
session, same machine, runs interleaved so that both see the same load.

    /usr/bin/python3 scripts/bench_compare.py [--tokens 6,128,1024,2048] [--rounds 3]

Needs the release build (scripts/run or scripts/test builds it) and Debian's python3-torch.
For each size: `rounds` times, PyTorch's median of 9 forwards (scripts/bench_pytorch.py),
then the app's median of 9 (attention-explorer --benchmark); reports the medians of the
rounds and their ratio as a Markdown table, and the app's other timings.
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


def session(tokens, d=768, heads=12):
    return {"sentence": " ".join(f"w{i}" for i in range(tokens)), "vocab_size": 50257, "d_in": d,
            "variant": "multihead", "init": "linear", "d_out_kq": d, "d_out_v": d, "num_heads": heads,
            "causal": True}


def pytorch(tokens):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench_pytorch.py"), "--tokens", str(tokens)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def app(tokens):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(session(tokens), f)
    try:
        out = subprocess.run([APP, "--session", f.name, "--benchmark"], check=True, capture_output=True,
                             text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).stdout
    finally:
        os.unlink(f.name)
    return json.loads(out.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", default="6,128,1024,2048")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for tokens in [int(t) for t in args.tokens.split(",")]:
        torch_ms, app_runs = [], []
        for _ in range(args.rounds):
            torch_ms.append(pytorch(tokens)["forward_ms"])
            app_runs.append(app(tokens))
        ours = statistics.median(r["forward_ms"] for r in app_runs)
        theirs = statistics.median(torch_ms)
        last = app_runs[-1]
        rows.append((tokens, theirs, ours, ours / theirs, statistics.median(r["complete_ms"] for r in app_runs),
                     statistics.median(r["ui_update_ms"] for r in app_runs),
                     max(r["gui_max_block_ms"] for r in app_runs), last["peak_rss_mb"]))
        print(f"T={tokens}: PyTorch {theirs:.2f} ms, app {ours:.2f} ms", file=sys.stderr)
    print("| T | PyTorch forward (ms) | app forward (ms) | ratio | app complete (ms) | app UI update (ms) "
          "| GUI max block (ms) | app peak RSS (MB) |")
    print("|---|---|---|---|---|---|---|---|")
    for tokens, theirs, ours, ratio, complete, ui, block, rss in rows:
        print(f"| {tokens} | {theirs:.2f} | {ours:.2f} | {ratio:.2f} | {complete:.1f} | {ui:.1f} | {block:.1f} | {rss:.0f} |")


if __name__ == "__main__":
    main()
