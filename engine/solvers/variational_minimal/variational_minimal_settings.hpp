// The variational-minimal back-end's own settings: the DEL solve's tolerance, Newton and RIQN
// iteration caps, Anderson memory and the solver. Their table (setting_table.hpp) lists them
// and reads them into VariationalMinimalSettings.
#pragma once

#include "engine/solvers/setting_table.hpp"
#include "engine/solvers/variational_minimal/anderson_acceleration.hpp"

namespace articulab {

struct VariationalMinimalSettings {
  enum SolverKind { kRiqn = 0, kNewton = 1 };  // setting `solver`
  // max |f| over max(1, max |p^+_k|), N m s or N s (impulse units). 1e-12, not 1e-10: RIQN converges
  // linearly and its last residual is biased, which at 1e-10 drifted the double pendulum's energy by
  // 1e-6 J in 200 s. Relative above 1: the rounding floor of DRNEA grows with the momenta (RC100
  // whipping at 3 kJ stalled at 1.5e-11 absolute).
  static constexpr double kTolerance = 1e-12;
  // Largest rotation of the fastest body over one DEL step, rad: a step whose start turns some body
  // faster than this per step is taken as 2, 4, ... substeps (variational_minimal_solver.hpp,
  // "Substeps"). 0 turns this off (a step is split only when its DEL solve fails).
  static constexpr double kSubstepRotation = 0.1;
  static constexpr int kMaxSubsteps = 64;  // the finest substep is h / 64

  double substepRotation = kSubstepRotation;

  double newtonTolerance = kTolerance;
  int newtonIterations = 20;
  int riqnIterations = 50;  // 0: dense Newton only
  int andersonMemory = 5;   // 0: plain RIQN
  int solver = kRiqn;
};

const SettingTable<VariationalMinimalSettings>& variationalMinimalSettingTable();

}  // namespace articulab
