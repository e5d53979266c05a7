// A scene's closed form (engine/diagnostics/closed_form.hpp): its poses against values worked out
// by hand, against a run of the scene (agreement to the integrator's error: rounding for rk4 in
// reduced coordinates on a parabola and a linear angle, a h t / 2 for semi-implicit Euler on the
// slide), and the loader's refusals of a
// closed form that does not hold, by the field's pointer.
#include "engine/diagnostics/closed_form.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include "engine/io/scene_loader.hpp"
#include "engine/io/scene_closed_form.hpp"
#include "engine/run/run.hpp"
#include "engine/spatial/so3.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

std::string closedFormSceneText(const std::string& file) {
  std::ifstream in(test::kScenes + file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The scene's text with "closed_form" replaced (or added after "gravity").
std::string withClosedForm(const std::string& file, const std::string& closedForm) {
  std::string text = closedFormSceneText(file);
  const std::size_t at = text.find("\"gravity\"");
  return text.insert(at, "\"closed_form\": " + closedForm + ", ");
}

SceneError closedFormRefusal(const std::string& text) {
  try {
    loadSceneFromString(text, "test.json");
  } catch (const SceneError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted";
  return SceneError("", "", "");
}

// The largest distance between the bodies' positions and the angle between their rotations.
std::pair<double, double> closedFormDifference(const std::vector<Matrix4>& a, const std::vector<Matrix4>& b) {
  double position = 0.0, rotation = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    position = std::max(position, (a[i].topRightCorner<3, 1>() - b[i].topRightCorner<3, 1>()).norm());
    rotation = std::max(rotation, so3::log(a[i].topLeftCorner<3, 3>().transpose() * b[i].topLeftCorner<3, 3>()).norm());
  }
  return {position, rotation};
}

// The poses after running the scene to t on the back-end and integrator at step dt.
std::vector<Matrix4> posesOfARun(const Model& model, const std::string& backend, const std::string& integrator, double dt,
                              double t) {
  RunRequest request;
  request.backend = backend;
  request.requireIntegrator(integrator);
  request.dt = dt;
  request.duration = t;
  Run run(std::make_shared<const Model>(model), request);
  run.advance(std::lround(t / dt));
  EXPECT_FALSE(run.failed()) << run.failure();
  return run.state().E_0i;
}

TEST(ClosedForm, SlopeSlideMatchesTheHandValues) {
  ASSERT_EQ(loadScene(test::kScenes + "box_slope_slide.json").closedForm, "slope-slide");
  const ClosedForm closedForm(loadScene(test::kScenes + "box_slope_slide.json"), "slope-slide");
  // a = g (sin theta - mu cos theta) = 1.024683036 m/s^2 along +x from x = 0, z = 0.05 m.
  const std::vector<Matrix4> at1 = closedForm.poses(1.0);
  ASSERT_EQ(at1.size(), 1u);
  EXPECT_NEAR(at1[0](0, 3), 0.5 * 1.024683036, 1e-9);
  EXPECT_NEAR(at1[0](1, 3), 0.0, 1e-15);
  EXPECT_NEAR(at1[0](2, 3), 0.05, 1e-15);
  EXPECT_TRUE((at1[0].topLeftCorner<3, 3>().isIdentity(1e-15)));
  // mu = 0.5 > tan(theta): the box sticks.
  const std::vector<Matrix4> stuck = ClosedForm(loadScene(test::kScenes + "box_slope_stick.json"), "slope-slide").poses(1.0);
  EXPECT_NEAR(stuck[0](0, 3), 0.0, 1e-15);
  EXPECT_NEAR(stuck[0](2, 3), 0.05, 1e-15);
}

TEST(ClosedForm, FreeFlightMatchesTheHandValues) {
  ASSERT_EQ(loadScene(test::kScenes + "projectile.json").closedForm, "free-flight");
  const ClosedForm closedForm(loadScene(test::kScenes + "projectile.json"), "free-flight");
  EXPECT_EQ(closedForm.solution(), "free-flight");
  // x = 2 t, z = 1 + 5 t - 4.905 t^2, rotation 3 t about z.
  const std::vector<Matrix4> at = closedForm.poses(0.5);
  EXPECT_NEAR(at[0](0, 3), 1.0, 1e-14);
  EXPECT_NEAR(at[0](1, 3), 0.0, 1e-14);
  EXPECT_NEAR(at[0](2, 3), 1.0 + 2.5 - 4.905 * 0.25, 1e-14);
  const Matrix3 R = at[0].topLeftCorner<3, 3>();
  EXPECT_NEAR(R(0, 0), std::cos(1.5), 1e-14);
  EXPECT_NEAR(R(1, 0), std::sin(1.5), 1e-14);
  EXPECT_NEAR(R(2, 2), 1.0, 1e-14);
}

// rk4 in reduced coordinates integrates a parabola and a constant spin exactly: the difference
// is rounding. (baraff's maximal coordinates turn the velocity with the body: order 4, tested by
// the study tests.)
TEST(ClosedForm, FreeFlightAgreesWithRk4ToRounding) {
  const Model model = loadScene(test::kScenes + "projectile.json");
  const ClosedForm closedForm(model, "free-flight");
  for (const char* backend : {"redmax", "recursive"}) {
    SCOPED_TRACE(backend);
    const auto [position, rotation] = closedFormDifference(posesOfARun(model, backend, "rk4", 0.01, 1.0), closedForm.poses(1.0));
    EXPECT_LT(position, 1e-12);
    EXPECT_LT(rotation, 1e-12);
  }
}

// Semi-implicit Euler on the slide: v_k = a t_k exactly, x_k = a h^2 k (k + 1) / 2, which is the
// closed form plus a h t / 2.
TEST(ClosedForm, SlopeSlideAgreesWithSemiImplicitEulerToItsError) {
  const Model model = loadScene(test::kScenes + "box_slope_slide.json");
  const ClosedForm closedForm(model, "slope-slide");
  const double a = 1.024683036, h = 0.001, t = 1.0;
  for (const char* backend : {"baraff", "redmax", "recursive"}) {
    SCOPED_TRACE(backend);
    const std::vector<Matrix4> ran = posesOfARun(model, backend, "semi-implicit", h, t), exact = closedForm.poses(t);
    EXPECT_NEAR(ran[0](0, 3) - exact[0](0, 3), a * h * t / 2.0, 1e-6);
    EXPECT_NEAR(ran[0](2, 3), exact[0](2, 3), 1e-6);
    EXPECT_LT(closedFormDifference(ran, exact).second, 1e-6);
  }
}

// Oracle: the model copied with the other start as its q0, qd0 (what a scene saved mid-run
// loads as): the same poses bitwise, and the same refusal of a slide that has begun.
TEST(ClosedForm, FromAnotherStartIsTheModelStartingThere) {
  for (const auto& [file, solution] : {std::pair{"projectile.json", "free-flight"}, std::pair{"box_slope_slide.json", "slope-slide"}}) {
    SCOPED_TRACE(file);
    const auto model = std::make_shared<const Model>(loadScene(test::kScenes + file));
    articulab::Run run(model);
    run.advance(300);
    ASSERT_FALSE(run.failed()) << run.failure();
    Model moved = *model;
    moved.q0 = run.state().q;
    moved.qd0 = run.state().qd;
    if (std::string(solution) == "slope-slide") {
      EXPECT_THROW(ClosedForm(moved, solution), ClosedFormError);
      EXPECT_THROW(ClosedForm(*model, solution, moved.q0, moved.qd0), ClosedFormError);
      continue;
    }
    const ClosedForm fromMoved(moved, solution), fromState(*model, solution, moved.q0, moved.qd0);
    for (double t : {0.0, 0.5, 1.0}) EXPECT_EQ(fromMoved.poses(t), fromState.poses(t)) << "t = " << t;
    EXPECT_EQ(fromMoved.summary(), fromState.summary());
  }
}

TEST(ClosedForm, LoaderRefusesOneThatDoesNotHoldByItsPointer) {
  // A name that is not a solution.
  std::string misspelt = closedFormSceneText("projectile.json");
  misspelt.replace(misspelt.find("\"free-flight\"}"), 13, "\"free-fligth\"");
  SceneError e = closedFormRefusal(misspelt);
  EXPECT_EQ(e.pointer(), "/closed_form/solution");
  EXPECT_NE(e.message().find("free-flight"), std::string::npos) << e.message();
  // The pendulum is no free body (and its small-angle solution is not exact: not offered).
  e = closedFormRefusal(withClosedForm("single_pendulum.json", "{\"solution\": \"free-flight\"}"));
  EXPECT_EQ(e.pointer(), "/closed_form/solution");
  EXPECT_NE(e.message().find("free3d"), std::string::npos) << e.message();
  // The free body spins near, not about, its intermediate axis: not a steady spin.
  e = closedFormRefusal(withClosedForm("free_body.json", "{\"solution\": \"free-flight\"}"));
  EXPECT_NE(e.message().find("principal axis"), std::string::npos) << e.message();
  // A slide needs the ground.
  e = closedFormRefusal(withClosedForm("free_body.json", "{\"solution\": \"slope-slide\"}"));
  EXPECT_NE(e.message().find("ground contact"), std::string::npos) << e.message();
  // Fields: "solution" only.
  EXPECT_EQ(closedFormRefusal(withClosedForm("free_body.json", "{\"solution\": \"free-flight\", \"mu\": 1}")).pointer(),
            "/closed_form/mu");
}

TEST(ClosedForm, OnlyTheScenesThatDeclareOneHaveIt) {
  EXPECT_EQ(loadScene(test::kScenes + "double_pendulum.json").closedForm, "");
  EXPECT_EQ(loadScene(test::kScenes + "box_slope_stick.json").closedForm, "slope-slide");
  EXPECT_THROW(ClosedForm(loadScene(test::kScenes + "double_pendulum.json"), "free-flight"), ClosedFormError);
}

}  // namespace
}  // namespace articulab
