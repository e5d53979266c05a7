#include "engine/solvers/registry.hpp"

#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/redmax/redmax_solver.hpp"

namespace articulab {

const std::vector<BackendInfo>& backends() {
  static const std::vector<BackendInfo> list = {
      {"redmax", "reduced coordinates, dense Jacobian J_mr, O(n^3) (sueda notes 2.1-2.5)", &RedMaxSolver::supports,
       [](const Model& model, const SolverOptions& options) -> std::unique_ptr<Solver> {
         return std::make_unique<RedMaxSolver>(model, options);
       }},
      {"recursive",
       "reduced coordinates, articulated bodies: O(n) dynamics and implicit-springs step, O(n^3) implicit step "
       "(sueda 2.10-2.13)",
       &RecursiveSolver::supports,
       [](const Model& model, const SolverOptions& options) -> std::unique_ptr<Solver> {
         return std::make_unique<RecursiveSolver>(model, options);
       }},
      {"baraff", "maximal coordinates, Lagrange multipliers, O(n) sparse LDL^T, loops by anticipation (Baraff 1996)",
       &BaraffSolver::supports,
       [](const Model& model, const SolverOptions& options) -> std::unique_ptr<Solver> {
         return std::make_unique<BaraffSolver>(model, options);
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
