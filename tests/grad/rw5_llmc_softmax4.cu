// cuad: --fn softmax_forward_kernel4 --wrt out,inp
// cuad: --fn softmax_forward_kernel2 --wrt out,inp
// Written for cuad in the style of karpathy/llm.c's softmax forward kernels: a numerically
// stable softmax of each row of an (N, C) matrix, one block per row. softmax_forward_kernel4
// exercises __shfl_down_sync max and sum reductions, one `extern __shared__` float buffer
// carved into two arrays (per-warp maxima, per-warp sums), a serial cross-warp pass by thread
// 0, and the row read back from `out` after this thread wrote it. softmax_forward_kernel2
// exercises shared-memory fmaxf and sum trees with a barrier at the top of every level, and
// the row pointer `x` re-pointed from inp to out between the two phases.
__device__ float warpReduceMax(float val) {
    for (int d = 16; d > 0; d /= 2) {
        val = fmaxf(val, __shfl_down_sync(0xFFFFFFFF, val, d));
    }
    return val;
}

__device__ float warpReduceSum(float val) {
    for (int d = 16; d > 0; d /= 2) {
        val += __shfl_down_sync(0xFFFFFFFF, val, d);
    }
    return val;
}

__global__ void softmax_forward_kernel2(float* out, float* inp, int N, int C) {
    extern __shared__ float shared[];
    int row = blockIdx.x;
    int t = threadIdx.x;
    int threads = blockDim.x;
    float* x = inp + row * C;

    // each thread folds a strided slice of the row, then a tree folds the threads
    float hi = -INFINITY;
    for (int c = t; c < C; c += threads) {
        hi = fmaxf(hi, x[c]);
    }
    shared[t] = hi;
    __syncthreads();
    for (int half = threads / 2; half >= 1; half /= 2) {
        __syncthreads();
        if (t < half) {
            shared[t] = fmaxf(shared[t], shared[t + half]);
        }
    }
    // the last level was written by thread 0 only: wait before everyone reads it
    __syncthreads();
    float rowMax = shared[0];
    // shared[] is reused for the sums below
    __syncthreads();
    for (int c = t; c < C; c += threads) {
        out[row * C + c] = expf(x[c] - rowMax);
    }
    __syncthreads();

    x = out + row * C;
    float part = 0.0f;
    for (int c = t; c < C; c += threads) {
        part += x[c];
    }
    shared[t] = part;
    __syncthreads();
    for (int half = threads / 2; half >= 1; half /= 2) {
        __syncthreads();
        if (t < half) {
            shared[t] += shared[t + half];
        }
    }
    __syncthreads();
    float rowSum = shared[0];
    for (int c = t; c < C; c += threads) {
        out[row * C + c] = x[c] / rowSum;
    }
}

__global__ void softmax_forward_kernel4(float* out, float* inp, int N, int C) {
    extern __shared__ float shared[];
    int row = blockIdx.x;
    int t = threadIdx.x;
    int laneId = threadIdx.x % 32;
    int warpId = threadIdx.x / 32;
    int warpsPerBlock = blockDim.x / 32;

    // the launch gives 2 * warpsPerBlock floats: maxima first, then sums
    float* warpMax = shared;
    float* warpSum = &shared[warpsPerBlock];

    float* x = inp + row * C;

    float hi = -INFINITY;
    for (int c = t; c < C; c += blockDim.x) {
        hi = fmaxf(hi, x[c]);
    }
    hi = warpReduceMax(hi);
    if (laneId == 0) warpMax[warpId] = hi;
    __syncthreads();
    if (t == 0) {
        float best = warpMax[0];
        for (int w = 1; w < warpsPerBlock; w++) {
            best = fmaxf(best, warpMax[w]);
        }
        warpMax[0] = best;
    }
    __syncthreads();
    float rowMax = warpMax[0];

    for (int c = t; c < C; c += blockDim.x) {
        out[row * C + c] = expf(x[c] - rowMax);
    }

    // each thread sums back exactly the entries it just wrote, so no barrier is needed
    x = out + row * C;
    float part = 0.0f;
    for (int c = t; c < C; c += blockDim.x) {
        part += x[c];
    }
    part = warpReduceSum(part);
    if (laneId == 0) warpSum[warpId] = part;
    __syncthreads();
    if (t == 0) {
        float total = warpSum[0];
        for (int w = 1; w < warpsPerBlock; ++w) {
            total += warpSum[w];
        }
        warpSum[0] = total;
    }
    __syncthreads();
    float rowSum = warpSum[0];

    for (int c = t; c < C; c += blockDim.x) {
        out[row * C + c] = x[c] / rowSum;
    }
}
