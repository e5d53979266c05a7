// Fixture of the include-rules test: a back-end file including another back-end's header.
#include "engine/solvers/beta/beta_rows.hpp"
