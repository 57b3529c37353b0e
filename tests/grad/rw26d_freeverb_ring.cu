// cuad: --fn freeverb --wrt in,params,out
// cuad: fwd --fn freeverb --wrt in,params,out
// A Freeverb-style reverberator per channel (differentiable audio effects): one thread per
// channel runs NCOMB parallel lowpass-feedback comb filters and NAP series allpass filters,
// each with a delay line kept as a ring buffer in a local array, read and overwritten at
// every sample through an unsigned position and modulo indexing (delay lengths differ per
// filter, so each line wraps at its own length). The comb's damping state is overwritten
// every sample. The learnable parameters (room feedback, damping, allpass gain, wet and dry
// mix) come in one small array; the output is wet * reverb + dry * input.
#include <cuda_runtime.h>

#define NCOMB 4
#define NAP 2
#define MAXD 13

__constant__ unsigned int c_comb_len[NCOMB] = {11, 13, 7, 9};
__constant__ unsigned int c_ap_len[NAP] = {5, 3};

struct CombState {
  double line[MAXD];
  double store;
  unsigned int pos;
};

__device__ double comb_tick(CombState& c, unsigned int len, double x, double feedback, double damp) {
  const double y = c.line[c.pos];
  c.store = y * (1.0 - damp) + c.store * damp;
  c.line[c.pos] = x + c.store * feedback;
  c.pos = (c.pos + 1u) % len;
  return y;
}

__global__ void freeverb(const double* __restrict__ in, const double* __restrict__ params,
                         double* __restrict__ out, unsigned int n_ch, unsigned int n_samp) {
  const unsigned int ch = blockIdx.x * blockDim.x + threadIdx.x;
  if (ch >= n_ch) return;
  const double room = params[0], damp = params[1], apg = params[2], wet = params[3], dry = params[4];
  CombState comb[NCOMB];
  double ap[NAP][MAXD];
  unsigned int ap_pos[NAP];
  for (int c = 0; c < NCOMB; ++c) {
    for (unsigned int k = 0; k < MAXD; ++k) comb[c].line[k] = 0.0;
    comb[c].store = 0.0;
    comb[c].pos = 0u;
  }
  for (int a = 0; a < NAP; ++a) {
    for (unsigned int k = 0; k < MAXD; ++k) ap[a][k] = 0.0;
    ap_pos[a] = 0u;
  }
  for (unsigned int t = 0; t < n_samp; ++t) {
    const double x = in[ch * n_samp + t];
    double acc = 0.0;
    for (int c = 0; c < NCOMB; ++c) acc += comb_tick(comb[c], c_comb_len[c], 0.25 * x, room, damp);
    for (int a = 0; a < NAP; ++a) {
      const unsigned int p = ap_pos[a];
      const double buf = ap[a][p];
      const double y = buf - acc;
      ap[a][p] = acc + buf * apg;
      ap_pos[a] = (p + 1u) % c_ap_len[a];
      acc = y;
    }
    out[ch * n_samp + t] = wet * acc + dry * x;
  }
}
