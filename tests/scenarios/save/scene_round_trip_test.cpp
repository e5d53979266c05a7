// File > Save scene as (engine/io/scene_writer.hpp): every shipped scene, written and loaded
// back, is the same model field by field, and its own back-end runs it bitwise the same; edits
// of one body of a chain, of a joint spring and of gravity survive the round trip.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/multibody/state.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab {
namespace {

namespace fs = std::filesystem;

const std::string kScenes = ARTICULAB_SOURCE_DIR "/scenes/";
constexpr int kSteps = 300;

std::vector<std::string> shippedScenes() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(kScenes))
    if (entry.path().extension() == ".json") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

Model roundTrip(const Model& model, const std::string& file) {
  const WrittenScene written = writeScene(model);
  EXPECT_EQ(written.error, "") << file;
  return loadSceneFromString(written.text, file + " (written)");
}

// kSteps steps of the scene's own back-end, integrator and dt; the states after each step.
std::vector<State> run(const Model& model) {
  const BackendInfo* backend = findBackend(model.defaults.backend);
  EXPECT_NE(backend, nullptr) << model.defaults.backend;
  std::vector<State> states;
  if (!backend) return states;
  auto solver = backend->create(model, sceneSolverOptions(*backend, model, model.defaults.integrator));
  State state = makeInitialState(model);
  for (int k = 0; k < kSteps; ++k) {
    const StepStatus status = solver->step(model, state, model.defaults.dt);
    if (!status.ok) break;
    states.push_back(state);
  }
  return states;
}

void expectSameRun(const Model& original, const Model& reloaded, const std::string& file) {
  const std::vector<State> a = run(original), b = run(reloaded);
  EXPECT_EQ(a.size(), static_cast<std::size_t>(kSteps)) << file << ": the original run stops early";
  ASSERT_EQ(a.size(), b.size()) << file << ": the runs stop at different steps";
  for (std::size_t k = 0; k < a.size(); ++k) {
    // Bitwise: the same model must give the same floating-point operations.
    ASSERT_TRUE(a[k].q == b[k].q) << file << " step " << k << ": q differs by " << (a[k].q - b[k].q).norm();
    ASSERT_TRUE(a[k].qd == b[k].qd) << file << " step " << k << ": qd differs by " << (a[k].qd - b[k].qd).norm();
  }
}

TEST(SceneRoundTrip, EveryShippedSceneLoadsBackToTheSameModelAndRun) {
  const std::vector<std::string> files = shippedScenes();
  ASSERT_GE(files.size(), 40u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const Model original = loadScene(file);
    const Model reloaded = roundTrip(original, file);
    EXPECT_EQ(modelDifference(original, reloaded), "");
    // A few fields directly, independently of modelDifference.
    ASSERT_EQ(reloaded.bodies.size(), original.bodies.size());
    for (std::size_t i = 0; i < original.bodies.size(); ++i) {
      EXPECT_EQ(reloaded.bodies[i].mass, original.bodies[i].mass);
      EXPECT_TRUE(reloaded.bodies[i].M == original.bodies[i].M) << original.bodies[i].name;
      EXPECT_TRUE(reloaded.joints[i].E_pj == original.joints[i].E_pj) << original.joints[i].name;
      EXPECT_EQ(reloaded.joints[i].stiffness, original.joints[i].stiffness);
    }
    EXPECT_EQ(reloaded.loops.size(), original.loops.size());
    EXPECT_EQ(reloaded.forces.size(), original.forces.size());
    EXPECT_EQ(reloaded.muscles.size(), original.muscles.size());
    EXPECT_EQ(reloaded.defaults.backend, original.defaults.backend);
    EXPECT_EQ(reloaded.defaults.dt, original.defaults.dt);
    EXPECT_EQ(reloaded.closedForm, original.closedForm);
    expectSameRun(original, reloaded, file);
  }
}

// A written scene written again gives the same text: nothing drifts over repeated saves.
TEST(SceneRoundTrip, WritingTwiceGivesTheSameText) {
  for (const std::string& file : shippedScenes()) {
    const Model original = loadScene(file);
    const std::string once = writeScene(original).text;
    const std::string twice = writeScene(loadSceneFromString(once, file)).text;
    EXPECT_EQ(once, twice) << file;
  }
}

// The edits the app makes (app/gui/model_edits.cpp), done here on the model's fields: the mass
// of one body of a generated chain (shapes, then the loader's own inertia sum), a joint spring
// and gravity.
TEST(SceneRoundTrip, EditsOfAChainBodyASpringAndGravitySurvive) {
  Model model = loadScene(kScenes + "chain.json");
  Body& link3 = model.bodies[model.findBody("link3")];
  link3.shapes[0].mass = 2.5;
  computeBodyInertia(link3);
  Joint& joint5 = model.joints[model.findBody("link5")];
  joint5.stiffness = 12.5;
  joint5.damping = 0.25;
  joint5.rest = VectorX::Constant(1, 0.1);
  model.gravity = Vector3(0.5, 0.0, -3.0);
  model.defaults.dt = 5e-4;

  const Model reloaded = roundTrip(model, "chain.json");
  EXPECT_EQ(modelDifference(model, reloaded), "");
  EXPECT_EQ(reloaded.bodies[reloaded.findBody("link3")].mass, 2.5);
  EXPECT_EQ(reloaded.bodies[reloaded.findBody("link2")].mass, 1.0);  // its neighbours keep the chain's mass
  EXPECT_EQ(reloaded.joints[reloaded.findBody("link5")].stiffness, 12.5);
  EXPECT_EQ(reloaded.joints[reloaded.findBody("link5")].rest[0], 0.1);
  EXPECT_TRUE(reloaded.gravity == Vector3(0.5, 0.0, -3.0));
  EXPECT_EQ(reloaded.defaults.dt, 5e-4);
  expectSameRun(model, reloaded, "edited chain.json");
}

// "Start from the current pose": the state's q and qdot become the scene's q0 and qd0.
TEST(SceneRoundTrip, TheCurrentPoseBecomesTheInitialState) {
  const Model model = loadScene(kScenes + "double_pendulum.json");
  const std::vector<State> states = run(model);
  ASSERT_FALSE(states.empty());
  const State& now = states.back();
  const WrittenScene written = writeScene(model, SceneStart{&now.q, &now.qd});
  ASSERT_EQ(written.error, "");
  const Model reloaded = loadSceneFromString(written.text, "double_pendulum (pose)");
  EXPECT_TRUE(reloaded.q0 == now.q);
  EXPECT_TRUE(reloaded.qd0 == now.qd);
}

// The closed form is kept where it still holds from the saved start: the slide saved at rest keeps
// it, the slide saved after it has begun (no longer at rest) does not.
TEST(SceneRoundTrip, TheClosedFormIsKeptWhereItHoldsFromTheSavedStart) {
  const Model slide = loadScene(kScenes + "box_slope_slide.json");
  ASSERT_EQ(slide.closedForm, "slope-slide");
  EXPECT_EQ(roundTrip(slide, "box_slope_slide.json").closedForm, "slope-slide");
  const std::vector<State> states = run(slide);
  ASSERT_FALSE(states.empty());
  const State& moving = states.back();
  ASSERT_GT(moving.qd.norm(), 0.0);
  const WrittenScene written = writeScene(slide, SceneStart{&moving.q, &moving.qd});
  ASSERT_EQ(written.error, "");
  EXPECT_EQ(written.text.find("\"closed_form\":"), std::string::npos);
  EXPECT_EQ(loadSceneFromString(written.text, "box_slope_slide (moving)").closedForm, "");
}

TEST(SceneRoundTrip, SaveWritesTheFileOnlyWhenItLoadsBack) {
  const fs::path dir = fs::temp_directory_path() / ("articulab_save_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const Model model = loadScene(kScenes + "four_bar.json");
  const std::string path = (dir / "four_bar_edited.json").string();
  ASSERT_EQ(saveScene(model, path), "");
  EXPECT_EQ(modelDifference(model, loadScene(path)), "");

  Model unwritable = model;  // friction without contact has no place in the format
  unwritable.groundFriction = 0.5;
  const std::string refusal = saveScene(unwritable, (dir / "refused.json").string());
  EXPECT_NE(refusal.find("ground friction 0.5"), std::string::npos) << refusal;
  EXPECT_FALSE(fs::exists(dir / "refused.json"));

  EXPECT_NE(saveScene(model, (dir / "no_such_dir" / "x.json").string()).find("cannot open"), std::string::npos);
  fs::remove_all(dir);
}

// Whether the field starting with `key` holds an array of arrays (the rows of a matrix).
bool writesRows(const std::string& text, const std::string& key) {
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return false;
  const std::size_t next = text.find_first_not_of(" \n", at + key.size());
  return next != std::string::npos && text[next] == '[';
}

// A rotation whose rotation vector does not read back to the same bits is written as matrix
// rows, which read back exactly.
TEST(SceneRoundTrip, RotationsThatTheirVectorDoesNotReproduceAreWrittenAsRows) {
  Model model = loadScene(kScenes + "double_pendulum.json");
  std::mt19937 random(7);
  std::uniform_real_distribution<double> angle(-3.0, 3.0);
  int rows = 0;
  for (int k = 0; k < 20; ++k) {
    const Matrix3 R = so3::exp(Vector3(angle(random), angle(random), angle(random))) *
                      so3::exp(Vector3(angle(random), angle(random), angle(random)));
    model.joints[1].E_pj.block<3, 3>(0, 0) = R;
    model.bodies[0].shapes[0].E_bs.block<3, 3>(0, 0) = R.transpose();
    computeBodyInertia(model.bodies[0]);
    const WrittenScene written = writeScene(model);
    ASSERT_EQ(written.error, "");
    rows += writesRows(written.text, "\"rotation\": [");
    EXPECT_EQ(modelDifference(model, loadSceneFromString(written.text, "rotated")), "") << k;
  }
  EXPECT_GT(rows, 0) << "no rotation needed its rows: the test does not check them";
}

// A rotation written as matrix rows must be a rotation; the loader says so at the field.
TEST(SceneRoundTrip, RotationRowsThatAreNotARotationAreRefused) {
  const std::string scene = R"({"bodies": [{"name": "b", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [{"name": "j", "type": "fixed", "parent": "world", "child": "b",
                "rotation": [[1, 0, 0], [0, 2, 0], [0, 0, 1]]}]})";
  try {
    loadSceneFromString(scene, "bad.json");
    FAIL() << "accepted a scaled matrix as a rotation";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.pointer(), "/joints/0/rotation");
    EXPECT_NE(e.message().find("not a rotation matrix"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articulab
