// cuad: --fn global_norm_squared_kernel<float> --wrt out,data
// cuad: --fn global_norm_aggregate_kernel --wrt out
// Written for cuad in the style of karpathy/llm.c's global-norm kernels: per-block partial sums
// of squares over several slices, then one block that adds the partial sums up. Exercises a
// warp shuffle reduction passed as a non-type template argument through a function-pointer
// alias (blockReduce<warpReduceSum>), a `__shared__` array declared in a device function
// template, an overload that fills in default arguments, a size_t grid-stride loop, a 2-D grid
// (slices on blockIdx.y) and an accumulate-in-place store `out[i] = out[i] + partial`.
#define WARP_SIZE 32U

// butterfly sum: every lane ends with the total of its warp
__device__ float warpReduceSum(float val) {
    for (int lanes = 16; lanes >= 1; lanes /= 2) {
        val += __shfl_xor_sync(0xFFFFFFFF, val, lanes);
    }
    return val;
}

using reduction_func_t = float (*) (float);

// warp totals go through shared memory, then the first lanes reduce them again
template<reduction_func_t warp_reduction>
__device__ inline float blockReduce(float val, bool final_sync, float out_of_bounds) {
    __shared__ float partials[WARP_SIZE];
    const int warp = threadIdx.x / WARP_SIZE;
    const int lane = threadIdx.x % WARP_SIZE;
    const int warps = blockDim.x / WARP_SIZE;

    float mine = warp_reduction(val);
    if (lane == 0) { partials[warp] = mine; }
    __syncthreads();
    float gathered = (lane < warps) ? partials[lane] : out_of_bounds;
    float total = warp_reduction(gathered);
    // a caller that calls again reuses `partials`: wait until everyone has read it
    if (final_sync) {
        __syncthreads();
    }
    return total;
}

template<reduction_func_t warp_reduction>
__device__ inline float blockReduce(float val) {
    return blockReduce<warp_reduction>(val, false, 0.0f);
}

template<class T>
__device__ float global_norm_squared_for_range(const T* data, size_t count) {
    size_t jump = blockDim.x * gridDim.x;
    float sq = 0.f;
    for (size_t k = blockIdx.x * blockDim.x + threadIdx.x; k < count; k += jump) {
        float v = (float)data[k];
        sq += v * v;
    }
    return blockReduce<warpReduceSum>(sq);
}

// one partial sum per (block, slice); a second launch adds them, so no atomics here
template<class T>
__global__ void global_norm_squared_kernel(float* out, const T* data, size_t count, ptrdiff_t stride) {
    const T* slice = data + blockIdx.y * stride;
    float partial = global_norm_squared_for_range(slice, count);
    if (threadIdx.x == 0) {
        size_t slot = blockIdx.y * gridDim.x + blockIdx.x;
        out[slot] = out[slot] + partial;
    }
}

// a single block folds the first grid_size partial sums into out[0]
__global__ void global_norm_aggregate_kernel(float* out, size_t grid_size) {
    size_t t = threadIdx.x;
    float partial = (t < grid_size) ? out[t] : 0.f;
    float total = blockReduce<warpReduceSum>(partial);
    if (threadIdx.x == 0) {
        out[0] = total;
    }
}
