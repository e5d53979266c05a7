// The registry entry of the variational-minimal back-end (engine/solvers/registry.hpp): its integrators,
// settings table, capabilities, support check and factory, declared here in its folder.
#pragma once

#include "engine/solvers/registry.hpp"

namespace articulab {

BackendInfo variationalMinimalBackend();

}  // namespace articulab
