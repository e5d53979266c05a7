// Time series of the diagnostics, one row per recorded state, written as CSV.
// Columns: t [s], kinetic/potential/total [J], drift_position [m], drift_rotation [rad],
// momentum p [kg m/s] and L [kg m^2/s] in world, then optionally q, qd, qdd per coordinate and
// the step's solver outputs: iterations of its iterative solve (-1 for a direct one) and the
// final residual (State::outputs; in the back-end's units, 0 for a direct solve); with muscles,
// each muscle's excitation, activation, force, length and velocity and the muscles' power.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/multibody/state.hpp"

namespace articulab {

struct RecorderColumns {
  bool q = false, qd = false, qdd = false, solver = false;
};

class TimeSeriesRecorder {
 public:
  TimeSeriesRecorder(const Model& model, RecorderColumns columns);
  // Appends one row; qdd is required when the recorder has qdd columns.
  void record(const Model& model, const State& state, const VectorX* qdd = nullptr);
  const std::vector<std::string>& header() const { return header_; }
  std::size_t rows() const { return width_ == 0 ? 0 : data_.size() / width_; }
  double value(std::size_t row, std::size_t column) const { return data_[row * width_ + column]; }
  // Index of a column by its name (the part of the header before " ["), or -1.
  int column(const std::string& name) const;
  void writeCsv(std::ostream& out) const;

 private:
  RecorderColumns columns_;
  std::vector<std::string> header_;
  std::size_t width_ = 0;
  std::vector<double> data_;
};

}  // namespace articulab
