// cuad: --fn sgemm_tiled --wrt C,A,B,alpha,beta
// The textbook tiled matrix multiply ("Programming Massively Parallel Processors", chapter on
// memory and data locality) in its general form for sizes that are not multiples of the tile:
// `#define TILE_WIDTH 16`, two `__shared__ float` tiles `Mds`/`Nds`, a phase loop over
// ceil(K / TILE_WIDTH) tiles, loads guarded by the matrix bounds with zeros filled in for the
// partial tiles, an inner product over the whole tile between two barriers, and a BLAS-like
// store `C = alpha * A B + beta * C` (C read and overwritten). Float, 16 x 16 thread blocks,
// M x K times K x N with M, N, K all leaving partial tiles. Gradient w.r.t. both operands, C
// and the two scalars.
#define TILE_WIDTH 16

__global__ void sgemm_tiled(const float* A, const float* B, float* C, int M, int N, int K,
                            float alpha, float beta) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int Row = by * TILE_WIDTH + ty;
  int Col = bx * TILE_WIDTH + tx;

  float Pvalue = 0.0f;
  for (int ph = 0; ph < (K + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
    if (Row < M && ph * TILE_WIDTH + tx < K)
      Mds[ty][tx] = A[Row * K + ph * TILE_WIDTH + tx];
    else
      Mds[ty][tx] = 0.0f;
    if (ph * TILE_WIDTH + ty < K && Col < N)
      Nds[ty][tx] = B[(ph * TILE_WIDTH + ty) * N + Col];
    else
      Nds[ty][tx] = 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k) Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  if (Row < M && Col < N) C[Row * N + Col] = alpha * Pvalue + beta * C[Row * N + Col];
}
