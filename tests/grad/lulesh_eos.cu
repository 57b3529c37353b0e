// cuad: --fn eval_eos --wrt e,p_out,q_out,ss_out
// The LULESH-style EOS kernel of bench/kernels/lulesh_eos.cu: helpers with reference
// out-parameters called repeatedly in a loop, clamps, an in-place update through an index array.
__device__ void calc_pressure(double& p_new, double& bvc, double& pbvc, double e_old,
                              double compression, double vnewc, double pmin, double p_cut,
                              double eosvmax) {
  const double c1s = 2.0 / 3.0;
  bvc = c1s * (compression + 1.0);
  pbvc = c1s;
  p_new = bvc * e_old;
  if (fabs(p_new) < p_cut) {
    p_new = 0.0;
  }
  if (vnewc >= eosvmax) {
    p_new = 0.0;
  }
  p_new = fmax(p_new, pmin);
}

__device__ double sound_speed_sq(double pbvc, double e, double v, double bvc, double p,
                                 double rho0) {
  return (pbvc * e + v * v * bvc * p) / rho0;
}

__global__ void eval_eos(double* e, double* p_out, double* q_out, double* ss_out,
                         const int* elem_idx, const double* p_old, const double* q_old,
                         const double* delvc, const double* compression,
                         const double* comp_half, const double* vnewc, const double* qq,
                         const double* ql, double emin, double pmin, double p_cut, double e_cut,
                         double q_cut, double eosvmax, double rho0, int reps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int el = elem_idx[i];
    double e_old = e[el];
    double dv = delvc[i];
    double po = p_old[i];
    double qo = q_old[i];
    double comp = compression[i];
    double chalf = comp_half[i];
    double v = fmin(vnewc[i], eosvmax);
    double e_new = 0.0;
    double p_new = 0.0;
    double q_new = 0.0;
    double bvc = 0.0;
    double pbvc = 0.0;
    for (int rep = 0; rep < reps; ++rep) {
      e_new = e_old - 0.5 * dv * (po + qo);
      e_new = fmax(e_new, emin);
      double p_half = 0.0;
      calc_pressure(p_half, bvc, pbvc, e_new, chalf, v, pmin, p_cut, eosvmax);
      double vhalf = 1.0 / (1.0 + chalf);
      if (dv > 0.0) {
        q_new = 0.0;
      } else {
        double ssc = sound_speed_sq(pbvc, e_new, vhalf, bvc, p_half, rho0);
        if (ssc <= 1.111111e-36) {
          ssc = 3.333333e-18;
        } else {
          ssc = sqrt(ssc);
        }
        q_new = ssc * ql[i] + qq[i];
      }
      e_new = e_new + 0.5 * dv * (3.0 * (po + qo) - 4.0 * (p_half + q_new));
      if (fabs(e_new) < e_cut) {
        e_new = 0.0;
      }
      e_new = fmax(e_new, emin);
      calc_pressure(p_new, bvc, pbvc, e_new, comp, v, pmin, p_cut, eosvmax);
      double q_tilde = 0.0;
      if (dv <= 0.0) {
        double ssc = sound_speed_sq(pbvc, e_new, v, bvc, p_new, rho0);
        if (ssc <= 1.111111e-36) {
          ssc = 3.333333e-18;
        } else {
          ssc = sqrt(ssc);
        }
        q_tilde = ssc * ql[i] + qq[i];
      }
      e_new = e_new - (7.0 * (po + qo) - 8.0 * (p_half + q_new) + (p_new + q_tilde)) * dv / 6.0;
      if (fabs(e_new) < e_cut) {
        e_new = 0.0;
      }
      e_new = fmax(e_new, emin);
      calc_pressure(p_new, bvc, pbvc, e_new, comp, v, pmin, p_cut, eosvmax);
      if (dv <= 0.0) {
        double ssc = sound_speed_sq(pbvc, e_new, v, bvc, p_new, rho0);
        if (ssc <= 1.111111e-36) {
          ssc = 3.333333e-18;
        } else {
          ssc = sqrt(ssc);
        }
        q_new = ssc * ql[i] + qq[i];
        if (fabs(q_new) < q_cut) {
          q_new = 0.0;
        }
      }
    }
    double ss = sound_speed_sq(pbvc, e_new, v, bvc, p_new, rho0);
    if (ss <= 1.111111e-36) {
      ss = 3.333333e-18;
    } else {
      ss = sqrt(ss);
    }
    e[el] = e_new;
    p_out[i] = p_new;
    q_out[i] = q_new;
    ss_out[i] = ss;
  }
}
