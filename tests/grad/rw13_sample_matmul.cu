// cuad: --fn matrixMul --wrt C,A,B
// cuad: fwd --fn matrixMul
// The CUDA samples' shared-memory matrixMul: `#define BLOCK_SIZE 16`, `As[ty][tx]` / `Bs[ty][tx]`
// tiles, aBegin/aEnd/aStep/bBegin/bStep pointer arithmetic over the tiles of a row of A and a
// column of B, a `#pragma unroll` inner product, and `c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx`
// for the store. Dimensions are multiples of the block size, as in the sample. Reverse and
// forward mode.
#define BLOCK_SIZE 16

__global__ void matrixMul(double* C, const double* A, const double* B, int wA, int wB) {
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;

  double Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ double As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ double Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }

  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}
