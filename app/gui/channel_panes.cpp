#include "app/gui/channel_panes.hpp"

#include <algorithm>

#include "app/gui/text_search.hpp"

namespace articulab::gui {

namespace {

std::string bareName(const std::string& name) { return name.substr(0, name.find(" [")); }

}  // namespace

const std::vector<ChannelDef>& ChannelPanes::catalog(const Model& model, std::uint64_t modelVersion) {
  if (modelVersion != catalogVersion_) {
    catalog_ = channelCatalog(model);
    catalogVersion_ = modelVersion;
  }
  return catalog_;
}

std::string ChannelPanes::add(const std::vector<ChannelDef>& catalog, const std::string& y, const std::string& x) {
  if (panes_.size() >= kMaxPanes) return "at most " + std::to_string(kMaxPanes) + " plot panes: remove one first";
  for (const std::string& name : {y, x})
    if (!name.empty() && findChannel(catalog, name) < 0)
      return "unknown channel '" + name + "' (the plots panel's channel picker lists them; e.g. " +
             (catalog.size() > 1 ? catalog[1].name : std::string("t")) + ")";
  if (bareName(y) == "t") return "channel 't' is the time axis: plot another channel against it";
  panes_.push_back({bareName(y), bareName(x) == "t" ? std::string() : bareName(x), PlotView{}});
  recording.request(channelNames());
  return "";
}

std::string ChannelPanes::remove(long number) {
  std::string error;
  if (!pane(number, error)) return error;
  panes_.erase(panes_.begin() + (number - 1));
  recording.request(channelNames());
  return "";
}

PlotPane* ChannelPanes::pane(long number, std::string& error) {
  if (number >= 1 && number <= static_cast<long>(panes_.size())) return &panes_[number - 1];
  error = "no plot pane " + std::to_string(number) + " (there are " + std::to_string(panes_.size()) +
          ", numbered from 1)";
  return nullptr;
}

std::string ChannelPanes::setScale(long number, const std::string& scale) {
  std::string error;
  PlotPane* chosen = pane(number, error);
  if (!chosen) return error;
  if (!parseAxisScale(scale, chosen->scale)) return "unknown axis scale '" + scale + "' (expected linear, log or symlog)";
  chosen->view.autoscaleValues = true;
  return "";
}

std::vector<std::string> ChannelPanes::channelNames() const {
  std::vector<std::string> names;
  for (const PlotPane& pane : panes_)
    for (const std::string* name : {&pane.y, &pane.x})
      if (!name->empty() && std::find(names.begin(), names.end(), *name) == names.end()) names.push_back(*name);
  return names;
}

std::vector<int> searchChannels(const std::vector<ChannelDef>& catalog, const std::string& text) {
  std::vector<int> found;
  for (std::size_t c = 1; c < catalog.size(); ++c)  // 0 is t, the time axis
    if (containsEveryWord(catalog[c].name + " " + catalog[c].group, text)) found.push_back(static_cast<int>(c));
  return found;
}

}  // namespace articulab::gui
