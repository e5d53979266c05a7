#include "tests/engine/test_util.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/algorithm/initial_state.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/multibody/state.hpp"
#include "engine/solvers/registry.hpp"
#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/multibody/scleronomic_joint.hpp"
#include "engine/spatial/se3.hpp"

namespace articulab::test {

Matrix4 randomPose() { return se3::exp(randomTwist(2.0)); }

namespace {

Body boxBody(const std::string& name, const Vector3& size, double mass) {
  Body body;
  body.name = name;
  body.shapes.push_back({{ShapeType::Box, size}, Matrix4::Identity(), mass});
  computeBodyInertia(body);
  return body;
}

Body shapeBody(const std::string& name, ShapeType type, const Vector3& size, double mass, const Matrix4& E_bs) {
  Body body;
  body.name = name;
  body.shapes.push_back({{type, size}, E_bs, mass});
  computeBodyInertia(body);
  return body;
}

Matrix4 translation(double x, double y, double z) { return se3::make(Matrix3::Identity(), Vector3(x, y, z)); }

void addJoint(Model& model, Body body, JointType type, int parent, const Matrix4& E_pj, const Matrix4& E_jc,
              const Vector3& axis = Vector3::UnitY(), std::vector<JointPart> parts = {}) {
  Joint joint;
  joint.name = body.name + "_joint";
  joint.type = type;
  joint.parts = parts.empty() ? defaultParts(type, axis) : parts;
  joint.parent = parent;
  joint.child = model.bodyCount();
  joint.E_pj = E_pj;
  joint.E_jc = E_jc;
  model.bodies.push_back(std::move(body));
  model.joints.push_back(std::move(joint));
}

}  // namespace

Model standardChain(int n, double q0) {
  Model model;
  model.name = "standard chain";
  for (int i = 0; i < n; ++i)
    addJoint(model, boxBody("link" + std::to_string(i), Vector3(0.02, 0.02, 0.1), 1.0), JointType::Revolute, i - 1,
             i == 0 ? Matrix4::Identity() : translation(0, 0, -0.05), translation(0, 0, -0.05));
  finalizeModel(model);
  model.q0.setConstant(q0);
  return model;
}

Model hangingFrictionChain() {
  return loadSceneFromString(R"({"gravity": [0, 0, -9.81],
    "bodies": [{"name": "a", "mass": 1, "shape": {"type": "box", "size": [0.02, 0.02, 0.1]}},
               {"name": "b", "mass": 1, "shape": {"type": "box", "size": [0.02, 0.02, 0.1]}}],
    "joints": [{"name": "ja", "type": "revolute", "parent": "world", "child": "a", "axis": [0, 1, 0],
                "child_position": [0, 0, -0.05], "friction": {"mu": 0.3, "radius": 0.01, "length": 0.02}},
               {"name": "jb", "type": "spherical_exp", "parent": "a", "child": "b", "position": [0, 0, -0.05],
                "child_position": [0, 0, -0.05], "friction": {"mu": 0.3, "radius": 0.01}}]})", "hanging.json");
}

Model slidingBoxes(int count, int first, bool spin) {
  Model model;
  model.name = "sliding boxes";
  model.groundContact = true;
  model.groundFriction = 0.5;
  for (int k = first; k < first + count; ++k)
    addJoint(model, boxBody("box" + std::to_string(k), Vector3(0.2, 0.2, 0.1), 1.0), JointType::Free3D, -1,
             translation(1.0 * k, 0, 0.05), Matrix4::Identity());
  finalizeModel(model);
  model.q0 = VectorX::Zero(model.nq);
  model.qd0 = VectorX::Zero(model.nq);
  for (int i = 0; i < count; ++i) {  // free3d: rotation (3), translation (3)
    const int k = first + i;
    const double speed = 0.5 + 0.1 * k, angle = 0.7 * k;
    model.qd0[6 * i + 2] = spin ? 2.0 - 0.3 * k : 0.0;
    model.qd0[6 * i + 3] = speed * std::cos(angle);
    model.qd0[6 * i + 4] = speed * std::sin(angle);
  }
  return model;
}

Model islandGraphModel() {
  Model model;
  model.name = "island graph";
  for (int k = 0; k < 3; ++k)
    addJoint(model, boxBody("free" + std::to_string(k), Vector3(0.2, 0.2, 0.1), 1.0), JointType::Free3D, -1,
             translation(k, 0, 0.05), Matrix4::Identity());
  addJoint(model, boxBody("welded", Vector3(1, 1, 0.1), 5.0), JointType::Fixed, -1, translation(5, 0, 0.05),
           Matrix4::Identity());
  addJoint(model, boxBody("pendulum", Vector3(0.02, 0.02, 0.1), 1.0), JointType::Revolute, 2, translation(0, 0, -0.05),
           translation(0, 0, -0.05));
  addJoint(model, boxBody("welded2", Vector3(0.1, 0.1, 0.1), 1.0), JointType::Fixed, 3, translation(0, 0, 0.1),
           Matrix4::Identity());
  finalizeModel(model);
  model.q0 = VectorX::Zero(model.nq);
  model.qd0 = VectorX::Zero(model.nq);
  return model;
}

std::string sci(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3e", x);
  return text;
}

Model mixedTree() {
  Model model;
  model.name = "mixed tree";
  const Matrix4 down = translation(0, 0, -0.1);
  addJoint(model, boxBody("base", Vector3(0.1, 0.05, 0.2), 2.0), JointType::Revolute, -1, Matrix4::Identity(), down,
           Vector3(1, 2, 0.5).normalized());
  addJoint(model, shapeBody("arm", ShapeType::Capsule, Vector3(0.03, 0.15, 0), 1.0, translation(0.01, 0, 0)),
           JointType::Universal, 0, down, down);
  addJoint(model, shapeBody("ball", ShapeType::Ellipsoid, Vector3(0.05, 0.08, 0.1), 0.7, Matrix4::Identity()),
           JointType::SphericalExp, 1, down, down);
  addJoint(model, shapeBody("ring", ShapeType::Torus, Vector3(0.1, 0.02, 0), 0.5, Matrix4::Identity()),
           JointType::SphericalXZX, 0, translation(0.05, 0, -0.1), translation(0.1, 0, 0));
  addJoint(model, shapeBody("slider", ShapeType::Cylinder, Vector3(0.03, 0.1, 0), 0.4, Matrix4::Identity()),
           JointType::Prismatic, 3, translation(0.1, 0, 0), translation(0, 0, -0.05), Vector3(0.3, 0.1, 1).normalized());
  addJoint(model, shapeBody("puck", ShapeType::Sphere, Vector3(0.04, 0, 0), 0.3, Matrix4::Identity()),
           JointType::Planar, 4, translation(0, 0, -0.05), Matrix4::Identity());
  addJoint(model, boxBody("knob", Vector3(0.02, 0.03, 0.04), 0.2), JointType::Fixed, 5, translation(0.03, 0, 0),
           Matrix4::Identity());
  addJoint(model, boxBody("tip", Vector3(0.05, 0.02, 0.02), 0.3), JointType::Composite, 2, down, translation(0.02, 0, 0),
           Vector3::UnitZ(),
           {{JointType::Revolute, Vector3::UnitX(), 1}, {JointType::Prismatic, Vector3::UnitY(), 1},
            {JointType::Revolute, Vector3(0, 0.6, 0.8), 1}});
  addJoint(model, boxBody("drone", Vector3(0.1, 0.1, 0.03), 0.8), JointType::Free3D, -1, translation(0.5, 0, 0),
           Matrix4::Identity());
  addJoint(model, boxBody("skater", Vector3(0.05, 0.05, 0.05), 0.5), JointType::Free2D, 8, translation(0, 0, 0.2),
           Matrix4::Identity());
  Body& composite = model.bodies[0];  // make the base a composite body of two boxes
  composite.shapes.push_back({{ShapeType::Box, Vector3(0.05, 0.05, 0.05)}, translation(0.05, 0.02, 0.0), 0.5});
  computeBodyInertia(composite);
  finalizeModel(model);
  model.joints[0].stiffness = 2.0;
  model.joints[0].damping = 0.1;
  model.joints[0].rest = VectorX::Constant(1, 0.2);
  return model;
}

Model closedSphericalChain(int n, LoopType type) {
  Model model = standardChain(n);
  for (Joint& joint : model.joints) {
    joint.type = JointType::SphericalExp;
    joint.parts = defaultParts(JointType::SphericalExp, Vector3::UnitZ());
  }
  finalizeModel(model);
  model.q0 = randomVector(model.nq, 0.5);
  const State state = makeInitialState(model);
  LoopConstraint loop;
  loop.name = "tip";
  loop.type = type;
  loop.bodyB = n - 1;
  loop.E_bB = se3::make(Matrix3::Identity(), Vector3(0, 0, -0.05));
  loop.E_aA = state.E_0i[n - 1] * loop.E_bB;
  model.loops.push_back(loop);
  return model;
}

SolverOptions solverOptions(Integrator integrator, DriftControl drift) {
  SolverOptions options;
  options.integrator = integrator;
  options.driftControl = drift;
  return options;
}

double worstLoopError(const Model& model, const State& state) {
  double worst = 0;
  for (int k = 0; k < static_cast<int>(model.loops.size()); ++k) worst = std::max(worst, loopDrift(model, state, k).position);
  return worst;
}

CsvEnergyRow csvEnergyRow(const std::string& line) {
  std::stringstream cells(line);
  std::string cell;
  CsvEnergyRow row;
  for (double* column : {&row.t, &row.kinetic, &row.potential, &row.total}) {
    std::getline(cells, cell, ',');
    *column = std::stod(cell);
  }
  return row;
}

CsvEnergyRow lastCsvEnergyRow(const std::string& path) {
  std::ifstream file(path);
  std::string line, last;
  while (std::getline(file, line)) last = line;
  return csvEnergyRow(last);
}

Joint singleJoint(JointType type, const Vector3& axis) {
  Joint joint;
  joint.type = type;
  joint.parts = defaultParts(type, axis);
  for (const JointPart& part : joint.parts) joint.nq += part.nq;
  return joint;
}

Joint compositeJoint(const std::vector<JointPart>& parts) {
  Joint joint;
  joint.type = JointType::Composite;
  joint.parts = parts;
  for (const JointPart& part : joint.parts) joint.nq += part.nq;
  return joint;
}

JointMatrix finiteDifferenceS(const ScleronomicJoint& joint, const VectorX& q, double h) {
  JointMatrix S(6, joint.dof());
  const Matrix4 Qinv = se3::inverse(joint.transform(q.data()));
  for (int j = 0; j < joint.dof(); ++j) {
    VectorX qp = q, qm = q;
    qp[j] += h;
    qm[j] -= h;
    S.col(j) = se3::unbrac(Qinv * (joint.transform(qp.data()) - joint.transform(qm.data())) / (2 * h));
  }
  return S;
}

namespace {

WatchedRun runStepsFromStart(const Model& model, const char* backend, const SolverOptions& options, double duration,
                             int steps, bool watch) {
  auto solver = findBackend(backend)->create(model, options);
  WatchedRun run{makeInitialState(model)};
  const double E0 = watch ? computeEnergy(model, run.state).total() : 0.0;
  for (int k = 0; k < steps; ++k) {
    const StepStatus status = solver->step(model, run.state, duration / steps);
    if (!status.ok) {
      ADD_FAILURE() << backend << " step " << k << ": " << status.message;
      break;
    }
    if (!watch) continue;
    run.energyBand = std::max(run.energyBand, std::abs(computeEnergy(model, run.state).total() - E0));
    run.worstPosition = std::max(run.worstPosition, computeDrift(model, run.state).worst.position);
  }
  return run;
}

}  // namespace

State stepFromStart(const Model& model, const char* backend, const SolverOptions& options, double duration, int steps) {
  return runStepsFromStart(model, backend, options, duration, steps, false).state;
}

std::array<double, 2> ordersAgainstRk4(const Model& model, const char* backend, const SolverOptions& options,
                                       double duration) {
  const State reference = stepFromStart(model, "recursive", SolverOptions{Integrator::RK4}, duration, 4000);
  VectorX y(2 * model.nq);
  y << reference.q, reference.qd;
  double errors[3];
  for (int level = 0; level < 3; ++level) {
    const State state = stepFromStart(model, backend, options, duration, 25 << level);
    VectorX x(2 * model.nq);
    x << state.q, state.qd;
    errors[level] = (x - y).norm();
  }
  return {std::log2(errors[0] / errors[1]), std::log2(errors[1] / errors[2])};
}

WatchedRun watchedRunFromStart(const Model& model, const char* backend, const SolverOptions& options, double duration,
                               int steps) {
  return runStepsFromStart(model, backend, options, duration, steps, true);
}

}  // namespace articulab::test
