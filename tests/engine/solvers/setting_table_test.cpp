// The back-ends' settings tables (engine/solvers/setting_table.hpp) and the one function that
// makes solver options (resolveSolverOptions): each value is checked once with its kind (a real
// in its range, a whole count, on/off, a choice by name or number) into the back-end's typed
// struct, refused with a text naming the setting, the back-end and what it takes.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "engine/io/scene_error.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_writer.hpp"
#include "engine/solvers/baraff/baraff_settings.hpp"
#include "engine/solvers/recursive/recursive_settings.hpp"
#include "engine/solvers/redmax/redmax_settings.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/solvers/variational_maximal/variational_maximal_settings.hpp"
#include "engine/solvers/variational_minimal/variational_minimal_settings.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

// The options of `backend` with `settings` ("NAME=VALUE") beside the scene's.
ResolvedOptions resolveOn(const char* backend, const std::vector<std::string>& settings,
                        const SimulationDefaults& scene = {}) {
  return resolveSolverOptions(*findBackend(backend), Integrator{}, scene, settings);
}

// The refusal of one assignment on `backend` ("" when it is taken).
std::string refusalOf(const char* backend, const std::string& setting) { return resolveOn(backend, {setting}).refusal; }

BaraffSettings baraffWith(const std::vector<std::string>& settings) {
  const ResolvedOptions resolved = resolveOn("baraff", settings);
  EXPECT_TRUE(resolved.ok()) << resolved.refusal;
  return baraffSettingTable().read(resolved.options.settings);
}

const SolverSetting& settingRow(const char* backend, const std::string& name) {
  const SettingList& list = findBackend(backend)->settings;
  return list.rows().at(static_cast<std::size_t>(list.find(name)));
}

// Each setting has its kind: a unit and a range for reals and counts, on/off, or named values.
TEST(SettingTable, EachSettingDeclaresItsKind) {
  EXPECT_EQ(settingRow("recursive", "gmres-tolerance").kind, SettingKind::Real);
  EXPECT_EQ(settingRow("recursive", "gmres-tolerance").unit, "relative");
  EXPECT_EQ(settingRow("redmax", "projection-iterations").kind, SettingKind::Count);
  EXPECT_EQ(settingRow("baraff", "friction-directions").kind, SettingKind::Count);
  EXPECT_EQ(settingRow("baraff", "sp-islands").kind, SettingKind::OnOff);
  const SolverSetting& activeSet = settingRow("baraff", "sp-active-set");
  ASSERT_EQ(activeSet.kind, SettingKind::Choice);
  ASSERT_EQ(activeSet.choices.size(), 3u);
  EXPECT_EQ(choiceToken(activeSet.choices[2].name), "newton");
  EXPECT_EQ(activeSet.unit, "0 plain | 1 settled | 2 newton");
  EXPECT_EQ(settingRow("variational-maximal", "linear-solver").unit, "0 block LDU | 1 dense LU");
  EXPECT_EQ(settingRow("variational-minimal", "solver").kind, SettingKind::Choice);
  for (const BackendInfo& backend : backends())
    for (const SolverSetting& setting : backend.settings) {
      EXPECT_LE(setting.min, setting.defaultValue) << backend.name << " " << setting.name;
      EXPECT_GE(setting.max, setting.defaultValue) << backend.name << " " << setting.name;
    }
}

// The listing's defaults are the typed structs' member initialisers, and default options read
// them back.
TEST(SettingTable, DefaultsAreTheStructsInitialisers) {
  const BaraffSettings defaults = baraffSettingTable().read(BackendSettings{});
  EXPECT_EQ(defaults.projectionIterations, 30);
  EXPECT_EQ(defaults.contact.frictionDirections, 4);
  EXPECT_TRUE(defaults.contact.staggered.islands);
  EXPECT_EQ(defaults.contact.staggered.activeSetStep, contact::kSpActiveSetSettled);
  EXPECT_EQ(settingRow("baraff", "projection-iterations").defaultValue, 30.0);
  EXPECT_EQ(settingRow("baraff", "sp-islands").defaultValue, 1.0);
  EXPECT_EQ(settingRow("recursive", "gmres-tolerance").defaultValue, ImplicitVelocity::defaultTolerance);
  EXPECT_EQ(settingRow("variational-minimal", "newton-tolerance").defaultValue, VariationalMinimalSettings::kTolerance);
  EXPECT_EQ(recursiveSettingTable().read(BackendSettings{}).jointFriction.maxIterations,
            contact::BispSettings{}.maxIterations);
}

// A choice is given by its name (in any case, '-' for a space) or by its number.
TEST(SettingTable, ChoicesTakeTheirNamesAndNumbers) {
  EXPECT_EQ(baraffWith({"sp-active-set=newton"}).contact.staggered.activeSetStep, contact::kSpActiveSetNewton);
  EXPECT_EQ(baraffWith({"sp-active-set=2"}).contact.staggered.activeSetStep, contact::kSpActiveSetNewton);
  EXPECT_EQ(baraffWith({"sp-active-set=Plain"}).contact.staggered.activeSetStep, contact::kSpActiveSetOff);
  const ResolvedOptions dense = resolveOn("variational-maximal", {"linear-solver=dense-lu"});
  ASSERT_TRUE(dense.ok()) << dense.refusal;
  EXPECT_EQ(variationalMaximalSettingTable().read(dense.options.settings).linearSolver,
            VariationalMaximalSettings::kDenseLu);
  const ResolvedOptions spaced = resolveOn("variational-maximal", {"linear-solver=dense LU"});
  EXPECT_TRUE(spaced.ok()) << spaced.refusal;
  EXPECT_EQ(refusalOf("baraff", "sp-active-set=fast"),
            "setting 'sp-active-set' of back-end 'baraff' takes one of: plain, settled, newton (or their numbers: "
            "0 plain | 1 settled | 2 newton); got 'fast'");
  EXPECT_EQ(refusalOf("baraff", "sp-active-set=3"),
            "setting 'sp-active-set' of back-end 'baraff' must be in [0, 2] (0 plain | 1 settled | 2 newton); got 3");
  EXPECT_EQ(refusalOf("baraff", "sp-active-set=1.5"),
            "setting 'sp-active-set' of back-end 'baraff' takes a whole number (0 plain | 1 settled | 2 newton); "
            "got 1.5");
}

// An on/off switch takes on, off, 1 and 0.
TEST(SettingTable, SwitchesTakeOnOffAndOneZero) {
  EXPECT_FALSE(baraffWith({"sp-islands=off"}).contact.staggered.islands);
  EXPECT_FALSE(baraffWith({"sp-islands=0"}).contact.staggered.islands);
  EXPECT_TRUE(baraffWith({"sp-islands=0", "sp-islands=ON"}).contact.staggered.islands);  // the later one holds
  EXPECT_TRUE(baraffWith({"sp-islands=1"}).contact.staggered.islands);
  EXPECT_EQ(refusalOf("baraff", "sp-islands=maybe"),
            "setting 'sp-islands' of back-end 'baraff' takes on or off (or 1 or 0); got 'maybe'");
  EXPECT_EQ(refusalOf("baraff", "sp-islands=2"),
            "setting 'sp-islands' of back-end 'baraff' must be in [0, 1] (on/off); got 2");
}

// Reals and counts: their range, whole numbers for counts, numbers only; the texts users see.
TEST(SettingTable, NumbersAreCheckedAgainstTheirRangeAndKind) {
  const ResolvedOptions tolerance = resolveOn("recursive", {"gmres-tolerance=1e-8", "gmres-iterations=7"});
  ASSERT_TRUE(tolerance.ok()) << tolerance.refusal;
  const RecursiveSettings typed = recursiveSettingTable().read(tolerance.options.settings);
  EXPECT_EQ(typed.gmresTolerance, 1e-8);
  EXPECT_EQ(typed.gmresIterations, 7);
  EXPECT_EQ(refusalOf("recursive", "gmres-tolerance=1"),
            "setting 'gmres-tolerance' of back-end 'recursive' must be in [1e-14, 0.0001] (relative); got 1");
  EXPECT_EQ(refusalOf("redmax", "projection-iterations=0"),
            "setting 'projection-iterations' of back-end 'redmax' must be in [1, 1000] (iterations); got 0");
  EXPECT_EQ(refusalOf("baraff", "projection-iterations=2.5"),
            "setting 'projection-iterations' of back-end 'baraff' takes a whole number (iterations); got 2.5");
  EXPECT_EQ(refusalOf("baraff", "projection-iterations=many"),
            "setting 'projection-iterations' of back-end 'baraff': expected a number (iterations), got 'many'");
  EXPECT_EQ(refusalOf("redmax", "gmres-tolerance=1e-8"),
            "back-end 'redmax' has no setting 'gmres-tolerance'; its settings: projection-iterations, "
            "projection-tolerance, projection-failure, joint-friction-tolerance, joint-friction-iterations, "
            "joint-friction-regularisation, friction-directions, sp-tolerance, sp-iterations, sp-regularisation, "
            "sp-islands, sp-active-set");
  EXPECT_EQ(refusalOf("redmax", "projection-iterations"), "expected NAME=VALUE, got 'projection-iterations'");
}

// The scene's settings of the back-end come first, an assignment replaces one of them; the scene's
// drift control is checked by name.
TEST(SettingTable, AssignmentsReplaceTheScenesValues) {
  SimulationDefaults scene;
  scene.solverSettings = {{"baraff", "sp-active-set", 0.0, "newton"},
                          {"redmax", "projection-iterations", 3.0, ""},
                          {"baraff", "projection-iterations", 12.0, ""}};
  const ResolvedOptions sceneOnly = resolveOn("baraff", {}, scene);
  ASSERT_TRUE(sceneOnly.ok()) << sceneOnly.refusal;
  const BaraffSettings a = baraffSettingTable().read(sceneOnly.options.settings);
  EXPECT_EQ(a.contact.staggered.activeSetStep, contact::kSpActiveSetNewton);
  EXPECT_EQ(a.projectionIterations, 12);
  const ResolvedOptions replaced = resolveOn("baraff", {"projection-iterations=5"}, scene);
  EXPECT_EQ(baraffSettingTable().read(replaced.options.settings).projectionIterations, 5);
  ASSERT_EQ(replaced.options.settings.given().size(), 2u);
  scene.driftControl = "baumgarte";
  scene.baumgarteAlpha = 3.0;
  EXPECT_EQ(resolveOn("redmax", {}, scene).options.driftControl, DriftControl::Baumgarte);
  EXPECT_EQ(resolveOn("redmax", {}, scene).options.baumgarteAlpha, 3.0);
  scene.driftControl = "projection";
  EXPECT_EQ(resolveOn("redmax", {}, scene).refusal,
            "unknown drift control \"projection\"; expected one of: none, baumgarte, post-stabilization");
}

// Options checked for one back-end are refused by another's factory and support check; default
// options serve every back-end.
TEST(SettingTable, SettingsOfAnotherBackEndAreRefused) {
  const Model model = loadScene(test::kScenes + "chain.json", {{"n", 3}});
  const ResolvedOptions baraff = resolveOn("baraff", {"projection-iterations=5"});
  ASSERT_TRUE(baraff.ok());
  EXPECT_THROW(findBackend("redmax")->create(model, baraff.options), std::invalid_argument);
  EXPECT_FALSE(findBackend("redmax")->supports(model, baraff.options).ok);
  EXPECT_NO_THROW(findBackend("baraff")->create(model, baraff.options));
  const ResolvedOptions none = resolveOn("baraff", {});
  EXPECT_NO_THROW(findBackend("redmax")->create(model, none.options));
}

// A value reads back exactly from its shortest text (how the app and tests pass numbers).
TEST(SettingTable, ExactNumberTextReadsBackExactly) {
  for (double value : {1e-8, 0.1, 1.0 / 3.0, 1e-13, 30.0, 4.9e-324, 1e300}) {
    SettingValue parsed;
    ASSERT_TRUE(parseSettingAssignment("b", "x=" + exactNumberText(value), parsed));
    EXPECT_EQ(parsed.value, value) << exactNumberText(value);
    EXPECT_TRUE(parsed.word.empty());
  }
  EXPECT_EQ(settingValueFromText("b", "x", "newton").word, "newton");
  EXPECT_EQ(settingValueFromText("b", "x", "2").value, 2.0);
}

// A scene gives a choice or a switch by name (or true / false); validateSceneChoices checks it
// with the file and field, the writer keeps it as the scene gave it.
TEST(SettingTable, SceneSettingsByNameLoadCheckAndSave) {
  const std::string text = R"({"name": "s",
    "bodies": [{"name": "a", "mass": 1.0, "shape": {"type": "sphere", "radius": 0.1}}],
    "joints": [{"name": "j", "type": "revolute", "parent": "world", "child": "a", "axis": [0, 1, 0]}],
    "simulation": {"backend": "baraff",
                   "solver_settings": {"baraff": {"sp-active-set": "newton", "sp-islands": false}}}})";
  const Model model = loadSceneFromString(text, "words.json");
  ASSERT_EQ(model.defaults.solverSettings.size(), 2u);
  EXPECT_NO_THROW(validateSceneChoices(model, true, true));
  const SolverOptions options = sceneSolverOptions(*findBackend("baraff"), model);
  const BaraffSettings typed = baraffSettingTable().read(options.settings);
  EXPECT_EQ(typed.contact.staggered.activeSetStep, contact::kSpActiveSetNewton);
  EXPECT_FALSE(typed.contact.staggered.islands);
  const WrittenScene written = writeScene(model);
  ASSERT_EQ(written.error, "");
  const Model again = loadSceneFromString(written.text, "again.json");
  ASSERT_EQ(again.defaults.solverSettings.size(), 2u);
  for (const SettingValue& value : again.defaults.solverSettings) EXPECT_FALSE(value.word.empty()) << value.name;

  Model bad = model;
  bad.defaults.solverSettings[0].word = "fast";
  try {
    validateSceneChoices(bad, true, true);
    ADD_FAILURE() << "accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.pointer(), "/simulation/solver_settings/baraff/" + bad.defaults.solverSettings[0].name);
    EXPECT_NE(e.message().find("takes"), std::string::npos) << e.message();
  }
}

// --setting takes a choice's name; the run's summary prints it by name.
TEST(SettingTable, CommandLineTakesChoiceNames) {
  std::ostringstream out, err;
  const int code = cli::runCommand({test::kScenes + "falling_chain.json", "--duration", "0.01", "--setting",
                                    "sp-active-set=newton", "--setting", "sp-islands=off"},
                                   out, err);
  ASSERT_EQ(code, 0) << err.str();
  EXPECT_NE(out.str().find("sp-active-set newton, sp-islands off"), std::string::npos) << out.str();
  try {
    cli::runCommand({test::kScenes + "falling_chain.json", "--setting", "sp-active-set=fast"}, out, err);
    ADD_FAILURE() << "accepted";
  } catch (const cli::UsageError& e) {
    const std::string expected = "--setting: setting 'sp-active-set' of back-end 'baraff' takes one of";
    EXPECT_EQ(std::string(e.what()).rfind(expected, 0), 0u)
        << e.what();
  }
}

}  // namespace
}  // namespace articulab
