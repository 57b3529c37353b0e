// cuad: --fn mlp_loss --wrt theta,X,Y
// A two-layer regression MLP evaluated the way a small training framework does it: the host
// passes all parameters as one flat vector `theta` (W1 | b1 | W2 | b2); the device copy is
// ONE cudaMalloc uploaded with one cudaMemcpy, and a `Model` struct of device pointers is set
// up by pointer arithmetic into that slab (`slab + off`), then passed by value to the kernels.
// Activations live in a second slab (hidden | out). The mean squared error is reduced on the
// device by a single-block kernel into a device scalar and copied back with cudaMemcpy as the
// return value. Error checks after every launch, a cudaDeviceSynchronize before the readback.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t e_ = (call);                                                           \
    if (e_ != cudaSuccess) {                                                           \
      fprintf(stderr, "cuda error %d (%s) at %s:%d\n", (int)e_, cudaGetErrorString(e_), \
              __FILE__, __LINE__);                                                     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

struct Model {
  const double* W1;  // hid x in
  const double* b1;  // hid
  const double* W2;  // out x hid
  const double* b2;  // out
  int in, hid, out;
};

constexpr int kReduce = 64;

__global__ void layer1(Model m, const double* __restrict__ X, double* __restrict__ H, int batch) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;  // hidden unit
  const int b = blockIdx.y;                             // sample
  if (k >= m.hid || b >= batch) return;
  double acc = m.b1[k];
  for (int j = 0; j < m.in; ++j) acc += m.W1[k * m.in + j] * X[b * m.in + j];
  H[b * m.hid + k] = tanh(acc);
}

__global__ void layer2(Model m, const double* __restrict__ H, double* __restrict__ O, int batch) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = blockIdx.y;
  if (o >= m.out || b >= batch) return;
  double acc = m.b2[o];
  for (int k = 0; k < m.hid; ++k) acc += m.W2[o * m.hid + k] * H[b * m.hid + k];
  O[b * m.out + o] = acc;
}

__global__ void mse_single_block(const double* __restrict__ O, const double* __restrict__ Y,
                                 double* __restrict__ loss, int count) {
  __shared__ double s[kReduce];
  const int t = threadIdx.x;
  double acc = 0.0;
  for (int i = t; i < count; i += blockDim.x) {
    const double d = O[i] - Y[i];
    acc += d * d;
  }
  s[t] = acc;
  __syncthreads();
  for (int stride = kReduce / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) *loss = s[0] / count;
}

double mlp_loss(const double* theta, const double* X, const double* Y, int batch, int in,
                int hid, int out) {
  const size_t nW1 = (size_t)hid * in, nb1 = hid, nW2 = (size_t)out * hid, nb2 = out;
  const size_t nparams = nW1 + nb1 + nW2 + nb2;
  double* slab = nullptr;
  CHECK(cudaMalloc(&slab, nparams * sizeof(double)));
  CHECK(cudaMemcpy(slab, theta, nparams * sizeof(double), cudaMemcpyHostToDevice));
  Model m;
  size_t off = 0;
  m.W1 = slab + off; off += nW1;
  m.b1 = slab + off; off += nb1;
  m.W2 = slab + off; off += nW2;
  m.b2 = slab + off; off += nb2;
  m.in = in;
  m.hid = hid;
  m.out = out;

  double *d_X, *d_Y, *act, *d_loss;
  CHECK(cudaMalloc(&d_X, (size_t)batch * in * sizeof(double)));
  CHECK(cudaMalloc(&d_Y, (size_t)batch * out * sizeof(double)));
  CHECK(cudaMalloc(&act, (size_t)batch * (hid + out) * sizeof(double)));
  CHECK(cudaMalloc(&d_loss, sizeof(double)));
  double* d_H = act;
  double* d_O = act + (size_t)batch * hid;
  CHECK(cudaMemcpy(d_X, X, (size_t)batch * in * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_Y, Y, (size_t)batch * out * sizeof(double), cudaMemcpyHostToDevice));

  layer1<<<dim3((hid + 31) / 32, batch), 32>>>(m, d_X, d_H, batch);
  CHECK(cudaGetLastError());
  layer2<<<dim3((out + 31) / 32, batch), 32>>>(m, d_H, d_O, batch);
  CHECK(cudaGetLastError());
  mse_single_block<<<1, kReduce>>>(d_O, d_Y, d_loss, batch * out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  double loss = 0.0;
  CHECK(cudaMemcpy(&loss, d_loss, sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(slab));
  CHECK(cudaFree(d_X));
  CHECK(cudaFree(d_Y));
  CHECK(cudaFree(act));
  CHECK(cudaFree(d_loss));
  return loss;
}
