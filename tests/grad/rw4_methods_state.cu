// cuad: --fn accum_kernel --wrt out,x,f
// Device methods that change their object (an accumulator struct with `this->` updates and a
// reset), a functor with state passed by value, a struct with a fixed array passed by value,
// and a __device__ helper returning results through references.
struct Welford {
  float mean, m2;
  int n;
  __device__ void reset() {
    this->mean = 0.0f;
    this->m2 = 0.0f;
    this->n = 0;
  }
  __device__ void push(float v) {
    this->n += 1;
    const float d = v - this->mean;
    this->mean += d / this->n;
    this->m2 += d * (v - this->mean);
  }
  __device__ float var() const { return m2 / (n - 1); }
};

struct Filter {
  float w[3];
  float bias;
  __device__ float operator()(float a, float b, float c) const {
    return w[0] * a + w[1] * b + w[2] * c + bias;
  }
};

__device__ void polar(float x, float y, float& r, float& th) {
  r = sqrtf(x * x + y * y);
  th = atan2f(y, x);
}

__global__ void accum_kernel(float* out, const float* x, Filter f, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Welford acc;
  acc.reset();
  for (int k = 0; k < m; ++k) {
    const float* row = x + (i * m + k) * 3;
    acc.push(f(row[0], row[1], row[2]));
  }
  float r, th;
  polar(acc.mean, acc.var(), r, th);
  out[i] = r + 0.5f * th;
}
