// cuad: --fn softmax_rows --wrt out,inp
// Softmax of the rows of an (N, C) matrix with one warp per row, the row taken from the
// thread's index in the grid (`(blockIdx.x * blockDim.x + threadIdx.x) / 32`) and the lane
// from `threadIdx.x % 32`, as llm.c's softmax kernels do: a max and a sum by __shfl_xor_sync,
// lanes striding the row by 32, the output row written at `row * C + c` and read back.
__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__global__ void softmax_rows(float* out, const float* inp, int N, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int row = idx / 32;
    int lane = threadIdx.x % 32;
    if (row >= N) return;
    float hi = -INFINITY;
    for (int c = lane; c < C; c += 32) hi = fmaxf(hi, inp[row * C + c]);
    hi = warp_max(hi);
    float s = 0.0f;
    for (int c = lane; c < C; c += 32) {
        float e = expf(inp[row * C + c] - hi);
        out[row * C + c] = e;
        s += e;
    }
    float inv = 1.0f / warp_sum(s);
    for (int c = lane; c < C; c += 32) out[row * C + c] = out[row * C + c] * inv;
}
