// The plot panes the user adds below the standard plots (issue 16, "plot any quantity"): each
// shows one catalogue channel against time, or against another channel (a phase plot, e.g.
// qd_link1_joint_0 against q_link1_joint_0). Their channels are evaluated at the history's
// keyframes (channel_recording.hpp), so the timeline's cursor marks the state shown.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/session_names.hpp"
#include "app/gui/plot_widget.hpp"

namespace articulab::gui {

struct PlotPane {
  std::string y;  // catalogue channel name
  std::string x;  // empty: against time
  PlotView view;
  // The value axis (both axes of a phase plot), chosen as the energy and drift plots' are
  // (axis_scale.hpp); the range follows the data.
  AxisScale scale = AxisScale::Linear;
};

class ChannelPanes {
 public:
  static constexpr std::size_t kMaxPanes = 8;

  // The model's channel catalogue, rebuilt when the model version changes.
  const std::vector<ChannelDef>& catalog(const Model& model, std::uint64_t modelVersion);
  // Adds a pane plotting y (against x when not empty); the names may carry " [unit]". Empty on
  // success, else the reason naming the unknown channel (or the full pane list).
  std::string add(const std::vector<ChannelDef>& catalog, const std::string& y, const std::string& x = "");
  // Removes pane number `number` (1 is the first); the reason when there is none.
  std::string remove(long number);
  // Sets the axis scale of pane `number` ("linear", "log" or "symlog"); the reason when it cannot.
  std::string setScale(long number, const std::string& scale);
  // Pane `number` (1 is the first), or null with the reason.
  PlotPane* pane(long number, std::string& error);
  const std::vector<PlotPane>& panes() const { return panes_; }
  std::vector<PlotPane>& panes() { return panes_; }
  // The channels the panes show, each once, in pane order (y before x).
  std::vector<std::string> channelNames() const;

  ChannelRecording recording;

 private:
  std::vector<PlotPane> panes_;
  std::vector<ChannelDef> catalog_;
  std::uint64_t catalogVersion_ = ~0ull;
};

// The catalogue entries whose name contains every word of the search text (case-insensitive).
std::vector<int> searchChannels(const std::vector<ChannelDef>& catalog, const std::string& text);

}  // namespace articulab::gui
