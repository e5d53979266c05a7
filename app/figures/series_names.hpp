// The recorded series as the figures read them (app/session/time_series.hpp and the session's
// sample channels): figures draw series, they do not run anything.
#pragma once

#include "app/session/sample_channels.hpp"
#include "app/session/time_series.hpp"

namespace articulab::figures {

using session::Channel;
using session::channelHeader;
using session::MuscleQuantity;
using session::muscleQuantityName;
using session::muscleQuantityUnit;
using session::SampleChannel;
using session::SampleLayout;
using session::Segment;
using session::TimeSeries;
using enum session::MuscleQuantity;
using enum session::SampleChannel;

}  // namespace articulab::figures
