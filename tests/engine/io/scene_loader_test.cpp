// The JSON scene loader: every scene file loads, parameters and overrides work, inertias match
// hand-computed oracles, and every kind of bad input throws SceneError at the right JSON pointer.
#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <numbers>
#include <set>

#include "engine/solvers/recursive/recursive_solver.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"
#include "tests/engine/test_util.hpp"
#include "tests/shared/test_solver_options.hpp"

namespace articulab {
namespace {

using nlohmann::json;

const std::string kSceneFolder = ARTICULAB_SOURCE_DIR "/scenes";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A small valid scene; each error case breaks it in exactly one place.
const char* const kBaseScene = R"({
  "name": "base",
  "parameters": {"n": 3, "m": 1.5},
  "gravity": [0, 0, -9.81],
  "simulation": {"backend": "redmax", "integrator": "implicit", "dt": 0.001, "duration": 1},
  "bodies": [
    {"name": "a", "mass": 1.0, "shape": {"type": "box", "size": [0.1, 0.1, 0.1]}},
    {"name": "b", "mass": "$m", "shape": {"type": "sphere", "radius": 0.05}}
  ],
  "joints": [
    {"name": "ja", "type": "revolute", "parent": "world", "child": "a", "axis": [0, 1, 0], "q0": 0.1,
     "limits": {"lower": -1, "upper": 1}},
    {"name": "jb", "type": "spherical_exp", "parent": "a", "child": "b", "position": [0, 0, -0.1]}
  ],
  "chains": [
    {"name": "c", "count": "$n", "parent": "b", "spacing": [0, 0, -0.1],
     "body": {"density": 1000, "shape": {"type": "capsule", "radius": 0.01, "length": 0.05}},
     "joint": {"type": "revolute", "axis": [1, 0, 0], "child_position": [0, 0, -0.05]}}
  ],
  "constraints": [
    {"name": "loop", "type": "point", "body_a": "world", "body_b": "c2", "position_a": [0, 0, -0.5]}
  ]
})";

json baseScene() { return json::parse(kBaseScene); }

json boxBody(const std::string& name) {
  return {{"name", name}, {"mass", 1.0}, {"shape", {{"type", "box"}, {"size", {0.1, 0.1, 0.1}}}}};
}

json fixedJoint(const std::string& name, const std::string& parent, const std::string& child) {
  return {{"name", name}, {"type", "fixed"}, {"parent", parent}, {"child", child}};
}

// Runs load and returns the SceneError it throws; records a failure for anything else.
SceneError catchSceneError(const std::function<void()>& load) {
  try {
    load();
  } catch (const SceneError& e) {
    return e;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "expected SceneError, got another exception: " << e.what();
    return SceneError("", "", "");
  }
  ADD_FAILURE() << "expected SceneError, nothing was thrown";
  return SceneError("", "", "");
}

struct ErrorCase {
  std::string title;
  std::function<void(json&)> edit;
  ParameterOverrides overrides;
  std::string pointer;
  std::string message;  // must appear in SceneError::message()
};

std::vector<ErrorCase> errorCases() {
  return {
      {"UnknownJointType",
       [](json& s) { s["joints"][0]["type"] = "hinge"; },
       {},
       "/joints/0/type",
       "unknown joint type \"hinge\"; expected one of: fixed, revolute, prismatic, planar, translational, "
       "universal, spherical_xzx, spherical_exp, composite, free2d, free3d"},
      {"UnknownShapeType",
       [](json& s) { s["bodies"][0]["shape"]["type"] = "cube"; },
       {},
       "/bodies/0/shape/type",
       "unknown shape type \"cube\"; expected one of: box, sphere, ellipsoid, cylinder, capsule, torus"},
      {"MissingChild",
       [](json& s) { s["joints"][0].erase("child"); },
       {},
       "/joints/0/child",
       "missing required field \"child\""},
      {"MissingShape",
       [](json& s) { s["bodies"][0].erase("shape"); },
       {},
       "/bodies/0/shape",
       "missing required field \"shape\" (or \"shapes\", or \"inertial\")"},
      {"MissingMass",
       [](json& s) { s["bodies"][0].erase("mass"); },
       {},
       "/bodies/0/mass",
       "missing required field \"mass\" (or \"density\")"},
      {"UnknownParent",
       [](json& s) { s["joints"][1]["parent"] = "nowhere"; },
       {},
       "/joints/1/parent",
       "unknown parent \"nowhere\"; expected \"world\" or one of the bodies: a, b, c0"},
      {"ChildOfTwoJoints",
       [](json& s) { s["joints"].push_back(fixedJoint("again", "world", "b")); },
       {},
       "/joints/2/child",
       "body \"b\" is already the child of joint \"jb\""},
      {"ChildOfTwoJointsSuggestsConstraints",
       [](json& s) { s["joints"].push_back(fixedJoint("again", "a", "b")); },
       {},
       "/joints/2/child",
       "close kinematic loops with an entry in \"constraints\""},
      {"ChildIsWorld",
       [](json& s) { s["joints"][0]["child"] = "world"; },
       {},
       "/joints/0/child",
       "\"world\" cannot be a joint's child"},
      {"JointToItself",
       [](json& s) { s["joints"][1]["parent"] = "b"; },
       {},
       "/joints/1/parent",
       "connects body \"b\" to itself"},
      {"BodyWithoutJoint",
       [](json& s) { s["bodies"].push_back(boxBody("lonely")); },
       {},
       "/bodies/2",
       "body \"lonely\" has no joint"},
      {"Cycle",
       [](json& s) {
         s["bodies"].push_back(boxBody("p"));
         s["bodies"].push_back(boxBody("q"));
         s["joints"].push_back(fixedJoint("jp", "q", "p"));
         s["joints"].push_back(fixedJoint("jq", "p", "q"));
       },
       {},
       "/joints/2/parent",
       "the joints form a cycle (p -> q -> p"},
      {"CycleThroughAChain",
       [](json& s) {
         s["bodies"].push_back(boxBody("x"));
         s["joints"].push_back(fixedJoint("jx", "c2", "x"));
         s["chains"][0]["parent"] = "x";
       },
       {}, "/joints/2/parent", "the joints form a cycle (x -> c2 -> c1 -> c0 -> x"},
      {"ZeroMass",
       [](json& s) { s["bodies"][0]["mass"] = 0; },
       {},
       "/bodies/0/mass",
       "expected a positive number, got 0"},
      {"NegativeMassFromParameter",
       [](json& s) { s["parameters"]["m"] = -2; },
       {},
       "/bodies/1/mass",
       "expected a positive number, got -2"},
      {"NegativeDensity",
       [](json& s) { s["chains"][0]["body"]["density"] = -5; },
       {},
       "/chains/0/body/density",
       "expected a positive number, got -5"},
      {"MassAndDensity",
       [](json& s) { s["bodies"][0]["density"] = 100; },
       {},
       "/bodies/0/density",
       "give either \"mass\" or \"density\", not both"},
      {"InfiniteMassFromDensity",
       [](json& s) {
         s["bodies"][0].erase("mass");
         s["bodies"][0]["density"] = 1e306;
         s["bodies"][0]["shape"]["size"] = {1e3, 1e3, 1e3};
       },
       {},
       "/bodies/0/density",
       "the shape's mass is inf"},
      {"NaNOverride", [](json&) {}, {{"m", kNaN}}, "/parameters/m", "override m = nan is not a finite number"},
      {"InfiniteOverride", [](json&) {}, {{"n", kInf}}, "/parameters/n", "override n = inf is not a finite number"},
      {"UndeclaredOverride",
       [](json&) {},
       {{"k", 2.0}},
       "/parameters",
       "cannot override parameter \"k\": the scene does not declare it; declared parameters: m, n"},
      {"WrongVectorLength",
       [](json& s) {
         s["joints"][1]["position"] = {0, 0};
       },
       {},
       "/joints/1/position",
       "expected an array of 3 numbers, got 2"},
      {"VectorElementNotANumber",
       [](json& s) { s["gravity"][2] = true; },
       {},
       "/gravity/2",
       "expected a number or a \"$parameter\" reference, got true"},
      {"ZeroAxis",
       [](json& s) {
         s["joints"][0]["axis"] = {0, 0, 0};
       },
       {},
       "/joints/0/axis",
       "expected a non-zero axis"},
      {"AxisOnSphericalJoint",
       [](json& s) {
         s["joints"][1]["axis"] = {0, 0, 1};
       },
       {},
       "/joints/1/axis",
       "\"axis\" applies only to revolute and prismatic joints"},
      {"MissingAxis",
       [](json& s) { s["joints"][0].erase("axis"); },
       {},
       "/joints/0/axis",
       "missing required field \"axis\""},
      {"LimitsReversed",
       [](json& s) {
         s["joints"][0]["limits"] = {{"lower", 1}, {"upper", -1}};
       },
       {},
       "/joints/0/limits",
       "lower[0] = 1 is above upper[0] = -1; expected lower <= upper"},
      {"InitialOutsideLimits",
       [](json& s) { s["joints"][0]["q0"] = 2; },
       {},
       "/joints/0/q0",
       "q0[0] = 2 lies outside the limits [-1, 1]"},
      {"CoordinatesWrongLength",
       [](json& s) {
         s["joints"][1]["q0"] = {1, 2};
       },
       {},
       "/joints/1/q0",
       "expected an array of 3 numbers, got 2"},
      {"ScalarForThreeCoordinates",
       [](json& s) { s["joints"][1]["qd0"] = 0.5; },
       {},
       "/joints/1/qd0",
       "expected an array of 3 numbers, got number 0.5"},
      {"UnknownParameter",
       [](json& s) { s["bodies"][0]["mass"] = "$x"; },
       {},
       "/bodies/0/mass",
       "unknown parameter \"x\"; declared parameters: m, n"},
      {"NumberAsString",
       [](json& s) { s["chains"][0]["count"] = "3"; },
       {},
       "/chains/0/count",
       "expected a number or a \"$parameter\" reference, got string \"3\""},
      {"FractionalCount",
       [](json& s) { s["chains"][0]["count"] = 2.5; },
       {},
       "/chains/0/count",
       "expected a positive whole number, got 2.5"},
      {"ZeroCountFromOverride",
       [](json&) {},
       {{"n", 0.0}},
       "/chains/0/count",
       "expected a positive whole number, got 0"},
      {"HugeCount", [](json&) {}, {{"n", 1e9}}, "/chains/0/count", "expected at most 100000, got 1000000000"},
      {"UnknownIntegrator",
       [](json& s) { s["simulation"]["integrator"] = "euler"; },
       {},
       "/simulation/integrator",
       "unknown integrator \"euler\"; expected one of: implicit, implicit-springs, semi-implicit, rk4"},
      {"UnknownBackend",
       [](json& s) { s["simulation"]["backend"] = "bullet"; },
       {},
       "/simulation/backend",
       "unknown backend \"bullet\"; expected one of: " + backendNames()},
      {"ZeroTimeStep",
       [](json& s) { s["simulation"]["dt"] = 0; },
       {},
       "/simulation/dt",
       "expected a positive number, got 0"},
      {"NegativeTimeStep",
       [](json& s) { s["simulation"]["dt"] = -0.001; },
       {},
       "/simulation/dt",
       "expected a positive number, got -0.001"},
      {"UnknownDriftControl",
       [](json& s) { s["simulation"]["drift_control"] = "projection"; },
       {},
       "/simulation/drift_control",
       "unknown drift control \"projection\"; expected one of: none, baumgarte, post-stabilization"},
      {"UnknownBaumgarteKey",
       [](json& s) { s["simulation"]["baumgarte"] = {{"gamma", 1.0}}; },
       {},
       "/simulation/baumgarte/gamma",
       "unknown key \"gamma\""},
      {"NegativeBaumgarteGain",
       [](json& s) { s["simulation"]["baumgarte"] = {{"alpha", -1.0}}; },
       {},
       "/simulation/baumgarte/alpha",
       "expected a number >= 0, got -1"},
      {"GroundContactNotBoolean",
       [](json& s) { s["ground_contact"] = "yes"; },
       {},
       "/ground_contact",
       "expected true, false or an object such as {\"friction\": 0.5}, got \"yes\""},
      {"BodyContactNotBoolean",
       [](json& s) { s["body_contact"] = 1; },
       {},
       "/body_contact",
       "expected true or false, got 1"},
      {"NegativeGroundFriction",
       [](json& s) { s["ground_contact"] = {{"friction", -0.5}}; },
       {},
       "/ground_contact/friction",
       "expected a friction coefficient >= 0 (Coulomb, e.g. 0.5; 0 is frictionless), got -0.5"},
      {"UnknownGroundContactKey",
       [](json& s) { s["ground_contact"] = {{"restitution", 0.5}}; },
       {},
       "/ground_contact/restitution",
       "unknown key \"restitution\""},
      {"BodyFrictionNotANumber",
       [](json& s) { s["bodies"][0]["friction"] = "rough"; },
       {},
       "/bodies/0/friction",
       "expected a number or a \"$parameter\" reference, got string \"rough\""},
      {"NegativeBodyFriction",
       [](json& s) { s["bodies"][1]["friction"] = -1; },
       {},
       "/bodies/1/friction",
       "expected a friction coefficient >= 0"},
      {"DuplicateBodyName",
       [](json& s) { s["bodies"][1]["name"] = "a"; },
       {},
       "/bodies/1/name",
       "duplicate body name \"a\"; it is already defined at /bodies/0/name"},
      {"ChainBodyNameTaken",
       [](json& s) { s["bodies"].push_back(boxBody("c1")); },
       {},
       "/chains/0/name",
       "duplicate body name \"c1\"; it is already defined at /bodies/2/name"},
      {"DuplicateJointName",
       [](json& s) { s["joints"][1]["name"] = "ja"; },
       {},
       "/joints/1/name",
       "duplicate joint name \"ja\""},
      {"DuplicateConstraintName",
       [](json& s) { s["constraints"].push_back(s["constraints"][0]); },
       {},
       "/constraints/1/name",
       "duplicate constraint name \"loop\""},
      {"BodyNamedWorld",
       [](json& s) { s["bodies"][0]["name"] = "world"; },
       {},
       "/bodies/0/name",
       "\"world\" names the fixed world frame"},
      {"MisspelledJointKey",
       [](json& s) { s["joints"][0]["stifness"] = 10; },
       {},
       "/joints/0/stifness",
       "unknown key \"stifness\" (did you mean \"stiffness\"?); allowed keys here: name, parent, child, position, "
       "type, axis, parts, rotation, child_position, child_rotation, q0, qd0, stiffness, damping, rest, limits"},
      {"MisspelledTopLevelKey",
       [](json& s) {
         s["gravty"] = {0, 0, 0};
       },
       {},
       "/gravty",
       "unknown key \"gravty\" (did you mean \"gravity\"?)"},
      {"PositionInChainJoint",
       [](json& s) {
         s["chains"][0]["joint"]["position"] = {0, 0, 0};
       },
       {},
       "/chains/0/joint/position",
       "unknown key \"position\""},
      {"MassBesideShapes",
       [](json& s) {
         s["bodies"][0].erase("shape");
         s["bodies"][0]["shapes"] = json::array({{{"type", "sphere"}, {"radius", 0.1}, {"mass", 1}}});
       },
       {},
       "/bodies/0/mass",
       "a body with \"shapes\" gives \"mass\" or \"density\" inside each shape"},
      {"TorusTubeTooThick",
       [](json& s) {
         s["bodies"][0]["shape"] = {{"type", "torus"}, {"major_radius", 0.1}, {"minor_radius", 0.2}};
       },
       {},
       "/bodies/0/shape/minor_radius",
       "expected minor_radius <= major_radius"},
      {"PlacedSingleShape", [](json& s) { s["bodies"][0]["shape"]["position"] = {0, 0, 1}; }, {},
       "/bodies/0/shape/position", "use \"shapes\" to place shapes"},
      {"NegativeBoxSize",
       [](json& s) { s["bodies"][0]["shape"]["size"][1] = -0.1; },
       {},
       "/bodies/0/shape/size/1",
       "expected a positive size, got -0.1"},
      {"CompositeWithoutParts",
       [](json& s) { s["joints"][1]["type"] = "composite"; },
       {},
       "/joints/1/parts",
       "missing required field \"parts\""},
      {"CompositeOfFreeJoint",
       [](json& s) {
         s["joints"][1]["type"] = "composite";
         s["joints"][1]["parts"] = json::array({{{"type", "free3d"}}});
       },
       {},
       "/joints/1/parts/0/type",
       "unknown joint part type \"free3d\""},
      {"CompositeTooManyCoordinates",
       [](json& s) {
         s["joints"][1]["type"] = "composite";
         s["joints"][1]["parts"] =
             json::array({{{"type", "spherical_exp"}}, {{"type", "universal"}}, {{"type", "planar"}}});
       },
       {},
       "/joints/1/parts",
       "the parts have 7 coordinates; a joint has at most 6"},
      {"NegativeStiffness",
       [](json& s) { s["joints"][0]["stiffness"] = -1; },
       {},
       "/joints/0/stiffness",
       "expected a number >= 0, got -1"},
      {"HingeWithoutAxis",
       [](json& s) { s["constraints"][0]["type"] = "hinge"; },
       {},
       "/constraints/0/axis",
       "missing required field \"axis\""},
      {"ConstraintUnknownBody",
       [](json& s) { s["constraints"][0]["body_b"] = "c9"; },
       {},
       "/constraints/0/body_b",
       "unknown body \"c9\""},
      {"NameParameterUnknown",
       [](json& s) { s["constraints"][0]["body_b"] = "c{$k}"; },
       {},
       "/constraints/0/body_b",
       "unknown parameter \"k\" in body name \"c{$k}\"; declared parameters: m, n"},
      {"NameParameterNotWhole",
       [](json& s) { s["constraints"][0]["body_b"] = "c{$m}"; },
       {},
       "/constraints/0/body_b",
       "parameter \"m\" is 1.5 in body name \"c{$m}\"; a name can use only a whole number"},
      {"NameParameterBadForm",
       [](json& s) { s["constraints"][0]["body_b"] = "c{$n*2}"; },
       {},
       "/constraints/0/body_b",
       "\"{$n*2}\" in body name \"c{$n*2}\": expected {$parameter}, {$parameter+k} or {$parameter-k}"},
      {"NameParameterUnclosed",
       [](json& s) { s["constraints"][0]["body_a"] = "c{$n-1"; },
       {},
       "/constraints/0/body_a",
       "unclosed \"{\" in body name \"c{$n-1\""},
      {"NameParameterPastTheChain",
       [](json& s) { s["constraints"][0]["body_b"] = "c{$n}"; },
       {},
       "/constraints/0/body_b",
       "unknown body \"c3\""},
      {"ConstraintAnchorWord",
       [](json& s) { s["constraints"][0]["position_a"] = "start"; },
       {},
       "/constraints/0/position_a",
       "expected [x, y, z] or \"initial\" (where position_b of body_b starts)"},
      {"ConstraintSameBody",
       [](json& s) { s["constraints"][0]["body_a"] = "c2"; },
       {},
       "/constraints/0/body_b",
       "\"body_a\" and \"body_b\" must be different bodies"},
      {"NameNotAString", [](json& s) { s["name"] = 5; }, {}, "/name", "expected a string, got number 5"},
      {"BodiesNotAnArray",
       [](json& s) { s["bodies"] = json::object(); },
       {},
       "/bodies",
       "expected an array, got an object"},
      {"NoBodies",
       [](json& s) {
         s.erase("bodies");
         s.erase("joints");
         s.erase("chains");
         s.erase("constraints");
       },
       {},
       "/bodies",
       "the scene has no bodies"},
      {"SolverSettingOfAnUnknownBackEnd",
       [](json& s) { s["simulation"]["solver_settings"] = {{"bullet", {{"tolerance", 1}}}}; },
       {},
       "/simulation/solver_settings/bullet",
       "unknown backend; expected one of: redmax, recursive, baraff"},
      {"SolverSettingTheBackEndDoesNotHave",
       [](json& s) { s["simulation"]["solver_settings"] = {{"recursive", {{"tolerance", 1}}}}; },
       {},
       "/simulation/solver_settings/recursive/tolerance",
       "back-end 'recursive' has no setting 'tolerance'; its settings: gmres-tolerance, gmres-iterations"},
      {"SolverSettingOutOfRange",
       [](json& s) { s["simulation"]["solver_settings"] = {{"baraff", {{"projection-iterations", 5000}}}}; },
       {},
       "/simulation/solver_settings/baraff/projection-iterations",
       "must be in [1, 1000] (iterations); got 5000"},
      {"SolverSettingCountNotWhole",
       [](json& s) { s["simulation"]["solver_settings"] = {{"baraff", {{"projection-iterations", 2.5}}}}; },
       {},
       "/simulation/solver_settings/baraff/projection-iterations",
       "takes a whole number (iterations); got 2.5"},
      {"SolverSettingChoiceNotWhole",
       [](json& s) { s["simulation"]["solver_settings"] = {{"baraff", {{"sp-active-set", 1.5}}}}; },
       {},
       "/simulation/solver_settings/baraff/sp-active-set",
       "takes a whole number (0 plain | 1 settled | 2 newton); got 1.5"},
      {"SolverSettingNotANumber",
       [](json& s) { s["simulation"]["solver_settings"] = {{"baraff", {{"projection-iterations", "many"}}}}; },
       {},
       "/simulation/solver_settings/baraff/projection-iterations",
       "expected a number"},
      {"ParameterNotANumber",
       [](json& s) { s["parameters"]["n"] = "$m"; },
       {},
       "/parameters/n",
       "expected a number (parameter values cannot refer to other parameters)"},
  };
}

void PrintTo(const ErrorCase& c, std::ostream* out) { *out << c.title; }

class SceneLoaderErrorTest : public testing::TestWithParam<ErrorCase> {};

TEST_P(SceneLoaderErrorTest, ThrowsSceneErrorAtTheOffendingField) {
  const ErrorCase& c = GetParam();
  json scene = baseScene();
  c.edit(scene);
  // The loader keeps back-end and integrator names as strings; creating a run checks them
  // (validateSceneChoices), with the same file, field and message.
  const SceneError e = catchSceneError(
      [&] { validateSceneChoices(loadSceneFromString(scene.dump(), "case.json", c.overrides), true, true); });
  EXPECT_EQ(e.file(), "case.json");
  EXPECT_EQ(e.pointer(), c.pointer) << e.what();
  EXPECT_NE(e.message().find(c.message), std::string::npos) << "message: " << e.message();
}

INSTANTIATE_TEST_SUITE_P(SceneLoader, SceneLoaderErrorTest, testing::ValuesIn(errorCases()),
                         [](const testing::TestParamInfo<ErrorCase>& info) { return info.param.title; });

// Property: replacing any value of a valid scene by a value of another kind either still loads
// or throws SceneError; nothing else escapes (in particular no nlohmann exception).
TEST(SceneLoader, AnyReplacedValueGivesAModelOrASceneError) {
  const json base = baseScene();
  const std::vector<json> replacements = {nullptr,
                                          true,
                                          -1,
                                          0,
                                          1e308,
                                          "text",
                                          "$n",
                                          "$zz",
                                          "world",
                                          "c1",
                                          json::array(),
                                          json::object(),
                                          {1, 2, 3},
                                          {{"type", "box"}}};
  const json leaves = base.flatten();
  std::vector<std::string> pointers;
  for (const auto& item : leaves.items()) {
    std::string pointer = item.key();
    while (!pointer.empty()) {
      pointers.push_back(pointer);
      pointer = pointer.substr(0, pointer.rfind('/'));
    }
  }
  int errors = 0;
  for (const std::string& pointer : pointers) {
    for (const json& replacement : replacements) {
      json scene = base;
      scene[json::json_pointer(pointer)] = replacement;
      try {
        loadSceneFromString(scene.dump(), "mutated.json");
      } catch (const SceneError& e) {
        ++errors;
        EXPECT_FALSE(e.message().empty());
      } catch (const std::exception& e) {
        ADD_FAILURE() << pointer << " = " << replacement.dump() << ": " << e.what();
      }
    }
  }
  EXPECT_GT(errors, 0);
}

// A cycle through the longest allowed chain is reported quickly and in a message of bounded size.
TEST(SceneLoader, LongCycleIsReportedShortly) {
  json scene = baseScene();
  scene["bodies"].push_back(boxBody("x"));
  scene["joints"].push_back(fixedJoint("jx", "c99999", "x"));
  scene["chains"][0]["parent"] = "x";
  const SceneError e = catchSceneError([&] { loadSceneFromString(scene.dump(), "long.json", {{"n", 100000}}); });
  EXPECT_EQ(e.pointer(), "/joints/2/parent");
  EXPECT_NE(e.message().find("(x -> c99999 -> c99998"), std::string::npos) << e.message();
  EXPECT_NE(e.message().find("... (100001 bodies) -> x,"), std::string::npos) << e.message();
  EXPECT_LT(e.message().size(), 400u);
}

TEST(SceneLoader, BaseSceneOfTheErrorCasesIsValid) {
  const Model model = loadSceneFromString(kBaseScene, "base.json");
  EXPECT_EQ(model.bodyCount(), 5);
  EXPECT_EQ(model.nq, 1 + 3 + 3);
  ASSERT_EQ(model.loops.size(), 1u);
  EXPECT_EQ(model.loops[0].bodyB, model.findBody("c2"));
}

TEST(SceneLoader, MissingFileNamesThePath) {
  const std::string path = kSceneFolder + "/no_such_scene.json";
  const SceneError e = catchSceneError([&] { loadScene(path); });
  EXPECT_EQ(e.file(), path);
  EXPECT_EQ(e.pointer(), "");
  EXPECT_EQ(e.message(), "file not found");
}

TEST(SceneLoader, DirectoryIsNotASceneFile) {
  const SceneError e = catchSceneError([&] { loadScene(kSceneFolder); });
  EXPECT_NE(e.message().find("not a regular file"), std::string::npos) << e.message();
}

TEST(SceneLoader, SyntaxErrorGivesLineAndColumn) {
  const SceneError e =
      catchSceneError([] { loadSceneFromString("{\n  \"name\": \"x\",\n  \"bodies\": [}\n", "s.json"); });
  EXPECT_EQ(e.pointer(), "");
  EXPECT_NE(e.message().find("JSON syntax error at line 3, column 14"), std::string::npos) << e.message();
}

TEST(SceneLoader, EmptyTextIsASyntaxError) {
  const SceneError e = catchSceneError([] { loadSceneFromString("", "empty.json"); });
  EXPECT_NE(e.message().find("JSON syntax error at line 1, column 1"), std::string::npos) << e.message();
}

TEST(SceneLoader, NumberOutOfRangeIsReported) {
  const SceneError e = catchSceneError([] { loadSceneFromString(R"({"gravity": [0, 0, 1e400]})", "big.json"); });
  EXPECT_NE(e.message().find("number overflow"), std::string::npos) << e.message();
}

TEST(SceneLoader, TopLevelMustBeAnObject) {
  const SceneError e = catchSceneError([] { loadSceneFromString("[1, 2]", "array.json"); });
  EXPECT_EQ(e.pointer(), "");
  EXPECT_EQ(e.message(), "expected an object, got an array of 2 elements");
}

TEST(SceneLoader, RepeatedKeyIsReportedWhereItRepeats) {
  const std::string text = R"({"bodies": [{"name": "a", "mass": 1, "mass": 2,
                               "shape": {"type": "sphere", "radius": 0.1}}]})";
  const SceneError e = catchSceneError([&] { loadSceneFromString(text, "dup.json"); });
  EXPECT_EQ(e.pointer(), "/bodies/0/mass");
  EXPECT_EQ(e.message(), "key \"mass\" appears twice in the same object");
}

TEST(SceneLoader, WhatCombinesFilePointerAndMessage) {
  const SceneError e("f.json", "/joints/2/type", "bad");
  EXPECT_STREQ(e.what(), "f.json: /joints/2/type: bad");
}

TEST(SceneLoader, CommentsAreAllowed) {
  const Model model = loadSceneFromString(R"({
    // a comment
    "bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}], /* another */
    "joints": [{"name": "j", "type": "free3d", "parent": "world", "child": "a"}]
  })",
                                          "comments.json");
  EXPECT_EQ(model.nq, 6);
  EXPECT_EQ(model.name, "comments");  // defaults to the file's stem
}

std::vector<std::filesystem::path> sceneFiles() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kSceneFolder))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(SceneLoader, EverySceneFileLoadsAsADepthFirstTree) {
  const auto files = sceneFiles();
  ASSERT_GE(files.size(), 5u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    Model model;
    ASSERT_NO_THROW(model = loadScene(file.string())) << file;
    EXPECT_GT(model.bodyCount(), 0);
    EXPECT_FALSE(model.description.empty());
    EXPECT_NE(findBackend(model.defaults.backend), nullptr);
    EXPECT_EQ(model.q0.size(), model.nq);
    EXPECT_EQ(model.qd0.size(), model.nq);
    for (int i = 0; i < model.bodyCount(); ++i) {
      EXPECT_EQ(model.joints[i].child, i);
      EXPECT_LT(model.joints[i].parent, i);
      EXPECT_GT(model.bodies[i].mass, 0.0);
      EXPECT_TRUE(model.bodies[i].M.allFinite());
    }
  }
}

// Structural equality with a model built in code.
void expectSameTree(const Model& loaded, const Model& expected) {
  ASSERT_EQ(loaded.bodyCount(), expected.bodyCount());
  ASSERT_EQ(loaded.nq, expected.nq);
  for (int i = 0; i < loaded.bodyCount(); ++i) {
    SCOPED_TRACE(loaded.bodies[i].name);
    EXPECT_EQ(loaded.bodies[i].name, expected.bodies[i].name);
    EXPECT_TRUE(loaded.bodies[i].M.isApprox(expected.bodies[i].M, 1e-14));
    const Joint& a = loaded.joints[i];
    const Joint& b = expected.joints[i];
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.parent, b.parent);
    EXPECT_TRUE(a.E_pj.isApprox(b.E_pj, 1e-14));
    EXPECT_TRUE(a.E_jc.isApprox(b.E_jc, 1e-14));
    ASSERT_EQ(a.parts.size(), b.parts.size());
    EXPECT_TRUE(a.parts[0].axis.isApprox(b.parts[0].axis));
  }
  EXPECT_TRUE(loaded.q0.isApprox(expected.q0));
  EXPECT_TRUE(loaded.qd0.isZero());
  EXPECT_TRUE(loaded.gravity.isApprox(Vector3(0, 0, -9.81)));
}

TEST(SceneLoader, DoublePendulumIsTheStandardChainOfTwo) {
  expectSameTree(loadScene(kSceneFolder + "/double_pendulum.json"), test::standardChain(2, 0.3));
}

TEST(SceneLoader, SinglePendulumIsTheStandardChainOfOne) {
  expectSameTree(loadScene(kSceneFolder + "/single_pendulum.json"), test::standardChain(1, 0.3));
}

TEST(SceneLoader, ChainHasTenLinksByDefaultAndFollowsOverrides) {
  const std::string path = kSceneFolder + "/chain.json";
  expectSameTree(loadScene(path), test::standardChain(10, 0.3));
  for (int n : {5, 50}) {
    SCOPED_TRACE(n);
    const Model model = loadScene(path, {{"n", n}});
    EXPECT_EQ(model.bodyCount(), n);
    EXPECT_EQ(model.parameters.at("n"), n);
    expectSameTree(model, test::standardChain(n, 0.3));
  }
}

TEST(SceneLoader, StandardLinkInertiaMatchesBenchmarks) {
  const Model model = loadScene(kSceneFolder + "/single_pendulum.json");
  const Body& link = model.bodies[0];
  EXPECT_DOUBLE_EQ(link.mass, 1.0);
  EXPECT_TRUE(link.com.isZero(1e-15));
  const Vector6 diagonal = link.M.diagonal();
  EXPECT_NEAR(diagonal[0], 8.667e-4, 1e-6);
  EXPECT_NEAR(diagonal[1], 8.667e-4, 1e-6);
  EXPECT_NEAR(diagonal[2], 6.667e-5, 1e-6);
  EXPECT_TRUE(diagonal.tail<3>().isApprox(Vector3::Ones()));
}

// A box (2 kg, 0.2 x 0.1 x 0.05 m) turned 90 degrees about z at (0.1, 0, 0), and a sphere
// (radius 0.05 m, 1000 kg/m^3) at (0, 0, -0.2): mass, centre of mass and inertia about the body
// origin by the parallel-axis theorem, written out by hand.
TEST(SceneLoader, CompositeBodyMatchesParallelAxisOracle) {
  const Model model = loadSceneFromString(R"({
    "bodies": [{"name": "both", "shapes": [
      {"type": "box", "size": [0.2, 0.1, 0.05], "mass": 2.0, "position": [0.1, 0, 0],
       "rotation": [0, 0, 1.5707963267948966]},
      {"type": "sphere", "radius": 0.05, "density": 1000, "position": [0, 0, -0.2]}]}],
    "joints": [{"name": "j", "type": "fixed", "parent": "world", "child": "both"}]
  })",
                                          "composite.json");
  const Body& body = model.bodies[0];

  const double mBox = 2.0, mSphere = 1000.0 * 4.0 / 3.0 * std::numbers::pi * 0.05 * 0.05 * 0.05;
  const double m = mBox + mSphere;
  // Box moments in its own frame, then x and y swapped by the 90 degree turn about z.
  const double boxX = mBox / 12.0 * (0.1 * 0.1 + 0.05 * 0.05), boxY = mBox / 12.0 * (0.05 * 0.05 + 0.2 * 0.2);
  const double boxZ = mBox / 12.0 * (0.2 * 0.2 + 0.1 * 0.1);
  const double sphere = 0.4 * mSphere * 0.05 * 0.05;
  // Parallel axis: box offset d = (0.1, 0, 0) adds m d^2 about y and z; sphere d = (0, 0, -0.2) about x and y.
  Matrix3 I = Matrix3::Zero();
  I(0, 0) = boxY + sphere + mSphere * 0.04;
  I(1, 1) = boxX + sphere + mBox * 0.01 + mSphere * 0.04;
  I(2, 2) = boxZ + sphere + mBox * 0.01;
  // Off-diagonal -sum m d_i d_j: the two offsets lie on different axes, so x-z is the only candidate, and it is 0.

  EXPECT_NEAR(body.mass, m, 1e-12);
  EXPECT_TRUE(body.com.isApprox(Vector3(mBox * 0.1, 0.0, -mSphere * 0.2) / m, 1e-12)) << body.com.transpose();
  const Matrix3 rotational = body.M.topLeftCorner<3, 3>(), linear = body.M.bottomRightCorner<3, 3>();
  EXPECT_TRUE(rotational.isApprox(I, 1e-12)) << rotational << "\n\n" << I;
  EXPECT_TRUE(linear.isApprox(m * Matrix3::Identity(), 1e-12));
}

TEST(SceneLoader, DensityTimesVolumeGivesMass) {
  const Model model = loadSceneFromString(R"({
    "bodies": [{"name": "rod", "density": 2700, "shape": {"type": "cylinder", "radius": 0.01, "length": 0.5}}],
    "joints": [{"name": "j", "type": "fixed", "parent": "world", "child": "rod"}]
  })",
                                          "density.json");
  EXPECT_NEAR(model.bodies[0].mass, 2700 * std::numbers::pi * 0.01 * 0.01 * 0.5, 1e-12);
}

// Bodies and joints declared leaf-first come out depth-first, with q0 following its joint.
TEST(SceneLoader, DeclarationOrderDoesNotMatter) {
  const Model model = loadSceneFromString(R"({
    "bodies": [
      {"name": "tip", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
      {"name": "side", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
      {"name": "mid", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
      {"name": "root", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}
    ],
    "joints": [
      {"name": "j_tip", "type": "revolute", "axis": [1, 0, 0], "parent": "mid", "child": "tip", "q0": 3},
      {"name": "j_side", "type": "prismatic", "axis": [0, 0, 1], "parent": "root", "child": "side", "q0": 4},
      {"name": "j_mid", "type": "universal", "parent": "root", "child": "mid", "q0": [1.5, 2.5]},
      {"name": "j_root", "type": "revolute", "axis": [0, 1, 0], "parent": "world", "child": "root", "q0": 0.5}
    ]
  })",
                                          "order.json");
  // Depth-first from the world; siblings (side, mid) in the order their joints are declared.
  const std::vector<std::string> names = {"root", "side", "mid", "tip"};
  ASSERT_EQ(model.bodyCount(), 4);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(model.bodies[i].name, names[i]);
  EXPECT_EQ(model.joints[1].name, "j_side");
  EXPECT_EQ(model.joints[3].parent, 2);
  VectorX q0(5);
  q0 << 0.5, 4, 1.5, 2.5, 3;
  EXPECT_EQ(model.q0, q0);
}

TEST(SceneLoader, ParametersReachVectorsCountsAndScalars) {
  const Model model = loadSceneFromString(R"({
    "parameters": {"len": 0.4, "k": 7, "links": 2},
    "gravity": [0, 0, "$k"],
    "chains": [{"name": "l", "count": "$links", "parent": "world", "spacing": [0, 0, "$len"],
                "body": {"mass": "$k", "shape": {"type": "box", "size": [0.1, 0.1, "$len"]}},
                "joint": {"type": "revolute", "axis": [0, 1, 0], "stiffness": "$k"}}]
  })",
                                          "params.json", {{"len", 0.25}});
  EXPECT_EQ(model.bodyCount(), 2);
  EXPECT_DOUBLE_EQ(model.gravity.z(), 7.0);
  EXPECT_DOUBLE_EQ(model.joints[1].E_pj(2, 3), 0.25);
  EXPECT_DOUBLE_EQ(model.bodies[0].shapes[0].dims.size.z(), 0.25);
  EXPECT_DOUBLE_EQ(model.bodies[0].mass, 7.0);
  EXPECT_DOUBLE_EQ(model.joints[0].stiffness, 7.0);
  EXPECT_DOUBLE_EQ(model.parameters.at("len"), 0.25);
}

// "{$n-1}" in a body name: the last link of a chain of $n links, after the overrides.
// The entries of "bodies" and "joints" are read as the parse closes them: an entry's error comes
// before anything later in the file is parsed, here a syntax error (issue 31: the first error in
// time linear in the bytes before it).
TEST(SceneLoader, AnEntrysErrorComesBeforeTheRestOfTheFile) {
  const std::string text = R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
                                          {"name": "b", "mass": -1, "shape": {"type": "sphere", "radius": 0.1}},
                                          {"name": "c", "mass": 1, )";
  const SceneError e = catchSceneError([&] { loadSceneFromString(text, "early.json"); });
  EXPECT_EQ(e.pointer(), "/bodies/1/mass");
  EXPECT_NE(e.message().find("expected a positive number, got -1"), std::string::npos) << e.message();
}

// "parameters" after the entries that use them (as a scene dumped in key order has them): those
// entries wait for the end of the parse, and take the declared values and the overrides.
TEST(SceneLoader, ParametersAfterTheEntriesStillApply) {
  const std::string text = R"({
    "bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
               {"name": "b", "mass": "$m", "shape": {"type": "sphere", "radius": "$r"}}],
    "joints": [{"name": "ja", "type": "revolute", "axis": [0, 1, 0], "parent": "world", "child": "a", "q0": "$q"},
               {"name": "jb", "type": "revolute", "axis": [0, 1, 0], "parent": "a", "child": "b"}],
    "parameters": {"m": 2, "r": 0.2, "q": 0.5}
  })";
  const Model declared = loadSceneFromString(text, "late.json");
  EXPECT_EQ(declared.bodies[1].mass, 2.0);
  EXPECT_EQ(declared.bodies[1].shapes[0].dims.size.x(), 0.2);
  EXPECT_EQ(declared.q0[0], 0.5);
  const Model overridden = loadSceneFromString(text, "late.json", {{"m", 3}, {"q", 0.25}});
  EXPECT_EQ(overridden.bodies[1].mass, 3.0);
  EXPECT_EQ(overridden.q0[0], 0.25);
  const SceneError e = catchSceneError([&] { loadSceneFromString(text, "late.json", {{"x", 1}}); });
  EXPECT_EQ(e.pointer(), "/parameters");
  EXPECT_NE(e.message().find("cannot override parameter \"x\""), std::string::npos) << e.message();
}

// The keys before the first entry are checked before it, as the whole root is: an unknown key
// there comes first, and so does a bad header field.
TEST(SceneLoader, KeysBeforeTheEntriesAreCheckedFirst) {
  const std::string body = R"({"name": "a", "mass": -1, "shape": {"type": "sphere", "radius": 0.1}})";
  const SceneError unknown =
      catchSceneError([&] { loadSceneFromString(R"({"gravty": [0, 0, 1], "bodies": [)" + body + "]}", "k.json"); });
  EXPECT_EQ(unknown.pointer(), "/gravty");
  const SceneError header =
      catchSceneError([&] { loadSceneFromString(R"({"gravity": [0, 0], "bodies": [)" + body + "]}", "k.json"); });
  EXPECT_EQ(header.pointer(), "/gravity");
}

TEST(SceneLoader, ParametersInBodyNamesFollowOverrides) {
  json scene = baseScene();
  scene["constraints"][0]["body_b"] = "c{$n-1}";
  scene["constraints"][0]["body_a"] = "c{$n+0}x{$n-4}";  // any number of them, anywhere
  scene["bodies"].push_back(boxBody("c6x2"));
  scene["joints"].push_back(fixedJoint("j6x2", "a", "c6x2"));
  const Model model = loadSceneFromString(scene.dump(), "names.json", {{"n", 6}});
  ASSERT_EQ(model.loops.size(), 1u);
  EXPECT_EQ(model.bodies[model.loops[0].bodyB].name, "c5");
  EXPECT_EQ(model.bodies[model.loops[0].bodyA].name, "c6x2");
}

TEST(SceneLoader, JointFieldsAreStored) {
  const Model model = loadSceneFromString(R"({
    "bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [{"name": "j", "type": "prismatic", "parent": "world", "child": "a", "axis": [0, 0, 2],
                "position": [1, 2, 3], "rotation": [0, 0, 1.5707963267948966], "child_position": [0, 0, -0.1],
                "child_rotation": [0.3, 0, 0], "q0": 0.1, "qd0": -0.2, "stiffness": 5, "damping": 0.5,
                "rest": 0.05, "limits": {"lower": [-0.5], "upper": [0.5]}}]
  })",
                                          "fields.json");
  const Joint& j = model.joints[0];
  EXPECT_TRUE(j.parts[0].axis.isApprox(Vector3::UnitZ()));
  EXPECT_TRUE(j.E_pj.isApprox(se3::make(so3::exp(Vector3(0, 0, std::numbers::pi / 2)), Vector3(1, 2, 3))));
  EXPECT_TRUE(j.E_jc.isApprox(se3::make(so3::exp(Vector3(0.3, 0, 0)), Vector3(0, 0, -0.1))));
  EXPECT_DOUBLE_EQ(model.q0[0], 0.1);
  EXPECT_DOUBLE_EQ(model.qd0[0], -0.2);
  EXPECT_DOUBLE_EQ(j.stiffness, 5);
  EXPECT_DOUBLE_EQ(j.damping, 0.5);
  EXPECT_DOUBLE_EQ(j.rest[0], 0.05);
  EXPECT_TRUE(j.hasLimits);
  EXPECT_DOUBLE_EQ(j.lower[0], -0.5);
  EXPECT_DOUBLE_EQ(j.upper[0], 0.5);
}

TEST(SceneLoader, SimulationDefaultsAreRead) {
  json scene = baseScene();
  scene["simulation"] = {{"integrator", "rk4"}, {"dt", 0.002}, {"duration", 3}};
  const Model model = loadSceneFromString(scene.dump(), "sim.json");
  EXPECT_EQ(model.defaults.integrator, Integrator::RK4);
  EXPECT_DOUBLE_EQ(model.defaults.dt, 0.002);
  EXPECT_DOUBLE_EQ(model.defaults.duration, 3.0);
  EXPECT_EQ(model.defaults.backend, SimulationDefaults{}.backend);
}

// A scene's solver settings reach the options of a run and the back-end uses them: one GMRES
// iteration makes the recursive "implicit" step take its dense fallback.
TEST(SceneLoader, SolverSettingsReachTheBackEnd) {
  json scene = baseScene();
  scene.erase("constraints");  // a tree, which the recursive back-end runs
  scene["simulation"] = {{"solver_settings", {{"recursive", {{"gmres-iterations", 1}}}}}};
  const Model model = loadSceneFromString(scene.dump(), "settings.json");
  ASSERT_EQ(model.defaults.solverSettings.size(), 1u);
  EXPECT_EQ(model.defaults.solverSettings[0].name, "gmres-iterations");
  RecursiveSolver solver(model, test::sceneOptions("recursive", model, Integrator::LinearlyImplicitEuler));
  State state = makeInitialState(model);
  ASSERT_TRUE(solver.step(model, state, 1e-3).ok);
  EXPECT_TRUE(solver.lastImplicitSolve().denseFallback);
  RecursiveSolver defaults(model, SolverOptions{Integrator::LinearlyImplicitEuler});
  State other = makeInitialState(model);
  ASSERT_TRUE(defaults.step(model, other, 1e-3).ok);
  EXPECT_FALSE(defaults.lastImplicitSolve().denseFallback);
}

TEST(SceneLoader, DriftControlDefaultsAreRead) {
  json scene = baseScene();
  scene["simulation"] = {{"drift_control", "baumgarte"}, {"baumgarte", {{"alpha", 4}, {"beta", 6}}}};
  const Model model = loadSceneFromString(scene.dump(), "drift.json");
  EXPECT_EQ(model.defaults.driftControl, "baumgarte");
  EXPECT_DOUBLE_EQ(model.defaults.baumgarteAlpha, 4.0);
  EXPECT_DOUBLE_EQ(model.defaults.baumgarteBeta, 6.0);
  const Model plain = loadSceneFromString(baseScene().dump(), "plain.json");
  EXPECT_EQ(plain.defaults.driftControl, "post-stabilization");
  scene["simulation"] = {{"drift_control", "none"}};
  EXPECT_EQ(loadSceneFromString(scene.dump(), "none.json").defaults.driftControl, "none");
}

TEST(SceneLoader, GroundContactIsReadAndOffByDefault) {
  json scene = baseScene();
  EXPECT_FALSE(loadSceneFromString(scene.dump(), "plain.json").groundContact);
  scene["ground_contact"] = true;
  EXPECT_TRUE(loadSceneFromString(scene.dump(), "ground.json").groundContact);
  EXPECT_EQ(loadSceneFromString(scene.dump(), "ground.json").groundFriction, 0.0);
  scene["ground_contact"] = {{"friction", 0.7}};
  scene["bodies"][0]["friction"] = 0.3;
  const Model rough = loadSceneFromString(scene.dump(), "rough.json");
  EXPECT_TRUE(rough.groundContact);
  EXPECT_EQ(rough.groundFriction, 0.7);
  EXPECT_EQ(rough.bodies[0].friction, 0.3);
  EXPECT_LT(rough.bodies[1].friction, 0.0);  // the scene's default
  EXPECT_FALSE(rough.bodyContact);
  scene["body_contact"] = true;
  EXPECT_TRUE(loadSceneFromString(scene.dump(), "bodies.json").bodyContact);
}

TEST(SceneLoader, BranchingTreeCoversJointTypesAndShapes) {
  const Model model = loadScene(kSceneFolder + "/branching_tree.json");
  std::set<JointType> joints;
  std::set<ShapeType> shapes;
  bool compositeBody = false, chainFromBody = false;
  for (int i = 0; i < model.bodyCount(); ++i) {
    joints.insert(model.joints[i].type);
    for (const BodyShape& shape : model.bodies[i].shapes) shapes.insert(shape.dims.type);
    compositeBody = compositeBody || model.bodies[i].shapes.size() > 1;
    chainFromBody = chainFromBody || (model.bodies[i].name == "tail0" && model.joints[i].parent >= 0);
  }
  for (JointType type :
       {JointType::Fixed, JointType::Revolute, JointType::Prismatic, JointType::Planar, JointType::Universal,
        JointType::SphericalXZX, JointType::SphericalExp, JointType::Composite, JointType::Free3D})
    EXPECT_TRUE(joints.count(type)) << jointTypeName(type);
  EXPECT_EQ(shapes.size(), 6u);
  EXPECT_TRUE(compositeBody);
  EXPECT_TRUE(chainFromBody);
}

TEST(SceneLoader, FreeBodyHasNoGravityAndSixCoordinates) {
  const Model model = loadScene(kSceneFolder + "/free_body.json");
  ASSERT_EQ(model.bodyCount(), 1);
  EXPECT_EQ(model.joints[0].type, JointType::Free3D);
  EXPECT_EQ(model.nq, 6);
  EXPECT_TRUE(model.gravity.isZero());
  EXPECT_GT(model.qd0.head<3>().norm(), 0.0);
}

// Rotation about y by q, written out: the links of the four-bar all turn about y.
Matrix4 aboutY(double q) {
  Matrix4 E = Matrix4::Identity();
  E.topLeftCorner<3, 3>() << std::cos(q), 0, std::sin(q), 0, 1, 0, -std::sin(q), 0, std::cos(q);
  return E;
}

// The loop of the standard four-bar is closed at q0, with the crank at 2 rad from the ground
// line and the coupler-rocker pivot above it (BENCHMARKS.md).
// loop_chain.json pins link{$n-1}'s tip to the world where it starts ("position_a": "initial"):
// the planar chain's tip is the sum of the links, 0.1 m each at 0.3 k rad about y (k = 1 ... n).
TEST(SceneLoader, LoopChainPinsTheLastTipWhereItStarts) {
  for (int n : {3, 7}) {
    const Model model = loadScene(kSceneFolder + "/loop_chain.json", {{"n", n}});
    ASSERT_EQ(model.loops.size(), 1u);
    const LoopConstraint& loop = model.loops[0];
    EXPECT_EQ(loop.bodyA, -1);
    EXPECT_EQ(model.bodies[loop.bodyB].name, "link" + std::to_string(n - 1));
    Vector3 tip = Vector3::Zero();
    for (int k = 1; k <= n; ++k) tip += 0.1 * Vector3(-std::sin(0.3 * k), 0.0, -std::cos(0.3 * k));
    EXPECT_LT((loop.E_aA.topRightCorner<3, 1>() - tip).norm(), 1e-14) << "n = " << n;
  }
}

// "position_a": "initial" on a chain whose joints start at different angles: the anchor is
// the tip where the scene's q0 puts it (the loader read the closure before it assigned each
// joint its coordinate, and took every joint at the first one's angle).
TEST(SceneLoader, InitialAnchorFollowsEachJointsOwnStartAngle) {
  json scene = {{"bodies", json::array()}, {"joints", json::array()}};
  const double q0[] = {0.3, 0.6, -0.4};
  for (int k = 0; k < 3; ++k) {
    const std::string link = "link" + std::to_string(k);
    scene["bodies"].push_back({{"name", link}, {"mass", 1}, {"shape", {{"type", "box"}, {"size", {0.02, 0.02, 0.1}}}}});
    scene["joints"].push_back({{"name", link + "_joint"}, {"type", "revolute"}, {"axis", {0, 1, 0}},
                               {"parent", k == 0 ? "world" : "link" + std::to_string(k - 1)}, {"child", link},
                               {"position", {0, 0, k == 0 ? 0.0 : -0.05}}, {"child_position", {0, 0, -0.05}},
                               {"q0", q0[k]}});
  }
  scene["constraints"] = {{{"name", "pin"}, {"type", "point"}, {"body_a", "world"}, {"position_a", "initial"},
                           {"body_b", "link2"}, {"position_b", {0, 0, -0.05}}}};
  const Model model = loadSceneFromString(scene.dump(), "pinned.json");
  Vector3 tip = Vector3::Zero();
  double angle = 0.0;
  for (double q : q0) {
    angle += q;
    tip += 0.1 * Vector3(-std::sin(angle), 0.0, -std::cos(angle));
  }
  EXPECT_LT((model.loops[0].E_aA.topRightCorner<3, 1>() - tip).norm(), 1e-14);
}

TEST(SceneLoader, FourBarStartsWithTheLoopClosed) {
  const Model model = loadScene(kSceneFolder + "/four_bar.json");
  std::vector<Matrix4> E_0i(model.bodyCount());
  for (int i = 0; i < model.bodyCount(); ++i) {
    const Joint& joint = model.joints[i];
    const Matrix4 E_0p = joint.parent < 0 ? Matrix4::Identity() : E_0i[joint.parent];
    E_0i[i] = E_0p * joint.E_pj * aboutY(model.q0[joint.qIndex]) * joint.E_jc;
  }
  ASSERT_EQ(model.loops.size(), 1u);
  const LoopConstraint& loop = model.loops[0];
  const Vector3 a = (E_0i[loop.bodyA] * loop.E_aA).topRightCorner<3, 1>();
  const Vector3 b = (E_0i[loop.bodyB] * loop.E_bB).topRightCorner<3, 1>();
  EXPECT_LT((a - b).norm(), 1e-14);
  EXPECT_GT(a.z(), 0.0);
  const int crank = model.findBody("crank");
  const Vector3 crankTip =
      E_0i[crank].topLeftCorner<3, 3>() * Vector3(0, 0, -0.05) + E_0i[crank].topRightCorner<3, 1>();
  // BENCHMARKS.md: the crank at 2.0 rad about +y from hanging straight down, R_y(2) (0, 0, -0.1).
  EXPECT_TRUE(crankTip.isApprox(Vector3(-0.1 * std::sin(2.0), 0.0, -0.1 * std::cos(2.0)), 1e-14));
}

}  // namespace
}  // namespace articulab
