#include "engine/multibody/body.hpp"

namespace articulab {

void computeBodyInertia(Body& body) {
  body.M.setZero();
  for (const BodyShape& shape : body.shapes)
    if (shape.mass != 0.0) body.M += transformInertia(shapeSpatialInertia(shape.dims, shape.mass), shape.E_bs);
  if (body.inertial.given) body.M += spatialInertiaAbout(body.inertial.mass, body.inertial.com, body.inertial.inertia);
  body.mass = inertiaMass(body.M);
  body.com = body.mass > 0.0 ? inertiaCentreOfMass(body.M) : Vector3::Zero();
}

}  // namespace articulab
