// cuad: --fn ik_solve --wrt q0,targets,link_len,q_out
// Inverse kinematics by gradient descent for a batch of planar 3-link arms, driven from the
// host the way a calibration / retargeting script does it: device buffers live in an
// IkBuffers struct handed to small host helpers (allocate, upload, release); each iteration
// launches a kernel that runs forward kinematics, forms the end-effector error and its
// Jacobian-transpose gradient (planar cross products z x (p_ee - p_i)), and an update kernel
// that takes a step along a tanh-limited gradient. After the loop one more FK launch gives
// the final end effectors, which are copied back; the host sums the final loss. The solved
// angles are copied into the caller's array.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define NLINK 3

struct IkBuffers {
  double* q;
  double* grad;
  double* ee;
  double* target;
  double* len;
};

__global__ void fk_grad_kernel(int n_env, const double* __restrict__ q, const double* __restrict__ target,
                               const double* __restrict__ len, double* __restrict__ ee, double* __restrict__ grad) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  double px[NLINK + 1], py[NLINK + 1];
  px[0] = 0.0;
  py[0] = 0.0;
  double th = 0.0;
  for (int i = 0; i < NLINK; ++i) {
    th += q[e * NLINK + i];
    px[i + 1] = px[i] + len[i] * cos(th);
    py[i + 1] = py[i] + len[i] * sin(th);
  }
  const double ex = px[NLINK] - target[2 * e], ey = py[NLINK] - target[2 * e + 1];
  ee[2 * e] = px[NLINK];
  ee[2 * e + 1] = py[NLINK];
  for (int i = 0; i < NLINK; ++i) {
    // column i of the planar Jacobian: z x (p_ee - p_i) = (-(y_ee - y_i), x_ee - x_i)
    const double jx = -(py[NLINK] - py[i]), jy = px[NLINK] - px[i];
    grad[e * NLINK + i] = jx * ex + jy * ey;
  }
}

__global__ void gd_update(int n_env, double* q, const double* __restrict__ grad, double lr, double max_step) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_env * NLINK) return;
  q[k] -= max_step * tanh(lr * grad[k] / max_step);
}

static void ik_alloc(IkBuffers& b, int n_env) {
  cudaMalloc(&b.q, n_env * NLINK * sizeof(double));
  cudaMalloc(&b.grad, n_env * NLINK * sizeof(double));
  cudaMalloc(&b.ee, 2 * n_env * sizeof(double));
  cudaMalloc(&b.target, 2 * n_env * sizeof(double));
  cudaMalloc(&b.len, NLINK * sizeof(double));
}

static void ik_release(IkBuffers& b) {
  cudaFree(b.q);
  cudaFree(b.grad);
  cudaFree(b.ee);
  cudaFree(b.target);
  cudaFree(b.len);
}

double ik_solve(const double* q0, const double* targets, const double* link_len, int n_env, int iters, double lr,
                double* q_out) {
  const int threads = 32;
  const int env_blocks = (n_env + threads - 1) / threads;
  const int q_blocks = (n_env * NLINK + threads - 1) / threads;
  IkBuffers b;
  ik_alloc(b, n_env);
  cudaMemcpy(b.q, q0, n_env * NLINK * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(b.target, targets, 2 * n_env * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(b.len, link_len, NLINK * sizeof(double), cudaMemcpyHostToDevice);
  for (int it = 0; it < iters; ++it) {
    fk_grad_kernel<<<env_blocks, threads>>>(n_env, b.q, b.target, b.len, b.ee, b.grad);
    gd_update<<<q_blocks, threads>>>(n_env, b.q, b.grad, lr, 0.2);
  }
  fk_grad_kernel<<<env_blocks, threads>>>(n_env, b.q, b.target, b.len, b.ee, b.grad);
  std::vector<double> ee(2 * n_env);
  cudaMemcpy(ee.data(), b.ee, 2 * n_env * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(q_out, b.q, n_env * NLINK * sizeof(double), cudaMemcpyDeviceToHost);
  ik_release(b);
  double loss = 0.0;
  for (int e = 0; e < n_env; ++e) {
    const double dx = ee[2 * e] - targets[2 * e], dy = ee[2 * e + 1] - targets[2 * e + 1];
    loss += 0.5 * (dx * dx + dy * dy);
  }
  return loss;
}
