// cuad: --fn layernorm_forward_kernel3 --wrt out,mean,rstd,inp,weight,bias
// Written for cuad in the style of karpathy/llm.c's layernorm forward kernels: LayerNorm of
// each row of an (N, C) matrix with one warp per row. Exercises warp indexing through
// warpSize (warp id / lane id), an early `return` for warps past the last row, a
// __shfl_xor_sync sum, optional mean/rstd outputs guarded by `!= nullptr`, and streaming
// stores and loads (__stcs, __ldcs).
__device__ float warpReduceSum(float val) {
    for (int mask = 16; mask > 0; mask >>= 1) {
        val += __shfl_xor_sync(0xFFFFFFFF, val, mask);
    }
    return val;
}

__global__ void layernorm_forward_kernel3(float* __restrict__ out, float* __restrict__ mean, float* __restrict__ rstd,
                                    const float*  __restrict__ inp, const float*  __restrict__ weight,
                                    const float* __restrict__ bias, int N, int C) {
    int laneId = threadIdx.x % warpSize;
    int warpId = threadIdx.x / warpSize;
    int row = blockIdx.x * (blockDim.x / warpSize) + warpId;
    if (row >= N) {
        return;
    }
    const float* src = inp + row * C;
    float* dst = out + row * C;

    float acc = 0.0f;
    for (int c = laneId; c < C; c += warpSize) {
        acc += src[c];
    }
    float mu = warpReduceSum(acc) / C;
    if (laneId == 0 && mean != nullptr) {
        __stcs(mean + row, mu);
    }

    float var = 0.0f;
    for (int c = laneId; c < C; c += warpSize) {
        float d = src[c] - mu;
        var += d * d;
    }
    var = warpReduceSum(var);
    float inv = rsqrtf(var / C + 1e-5f);
    if (laneId == 0 && rstd != nullptr) {
        __stcs(rstd + row, inv);
    }

    for (int c = laneId; c < C; c += warpSize) {
        float xhat = (__ldcs(src + c) - mu) * inv;
        __stcs(dst + c, weight[c] * xhat + bias[c]);
    }
}
