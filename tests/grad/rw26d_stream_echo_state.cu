// cuad: --fn echo_block --wrt x,fb,mix,delay_buf,lp_state,y
// cuad: fwd --fn echo_block --wrt x,fb,mix,delay_buf,lp_state,y
// Block-based streaming feedback echo (a real-time audio plugin's process() call on the
// GPU, one thread per channel): the state carried between calls lives in global memory and
// is updated in place sample by sample, as plugin code often does: a per-channel delay line
// used as a ring buffer (read at the write head, which wraps modulo its length, then
// overwritten with input plus filtered feedback) and a one-pole lowpass state in the
// feedback path. The write head is passed in and not advanced here (the host advances it).
// Gradients w.r.t. the input block, the feedback and mix gains, the incoming state (the
// delay line and lowpass state hold the outgoing state on return) and the output.
#include <cuda_runtime.h>

__global__ void echo_block(const float* __restrict__ x, float* __restrict__ y, float* __restrict__ delay_buf,
                           float* __restrict__ lp_state, const float* __restrict__ fb, float mix, float damp,
                           unsigned int n_ch, unsigned int n_samp, unsigned int delay_len, unsigned int head) {
  const unsigned int ch = blockIdx.x * blockDim.x + threadIdx.x;
  if (ch >= n_ch) return;
  float* line = delay_buf + ch * delay_len;
  for (unsigned int t = 0; t < n_samp; ++t) {
    const unsigned int pos = (head + t) % delay_len;
    const float delayed = line[pos];
    lp_state[ch] += (1.0f - damp) * (delayed - lp_state[ch]);
    const float in = x[ch * n_samp + t];
    line[pos] = in + fb[ch] * lp_state[ch];
    y[ch * n_samp + t] = (1.0f - mix) * in + mix * delayed;
  }
}
