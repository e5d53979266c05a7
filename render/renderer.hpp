// The 3D view: lit bodies with shadows, the ground grid and overlays, plus picking and
// screenshots. Reads the model and state, never changes them. Needs a current OpenGL 3.3 core
// context (GLFW) for init, draw, saveScreenshot and shutdown; pick and sceneBounds are CPU only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "engine/multibody/state.hpp"
#include "render/camera.hpp"
#include "render/overlays.hpp"
#include "render/picking.hpp"

namespace articulab::render {

// Another run of the same model drawn over the main one (a comparison run): its bodies as
// translucent shapes in its colour, outlined.
struct Ghost {
  const State* state = nullptr;
  glm::vec3 colour{0.58f, 0.40f, 0.74f};
};

class Renderer {
 public:
  Renderer();
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Loads the GL functions (glad), the shaders from shaderDir and the meshes from assetDir;
  // false and an error naming the file on failure (shader errors carry the compiler log).
  bool init(const std::string& shaderDir, const std::string& assetDir, std::string& error);
  // Draws one frame into the default framebuffer, viewport width x height pixels; each ghost
  // (a comparison run of the same model) is drawn translucent and outlined over the bodies.
  void draw(const Model& model, const State& state, const Camera& camera, const Overlays& overlays, int width,
            int height, const std::vector<Eigen::Vector3d>& contactPoints = {}, const std::vector<Ghost>& ghosts = {});
  // Height of the drawn floor and grid (default 0, the physical ground); shadows fall on it.
  void setFloorHeight(float z);
  // Shadows as the bodies flattened onto the floor (planar shadows: no shadow map, bodies do not
  // shadow each other) instead of the shadow map; for software OpenGL, where the shadow map's
  // lookups cost most of a frame.
  void setPlanarShadows(bool planar);
  // Body under the view point (ndcX, ndcY) in [-1, 1]^2, y up; aspect = width / height.
  PickResult pick(const Model& model, const State& state, const Camera& camera, float ndcX, float ndcY,
                  float aspect) const;
  // World-space bounds of the scene for Camera::frame (a unit box when there are no bodies).
  static void sceneBounds(const Model& model, const State& state, glm::vec3& lo, glm::vec3& hi);
  // sceneBounds grown by the guide lines of general joints (what the bodies move along) and, with
  // ground contact, down to the ground: the initial camera framing of a scene.
  static void framingBounds(const Model& model, const State& state, glm::vec3& lo, glm::vec3& hi);
  // Writes the back buffer (call after draw, before swapping) as a PNG.
  bool saveScreenshot(const std::string& pngPath, int width, int height, std::string& error) const;
  // Frees the GL objects; call while the context is still current.
  void shutdown();

 private:
  struct Resources;
  std::unique_ptr<Resources> gpu_;
};

}  // namespace articulab::render
