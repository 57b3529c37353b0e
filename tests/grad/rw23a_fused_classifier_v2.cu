// cuad: --fn fused_classifier --wrt logits,losses,probs,dloss
// rw23a_fused_classifier as one writes it after working around cuad's refusals there: the
// Packed128 payload has a literal length (`payload[4]`, `size` stays a static member for the
// loops and offsets, used through the `f128` typedef), and the block reduction takes a
// struct with a static `reduce` instead of a function pointer. Everything else is llm.c's
// fused_classifier_kernel5: one block per (b, t) row of padded logits, 128-bit loads and
// stores (`store128` writes a float4 through reinterpret_cast), an online softmax per
// thread, a block max and a block sum, a scalar tail, the loss at the target column, and the
// logits overwritten in place by (softmax - onehot) * dloss.
#include <cuda_runtime.h>
#include <math.h>

#define WARP_SIZE 32

template <class ElementType>
struct alignas(16) Packed128 {
  static constexpr int size = 4;
  ElementType payload[4];
  __device__ ElementType& operator[](int index) { return payload[index]; }
  __device__ const ElementType& operator[](int index) const { return payload[index]; }
};
typedef Packed128<float> f128;

__device__ f128 load128(const float* address) {
  const float4 v = *reinterpret_cast<const float4*>(address);
  f128 r;
  r[0] = v.x;
  r[1] = v.y;
  r[2] = v.z;
  r[3] = v.w;
  return r;
}

__device__ void store128(float* address, const f128& p) {
  *reinterpret_cast<float4*>(address) = make_float4(p[0], p[1], p[2], p[3]);
}

__device__ float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2) val += __shfl_xor_sync(0xFFFFFFFF, val, offset);
  return val;
}

__device__ float warpReduceMax(float val) {
  for (int offset = 16; offset > 0; offset /= 2) val = fmaxf(val, __shfl_xor_sync(0xFFFFFFFF, val, offset));
  return val;
}

struct MaxOp { static __device__ float reduce(float v) { return warpReduceMax(v); } };
struct SumOp { static __device__ float reduce(float v) { return warpReduceSum(v); } };
template <class WarpOp>
__device__ inline float blockReduce(float val, bool final_sync = false, float out_of_bounds = 0.0f) {
  __shared__ float shared_val[WARP_SIZE];
  const int lane_id = threadIdx.x % WARP_SIZE;
  const int warp_id = threadIdx.x / WARP_SIZE;
  const int num_warps = blockDim.x / WARP_SIZE;
  float warp_val = WarpOp::reduce(val);
  if (lane_id == 0) shared_val[warp_id] = warp_val;
  __syncthreads();
  warp_val = (lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds;
  float block_val = WarpOp::reduce(warp_val);
  if (final_sync) __syncthreads();
  return block_val;
}

struct SoftmaxParams {
  float Scale;
  float Offset;
};

__device__ SoftmaxParams prepare_softmax(const float* x, int V) {
  float thread_maxval = -INFINITY;
  float thread_sumval = 0.0f;
  for (int i = threadIdx.x; i < V / f128::size; i += blockDim.x) {
    const f128 packed = load128(x + i * f128::size);
    for (int k = 0; k < f128::size; ++k) {
      const float v = packed[k];
      const float old_maxval = thread_maxval;
      thread_maxval = fmaxf(thread_maxval, v);
      thread_sumval *= expf(old_maxval - thread_maxval);
      thread_sumval += expf(v - thread_maxval);
    }
  }
  for (int i = (V / f128::size) * f128::size + threadIdx.x; i < V; i += blockDim.x) {
    const float v = x[i];
    const float old_maxval = thread_maxval;
    thread_maxval = fmaxf(thread_maxval, v);
    thread_sumval *= expf(old_maxval - thread_maxval);
    thread_sumval += expf(v - thread_maxval);
  }
  const float block_maxval = blockReduce<MaxOp>(thread_maxval, true, -INFINITY);
  thread_sumval *= expf(thread_maxval - block_maxval);
  const float block_sumval = blockReduce<SumOp>(thread_sumval);
  return SoftmaxParams{1.0f / block_sumval, block_maxval};
}

__global__ void fused_classifier(float* logits, float* losses, float* probs, const float dloss,
                                 const int* targets, int V, int P) {
  const int idx = gridDim.x - (blockIdx.x + 1);  // reverse order, as llm.c does for cache reuse
  const int ix = targets[idx];
  float* row = logits + (size_t)idx * P;
  const SoftmaxParams sp = prepare_softmax(row, V);
  __syncthreads();  // every thread has read the row before it is overwritten
  for (int i = threadIdx.x; i < V / f128::size; i += blockDim.x) {
    f128 packed = load128(row + i * f128::size);
    f128 packed_probs;
    for (int k = 0; k < f128::size; ++k) {
      const int element = i * f128::size + k;
      const float prob = expf(packed[k] - sp.Offset) * sp.Scale;
      packed_probs[k] = prob;
      const float indicator = (element == ix) ? 1.0f : 0.0f;
      if (element == ix) losses[idx] = -logf(prob);
      packed[k] = (prob - indicator) * dloss;
    }
    store128(row + i * f128::size, packed);
    if (probs != nullptr) store128(probs + (size_t)idx * P + i * f128::size, packed_probs);
  }
  for (int i = (V / f128::size) * f128::size + threadIdx.x; i < V; i += blockDim.x) {
    const float prob = expf(row[i] - sp.Offset) * sp.Scale;
    if (i == ix) losses[idx] = -logf(prob);
    const float indicator = (i == ix) ? 1.0f : 0.0f;
    row[i] = (prob - indicator) * dloss;
    if (probs != nullptr) probs[(size_t)idx * P + i] = prob;
  }
}
