#!/usr/bin/python3
"""The training engine against PyTorch on one machine in one run (training.md §4, issue 26).

    /usr/bin/python3 scripts/bench_training.py [SESSION] [--app build/release/app/attention-explorer]
        [--steps 200] [--threads 2]

SESSION defaults to the default induction session with mlp false (2 layers, 4 heads, d = 64,
T = 64, batch 32, attention-only). The app's figure comes from `--train SESSION --benchmark`
(ms_per_step: the median over the steps after the first fifth); PyTorch trains the same model
on the same batches (the fixture generator's classes and data, torch.optim.AdamW,
F.cross_entropy) with torch.set_num_threads(THREADS), timed the same way. Prints one JSON line
with both and their ratio (the issue's target: at most 0.33).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures", "training"))
import generate_training_fixtures as fx  # noqa: E402


def torch_ms_per_step(session, steps, threads):
    torch.set_num_threads(threads)
    s = fx.resolved(session)
    s["train"]["steps"] = steps
    data = fx.InductionData(s)
    torch.manual_seed(s["init_seed"])
    model = fx.book.GPTModel(fx.book_cfg(s, s["task"]["vocab_size"]))
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=s["train"]["lr"], weight_decay=s["train"]["weight_decay"])
    times = []
    for step in range(steps):
        start = time.perf_counter()
        x, y = data.batch(step)
        opt.zero_grad()
        loss = F.cross_entropy(model(x).flatten(0, 1), y.flatten())
        loss.backward()
        opt.step()
        loss.item()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times[steps // 5:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("session", nargs="?")
    parser.add_argument("--app", default=os.path.join(ROOT, "build", "release", "app", "attention-explorer"))
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    session = {"model": {"mlp": False}}
    if args.session:
        with open(args.session) as f:
            session = json.load(f)
    with tempfile.TemporaryDirectory() as tmp:
        path = args.session or os.path.join(tmp, "induction.json")
        if not args.session:
            with open(path, "w") as f:
                json.dump(session, f)
        env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
        out = subprocess.run([args.app, "--train", path, "--steps", str(args.steps), "--benchmark"],
                             check=True, capture_output=True, text=True, env=env).stdout
    app = json.loads(out.strip().splitlines()[-1])
    torch_ms = torch_ms_per_step(session, args.steps, args.threads)
    print(json.dumps({"ms_per_step": app["ms_per_step"], "peak_rss_mb": app["peak_rss_mb"],
                      "torch_ms_per_step": round(torch_ms, 3),
                      "ratio": round(app["ms_per_step"] / torch_ms, 3), "threads": args.threads}))


if __name__ == "__main__":
    main()
