// Cooperative groups of the emulation: tile ballot/any/all cut to the tile's lanes, the
// type-erased thread_group of a block and of a tile, and the block's dim3 accessors.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

static int failures = 0;
#define EXPECT(cond)                                          \
  do {                                                        \
    if (!(cond)) {                                            \
      std::printf("line %d: expected %s\n", __LINE__, #cond); \
      ++failures;                                             \
    }                                                         \
  } while (0)

// per thread: [ballot16, any16, all16, ballot32, rank(group of block), size, rank(group of
// tile16), size, group_index.x, thread_index.x, group_dim.x]
__global__ void groups(unsigned* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  const unsigned t = threadIdx.x;
  unsigned* o = out + 11 * (blockIdx.x * blockDim.x + t);
  o[0] = t16.ballot(t % 3 == 0);
  o[1] = t16.any(t == 20);
  o[2] = t16.all(t < 48);
  o[3] = t32.ballot(t % 5 == 1);
  cg::thread_group gb = block;
  cg::thread_group gt = t16;
  gb.sync();
  gt.sync();
  o[4] = gb.thread_rank();
  o[5] = gb.size();
  o[6] = gt.thread_rank();
  o[7] = gt.size();
  o[8] = block.group_index().x;
  o[9] = block.thread_index().x;
  o[10] = block.group_dim().x;
}

int main() {
  const int blocks = 2, threads = 64, n = blocks * threads * 11;
  unsigned* d;
  cudaMalloc(&d, n * sizeof(unsigned));
  groups<<<blocks, threads>>>(d);
  unsigned h[blocks * threads * 11];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < threads; ++t) {
      const unsigned* o = h + 11 * (b * threads + t);
      const int base16 = t / 16 * 16, base32 = t / 32 * 32;
      unsigned b16 = 0, b32 = 0;
      bool any = false, all = true;
      for (int k = 0; k < 16; ++k) {
        if ((base16 + k) % 3 == 0) b16 |= 1u << k;
        any |= base16 + k == 20;
        all &= base16 + k < 48;
      }
      for (int k = 0; k < 32; ++k)
        if ((base32 + k) % 5 == 1) b32 |= 1u << k;
      EXPECT(o[0] == b16);
      EXPECT(o[1] == (unsigned)any);
      EXPECT(o[2] == (unsigned)all);
      EXPECT(o[3] == b32);
      EXPECT(o[4] == (unsigned)t);
      EXPECT(o[5] == (unsigned)threads);
      EXPECT(o[6] == (unsigned)(t % 16));
      EXPECT(o[7] == 16u);
      EXPECT(o[8] == (unsigned)b);
      EXPECT(o[9] == (unsigned)t);
      EXPECT(o[10] == (unsigned)threads);
    }
  }
  cudaFree(d);
  if (failures) std::printf("%d failures\n", failures);
  return failures ? 1 : 0;
}
