// cuad: fwd --fn shade_normals
// helper_math.h style: operators and functions on the built-in float3 (operator+, -, *
// by a scalar, +=, dot, cross, length, normalize with rsqrtf, a reflect), used in a
// kernel with float3 arrays and a Lambert/Phong shading with fmaxf and powf.
inline __host__ __device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline __host__ __device__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
inline __host__ __device__ float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
inline __host__ __device__ float3 operator*(float s, float3 a) { return make_float3(a.x * s, a.y * s, a.z * s); }
inline __host__ __device__ void operator+=(float3& a, float3 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline __host__ __device__ float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
inline __host__ __device__ float length(float3 v) { return sqrtf(dot(v, v)); }
inline __device__ float3 normalize(float3 v) { return v * rsqrtf(dot(v, v)); }
inline __device__ float3 reflect(float3 i, float3 n) { return i - 2.0f * n * dot(n, i); }
__global__ void shade_normals(int n, const float3* a, const float3* b, const float3* c, float3 light,
                              float shininess, float* color, float3* normal) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float3 e1 = b[t] - a[t], e2 = c[t] - a[t];
  float3 nrm = normalize(cross(e1, e2));
  float3 center = (a[t] + b[t] + c[t]) * (1.f / 3.f);
  float3 l = normalize(light - center);
  float diff = fmaxf(dot(nrm, l), 0.f);
  float3 r = reflect(l * -1.f, nrm);
  float spec = powf(fmaxf(r.z, 1e-3f), shininess);
  float3 acc = make_float3(0.f, 0.f, 0.f);
  acc += nrm * diff;
  acc += make_float3(spec, spec, spec);
  normal[t] = acc;
  color[t] = diff + spec + 0.1f * length(e1);
}
