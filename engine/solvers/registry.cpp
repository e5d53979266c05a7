#include "engine/solvers/registry.hpp"

#include "engine/solvers/redmax/redmax_solver.hpp"

namespace articulab {

const std::vector<BackendInfo>& backends() {
  static const std::vector<BackendInfo> list = {
      {"redmax", "reduced coordinates, dense Jacobian J_mr, O(n^3) (sueda notes 2.1-2.5)", &RedMaxSolver::supports,
       [](const Model& model, const SolverOptions& options) -> std::unique_ptr<Solver> {
         return std::make_unique<RedMaxSolver>(model, options);
       }},
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

}  // namespace articulab
