#include "engine/solvers/variational_maximal/variational_maximal_settings.hpp"

namespace articulab {

const SettingTable<VariationalMaximalSettings>& variationalMaximalSettingTable() {
  using S = VariationalMaximalSettings;
  static const SettingTable<S> table = {{
      realSetting("newton-tolerance", &S::newtonTolerance, "N s or m", 0, 1e-6,
                  "largest residual (momentum rows, constraint rows) at which Newton stops"),
      countSetting("newton-iterations", &S::newtonIterations, "iterations", 1, 1000,
                   "Newton iterates before the step fails"),
      choiceSetting("newton-guess", &S::newtonGuess,
                    {{S::kLastVelocityGuess, "last"}, {S::kExtrapolatedGuess, "extrapolated"}},
                    "first Newton guess of the velocities: last: the last step's; extrapolated: from the last two "
                    "steps (2 u_1 - u_0)"),
      choiceSetting("linear-solver", &S::linearSolver, {{S::kBlockLdu, "block LDU"}, {S::kDenseLu, "dense LU"}},
                    "block LDU: the O(n) block LDU of the tree (Alg 1-3); dense LU: a full-pivot LU of the whole "
                    "Newton matrix, O(n^3) per iterate (Fig 4c's reference)"),
  }};
  return table;
}

}  // namespace articulab
