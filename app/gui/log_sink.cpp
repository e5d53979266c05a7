#include "app/gui/log_sink.hpp"

#include <spdlog/spdlog.h>

namespace articulab::gui {

RingBufferSink::RingBufferSink(std::size_t capacity) : capacity_(capacity) {
  set_pattern("%H:%M:%S.%e %^%l%$ %v");
}

void RingBufferSink::sink_it_(const spdlog::details::log_msg& message) {
  spdlog::memory_buf_t formatted;
  formatter_->format(message, formatted);
  std::string text(formatted.data(), formatted.size());
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  std::lock_guard<std::mutex> lock(linesMutex_);
  lines_.push_back({message.level, std::move(text)});
  if (lines_.size() > capacity_) lines_.pop_front();
  ++count_;
}

std::vector<LogLine> RingBufferSink::lines() const {
  std::lock_guard<std::mutex> lock(linesMutex_);
  return {lines_.begin(), lines_.end()};
}

std::uint64_t RingBufferSink::count() const {
  std::lock_guard<std::mutex> lock(linesMutex_);
  return count_;
}

void RingBufferSink::clearLines() {
  std::lock_guard<std::mutex> lock(linesMutex_);
  lines_.clear();
}

std::shared_ptr<RingBufferSink> installLogSink(std::size_t capacity) {
  static std::shared_ptr<RingBufferSink> sink;
  if (!sink) {
    sink = std::make_shared<RingBufferSink>(capacity);
    spdlog::default_logger()->sinks().push_back(sink);
  }
  return sink;
}

}  // namespace articulab::gui
