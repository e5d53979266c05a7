// Contact between the shapes of two bodies, found by FCL (the Flexible Collision Library 0.7,
// Debian libfcl-dev): boxes, spheres, capsules, cylinders and ellipsoids as FCL primitives, a
// torus as a ring of kTorusCapsules capsules along its polygonal centre line (chord sag
// R (1 - cos(pi / 24)) = 0.0086 R). Each contact is a point, a unit normal and a gap, which go to
// a back-end's contact rows (sueda notes 1.10-1.11: the gap's rate is n^T (v_b(x) - v_a(x))).
//
// Resting contact needs the pairs that are about to touch, not only those that overlap: every
// shape is inflated by half the margin (a box's sides and a cylinder's length by the whole
// margin), FCL's penetration d of the inflated shapes gives the gap margin - d, and a pair
// reports its points while the gap is below the margin. Box against box gives up to four points
// (FCL's box-box clipping), enough for a box to rest on a face; the other pairs give one.
//
// Bodies joined by a joint (one the parent of the other) do not collide, nor two bodies welded
// to the world. FCL allocates inside its narrow phase (libccd's GJK/EPA for the pairs without a
// closed form); everything else is sized once.
#pragma once

#include <memory>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab::contact {

constexpr int kTorusCapsules = 24;
// Most contact points of one pair of FCL objects (box on box: the corners of the clipped face).
constexpr int kMostPointsPerPair = 4;
// Most body-body contact points a back-end sizes its rows for (dense matrices grow with the
// square): kMostPointsPerPair per candidate pair up to this.
constexpr int kMostBodyContactPoints = 256;

struct BodyContactPoint {
  int bodyA = -1, bodyB = -1;         // model indices, bodyA < bodyB
  Vector3 position = Vector3::Zero();  // world, m: FCL's contact point of the inflated shapes
  Vector3 normal = Vector3::UnitZ();   // world unit normal from body a to body b
  double gap = 0.0;                    // distance between the surfaces, m (negative: penetration)
};

// Body-body contact points a back-end sizes for: 0 unless model.bodyContact, else
// min(kMostPointsPerPair x candidate pairs, kMostBodyContactPoints). No FCL objects are made.
int bodyContactCapacity(const Model& model);

// The body pairs that may touch, and their FCL geometry, built once per model.
class BodyCollision {
 public:
  // margin (m, > 0): pairs closer than this report contacts. A model without shapes has no pairs.
  BodyCollision(const Model& model, double margin);
  ~BodyCollision();
  BodyCollision(BodyCollision&&) noexcept;
  BodyCollision& operator=(BodyCollision&&) noexcept;

  // The contacts at the body poses E_0i (world), into out (cleared first; its capacity is kept).
  // Returns the number of contacts.
  int detect(const std::vector<Matrix4>& E_0i, std::vector<BodyContactPoint>& out);

  // Shape pairs tested (after the joint exclusions), for tests and `describe`.
  int candidatePairCount() const;
  double margin() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace articulab::contact
