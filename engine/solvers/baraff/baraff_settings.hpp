// The baraff back-end's own settings: the position projection (post-stabilisation), the reuse
// of its factor, and the contact's (contact_settings.hpp). Their table (setting_table.hpp)
// lists them and reads them into BaraffSettings.
#pragma once

#include "engine/solvers/contact_settings.hpp"
#include "engine/solvers/setting_table.hpp"

namespace articulab {

struct BaraffSettings {
  // Newton iterates before the projection gives up. A gently moving chain needs 1 or 2; the
  // standard chain of 200 links whipping at up to 300 rad/s near its root (h = 1 ms) needed 12.
  int projectionIterations = 30;
  double projectionTolerance = 1e-13;  // m or rad: post-stabilisation target
  double projectionFailure = 1e-6;    // left after the iterations: the constraints conflict
  // The projection's factor is near enough to the next step's rows for one refinement when the
  // step left g below this (m or rad). Measured on the standard 100-link chain over 10 s: below
  // 1e-5 one refinement in 500 was rejected, between 1e-5 and 1e-4 one in five, above most.
  double nearFactorError = 1e-5;
  ContactSettings contact;
};

const SettingTable<BaraffSettings>& baraffSettingTable();

}  // namespace articulab
