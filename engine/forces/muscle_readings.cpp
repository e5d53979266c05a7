#include "engine/forces/muscle_readings.hpp"

#include "engine/forces/muscle_excitation.hpp"
#include "engine/forces/muscle_path.hpp"
#include "engine/forces/muscle_tension.hpp"

namespace articulab {

MuscleReading readMuscle(const Model& model, const State& state, std::size_t m) {
  const Muscle& muscle = model.muscles[m];
  MusclePath path;
  musclePath(muscle, PoseListMotion{state.E_0i, state.phi}, path);
  MuscleReading r;
  r.excitation = excitationAt(muscle.excitation, state.t);
  r.activation = activationOf(state.activations, m);
  const MuscleTension tension = muscleTension(muscle, path.length, path.lengthRate, r.activation);
  r.force = tension.force;
  r.active = tension.active;
  r.passive = tension.passive;
  r.length = path.length;
  r.velocity = path.lengthRate;
  r.lengthNormalized = tension.lengthNormalized;
  r.velocityNormalized = tension.velocityNormalized;
  r.power = -tension.force * path.lengthRate;
  r.pointCount = path.count;
  for (int k = 0; k < path.count; ++k) r.points[k] = path.points[k].x;
  return r;
}

}  // namespace articulab
