#include "engine/solvers/baraff/baraff_settings.hpp"

namespace articulab {

const SettingTable<BaraffSettings>& baraffSettingTable() {
  static const SettingTable<BaraffSettings> table = {
      {
          countSetting("projection-iterations", &BaraffSettings::projectionIterations, "iterations", 1, 1000,
                       "Newton iterates of the position projection (post-stabilisation)"),
          realSetting("projection-tolerance", &BaraffSettings::projectionTolerance, "m or rad", 0, 1e-6,
                      "constraint violation at which the projection stops"),
          realSetting("projection-failure", &BaraffSettings::projectionFailure, "m or rad", 0, 1,
                      "violation left after the iterates at which the step fails"),
          realSetting("near-factor-error", &BaraffSettings::nearFactorError, "m or rad", 0, 1,
                      "violation left by a step below which the projection's factor serves the next step, refined"),
      },
      nestedSettings(&BaraffSettings::contact, contactSettingRows()),
  };
  return table;
}

}  // namespace articulab
