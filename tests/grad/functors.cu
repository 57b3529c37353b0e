// cuad: --fn apply<Affine> --wrt out,in,op
// cuad: --fn accumulate --wrt out,v
// cuad: --fn rotate --wrt out,q
// Function objects and compound-assignment member operators: `op(x)` calls the struct's
// `operator()` (the functor a template kernel receives, differentiated w.r.t. its fields
// too), and `s += e` / `s *= k` call the struct's `operator+=` / `operator*=`, whose bodies
// cuad differentiates like any method; `s = {a, b, c}` assigns a braced value of s's type.
// `q[k]` through `float& operator[](int)` (and `q.at(k)`) reads and writes the field it returns.
struct Affine {
  float scale, shift;
  __device__ float operator()(float x) const { return scale * x * x + shift * x; }
};

template <typename Op>
__global__ void apply(float* out, const float* in, Op op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]) + op(out[i]);
}

struct V3 {
  double x, y, z;
  __device__ V3& operator+=(const V3& o) {
    x += o.x;
    y += o.y * o.x;
    z += o.z;
    return *this;
  }
  __device__ V3& operator*=(double k) {
    x *= k;
    y *= k * k;
    z *= k;
    return *this;
  }
  __device__ V3 operator*(double k) const { return V3{x * k, y * k, z * k}; }
};

__global__ void accumulate(double* out, const V3* v, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    V3 s = {out[i], 0.0, 1.0};
    for (int k = 0; k < m; ++k) {
      s += v[i * m + k] * 2.0;
      s *= 0.9;
    }
    s = {s.y, s.x * s.z, 2.0 * s.z};
    out[i] = s.x * s.y + s.z;
  }
}

struct Quad {
  float c[4];
  __device__ float& operator[](int k) { return c[k]; }
  __device__ const float& operator[](int k) const { return c[k]; }
  __device__ float& at(int k) { return c[k & 3]; }
};

__global__ void rotate(float* out, Quad* q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Quad a = q[i];
    for (int k = 0; k < 4; ++k) a[k] = a[k] * a.at(k + 1) + out[i];
    q[i][0] = a[3] * a[0];
    out[i] = a[0] + a.at(1) * a[2] - q[i][1] * a[3];
  }
}
