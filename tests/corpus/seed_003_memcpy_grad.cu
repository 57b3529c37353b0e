// Seed 003: why type information matters: the same memcpy differentiated for double and
// float (primed names such as dst' are spelled dst_d).
#include <cstring>

 void f(void* dst, void* src) {

  memcpy(dst, src, 8);

}

void grad_f(double* dst, double* dst_d,

            double* src, double* src_d) {

  // Forward Pass

  memcpy(dst, src, 8);


  // Reverse Pass

  src_d[0] += dst_d[0];

  dst_d[0] = 0;

}

void grad_f(float* dst, float* dst_d,

            float* src, float* src_d) {

  // Forward Pass

  memcpy(dst, src, 8);


  // Reverse Pass

  src_d[0] += dst_d[0];

  dst_d[0] = 0;

  src_d[1] += dst_d[1];

  dst_d[1] = 0;

}
