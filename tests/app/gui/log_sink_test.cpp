// The log panel's spdlog sink keeps the newest lines, in order, with their level.
#include <gtest/gtest.h>

#include <spdlog/logger.h>

#include "app/gui/log_sink.hpp"

namespace articulab::gui {
namespace {

TEST(RingBufferSink, KeepsTheNewestLinesInOrderWithTheirLevel) {
  auto sink = std::make_shared<RingBufferSink>(3);
  spdlog::logger logger("test", sink);
  logger.set_level(spdlog::level::trace);
  for (int i = 0; i < 5; ++i) logger.info("line {}", i);
  logger.error("broken scene");
  std::vector<LogLine> lines = sink->lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].text.find("line 3"), std::string::npos);
  EXPECT_NE(lines[1].text.find("line 4"), std::string::npos);
  EXPECT_NE(lines[2].text.find("broken scene"), std::string::npos);
  EXPECT_EQ(lines[2].level, spdlog::level::err);
  EXPECT_EQ(sink->count(), 6u);
  EXPECT_EQ(lines[2].text.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace articulab::gui
