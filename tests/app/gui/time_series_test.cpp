// The ring buffer behind every plot: capacity, ordering, search and incremental copies.
#include <gtest/gtest.h>

#include "app/session/time_series.hpp"

namespace articulab::session {
namespace {

TimeSeries makeSeries(std::size_t capacity) { return TimeSeries({{"t", "s", "time"}, {"x", "m", "x"}}, capacity); }

void pushRow(TimeSeries& series, double t, double x) {
  double row[2] = {t, x};
  series.push(row);
}

TEST(TimeSeries, KeepsTheNewestRowsOldestFirstOnceFull) {
  TimeSeries series = makeSeries(4);
  for (int i = 0; i < 10; ++i) pushRow(series, i, 10.0 * i);
  ASSERT_EQ(series.size(), 4u);
  EXPECT_EQ(series.totalPushed(), 10u);
  for (std::size_t row = 0; row < 4; ++row) {
    EXPECT_EQ(series.time(row), 6.0 + row);
    EXPECT_EQ(series.value(row, 1), 10.0 * (6.0 + row));
  }
}

TEST(TimeSeries, LowerBoundFindsTheFirstRowAtOrAfterATime) {
  TimeSeries series = makeSeries(8);
  for (int i = 0; i < 12; ++i) pushRow(series, 0.5 * i, 0.0);  // rows hold t = 2.0 ... 5.5
  EXPECT_EQ(series.lowerBound(-1.0), 0u);
  EXPECT_EQ(series.time(series.lowerBound(3.0)), 3.0);
  EXPECT_EQ(series.time(series.lowerBound(3.1)), 3.5);
  EXPECT_EQ(series.lowerBound(100.0), series.size());
}

TEST(TimeSeries, AppendNewRowsCopiesOnlyWhatIsNewAndRestartsAfterClear) {
  TimeSeries source = makeSeries(16), copy = makeSeries(16);
  std::uint64_t consumed = 0, generation = ~0ull;
  for (int i = 0; i < 5; ++i) pushRow(source, i, i);
  copy.appendNewRows(source, consumed, generation);
  for (int i = 5; i < 8; ++i) pushRow(source, i, i);
  copy.appendNewRows(source, consumed, generation);
  ASSERT_EQ(copy.size(), 8u);
  for (std::size_t row = 0; row < 8; ++row) EXPECT_EQ(copy.time(row), double(row));

  source.clear();
  pushRow(source, 0.0, 42.0);
  copy.appendNewRows(source, consumed, generation);
  ASSERT_EQ(copy.size(), 1u);
  EXPECT_EQ(copy.value(0, 1), 42.0);
}

TEST(TimeSeries, AppendAfterOverflowKeepsTheLatestRows) {
  TimeSeries source = makeSeries(4), copy = makeSeries(4);
  std::uint64_t consumed = 0, generation = ~0ull;
  pushRow(source, 0.0, 0.0);
  copy.appendNewRows(source, consumed, generation);
  for (int i = 1; i < 20; ++i) pushRow(source, i, i);  // far more than the capacity since the last copy
  copy.appendNewRows(source, consumed, generation);
  ASSERT_EQ(copy.size(), 4u);
  EXPECT_EQ(copy.time(3), 19.0);
  EXPECT_EQ(copy.time(0), 16.0);
}

// A comparison run adds channels: the copy restarts with the source's channels.
TEST(TimeSeries, CopyTakesNewChannelsWhenTheSourceChangesThem) {
  TimeSeries source = makeSeries(8), copy = makeSeries(8);
  std::uint64_t consumed = 0, generation = ~0ull;
  pushRow(source, 0.0, 1.0);
  copy.appendNewRows(source, consumed, generation);
  source.setChannels({{"t", "s", "time"}, {"x", "m", "x"}, {"x_other", "m", "x (other)"}});
  EXPECT_EQ(source.size(), 0u);
  const double row[3] = {0.5, 2.0, 3.0};
  source.push(row);
  copy.appendNewRows(source, consumed, generation);
  ASSERT_EQ(copy.channelCount(), 3u);
  EXPECT_EQ(copy.channels()[2].name, "x_other");
  ASSERT_EQ(copy.size(), 1u);
  EXPECT_EQ(copy.value(0, 2), 3.0);
}

TEST(TimeSeries, SegmentsStartOnANewLabelAreCopiedAndClearWithTheRows) {
  TimeSeries source({{"t", "s", "time"}}, 8);
  source.markSegment(0.0, "recursive");
  source.markSegment(0.5, "recursive");  // same back-end: no new segment
  source.markSegment(1.0, "baraff");
  ASSERT_EQ(source.segments().size(), 2u);
  EXPECT_EQ(source.segments()[1], (Segment{1.0, "baraff"}));
  TimeSeries copy({{"t", "s", "time"}}, 8);
  std::uint64_t consumed = 0, generation = source.generation();
  copy.appendNewRows(source, consumed, generation);
  EXPECT_EQ(copy.segments(), source.segments());
  source.markSegment(1.0, "redmax");  // switched again before a step: baraff never ran
  ASSERT_EQ(source.segments().size(), 2u);
  EXPECT_EQ(source.segments()[1], (Segment{1.0, "redmax"}));
  source.markSegment(1.0, "recursive");  // and back: one segment of recursive from 0
  EXPECT_EQ(source.segments(), (std::vector<Segment>{{0.0, "recursive"}}));
  source.clear();
  EXPECT_TRUE(source.segments().empty());
}

TEST(TimeSeries, RejectsAZeroCapacity) {
  EXPECT_THROW(TimeSeries({{"t", "s", "time"}}, 0), std::invalid_argument);
}

}  // namespace
}  // namespace articulab::session
