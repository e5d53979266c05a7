// The redmax back-end's own settings: the loop-closure position projection
// (post-stabilisation), the joint friction's (BISP) and the contact's (contact_settings.hpp).
// Their table (setting_table.hpp) lists them and reads them into RedMaxSettings.
#pragma once

#include "engine/solvers/contact_settings.hpp"
#include "engine/solvers/setting_table.hpp"

namespace articulab {

struct RedMaxSettings {
  int projectionIterations = 8;       // Gauss-Newton iterates of the projection
  double projectionTolerance = 1e-13;  // m or rad: post-stabilisation target
  double projectionFailure = 1e-6;    // left after the iterations: the closures conflict
  contact::BispSettings jointFriction;
  ContactSettings contact;
};

const SettingTable<RedMaxSettings>& redmaxSettingTable();

}  // namespace articulab
