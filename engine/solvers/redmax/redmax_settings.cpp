#include "engine/solvers/redmax/redmax_settings.hpp"

namespace articulab {

const SettingTable<RedMaxSettings>& redmaxSettingTable() {
  static const SettingTable<RedMaxSettings> table = {
      {
          countSetting("projection-iterations", &RedMaxSettings::projectionIterations, "iterations", 1, 1000,
                       "Gauss-Newton iterates of the loop-closure position projection (post-stabilisation)"),
          realSetting("projection-tolerance", &RedMaxSettings::projectionTolerance, "m or rad", 0, 1e-6,
                      "loop-closure violation at which the projection stops"),
          realSetting("projection-failure", &RedMaxSettings::projectionFailure, "m or rad", 0, 1,
                      "violation left after the iterates at which the step fails"),
      },
      nestedSettings(&RedMaxSettings::jointFriction, jointFrictionSettingRows()),
      nestedSettings(&RedMaxSettings::contact, contactSettingRows()),
  };
  return table;
}

}  // namespace articulab
