// A time step performs no heap allocation: malloc is replaced by a counting wrapper around
// glibc's allocator (Eigen allocates with malloc, not operator new, so this sees both).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/baraff/baraff_solver.hpp"
#include "engine/solvers/semi_implicit_rattle.hpp"
#include "engine/solvers/recursive/recursive_solver.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
}

namespace {
std::atomic<long> allocations{0};
}

extern "C" {
void* malloc(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(pointer, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  *out = __libc_memalign(alignment, size);
  return *out ? 0 : 12;  // ENOMEM
}
}

namespace articulab {
namespace {

long allocationsDuringSteps(const Model& model, Integrator integrator, int steps, const char* backend = "redmax") {
  auto solver = findBackend(backend)->create(model, SolverOptions{integrator});
  State state = makeInitialState(model);
  state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};  // mouse spring
  solver->step(model, state, 1e-3);  // warm-up
  const long before = allocations.load();
  for (int k = 0; k < steps; ++k) solver->step(model, state, 1e-3);
  return allocations.load() - before;
}

TEST(NoAlloc, CountingAllocatorSeesAllocations) {
  const long before = allocations.load();
  VectorX v(1000);
  v.setZero();
  EXPECT_GT(allocations.load(), before);
}

TEST(NoAlloc, RedMaxStepsAllocateNothing) {
  for (int n : {5, 20, 100}) {
    const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", n}});
    for (Integrator integrator : kIntegrators)
      EXPECT_EQ(allocationsDuringSteps(model, integrator, 5), 0) << "n = " << n << ", " << integratorName(integrator);
  }
}

TEST(NoAlloc, MixedJointTreeStepsAllocateNothing) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/branching_tree.json");
  for (Integrator integrator : kIntegrators)
    EXPECT_EQ(allocationsDuringSteps(model, integrator, 5), 0) << integratorName(integrator);
}

// The recursive back-end on the same chains and on the tree with every joint type, with one
// driven joint and the mouse spring so that the hybrid and perturbation paths run too; the
// linearly implicit step with every force and with springs and dampers only ("implicit-springs").
TEST(NoAlloc, RecursiveStepsAllocateNothing) {
  std::vector<Model> models;
  for (int n : {5, 20, 100}) models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", n}}));
  models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/branching_tree.json"));
  models.back().joints[1].driven = true;
  for (const Model& model : models) {
    for (Integrator integrator : kIntegrators) {
      RecursiveSolver solver(model, SolverOptions{integrator});
      State state = makeInitialState(model);
      state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
      solver.step(model, state, 1e-3);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) solver.step(model, state, 1e-3);
      EXPECT_EQ(allocations.load() - before, 0) << model.name << ", " << integratorName(integrator);
    }
  }
}

// A live switch to the "implicit" integrator makes its O(nq^2) workspace in setIntegrator, so
// the first step after the switch allocates nothing either (app: integrator box).
TEST(NoAlloc, FirstStepAfterALiveIntegratorSwitchAllocatesNothing) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 20}});
  for (const char* backend : {"recursive", "redmax"}) {
    auto solver = findBackend(backend)->create(model, SolverOptions{Integrator::RK4});
    State state = makeInitialState(model);
    solver->step(model, state, 1e-3);  // sizes the state's outputs
    ASSERT_EQ(solver->setIntegrator(model, Integrator::LinearlyImplicitEuler), "");
    const long before = allocations.load();
    solver->step(model, state, 1e-3);
    EXPECT_EQ(allocations.load() - before, 0) << backend;
  }
}

// variational-maximal switched live from the trapezoid to the triple jump (its copy of the state
// is sized when the solver is made).
TEST(NoAlloc, FirstTripleJumpStepAfterALiveSwitchAllocatesNothing) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  auto solver = findBackend("variational-maximal")->create(model, SolverOptions{Integrator{"variational-trapezoid"}});
  State state = makeInitialState(model);
  ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
  ASSERT_EQ(solver->setIntegrator(model, Integrator{"variational-triple-jump"}), "");
  const long before = allocations.load();
  ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
  EXPECT_EQ(allocations.load() - before, 0);
}

// RedMax with the four-bar's loop closure: KKT solve and post-stabilisation (sueda 2.8).
TEST(NoAlloc, RedMaxLoopClosureStepsAllocateNothing) {
  const Model fourBar = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  for (DriftControl drift : {DriftControl::None, DriftControl::Baumgarte, DriftControl::PostStabilization})
    for (Integrator integrator : kIntegrators) {
      SolverOptions options;
      options.integrator = integrator;
      options.driftControl = drift;
      auto solver = findBackend("redmax")->create(fourBar, options);
      State state = makeInitialState(fourBar);
      solver->step(fourBar, state, 1e-3);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) solver->step(fourBar, state, 1e-3);
      EXPECT_EQ(allocations.load() - before, 0) << integratorName(integrator) << ", drift control "
                                                << static_cast<int>(drift);
    }
}

TEST(NoAlloc, BaraffStepsAllocateNothing) {
  const Model chain = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 100}});
  const Model fourBar = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  const Model falling = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", 0.16}});  // touching
  for (const Model* model : {&chain, &fourBar, &falling})
    for (Integrator integrator : {Integrator::SemiImplicitEuler, Integrator::RK4})
      for (DriftControl drift : {DriftControl::None, DriftControl::Baumgarte, DriftControl::PostStabilization}) {
        SolverOptions options;
        options.integrator = integrator;
        options.driftControl = drift;
        BaraffSolver solver(*model, options);
        State state = makeInitialState(*model);
        solver.step(*model, state, 1e-3);  // warm-up
        const long before = allocations.load();
        for (int k = 0; k < 5; ++k) solver.step(*model, state, 1e-3);
        EXPECT_EQ(allocations.load() - before, 0)
            << model->name << ", " << integratorName(integrator) << ", drift control " << static_cast<int>(drift);
      }
}

// Rotors (Joint::armature) on the chain's hinges and the touching falling chain's: the rotor
// nodes live in the joints' blocks, sized once.
TEST(NoAlloc, BaraffArmatureStepsAllocateNothing) {
  Model chain = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 20}});
  Model falling = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", 0.16}});  // touching
  for (Model* model : {&chain, &falling})
    for (Joint& joint : model->joints)
      if (joint.type == JointType::Revolute) joint.armature = 0.01;
  const std::pair<const Model*, Integrator> cases[] = {
      {&chain, Integrator::SemiImplicitEuler}, {&chain, Integrator::RK4}, {&falling, Integrator::SemiImplicitEuler}};
  for (const auto& [model, integrator] : cases)
    EXPECT_EQ(allocationsDuringSteps(*model, integrator, 5, "baraff"), 0) << model->name << ", " << integratorName(integrator);
}

// Frictional contact (staggered projections, box QP) with every pyramid: sized once.
// semi-implicit-rattle: the multiplier Newton and the last half-kick's fixed point reuse the
// solvers' workspaces (baraff on the chain and the four-bar, redmax on the four-bar's closure and
// on the chain without closures).
TEST(NoAlloc, RattleStepsAllocateNothing) {
  const Model chain = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 100}});
  const Model fourBar = loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json");
  const std::pair<const char*, const Model*> cases[] = {{"baraff", &chain}, {"baraff", &fourBar}, {"redmax", &fourBar}, {"redmax", &chain}};
  for (const auto& [backend, model] : cases) {
    auto solver = findBackend(backend)->create(*model, SolverOptions{kSemiImplicitRattle});
    State state = makeInitialState(*model);
    ASSERT_TRUE(solver->step(*model, state, 1e-3).ok);  // warm-up
    const long before = allocations.load();
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(*model, state, 1e-3).ok);
    EXPECT_EQ(allocations.load() - before, 0) << backend << ", " << model->name;
  }
}

TEST(NoAlloc, BaraffFrictionStepsAllocateNothing) {
  const Model slide = loadScene(ARTICULAB_SOURCE_DIR "/scenes/box_slope_slide.json");
  Model falling = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", 0.16}});  // touching
  falling.groundFriction = 0.5;
  for (const Model* model : std::initializer_list<const Model*>{&slide, &falling})
    for (int directions : {4, 8, 16}) {
      SolverOptions options;
      options = test::withSetting(options, "baraff", "friction-directions", static_cast<double>(directions));
      BaraffSolver solver(*model, options);
      State state = makeInitialState(*model);
      solver.step(*model, state, 1e-3);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) solver.step(*model, state, 1e-3);
      EXPECT_EQ(allocations.load() - before, 0) << model->name << ", " << directions << " directions";
      EXPECT_GT(state.outputs.contactIterations, 0) << model->name;
    }
}

long bodyContactAllocations(const Model& model) {
  BaraffSolver solver(model, test::sceneOptions("baraff", model, model.defaults.integrator));
  State state = makeInitialState(model);
  solver.step(model, state, 1e-3);  // warm-up
  const long before = allocations.load();
  for (int k = 0; k < 5; ++k) solver.step(model, state, 1e-3);
  EXPECT_GT(state.outputs.contactIterations, 0) << model.name;
  return allocations.load() - before;
}

// Frictional contact on the rolling and stick-slip scenes, sized once. Body-body contact: the
// engine's side (rows, contact points, staggered projections) is sized once too, which the
// stack with body contact off shows; with it on, FCL's narrow phase allocates inside
// fcl::collide (measured: 4 allocations per touching box-box pair and step, 40 over these 5
// steps), which the rows cannot avoid short of calling FCL's box-box routine directly.
TEST(NoAlloc, BaraffBodyContactStepsAllocateOnlyInFcl) {
  for (const char* scene : {"sphere_slope_roll.json", "cylinder_slope_roll.json", "box_spring_stick_slip.json"}) {
    const Model model = loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene);
    EXPECT_EQ(bodyContactAllocations(model), 0) << scene;
  }
  Model stack = loadScene(ARTICULAB_SOURCE_DIR "/scenes/box_stack.json");
  EXPECT_LE(bodyContactAllocations(stack), 4 * 2 * 5) << "FCL's, two touching pairs";
  stack.bodyContact = false;
  EXPECT_EQ(bodyContactAllocations(stack), 0);
}

// Contact with friction on the reduced back-ends (engine/contact/reduced_contact.hpp: rows,
// responses, Delassus matrix and staggered projections sized with the solver), on redmax's three
// velocity-level integrators and recursive's (implicit: the GMRES responses), with every pyramid.
TEST(NoAlloc, ReducedContactStepsAllocateNothing) {
  const Model slide = loadScene(ARTICULAB_SOURCE_DIR "/scenes/box_slope_slide.json");
  Model falling = loadScene(ARTICULAB_SOURCE_DIR "/scenes/falling_chain.json", {{"height", 0.16}});  // touching
  falling.groundFriction = 0.5;
  const std::pair<const char*, std::vector<Integrator>> cases[] = {
      {"redmax", {Integrator::SemiImplicitEuler, Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler}},
      {"recursive", {Integrator::SemiImplicitEuler, Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler}}};
  for (const auto& [backend, integrators] : cases)
    for (Integrator integrator : integrators)
      for (const Model* model : std::initializer_list<const Model*>{&slide, &falling})
        for (int directions : {4, 8, 16}) {
          SolverOptions options{integrator};
          options = test::withSetting(options, backend, "friction-directions", static_cast<double>(directions));
          auto solver = findBackend(backend)->create(*model, options);
          State state = makeInitialState(*model);
          solver->step(*model, state, 1e-3);  // warm-up
          const long before = allocations.load();
          for (int k = 0; k < 5; ++k) solver->step(*model, state, 1e-3);
          EXPECT_EQ(allocations.load() - before, 0)
              << backend << ", " << integrator.name() << ", " << model->name << ", " << directions << " directions";
          EXPECT_GT(state.outputs.contactIterations, 0) << backend << ", " << model->name;
        }
}

// The semismooth-Newton reading of SP's active-set step (sp-active-set 2: dense solves, ratio
// test, the remembered inconsistent active sets, all sized with the solver) on the rough chain's
// landing and sliding (t = 0.18 to 0.38 s, where its steps take the most iterations).
TEST(NoAlloc, NewtonActiveSetStepsAllocateNothing) {
  const Model falling = test::roughFallingChain();
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    SolverOptions options{Integrator::SemiImplicitEuler};
    options = test::withSetting(options, backend, "sp-active-set", 2.0);
    auto solver = findBackend(backend)->create(falling, options);
    State state = makeInitialState(falling);
    for (int k = 0; k < 180; ++k) solver->step(falling, state, 1e-3);  // falling until the landing
    const long before = allocations.load();
    int contactIterations = 0;
    for (int k = 0; k < 200; ++k) {
      solver->step(falling, state, 1e-3);
      contactIterations += state.outputs.contactIterations;
    }
    EXPECT_EQ(allocations.load() - before, 0) << backend;
    EXPECT_GT(contactIterations, 200) << backend;
  }
}

// Staggered projections per contact island (engine/contact/contact_islands.hpp, sized with the
// solver): six boxes sliding apart, six islands, on every back-end with contact.
TEST(NoAlloc, ContactIslandStepsAllocateNothing) {
  const Model boxes = test::slidingBoxes(6);
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    auto solver = findBackend(backend)->create(boxes, SolverOptions{Integrator::SemiImplicitEuler});
    State state = makeInitialState(boxes);
    solver->step(boxes, state, 1e-3);  // warm-up
    const long before = allocations.load();
    for (int k = 0; k < 5; ++k) solver->step(boxes, state, 1e-3);
    EXPECT_EQ(allocations.load() - before, 0) << backend;
    EXPECT_GT(state.outputs.contactIterations, 0) << backend;
  }
}

// Body-body contact on the reduced back-ends: only FCL's narrow phase allocates (as on baraff).
TEST(NoAlloc, ReducedBodyContactStepsAllocateOnlyInFcl) {
  Model stack = loadScene(ARTICULAB_SOURCE_DIR "/scenes/box_stack.json");
  for (const char* backend : {"redmax", "recursive"}) {
    for (bool bodyContact : {true, false}) {
      stack.bodyContact = bodyContact;
      SimulationDefaults scene = stack.defaults;
      for (SettingValue& setting : scene.solverSettings) setting.backend = backend;  // the scene's sp-regularisation
      SolverOptions options = resolveSolverOptions(*findBackend(backend), Integrator::SemiImplicitEuler, scene).options;
      auto solver = findBackend(backend)->create(stack, options);
      State state = makeInitialState(stack);
      solver->step(stack, state, 1e-3);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) solver->step(stack, state, 1e-3);
      EXPECT_LE(allocations.load() - before, bodyContact ? 4 * 2 * 5 : 0) << backend << ", FCL's, two touching pairs";
      EXPECT_GT(state.outputs.contactIterations, 0) << backend;
    }
  }
}

}  // namespace
}  // namespace articulab

namespace articulab {
namespace {

// General (AD) joints on both reduced back-ends: surface-surface, curve-point, surface-point,
// spline curve and spline surface joints, with the coordinate check after every step.
TEST(NoAlloc, GeneralJointStepsAllocateNothing) {
  for (const char* scene : {"torus_chain_10.json", "windmill.json", "bezier_torus_chain.json",
                            "bezier_surface_board.json", "spline_curve_demo.json", "spline_surface_demo.json"}) {
    const Model model = loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene);
    for (const char* backend : {"redmax", "recursive"})
      for (Integrator integrator : {Integrator::SemiImplicitEuler, Integrator::RK4}) {
        auto solver = findBackend(backend)->create(model, SolverOptions{integrator});
        State state = makeInitialState(model);
        ASSERT_TRUE(solver->step(model, state, 1e-4).ok);  // warm-up
        const long before = allocations.load();
        for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(model, state, 1e-4).ok);
        EXPECT_EQ(allocations.load() - before, 0) << scene << ", " << backend << ", " << integratorName(integrator);
      }
  }
}

}  // namespace
}  // namespace articulab

namespace articulab {
namespace {

// Force elements of every type (springs between links and to the world, a point force) with the
// mouse spring, on every back-end and integrator that runs them.
TEST(NoAlloc, ForceElementStepsAllocateNothing) {
  Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/spring_chain.json", {{"n", 6}});
  ForceElement push;
  push.name = "push";
  push.type = ForceElementType::PointForce;
  push.b = {2, Vector3(0.0, 0.0, -0.05)};
  push.force = Vector3(1.0, 0.0, 0.5);
  model.forces.push_back(push);
  const std::pair<const char*, std::vector<Integrator>> runs[] = {
      {"redmax", {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler, Integrator::SemiImplicitEuler, Integrator::RK4}},
      {"recursive", {Integrator::LinearlyImplicitEuler, Integrator::SpringImplicitEuler, Integrator::SemiImplicitEuler, Integrator::RK4}},
      {"baraff", {Integrator::SemiImplicitEuler, Integrator::RK4}},
      {"variational-maximal", {Integrator{"variational"}, Integrator{"variational-trapezoid"}, Integrator{"variational-triple-jump"},
                               Integrator{"variational-midpoint"}}}};
  for (const auto& [backend, integrators] : runs) {
    for (Integrator integrator : integrators) {
      auto solver = findBackend(backend)->create(model, SolverOptions{integrator});
      State state = makeInitialState(model);
      state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
      solver->step(model, state, 1e-3);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) solver->step(model, state, 1e-3);
      EXPECT_EQ(allocations.load() - before, 0) << backend << ", " << integratorName(integrator);
    }
  }
}


// The variational-maximal Newton step (its block LDU, the loop node, the line search) on chains,
// the four-bar, four-bar chains and the mouse spring.
TEST(NoAlloc, VariationalMaximalStepsAllocateNothing) {
  std::vector<Model> models;
  for (int n : {5, 20, 100}) models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", n}}));
  models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json"));
  models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar_chain_4.json"));
  for (const Model& model : models)
    for (const char* integrator :
         {"variational", "variational-trapezoid", "variational-triple-jump", "variational-midpoint"}) {
      auto solver = findBackend("variational-maximal")->create(model, SolverOptions{Integrator{integrator}});
      State state = makeInitialState(model);
      state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
      ASSERT_TRUE(solver->step(model, state, 1e-3).ok);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
      EXPECT_EQ(allocations.load() - before, 0) << model.name << ", " << integrator;
    }
}

// The same with the dense Newton of Fig 4c (linear-solver 1: the full-pivot LU of the whole
// Newton matrix and its solve), on a chain and the four-bar (a redundant loop row).
TEST(NoAlloc, VariationalMaximalDenseLuStepsAllocateNothing) {
  const std::vector<Model> models = {loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 10}}),
                                     loadScene(ARTICULAB_SOURCE_DIR "/scenes/four_bar.json")};
  SolverOptions options{Integrator{"variational-trapezoid"}};
  options = test::withSetting(options, "variational-maximal", "linear-solver", 1.0);
  for (const Model& model : models) {
    auto solver = findBackend("variational-maximal")->create(model, options);
    State state = makeInitialState(model);
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok);  // warm-up
    const long before = allocations.load();
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
    EXPECT_EQ(allocations.load() - before, 0) << model.name;
  }
}

// The variational-minimal Newton step (DRNEA residuals, the difference Jacobian and its LU, the
// Legendre read-out) on chains, the spring chain and the mouse spring.
TEST(NoAlloc, VariationalMinimalStepsAllocateNothing) {
  std::vector<Model> models;
  for (int n : {2, 10}) models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", n}}));
  models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/spring_chain.json", {{"n", 5}}));
  // general joints, the group update of spherical_exp and free3d
  for (const char* scene : {"torus_chain_10.json", "windmill.json", "free_body.json", "spherical_chain.json",
                            "bezier_surface_board.json", "spline_surface_demo.json",
                            // loop closures: the Schur complement and the KKT fallback
                            "four_bar.json", "four_bar_chain_4.json", "minitaur_leg.json"})
    models.push_back(loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene, {}));
  for (const Model& model : models) {
    auto solver = findBackend("variational-minimal")->create(model, SolverOptions{});
    State state = makeInitialState(model);
    state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
    ASSERT_TRUE(solver->step(model, state, 1e-3).ok);  // warm-up
    const long before = allocations.load();
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
    EXPECT_EQ(allocations.load() - before, 0) << model.name;
  }
}

// The exact Newton of variational-minimal (setting solver = 1: the Alg 4 tangent passes, central
// differences for the other columns, the LU) with and without the mouse spring.
TEST(NoAlloc, VariationalMinimalNewtonStepsAllocateNothing) {
  std::vector<Model> models;
  models.push_back(loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", 10}}));
  for (const char* scene : {"spring_chain.json", "torus_chain_10.json", "windmill.json", "spherical_chain.json",
                            "four_bar.json"})
    models.push_back(loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene, {}));
  SolverOptions options;
  options = test::withSetting(options, "variational-minimal", "solver", 1.0);
  for (const Model& model : models)
    for (const bool mouse : {false, true}) {
      auto solver = findBackend("variational-minimal")->create(model, options);
      State state = makeInitialState(model);
      if (mouse) state.perturbation = {model.bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0};
      ASSERT_TRUE(solver->step(model, state, 1e-3).ok);  // warm-up
      const long before = allocations.load();
      for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
      EXPECT_EQ(allocations.load() - before, 0) << model.name << (mouse ? ", mouse spring" : "");
    }
}

}  // namespace
}  // namespace articulab

namespace articulab {
namespace {

// Muscles (paths, tension, wrenches, implicit K and D, activations) on every back-end that runs the rigs.
TEST(NoAlloc, MuscleRigStepsAllocateNothing) {
  for (const char* scene : {"arm_flexors.json", "muscle_snake.json", "muscle_four_bar.json"}) {
    const Model model = loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene);
    for (const BackendInfo& backend : backends()) {
      if (!backend.supports(model).ok) continue;
      for (const IntegratorInfo& offered : backend.integrators) {
        if (!backend.supports(model, offered.integrator).ok) continue;
        auto solver = backend.create(model, sceneSolverOptions(backend, model, offered.integrator));
        State state = makeInitialState(model);
        ASSERT_TRUE(solver->step(model, state, 1e-3).ok);  // warm-up
        const long before = allocations.load();
        for (int k = 0; k < 5; ++k) ASSERT_TRUE(solver->step(model, state, 1e-3).ok);
        EXPECT_EQ(allocations.load() - before, 0) << scene << ", " << backend.name << ", " << offered.integrator.name();
      }
    }
  }
}

// Joint friction on redmax (BISP: the friction responses, reactions and friction QPs) on the
// shipped joint-friction scenes, with the four-bar's loop closure, and the mouse spring.
TEST(NoAlloc, RedMaxJointFrictionStepsAllocateNothing) {
  for (const char* scene : {"pendulum_joint_friction.json", "four_bar_joint_friction.json", "arm_holding_load.json"})
    for (const char* integrator : {"implicit", "implicit-springs"}) {
      const Model model = loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene);
      EXPECT_EQ(allocationsDuringSteps(model, Integrator{integrator}, 5), 0) << scene << ", " << integrator;
    }
}

}  // namespace
}  // namespace articulab

namespace articulab {
namespace {

// Joint friction on recursive (BISP with the implicit steps' own responses: GMRES, or Alg 10
// on the implicit-springs elimination) on the tree scenes, with the mouse spring.
TEST(NoAlloc, RecursiveJointFrictionStepsAllocateNothing) {
  for (const char* scene : {"pendulum_joint_friction.json", "arm_holding_load.json"})
    for (const char* integrator : {"implicit", "implicit-springs"}) {
      const Model model = loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene);
      EXPECT_EQ(allocationsDuringSteps(model, Integrator{integrator}, 5, "recursive"), 0) << scene << ", " << integrator;
    }
}

}  // namespace
}  // namespace articulab

namespace articulab {
namespace {

// The Run around a step (engine/run/run.hpp: held activations, step timing, energy, muscles' work
// and divergence) allocates nothing either: the standard chain, a muscle rig, contact with
// friction, each on its scene's back-end and integrator.
TEST(NoAlloc, RunStepsAllocateNothing) {
  for (const char* scene : {"chain.json", "arm_flexors.json", "falling_chain_rough.json", "four_bar.json"}) {
    articulab::Run run(std::make_shared<const Model>(loadScene(std::string(ARTICULAB_SOURCE_DIR "/scenes/") + scene)));
    run.setPerturbation({run.model().bodyCount() - 1, Vector3(0.01, 0, 0), Vector3(0.1, 0, -0.2), 50.0, 1.0});
    run.step();  // warm-up
    const long before = allocations.load();
    run.advance(5);
    EXPECT_EQ(allocations.load() - before, 0) << scene << " on " << run.backend().name;
    EXPECT_FALSE(run.failed()) << run.failure();
  }
}

}  // namespace
}  // namespace articulab
