// cuad: --fn kernel_grid<float,3,2> --wrt grid,positions_in,encoded_positions
// cuad: --fn kernel_grid<float,2,4> --wrt grid,encoded_positions
// cuad: fwd --fn kernel_grid<float,3,2> --wrt grid,positions_in,encoded_positions
// instant-NGP multiresolution hash encoding forward (the structure of tiny-cuda-nn's
// kernel_grid): blockIdx.y is the level, a by-value offset table gives each level's slice of
// the parameter array, the level's scale is exp2(level * log2_per_level_scale) * base - 1,
// pos_fract splits scale * x + 0.5 into a floor cell and a fraction, dense levels index
// the grid with strides and fine levels with the coherent prime hash (xor of pos * primes,
// `& (hashmap_size - 1)` for a power-of-two table), 2^D corners from the bits of the corner
// index, multilinear weights, features read as one aligned vector type through a
// reinterpret_cast of the table (in a helper; tiny-cuda-nn uses a lambda, see
// rw18g_lambda_nttp_min), accumulated with fmaf, written feature-major.
#include <cuda_runtime.h>
#include <cstdint>

#define MAX_N_LEVELS 8

struct GridOffsetTable {
  uint32_t data[MAX_N_LEVELS + 1] = {};
  uint32_t size = 0;
};

template <typename T, uint32_t N>
struct alignas(sizeof(T) * N) vector_t {
  T data[N];
  __device__ T& operator[](uint32_t i) { return data[i]; }
  __device__ T operator[](uint32_t i) const { return data[i]; }
};

template <uint32_t N_DIMS>
__device__ uint32_t coherent_prime_hash(const uint32_t pos_grid[N_DIMS]) {
  constexpr uint32_t primes[7] = {1u, 2654435761u, 805459861u, 3674653429u, 2097192037u,
                                  1434869437u, 2165219737u};
  uint32_t result = 0;
#pragma unroll
  for (uint32_t i = 0; i < N_DIMS; ++i) result ^= pos_grid[i] * primes[i];
  return result;
}

template <uint32_t N_DIMS>
__device__ uint32_t grid_index(uint32_t hashmap_size, uint32_t resolution,
                               const uint32_t pos_grid[N_DIMS]) {
  uint32_t stride = 1;
  uint32_t index = 0;
#pragma unroll
  for (uint32_t dim = 0; dim < N_DIMS && stride <= hashmap_size; ++dim) {
    index += pos_grid[dim] * stride;
    stride *= resolution;
  }
  if (hashmap_size < stride) index = coherent_prime_hash<N_DIMS>(pos_grid);
  return index & (hashmap_size - 1);
}

__device__ __forceinline__ float grid_scale(uint32_t level, float log2_per_level_scale,
                                            uint32_t base_resolution) {
  return exp2f(level * log2_per_level_scale) * base_resolution - 1.0f;
}

__device__ __forceinline__ uint32_t grid_resolution(float scale) {
  return (uint32_t)ceilf(scale) + 1;
}

template <typename T>
__device__ __forceinline__ void pos_fract(const T input, T* pos, uint32_t* pos_grid, T scale) {
  *pos = input * scale + (T)0.5;
  const T tmp = floorf(*pos);
  *pos_grid = (uint32_t)(int)tmp;
  *pos -= tmp;
}

template <typename T, uint32_t N_POS_DIMS, uint32_t N_FEATURES_PER_LEVEL>
__device__ vector_t<T, N_FEATURES_PER_LEVEL> load_features(const T* grid, uint32_t hashmap_size,
                                                          uint32_t resolution,
                                                          const uint32_t local_pos[N_POS_DIMS]) {
  const uint32_t index =
      grid_index<N_POS_DIMS>(hashmap_size, resolution, local_pos) * N_FEATURES_PER_LEVEL;
  return *reinterpret_cast<const vector_t<T, N_FEATURES_PER_LEVEL>*>(&grid[index]);
}

template <typename T, uint32_t N_POS_DIMS, uint32_t N_FEATURES_PER_LEVEL>
__global__ void kernel_grid(const uint32_t num_elements, const GridOffsetTable offset_table,
                            const uint32_t base_resolution, const float log2_per_level_scale,
                            const T* __restrict__ grid, const float* __restrict__ positions_in,
                            T* __restrict__ encoded_positions) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= num_elements) return;

  const uint32_t level = blockIdx.y;
  grid += offset_table.data[level] * N_FEATURES_PER_LEVEL;
  const uint32_t hashmap_size = offset_table.data[level + 1] - offset_table.data[level];

  const float scale = grid_scale(level, log2_per_level_scale, base_resolution);
  const uint32_t resolution = grid_resolution(scale);

  float pos[N_POS_DIMS];
  uint32_t pos_grid[N_POS_DIMS];
#pragma unroll
  for (uint32_t dim = 0; dim < N_POS_DIMS; ++dim)
    pos_fract(positions_in[dim * num_elements + i], &pos[dim], &pos_grid[dim], scale);


  vector_t<T, N_FEATURES_PER_LEVEL> result = {};
#pragma unroll
  for (uint32_t idx = 0; idx < (1 << N_POS_DIMS); ++idx) {
    float weight = 1;
    uint32_t pos_grid_local[N_POS_DIMS];
#pragma unroll
    for (uint32_t dim = 0; dim < N_POS_DIMS; ++dim) {
      if ((idx & (1 << dim)) == 0) {
        weight *= 1 - pos[dim];
        pos_grid_local[dim] = pos_grid[dim];
      } else {
        weight *= pos[dim];
        pos_grid_local[dim] = pos_grid[dim] + 1;
      }
    }
    const vector_t<T, N_FEATURES_PER_LEVEL> val = load_features<T, N_POS_DIMS, N_FEATURES_PER_LEVEL>(grid, hashmap_size, resolution, pos_grid_local);
#pragma unroll
    for (uint32_t f = 0; f < N_FEATURES_PER_LEVEL; ++f)
      result[f] = fmaf((T)weight, val[f], result[f]);
  }

#pragma unroll
  for (uint32_t f = 0; f < N_FEATURES_PER_LEVEL; ++f)
    encoded_positions[i + (level * N_FEATURES_PER_LEVEL + f) * num_elements] = result[f];
}
