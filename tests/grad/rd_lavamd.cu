// cuad: --fn kernel_gpu_cuda --wrt d_par_gpu,d_rv_gpu,d_qv_gpu,d_fv_gpu -DCUAD_TAPE_CAPACITY=2048
// Written for cuad in the style of Rodinia's lavaMD: particle potentials and forces within a
// home box and its neighbour boxes. One block per home box; box descriptors are structs holding
// an offset and a neighbour list (`box_str` with a `nei_str nei[26]` array), particles are
// `FOUR_VECTOR {v, x, y, z}` structs (v the half squared norm), parameters come in a struct
// passed by value (`par_str`, the differentiated alpha). Threads copy the home box into a
// `__shared__` struct array with the `while (wtx < NUMBER_PAR_PER_BOX) { ...; wtx +=
// NUMBER_THREADS; }` idiom (more particles than threads), then for each neighbour box stage its
// positions and charges in shared memory, and accumulate exp(-a2 r^2) potentials and forces into
// the home box's force vectors through a pointer `fA = &d_fv_gpu[first_i]` (`DOT` macro, `fp`
// typedef, double precision). The gradient tapes the pair loop's temporaries (and the force
// entries before each `+=`) per pair, so its per-thread tape grows with the neighbour boxes
// times the particles per box: this small configuration needs CUAD_TAPE_CAPACITY=2048.
#include <cuda_runtime.h>
#define NUMBER_PAR_PER_BOX 12
#define NUMBER_THREADS 8
#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))

typedef double fp;

typedef struct {
  fp x, y, z;
} THREE_VECTOR;

typedef struct {
  fp v, x, y, z;
} FOUR_VECTOR;

typedef struct nei_str {
  int x, y, z;
  int number;
  long offset;
} nei_str;

typedef struct box_str {
  int x, y, z;
  int number;
  long offset;
  int nn;
  nei_str nei[26];
} box_str;

typedef struct par_str {
  fp alpha;
} par_str;

typedef struct dim_str {
  long number_boxes;
} dim_str;

__global__ void kernel_gpu_cuda(par_str d_par_gpu, dim_str d_dim_gpu, box_str* d_box_gpu,
                                FOUR_VECTOR* d_rv_gpu, fp* d_qv_gpu, FOUR_VECTOR* d_fv_gpu) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int wtx = tx;
  if (bx < d_dim_gpu.number_boxes) {
    fp a2 = 2.0 * d_par_gpu.alpha * d_par_gpu.alpha;
    int first_i;
    FOUR_VECTOR* rA;
    FOUR_VECTOR* fA;
    __shared__ FOUR_VECTOR rA_shared[NUMBER_PAR_PER_BOX];
    int pointer;
    int k = 0;
    int first_j;
    FOUR_VECTOR* rB;
    fp* qB;
    int j = 0;
    __shared__ FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
    __shared__ fp qB_shared[NUMBER_PAR_PER_BOX];
    fp r2, u2, vij, fs, fxij, fyij, fzij;
    THREE_VECTOR d;
    first_i = d_box_gpu[bx].offset;
    rA = &d_rv_gpu[first_i];
    fA = &d_fv_gpu[first_i];
    while (wtx < NUMBER_PAR_PER_BOX) {
      rA_shared[wtx] = rA[wtx];
      wtx = wtx + NUMBER_THREADS;
    }
    wtx = tx;
    __syncthreads();
    for (k = 0; k < (1 + d_box_gpu[bx].nn); k++) {
      if (k == 0) {
        pointer = bx;  // the home box itself
      } else {
        pointer = d_box_gpu[bx].nei[k - 1].number;
      }
      first_j = d_box_gpu[pointer].offset;
      rB = &d_rv_gpu[first_j];
      qB = &d_qv_gpu[first_j];
      while (wtx < NUMBER_PAR_PER_BOX) {
        rB_shared[wtx] = rB[wtx];
        qB_shared[wtx] = qB[wtx];
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();
      while (wtx < NUMBER_PAR_PER_BOX) {
        for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
          r2 = rA_shared[wtx].v + rB_shared[j].v - DOT(rA_shared[wtx], rB_shared[j]);
          u2 = a2 * r2;
          vij = exp(-u2);
          fs = 2. * vij;
          d.x = rA_shared[wtx].x - rB_shared[j].x;
          d.y = rA_shared[wtx].y - rB_shared[j].y;
          d.z = rA_shared[wtx].z - rB_shared[j].z;
          fxij = fs * d.x;
          fyij = fs * d.y;
          fzij = fs * d.z;
          fA[wtx].v += qB_shared[j] * vij;
          fA[wtx].x += qB_shared[j] * fxij;
          fA[wtx].y += qB_shared[j] * fyij;
          fA[wtx].z += qB_shared[j] * fzij;
        }
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();  // the next neighbour box overwrites rB_shared
    }
  }
}
