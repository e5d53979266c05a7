// The energy claim of an integrator's description (the clause after its last ": ") and the
// measurement the claims tests check it against (integrator_claims_test.cpp on the conservative
// scenes with E - E0, work_balance_test.cpp on the others with E - E0 - W).
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "engine/run/run.hpp"

namespace articulab::energy_claims {

enum class Claim { Band, SingleJointBand, Dissipative, FourthOrder, None };

// The claim of a description's energy clause.
inline Claim claimOf(const std::string& description) {
  const std::string clause = description.substr(description.rfind(": ") + 2);
  const auto has = [&](const char* words) { return clause.find(words) != std::string::npos; };
  if (has("only where M does not depend on q") || has("for a single joint only") ||
      has("elsewhere as semi-implicit Euler"))
    return Claim::SingleJointBand;
  if (has("dissipative")) return Claim::Dissipative;
  if (has("energy in a band") || has("energy band")) return Claim::Band;
  if (has("fourth order")) return Claim::FourthOrder;
  return Claim::None;
}

struct Measured {
  double first = 0.0, last = 0.0, end = 0.0;  // relative to the largest kinetic energy
};

// Runs the run to its end; `error` gives the quantity whose band is measured after each step (E -
// E0, or E - E0 - W), the kinetic energy its scale: the largest |error| in the first and the last
// second and the error at the end, relative to the largest kinetic energy of the steps.
inline Measured measure(articulab::Run& run, const std::function<double(const articulab::Run&, double& kinetic)>& error) {
  std::vector<double> change;
  double largestKinetic = 1e-12;
  run.advance(run.plan().steps, [&](const articulab::Run& r) {
    double kinetic = 0.0;
    change.push_back(error(r, kinetic));
    largestKinetic = std::max(largestKinetic, kinetic);
  });
  const long second = std::lround(1.0 / run.plan().dt), n = static_cast<long>(change.size());
  Measured m;
  for (long k = 0; k < n; ++k) {
    const double size = std::abs(change[static_cast<std::size_t>(k)]) / largestKinetic;
    if (k < second) m.first = std::max(m.first, size);
    if (k >= n - second) m.last = std::max(m.last, size);
  }
  m.end = n ? change.back() / largestKinetic : 0.0;
  return m;
}

// One joint of one degree of freedom from the world (the single pendulum): M does not depend on
// q. A free body does not count: its rotation drifts on semi-implicit Euler (free_body.json).
inline bool oneHingeFromTheWorld(const Model& model) {
  return model.joints.size() == 1 && model.nq == 1 && model.loops.empty();
}

}  // namespace articulab::energy_claims
