// cuad: --fn apg_rollout --wrt policy,init,total_return
// cuad: fwd --fn apg_rollout --wrt policy,init,total_return
// Analytic policy gradient (Brax-style APG) for cart-pole balancing, single precision: a
// tiny MLP policy (a struct with fixed 2-D/1-D weight arrays) is staged once per block into
// a __shared__ struct by a strided cooperative copy; each thread runs one environment for the
// whole horizon (tanh hidden layer, tanh-squashed force, semi-implicit Euler cart-pole
// dynamics, a shaped reward), the returns are summed over each warp with cooperative groups'
// cg::reduce, the warp sums combined in shared memory, and thread 0 adds the block's return
// into the global total with atomicAdd.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define HID 8
#define OBS 4

struct Policy {
  float W1[HID][OBS];
  float b1[HID];
  float W2[HID];
  float b2;
};

__device__ float policy_action(const Policy& P, const float obs[OBS]) {
  float out = P.b2;
  for (int h = 0; h < HID; ++h) {
    float z = P.b1[h];
    for (int k = 0; k < OBS; ++k) z += P.W1[h][k] * obs[k];
    out += P.W2[h] * tanhf(z);
  }
  return 10.0f * tanhf(out);
}

__global__ void apg_rollout(int n_env, int horizon, float dt, const Policy* __restrict__ policy,
                            const float* __restrict__ init, float* __restrict__ total_return) {
  __shared__ Policy s_pol;
  __shared__ float s_warp[32];
  const int tid = threadIdx.x;
  for (int k = tid; k < HID * OBS; k += blockDim.x) s_pol.W1[k / OBS][k % OBS] = policy->W1[k / OBS][k % OBS];
  for (int k = tid; k < HID; k += blockDim.x) {
    s_pol.b1[k] = policy->b1[k];
    s_pol.W2[k] = policy->W2[k];
  }
  if (tid == 0) s_pol.b2 = policy->b2;
  __syncthreads();
  const int e = blockIdx.x * blockDim.x + tid;
  float ret = 0.0f;
  if (e < n_env) {
    float s[OBS] = {init[4 * e], init[4 * e + 1], init[4 * e + 2], init[4 * e + 3]};  // x, xd, th, thd
    for (int t = 0; t < horizon; ++t) {
      const float u = policy_action(s_pol, s);
      const float st = sinf(s[2]), ct = cosf(s[2]);
      const float tmp = (u + 0.05f * s[3] * s[3] * st) / 1.1f;
      const float thacc = (9.8f * st - ct * tmp) / (0.5f * (4.0f / 3.0f - 0.1f * ct * ct / 1.1f));
      const float xacc = tmp - 0.05f * thacc * ct / 1.1f;
      s[1] += dt * xacc;
      s[3] += dt * thacc;
      s[0] += dt * s[1];
      s[2] += dt * s[3];
      ret += ct - 0.05f * s[0] * s[0] - 0.001f * u * u;
    }
  }
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const float wsum = cg::reduce(warp, ret, cg::plus<float>());
  if (warp.thread_rank() == 0) s_warp[tid / 32] = wsum;
  __syncthreads();
  if (tid == 0) {
    float b = 0.0f;
    for (int w = 0; w < (int)(blockDim.x / 32); ++w) b += s_warp[w];
    atomicAdd(total_return, b / n_env);
  }
}
