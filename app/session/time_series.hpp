// A fixed-capacity ring buffer of samples: one time column and several value columns.
// The simulation thread appends, the UI copies new rows into its own buffer and plots them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace articulab::session {

struct Channel {
  std::string name;  // CSV column name, e.g. "kinetic"
  std::string unit;  // e.g. "J"
  std::string label;  // legend text, e.g. "kinetic"
  bool operator==(const Channel&) const = default;
};

// "kinetic [J]": the column header and legend text of a channel.
std::string channelHeader(const Channel& channel);

// A stretch of the run on one back-end and integrator: from start (s) until the next segment's
// start.
struct Segment {
  double start;
  std::string label;             // the back-end that ran it
  std::string integrator = {};  // its integrator; empty: not named
  bool operator==(const Segment&) const = default;
};

class TimeSeries {
 public:
  // channels[0] is time; capacity is the number of rows kept (oldest dropped first).
  TimeSeries(std::vector<Channel> channels, std::size_t capacity);

  void push(const double* values);  // one value per channel
  void clear();  // also forgets the segments
  // Drops the rows (and segments) after time t, as a clear() does for readers: they copy again.
  void dropAfter(double t);
  // Starts a segment at time t unless the last one already has this label and integrator;
  // replaces the last one when it starts at t (a switch before any step).
  void markSegment(double t, std::string_view label, std::string_view integrator = "");
  const std::vector<Segment>& segments() const { return segments_; }
  // Clears and takes a new set of channels (channels[0] is time); the capacity stays.
  void setChannels(std::vector<Channel> channels);

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  std::size_t channelCount() const { return channels_.size(); }
  const std::vector<Channel>& channels() const { return channels_; }
  // Rows ever pushed since the last clear (not capped by capacity).
  std::uint64_t totalPushed() const { return totalPushed_; }
  // Increases on every clear(), so a reader knows its copy is stale.
  std::uint64_t generation() const { return generation_; }

  // Row 0 is the oldest row kept.
  double value(std::size_t row, std::size_t channel) const;
  double time(std::size_t row) const { return value(row, 0); }
  // First row with time >= t (size() if none); rows are in increasing time.
  std::size_t lowerBound(double t) const;

  // Appends to this buffer the rows of source pushed after `consumed` rows (a count of
  // source.totalPushed()), then sets consumed to source.totalPushed(). Restarts on clear(),
  // taking the source's channels when they changed.
  void appendNewRows(const TimeSeries& source, std::uint64_t& consumed, std::uint64_t& generation);

 private:
  std::vector<Channel> channels_;
  std::size_t capacity_;
  std::vector<double> data_;  // capacity_ rows of channels_.size() values
  std::size_t head_ = 0;      // index of the oldest row
  std::size_t size_ = 0;
  std::uint64_t totalPushed_ = 0;
  std::uint64_t generation_ = 0;
  std::vector<Segment> segments_;
};

}  // namespace articulab::session
