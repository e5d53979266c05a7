// Whether a back-end's workspace fits in memory. Each back-end estimates the bytes its solver
// allocates for a model and an integrator (estimateWorkspaceBytes) and its supports() refuses a
// model whose workspace would not fit, naming the figure and the back-ends that would fit.
#pragma once

#include <string>

#include "engine/multibody/model.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab {

// Bytes the process may still allocate: the smaller of the memory available now (MemAvailable
// of /proc/meminfo, else the physical memory) and the address-space limit (RLIMIT_AS), if any.
double availableMemoryBytes();

// "512 MB", "3.2 GB", "960 TB".
std::string formatBytes(double bytes);

// Workspace of the back-end's solver for this model and integrator, in bytes (the estimate each
// back-end declares in its capabilities, backend_capabilities.hpp). Returns a negative number
// for an unknown name.
double estimateWorkspaceBytes(const std::string& backend, const Model& model, Integrator integrator);

// The reason supports() gives when `backend` needs `bytes` and only `available` bytes are free:
// "the redmax workspace for 100000 bodies and 100000 coordinates with the rk4 integrator needs about
// 1.7 TB, more than the 24 GB of memory available; workspaces that fit: recursive (about 820 MB),
// baraff (about 1.0 GB) (...)": the workspaces of the back-ends that fit, smallest first, each
// with the same integrator where the back-end offers it and it fits, else with its integrator
// of the cheapest step that fits.
std::string workspaceRefusal(const std::string& backend, double bytes, double available, const Model& model,
                             Integrator integrator);

// When the back-end's workspace for the model and integrator exceeds the memory available, sets
// support.ok = false with workspaceRefusal's reason and returns false.
bool checkWorkspaceFits(const std::string& backend, const Model& model, Integrator integrator, SolverSupport& support);

// Rows of the model's loop closures: 3 per point, 5 per hinge closure.
double loopClosureRows(const Model& model);

}  // namespace articulab
