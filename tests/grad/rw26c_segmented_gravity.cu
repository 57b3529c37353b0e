// cuad: --fn gravity_torques --wrt q,mass,len,tau,block_energy
// cuad: fwd --fn gravity_torques --wrt q,mass,len,tau,block_energy
// Gravity-compensation torques of planar 8-joint arms, four arms per warp: each arm uses an
// 8-lane segment (one lane per joint) and every warp primitive runs with width 8. The
// absolute link angles are an inclusive prefix sum over the segment (__shfl_up_sync), the
// joint positions an exclusive prefix of the link vectors, the arm's base offset is
// broadcast from the segment's first lane (__shfl_sync with a source lane), and the torque
// of joint j needs suffix sums over the links k >= j of m_k and m_k * x_com,k
// (__shfl_down_sync scans). A __shared__ buffer first stages the link masses and lengths for
// the block, then is reused to reduce the arms' potential energy per block.
#include <cuda_runtime.h>

#define SEG 8
#define BLOCK 64

__global__ void gravity_torques(int n_arms, const double* __restrict__ q, const double* __restrict__ mass,
                                const double* __restrict__ len, const double* __restrict__ base_x, double g,
                                double* __restrict__ tau, double* __restrict__ block_energy) {
  __shared__ double s_buf[BLOCK];
  const int tid = threadIdx.x, lane = tid & (SEG - 1);
  const int arm = (blockIdx.x * blockDim.x + tid) / SEG;
  // stage the shared link table: entries 0..7 masses, 8..15 lengths
  if (tid < SEG) s_buf[tid] = mass[tid];
  else if (tid < 2 * SEG) s_buf[tid] = len[tid - SEG];
  __syncthreads();
  const double m = s_buf[lane], L = s_buf[SEG + lane];
  __syncthreads();
  const bool active = arm < n_arms;
  double th = active ? q[arm * SEG + lane] : 0.0;
  for (int off = 1; off < SEG; off <<= 1) {
    const double up = __shfl_up_sync(0xffffffffu, th, off, SEG);
    if (lane >= off) th += up;
  }
  const double lx = L * cos(th), ly = L * sin(th);
  double px = lx, py = ly;  // inclusive prefix of link vectors: tip of link `lane`
  for (int off = 1; off < SEG; off <<= 1) {
    const double ux = __shfl_up_sync(0xffffffffu, px, off, SEG), uy = __shfl_up_sync(0xffffffffu, py, off, SEG);
    if (lane >= off) {
      px += ux;
      py += uy;
    }
  }
  const double bx = __shfl_sync(0xffffffffu, active ? base_x[arm] : 0.0, 0, SEG);
  const double jx = bx + px - lx, jy = py - ly;  // joint position (base of link `lane`)
  const double cx = jx + 0.5 * lx, cy = jy + 0.5 * ly;
  double sm = m, smx = m * cx;
  for (int off = 1; off < SEG; off <<= 1) {
    const double dm = __shfl_down_sync(0xffffffffu, sm, off, SEG), dmx = __shfl_down_sync(0xffffffffu, smx, off, SEG);
    if (lane + off < SEG) {
      sm += dm;
      smx += dmx;
    }
  }
  if (active) tau[arm * SEG + lane] = g * (smx - jx * sm);
  s_buf[tid] = active ? m * g * cy : 0.0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s_buf[tid] += s_buf[tid + stride];
    __syncthreads();
  }
  if (tid == 0) block_energy[blockIdx.x] = s_buf[0];
}
