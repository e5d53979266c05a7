#include "engine/solvers/contact_settings.hpp"

#include <cmath>

#include "engine/contact/friction_pyramid.hpp"
#include "engine/solvers/solver_settings.hpp"

namespace articulab {

SolverSettingList withContactSettings(SolverSettingList own) {
  own.insert(own.end(), {
      {"friction-directions", contact::kDefaultFrictionDirections, "directions", 4, 16,
       "directions of the friction pyramid of a contact: 4, 8 or 16 (a regular polygon around the friction circle)"},
      {"sp-tolerance", 1e-8, "relative", 1e-14, 1e-2,
       "staggered projections stop when the contact force changes less than this in the M^-1 norm"},
      {"sp-iterations", 50, "iterations", 1, 1000, "most contact QP solves of staggered projections"},
      {"sp-regularisation", 1e-10, "relative", 0, 1e-4,
       "eps I added to the contact and friction QPs, relative to their largest diagonal (unique forces)"},
      {"sp-islands", 1, "on/off", 0, 1,
       "1: staggered projections per contact island (independent groups of bodies), 0: on the whole problem at once"},
      {"sp-active-set", 1, "0 plain | 1 settled | 2 newton", 0, 2,
       "1: once neither QP's active set changes, jump to the fixed point of staggered projections on those sets "
       "(one linear solve; kept only when feasible), 0: plain iterations, 2: that jump on every iteration from "
       "the iterate's active sets, approached by a ratio test when infeasible (semismooth Newton; fewer "
       "iterations, other end points than plain iterations where those stall)"},
  });
  return own;
}

int frictionDirections(const SolverOptions& options, const char* backend, const SolverSettingList& list) {
  return static_cast<int>(std::lround(settingValue(options, backend, list, "friction-directions")));
}

contact::StaggeredProjectionSettings staggeredSettings(const SolverOptions& options, const char* backend,
                                                       const SolverSettingList& list) {
  contact::StaggeredProjectionSettings settings;
  settings.tolerance = settingValue(options, backend, list, "sp-tolerance");
  settings.maxIterations = static_cast<int>(settingValue(options, backend, list, "sp-iterations"));
  settings.regularisation = settingValue(options, backend, list, "sp-regularisation");
  settings.islands = settingValue(options, backend, list, "sp-islands") >= 0.5;
  settings.activeSetStep = static_cast<int>(std::lround(settingValue(options, backend, list, "sp-active-set")));
  return settings;
}

SolverSettingList withJointFrictionSettings(SolverSettingList own) {
  const contact::BispSettings defaults;
  own.insert(own.end(), {
      {"joint-friction-tolerance", defaults.tolerance, "relative", 0, 1e-2,
       "change of the joint friction bounds at which BISP stops (sueda Alg 8 line 18)"},
      {"joint-friction-iterations", static_cast<double>(defaults.maxIterations), "iterations", 1, 1000,
       "friction QP solves of BISP per step (joint friction)"},
      {"joint-friction-regularisation", defaults.regularisation, "relative", 0, 1e-4,
       "eps I of BISP's friction QP over the largest diagonal of W (eq 2.118): unique friction impulses where "
       "joints share DOFs (loops); a sticking joint keeps a relative speed of about eps |beta|"},
  });
  return own;
}

contact::BispSettings jointFrictionSettings(const SolverOptions& options, const char* backend,
                                            const SolverSettingList& list) {
  contact::BispSettings settings;
  settings.tolerance = settingValue(options, backend, list, "joint-friction-tolerance");
  settings.maxIterations = static_cast<int>(settingValue(options, backend, list, "joint-friction-iterations"));
  settings.regularisation = settingValue(options, backend, list, "joint-friction-regularisation");
  return settings;
}

}  // namespace articulab
