// cuad: --fn com_kernel --wrt q,qd,model_params,com_out
// cuad: fwd --fn com_kernel --wrt q,qd,model_params,com_out
// Center of mass and its velocity for a batch of planar 6-link arms, written against a
// Pinocchio-flavoured templated model: ModelTpl<Scalar> and DataTpl<Scalar> with member type
// aliases (Vector2 = Vec2Tpl<Scalar>), a model method computing link COM positions and
// velocities into the data struct, and a method returning the total COM (or its velocity)
// as the model's Vector2 type; the kernel, written for ModelTpl<double> through aliases,
// keeps the results in `auto` locals, as such code does.
#include <cuda_runtime.h>

#define NLINKS 6

template <typename Scalar>
struct Vec2Tpl {
  Scalar x, y;
  __device__ Vec2Tpl operator+(const Vec2Tpl& o) const { return Vec2Tpl{x + o.x, y + o.y}; }
  __device__ Vec2Tpl operator*(Scalar s) const { return Vec2Tpl{x * s, y * s}; }
};

template <typename Scalar>
struct DataTpl {
  using Vector2 = Vec2Tpl<Scalar>;
  Vector2 com[NLINKS];
  Vector2 vcom[NLINKS];
};

template <typename Scalar>
struct ModelTpl {
  using Vector2 = Vec2Tpl<Scalar>;
  using Data = DataTpl<Scalar>;
  Scalar mass[NLINKS];
  Scalar length[NLINKS];

  __device__ Scalar total_mass() const {
    Scalar m = Scalar(0);
    for (int i = 0; i < NLINKS; ++i) m += mass[i];
    return m;
  }

  __device__ void link_kinematics(const Scalar* q, const Scalar* qd, Data& data) const {
    Vector2 joint{Scalar(0), Scalar(0)}, vjoint{Scalar(0), Scalar(0)};
    Scalar th = Scalar(0), w = Scalar(0);
    for (int i = 0; i < NLINKS; ++i) {
      th += q[i];
      w += qd[i];
      const Vector2 dir{cos(th), sin(th)};
      const Vector2 ddir{-sin(th) * w, cos(th) * w};
      data.com[i] = joint + dir * (Scalar(0.5) * length[i]);
      data.vcom[i] = vjoint + ddir * (Scalar(0.5) * length[i]);
      joint = joint + dir * length[i];
      vjoint = vjoint + ddir * length[i];
    }
  }

  __device__ Vector2 center_of_mass(const Data& data, bool velocity) const {
    Vector2 c{Scalar(0), Scalar(0)};
    for (int i = 0; i < NLINKS; ++i) c = c + (velocity ? data.vcom[i] : data.com[i]) * mass[i];
    return c * (Scalar(1) / total_mass());
  }
};

using Model = ModelTpl<double>;
using Data = DataTpl<double>;

__global__ void com_kernel(int n, const double* __restrict__ q, const double* __restrict__ qd,
                           const double* __restrict__ model_params, double* __restrict__ com_out) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  Model model;
  for (int i = 0; i < NLINKS; ++i) {
    model.mass[i] = model_params[i];
    model.length[i] = model_params[NLINKS + i];
  }
  Data data;
  model.link_kinematics(q + e * NLINKS, qd + e * NLINKS, data);
  const auto c = model.center_of_mass(data, false);
  const auto v = model.center_of_mass(data, true);
  com_out[4 * e] = c.x;
  com_out[4 * e + 1] = c.y;
  com_out[4 * e + 2] = v.x;
  com_out[4 * e + 3] = v.y;
}
