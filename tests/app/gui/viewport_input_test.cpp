// Mouse control of the 3D view, driven through ImGui's input state without a window: ctrl +
// left drag on a body pulls it with a spring (State::perturbation), plain left drag orbits,
// and clicks outside the view (on the panels) do nothing.
#include <gtest/gtest.h>
#include <imgui.h>

#include <glm/glm.hpp>

#include "app/gui/viewport_input.hpp"
#include "render/renderer.hpp"

namespace articulab::gui {
namespace {

const ViewRegion kView{0.0f, 200.0f, 800.0f, 400.0f};  // window 1000 x 600, panels above and right

class ViewportInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1000.0f, 600.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    unsigned char* pixels;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    std::string error;
    ASSERT_TRUE(sim_.scenes().load(std::string(ARTICULAB_SOURCE_DIR) + "/scenes/chain.json", {{"n", 3.0}}, "", error)) << error;
    sim_.snapshot(snap_);
    glm::vec3 lo, hi;
    render::Renderer::sceneBounds(*snap_.model, snap_.state, lo, hi);
    camera_.frame(lo, hi);
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // One frame with the mouse at (x, y) and the left button and ctrl as given.
  void frame(ImVec2 mouse, bool left, bool ctrl = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = left;
    io.KeyCtrl = ctrl;
    ImGui::NewFrame();
    sim_.snapshot(snap_);
    input_.update(snap_, camera_, sim_, kView);
    ImGui::EndFrame();
  }

  // Where the centre of mass of body i appears in the window.
  ImVec2 onScreen(int body) const {
    Vector3 com = (snap_.state.E_0i[body] * snap_.model->bodies[body].com.homogeneous()).head<3>();
    glm::vec4 clip = camera_.projection(kView.width / kView.height) * camera_.view() *
                     glm::vec4(float(com.x()), float(com.y()), float(com.z()), 1.0f);
    return ImVec2(kView.x + (clip.x / clip.w + 1.0f) * 0.5f * kView.width,
                  kView.y + (1.0f - clip.y / clip.w) * 0.5f * kView.height);
  }

  Perturbation currentPull() {
    sim_.snapshot(snap_);
    return snap_.state.perturbation;
  }

  Session sim_;
  Snapshot snap_;
  render::Camera camera_;
  ViewportInput input_;
};

TEST_F(ViewportInputTest, CtrlDragOnABodyPullsItWithAMassScaledSpringUntilRelease) {
  ImVec2 body = onScreen(2);
  frame(body, false);
  frame(body, true, true);
  Perturbation pull = currentPull();
  ASSERT_EQ(pull.body, 2);
  EXPECT_TRUE(input_.pulling());
  EXPECT_DOUBLE_EQ(pull.stiffness, kPullStiffnessPerKg * snap_.model->bodies[2].mass);
  Vector3 grabbed = (snap_.state.E_0i[2] * pull.pointLocal.homogeneous()).head<3>();
  EXPECT_NEAR((pull.targetWorld - grabbed).norm(), 0.0, 1e-3) << "the target starts at the grabbed point";

  frame(ImVec2(body.x + 60.0f, body.y - 30.0f), true, true);
  Perturbation moved = currentPull();
  glm::vec3 forward = camera_.forward();
  Vector3 normal(forward.x, forward.y, forward.z);
  EXPECT_GT((moved.targetWorld - pull.targetWorld).norm(), 1e-3) << "the target follows the mouse";
  EXPECT_NEAR((moved.targetWorld - pull.targetWorld).dot(normal.normalized()), 0.0, 1e-6)
      << "on the plane through the grabbed point facing the camera";

  frame(ImVec2(body.x + 60.0f, body.y - 30.0f), false);
  EXPECT_EQ(currentPull().body, -1);
  EXPECT_FALSE(input_.pulling());
}

TEST_F(ViewportInputTest, LeftDragOrbitsWithoutPulling) {
  float yaw = camera_.yaw;
  frame(ImVec2(100.0f, 300.0f), false);
  frame(ImVec2(100.0f, 300.0f), true);
  frame(ImVec2(160.0f, 300.0f), true);
  frame(ImVec2(160.0f, 300.0f), false);
  EXPECT_NE(camera_.yaw, yaw);
  EXPECT_EQ(currentPull().body, -1);
}

TEST_F(ViewportInputTest, ClicksOutsideTheViewRegionAreIgnored) {
  float yaw = camera_.yaw;
  frame(ImVec2(900.0f, 100.0f), false);  // over the panels
  frame(ImVec2(900.0f, 100.0f), true, true);
  frame(ImVec2(950.0f, 120.0f), true);
  EXPECT_EQ(camera_.yaw, yaw);
  EXPECT_EQ(currentPull().body, -1);
}

}  // namespace
}  // namespace articulab::gui
