// cuad: --fn energy --wrt x,scale,y
// cuad: fwd --fn energy
// std::vector host staging buffers in a host function: one filled on the host from the input
// and copied to the device, one sized by `resize` and filled by a copy back, one constructed
// with an active fill value; `data()`, `size()`, `operator[]`, `back()` and a range-based for
// loop; a host reduction over the copied-back results, and an output array. A vector of
// constants grown by push_back stays a library container (its elements carry nothing).
#include <cuda_runtime.h>
#include <vector>

__global__ void smooth(const double* in, const double* bias, const double* coef, double* out,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double l = i > 0 ? in[i - 1] : in[i];
    out[i] = coef[0] * in[i] * in[i] + coef[1] * l + bias[i % 4];
  }
}

double energy(const double* x, double scale, double* y, int n) {
  std::vector<double> hin(n);
  for (int i = 0; i < n; ++i) hin[i] = scale * x[i] + 0.1 * i;
  std::vector<double> bias(4, 0.5 * scale);
  bias[1] += x[0];
  std::vector<double> coef;
  coef.push_back(0.5);
  coef.push_back(0.25);
  double *d_in, *d_out, *d_bias, *d_coef;
  cudaMalloc(&d_coef, coef.size() * sizeof(double));
  cudaMemcpy(d_coef, coef.data(), coef.size() * sizeof(double), cudaMemcpyHostToDevice);
  cudaMalloc(&d_in, hin.size() * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMalloc(&d_bias, bias.size() * sizeof(double));
  cudaMemcpy(d_in, hin.data(), hin.size() * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bias, bias.data(), 4 * sizeof(double), cudaMemcpyHostToDevice);
  smooth<<<(n + 31) / 32, 32>>>(d_in, d_bias, d_coef, d_out, n);
  std::vector<double> hout;
  hout.resize(n);
  cudaMemcpy(hout.data(), d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  double e = 0.0;
  for (size_t i = 0; i < hout.size(); ++i) e += hout[i] * hout[i];
  for (double v : hout) e += 0.4 * coef[1] * v;
  for (int i = 0; i < n; ++i) y[i] = hout[i] * x[i];
  e += hout.back();
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_bias);
  cudaFree(d_coef);
  return e + 0.01 * hout[0];
}
