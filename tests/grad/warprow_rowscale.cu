// cuad: --fn row_sum --wrt out,x
// cuad: --fn row_scale --wrt y,x,scale,bias
// One warp per row, two ways. row_sum: lane `% 32`, warp `/ 32`, the row through a local
// `warps_per_block`, a __shfl_down_sync sum, lane 0 storing out[row]. row_scale: the lane and
// the row both from the thread's index in the grid (`g % warpSize`, `g / warpSize`), which
// names a distinct (row, lane) for any block size: it runs with 48 threads per block.
__global__ void row_sum(float* out, const float* x, int N, int C) {
    int warps_per_block = blockDim.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * warps_per_block + threadIdx.x / 32;
    if (row >= N) return;
    const float* xr = x + row * C;
    float s = 0.0f;
    for (int c = lane; c < C; c += 32) s += xr[c] * xr[c];
    for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0) out[row] = sqrtf(s);
}

__global__ void row_scale(float* y, const float* x, const float* scale, const float* bias, int N, int C) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int row = g / warpSize;
    int lane = g % warpSize;
    if (row >= N) return;
    float a = scale[row];
    for (int c = lane; c < C; c += warpSize) y[row * C + c] = a * x[row * C + c] * x[row * C + c] + bias[c];
}
