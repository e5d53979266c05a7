// The channels Run.record returns: asked by group (those `articulab run` always records: time,
// energy, drift, momentum, muscles; and those of `--record`: q, qd, qdd, solver, body, ...) or by
// channel name (channel_catalog.hpp). Nothing asked: the groups `articulab run` records without
// --record. The time t is always returned.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/diagnostics/recorder.hpp"

namespace articulab::python {

struct ChannelSelection {
  RecorderColumns columns;  // the optional groups the recorder needs
  std::vector<std::string> groups, names;  // asked; both empty: every channel recorded
  bool returns(const ChannelDef& channel) const;
};

// InputError naming "channels" for a name that is neither a group nor a channel of the model.
ChannelSelection selectChannels(const Model& model, const std::optional<std::vector<std::string>>& asked);

}  // namespace articulab::python
