// cuad: --fn spectrum_db --wrt x,mag
// cuad: fwd --fn spectrum_db --wrt x,mag
// The textbook iterative in-place radix-2 FFT, driven from the host, for a batch of real
// frames (an audio feature extractor): a complex struct with constructors and member
// operators, a kernel that loads a frame at bit-reversed positions (the permutation as
// swaps in place: thread i swaps with its reversal j when j > i), log2(n) in-place butterfly
// launches on the same global buffer, and a kernel turning the half spectrum into a
// log-magnitude 10 log10(|X|^2 + eps). The host function allocates, copies, loops over the
// stages and copies back.
#include <cuda_runtime.h>
#include <math.h>

struct Complex {
  float re, im;
  __host__ __device__ Complex() : re(0.0f), im(0.0f) {}
  __host__ __device__ Complex(float r, float i) : re(r), im(i) {}
  __host__ __device__ Complex operator+(const Complex& o) const { return Complex(re + o.re, im + o.im); }
  __host__ __device__ Complex operator-(const Complex& o) const { return Complex(re - o.re, im - o.im); }
  __host__ __device__ Complex operator*(const Complex& o) const {
    return Complex(re * o.re - im * o.im, re * o.im + im * o.re);
  }
  __host__ __device__ float abs2() const { return re * re + im * im; }
};

__global__ void load_real(const float* __restrict__ x, Complex* data, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) data[i] = Complex(x[i], 0.0f);
}

__global__ void bitrev_permute(Complex* data, int batch, int n, int logn) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= batch * n) return;
  const int b = tid / n, i = tid % n;
  int j = 0;
  for (int k = 0; k < logn; ++k) j |= ((i >> k) & 1) << (logn - 1 - k);
  if (j > i) {
    Complex t = data[b * n + i];
    data[b * n + i] = data[b * n + j];
    data[b * n + j] = t;
  }
}

__global__ void butterflies(Complex* data, int batch, int n, int half) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= batch * (n / 2)) return;
  const int b = tid / (n / 2), k = tid % (n / 2);
  const int pos = k % half;
  const int i0 = b * n + (k / half) * 2 * half + pos, i1 = i0 + half;
  float s, c;
  sincosf(-3.14159265f * pos / half, &s, &c);
  const Complex w(c, s);
  const Complex u = data[i0];
  const Complex v = w * data[i1];
  data[i0] = u + v;
  data[i1] = u - v;
}

__global__ void log_mag(const Complex* __restrict__ data, float* __restrict__ mag, int batch, int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int nb = n / 2 + 1;
  if (tid >= batch * nb) return;
  const int b = tid / nb, k = tid % nb;
  mag[tid] = 10.0f * log10f(data[b * n + k].abs2() + 1e-3f);
}

void spectrum_db(const float* x, float* mag, int batch, int logn) {
  const int n = 1 << logn, nb = n / 2 + 1;
  Complex* d_data;
  float *d_x, *d_mag;
  cudaMalloc(&d_x, batch * n * sizeof(float));
  cudaMalloc(&d_data, batch * n * sizeof(Complex));
  cudaMalloc(&d_mag, batch * nb * sizeof(float));
  cudaMemcpy(d_x, x, batch * n * sizeof(float), cudaMemcpyHostToDevice);
  const int threads = 64;
  load_real<<<(batch * n + threads - 1) / threads, threads>>>(d_x, d_data, batch * n);
  bitrev_permute<<<(batch * n + threads - 1) / threads, threads>>>(d_data, batch, n, logn);
  for (int half = 1; half < n; half *= 2)
    butterflies<<<(batch * n / 2 + threads - 1) / threads, threads>>>(d_data, batch, n, half);
  log_mag<<<(batch * nb + threads - 1) / threads, threads>>>(d_data, d_mag, batch, n);
  cudaMemcpy(mag, d_mag, batch * nb * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_data);
  cudaFree(d_mag);
}
