// The list of back-ends, by name, and their factory.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/solvers/solver.hpp"

namespace articulab {

struct BackendInfo {
  std::string name;         // as used on the command line and in scene files
  std::string description;  // one line for listings
  std::function<SolverSupport(const Model&)> supports;
  std::function<std::unique_ptr<Solver>(const Model&, const SolverOptions&)> create;
};

const std::vector<BackendInfo>& backends();
// The back-end with this name, or nullptr.
const BackendInfo* findBackend(const std::string& name);
// Comma-separated names, for error messages.
std::string backendNames();

}  // namespace articulab
