// Forward-mode automatic differentiation: a Jet carries a value and its derivatives along N
// directions. Nesting, Jet<Jet<double, 1>, N>, gives the mixed second derivatives that Sdot
// needs (si-guenter eq 12) from one evaluation of a joint transform written once, generic in
// its scalar type; no symbolic preprocessing and no finite differences.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

namespace articulab {

template <class T, int N>
struct Jet {
  T a{};                // value
  std::array<T, N> v{};  // derivatives along N directions

  Jet() : a(0.0) { v.fill(T(0.0)); }
  Jet(double value) : a(value) { v.fill(T(0.0)); }  // NOLINT: constants mix freely
  template <class U = T, class = std::enable_if_t<!std::is_same_v<U, double>>>
  Jet(const T& value) : a(value) {  // NOLINT
    v.fill(T(0.0));
  }
  // The k-th independent variable with the given value.
  static Jet variable(const T& value, int k) {
    Jet x(value);
    x.v[k] = T(1.0);
    return x;
  }

  [[gnu::always_inline]] Jet& operator+=(const Jet& o) { return *this = *this + o; }
  [[gnu::always_inline]] Jet& operator-=(const Jet& o) { return *this = *this - o; }
  [[gnu::always_inline]] Jet& operator*=(const Jet& o) { return *this = *this * o; }
  [[gnu::always_inline]] Jet& operator/=(const Jet& o) { return *this = *this / o; }

  [[gnu::always_inline]] friend Jet operator+(const Jet& x) { return x; }
  [[gnu::always_inline]] friend Jet operator-(const Jet& x) {
    Jet r;
    r.a = -x.a;
    for (int k = 0; k < N; ++k) r.v[k] = -x.v[k];
    return r;
  }
  [[gnu::always_inline]] friend Jet operator+(const Jet& x, const Jet& y) {
    Jet r;
    r.a = x.a + y.a;
    for (int k = 0; k < N; ++k) r.v[k] = x.v[k] + y.v[k];
    return r;
  }
  [[gnu::always_inline]] friend Jet operator-(const Jet& x, const Jet& y) {
    Jet r;
    r.a = x.a - y.a;
    for (int k = 0; k < N; ++k) r.v[k] = x.v[k] - y.v[k];
    return r;
  }
  [[gnu::always_inline]] friend Jet operator*(const Jet& x, const Jet& y) {
    Jet r;
    r.a = x.a * y.a;
    for (int k = 0; k < N; ++k) r.v[k] = x.a * y.v[k] + x.v[k] * y.a;
    return r;
  }
  [[gnu::always_inline]] friend Jet operator/(const Jet& x, const Jet& y) {
    const T inv = T(1.0) / y.a;
    Jet r;
    r.a = x.a * inv;
    for (int k = 0; k < N; ++k) r.v[k] = (x.v[k] - r.a * y.v[k]) * inv;
    return r;
  }
  [[gnu::always_inline]] friend Jet operator*(const Jet& x, double s) {
    Jet r;
    r.a = x.a * s;
    for (int k = 0; k < N; ++k) r.v[k] = x.v[k] * s;
    return r;
  }
  [[gnu::always_inline]] friend Jet operator*(double s, const Jet& x) { return x * s; }
  [[gnu::always_inline]] friend Jet operator/(const Jet& x, double s) { return x * (1.0 / s); }
  [[gnu::always_inline]] friend Jet operator+(const Jet& x, double s) {
    Jet r = x;
    r.a = r.a + s;
    return r;
  }
  [[gnu::always_inline]] friend Jet operator+(double s, const Jet& x) { return x + s; }
  [[gnu::always_inline]] friend Jet operator-(const Jet& x, double s) { return x + (-s); }
  [[gnu::always_inline]] friend Jet operator-(double s, const Jet& x) { return -x + s; }
  [[gnu::always_inline]] friend Jet operator/(double s, const Jet& x) { return Jet(s) / x; }

  // Comparisons look at the value only: branches pick a formula, the jet differentiates it.
  friend bool operator<(const Jet& x, const Jet& y) { return valueOf(x) < valueOf(y); }
  friend bool operator>(const Jet& x, const Jet& y) { return valueOf(x) > valueOf(y); }
  friend bool operator<=(const Jet& x, const Jet& y) { return valueOf(x) <= valueOf(y); }
  friend bool operator>=(const Jet& x, const Jet& y) { return valueOf(x) >= valueOf(y); }
  friend bool operator==(const Jet& x, const Jet& y) { return valueOf(x) == valueOf(y); }
  friend bool operator!=(const Jet& x, const Jet& y) { return valueOf(x) != valueOf(y); }

  // f(x) with f(a) and f'(a) known: chain rule on every direction.
  [[gnu::always_inline]] friend Jet chain(const Jet& x, const T& f, const T& df) {
    Jet r;
    r.a = f;
    for (int k = 0; k < N; ++k) r.v[k] = df * x.v[k];
    return r;
  }
  [[gnu::always_inline]] friend Jet sin(const Jet& x) {
    using std::cos, std::sin;
    return chain(x, sin(x.a), cos(x.a));
  }
  [[gnu::always_inline]] friend Jet cos(const Jet& x) {
    using std::cos, std::sin;
    return chain(x, cos(x.a), -sin(x.a));
  }
  [[gnu::always_inline]] friend Jet sqrt(const Jet& x) {
    using std::sqrt;
    const T s = sqrt(x.a);
    return chain(x, s, T(0.5) / s);
  }
  [[gnu::always_inline]] friend Jet exp(const Jet& x) {
    using std::exp;
    const T e = exp(x.a);
    return chain(x, e, e);
  }
  [[gnu::always_inline]] friend Jet atan2(const Jet& y, const Jet& x) {
    using std::atan2;
    const T r2 = x.a * x.a + y.a * y.a;
    Jet r;
    r.a = atan2(y.a, x.a);
    for (int k = 0; k < N; ++k) r.v[k] = (x.a * y.v[k] - y.a * x.v[k]) / r2;
    return r;
  }
  [[gnu::always_inline]] friend Jet abs(const Jet& x) { return valueOf(x) < 0.0 ? -x : x; }
  friend bool isfinite(const Jet& x) {
    using std::isfinite;
    bool finite = isfinite(x.a);
    for (int k = 0; k < N; ++k) finite = finite && isfinite(x.v[k]);
    return finite;
  }
};

// The plain value of a (possibly nested) jet.
inline double valueOf(double x) { return x; }
template <class T, int N>
double valueOf(const Jet<T, N>& x) {
  return valueOf(x.a);
}

// Value, first derivatives along coordinates and their time derivatives: the scalar in which
// joint transforms are evaluated to get Q, S and Sdot at once.
template <int N>
using SecondOrderJet = Jet<Jet<double, 1>, N>;

}  // namespace articulab

namespace Eigen {

template <class T, int N>
struct NumTraits<articulab::Jet<T, N>> : GenericNumTraits<articulab::Jet<T, N>> {
  using Real = articulab::Jet<T, N>;
  using NonInteger = articulab::Jet<T, N>;
  using Nested = articulab::Jet<T, N>;
  using Literal = articulab::Jet<T, N>;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1 + N,
    AddCost = 1 + N,
    MulCost = 3 + 2 * N,
  };
  static Real epsilon() { return Real(std::numeric_limits<double>::epsilon()); }
  static Real dummy_precision() { return Real(1e-12); }
  static Real highest() { return Real(std::numeric_limits<double>::max()); }
  static Real lowest() { return Real(std::numeric_limits<double>::lowest()); }
  static int digits10() { return std::numeric_limits<double>::digits10; }
};

template <class T, int N, class BinaryOp>
struct ScalarBinaryOpTraits<articulab::Jet<T, N>, double, BinaryOp> {
  using ReturnType = articulab::Jet<T, N>;
};
template <class T, int N, class BinaryOp>
struct ScalarBinaryOpTraits<double, articulab::Jet<T, N>, BinaryOp> {
  using ReturnType = articulab::Jet<T, N>;
};

}  // namespace Eigen
