#include "engine/forces/muscle_tension.hpp"

#include "engine/forces/muscle_curves.hpp"

namespace articulab {

MuscleTension muscleTension(const Muscle& muscle, double length, double lengthRate, double activation) {
  const double f_opt = muscle.maxIsometricForce, l_opt = muscle.optimalFiberLength;
  const double v_scale = l_opt * muscle.maxContractionVelocity;
  MuscleTension t;
  t.lengthNormalized = (length - muscle.tendonSlackLength) / l_opt;  // eq 1.47
  t.velocityNormalized = lengthRate / v_scale;                       // eq 1.49
  const CurveValue fL = activeForceLength(t.lengthNormalized);
  const CurveValue fV = forceVelocity(t.velocityNormalized);
  const CurveValue fP = passiveForceLength(t.lengthNormalized);
  t.active = f_opt * activation * fL.value * fV.value;
  t.passive = f_opt * fP.value;
  t.force = t.active + t.passive;  // eq 1.38
  t.dForce_dLength = f_opt * (activation * fL.slope * fV.value + fP.slope) / l_opt;
  t.dForce_dRate = f_opt * activation * fL.value * fV.slope / v_scale;
  return t;
}

}  // namespace articulab
