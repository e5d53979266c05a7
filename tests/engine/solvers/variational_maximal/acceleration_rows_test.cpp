// variational-maximal's forward dynamics with the exact acceleration rows (acceleration_rows.hpp)
// against redmax on the long standard chain, where the tip turns at n qd = 100 rad/s (a central
// difference of the constraint rate was 5e-7 relative off there).
#include <gtest/gtest.h>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_solver.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

TEST(VariationalMaximalAccelerationRows, LongChainAgreesWithRedmax) {
  for (const int n : {10, 200}) {
    SCOPED_TRACE(n);
    Model model = loadScene(test::kScenes + "chain.json", {{"n", n}});
    model.q0 = VectorX::Constant(model.nq, 0.3);
    model.qd0 = VectorX::Constant(model.nq, 0.5);
    const State state = makeInitialState(model);
    VectorX reference(model.nq), ours(model.nq);
    findBackend("redmax")->create(model, SolverOptions{})->forwardDynamics(model, state, reference);
    VariationalMaximalSolver(model, SolverOptions{}).forwardDynamics(model, state, ours);
    EXPECT_LT(test::relativeError(ours, reference), 1e-9);
    EXPECT_LT(std::abs(ours(n - 1) - reference(n - 1)), 1e-9 * std::abs(reference(n - 1)));
  }
}

}  // namespace
}  // namespace articulab
