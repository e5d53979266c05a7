// The variational-maximal back-end's own settings: Newton's tolerance, iteration cap and first
// guess, and the linear solver of its systems. Their table (setting_table.hpp) lists them and
// reads them into VariationalMaximalSettings.
#pragma once

#include "engine/solvers/setting_table.hpp"

namespace articulab {

struct VariationalMaximalSettings {
  // Values of linear-solver and newton-guess.
  static constexpr int kBlockLdu = 0, kDenseLu = 1;
  static constexpr int kLastVelocityGuess = 0, kExtrapolatedGuess = 1;
  // Defaults: max |f| in N s (momentum rows), m or rad (constraints); iterates.
  static constexpr double kTolerance = 1e-10;
  static constexpr int kIterations = 30;

  double newtonTolerance = kTolerance;
  int newtonIterations = kIterations;
  int newtonGuess = kExtrapolatedGuess;
  int linearSolver = kBlockLdu;
};

const SettingTable<VariationalMaximalSettings>& variationalMaximalSettingTable();

}  // namespace articulab
