#include "engine/solvers/recursive/recursive_settings.hpp"

namespace articulab {

const SettingTable<RecursiveSettings>& recursiveSettingTable() {
  static const SettingTable<RecursiveSettings> table = {
      {
          realSetting("gmres-tolerance", &RecursiveSettings::gmresTolerance, "relative", 1e-14, 1e-4,
                      "relative preconditioned residual at which GMRES stops (integrator implicit)"),
          countSetting("gmres-iterations", &RecursiveSettings::gmresIterations, "iterations", 0, 1e6,
                       "Arnoldi steps before the dense LU fallback; 0 stands for 4 nq + 20 (integrator implicit)"),
      },
      nestedSettings(&RecursiveSettings::jointFriction, jointFrictionSettingRows()),
      nestedSettings(&RecursiveSettings::contact, contactSettingRows()),
  };
  return table;
}

}  // namespace articulab
