// Built-in vector types: float2 complex rotation, float4 vectorised loads and stores,
// double2 accumulation, int3 grid coordinates, uchar4 pixels.
__device__ float2 cmul(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__global__ void rotate_phasors(float2 *z, float theta, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s, c;
    sincosf(theta * i, &s, &c);
    z[i] = cmul(z[i], make_float2(c, s));
  }
}

__global__ void scale_vec4(float4 *v, float4 w, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 a = v[i];
    a.x *= w.x;
    a.y *= w.y;
    a.z *= w.z;
    a.w *= w.w;
    v[i] = a;
  }
}

__global__ void mean_and_sq(const double *x, double2 *out, int n) {
  double2 acc = make_double2(0.0, 0.0);
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    acc.x += x[i];
    acc.y += x[i] * x[i];
  }
  atomicAdd(&out->x, acc.x);
  atomicAdd(&out->y, acc.y);
}

__global__ void voxel_ids(int *ids, int3 dims) {
  int3 p = make_int3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y, blockIdx.z);
  if (p.x < dims.x)
    ids[(p.z * dims.y + p.y) * dims.x + p.x] = p.x ^ p.y ^ p.z;
}

__global__ void to_gray(const uchar4 *rgba, unsigned char *gray, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    uchar4 px = rgba[i];
    gray[i] = (unsigned char)(0.299f * px.x + 0.587f * px.y + 0.114f * px.z);
  }
}

void launch_voxels(int *d_ids, int nx, int ny, int nz) {
  int3 dims = make_int3(nx, ny, nz);
  dim3 grid((nx + 127) / 128, ny, nz);
  voxel_ids<<<grid, 128>>>(d_ids, dims);
}
