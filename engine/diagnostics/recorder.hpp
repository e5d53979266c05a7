// Time series of the diagnostics, one row per recorded state, written as CSV. The columns are
// channels of the catalogue (channel_catalog.hpp): always t [s], kinetic/potential/total [J],
// drift_position [m], drift_rotation [rad], momentum p [kg m/s] and L [kg m^2/s] in world, the
// work W [J] of the forces that do work since the start (run_monitor.hpp; NaN where not known) and,
// with muscles, each muscle's excitation, activation, force, length and velocity and the
// muscles' power; then the optional groups asked for: q, qd, qdd per coordinate, solver
// (iterations of the step's iterative solve, -1 for a direct one, and its final residual),
// body (poses and world velocities), joint_drift, loop_drift and contacts.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/diagnostics/channel_catalog.hpp"

namespace articulab {

struct RecorderColumns {
  std::vector<std::string> groups;  // optional channel groups (optionalChannelGroups())
  bool has(const std::string& group) const;
};

class TimeSeriesRecorder {
 public:
  TimeSeriesRecorder(const Model& model, RecorderColumns columns);
  // Appends one row; qdd is required when the recorder has qdd columns (NaN without it); work is
  // the run's W at the state (the work column; NaN: not known).
  void record(const Model& model, const State& state, const VectorX* qdd = nullptr,
              double work = std::numeric_limits<double>::quiet_NaN());
  const std::vector<std::string>& header() const { return header_; }
  const std::vector<ChannelDef>& channels() const { return channels_; }
  std::size_t rows() const { return width_ == 0 ? 0 : data_.size() / width_; }
  double value(std::size_t row, std::size_t column) const { return data_[row * width_ + column]; }
  // Index of a column by its name (the part of the header before " ["), or -1.
  int column(const std::string& name) const;
  void writeCsv(std::ostream& out) const;

 private:
  std::vector<ChannelDef> channels_;
  std::vector<std::string> header_;
  std::size_t width_ = 0;
  std::vector<double> data_;
};

}  // namespace articulab
