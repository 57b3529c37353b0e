// Barriers, warp primitives, atomics, dynamic shared memory, indices and launches.
#include <cstdio>
#include <cmath>

static int failures = 0;
#define EXPECT(cond)                                              \
  do {                                                            \
    if (!(cond)) {                                                \
      std::printf("line %d: expected %s\n", __LINE__, #cond);     \
      ++failures;                                                 \
    }                                                             \
  } while (0)

__global__ void block_reduce(const double* in, double* out, int n) {
  __shared__ double s[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if ((int)threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

__global__ void warp_ops(const float* in, float* sum, unsigned* ballots, int* lanes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(sum, v);
  unsigned b = __ballot_sync(0xffffffffu, i % 3 == 0);
  if (i < 32) ballots[i] = b;
  int lane = threadIdx.x & 31;
  int from_xor = __shfl_xor_sync(0xffffffffu, lane, 1);
  int from_up = __shfl_up_sync(0xffffffffu, lane, 2);
  int bcast = __shfl_sync(0xffffffffu, lane * 10, 5);
  if (i < 32) lanes[i] = from_xor * 10000 + from_up * 100 + bcast;
  // Divergent code sees only its own lane as active.
  if (lane == 3) lanes[32 + blockIdx.x] = (int)__activemask();
}

__global__ void early_exit_barrier(int* count, int* sync_count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __syncthreads();
  atomicAdd(count, 1);
  int c = __syncthreads_count(i % 2);
  if (i == 0) *sync_count = c;
}

__global__ void dynamic_shared(double* out) {
  extern __shared__ double buf[];
  buf[threadIdx.x] = threadIdx.x * 2.0;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

__global__ void indices(int* out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = threadIdx.z;
  int width = gridDim.x * blockDim.x, height = gridDim.y * blockDim.y;
  out[(z * height + y) * width + x] = x + 100 * y + 10000 * z;
}

template <class T>
__global__ void fill(T* p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + (T)i;
}

__global__ void atomics(int* ci, unsigned* cu, unsigned long long* cl, float* cf, int* mx,
                        int* cas) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(ci, 2);
  atomicSub(ci, 1);
  atomicAdd(cu, 1u);
  atomicAdd(cl, 3ull);
  atomicAdd(cf, 0.5f);
  atomicMax(mx, i);
  atomicMin(mx + 1, -i);
  int old = atomicCAS(cas, 0, i + 1);
  (void)old;
}

int main() {
  const int n = 1000;
  double h[n], ref = 0;
  for (int i = 0; i < n; ++i) ref += (h[i] = i * 0.5);
  double *d, *o;
  cudaMalloc(&d, n * sizeof(double));
  cudaMalloc(&o, sizeof(double));
  cudaMemset(o, 0, sizeof(double));
  cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
  block_reduce<<<(n + 127) / 128, 128>>>(d, o, n);
  double r;
  cudaMemcpy(&r, o, sizeof(double), cudaMemcpyDeviceToHost);
  EXPECT(r == ref);

  const int m = 256;
  float hf[m], reff = 0;
  for (int i = 0; i < m; ++i) reff += (hf[i] = i % 7);
  float *df, *sum;
  unsigned* ballots;
  int* lanes;
  cudaMalloc(&df, m * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  cudaMalloc(&ballots, 32 * sizeof(unsigned));
  cudaMalloc(&lanes, 40 * sizeof(int));
  cudaMemset(sum, 0, sizeof(float));
  cudaMemcpy(df, hf, m * sizeof(float), cudaMemcpyHostToDevice);
  warp_ops<<<dim3(4), dim3(64)>>>(df, sum, ballots, lanes);
  float rs;
  unsigned hb[32];
  int hl[40];
  cudaMemcpy(&rs, sum, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hb, ballots, sizeof(hb), cudaMemcpyDeviceToHost);
  cudaMemcpy(hl, lanes, sizeof(hl), cudaMemcpyDeviceToHost);
  EXPECT(rs == reff);
  EXPECT(hb[0] == 0x49249249u);
  EXPECT(hl[4] == 5 * 10000 + 2 * 100 + 50);
  EXPECT(hl[1] == 0 * 10000 + 1 * 100 + 50);
  EXPECT(hl[32] == (1 << 3));

  int *count, *sync_count;
  cudaMalloc(&count, sizeof(int));
  cudaMalloc(&sync_count, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  early_exit_barrier<<<3, 100>>>(count, sync_count, 250);
  int hc, hs;
  cudaMemcpy(&hc, count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, sync_count, sizeof(int), cudaMemcpyDeviceToHost);
  EXPECT(hc == 250);
  EXPECT(hs == 50);

  double* dyn;
  cudaMalloc(&dyn, 2 * 48 * sizeof(double));
  dynamic_shared<<<2, 48, 48 * sizeof(double)>>>(dyn);
  double hd[96];
  cudaMemcpy(hd, dyn, sizeof(hd), cudaMemcpyDeviceToHost);
  EXPECT(hd[0] == 94.0 && hd[48 + 47] == 0.0);

  int* idx;
  const int W = 2 * 4, H = 3 * 2, Z = 2;
  cudaMalloc(&idx, W * H * Z * sizeof(int));
  indices<<<dim3(2, 3), dim3(4, 2, 2)>>>(idx);
  int hi[W * H * Z];
  cudaMemcpy(hi, idx, sizeof(hi), cudaMemcpyDeviceToHost);
  EXPECT(hi[(1 * H + 5) * W + 7] == 7 + 500 + 10000);

  float* pf;
  cudaMalloc(&pf, 10 * sizeof(float));
  fill<float><<<1, 16>>>(pf, 1.5f, 10);
  float hp[10];
  cudaMemcpy(hp, pf, sizeof(hp), cudaMemcpyDeviceToHost);
  EXPECT(hp[9] == 10.5f);

  int *ci, *mx, *cas;
  unsigned* cu;
  unsigned long long* cl;
  float* cf;
  cudaMalloc(&ci, sizeof(int));
  cudaMalloc(&cu, sizeof(unsigned));
  cudaMalloc(&cl, sizeof(unsigned long long));
  cudaMalloc(&cf, sizeof(float));
  cudaMalloc(&mx, 2 * sizeof(int));
  cudaMalloc(&cas, sizeof(int));
  cudaMemset(ci, 0, sizeof(int));
  cudaMemset(cu, 0, sizeof(unsigned));
  cudaMemset(cl, 0, sizeof(unsigned long long));
  cudaMemset(cf, 0, sizeof(float));
  cudaMemset(mx, 0, 2 * sizeof(int));
  cudaMemset(cas, 0, sizeof(int));
  atomics<<<4, 96>>>(ci, cu, cl, cf, mx, cas);
  int hci, hmx[2], hcas;
  unsigned hcu;
  unsigned long long hcl;
  float hcf;
  cudaMemcpy(&hci, ci, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hcu, cu, sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hcl, cl, sizeof(hcl), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hcf, cf, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hmx, mx, sizeof(hmx), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hcas, cas, sizeof(int), cudaMemcpyDeviceToHost);
  EXPECT(hci == 384 && hcu == 384u && hcl == 3ull * 384 && hcf == 192.0f);
  EXPECT(hmx[0] == 383 && hmx[1] == -383);
  EXPECT(hcas >= 1 && hcas <= 384);

  // Fresh device memory is not zero: it reads as NaN.
  double* fresh;
  cudaMalloc(&fresh, sizeof(double));
  double hfresh = 0;
  cudaMemcpy(&hfresh, fresh, sizeof(double), cudaMemcpyDeviceToHost);
  EXPECT(std::isnan(hfresh));

  // Unified addressing: device, managed and host pointers are told apart.
  double* managed;
  cudaMallocManaged(&managed, sizeof(double));
  cudaPointerAttributes attr;
  EXPECT(cudaPointerGetAttributes(&attr, fresh) == cudaSuccess && attr.type == cudaMemoryTypeDevice);
  EXPECT(cudaPointerGetAttributes(&attr, managed) == cudaSuccess &&
         attr.type == cudaMemoryTypeManaged);
  EXPECT(cudaPointerGetAttributes(&attr, &hfresh) == cudaSuccess &&
         attr.type == cudaMemoryTypeUnregistered);
  cudaStream_t st;
  cudaEvent_t ev;
  EXPECT(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking) == cudaSuccess);
  EXPECT(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming) == cudaSuccess);
  EXPECT(cudaEventRecord(ev, st) == cudaSuccess && cudaStreamWaitEvent(st, ev, 0) == cudaSuccess);
  cudaEventDestroy(ev);
  cudaStreamDestroy(st);
  cudaFree(managed);

  cudaFree(d);
  cudaFree(o);
  cudaFree(fresh);
  EXPECT(cudaGetLastError() == cudaSuccess);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  std::printf("%s\n", failures ? "emulation runtime: FAIL" : "emulation runtime: ok");
  return failures ? 1 : 0;
}
