#!/usr/bin/python3
"""heads.md's analyses in the app against the same in PyTorch, on one machine in one run.

    /usr/bin/python3 tests/fixtures/gpt2/generate_gpt2_fixtures.py --random-small /tmp/gpt2-small
    /usr/bin/python3 scripts/bench_heads.py /tmp/gpt2-small/model.safetensors \\
        [--app build/release/app/attention-explorer] [--steps 5]

The app's figures come from `--benchmark` (app/headless/HeadsBenchmark.h): detect_ms,
ablate_all_ms, generate_ms_per_token (with the key/value cache after a 255-token prompt) and
the same token by a forward from scratch. PyTorch runs the book's GPTModel (chapter 4, the
fixture generator's class) loaded as chapter 5 does, eval(), no_grad(),
torch.set_num_threads(2), and the book's chapter 5 generate (greedy, no cache: every token a
forward of all the tokens so far, logits for each of them): torch_generate_ms_per_token is the
median step after the same 255-token prompt. Prints one JSON line.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures", "gpt2"))
import bench_gpt2  # noqa: E402
import generate_gpt2_fixtures as gen  # noqa: E402

PROMPT = 255


def torch_generate_ms(path, steps):
    params = bench_gpt2.read_safetensors(path)
    with open(os.path.join(os.path.dirname(path), "config.json")) as f:
        cfg = json.load(f)
    model = gen.book_model(cfg, params)
    idx = torch.randint(0, cfg["vocab_size"], (1, PROMPT), generator=torch.Generator().manual_seed(0))
    times = []
    with torch.no_grad():
        for _ in range(steps):
            start = time.perf_counter()
            logits = model(idx)[:, -1, :]
            idx = torch.cat((idx, torch.argmax(logits, dim=-1, keepdim=True)), dim=1)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkpoint")
    parser.add_argument("--app", default=os.path.join(ROOT, "build", "release", "app", "attention-explorer"))
    parser.add_argument("--steps", type=int, default=5)
    args = parser.parse_args()
    torch.set_num_threads(2)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([args.app, "--model", args.checkpoint, "--sentence", "a b c", "--benchmark"],
                         env=env, capture_output=True, text=True, check=True).stdout
    app = json.loads(out.strip().splitlines()[-1])
    figures = {key: app[key] for key in ("detect_ms", "detect_tokens", "ablate_all_ms", "ablate_tokens",
                                         "generate_ms_per_token", "generate_prefix_ms_per_token",
                                         "generate_scratch_ms_per_token", "generate_prompt_tokens")}
    figures["torch_generate_ms_per_token"] = round(torch_generate_ms(args.checkpoint, args.steps), 3)
    figures["cache_vs_scratch"] = round(figures["generate_ms_per_token"] / figures["generate_scratch_ms_per_token"], 3)
    figures["torch_vs_cache"] = round(figures["torch_generate_ms_per_token"] / figures["generate_ms_per_token"], 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
