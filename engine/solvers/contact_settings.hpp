// The settings of contact by staggered projections (engine/contact/staggered_projections.hpp),
// the same on every back-end that simulates contact: the friction pyramid's directions, the
// tolerance and iteration cap of sueda Alg 7 and the QPs' regularisation; and those of joint
// friction by BISP (engine/contact/bilateral_staggered_projections.hpp, sueda Alg 8), the same on
// redmax and recursive.
#pragma once

#include "engine/contact/bilateral_staggered_projections.hpp"
#include "engine/contact/staggered_projections.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

// `own` followed by friction-directions, sp-tolerance, sp-iterations, sp-regularisation,
// sp-islands and sp-active-set.
SolverSettingList withContactSettings(SolverSettingList own);
// The values the options give back-end `backend` (whose settings are `list`).
int frictionDirections(const SolverOptions& options, const char* backend, const SolverSettingList& list);
contact::StaggeredProjectionSettings staggeredSettings(const SolverOptions& options, const char* backend,
                                                       const SolverSettingList& list);

// `own` followed by joint-friction-tolerance and joint-friction-iterations.
SolverSettingList withJointFrictionSettings(SolverSettingList own);
contact::BispSettings jointFrictionSettings(const SolverOptions& options, const char* backend,
                                            const SolverSettingList& list);

}  // namespace articulab
