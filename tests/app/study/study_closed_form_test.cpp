// A study whose reference is the scenes' closed form ("reference": "closed-form"): on the spinning
// projectile redmax's rk4 (reduced coordinates: a parabola and a linear angle) is exact to
// rounding and baraff's (maximal coordinates, velocities in the turning body frame) converges with
// order 4; semi-implicit Euler converges with order 1 on the slide,
// and a study with a scene that declares none is refused at /reference, while a scene that does
// not load, or whose closed form does not hold, is left to its rows.
#include <gtest/gtest.h>

#include "app/study/power_fit.hpp"
#include "app/study/study_pool.hpp"
#include <fstream>

#include "engine/io/scene_error.hpp"
#include "study_test_util.hpp"

namespace articulab::study {
namespace {

std::vector<StudyRow> closedFormStudyRows(const std::string& name, const std::string& text) {
  const std::string dir = test::freshFolder(name);
  const Study study = readStudy(test::writeStudy(dir, text));
  const std::vector<StudyCase> cases = expandStudy(study);
  const StudyStore store(dir + "/results");
  const std::atomic<bool> stop{false};
  runStudyCases(study, cases, store, 2, stop);
  std::vector<std::string> ids;
  for (const StudyCase& c : cases) ids.push_back(c.id);
  EXPECT_FALSE(std::filesystem::exists(dir + "/results/references"))
      << "a closed form is not stored, and no empty references/ folder is made for it";
  return store.rows(ids);
}

std::string shippedScene(const std::string& file) { return "\"" + test::sourceDir() + "/scenes/" + file + "\""; }

TEST(StudyClosedForm, Rk4OnTheProjectileIsExactOrOfOrderFour) {
  const std::vector<StudyRow> rows = closedFormStudyRows("cf-projectile",
      "{\"scenes\": [" + shippedScene("projectile.json") + "], \"runs\": [\"redmax:rk4\", \"baraff:rk4\"], "
      "\"dt\": [0.01, 0.005], \"duration\": 1, \"output_times\": [0.5, 1], \"reference\": \"closed-form\"}");
  ASSERT_EQ(rows.size(), 4u);  // redmax at 0.01 and 0.005, then baraff
  for (const StudyRow& row : rows) {
    SCOPED_TRACE(row.run + " dt " + std::to_string(row.dt));
    ASSERT_EQ(row.status, "ok") << row.message;
    EXPECT_EQ(row.reference, "closed form (free-flight)");
    for (std::size_t k = 0; k < 2; ++k) EXPECT_LT(row.errorRotation[k], 1e-12);
  }
  for (std::size_t i = 0; i < 2; ++i) EXPECT_LT(rows[i].errorLargest(), 1e-12) << rows[i].run;
  EXPECT_LT(rows[2].errorLargest(), 1e-7);
  EXPECT_NEAR(fitPower({rows[2].dt, rows[3].dt}, {rows[2].errorPosition.back(), rows[3].errorPosition.back()}).exponent,
              4.0, 0.2);
}

TEST(StudyClosedForm, SemiImplicitEulerConvergesWithOrderOneOnTheSlide) {
  const std::vector<StudyRow> rows = closedFormStudyRows("cf-slide",
      "{\"scenes\": [" + shippedScene("box_slope_slide.json") + "], \"runs\": [\"baraff:semi-implicit\"], "
      "\"dt\": [0.004, 0.002, 0.001], \"duration\": 1, \"reference\": \"closed-form\", \"metrics\": [\"error\"]}");
  ASSERT_EQ(rows.size(), 3u);
  std::vector<double> dts, errors;
  for (const StudyRow& row : rows) {
    ASSERT_EQ(row.status, "ok") << row.message;
    EXPECT_EQ(row.reference, "closed form (slope-slide)");
    dts.push_back(row.dt);
    errors.push_back(row.errorPosition.back());
    // x_k - a t^2 / 2 = a h t / 2 (the scene's description), a = 1.024683036 m/s^2.
    EXPECT_NEAR(row.errorPosition.back(), 1.024683036 * row.dt / 2.0, 1e-6);
  }
  EXPECT_NEAR(fitPower(dts, errors).exponent, 1.0, 0.1);
}

TEST(StudyClosedForm, RefusedWhenAScenesHasNone) {
  const std::string dir = test::freshFolder("cf-none");
  const std::string path = test::writeStudy(dir,
      "{\"scenes\": [" + shippedScene("projectile.json") + ", " + shippedScene("double_pendulum.json") + "], \"runs\": [\"redmax:rk4\"], "
      "\"dt\": [0.01], \"duration\": 1, \"reference\": \"closed-form\"}");
  try {
    readStudy(path);
    ADD_FAILURE() << "accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.pointer(), "/reference");
    EXPECT_NE(e.message().find("double_pendulum.json"), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("/scenes/1"), std::string::npos) << e.message();
  }
}

// The study file's check reads a scene's "closed_form" without loading it; what does not load
// (a syntax error, a closed form that does not hold: the free body's spin is not steady) is not
// the study file's error but its rows'.
TEST(StudyClosedForm, ScenesThatDoNotLoadAreLeftToTheirRows) {
  const std::string dir = test::freshFolder("cf-unloadable");
  std::ofstream(dir + "/broken.json") << "{\"bodies\": [";
  std::ifstream in(test::sourceDir() + "/scenes/free_body.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.insert(text.find("\"gravity\""), "\"closed_form\": {\"solution\": \"free-flight\"}, ");
  std::ofstream(dir + "/unsteady.json") << text;
  const Study study = readStudy(test::writeStudy(dir,
      "{\"scenes\": [" + shippedScene("projectile.json") + ", \"broken.json\", \"unsteady.json\"], "
      "\"runs\": [\"redmax:rk4\"], \"dt\": [0.01], \"duration\": 1, \"reference\": \"closed-form\"}"));
  EXPECT_EQ(study.scenes.size(), 3u);
  EXPECT_TRUE(study.reference.closedForm);
}

}  // namespace
}  // namespace articulab::study
