// The wrenches of a muscle on the bodies of its path (sueda eq 1.60): the tension f pulls each
// segment's end points together, +f n_k at x_k and -f n_k at x_k+1, and a world force F at body
// point r acts on the body as Gamma(r)^T R^T F (eq 1.12-1.13). Summed over the segments this is
// -f dl_MT/d(delta): the muscle's generalised force is its tension times minus its moment arms.
#pragma once

#include <vector>

#include "engine/forces/muscle_path.hpp"

namespace articulab {

// Adds the wrenches of tension `force` (N) along `path` to wrench (body coordinates, per body).
void addMuscleWrenches(const Muscle& muscle, const MusclePath& path, double force, std::vector<Vector6>& wrench);

}  // namespace articulab
