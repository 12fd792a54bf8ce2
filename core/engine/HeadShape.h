#pragma once

namespace ae {

struct Session;

// The one rule for each head's size (spec §3), used by the validator, the parameters and the
// cost estimates alike:
//   simplified: one head, no projections: dk = dv = d_in;
//   self-attention and the wrapper: every head projects to d_out_kq and d_out_v itself;
//   multihead (the efficient class): the heads share d_out, head_dim = d_out / num_heads,
//   which needs num_heads to divide d_out (its view(b, T, num_heads, head_dim)).
struct HeadShape
{
    int heads = 1;
    int dimKq = 0; // per head
    int dimV = 0;
};

// False when the heads must split d_out_kq (multihead) and num_heads does not divide it.
bool headsDivideOutput(const Session& session);

// Each head's dimensions; meaningful once headsDivideOutput() holds.
HeadShape headShape(const Session& session);

} // namespace ae
