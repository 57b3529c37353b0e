// cuad: --fn vae_loss --wrt x,enc_w1,enc_b1,enc_w2,enc_b2,dec_w,dec_b
// The negative ELBO of a small VAE on binary data, forward pass in CUDA with the noise drawn
// on the host (so the reparameterisation is deterministic given eps): encoder dense + tanh
// (activation applied in place on the hidden buffer), a second dense layer producing
// [mu | logvar] packed in one buffer per sample, z = mu + exp(0.5 logvar) * eps, a decoder
// dense layer to Bernoulli logits, then one block per sample that sums the numerically stable
// BCE-with-logits over pixels and the analytic KL over latents in shared memory. The host
// averages over the batch with a beta weight on the KL. Dimensions come in a struct.
#include <cuda_runtime.h>
#include <math.h>

struct VAEDims {
  int batch;
  int x_dim;
  int h_dim;
  int z_dim;
};

__global__ void dense(double* out, const double* in, const double* W, const double* bias, int rows,
                      int in_f, int out_f) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= rows * out_f) return;
  int r = idx / out_f, o = idx % out_f;
  double acc = bias[o];
  for (int k = 0; k < in_f; ++k) acc += W[o * in_f + k] * in[r * in_f + k];
  out[idx] = acc;
}

__global__ void tanh_inplace(double* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = tanh(a[i]);
}

__global__ void reparameterize(double* z, const double* stats, const double* eps, VAEDims d) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= d.batch * d.z_dim) return;
  int b = idx / d.z_dim, j = idx % d.z_dim;
  const double* mu = stats + b * 2 * d.z_dim;
  const double* logvar = mu + d.z_dim;
  z[idx] = mu[j] + exp(0.5 * logvar[j]) * eps[idx];
}

template <int BLOCK>
__global__ void elbo_terms(double* recon, double* kl, const double* logits, const double* x,
                           const double* stats, VAEDims d) {
  __shared__ double s_rec[BLOCK];
  __shared__ double s_kl[BLOCK];
  const int b = blockIdx.x;
  const int tid = threadIdx.x;
  double r = 0.0;
  for (int i = tid; i < d.x_dim; i += BLOCK) {
    const double l = logits[b * d.x_dim + i];
    const double t = x[b * d.x_dim + i];
    // BCE with logits: max(l, 0) - l * t + log(1 + exp(-|l|))
    r += fmax(l, 0.0) - l * t + log1p(exp(-fabs(l)));
  }
  double k = 0.0;
  for (int j = tid; j < d.z_dim; j += BLOCK) {
    const double mu = stats[b * 2 * d.z_dim + j];
    const double lv = stats[b * 2 * d.z_dim + d.z_dim + j];
    k += -0.5 * (1.0 + lv - mu * mu - exp(lv));
  }
  s_rec[tid] = r;
  s_kl[tid] = k;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) {
      s_rec[tid] += s_rec[tid + s];
      s_kl[tid] += s_kl[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    recon[b] = s_rec[0];
    kl[b] = s_kl[0];
  }
}

double vae_loss(const double* x, const double* eps, const double* enc_w1, const double* enc_b1,
                const double* enc_w2, const double* enc_b2, const double* dec_w,
                const double* dec_b, VAEDims d, double beta) {
  const int B = d.batch, X = d.x_dim, H = d.h_dim, Z = d.z_dim;
  double *d_x, *d_eps, *d_w1, *d_b1, *d_w2, *d_b2, *d_wd, *d_bd;
  double *d_h, *d_stats, *d_z, *d_logits, *d_recon, *d_kl;
  cudaMalloc(&d_x, B * X * sizeof(double));
  cudaMalloc(&d_eps, B * Z * sizeof(double));
  cudaMalloc(&d_w1, H * X * sizeof(double));
  cudaMalloc(&d_b1, H * sizeof(double));
  cudaMalloc(&d_w2, 2 * Z * H * sizeof(double));
  cudaMalloc(&d_b2, 2 * Z * sizeof(double));
  cudaMalloc(&d_wd, X * Z * sizeof(double));
  cudaMalloc(&d_bd, X * sizeof(double));
  cudaMalloc(&d_h, B * H * sizeof(double));
  cudaMalloc(&d_stats, B * 2 * Z * sizeof(double));
  cudaMalloc(&d_z, B * Z * sizeof(double));
  cudaMalloc(&d_logits, B * X * sizeof(double));
  cudaMalloc(&d_recon, B * sizeof(double));
  cudaMalloc(&d_kl, B * sizeof(double));
  cudaMemcpy(d_x, x, B * X * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_eps, eps, B * Z * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w1, enc_w1, H * X * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b1, enc_b1, H * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w2, enc_w2, 2 * Z * H * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b2, enc_b2, 2 * Z * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wd, dec_w, X * Z * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bd, dec_b, X * sizeof(double), cudaMemcpyHostToDevice);

  const int T = 32;
  dense<<<(B * H + T - 1) / T, T>>>(d_h, d_x, d_w1, d_b1, B, X, H);
  tanh_inplace<<<(B * H + T - 1) / T, T>>>(d_h, B * H);
  dense<<<(B * 2 * Z + T - 1) / T, T>>>(d_stats, d_h, d_w2, d_b2, B, H, 2 * Z);
  reparameterize<<<(B * Z + T - 1) / T, T>>>(d_z, d_stats, d_eps, d);
  dense<<<(B * X + T - 1) / T, T>>>(d_logits, d_z, d_wd, d_bd, B, Z, X);
  elbo_terms<4><<<B, 4>>>(d_recon, d_kl, d_logits, d_x, d_stats, d);

  double recon[16], kl[16];
  cudaMemcpy(recon, d_recon, B * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(kl, d_kl, B * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int b = 0; b < B; ++b) total += recon[b] + beta * kl[b];

  cudaFree(d_x); cudaFree(d_eps); cudaFree(d_w1); cudaFree(d_b1); cudaFree(d_w2);
  cudaFree(d_b2); cudaFree(d_wd); cudaFree(d_bd); cudaFree(d_h); cudaFree(d_stats);
  cudaFree(d_z); cudaFree(d_logits); cudaFree(d_recon); cudaFree(d_kl);
  return total / B;
}
