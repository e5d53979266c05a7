#include "engine/solvers/registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/contact/joint_friction.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"
#include "engine/solvers/solver_settings.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_solver.hpp"

namespace articulab {

namespace {

template <class BackEnd>
std::function<std::unique_ptr<Solver>(const Model&, const SolverOptions&)> factory(const char* name,
                                                                                   const IntegratorList& offered,
                                                                                   const SolverSettingList& settings) {
  return [name, &offered, &settings](const Model& model, const SolverOptions& options) -> std::unique_ptr<Solver> {
    if (!options.integrator.isDefault() && !findOffered(offered, options.integrator))
      throw std::invalid_argument(integratorRefusal(name, options.integrator, offered));
    if (std::string refused = checkSettings(name, settings, options.settings); !refused.empty())
      throw std::invalid_argument(refused);
    return std::make_unique<BackEnd>(model, options);
  };
}

SupportCheck checkOf(SolverSupport (*check)(const Model&, const SolverOptions&)) { return check; }

// The back-ends without joint friction refuse a model that has it (redmax and recursive simulate it).
constexpr char kJointFrictionRefusingBaraff[] = "baraff";
constexpr char kJointFrictionRefusingVariationalMaximal[] = "variational-maximal";
constexpr char kJointFrictionRefusingVariationalMinimal[] = "variational-minimal";

template <const char* Backend, SolverSupport (*Check)(const Model&, const SolverOptions&)>
SolverSupport refusingJointFriction(const Model& model, const SolverOptions& options) {
  if (const Joint* joint = contact::firstJointWithFriction(model))
    return {false,
            std::string(Backend) + " does not simulate joint friction (joint '" + joint->name +
                "' has mu = " + std::to_string(joint->friction.mu) + "); back-ends with joint friction: redmax, recursive",
            {},
            {}};
  return Check(model, options);
}

// Body-body contact (Model::bodyContact) is simulated by baraff, redmax and recursive (their
// supports() say on which integrators); the others let bodies pass through each other and say so.
void warnOfBodyContact(const Model& model, const std::string& backend, SolverSupport& support) {
  const bool simulates = backend == "baraff" || backend == "redmax" || backend == "recursive";
  if (model.bodyContact && !simulates && support.ok)
    support.warnings.push_back(
        "body contact is not simulated: bodies pass through each other (baraff, redmax and recursive have it)");
}

}  // namespace

SolverSupport BackendSupport::operator()(const Model& model, const SolverOptions& options) const {
  if (!options.integrator.isDefault() && !findOffered(*integrators_, options.integrator))
    return {false, integratorRefusal(backend_, options.integrator, *integrators_), {}, {}};
  if (std::string refused = checkSettings(backend_, *settings_, options.settings); !refused.empty())
    return {false, refused, {}, {}};
  SolverSupport support = check_(model, options);
  warnOfBodyContact(model, backend_, support);
  return support;
}

SolverSupport BackendSupport::operator()(const Model& model) const { return choose(model).support; }

SceneIntegratorChoice BackendSupport::choose(const Model& model) const { return choose(model, model.defaults.integrator); }

SceneIntegratorChoice BackendSupport::choose(const Model& model, const std::string& wanted) const {
  SceneIntegratorChoice choice = chooseSceneIntegrator(model, wanted, backend_, *integrators_, check_);
  warnOfBodyContact(model, backend_, choice.support);
  return choice;
}

const IntegratorInfo* BackendInfo::findIntegrator(const std::string& wanted) const {
  for (const IntegratorInfo& info : integrators)
    if (info.integrator == wanted) return &info;
  return nullptr;
}

const std::vector<BackendInfo>& backends() {
  static const std::vector<BackendInfo> list = {
      {"redmax", "reduced coordinates, dense Jacobian J_mr, O(n^3) (sueda notes 2.1-2.5); joint friction by BISP, contact "
       "with friction by staggered projections (sueda 2.11)",
       ReducedSolver::sharedIntegrators(), RedMaxSolver::settings(),
       BackendSupport("redmax", &ReducedSolver::sharedIntegrators(), &RedMaxSolver::settings(), checkOf(&RedMaxSolver::supports)),
       factory<RedMaxSolver>("redmax", ReducedSolver::sharedIntegrators(), RedMaxSolver::settings())},
      {"recursive",
       "reduced coordinates, articulated bodies: O(n) dynamics and implicit-springs step, O(n^3) implicit step "
       "(sueda 2.10-2.13); joint friction by BISP, contact with friction by staggered projections on the "
       "velocity-level steps",
       ReducedSolver::sharedIntegrators(), RecursiveSolver::settings(),
       BackendSupport("recursive", &ReducedSolver::sharedIntegrators(), &RecursiveSolver::settings(), checkOf(&RecursiveSolver::supports)),
       factory<RecursiveSolver>("recursive", ReducedSolver::sharedIntegrators(), RecursiveSolver::settings())},
      {"baraff", "maximal coordinates, Lagrange multipliers, O(n) sparse LDL^T, loops by anticipation (Baraff 1996)",
       BaraffSolver::integratorList(), BaraffSolver::settings(),
       BackendSupport("baraff", &BaraffSolver::integratorList(), &BaraffSolver::settings(), checkOf(&refusingJointFriction<kJointFrictionRefusingBaraff, &BaraffSolver::supports>)),
       factory<BaraffSolver>("baraff", BaraffSolver::integratorList(), BaraffSolver::settings())},
      {"variational-maximal",
       "maximal coordinates, variational integrator, joints and loops at position level by Newton, O(n) sparse "
       "LDU (Bruedigam and Manchester)",
       VariationalMaximalSolver::integratorList(), VariationalMaximalSolver::settings(),
       BackendSupport("variational-maximal", &VariationalMaximalSolver::integratorList(),
                      &VariationalMaximalSolver::settings(), checkOf(&refusingJointFriction<kJointFrictionRefusingVariationalMaximal, &VariationalMaximalSolver::supports>)),
       factory<VariationalMaximalSolver>("variational-maximal", VariationalMaximalSolver::integratorList(),
                                                VariationalMaximalSolver::settings())},
      {"variational-minimal",
       "joint coordinates, variational integrator (midpoint discrete Lagrangian), DEL residual by DRNEA and RIQN in "
       "O(n) per iterate, dense Newton fallback (lee-liu-park-srinivasa); every joint type, loop closures at "
       "position level by multipliers (O(kn) per iterate for k closure rows)",
       VariationalMinimalSolver::integratorList(), VariationalMinimalSolver::settings(),
       BackendSupport("variational-minimal", &VariationalMinimalSolver::integratorList(),
                      &VariationalMinimalSolver::settings(), checkOf(&refusingJointFriction<kJointFrictionRefusingVariationalMinimal, &VariationalMinimalSolver::supports>)),
       factory<VariationalMinimalSolver>("variational-minimal", VariationalMinimalSolver::integratorList(),
                                         VariationalMinimalSolver::settings())},
  };
  return list;
}

const BackendInfo* findBackend(const std::string& name) {
  for (const BackendInfo& info : backends())
    if (info.name == name) return &info;
  return nullptr;
}

std::string backendNames() {
  std::string names;
  for (const BackendInfo& info : backends()) names += (names.empty() ? "" : ", ") + info.name;
  return names;
}

bool findAnyIntegrator(const std::string& name, Integrator& out) {
  for (const BackendInfo& backend : backends())
    if (const IntegratorInfo* info = backend.findIntegrator(name)) {
      out = info->integrator;
      return true;
    }
  return false;
}

std::string allIntegratorNames() {
  std::vector<std::string> names;
  for (const BackendInfo& backend : backends())
    for (const IntegratorInfo& info : backend.integrators)
      if (std::find(names.begin(), names.end(), info.integrator.name()) == names.end())
        names.push_back(info.integrator.name());
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

SolverOptions solverOptionsFor(const Model& model, const std::string& integrator) {
  if (integrator.empty()) return solverOptionsFor(model, Integrator{});
  Integrator found;
  if (!findAnyIntegrator(integrator, found))
    throw std::invalid_argument("unknown integrator '" + integrator + "' (expected one of: " + allIntegratorNames() +
                                ")");
  return solverOptionsFor(model, found);
}

void validateSceneChoices(const Model& model, bool usesSceneBackend, bool usesSceneIntegrator) {
  const SimulationDefaults& d = model.defaults;
  const BackendInfo* backend = findBackend(d.backend);
  if (!backend)
    throw SceneError(model.sourceFile, "/simulation/backend",
                     "unknown backend \"" + d.backend + "\"; expected one of: " + backendNames());
  Integrator integrator;
  if (!d.integrator.empty() && !findAnyIntegrator(d.integrator, integrator))
    throw SceneError(model.sourceFile, "/simulation/integrator",
                     "unknown integrator \"" + d.integrator + "\"; expected one of: " + allIntegratorNames());
  if (usesSceneBackend && usesSceneIntegrator && !d.integrator.empty() && !backend->findIntegrator(d.integrator))
    throw SceneError(model.sourceFile, "/simulation/integrator",
                     "integrator \"" + d.integrator + "\" is not offered by the scene's backend \"" + d.backend +
                         "\"; it offers: " + integratorListNames(backend->integrators));
  for (const SettingValue& value : d.solverSettings) {
    const std::string field = "/simulation/solver_settings/" + value.backend;
    const BackendInfo* owner = findBackend(value.backend);
    if (!owner) throw SceneError(model.sourceFile, field, "unknown backend; expected one of: " + backendNames());
    if (std::string refused = checkSettings(value.backend, owner->settings, {value}); !refused.empty())
      throw SceneError(model.sourceFile, field + "/" + value.name, refused);
  }
}

}  // namespace articulab
