#include "render/renderer.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "engine/forces/force_drawing.hpp"
#include "engine/forces/muscle_readings.hpp"
#include "render/eigen_glm.hpp"
#include "render/ground.hpp"
#include "render/line_batch.hpp"
#include "render/mesh_library.hpp"
#include "render/muscle_drawing.hpp"
#include "render/overlay_geometry.hpp"
#include "render/screenshot.hpp"
#include "render/shader_program.hpp"
#include "render/shadow_map.hpp"
#include "render/shape_extents.hpp"

namespace articulab::render {

namespace {

constexpr int kShadowMapSize = 1024;  // fitted to the scene each frame; 2048 cost llvmpipe 4x the depth pass
constexpr double kMinSceneExtent = 0.05;  // m, per axis
constexpr int kShadowTextureUnit = 0;
const glm::vec3 kTowardLight = glm::normalize(glm::vec3(0.3f, 0.45f, 1.0f));
const glm::vec3 kBackground{0.74f, 0.79f, 0.85f};
const glm::vec3 kBodyPalette[] = {{0.86f, 0.47f, 0.36f}, {0.36f, 0.60f, 0.86f}, {0.48f, 0.76f, 0.46f},
                                  {0.92f, 0.76f, 0.36f}, {0.66f, 0.52f, 0.82f}, {0.40f, 0.76f, 0.76f},
                                  {0.86f, 0.56f, 0.70f}, {0.62f, 0.62f, 0.60f}};

// One mesh to draw: its world matrix and display colour.
struct DrawItem {
  const GpuMesh* mesh;
  glm::mat4 world;
  glm::vec3 color;
  const GpuMesh* shadowMesh = nullptr;  // drawn instead of mesh in the shadow pass when set
};

glm::vec3 bodyColor(int body, bool pulled) {
  const glm::vec3 base = kBodyPalette[body % static_cast<int>(std::size(kBodyPalette))];
  return pulled ? glm::mix(base, glm::vec3(1.0f), 0.35f) : base;
}

glm::mat3 normalMatrix(const glm::mat4& world) { return glm::transpose(glm::inverse(glm::mat3(world))); }

// Width of the light's orthographic view, from the first row of the projection.
float lightViewWidth(const glm::mat4& lightViewProjection) {
  const glm::vec3 row(lightViewProjection[0][0], lightViewProjection[1][0], lightViewProjection[2][0]);
  return 2.0f / glm::length(row);
}

// Spacing of the major grid lines: the power of ten just below the scene diameter.
float majorGridSpacing(float diameter) { return std::pow(10.0f, std::floor(std::log10(std::max(diameter, 1e-3f)))); }

// Distances from the eye where the fog starts and where it hides everything.
float fogStart(const Camera& camera, float sceneRadius) { return camera.distance + 6.0f * sceneRadius; }
float fogEnd(const Camera& camera, float sceneRadius) { return 2.0f * camera.distance + 30.0f * sceneRadius; }

// The ground geometry is built on z = 0: the eye is given relative to the floor.
GroundView groundView(const Camera& camera, const glm::vec3& lo, const glm::vec3& hi, int height, float floorZ) {
  const float diameter = glm::length(hi - lo);
  GroundView view;
  view.eye = camera.eye() - glm::vec3(0.0f, 0.0f, floorZ);
  view.pixelAngle = 2.0f * std::tan(glm::radians(camera.fovYDeg) * 0.5f) / static_cast<float>(height);
  view.majorSpacing = majorGridSpacing(diameter);
  view.fogStart = fogStart(camera, 0.5f * diameter);
  view.fogEnd = fogEnd(camera, 0.5f * diameter);
  return view;
}

}  // namespace

struct Renderer::Resources {
  ShaderProgram litShadowed, litPlain, groundShadowed, groundPlain, depth, line, floorShadow;
  ShaderProgram* lit = &litPlain;  // the lit program of the current pass
  MeshLibrary meshes;
  Ground ground;
  ShadowMap shadow;
  LineBatch lines;
  std::vector<DrawItem> items;
  std::vector<MeshPart> parts;
  MuscleDrawing muscles;  // rebuilt each frame in the same storage
  float floorZ = 0.0f;
  bool planarShadows = false;  // floor shadows by projection instead of the shadow map
  // What the shadow map holds: the light and the casters' matrices it was drawn with.
  glm::mat4 shadowLight{0.0f};
  std::vector<glm::mat4> shadowCasters;

  // True when the shadow map was drawn for other poses or another light.
  bool shadowStale(const glm::mat4& lightViewProjection) const;

  bool load(const std::string& shaderDir, const std::string& assetDir, std::string& error);
  void collectBodies(const Model& model, const State& state);
  // Appends the muscle tubes and their joins to the items (lit, shadowed, hidden by the bodies
  // in front of them, like the bodies); the dots at their path points go with the overlays.
  void collectMuscles(const Model& model, const State& state, MuscleColouring colouring, const ViewScale& view);
  void shadowPass(const glm::mat4& lightViewProjection);
  void useLit(bool shadows, const Camera& camera, const glm::mat4& viewProjection,
              const glm::mat4& lightViewProjection, float sceneRadius);
  void drawItem(const DrawItem& item);
  // A comparison run's bodies over the scene: blended at kGhostAlpha in its colour, tested
  // against the depth of what is drawn but not writing it, back faces culled (each body once).
  void drawGhost(const Model& model, const State& ghost, const glm::vec3& colour);
  void setShadowUniforms(ShaderProgram& program, const glm::mat4& lightViewProjection);
  void drawGround(bool shadows, const GroundView& view, const glm::mat4& viewProjection,
                  const glm::mat4& lightViewProjection, const glm::vec2& ndcPerPixel);
  void drawFloorShadows(const glm::mat4& viewProjection);
  void drawOverlays(const OverlayGeometry& geometry, const Camera& camera, const glm::mat4& viewProjection,
                    float sceneRadius);
  void release();
};

bool Renderer::Resources::load(const std::string& shaderDir, const std::string& assetDir, std::string& error) {
  const std::string s = shaderDir + "/";
  const std::vector<std::string> shadowLibrary{s + "shadow.glsl"};
  if (!litShadowed.load(s + "lit.vert", s + "lit.frag", error, {"SHADOWS"}, shadowLibrary) ||
      !litPlain.load(s + "lit.vert", s + "lit.frag", error, {}, shadowLibrary) ||
      !groundShadowed.load(s + "ground.vert", s + "ground.frag", error, {"SHADOWS"}, shadowLibrary) ||
      !groundPlain.load(s + "ground.vert", s + "ground.frag", error) ||
      !depth.load(s + "depth.vert", s + "depth.frag", error) || !line.load(s + "line.vert", s + "line.frag", error) ||
      !floorShadow.load(s + "floor_shadow.vert", s + "floor_shadow.frag", error))
    return false;
  if (!meshes.load(assetDir, error) || !shadow.create(kShadowMapSize, error)) return false;
  ground.create();
  lines.create();
  return true;
}

void Renderer::Resources::collectBodies(const Model& model, const State& state) {
  items.clear();
  meshes.trimGenerated();
  const int n = std::min<int>(model.bodyCount(), static_cast<int>(state.E_0i.size()));
  for (int i = 0; i < n; ++i) {
    const glm::vec3 color = bodyColor(i, state.perturbation.body == i);
    for (const BodyShape& shape : model.bodies[i].shapes) {
      if (!shapeIsDrawn(shape)) continue;
      parts.clear();
      meshes.appendParts(shape.dims, parts);
      const glm::mat4 shapeWorld = toGlm(Matrix4(state.E_0i[i] * shape.E_bs));
      for (const MeshPart& part : parts)
        items.push_back({part.mesh, shapeWorld * part.transform, color, part.shadowMesh});
    }
  }
}

namespace {

// A tube is the unit cylinder (radius 1, length 1 along z, centred) scaled to the segment and
// turned so that its z axis runs from a to b.
glm::mat4 muscleTubeTransform(const MuscleTube& tube) {
  const glm::vec3 along = tube.b - tube.a;
  const float length = glm::length(along);
  const glm::vec3 z = length > 0.0f ? along / length : glm::vec3(0.0f, 0.0f, 1.0f);
  const glm::vec3 helper = std::abs(z.z) < 0.9f ? glm::vec3(0.0f, 0.0f, 1.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
  const glm::vec3 x = glm::normalize(glm::cross(helper, z)), y = glm::cross(z, x);
  glm::mat4 world(1.0f);
  world[0] = glm::vec4(x * tube.radius, 0.0f);
  world[1] = glm::vec4(y * tube.radius, 0.0f);
  world[2] = glm::vec4(z * length, 0.0f);
  world[3] = glm::vec4(0.5f * (tube.a + tube.b), 1.0f);
  return world;
}

}  // namespace

void Renderer::Resources::collectMuscles(const Model& model, const State& state, MuscleColouring colouring,
                                         const ViewScale& view) {
  buildMuscleDrawing(model, state, colouring, view, muscles);
  for (const MuscleTube& tube : muscles.tubes) items.push_back({&meshes.cylinder(), muscleTubeTransform(tube), tube.colour});
  for (const Marker& joint : muscles.joints)
    items.push_back({&meshes.sphere(), glm::scale(glm::translate(glm::mat4(1.0f), joint.centre), glm::vec3(joint.radius)),
                     joint.color});
}

bool Renderer::Resources::shadowStale(const glm::mat4& lightViewProjection) const {
  if (lightViewProjection != shadowLight || items.size() != shadowCasters.size()) return true;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].world != shadowCasters[i]) return true;
  return false;
}

// A paused scene keeps its shadow map: the pass runs only when a pose or the light changed.
void Renderer::Resources::shadowPass(const glm::mat4& lightViewProjection) {
  if (!shadowStale(lightViewProjection)) return;
  shadowLight = lightViewProjection;
  shadowCasters.clear();
  for (const DrawItem& item : items) shadowCasters.push_back(item.world);
  shadow.beginDepthPass();
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.5f, 2.0f);
  depth.use();
  depth.set("uLightViewProjection", lightViewProjection);
  for (const DrawItem& item : items) {
    depth.set("uModel", item.world);
    (item.shadowMesh ? item.shadowMesh : item.mesh)->draw();
  }
  glDisable(GL_POLYGON_OFFSET_FILL);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void Renderer::Resources::useLit(bool shadows, const Camera& camera, const glm::mat4& viewProjection,
                                 const glm::mat4& lightViewProjection, float sceneRadius) {
  lit = shadows ? &litShadowed : &litPlain;
  lit->use();
  lit->set("uViewProjection", viewProjection);
  lit->set("uEye", camera.eye());
  lit->set("uTowardLight", kTowardLight);
  lit->set("uFogColor", kBackground);
  lit->set("uFogStart", fogStart(camera, sceneRadius));
  lit->set("uFogEnd", fogEnd(camera, sceneRadius));
  lit->set("uAlpha", 1.0f);
  setShadowUniforms(*lit, lightViewProjection);
}

void Renderer::Resources::setShadowUniforms(ShaderProgram& program, const glm::mat4& lightViewProjection) {
  program.set("uLightViewProjection", lightViewProjection);
  program.set("uShadowMap", kShadowTextureUnit);
  program.set("uShadowBias", 0.0005f);
  program.set("uNormalOffset", 1.5f * lightViewWidth(lightViewProjection) / static_cast<float>(kShadowMapSize));
  shadow.bindTexture(kShadowTextureUnit);
}

void Renderer::Resources::drawGhost(const Model& model, const State& ghost, const glm::vec3& colour) {
  constexpr float kGhostAlpha = 0.35f;
  lit->set("uAlpha", kGhostAlpha);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  glEnable(GL_CULL_FACE);
  const int n = std::min<int>(model.bodyCount(), static_cast<int>(ghost.E_0i.size()));
  for (int i = 0; i < n; ++i)
    for (const BodyShape& shape : model.bodies[i].shapes) {
      parts.clear();
      meshes.appendParts(shape.dims, parts);
      const glm::mat4 shapeWorld = toGlm(Matrix4(ghost.E_0i[i] * shape.E_bs));
      for (const MeshPart& part : parts) drawItem({part.mesh, shapeWorld * part.transform, colour, part.shadowMesh});
    }
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void Renderer::Resources::drawItem(const DrawItem& item) {
  lit->set("uModel", item.world);
  lit->set("uNormalMatrix", normalMatrix(item.world));
  lit->set("uColor", item.color);
  item.mesh->draw();
}

// Drawn after the bodies, so the depth test skips the ground behind them, and without writing
// depth: the grid lines and axes drawn over the fill then need no depth offset.
void Renderer::Resources::drawGround(bool shadows, const GroundView& view, const glm::mat4& viewProjection,
                                     const glm::mat4& lightViewProjection, const glm::vec2& ndcPerPixel) {
  ShaderProgram& program = shadows ? groundShadowed : groundPlain;
  program.use();
  program.set("uViewProjection", viewProjection);
  program.set("uEye", view.eye + glm::vec3(0.0f, 0.0f, floorZ));
  program.set("uFloorHeight", floorZ);
  program.set("uTowardLight", kTowardLight);
  program.set("uGroundColor", kGroundColor);
  program.set("uPixelAngle", view.pixelAngle);
  program.set("uGridFadeStart", kGridFadeStart);
  program.set("uGridFadeEnd", kGridFadeEnd);
  program.set("uFogColor", kBackground);
  program.set("uFogStart", view.fogStart);
  program.set("uFogEnd", view.fogEnd);
  if (shadows) setShadowUniforms(program, lightViewProjection);
  glDepthMask(GL_FALSE);
  ground.draw(view, program, ndcPerPixel);
  glDepthMask(GL_TRUE);
}

// Every body flattened onto the floor along the light, blended once per pixel (the stencil
// counts), behind the bodies (depth test against them). Bodies do not shadow each other.
void Renderer::Resources::drawFloorShadows(const glm::mat4& viewProjection) {
  floorShadow.use();
  floorShadow.set("uViewProjection", viewProjection);
  floorShadow.set("uTowardLight", kTowardLight);
  floorShadow.set("uFloorHeight", floorZ);
  floorShadow.set("uShadowColor", glm::vec3(0.05f, 0.06f, 0.09f));
  floorShadow.set("uShadowAlpha", 0.38f);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_EQUAL, 0, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
  for (const DrawItem& item : items) {
    floorShadow.set("uModel", item.world);
    (item.shadowMesh ? item.shadowMesh : item.mesh)->draw();
  }
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
}

// Overlays show through the bodies: they get a fresh depth buffer of their own.
void Renderer::Resources::drawOverlays(const OverlayGeometry& geometry, const Camera& camera,
                                       const glm::mat4& viewProjection, float sceneRadius) {
  if (geometry.markers.empty() && geometry.lines.empty()) return;
  glClear(GL_DEPTH_BUFFER_BIT);
  useLit(false, camera, viewProjection, glm::mat4(1.0f), sceneRadius);
  for (const Marker& marker : geometry.markers)
    drawItem({&meshes.sphere(), glm::scale(glm::translate(glm::mat4(1.0f), marker.centre), glm::vec3(marker.radius)),
              marker.color});
  line.use();
  line.set("uViewProjection", viewProjection);
  lines.draw(geometry.lines);
}

void Renderer::Resources::release() {
  for (ShaderProgram* program : {&litShadowed, &litPlain, &groundShadowed, &groundPlain, &depth, &line, &floorShadow})
    program->release();
  meshes.release();
  ground.release();
  shadow.release();
  lines.release();
}

Renderer::Renderer() = default;
Renderer::~Renderer() = default;

bool Renderer::init(const std::string& shaderDir, const std::string& assetDir, std::string& error) {
  shutdown();
  if (glfwGetCurrentContext() == nullptr) {
    error = "Renderer::init: no current OpenGL context (create the GLFW window and make it current first)";
    return false;
  }
  const int version = gladLoadGL(glfwGetProcAddress);
  if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
    error = "Renderer::init: OpenGL 3.3 core is required, the context offers " +
            std::to_string(GLAD_VERSION_MAJOR(version)) + "." + std::to_string(GLAD_VERSION_MINOR(version));
    return false;
  }
  auto resources = std::make_unique<Resources>();
  if (!resources->load(shaderDir, assetDir, error)) {
    resources->release();
    return false;
  }
  gpu_ = std::move(resources);
  return true;
}

void Renderer::draw(const Model& model, const State& state, const Camera& camera, const Overlays& overlays, int width,
                    int height, const std::vector<Eigen::Vector3d>& contactPoints, const std::vector<Ghost>& ghosts) {
  if (!gpu_ || width <= 0 || height <= 0) return;
  Resources& g = *gpu_;
  glm::vec3 lo, hi;
  sceneBounds(model, state, lo, hi);
  const float radius = 0.5f * glm::length(hi - lo);
  g.collectBodies(model, state);
  g.muscles.clear();
  if (overlays.muscles && !model.muscles.empty())
    g.collectMuscles(model, state, overlays.muscleColouring, viewScale(camera, height));
  const glm::mat4 lightTransform = lightViewProjection(kTowardLight, lo, hi, g.floorZ);
  const bool mapped = overlays.shadows && !g.planarShadows;  // shadow-map shadows
  if (mapped) g.shadowPass(lightTransform);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  // Clears touch the view only (glClear ignores the viewport); the app draws panels around it.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, width, height);
  glClearColor(kBackground.r, kBackground.g, kBackground.b, 1.0f);
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  const glm::mat4 viewProjection = camera.projection(float(width) / float(height)) * camera.view();
  g.useLit(mapped, camera, viewProjection, lightTransform, radius);
  // Every body mesh is closed and counter-clockwise from outside: back faces can go.
  glEnable(GL_CULL_FACE);
  for (const DrawItem& item : g.items) g.drawItem(item);
  glDisable(GL_CULL_FACE);
  if (overlays.grid)
    g.drawGround(mapped, groundView(camera, lo, hi, height, g.floorZ), viewProjection, lightTransform,
                 glm::vec2(2.0f / static_cast<float>(width), 2.0f / static_cast<float>(height)));
  if (overlays.shadows && g.planarShadows && overlays.grid) g.drawFloorShadows(viewProjection);  // on the floor only
  if (!ghosts.empty()) {
    g.useLit(mapped, camera, viewProjection, lightTransform, radius);
    for (const Ghost& ghost : ghosts) g.drawGhost(model, *ghost.state, ghost.colour);
    g.lit->set("uAlpha", 1.0f);
  }
  OverlayGeometry geometry = buildOverlayGeometry(model, state, overlays, contactPoints, 2.0f * radius);
  for (const Ghost& ghost : ghosts) addGhost(model, *ghost.state, ghost.colour, geometry.lines);
  geometry.markers.insert(geometry.markers.end(), g.muscles.points.begin(), g.muscles.points.end());
  g.drawOverlays(geometry, camera, viewProjection, radius);

  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
}

void Renderer::setFloorHeight(float z) {
  if (gpu_) gpu_->floorZ = z;
}

void Renderer::setPlanarShadows(bool planar) {
  if (gpu_) gpu_->planarShadows = planar;
}

PickResult Renderer::pick(const Model& model, const State& state, const Camera& camera, float ndcX, float ndcY,
                          float aspect) const {
  return pickBody(model, state, rayThroughView(camera, ndcX, ndcY, aspect));
}

void Renderer::sceneBounds(const Model& model, const State& state, glm::vec3& lo, glm::vec3& hi) {
  Vector3 a, b;
  if (!worldBounds(model, state, a, b)) {
    lo = glm::vec3(-1.0f, -1.0f, 0.0f);
    hi = glm::vec3(1.0f, 1.0f, 1.0f);
    return;
  }
  // A point-like scene still gets a box the camera and the light can fit.
  const Vector3 pad = (Vector3::Constant(kMinSceneExtent) - (b - a)).cwiseMax(0.0) / 2.0;
  lo = toGlm(Vector3(a - pad));
  hi = toGlm(Vector3(b + pad));
}

void Renderer::framingBounds(const Model& model, const State& state, glm::vec3& lo, glm::vec3& hi) {
  sceneBounds(model, state, lo, hi);
  std::vector<ColoredLine> guides;
  addGuideLines(model, state, guides);
  for (const ColoredLine& line : guides) {
    lo = glm::min(lo, glm::min(line.a, line.b));
    hi = glm::max(hi, glm::max(line.a, line.b));
  }
  std::vector<ForceElementDrawing> forces;  // springs anchored in the world belong in the view
  forceElementDrawings(model, state, forces);
  for (const ForceElementDrawing& force : forces) {
    if (force.pointForce) continue;
    lo = glm::min(lo, glm::min(toGlm(force.from), toGlm(force.to)));
    hi = glm::max(hi, glm::max(toGlm(force.from), toGlm(force.to)));
  }
  for (std::size_t m = 0; m < model.muscles.size() && static_cast<int>(state.E_0i.size()) >= model.bodyCount(); ++m) {
    const MuscleReading muscle = readMuscle(model, state, m);  // paths anchored in the world belong in the view
    for (int k = 0; k < muscle.pointCount; ++k) {
      lo = glm::min(lo, toGlm(muscle.points[k]));
      hi = glm::max(hi, toGlm(muscle.points[k]));
    }
  }
  if (model.groundContact) lo.z = std::min(lo.z, 0.0f);  // where the bodies will land
}

bool Renderer::saveScreenshot(const std::string& pngPath, int width, int height, std::string& error) const {
  return writeBackBufferPng(pngPath, width, height, error);
}

void Renderer::shutdown() {
  if (gpu_) gpu_->release();
  gpu_.reset();
}

}  // namespace articulab::render
