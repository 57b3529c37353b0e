// cuad: --fn scan_hillis_steele --wrt g_odata,g_idata,g_w
// cuad: --fn prescan_blelloch --wrt g_odata,g_idata,g_w
// The two block scans of GPU Gems 3, chapter 39 ("Parallel Prefix Sum (Scan) with CUDA"),
// written from its description, each scanning a weighted input w[i] * x[i] segment by segment
// (one segment per block, the last segment partial, missing elements zero) in
// `extern __shared__` memory sized at launch, and mapping the exclusive prefix sums through a
// smooth function:
// - scan_hillis_steele (float): the naive O(n log n) scan with a double buffer of 2 * blockDim
//   elements selected by `pout = 1 - pout; pin = 1 - pout;`, the input shifted right by one for
//   an exclusive scan, output 1 - exp(-scan) (opacity);
// - prescan_blelloch (double): the work-efficient up-sweep / down-sweep over 2 * blockDim
//   elements per block, every index padded by `CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)`
//   against bank conflicts, the root cleared by thread 0, the swap-and-add down-sweep
//   `t = temp[ai]; temp[ai] = temp[bi]; temp[bi] += t;`, output scan * tanh(scan).
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void scan_hillis_steele(float* g_odata, const float* g_idata, const float* g_w, int n) {
  extern __shared__ float temp[];  // 2 * blockDim.x
  int thid = threadIdx.x;
  int seg = blockDim.x;
  int base = blockIdx.x * seg;
  int pout = 0, pin = 1;
  int src = base + thid - 1;
  temp[pout * seg + thid] = (thid > 0 && src < n) ? g_w[src] * g_idata[src] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < seg; offset *= 2) {
    pout = 1 - pout;  // swap double buffer indices
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout * seg + thid] = temp[pin * seg + thid] + temp[pin * seg + thid - offset];
    else
      temp[pout * seg + thid] = temp[pin * seg + thid];
    __syncthreads();
  }
  if (base + thid < n) g_odata[base + thid] = 1.0f - expf(-temp[pout * seg + thid]);
}

__global__ void prescan_blelloch(double* g_odata, const double* g_idata, const double* g_w, int n) {
  extern __shared__ double stemp[];  // 2 * blockDim.x plus the padding
  int thid = threadIdx.x;
  int seg = 2 * blockDim.x;
  int base = blockIdx.x * seg;
  int offset = 1;

  int ai = thid;
  int bi = thid + seg / 2;
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  stemp[ai + bankOffsetA] = (base + ai < n) ? g_w[base + ai] * g_idata[base + ai] : 0.0;
  stemp[bi + bankOffsetB] = (base + bi < n) ? g_w[base + bi] * g_idata[base + bi] : 0.0;

  for (int d = seg >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      stemp[b] += stemp[a];
    }
    offset *= 2;
  }

  if (thid == 0) stemp[seg - 1 + CONFLICT_FREE_OFFSET(seg - 1)] = 0.0;  // clear the last element

  for (int d = 1; d < seg; d *= 2) {  // traverse down tree & build scan
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      double t = stemp[a];
      stemp[a] = stemp[b];
      stemp[b] += t;
    }
  }
  __syncthreads();

  double sa = stemp[ai + bankOffsetA];
  double sb = stemp[bi + bankOffsetB];
  if (base + ai < n) g_odata[base + ai] = sa * tanh(sa);
  if (base + bi < n) g_odata[base + bi] = sb * tanh(sb);
}
