// cuad: --fn conv_layer --wrt image,filter,bias,out
// Written for cuad in the style of a hand-written convolution layer driven from the host: a
// 2-D 3x3 convolution whose blocks stage a (TILE + 2) x (TILE + 2) shared tile with its halo
// (threads loading several tile entries in a strided loop, zero padding at the image border)
// before __syncthreads, then a bias + softplus kernel; the host function allocates device
// buffers, copies in with cudaMemcpyAsync on a stream, launches both kernels with 2-D grids on
// that stream, copies the result back asynchronously and synchronizes.
#include <cuda_runtime.h>
#define TILE 8
#define R 1

__global__ void conv3x3_tiled(const float* __restrict__ in, const float* __restrict__ filt,
                              float* __restrict__ out, int H, int W) {
  __shared__ float tile[TILE + 2 * R][TILE + 2 * R];
  const int ox = blockIdx.x * TILE, oy = blockIdx.y * TILE;
  const int tid = threadIdx.y * TILE + threadIdx.x;
  for (int k = tid; k < (TILE + 2 * R) * (TILE + 2 * R); k += TILE * TILE) {
    const int ty = k / (TILE + 2 * R), tx = k % (TILE + 2 * R);
    const int gy = oy + ty - R, gx = ox + tx - R;
    tile[ty][tx] = (gy >= 0 && gy < H && gx >= 0 && gx < W) ? in[gy * W + gx] : 0.0f;
  }
  __syncthreads();
  const int x = ox + threadIdx.x, y = oy + threadIdx.y;
  if (x >= W || y >= H) return;
  float acc = 0.0f;
#pragma unroll
  for (int dy = 0; dy < 2 * R + 1; ++dy)
#pragma unroll
    for (int dx = 0; dx < 2 * R + 1; ++dx)
      acc += filt[dy * (2 * R + 1) + dx] * tile[threadIdx.y + dy][threadIdx.x + dx];
  out[y * W + x] = acc;
}

__global__ void bias_softplus(float* __restrict__ x, const float* __restrict__ bias, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = log1pf(expf(x[i] + bias[0]));
}

void conv_layer(const float* image, const float* filter, const float* bias, float* out, int H,
                int W) {
  float *d_in, *d_f, *d_b, *d_out;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMalloc(&d_in, H * W * sizeof(float));
  cudaMalloc(&d_f, 9 * sizeof(float));
  cudaMalloc(&d_b, sizeof(float));
  cudaMalloc(&d_out, H * W * sizeof(float));
  cudaMemcpyAsync(d_in, image, H * W * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaMemcpyAsync(d_f, filter, 9 * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaMemcpyAsync(d_b, bias, sizeof(float), cudaMemcpyHostToDevice, stream);
  dim3 block(TILE, TILE), grid((W + TILE - 1) / TILE, (H + TILE - 1) / TILE);
  conv3x3_tiled<<<grid, block, 0, stream>>>(d_in, d_f, d_out, H, W);
  bias_softplus<<<(H * W + 127) / 128, 128, 0, stream>>>(d_out, d_b, H * W);
  cudaMemcpyAsync(out, d_out, H * W * sizeof(float), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  cudaFree(d_in);
  cudaFree(d_f);
  cudaFree(d_b);
  cudaFree(d_out);
  cudaStreamDestroy(stream);
}
