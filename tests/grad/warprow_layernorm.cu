// cuad: --fn layernorm_rows --wrt out,mean,rstd,inp,weight,bias
// cuad: --fn layernorm_backward_rows --wrt dinp,dweight,dbias,dout,inp,weight,mean,rstd
// LayerNorm of the rows of an (N, C) matrix with one warp per row, in the style of llm.c's
// layernorm kernels. layernorm_rows: lane and warp through warpSize, the row
// `blockIdx.x * (blockDim.x / warpSize) + warp`, row pointers, lanes striding the row by
// warpSize, lane 0 storing mean[row] and rstd[row]. layernorm_backward_rows: lane `& 31`,
// warp `>> 5`, a row read back from mean[row] and rstd[row] by every lane, dinp's row
// accumulated with `+=` through a row pointer, dweight/dbias shared by the rows (atomics).
__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__global__ void layernorm_rows(float* out, float* mean, float* rstd, const float* inp,
                               const float* weight, const float* bias, int N, int C) {
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    int row = blockIdx.x * (blockDim.x / warpSize) + warp;
    if (row >= N) return;
    const float* x = inp + row * C;
    float* o = out + row * C;
    float s = 0.0f;
    for (int c = lane; c < C; c += warpSize) s += x[c];
    float m = warp_sum(s) / C;
    float v = 0.0f;
    for (int c = lane; c < C; c += warpSize) {
        float d = x[c] - m;
        v += d * d;
    }
    float r = rsqrtf(warp_sum(v) / C + 1e-5f);
    if (lane == 0) {
        mean[row] = m;
        rstd[row] = r;
    }
    for (int c = lane; c < C; c += warpSize) o[c] = (x[c] - m) * r * weight[c] + bias[c];
}

__global__ void layernorm_backward_rows(float* dinp, float* dweight, float* dbias, const float* dout,
                                        const float* inp, const float* weight, const float* mean,
                                        const float* rstd, int N, int C) {
    int lane = threadIdx.x & 31;
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= N) return;
    const float* g = dout + row * C;
    const float* x = inp + row * C;
    float* dx = dinp + row * C;
    float m = mean[row];
    float r = rstd[row];
    float gsum = 0.0f, gxsum = 0.0f;
    for (int c = lane; c < C; c += 32) {
        float xhat = (x[c] - m) * r;
        float gw = weight[c] * g[c];
        gsum += gw;
        gxsum += gw * xhat;
    }
    gsum = warp_sum(gsum) / C;
    gxsum = warp_sum(gxsum) / C;
    for (int c = lane; c < C; c += 32) {
        float xhat = (x[c] - m) * r;
        atomicAdd(&dbias[c], g[c]);
        atomicAdd(&dweight[c], xhat * g[c]);
        dx[c] += (weight[c] * g[c] - gsum - xhat * gxsum) * r;
    }
}
