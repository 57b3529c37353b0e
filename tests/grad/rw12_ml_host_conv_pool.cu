// cuad: --fn conv_pool_forward --wrt out,x,weight,bias
// A small CNN block behind a host function, as in a hand-written inference path: cudaMalloc
// the device buffers, copy input, filters and bias, launch a direct 2-D convolution (NCHW,
// zero padding, stride, one thread per output element via a flat index decomposed into
// n, k, oh, ow, weights [K, C, R, S]) into a device temporary, then a pooling kernel that writes
// the 2x2 max-pool and the 2x2 average-pool of every channel side by side (concatenated
// channels [N, 2K, PH, PW]), copy the result back and free.
#include <cuda_runtime.h>

#define CHECK(call) \
  do {              \
    (call);         \
  } while (0)

struct ConvShape {
  int N, C, H, W;  // input
  int K, R, S;     // filters
  int pad, stride;
  int OH, OW;      // output
};

__global__ void conv2d_nchw(double* __restrict__ y, const double* __restrict__ x,
                            const double* __restrict__ w, const double* __restrict__ b,
                            ConvShape s) {
  const int total = s.N * s.K * s.OH * s.OW;
  for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total;
       idx += gridDim.x * blockDim.x) {
    const int ow = idx % s.OW;
    const int oh = (idx / s.OW) % s.OH;
    const int k = (idx / (s.OW * s.OH)) % s.K;
    const int n = idx / (s.OW * s.OH * s.K);
    double acc = b[k];
    for (int c = 0; c < s.C; ++c) {
      for (int r = 0; r < s.R; ++r) {
        const int ih = oh * s.stride - s.pad + r;
        if (ih < 0 || ih >= s.H) continue;
        for (int q = 0; q < s.S; ++q) {
          const int iw = ow * s.stride - s.pad + q;
          if (iw < 0 || iw >= s.W) continue;
          acc += x[((n * s.C + c) * s.H + ih) * s.W + iw] * w[((k * s.C + c) * s.R + r) * s.S + q];
        }
      }
    }
    y[idx] = acc;
  }
}

// in [N, K, H, W] -> out [N, 2K, H/2, W/2]: channels 0..K-1 max-pooled, K..2K-1 average-pooled.
__global__ void pool2x2_max_avg(double* __restrict__ out, const double* __restrict__ in, int N,
                                int K, int H, int W) {
  const int PH = H / 2, PW = W / 2;
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= N * K * PH * PW) return;
  const int pw = idx % PW, ph = (idx / PW) % PH, k = (idx / (PW * PH)) % K, n = idx / (PW * PH * K);
  const double* p = in + ((n * K + k) * H + 2 * ph) * W + 2 * pw;
  double m = p[0], s = 0.0;
#pragma unroll
  for (int dy = 0; dy < 2; ++dy)
#pragma unroll
    for (int dx = 0; dx < 2; ++dx) {
      const double v = p[dy * W + dx];
      m = v > m ? v : m;
      s += v;
    }
  out[((n * 2 * K + k) * PH + ph) * PW + pw] = m;
  out[((n * 2 * K + K + k) * PH + ph) * PW + pw] = 0.25 * s;
}

void conv_pool_forward(double* out, const double* x, const double* weight, const double* bias,
                       ConvShape s) {
  const size_t nx = (size_t)s.N * s.C * s.H * s.W, nw = (size_t)s.K * s.C * s.R * s.S;
  const size_t ny = (size_t)s.N * s.K * s.OH * s.OW;
  const size_t no = (size_t)s.N * 2 * s.K * (s.OH / 2) * (s.OW / 2);
  double *d_x, *d_w, *d_b, *d_y, *d_o;
  CHECK(cudaMalloc(&d_x, nx * sizeof(double)));
  CHECK(cudaMalloc(&d_w, nw * sizeof(double)));
  CHECK(cudaMalloc(&d_b, s.K * sizeof(double)));
  CHECK(cudaMalloc(&d_y, ny * sizeof(double)));
  CHECK(cudaMalloc(&d_o, no * sizeof(double)));
  CHECK(cudaMemcpy(d_x, x, nx * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_w, weight, nw * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, bias, s.K * sizeof(double), cudaMemcpyHostToDevice));
  conv2d_nchw<<<4, 64>>>(d_y, d_x, d_w, d_b, s);
  const int threads = 64;
  pool2x2_max_avg<<<(int)((no / 2 + threads - 1) / threads), threads>>>(d_o, d_y, s.N, s.K, s.OH,
                                                                       s.OW);
  CHECK(cudaMemcpy(out, d_o, no * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_w));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_o));
}
