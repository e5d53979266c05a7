// The step-time estimate behind the app's and `articulab run`'s slow-run warning: it grows with
// the model, orders the back-ends by their cost class, and says so in one sentence.
#include <gtest/gtest.h>

#include "engine/io/scene_loader.hpp"
#include "engine/solvers/step_cost_estimate.hpp"

namespace articulab {
namespace {

const std::string kChainScene = std::string(ARTICULAB_SOURCE_DIR) + "/scenes/chain.json";

Model chain(int n) { return loadScene(kChainScene, {{"n", double(n)}}); }

TEST(StepCostEstimate, GrowsWithTheModelForEveryBackEndAndIntegrator) {
  const Model small = chain(10), medium = chain(100), large = chain(1000);
  for (const char* backend : {"redmax", "recursive", "baraff"}) {
    for (Integrator integrator : {Integrator::SemiImplicitEuler, Integrator::RK4}) {
      const double a = estimateStepCost(backend, small, integrator).seconds;
      const double b = estimateStepCost(backend, medium, integrator).seconds;
      const double c = estimateStepCost(backend, large, integrator).seconds;
      EXPECT_GT(a, 0.0) << backend;
      EXPECT_LT(a, b) << backend << " " << integrator.name();
      EXPECT_LT(b, c) << backend << " " << integrator.name();
    }
  }
  EXPECT_LT(estimateStepCost("no-such-backend", small, Integrator::RK4).seconds, 0.0);
}

TEST(StepCostEstimate, CostClassesOrderTheBackEndsOnLargeModels) {
  const Model large = chain(2000);
  const StepCostEstimate redmax = estimateStepCost("redmax", large, Integrator::RK4);
  const StepCostEstimate recursive = estimateStepCost("recursive", large, Integrator::RK4);
  const StepCostEstimate implicit = estimateStepCost("recursive", large, Integrator::LinearlyImplicitEuler);
  EXPECT_STREQ(redmax.costClass, "O(n^3)");
  EXPECT_STREQ(recursive.costClass, "O(n)");
  EXPECT_STREQ(implicit.costClass, "O(n^3)");  // the recursive back-end's implicit step is dense
  EXPECT_GT(redmax.seconds, 100.0 * recursive.seconds);
  EXPECT_GT(implicit.seconds, 100.0 * recursive.seconds);
  // An O(n^3) step grows about 8x when n doubles, an O(n) step about 2x.
  const Model larger = chain(4000);
  EXPECT_NEAR(estimateStepCost("redmax", larger, Integrator::RK4).seconds / redmax.seconds, 8.0, 0.5);
  EXPECT_NEAR(estimateStepCost("recursive", larger, Integrator::RK4).seconds / recursive.seconds, 2.0, 0.1);
}

TEST(StepCostEstimate, WarnsOfASlowBackEndAndNamesAFasterOne) {
  const Model large = chain(5000);
  const std::string warning = slowStepWarning("redmax", large, Integrator::RK4);
  EXPECT_EQ(warning.rfind("redmax with rk4 is O(n^3): about ", 0), 0u) << warning;
  EXPECT_NE(warning.find(" per step at n = 5000; recursive runs this scene at about "), std::string::npos) << warning;
  EXPECT_EQ(warning.substr(warning.size() - 9), " per step") << warning;
  // No other back-end runs the implicit step fast: the same back-end with an O(n) integrator does.
  const std::string implicit = slowStepWarning("recursive", chain(2000), Integrator::LinearlyImplicitEuler);
  EXPECT_EQ(implicit.rfind("recursive with implicit is O(n^3): about ", 0), 0u) << implicit;
  EXPECT_NE(implicit.find("; recursive with semi-implicit runs this scene at about "), std::string::npos) << implicit;
  EXPECT_EQ(slowStepWarning("recursive", chain(10), Integrator::RK4), "");  // a fast run: no warning
  EXPECT_EQ(slowStepWarning("redmax", chain(10), Integrator::RK4), "");
}

TEST(StepCostEstimate, FormatsDurationsWithTheirUnit) {
  EXPECT_EQ(formatDuration(1037.0), "17 min");
  EXPECT_EQ(formatDuration(40.0), "40 s");
  EXPECT_EQ(formatDuration(3.14), "3.1 s");
  EXPECT_EQ(formatDuration(2e-3), "2.0 ms");
  EXPECT_EQ(formatDuration(3.1e-4), "310 us");
}

}  // namespace
}  // namespace articulab
