// Seed 002: relu3 rewritten for operator-overloading AD (Adept). The parameter is named x
// (the slide's body uses x), and a tiny adept stand-in is defined so that the calls resolve.
#include <cmath>

namespace adept {
class Stack {};
class adouble {
public:
  adouble(double v = 0.0) : value_(v), grad_(0.0) {}
  double value() const { return value_; }
  void set_gradient(double g) { grad_ = g; }
  double get_gradient(double) const { return grad_; }
  bool operator>(double rhs) const { return value_ > rhs; }

private:
  double value_;
  double grad_;
};
inline adouble pow(const adouble &a, int n) { return adouble(std::pow(a.value(), n)); }
} // namespace adept

using std::pow;
using adept::pow;

// Rewrite to accept either

//    double or adouble

template<typename T>

T relu3(T x) {

  if (x > 0)

    return pow(x,3);

  else

    return 0;

}

double run_adept() {
adept::Stack stack;

adept::adouble inp = 3.14;


// Store all instructions into stack

adept::adouble out(relu3(inp));

out.set_gradient(1.00);


// Interpret all stack instructions

double res = inp.get_gradient(3.14);
return res;
}
