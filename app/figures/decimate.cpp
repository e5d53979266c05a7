#include "app/figures/decimate.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::figures {

namespace {

struct Bucket {
  int column = -1;
  PlotPoint first{}, low{}, high{}, last{};
};

void flush(const Bucket& bucket, std::vector<PlotPoint>& out) {
  if (bucket.column < 0) return;
  out.push_back(bucket.first);
  const PlotPoint& a = bucket.low.t <= bucket.high.t ? bucket.low : bucket.high;
  const PlotPoint& b = bucket.low.t <= bucket.high.t ? bucket.high : bucket.low;
  if (a.t != bucket.first.t) out.push_back(a);
  if (b.t != bucket.first.t && b.t != a.t) out.push_back(b);
  if (bucket.last.t != bucket.first.t && bucket.last.t != a.t && bucket.last.t != b.t) out.push_back(bucket.last);
}

}  // namespace

std::vector<PlotPoint> decimate(const TimeSeries& data, std::size_t channel, const AxisRange& time, int columns) {
  std::vector<PlotPoint> out;
  if (data.size() == 0 || !(time.hi > time.lo) || columns <= 0) return out;
  std::size_t begin = data.lowerBound(time.lo);
  std::size_t end = data.lowerBound(time.hi);
  begin = begin > 0 ? begin - 1 : 0;
  end = std::min(end + 1, data.size());
  double scale = columns / (time.hi - time.lo);
  Bucket bucket;
  for (std::size_t row = begin; row < end; ++row) {
    PlotPoint point{data.time(row), data.value(row, channel)};
    if (!std::isfinite(point.value)) {
      flush(bucket, out);
      bucket = Bucket{};
      out.push_back({point.t, NAN});
      continue;
    }
    int column = static_cast<int>(std::floor((point.t - time.lo) * scale));
    if (column != bucket.column) {
      flush(bucket, out);
      bucket = Bucket{column, point, point, point, point};
      continue;
    }
    if (point.value < bucket.low.value) bucket.low = point;
    if (point.value > bucket.high.value) bucket.high = point;
    bucket.last = point;
  }
  flush(bucket, out);
  return out;
}

}  // namespace articulab::figures
