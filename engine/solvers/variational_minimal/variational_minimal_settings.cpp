#include "engine/solvers/variational_minimal/variational_minimal_settings.hpp"

namespace articulab {

const SettingTable<VariationalMinimalSettings>& variationalMinimalSettingTable() {
  using S = VariationalMinimalSettings;
  static const SettingTable<S> table = {{
      realSetting("newton-tolerance", &S::newtonTolerance, "N m s or N s", 1e-15, 1e-4,
                  "largest DEL residual (impulse per coordinate) at which Newton stops, times the largest momentum "
                  "where that exceeds 1"),
      countSetting("newton-iterations", &S::newtonIterations, "iterations", 1, 1000,
                   "dense Newton iterates before the step fails"),
      countSetting("riqn-iterations", &S::riqnIterations, "iterations", 0, 1000,
                   "RIQN iterates (O(n) each) before the dense Newton takes over; 0: dense Newton only"),
      countSetting("anderson-memory", &S::andersonMemory, "steps", 0,
                   variational_minimal::AndersonAcceleration::kMaxMemory,
                   "past RIQN steps mixed into each iterate (Anderson acceleration); 0: plain RIQN"),
      realSetting("substep-rotation", &S::substepRotation, "rad", 0.0, 3.0,
                  "largest rotation of the fastest body per DEL step: faster starts are split into 2, 4, ... 64 "
                  "substeps; 0: split only a step whose DEL solve fails"),
      choiceSetting("solver", &S::solver, {{S::kRiqn, "riqn"}, {S::kNewton, "newton"}},
                    "riqn: RIQN (Alg 3, O(n) iterates) with Anderson mixing, Newton as fallback; newton: Newton with "
                    "the DRNEA derivative (Alg 4, O(n^2) Jacobian and O(n^3) LU per iterate) only"),
  }};
  return table;
}

}  // namespace articulab
