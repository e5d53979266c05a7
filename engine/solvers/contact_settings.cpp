#include "engine/solvers/contact_settings.hpp"

namespace articulab {

namespace {

using contact::StaggeredProjectionSettings;

std::vector<SettingRow<StaggeredProjectionSettings>> staggeredProjectionRows() {
  return {
      realSetting("sp-tolerance", &StaggeredProjectionSettings::tolerance, "relative", 1e-14, 1e-2,
                  "staggered projections stop when the contact force changes less than this in the M^-1 norm"),
      countSetting("sp-iterations", &StaggeredProjectionSettings::maxIterations, "iterations", 1, 1000,
                   "most contact QP solves of staggered projections"),
      realSetting("sp-regularisation", &StaggeredProjectionSettings::regularisation, "relative", 0, 1e-4,
                  "eps I added to the contact and friction QPs, relative to their largest diagonal (unique forces)"),
      onOffSetting("sp-islands", &StaggeredProjectionSettings::islands,
                   "on: staggered projections per contact island (independent groups of bodies), off: on the whole "
                   "problem at once"),
      choiceSetting("sp-active-set", &StaggeredProjectionSettings::activeSetStep,
                    {{contact::kSpActiveSetOff, "plain"},
                     {contact::kSpActiveSetSettled, "settled"},
                     {contact::kSpActiveSetNewton, "newton"}},
                    "settled: once neither QP's active set changes, jump to the fixed point of staggered projections "
                    "on those sets (one linear solve; kept only when feasible), plain: plain iterations, newton: that "
                    "jump on every iteration from the iterate's active sets, approached by a ratio test when infeasible "
                    "(semismooth Newton; fewer iterations, other end points than plain iterations where those "
                    "stall)"),
  };
}

}  // namespace

const std::vector<SettingRow<ContactSettings>>& contactSettingRows() {
  static const std::vector<SettingRow<ContactSettings>> rows = [] {
    std::vector<SettingRow<ContactSettings>> out = {
        countSetting("friction-directions", &ContactSettings::frictionDirections, "directions", 4, 16,
                     "directions of the friction pyramid of a contact: 4, 8 or 16 (a regular polygon around the "
                     "friction circle)"),
    };
    for (SettingRow<ContactSettings>& row : nestedSettings(&ContactSettings::staggered, staggeredProjectionRows()))
      out.push_back(std::move(row));
    return out;
  }();
  return rows;
}

const std::vector<SettingRow<contact::BispSettings>>& jointFrictionSettingRows() {
  using contact::BispSettings;
  static const std::vector<SettingRow<BispSettings>> rows = {
      realSetting("joint-friction-tolerance", &BispSettings::tolerance, "relative", 0, 1e-2,
                  "change of the joint friction bounds at which BISP stops (sueda Alg 8 line 18)"),
      countSetting("joint-friction-iterations", &BispSettings::maxIterations, "iterations", 1, 1000,
                   "friction QP solves of BISP per step (joint friction)"),
      realSetting("joint-friction-regularisation", &BispSettings::regularisation, "relative", 0, 1e-4,
                  "eps I of BISP's friction QP over the largest diagonal of W (eq 2.118): unique friction impulses "
                  "where joints share DOFs (loops); a sticking joint keeps a relative speed of about eps |beta|"),
  };
  return rows;
}

}  // namespace articulab
