#include "app/session/time_series.hpp"

#include <algorithm>
#include <stdexcept>

namespace articulab::session {

std::string channelHeader(const Channel& channel) {
  return channel.unit.empty() ? channel.name : channel.name + " [" + channel.unit + "]";
}

TimeSeries::TimeSeries(std::vector<Channel> channels, std::size_t capacity)
    : channels_(std::move(channels)), capacity_(capacity), data_(capacity * channels_.size()) {
  if (channels_.empty() || capacity == 0)
    throw std::invalid_argument("TimeSeries needs at least one channel and a capacity above zero");
}

void TimeSeries::push(const double* values) {
  std::size_t slot = (head_ + size_) % capacity_;
  if (size_ == capacity_) {
    slot = head_;
    head_ = (head_ + 1) % capacity_;
  } else {
    ++size_;
  }
  std::copy(values, values + channels_.size(), data_.begin() + slot * channels_.size());
  ++totalPushed_;
}

void TimeSeries::clear() {
  head_ = 0;
  size_ = 0;
  totalPushed_ = 0;
  ++generation_;
  segments_.clear();
}

void TimeSeries::dropAfter(double t) {
  std::size_t kept = size_;
  while (kept > 0 && time(kept - 1) > t) --kept;
  totalPushed_ -= size_ - kept;
  size_ = kept;
  ++generation_;
  while (!segments_.empty() && segments_.back().start > t) segments_.pop_back();
}

void TimeSeries::markSegment(double t, std::string_view label, std::string_view integrator) {
  if (!segments_.empty() && segments_.back().label == label && segments_.back().integrator == integrator) return;
  if (segments_.empty() || segments_.back().start < t) {
    segments_.push_back({t, std::string(label), std::string(integrator)});
    return;
  }
  // A switch at the very time the last segment began: that segment never ran.
  segments_.pop_back();
  markSegment(t, label, integrator);
}

void TimeSeries::setChannels(std::vector<Channel> channels) {
  if (channels.empty()) throw std::invalid_argument("TimeSeries needs at least one channel");
  channels_ = std::move(channels);
  data_.assign(capacity_ * channels_.size(), 0.0);
  clear();
}

double TimeSeries::value(std::size_t row, std::size_t channel) const {
  return data_[((head_ + row) % capacity_) * channels_.size() + channel];
}

std::size_t TimeSeries::lowerBound(double t) const {
  std::size_t lo = 0, hi = size_;
  while (lo < hi) {
    std::size_t mid = (lo + hi) / 2;
    if (time(mid) < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void TimeSeries::appendNewRows(const TimeSeries& source, std::uint64_t& consumed, std::uint64_t& generation) {
  if (generation != source.generation() || consumed > source.totalPushed()) {
    if (channels_ != source.channels())
      setChannels(source.channels());
    else
      clear();
    consumed = 0;
    generation = source.generation();
  }
  std::uint64_t fresh = source.totalPushed() - consumed;
  std::size_t available = std::min<std::uint64_t>(fresh, source.size());
  std::vector<double> row(channels_.size());
  std::size_t columns = std::min(channels_.size(), source.channelCount());
  for (std::size_t r = source.size() - available; r < source.size(); ++r) {
    for (std::size_t c = 0; c < columns; ++c) row[c] = source.value(r, c);
    push(row.data());
  }
  consumed = source.totalPushed();
  if (segments_ != source.segments_) segments_ = source.segments_;
}

}  // namespace articulab::session
