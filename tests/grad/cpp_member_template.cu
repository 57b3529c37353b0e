// cuad: --fn blend --wrt y,x,s
// Member function templates: a const method template deduced from its argument
// (`g.scale(x[i])`), called with explicit arguments (`g.template scale<float>(...)`) and
// calling a non-template method; a method template with two parameters.
struct Gain {
  float k;
  float bias;
  template <typename T>
  __device__ T scale(T x) const {
    return k * x + offset();
  }
  __device__ float offset() const { return bias * bias; }
  template <typename A, typename B>
  __device__ A mix(A a, B b) const {
    return a * static_cast<A>(b) + k;
  }
};

__global__ void blend(float* y, const float* x, const float* s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Gain g{s[0], s[1]};
    float a = g.scale(x[i]);
    float b = g.template scale<float>(a * x[i]);
    y[i] = g.mix(a, b) + g.mix<float, float>(b, x[i]);
  }
}
