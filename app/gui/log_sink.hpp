// A spdlog sink that keeps the last lines in a ring buffer under a mutex, for the log panel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <spdlog/sinks/base_sink.h>

namespace articulab::gui {

struct LogLine {
  spdlog::level::level_enum level;
  std::string text;
};

class RingBufferSink : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit RingBufferSink(std::size_t capacity);
  // Copies of the stored lines, oldest first.
  std::vector<LogLine> lines() const;
  // Lines ever logged; lets the panel notice new lines cheaply.
  std::uint64_t count() const;
  void clearLines();

 protected:
  void sink_it_(const spdlog::details::log_msg& message) override;
  void flush_() override {}

 private:
  std::size_t capacity_;
  mutable std::mutex linesMutex_;
  std::deque<LogLine> lines_;
  std::uint64_t count_ = 0;
};

// Adds a ring buffer sink to the default logger (once) and returns it.
std::shared_ptr<RingBufferSink> installLogSink(std::size_t capacity = 2000);

}  // namespace articulab::gui
