#!/usr/bin/python3
"""The app's GPT-2 forward against a plain PyTorch GPT-2 forward, in the same run.

    /usr/bin/python3 tests/fixtures/gpt2/generate_gpt2_fixtures.py --random-small /tmp/gpt2-small
    /usr/bin/python3 scripts/bench_gpt2.py /tmp/gpt2-small/model.safetensors [--app build/release/app/attention-explorer]
                                           [--tokens 128,1024] [--runs 3]

The checkpoint is a random one with GPT-2 small's shapes (12 layers, 12 heads, 768, 1024
positions, 50257 tokens; ~550 MB in F32), written by the fixture generator and never
committed. PyTorch runs the book's GPTModel (chapter 4, the class in the generator) loaded as
chapter 5 does, eval(), no_grad(), torch.set_num_threads(2). Two PyTorch figures:
  torch_full_ms  the book's forward as written: logits for every token (T x 50257)
  torch_last_ms  the same blocks, then final_norm and out_head for the last token only
                 (what the app computes: the next token after the sentence)
The app runs `--benchmark` on a session with that model and the sentence "a a a …", which
GPT-2's tokenizer cuts into T tokens ("a", then " a" each time: ids 64 and 257); PyTorch gets
those ids, and the script stops if the app reports another number of tokens; its forward_ms is the median of its runs (ids ->
logits), init_ms the checkpoint's opening (validate + map), first_forward_ms the first
forward (which pages the weights in), peak_rss_mb its peak resident memory.
Prints one JSON line per T and a summary table.
"""

import argparse
import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures", "gpt2"))
import generate_gpt2_fixtures as gen  # noqa: E402


def read_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        assert entry["dtype"] == "F32", "the benchmark reads F32 checkpoints"
        b, e = entry["data_offsets"]
        t = torch.frombuffer(bytearray(data[b:e]), dtype=torch.float32).reshape(entry["shape"])
        tensors[name[len("transformer."):] if name.startswith("transformer.") else name] = t
    return tensors


def sentence_of(tokens):
    """A sentence of exactly `tokens` GPT-2 tokens, and their ids: "a", then " a" each time.
    (A run of letters would not do: byte-pair merges make 1,024 letters some 550 tokens.)"""
    return " ".join(["a"] * tokens), [64] + [257] * (tokens - 1)


def torch_times(gpt, ids, runs):
    x = torch.tensor([ids])
    full, last = [], []
    with torch.no_grad():
        for _ in range(runs):
            start = time.perf_counter()
            gpt(x)
            full.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            h = gpt.tok_emb(x) + gpt.pos_emb(torch.arange(x.shape[1]))
            h = gpt.trf_blocks(h)
            gpt.out_head(gpt.final_norm(h[:, -1:, :]))
            last.append((time.perf_counter() - start) * 1000)
    return statistics.median(full), statistics.median(last)


def app_figures(app, model, sentence):
    with tempfile.TemporaryDirectory() as d:
        session = os.path.join(d, "session.json")
        with open(session, "w") as f:
            json.dump({"model": os.path.abspath(model), "sentence": sentence}, f)
        out = subprocess.run([app, "--session", session, "--benchmark"], capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("--app", default=os.path.join(ROOT, "build", "release", "app", "attention-explorer"))
    parser.add_argument("--tokens", default="128,1024")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    torch.set_num_threads(2)
    with open(os.path.join(os.path.dirname(args.model), "config.json")) as f:
        cfg = json.load(f)
    start = time.perf_counter()
    gpt = gen.book_model(cfg, read_safetensors(args.model))
    torch_load_ms = (time.perf_counter() - start) * 1000

    rows = []
    for T in [int(t) for t in args.tokens.split(",")]:
        sentence, ids = sentence_of(T)
        app = app_figures(args.app, args.model, sentence)  # app first, PyTorch second, app again:
        if app["tokens"] != T:
            sys.exit("the app cut the sentence into %d tokens, not %d" % (app["tokens"], T))
        full, last = torch_times(gpt, ids, args.runs)       # both see the same machine load
        app2 = app_figures(args.app, args.model, sentence)
        app_ms = min(app["forward_ms"], app2["forward_ms"])
        row = {"tokens": T, "app_forward_ms": app_ms, "torch_full_ms": round(full, 1), "torch_last_ms": round(last, 1),
               "ratio_full": round(app_ms / full, 3), "ratio_last": round(app_ms / last, 3),
               "app_init_ms": app["init_ms"], "app_first_forward_ms": app["first_forward_ms"],
               "app_peak_rss_mb": max(app["peak_rss_mb"], app2["peak_rss_mb"]), "torch_load_ms": round(torch_load_ms)}
        print(json.dumps(row), flush=True)
        rows.append(row)

    print("\n| T | app forward | PyTorch (all logits) | ratio | PyTorch (last logits) | ratio | app init | app peak RSS |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %d | %.0f ms | %.0f ms | %.2f | %.0f ms | %.2f | %.1f ms | %.0f MB |" % (
            r["tokens"], r["app_forward_ms"], r["torch_full_ms"], r["ratio_full"], r["torch_last_ms"], r["ratio_last"],
            r["app_init_ms"], r["app_peak_rss_mb"]))


if __name__ == "__main__":
    main()
