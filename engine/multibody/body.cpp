#include "engine/multibody/body.hpp"

namespace articulab {

void computeBodyInertia(Body& body) {
  body.M.setZero();
  for (const BodyShape& shape : body.shapes)
    body.M += transformInertia(centralSpatialInertia(shape.dims, shape.mass), shape.E_bs);
  body.mass = inertiaMass(body.M);
  body.com = body.mass > 0.0 ? inertiaCentreOfMass(body.M) : Vector3::Zero();
}

}  // namespace articulab
