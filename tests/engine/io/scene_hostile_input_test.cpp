// Issue 31's loader defects, each with its reproducer: a missing optional field gets its
// documented default and the model saves and loads back; an unreadable file is a SceneError
// naming the file and the reason; loading is linear (the errors of huge arrays are found, and
// 1e5 springs resolve their bodies; the times are in bench/scene_load_bench.cpp); the model is
// capped as a whole; numbers that overflow or underflow are named as such.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/forces/muscle_excitation.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "tests/engine/io/hostile_scenes.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

using nlohmann::json;

SceneError sceneErrorOf(const std::function<void()>& load) {
  try {
    load();
  } catch (const SceneError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a SceneError";
  return SceneError("", "", "");
}

Model loadedLegWithoutExcitation() { return loadSceneFromString(test::legWithoutExcitation(), "leg_no_excitation.json"); }

TEST(SceneHostileInput, AMuscleWithoutExcitationHasTheDocumentedConstantZero) {
  const Model model = loadedLegWithoutExcitation();
  const Excitation& e = model.muscles[4].excitation;
  EXPECT_FALSE(e.wave);
  ASSERT_EQ(e.times.size(), 1u);  // one knot, as "excitation": 0 gives
  EXPECT_EQ(e.values[0], 0.0);
  for (double t : {0.0, 0.5, 100.0}) EXPECT_EQ(excitationAt(e, t), 0.0);
  EXPECT_EQ(model.muscles[4].initialActivation, 0.0);  // u(0), the documented default
  json scene = test::shippedSceneJson("leg.json");
  scene["muscles"][4]["excitation"] = 0;
  EXPECT_EQ(modelDifference(model, loadSceneFromString(scene.dump(), "leg_no_excitation.json")), "");
}

TEST(SceneHostileInput, AMuscleWithoutExcitationSavesAndLoadsBack) {
  const Model model = loadedLegWithoutExcitation();
  const WrittenScene written = writeScene(model);
  ASSERT_EQ(written.error, "");
  const Model reloaded = loadSceneFromString(written.text, "saved.json");
  EXPECT_EQ(modelDifference(model, reloaded), "");
  const std::string path = (std::filesystem::temp_directory_path() / "articulab_leg_no_excitation.json").string();
  ASSERT_EQ(saveScene(model, path), "");
  EXPECT_EQ(modelDifference(model, loadScene(path)), "");
  std::filesystem::remove(path);
}

// A model built in code may hold an Excitation without knots (excitationAt gives 0): the
// writer writes 0 for it rather than an empty knot list the loader refuses.
TEST(SceneHostileInput, AnExcitationWithoutKnotsIsWrittenAsZero) {
  Model model = loadedLegWithoutExcitation();
  model.muscles[4].excitation = Excitation{};
  const WrittenScene written = writeScene(model);
  ASSERT_EQ(written.error, "");
  const Model reloaded = loadSceneFromString(written.text, "saved.json");
  EXPECT_EQ(excitationAt(reloaded.muscles[4].excitation, 1.0), 0.0);
}

// describe /proc/self/mem used to end in "internal error" (exit 6): reading it fails with EIO.
TEST(SceneHostileInput, AFileThatCannotBeReadIsASceneErrorNamingFileAndReason) {
  const SceneError mem = sceneErrorOf([] { loadScene("/proc/self/mem"); });
  EXPECT_EQ(mem.file(), "/proc/self/mem");
  EXPECT_EQ(mem.message(), "cannot read the file: Input/output error");
  for (const char* device : {"/dev/null", "/dev/zero"}) {
    const SceneError e = sceneErrorOf([&] { loadScene(device); });
    EXPECT_EQ(e.file(), device);
    EXPECT_NE(e.message().find("not a regular file"), std::string::npos) << e.message();
  }
  EXPECT_EQ(sceneErrorOf([] { loadScene(""); }).message(), "no file name (an empty path)");
}

// 2 bodies and then 1,000,000 {} in "bodies" (3 MB): the callback parser took over 60 s to
// reach the error; the time is measured in bench/scene_load_bench.cpp.
TEST(SceneHostileInput, TheFirstErrorOfAHugeArrayIsReportedAtItsElement) {
  std::string text = R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
                                    {"name": "b", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}})";
  for (int i = 0; i < 1000000; ++i) text += ",{}";
  text += "]}";
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(text, "huge.json"); });
  EXPECT_EQ(e.pointer(), "/bodies/2/shape");
  EXPECT_EQ(e.message(), "missing required field \"shape\" (or \"shapes\", or \"inertial\")");
}

// spring_chain at n = 100000: 2e5 springs name their bodies; Model::findBody, a linear search,
// made this quadratic (over 120 s).
TEST(SceneHostileInput, A100000LinkSpringChainResolvesEveryBodyReference) {
  const Model model = loadScene(test::kScenes + "spring_chain.json", {{"n", 100000}});
  ASSERT_EQ(model.bodyCount(), 100000);
  ASSERT_EQ(model.forces.size(), 2u * 100000u - 1u);
  const ForceElement& last = model.forces[99998];  // between the last two links
  EXPECT_EQ(model.bodies[last.a.body].name, "link99998");
  EXPECT_EQ(model.bodies[last.b.body].name, "link99999");
}

// Ten chains of 100000 links in a 3.3 KB file passed the per-chain cap and took 11 GB.
TEST(SceneHostileInput, TheModelIsCappedAsAWholeByBodies) {
  const SceneError e = sceneErrorOf([] { loadSceneFromString(test::tenChainsOf100000(), "ten_chains.json"); });
  EXPECT_EQ(e.pointer(), "/chains/2/count");
  EXPECT_EQ(e.message(), "the model would have 300000 bodies, more than the limit of 200000 (raise it with "
                         "--max-bodies N)");
  const SceneError lower =
      sceneErrorOf([] { loadSceneFromString(test::tenChainsOf100000(), "ten_chains.json", {}, SceneLimits{150000}); });
  EXPECT_EQ(lower.pointer(), "/chains/1/count");
  EXPECT_NE(lower.message().find("200000 bodies, more than the limit of 150000"), std::string::npos);
}

TEST(SceneHostileInput, TheModelIsCappedAsAWholeByMemory) {
  const SceneLimits limits{10000000, 2e8};  // bodies no limit here: 200 MB of memory
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(test::tenChainsOf100000(), "ten_chains.json", {}, limits); });
  EXPECT_EQ(e.pointer(), "/chains/0/count");
  EXPECT_EQ(e.message().rfind("the model would have 100000 bodies, 0 force elements, 0 muscles and 0 loop "
                              "constraints, about ", 0), 0u) << e.message();
  EXPECT_NE(e.message().find(" to load, more than the 200 MB of memory available"), std::string::npos) << e.message();
  // A chain fits in the memory its estimate names; the estimate covers at least the model's
  // bodies and joints.
  json one = json::parse(test::tenChainsOf100000());
  one["chains"].erase(one["chains"].begin() + 1, one["chains"].end());
  one["chains"][0]["count"] = 10000;
  const double estimate = scene_io::estimateModelBytes({10000});
  EXPECT_GT(estimate, 10000.0 * (sizeof(Body) + sizeof(Joint)));
  EXPECT_EQ(loadSceneFromString(one.dump(), "one.json", {}, SceneLimits{10000, estimate}).bodyCount(), 10000);
}

// A document that alone needs more memory than the limit is refused while it is read.
TEST(SceneHostileInput, ADocumentLargerThanTheMemoryIsRefusedWhileItIsRead) {
  std::string text = R"({"description": ")" + std::string(100000, 'x') + R"(", "bodies": [)";
  for (int i = 0; i < 100000; ++i) text += (i ? ",0" : "0");
  text += "]}";
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(text, "big.json", {}, SceneLimits{100, 1e6}); });
  EXPECT_EQ(e.pointer().rfind("/bodies/", 0), 0u) << e.pointer();
  EXPECT_EQ(e.message(), "the JSON document needs more than the 1.0 MB of memory available");
  const SceneError file = sceneErrorOf([&] { loadSceneFromString(text, "big.json", {}, SceneLimits{100, 1e5}); });
  EXPECT_EQ(file.message(), "the file is 300 KB, more than the 100 KB of memory available to read it");
}

TEST(SceneHostileInput, NestingDeeperThanAnySceneNeedsIsRefused) {
  const std::string text = R"({"description": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(text, "deep.json"); });
  EXPECT_EQ(e.message(), "the JSON nests deeper than 64 levels of arrays and objects; a scene needs fewer than 10");
}

// for_each "to": 1e9 said "expected a whole number"; the rule is |value| <= 1e6.
TEST(SceneHostileInput, RepetitionIndicesStateTheirRange) {
  json scene = test::shippedSceneJson("muscle_snake.json");
  scene["muscles"][2]["for_each"]["to"] = 1000000000;
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(scene.dump(), "snake.json"); });
  EXPECT_EQ(e.pointer(), "/muscles/2/for_each/to");
  EXPECT_EQ(e.message(), "expected a whole number from -1000000 to 1000000, got 1000000000");
  scene["muscles"][2]["for_each"]["to"] = 2.5;
  EXPECT_EQ(sceneErrorOf([&] { loadSceneFromString(scene.dump(), "snake.json"); }).message(),
            "expected a whole number, got 2.5");
}

// A mass of 1e-999 said "got 0": the JSON number underflows, and is refused as such.
TEST(SceneHostileInput, ANumberThatUnderflowsToZeroIsNamed) {
  const std::string text = R"({"bodies": [{"name": "a", "mass": 1e-999, "shape": {"type": "sphere", "radius": 0.1}}]})";
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(text, "tiny.json"); });
  EXPECT_EQ(e.pointer(), "/bodies/0/mass");
  EXPECT_EQ(e.message(), "the number 1e-999 underflows to 0 (a non-zero number needs a magnitude of at least "
                         "2.2e-308, the smallest normal double); write 0 or a larger number");
  // Zero written any way is zero, and a subnormal number (a saved state may hold one) is kept.
  const Model zero = loadSceneFromString(R"({"gravity": [0.0e-999, -0e5, 5e-324],
      "bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
      "joints": [{"name": "j", "type": "free3d", "parent": "world", "child": "a"}]})",
                                         "zero.json");
  EXPECT_EQ(zero.gravity.x(), 0.0);
  EXPECT_EQ(zero.gravity.z(), 5e-324);
}

TEST(SceneHostileInput, ANumberBeyondTheLargestDoubleNamesTheRange) {
  const SceneError e = sceneErrorOf([] { loadSceneFromString("{\n \"gravity\": [0, 0, -1e999]}", "big.json"); });
  EXPECT_EQ(e.message(), "JSON error at line 2, column 25: number overflow parsing '-1e999' (a number's magnitude must "
                         "be at most 1.8e308, the largest double)");
}

// Gravity 1e308 on the four-bar said "nan of their equations cannot be met ... (run
// 'articulab --help' for usage)": the weight of 3 kg overflows, and the loader says so.
TEST(SceneHostileInput, GravityWhoseWeightOverflowsIsNamed) {
  json scene = test::shippedSceneJson("four_bar.json");
  scene["gravity"] = {0, 0, -1e308};
  const SceneError e = sceneErrorOf([&] { loadSceneFromString(scene.dump(), "four_bar.json"); });
  EXPECT_EQ(e.pointer(), "/gravity");
  EXPECT_EQ(e.message(), "gravity of magnitude 1e+308 m/s^2 on the bodies' total mass of 3 kg is a weight beyond the "
                         "largest double, 1.8e308; expected a gravity whose weight stays finite");
  // Finite weights whose potential energy overflows: heights of 1e300 m under 1e10 m/s^2.
  scene["gravity"] = {0, 0, -1e10};
  scene["joints"][0]["position"] = {0, 0, 1e300};
  const SceneError energy = sceneErrorOf([&] { loadSceneFromString(scene.dump(), "four_bar.json"); });
  EXPECT_NE(energy.message().find("overflows (beyond the largest double, 1.8e308)"), std::string::npos)
      << energy.message();
}

}  // namespace
}  // namespace articulab
