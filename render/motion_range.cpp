#include "render/motion_range.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Eigenvalues>

#include "engine/contact/friction_pyramid.hpp"
#include "engine/diagnostics/energy.hpp"
#include "render/shape_extents.hpp"

namespace articulab::render {

namespace {

constexpr double kParallel = 1e-3;      // 1 - |cos| of axes taken as parallel
constexpr double kFlatness = 1e-4;      // smallest / largest spread of points on a plane
constexpr double kHeadroom = 0.1;       // of the reach, above the start of a scene at rest

bool rotational(JointType type) {
  switch (type) {
    case JointType::Fixed:
    case JointType::Revolute:
    case JointType::Universal:
    case JointType::SphericalXZX:
    case JointType::SphericalExp: return true;
    default: return false;
  }
}

// World pose of joint i's frame on its parent's side.
Matrix4 jointFrame(const Model& model, const State& state, int i) {
  const Joint& joint = model.joints[i];
  return joint.parent < 0 ? joint.E_pj : Matrix4(state.E_0i[joint.parent] * joint.E_pj);
}

Vector3 origin(const Matrix4& E) { return E.topRightCorner<3, 1>(); }

// World box of body i's shapes at its current pose (its origin when it has none).
void bodyBounds(const Model& model, const State& state, int i, Vector3& lo, Vector3& hi) {
  lo = Vector3::Constant(std::numeric_limits<double>::infinity());
  hi = -lo;
  growBounds(state.E_0i[i], Vector3::Zero(), lo, hi);
  for (const BodyShape& shape : model.bodies[i].shapes)
    if (shapeIsDrawable(shape.dims)) growBounds(state.E_0i[i] * shape.E_bs, shapeHalfExtents(shape.dims), lo, hi);
}

bool atRest(const State& state) { return state.qd.size() == 0 || state.qd.cwiseAbs().maxCoeff() == 0.0; }

// Half extents of a disc of radius r with unit normal n (a sphere without a normal).
Vector3 reachHalfExtents(double r, const std::optional<Vector3>& n) {
  if (!n) return Vector3::Constant(r);
  return r * (Vector3::Ones() - n->cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
}

// What reachBounds knows of one body.
struct BodyReach {
  Vector3 lo, hi;         // its box now
  Vector3 at;             // its joint's origin
  Vector3 com;            // its centre of mass
  int anchor = -1;        // the joint holding its branch to the world, -1: none
  double path = 0.0;      // length of the path of joint origins from the anchor to its joint
  bool welded = false;    // held still
  bool rigid = false;     // every joint from the anchor rotational: the path is exact
};

double farthestCorner(const BodyReach& b, const Vector3& from) {
  double size = 0.0;
  for (int c = 0; c < 8; ++c) {
    const Vector3 corner((c & 1 ? b.hi : b.lo).x(), (c & 2 ? b.hi : b.lo).y(), (c & 4 ? b.hi : b.lo).z());
    size = std::max(size, (corner - from).norm());
  }
  return size;
}

std::vector<BodyReach> bodyReaches(const Model& model, const State& state, int n) {
  std::vector<BodyReach> out(n);
  for (int i = 0; i < n; ++i) {
    const Joint& joint = model.joints[i];
    BodyReach& b = out[i];
    bodyBounds(model, state, i, b.lo, b.hi);
    b.at = origin(jointFrame(model, state, i));
    b.com = state.E_0i[i].topLeftCorner<3, 3>() * model.bodies[i].com + origin(state.E_0i[i]);
    const bool onStill = joint.parent < 0 || out[joint.parent].welded;
    b.welded = onStill && joint.type == JointType::Fixed;
    if (b.welded) continue;
    if (onStill) {
      if (!rotational(joint.type)) continue;
      b.anchor = i;
      b.rigid = true;
    } else if (out[joint.parent].anchor >= 0) {
      // Exact for rotational joints (two points of the parent); a sliding joint counts as it is now.
      const BodyReach& parent = out[joint.parent];
      b.anchor = parent.anchor;
      b.path = parent.path + (b.at - parent.at).norm();
      b.rigid = parent.rigid && rotational(joint.type);
    }
  }
  return out;
}

// Energy bound (conservative or damped scene under gravity -z, every moving body held to an
// anchor): the potential energy never exceeds the total energy now, and each body's centre of
// mass is at least as low as hanging straight down, so no centre of mass climbs more than
// (E - V_lowest) / (m g) above its lowest point. Highest centre-of-mass heights; empty when
// the bound does not apply.
std::vector<double> highestCentres(const Model& model, const State& state, const std::vector<BodyReach>& bodies) {
  const double g = -model.gravity.z();
  if (g <= 0.0 || model.gravity.head<2>().norm() > 1e-9) return {};
  for (const Joint& joint : model.joints)
    if (joint.driven) return {};
  for (const ForceElement& force : model.forces)
    if (force.type == ForceElementType::PointForce) return {};
  double lowest = 0.0;  // a lower bound of the gravity potential, J
  std::vector<double> reachOfCentre(bodies.size(), 0.0);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const BodyReach& b = bodies[i];
    const double m = model.bodies[i].mass;
    if (b.welded) {
      lowest += m * g * b.com.z();
      continue;
    }
    if (b.anchor < 0) return {};  // a sliding path (interlocked tori) counts as it is now
    reachOfCentre[i] = b.path + (b.com - b.at).norm();
    lowest += m * g * (bodies[b.anchor].at.z() - reachOfCentre[i]);
  }
  const double budget = computeEnergy(model, state).total() - lowest;
  std::vector<double> out(bodies.size(), std::numeric_limits<double>::infinity());
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const double m = model.bodies[i].mass;
    if (bodies[i].welded || m <= 0.0) continue;
    out[i] = bodies[bodies[i].anchor].at.z() - reachOfCentre[i] + std::max(budget, 0.0) / (m * g);
  }
  return out;
}

// A free body on the ground under gravity tilted off -z (a slope seen in the ground's frame)
// slides in the scene's duration T at most (1/2) a T^2 along the horizontal part g_h of gravity,
// a = |g_h| - mu |g_z| (Coulomb friction; none when mu |g_z| holds it). Its box grows by that
// much; a zero vector otherwise.
Vector3 slideOnTiltedGround(const Model& model, int body, const BodyReach& b) {
  const Vector3 horizontal(model.gravity.x(), model.gravity.y(), 0.0);
  if (!model.groundContact || b.welded || b.anchor >= 0 || horizontal.norm() < 1e-9) return Vector3::Zero();
  const double a = horizontal.norm() - contact::groundFriction(model, body) * std::abs(model.gravity.z());
  if (a <= 0.0) return Vector3::Zero();
  const double T = model.defaults.duration;
  return 1.25 * 0.5 * a * T * T * horizontal.normalized();  // a quarter more: the run does not end at the edge
}

// Box a point stays in: [lo, hi].
struct PointBox {
  Vector3 lo, hi;
};

PointBox around(const Vector3& centre, const Vector3& halfExtents) { return {centre - halfExtents, centre + halfExtents}; }

PointBox intersection(const PointBox& a, const PointBox& b) { return {a.lo.cwiseMax(b.lo), a.hi.cwiseMin(b.hi)}; }

double distanceToSegment(const Vector3& x, const Vector3& a, const Vector3& b) {
  const Vector3 ab = b - a;
  const double t = ab.squaredNorm() > 0.0 ? std::clamp((x - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
  return (x - (a + t * ab)).norm();
}

// A point of a body whose whereabouts are known: a joint origin or a loop closure point.
struct KeyPoint {
  Vector3 at;     // where it is now
  PointBox box;   // where it can be
};

// Where body i's rotational joint origin can be: the disc or sphere about its anchor whose radius
// is the path of joint origins to it (exact when every joint on the way is rotational).
std::optional<KeyPoint> jointKeyPoint(const std::vector<BodyReach>& bodies, int i, const std::optional<Vector3>& plane) {
  const BodyReach& b = bodies[i];
  if (b.anchor < 0 || !b.rigid) return std::nullopt;
  return KeyPoint{b.at, around(bodies[b.anchor].at, reachHalfExtents(b.path, plane))};
}

// Where a loop closure point can be: the world point, or the intersection of what each side's
// anchor allows (the point is rigid with each side's body, so its distance to that body's joint
// origin is fixed).
std::optional<KeyPoint> closureKeyPoint(const State& state, const LoopConstraint& loop, const std::vector<BodyReach>& bodies,
                                        const std::optional<Vector3>& plane) {
  const Vector3 at = loop.bodyA < 0 ? origin(loop.E_aA) : origin(state.E_0i[loop.bodyA] * loop.E_aA);
  std::optional<PointBox> box;
  for (const int side : {loop.bodyA, loop.bodyB}) {
    PointBox sideBox;
    if (side < 0) {
      sideBox = {at, at};
    } else {
      const BodyReach& b = bodies[side];
      if (b.anchor < 0 || !b.rigid) continue;
      sideBox = around(bodies[b.anchor].at, reachHalfExtents(b.path + (at - b.at).norm(), plane));
    }
    box = box ? intersection(*box, sideBox) : sideBox;
  }
  if (!box) return std::nullopt;
  return KeyPoint{at, *box};
}

// Largest distance of body i's shape corners (its origin without shapes) from the segments
// between its key points.
double offsetFromSegments(const Model& model, const State& state, int i, const std::vector<KeyPoint>& keys) {
  const auto fromSegments = [&keys](const Vector3& x) {
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < keys.size(); ++a)
      for (std::size_t b = a + 1; b < keys.size(); ++b) nearest = std::min(nearest, distanceToSegment(x, keys[a].at, keys[b].at));
    return nearest;
  };
  double offset = fromSegments(origin(state.E_0i[i]));
  for (const BodyShape& shape : model.bodies[i].shapes) {
    if (!shapeIsDrawable(shape.dims)) continue;
    const Matrix4 E = state.E_0i[i] * shape.E_bs;
    const Vector3 h = shapeHalfExtents(shape.dims);
    for (int c = 0; c < 8; ++c) {
      const Vector3 local((c & 1 ? 1 : -1) * h.x(), (c & 2 ? 1 : -1) * h.y(), (c & 4 ? 1 : -1) * h.z());
      offset = std::max(offset, fromSegments(E.topLeftCorner<3, 3>() * local + origin(E)));
    }
  }
  return offset;
}

// A loop holds a link between points whose reach is known: for a rigid body through two or more
// key points, every point of it lies on a segment between two of them (fixed fractions along it)
// plus a fixed offset, so the body stays in the box around the key points' boxes grown by the
// largest offset of its shape corners from those segments. Tightens each body's reach box.
void tightenByLoops(const Model& model, const State& state, const std::vector<BodyReach>& bodies,
                    const std::optional<Vector3>& plane, std::vector<PointBox>& reach) {
  if (model.loops.empty()) return;
  const int n = static_cast<int>(bodies.size());
  std::vector<std::vector<KeyPoint>> keys(n);
  for (int i = 0; i < n; ++i) {
    const std::optional<KeyPoint> joint = jointKeyPoint(bodies, i, plane);
    if (!joint) continue;
    keys[i].push_back(*joint);
    const int parent = model.joints[i].parent;
    if (parent >= 0) keys[parent].push_back(*joint);
  }
  for (const LoopConstraint& loop : model.loops) {
    const std::optional<KeyPoint> closure = closureKeyPoint(state, loop, bodies, plane);
    if (!closure) continue;
    for (const int side : {loop.bodyA, loop.bodyB})
      if (side >= 0 && side < n) keys[side].push_back(*closure);
  }
  for (int i = 0; i < n; ++i) {
    if (keys[i].size() < 2) continue;
    PointBox hull = keys[i][0].box;
    for (const KeyPoint& k : keys[i]) hull = {hull.lo.cwiseMin(k.box.lo), hull.hi.cwiseMax(k.box.hi)};
    const double offset = offsetFromSegments(model, state, i, keys[i]);
    reach[i] = intersection(reach[i], around(0.5 * (hull.lo + hull.hi), 0.5 * (hull.hi - hull.lo) + Vector3::Constant(offset)));
  }
}

// The box body i's anchor allows it: the sphere (disc) of its reach, capped by the energy bound.
PointBox anchoredReach(const std::vector<BodyReach>& bodies, int i, const std::vector<double>& highest,
                       const std::optional<Vector3>& plane) {
  const BodyReach& b = bodies[i];
  const Vector3 anchor = bodies[b.anchor].at;
  PointBox box = around(anchor, reachHalfExtents(b.path + farthestCorner(b, b.at), plane));
  if (highest.empty() || !std::isfinite(highest[i])) return box;
  // The centre of mass stays on the sphere of its reach about the anchor, below highest[i]:
  // a cap, whose horizontal radius shrinks when the cap is below the anchor.
  const double centreReach = b.path + (b.com - b.at).norm(), size = farthestCorner(b, b.com);
  const double below = anchor.z() - highest[i];
  const double across = below > 0.0 ? std::sqrt(std::max(centreReach * centreReach - below * below, 0.0)) : centreReach;
  PointBox cap = around(anchor, reachHalfExtents(across + size, plane));
  cap.lo.z() = anchor.z() - centreReach - size;
  cap.hi.z() = std::min(highest[i], anchor.z() + centreReach) + size;
  return intersection(box, cap);
}

}  // namespace

bool reachBounds(const Model& model, const State& state, Vector3& lo, Vector3& hi) {
  const int n = std::min<int>(model.bodyCount(), static_cast<int>(state.E_0i.size()));
  if (n == 0) return false;
  const std::optional<Vector3> plane = planeOfMotion(model, state);
  const std::vector<BodyReach> bodies = bodyReaches(model, state, n);
  const std::vector<double> highest = highestCentres(model, state, bodies);
  std::vector<PointBox> reach(n);
  for (int i = 0; i < n; ++i) {
    const BodyReach& b = bodies[i];
    const Vector3 slide = slideOnTiltedGround(model, i, b);
    reach[i] = {b.lo.cwiseMin(b.lo + slide), b.hi.cwiseMax(b.hi + slide)};
    if (b.anchor >= 0) reach[i] = anchoredReach(bodies, i, highest, plane);
  }
  tightenByLoops(model, state, bodies, plane, reach);
  lo = Vector3::Constant(std::numeric_limits<double>::infinity());
  hi = -lo;
  Vector3 startHi = hi;
  double anchorTop = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) {
    const BodyReach& b = bodies[i];
    lo = lo.cwiseMin(b.lo).cwiseMin(reach[i].lo);
    hi = hi.cwiseMax(b.hi).cwiseMax(reach[i].hi);
    startHi = startHi.cwiseMax(b.hi);
    if (b.anchor >= 0) anchorTop = std::max(anchorTop, bodies[b.anchor].at.z());
  }
  // Released at rest under gravity -z, nothing climbs far above where it started.
  const bool downward = model.gravity.z() < 0.0 && model.gravity.head<2>().norm() < 1e-9;
  if (downward && atRest(state)) {
    const double top = std::max(startHi.z(), anchorTop) + kHeadroom * (hi - lo).norm() * 0.5;
    hi.z() = std::min(hi.z(), std::max(top, lo.z()));
  }
  return lo.allFinite() && hi.allFinite();
}

std::optional<Vector3> planeOfMotion(const Model& model, const State& state) {
  const int n = std::min<int>(model.bodyCount(), static_cast<int>(state.E_0i.size()));
  std::optional<Vector3> axis;
  bool axesAgree = true;
  std::vector<Vector3> points;
  std::vector<bool> moves(n, true);
  for (int i = 0; i < n; ++i) {
    const Joint& joint = model.joints[i];
    // Bodies welded to the world (or to a welded body) do not move.
    moves[i] = !(joint.type == JointType::Fixed && (joint.parent < 0 || !moves[joint.parent]));
    if (!moves[i]) continue;
    const Matrix4 frame = jointFrame(model, state, i);
    points.push_back(origin(frame));
    points.push_back(origin(state.E_0i[i]));
    if (joint.type == JointType::Fixed) continue;
    if (joint.parts.size() != 1 || (joint.type != JointType::Revolute && joint.type != JointType::Prismatic)) {
      axesAgree = false;
      continue;
    }
    const Vector3 a = (frame.topLeftCorner<3, 3>() * joint.parts[0].axis).normalized();
    if (joint.type == JointType::Prismatic) continue;  // checked against the hinge axis below
    if (!axis)
      axis = a;
    else if (1.0 - std::abs(axis->dot(a)) > kParallel)
      axesAgree = false;
  }
  if (axis && axesAgree) {
    for (int i = 0; i < n; ++i) {
      const Joint& joint = model.joints[i];
      if (joint.type != JointType::Prismatic) continue;
      const Vector3 a = jointFrame(model, state, i).topLeftCorner<3, 3>() * joint.parts[0].axis.normalized();
      if (std::abs(axis->dot(a)) > kParallel) return std::nullopt;  // slides out of the plane
    }
    return axis;
  }
  if (points.size() < 3) return std::nullopt;
  Vector3 mean = Vector3::Zero();
  for (const Vector3& p : points) mean += p;
  mean /= double(points.size());
  Matrix3 spread = Matrix3::Zero();
  for (const Vector3& p : points) spread += (p - mean) * (p - mean).transpose();
  Eigen::SelfAdjointEigenSolver<Matrix3> eigen(spread);
  const Vector3 values = eigen.eigenvalues();  // increasing
  if (values(2) <= 0.0 || values(0) > kFlatness * values(2) || values(1) < 1e-2 * values(2)) return std::nullopt;
  return Vector3(eigen.eigenvectors().col(0).normalized());
}

}  // namespace articulab::render
