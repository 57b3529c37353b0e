// cuad: --fn energy --wrt p,e
// A struct from a class template (`Vec3T<double>` through a typedef) as array elements and
// const-reference arguments; neighbours read at `(i + k + 1) % n`.
template <typename T>
struct Vec3T { T x, y, z; };
typedef Vec3T<double> V3;
__device__ double dot3(const V3& a, const V3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__global__ void energy(const V3* p, double* e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    V3 a = p[i];
    double acc = 0.0;
#pragma unroll
    for (int k = 0; k < 3; ++k) {
      int j = (i + k + 1) % n;
      V3 b = p[j];
      V3 d = {a.x - b.x, a.y - b.y, a.z - b.z};
      acc += 1.0 / sqrt(dot3(d, d) + 0.1);
    }
    e[i] = acc;
  }
}
