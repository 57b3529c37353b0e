// cuad: --fn cloth_step --wrt x,v,stiffness,rest,x_out,v_out
// cuad: fwd --fn cloth_step --wrt x,v,stiffness,rest,x_out,v_out
// One implicit-ish time step of a mass-spring cloth, the way position-based / projective
// dynamics codes do it on the GPU: an inertial prediction y = x + h v + h^2 g, then a fixed
// number of Jacobi iterations that move every free vertex to the stiffness-weighted average
// of its springs' targets, x_i <- (m/h^2 y_i + sum_s k_s (x_j + l_s d_ij)) / (m/h^2 + sum_s k_s)
// with d_ij the current unit direction from j to i (neighbours from a CSR adjacency: the loop
// bounds come from memory), ping-ponging two device buffers with std::swap, and finally
// damped velocities v = c (x_new - x) / h. Pinned vertices stay at their prediction.
#include <cuda_runtime.h>
#include <utility>

__global__ void predict(int nv, const double* x, const double* v, double h, double gy, double* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nv) return;
  for (int c = 0; c < 3; ++c) y[3 * i + c] = x[3 * i + c] + h * v[3 * i + c] + (c == 1 ? h * h * gy : 0.0);
}

__global__ void jacobi_iter(int nv, const int* __restrict__ off, const int* __restrict__ nbr,
                            const int* __restrict__ sid, const double* __restrict__ stiffness,
                            const double* __restrict__ rest, const int* __restrict__ pinned,
                            const double* __restrict__ y, double m_h2, const double* __restrict__ xk,
                            double* __restrict__ xk1) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nv) return;
  if (pinned[i]) {
    for (int c = 0; c < 3; ++c) xk1[3 * i + c] = y[3 * i + c];
    return;
  }
  double num[3], den = m_h2;
  for (int c = 0; c < 3; ++c) num[c] = m_h2 * y[3 * i + c];
  for (int e = off[i]; e < off[i + 1]; ++e) {
    const int j = nbr[e], s = sid[e];
    double d[3];
    double len2 = 0.0;
    for (int c = 0; c < 3; ++c) {
      d[c] = xk[3 * i + c] - xk[3 * j + c];
      len2 += d[c] * d[c];
    }
    const double inv_len = 1.0 / sqrt(len2);
    const double ks = stiffness[s];
    for (int c = 0; c < 3; ++c) num[c] += ks * (xk[3 * j + c] + rest[s] * d[c] * inv_len);
    den += ks;
  }
  for (int c = 0; c < 3; ++c) xk1[3 * i + c] = num[c] / den;
}

__global__ void finish_step(int nv, const double* x_old, const double* x_new, double h, double damping,
                            double* x_out, double* v_out) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= 3 * nv) return;
  x_out[k] = x_new[k];
  v_out[k] = damping * (x_new[k] - x_old[k]) / h;
}

void cloth_step(const double* x, const double* v, const double* stiffness, const double* rest, const int* off,
                const int* nbr, const int* sid, const int* pinned, int nv, int ns, double mass, double h,
                int iters, double* x_out, double* v_out) {
  const int nnz = off[nv];
  double *d_x, *d_v, *d_k, *d_rest, *d_y, *d_a, *d_b, *d_xo, *d_vo;
  int *d_off, *d_nbr, *d_sid, *d_pin;
  cudaMalloc(&d_x, 3 * nv * sizeof(double));
  cudaMalloc(&d_v, 3 * nv * sizeof(double));
  cudaMalloc(&d_k, ns * sizeof(double));
  cudaMalloc(&d_rest, ns * sizeof(double));
  cudaMalloc(&d_y, 3 * nv * sizeof(double));
  cudaMalloc(&d_a, 3 * nv * sizeof(double));
  cudaMalloc(&d_b, 3 * nv * sizeof(double));
  cudaMalloc(&d_xo, 3 * nv * sizeof(double));
  cudaMalloc(&d_vo, 3 * nv * sizeof(double));
  cudaMalloc(&d_off, (nv + 1) * sizeof(int));
  cudaMalloc(&d_nbr, nnz * sizeof(int));
  cudaMalloc(&d_sid, nnz * sizeof(int));
  cudaMalloc(&d_pin, nv * sizeof(int));
  cudaMemcpy(d_x, x, 3 * nv * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, 3 * nv * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, stiffness, ns * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_rest, rest, ns * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_off, off, (nv + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_nbr, nbr, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sid, sid, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pin, pinned, nv * sizeof(int), cudaMemcpyHostToDevice);

  const int tb = 64, nb = (nv + tb - 1) / tb;
  predict<<<nb, tb>>>(nv, d_x, d_v, h, -9.8, d_y);
  cudaMemcpy(d_a, d_y, 3 * nv * sizeof(double), cudaMemcpyDeviceToDevice);  // initial guess
  const double m_h2 = mass / (h * h);
  for (int it = 0; it < iters; ++it) {
    jacobi_iter<<<nb, tb>>>(nv, d_off, d_nbr, d_sid, d_k, d_rest, d_pin, d_y, m_h2, d_a, d_b);
    std::swap(d_a, d_b);
  }
  finish_step<<<(3 * nv + tb - 1) / tb, tb>>>(nv, d_x, d_a, h, 0.98, d_xo, d_vo);
  cudaMemcpy(x_out, d_xo, 3 * nv * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(v_out, d_vo, 3 * nv * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_k);
  cudaFree(d_rest);
  cudaFree(d_y);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_xo);
  cudaFree(d_vo);
  cudaFree(d_off);
  cudaFree(d_nbr);
  cudaFree(d_sid);
  cudaFree(d_pin);
}
