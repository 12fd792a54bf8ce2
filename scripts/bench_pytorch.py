#!/usr/bin/python3
"""PyTorch's side of the speed comparison (docs/performance.md): the book's MultiHeadAttention
(causal, per-head attention weights materialised, dropout 0) at GPT-2-small width, batch 1.

Run with Debian's python3-torch (1.13.1) and its default kernels (AVX2 + OpenBLAS):
    /usr/bin/python3 scripts/bench_pytorch.py [--threads 2] [--tokens 6,128,1024,2048]
Prints one JSON object per size: the median of 9 timed forwards after 3 warm-ups.
"""
import argparse
import json
import statistics
import time

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):  # the book's class (chapter 3), verbatim
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert d_out % num_heads == 0, "d_out must be divisible by num_heads"
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)
        queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)
        values = values.view(b, num_tokens, self.num_heads, self.head_dim)
        keys = keys.transpose(1, 2)
        queries = queries.transpose(1, 2)
        values = values.transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        mask_bool = self.mask.bool()[:num_tokens, :num_tokens]
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        return self.out_proj(context_vec)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tokens", default="6,128,1024,2048")
    parser.add_argument("--d", type=int, default=768)
    parser.add_argument("--heads", type=int, default=12)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    for tokens in [int(t) for t in args.tokens.split(",")]:
        torch.manual_seed(123)
        mha = MultiHeadAttention(args.d, args.d, tokens, 0.0, args.heads).eval()
        x = torch.randn(1, tokens, args.d)
        times = []
        with torch.no_grad():
            for i in range(12):
                start = time.perf_counter()
                mha(x)
                elapsed = (time.perf_counter() - start) * 1000
                if i >= 3:
                    times.append(elapsed)
        print(json.dumps({"tokens": tokens, "d_model": args.d, "num_heads": args.heads, "threads": args.threads,
                          "torch": torch.__version__, "forward_ms": round(statistics.median(times), 3)}))


if __name__ == "__main__":
    main()
