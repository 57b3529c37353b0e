// cuad: --fn render_loss --wrt t_starts,t_ends,sigmas,rgbs
// Front-to-back alpha compositing of packed ray samples (nerfacc-style: each ray owns a
// contiguous run of samples given by a {start, count} struct), double precision, inside a
// host training-loss function: it uploads the packed samples, launches one thread per ray
// that walks its samples with a while loop (skipping nearly transparent samples with
// continue, stopping once the transmittance falls below a threshold), writes color, opacity
// and expected depth, copies color and opacity back into std::vectors and computes on the
// host a photometric MSE against the target colors plus a binary-entropy opacity regulariser
// and a small depth-smoothness term between neighbouring rays.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

struct RayPack {
  int start;
  int count;
};

struct CompositeOpts {
  double alpha_thresh;
  double T_thresh;
  double white_bkgd;
};

__global__ void composite_packed(const RayPack* __restrict__ packs, const double* __restrict__ t_starts,
                                 const double* __restrict__ t_ends, const double* __restrict__ sigmas,
                                 const double* __restrict__ rgbs, CompositeOpts o, int n_rays,
                                 double* __restrict__ color, double* __restrict__ opacity,
                                 double* __restrict__ depth) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rays) return;
  const RayPack pk = packs[r];
  double T = 1.0, d = 0.0;
  double c[3] = {0.0, 0.0, 0.0};
  int j = 0;
  while (j < pk.count) {
    const int s = pk.start + j++;
    const double dt = t_ends[s] - t_starts[s];
    const double alpha = 1.0 - exp(-sigmas[s] * dt);
    if (alpha < o.alpha_thresh) continue;
    const double w = alpha * T;
    for (int ch = 0; ch < 3; ++ch) c[ch] += w * rgbs[3 * s + ch];
    d += w * 0.5 * (t_starts[s] + t_ends[s]);
    T *= 1.0 - alpha;
    if (T < o.T_thresh) break;
  }
  for (int ch = 0; ch < 3; ++ch) color[3 * r + ch] = c[ch] + T * o.white_bkgd;
  opacity[r] = 1.0 - T;
  depth[r] = d;
}

double render_loss(const RayPack* packs, const double* t_starts, const double* t_ends, const double* sigmas,
                   const double* rgbs, const double* target, int n_rays, int n_samples, double lambda_op,
                   double lambda_depth) {
  RayPack* d_packs;
  double *d_ts, *d_te, *d_sig, *d_rgb, *d_color, *d_op, *d_depth;
  cudaMalloc(&d_packs, n_rays * sizeof(RayPack));
  cudaMalloc(&d_ts, n_samples * sizeof(double));
  cudaMalloc(&d_te, n_samples * sizeof(double));
  cudaMalloc(&d_sig, n_samples * sizeof(double));
  cudaMalloc(&d_rgb, 3 * n_samples * sizeof(double));
  cudaMalloc(&d_color, 3 * n_rays * sizeof(double));
  cudaMalloc(&d_op, n_rays * sizeof(double));
  cudaMalloc(&d_depth, n_rays * sizeof(double));
  cudaMemcpy(d_packs, packs, n_rays * sizeof(RayPack), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ts, t_starts, n_samples * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_te, t_ends, n_samples * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sig, sigmas, n_samples * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_rgb, rgbs, 3 * n_samples * sizeof(double), cudaMemcpyHostToDevice);

  CompositeOpts opts{1e-3, 1e-3, 1.0};
  const int threads = 32;
  composite_packed<<<(n_rays + threads - 1) / threads, threads>>>(d_packs, d_ts, d_te, d_sig, d_rgb, opts, n_rays,
                                                                   d_color, d_op, d_depth);

  std::vector<double> color(3 * n_rays), op(n_rays), depth(n_rays);
  cudaMemcpy(color.data(), d_color, 3 * n_rays * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(op.data(), d_op, n_rays * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(depth.data(), d_depth, n_rays * sizeof(double), cudaMemcpyDeviceToHost);

  double mse = 0.0;
  for (int k = 0; k < 3 * n_rays; ++k) {
    const double e = color[k] - target[k];
    mse += e * e;
  }
  mse /= 3 * n_rays;
  double ent = 0.0;
  for (int r = 0; r < n_rays; ++r) {
    const double p = fmin(fmax(op[r], 1e-6), 1.0 - 1e-6);
    ent += -p * log(p) - (1.0 - p) * log(1.0 - p);
  }
  double smooth = 0.0;
  for (int r = 1; r < n_rays; ++r) smooth += (depth[r] - depth[r - 1]) * (depth[r] - depth[r - 1]);

  cudaFree(d_packs);
  cudaFree(d_ts);
  cudaFree(d_te);
  cudaFree(d_sig);
  cudaFree(d_rgb);
  cudaFree(d_color);
  cudaFree(d_op);
  cudaFree(d_depth);
  return mse + lambda_op * ent / n_rays + lambda_depth * smooth;
}
