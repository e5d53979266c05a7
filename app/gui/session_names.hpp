// The live session's names as the panels, plots and the script use them (app/session: the app's
// session without ImGui; app/gui draws it and talks to it).
#pragma once

#include "app/session/channel_recording.hpp"
#include "app/session/csv_export.hpp"
#include "app/session/model_edits.hpp"
#include "app/session/parameter_checks.hpp"
#include "app/session/sample_channels.hpp"
#include "app/session/session.hpp"
#include "app/session/time_series.hpp"

namespace articulab::gui {

using session::Channel;
using session::channelHeader;
using session::ChannelRecording;
using session::HistoryView;
using session::IntegratorOffer;
using session::Segment;
using session::Session;
using session::SessionStats;
using session::Snapshot;
using session::TimeSeries;
using session::writeChannelsCsv;
using session::writeCsv;

using session::keyframeEvery;
using session::kKeyframesPerSecond;

using session::muscleQuantityName;
using session::MuscleQuantity;
using session::SampleChannel;
using session::sampleChannels;
using session::SampleLayout;
using session::sampleLayout;
using enum session::MuscleQuantity;
using enum session::SampleChannel;

using session::ForceField;
using session::JointField;
using session::parseForceField;
using session::parseJointField;
using session::sameExcitation;

using session::checkPlotWindow;
using session::checkSpeed;
using session::checkStepSize;

}  // namespace articulab::gui
