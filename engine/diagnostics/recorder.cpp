#include "engine/diagnostics/recorder.hpp"

#include <iomanip>
#include <limits>

#include "engine/diagnostics/drift.hpp"
#include "engine/diagnostics/energy.hpp"
#include "engine/forces/muscle_readings.hpp"

namespace articulab {

TimeSeriesRecorder::TimeSeriesRecorder(const Model& model, RecorderColumns columns) : columns_(columns) {
  header_ = {"t [s]",          "kinetic [J]",       "potential [J]",     "total [J]",
             "drift_position [m]", "drift_rotation [rad]", "px [kg m/s]",  "py [kg m/s]",
             "pz [kg m/s]",    "Lx [kg m^2/s]",     "Ly [kg m^2/s]",     "Lz [kg m^2/s]"};
  auto addCoordinateColumns = [&](const char* prefix, const char* rotationUnit, const char* translationUnit) {
    for (const Joint& joint : model.joints) {
      int col = 0;
      for (const JointPart& part : joint.parts) {
        const bool linear = part.type == JointType::Prismatic || part.type == JointType::Planar ||
                            part.type == JointType::Translational;
        for (int k = 0; k < part.nq; ++k, ++col)
          header_.push_back(std::string(prefix) + "_" + joint.name + "_" + std::to_string(col) + " [" +
                            (linear ? translationUnit : rotationUnit) + "]");
      }
    }
  };
  if (columns.q) addCoordinateColumns("q", "rad", "m");
  if (columns.qd) addCoordinateColumns("qd", "rad/s", "m/s");
  if (columns.qdd) addCoordinateColumns("qdd", "rad/s^2", "m/s^2");
  if (columns.solver) header_.insert(header_.end(), {"iterations [1]", "residual [1]"});
  for (const Muscle& muscle : model.muscles)
    for (const char* column : {"_excitation [1]", "_activation [1]", "_force [N]", "_length [m]", "_velocity [m/s]"})
      header_.push_back(muscle.name + column);
  if (!model.muscles.empty()) header_.push_back("muscle_power [W]");
  width_ = header_.size();
}

void TimeSeriesRecorder::record(const Model& model, const State& state, const VectorX* qdd) {
  const EnergyReport energy = computeEnergy(model, state);
  const DriftReport drift = computeDrift(model, state);
  data_.insert(data_.end(), {state.t, energy.kinetic, energy.potential, energy.total(), drift.total.position,
                             drift.total.rotation, energy.linearMomentum.x(), energy.linearMomentum.y(),
                             energy.linearMomentum.z(), energy.angularMomentum.x(), energy.angularMomentum.y(),
                             energy.angularMomentum.z()});
  if (columns_.q) data_.insert(data_.end(), state.q.begin(), state.q.end());
  if (columns_.qd) data_.insert(data_.end(), state.qd.begin(), state.qd.end());
  if (columns_.qdd) {
    if (qdd) data_.insert(data_.end(), qdd->begin(), qdd->end());
    else data_.insert(data_.end(), static_cast<std::size_t>(model.nq), std::numeric_limits<double>::quiet_NaN());
  }
  if (columns_.solver) data_.insert(data_.end(), {static_cast<double>(state.outputs.iterations), state.outputs.residual});
  for (std::size_t m = 0; m < model.muscles.size(); ++m) {
    const MuscleReading r = readMuscle(model, state, m);
    data_.insert(data_.end(), {r.excitation, r.activation, r.force, r.length, r.velocity});
  }
  if (!model.muscles.empty()) data_.push_back(energy.musclePower);
}

int TimeSeriesRecorder::column(const std::string& name) const {
  for (std::size_t c = 0; c < header_.size(); ++c)
    if (header_[c].substr(0, header_[c].find(" [")) == name) return static_cast<int>(c);
  return -1;
}

void TimeSeriesRecorder::writeCsv(std::ostream& out) const {
  for (std::size_t c = 0; c < width_; ++c) out << (c ? "," : "") << header_[c];
  out << '\n' << std::setprecision(17);
  for (std::size_t r = 0; r < rows(); ++r) {
    for (std::size_t c = 0; c < width_; ++c) out << (c ? "," : "") << value(r, c);
    out << '\n';
  }
}

}  // namespace articulab
