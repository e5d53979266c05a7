#include "engine/solvers/integrator.hpp"

#include <ostream>

namespace articulab {

std::ostream& operator<<(std::ostream& out, Integrator integrator) { return out << integrator.name(); }

}  // namespace articulab
