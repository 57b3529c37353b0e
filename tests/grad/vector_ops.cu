// cuad: --fn springs --wrt force,pos,k
// helper_math.h-style operator overloads on CUDA vector types: `a - b`, `d * s`, `dot`,
// `length`. The reverse pass calls the operators' pullbacks (`operator_sub_pullback`, ...).
inline __host__ __device__ double3 operator+(double3 a, double3 b) {
  return make_double3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ double3 operator-(double3 a, double3 b) {
  return make_double3(a.x - b.x, a.y - b.y, a.z - b.z);
}
inline __host__ __device__ double3 operator*(double3 a, double s) {
  return make_double3(a.x * s, a.y * s, a.z * s);
}
inline __host__ __device__ double3 operator*(double s, double3 a) { return a * s; }
inline __host__ __device__ double dot(double3 a, double3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline __host__ __device__ double length(double3 v) { return sqrt(dot(v, v)); }

__global__ void springs(double3* force, const double3* pos, int n, double k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) {
    double3 d = pos[i + 1] - pos[i];
    double len = length(d);
    double3 f = d * (k * (len - 1.0) / len);
    force[i] = f + 0.5 * (pos[i] * len);
  }
}
