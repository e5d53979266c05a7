// The recursive back-end's own settings: GMRES of the "implicit" step
// (implicit_velocity.hpp), the joint friction's (BISP) and the contact's (contact_settings.hpp).
// Their table (setting_table.hpp) lists them and reads them into RecursiveSettings.
#pragma once

#include "engine/solvers/contact_settings.hpp"
#include "engine/solvers/recursive/implicit_velocity.hpp"
#include "engine/solvers/setting_table.hpp"

namespace articulab {

struct RecursiveSettings {
  double gmresTolerance = ImplicitVelocity::defaultTolerance;
  int gmresIterations = 0;  // 0: 4 nq + 20
  contact::BispSettings jointFriction;
  ContactSettings contact;
};

const SettingTable<RecursiveSettings>& recursiveSettingTable();

}  // namespace articulab
