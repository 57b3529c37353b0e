// cuad: fwd --fn preprocess
// cuad: fwd --fn preprocess --wrt imgs,out
// Forward mode through an image-preprocessing host pipeline: a batch of images is copied to
// the device with cudaMemcpyAsync on a stream, each image is blurred by a 2-D dim3 launch and
// reduced (sum and sum of squares, shared memory) by a per-image launch with pointer offsets
// (d_img + b * hw, d_stats + 2 * b), the stats come back into a std::vector, the host
// computes mean and standard deviation per image, and a normalization kernel writes
// (v - mean) / std * gain into a cudaMallocManaged buffer that the host copies into `out`.
// Returns the mean of the per-image standard deviations.
#include <cuda_runtime.h>
#include <vector>
#include <cmath>

__global__ void blur3(const double* in, double* out, int w, int h, int nimg, double k) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h * nimg) return;
  int img = y / h, yy = y % h;
  const double* p = in + img * w * h;
  double c = p[yy * w + x];
  double acc = c, wsum = 1.0;
  if (x > 0) { acc += k * p[yy * w + x - 1]; wsum += k; }
  if (x < w - 1) { acc += k * p[yy * w + x + 1]; wsum += k; }
  if (yy > 0) { acc += k * p[(yy - 1) * w + x]; wsum += k; }
  if (yy < h - 1) { acc += k * p[(yy + 1) * w + x]; wsum += k; }
  out[y * w + x] = acc / wsum;
}

__global__ void moments(const double* img, double* stats, int hw) {
  __shared__ double s1[64], s2[64];
  int t = threadIdx.x;
  double a = 0.0, b = 0.0;
  for (int i = t; i < hw; i += blockDim.x) {
    a += img[i];
    b += img[i] * img[i];
  }
  s1[t] = a;
  s2[t] = b;
  __syncthreads();
  for (int s = 32; s > 0; s >>= 1) {
    if (t < s) {
      s1[t] += s1[t + s];
      s2[t] += s2[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    stats[0] = s1[0];
    stats[1] = s2[0];
  }
}

__global__ void normalize(const double* img, double* dst, double mean, double inv_std,
                          double gain, int hw) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < hw) dst[i] = gain * (img[i] - mean) * inv_std;
}

double preprocess(const double* imgs, int w, int h, int nimg, double k, double gain,
                  double* out) {
  const int hw = w * h;
  const size_t bytes = (size_t)nimg * hw * sizeof(double);
  cudaStream_t st;
  cudaStreamCreate(&st);
  double *d_in, *d_blur, *d_stats, *m_out;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_blur, bytes);
  cudaMalloc(&d_stats, 2 * nimg * sizeof(double));
  cudaMallocManaged(&m_out, bytes);
  cudaMemset(d_stats, 0, 2 * nimg * sizeof(double));
  cudaMemcpyAsync(d_in, imgs, bytes, cudaMemcpyHostToDevice, st);
  dim3 block(8, 8);
  dim3 grid((w + 7) / 8, (h * nimg + 7) / 8);
  blur3<<<grid, block, 0, st>>>(d_in, d_blur, w, h, nimg, k);
  for (int b = 0; b < nimg; ++b) moments<<<1, 64, 0, st>>>(d_blur + b * hw, d_stats + 2 * b, hw);
  std::vector<double> stats(2 * nimg);
  cudaMemcpyAsync(stats.data(), d_stats, stats.size() * sizeof(double), cudaMemcpyDeviceToHost,
                  st);
  cudaStreamSynchronize(st);
  double std_sum = 0.0;
  for (int b = 0; b < nimg; ++b) {
    double mean = stats[2 * b] / hw;
    double var = stats[2 * b + 1] / hw - mean * mean;
    double sd = std::sqrt(var + 1e-5);
    std_sum += sd;
    normalize<<<(hw + 31) / 32, 32, 0, st>>>(d_blur + b * hw, m_out + b * hw, mean, 1.0 / sd,
                                            gain, hw);
  }
  cudaStreamSynchronize(st);
  for (int i = 0; i < nimg * hw; ++i) out[i] = m_out[i];
  cudaStreamDestroy(st);
  cudaFree(d_in);
  cudaFree(d_blur);
  cudaFree(d_stats);
  cudaFree(m_out);
  return std_sum / nimg;
}
