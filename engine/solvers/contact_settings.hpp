// The settings of contact by staggered projections (engine/contact/staggered_projections.hpp),
// the same on every back-end that simulates contact: the friction pyramid's directions, the
// tolerance and iteration cap of sueda Alg 7, the QPs' regularisation, islands and the
// active-set step; and those of joint friction by BISP
// (engine/contact/bilateral_staggered_projections.hpp, sueda Alg 8), the same on every back-end
// with joint friction. A back-end's table (setting_table.hpp) includes these rows with
// nestedSettings, its settings struct holds the structs below.
#pragma once

#include <vector>

#include "engine/contact/bilateral_staggered_projections.hpp"
#include "engine/contact/friction_pyramid.hpp"
#include "engine/contact/staggered_projections.hpp"
#include "engine/solvers/setting_table.hpp"

namespace articulab {

struct ContactSettings {
  int frictionDirections = contact::kDefaultFrictionDirections;  // of each contact's friction pyramid
  contact::StaggeredProjectionSettings staggered;
};

// friction-directions, sp-tolerance, sp-iterations, sp-regularisation, sp-islands, sp-active-set.
const std::vector<SettingRow<ContactSettings>>& contactSettingRows();
// joint-friction-tolerance, joint-friction-iterations, joint-friction-regularisation.
const std::vector<SettingRow<contact::BispSettings>>& jointFrictionSettingRows();

}  // namespace articulab
