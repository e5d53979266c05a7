#include "engine/diagnostics/recorder.hpp"

#include <algorithm>

#include "engine/io/json_layout.hpp"

namespace articulab {

bool RecorderColumns::has(const std::string& group) const {
  return std::find(groups.begin(), groups.end(), group) != groups.end();
}

TimeSeriesRecorder::TimeSeriesRecorder(const Model& model, RecorderColumns columns) {
  for (ChannelDef& channel : channelCatalog(model))
    if (isBaseChannelGroup(channel.group) || columns.has(channel.group)) channels_.push_back(std::move(channel));
  for (const ChannelDef& channel : channels_) header_.push_back(channel.header());
  width_ = header_.size();
}

void TimeSeriesRecorder::record(const Model& model, const State& state, const VectorX* qdd, double work) {
  ChannelEvaluator evaluator(model, state, qdd, work);
  for (const ChannelDef& channel : channels_) data_.push_back(evaluator.value(channel));
}

int TimeSeriesRecorder::column(const std::string& name) const { return findChannel(channels_, name); }

void TimeSeriesRecorder::writeCsv(std::ostream& out) const {
  for (std::size_t c = 0; c < width_; ++c) out << (c ? "," : "") << header_[c];
  out << '\n';
  for (std::size_t r = 0; r < rows(); ++r) {
    // The fewest digits that read back to the same double: t = k h prints as 2.039.
    for (std::size_t c = 0; c < width_; ++c) out << (c ? "," : "") << scene_io::exactNumber(value(r, c));
    out << '\n';
  }
}

}  // namespace articulab
