// A time integrator, named as on the command line and in scene files. The set is open: each
// back-end's registry entry (engine/solvers/registry.hpp) lists the integrators it offers, so a
// back-end with an integrator of its own declares it in its folder, as a constant like those
// below. A default-constructed Integrator means "the back-end's default" (its first one).
#pragma once

#include <iosfwd>
#include <string_view>

namespace articulab {

class Integrator {
 public:
  constexpr Integrator() = default;
  // name must outlive the Integrator (a string literal).
  constexpr explicit Integrator(const char* name) : name_(name) {}
  constexpr const char* name() const { return name_ ? name_ : "default"; }
  constexpr bool isDefault() const { return name_ == nullptr; }
  // The name, e.g. for SimulationDefaults::integrator.
  constexpr operator std::string_view() const { return name(); }
  friend constexpr bool operator==(Integrator a, Integrator b) {
    return a.name_ == b.name_ || (a.name_ && b.name_ && std::string_view(a.name_) == std::string_view(b.name_));
  }
  friend bool operator==(Integrator a, std::string_view name) { return a.name_ && name == a.name_; }

  // The integrators of the reduced-coordinate back-ends (reduced_solver.hpp); baraff offers
  // the last two on SE(3).
  static const Integrator LinearlyImplicitEuler;  // sueda eq 2.77-2.79, every force linearised
  static const Integrator SpringImplicitEuler;    // the same with joint springs, dampers, mouse spring only
  static const Integrator SemiImplicitEuler;      // symplectic Euler: qdot then q
  static const Integrator RK4;                    // classical explicit Runge-Kutta, accuracy reference

 private:
  const char* name_ = nullptr;
};

inline constexpr Integrator Integrator::LinearlyImplicitEuler{"implicit"};
inline constexpr Integrator Integrator::SpringImplicitEuler{"implicit-springs"};
inline constexpr Integrator Integrator::SemiImplicitEuler{"semi-implicit"};
inline constexpr Integrator Integrator::RK4{"rk4"};

// The integrators of the reduced back-ends, in their order of offer.
inline constexpr Integrator kIntegrators[] = {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler,
                                              Integrator::SemiImplicitEuler, Integrator::RK4};

// "implicit", "implicit-springs", "semi-implicit", "rk4", a back-end's own, or "default".
inline const char* integratorName(Integrator integrator) { return integrator.name(); }
std::ostream& operator<<(std::ostream& out, Integrator integrator);
// Both linearly implicit Euler variants.
inline bool isLinearlyImplicit(Integrator integrator) {
  return integrator == Integrator::LinearlyImplicitEuler || integrator == Integrator::SpringImplicitEuler;
}

}  // namespace articulab
