#include "engine/solvers/solver.hpp"

#include "engine/forces/muscle_activations.hpp"

namespace articulab {

const IntegratorInfo* findOffered(const IntegratorList& offered, Integrator integrator) {
  for (const IntegratorInfo& info : offered)
    if (info.integrator == integrator) return &info;
  return nullptr;
}

std::string integratorListNames(const IntegratorList& offered) {
  std::string names;
  for (const IntegratorInfo& info : offered) names += (names.empty() ? "" : ", ") + std::string(info.integrator.name());
  return names;
}

std::string integratorRefusal(const std::string& backend, Integrator requested, const IntegratorList& offered) {
  return "back-end '" + backend + "' does not offer the integrator '" + requested.name() +
         "'; it offers: " + integratorListNames(offered);
}

StepStatus Solver::step(const Model& model, State& state, double h) {
  if (state.activations.size() != static_cast<Eigen::Index>(model.muscles.size()))
    return {false, std::string(name()) + ": the state has " + std::to_string(state.activations.size()) +
                       " muscle activations, the model " + std::to_string(model.muscles.size()) + " muscles"};
  inStep_ = cancel_;
  struct LeaveStep {  // the check points are live during this step only, however it ends
    const CancelFlag*& inStep;
    ~LeaveStep() { inStep = nullptr; }
  } leave{inStep_};
  checkCancel();
  const double t = state.t;
  const StepStatus status = advanceMechanism(model, state, h);
  if (status.ok) advanceActivations(model, t, h, state.activations);
  return status;
}

std::string Solver::setIntegrator(const Model& model, Integrator integrator) {
  if (integrator.isDefault()) integrator = integrators().front().integrator;
  if (!findOffered(integrators(), integrator)) return integratorRefusal(name(), integrator, integrators());
  options_.integrator = integrator;
  integratorChanged(model);
  return "";
}

void Solver::resolveDefaultIntegrator() {
  if (options_.integrator.isDefault()) options_.integrator = integrators().front().integrator;
}

}  // namespace articulab
