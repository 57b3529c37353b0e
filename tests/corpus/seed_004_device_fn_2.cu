// Seed 004: a kernel calling a device function, and the pullback + gradient Clad generates
// (the generated gradient is marked __device__: it runs device code and uses threadIdx).
__device__ double device_fn_2(double *in, double val) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  return in[index] + val;
}

__global__ void kernel_with_device_call_2(double *out, double *in, double val) {
  int index = threadIdx.x;
  out[index] = device_fn_2(in, val);
} 

// clad::gradient(kernel_with_device_call_2, "out, in")

__attribute__((device)) void device_fn_2_pullback_0_1_3(double *in, double val, double _d_y, double *_d_in, double *_d_val) {
  unsigned int _t1 = blockIdx.x;
  unsigned int _t0 = blockDim.x;
  int _d_index = 0;
  int index0 = threadIdx.x + _t1 * _t0;
  {
      atomicAdd(&_d_in[index0], _d_y);
      *_d_val += _d_y; // call arg was local to the kernel
  }
}

 __device__ void kernel_with_device_call_2_grad_0_1(double *out, double *in, double val, double *_d_out, double *_d_in) {
  double _d_val = 0.;
  int _d_index = 0;
  int index0 = threadIdx.x;
  double _t0 = out[index0];
  out[index0] = device_fn_2(in, val);
  {
      out[index0] = _t0;
      double _r_d0 = _d_out[index0];
      _d_out[index0] = 0.;
      double _r0 = 0.; // serves as _d_val in the pullback function
      device_fn_2_pullback_0_1_3(in, val, _r_d0, _d_in, &_r0);
      _d_val += _r0;
  }
}
