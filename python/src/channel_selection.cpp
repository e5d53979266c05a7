#include "python/src/channel_selection.hpp"

#include <algorithm>

#include "python/src/errors.hpp"

namespace articulab::python {

namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

bool isOptionalGroup(const std::string& group) { return contains(optionalChannelGroups(), group); }

void addGroup(ChannelSelection& selection, const std::string& group) {
  if (isOptionalGroup(group) && !selection.columns.has(group)) selection.columns.groups.push_back(group);
}

// The model's channel groups in catalogue order, for the refusal.
std::string groupList(const std::vector<ChannelDef>& catalog) {
  std::vector<std::string> groups;
  for (const ChannelDef& channel : catalog)
    if (!contains(groups, channel.group)) groups.push_back(channel.group);
  std::string list;
  for (const std::string& group : groups) list += (list.empty() ? "" : ", ") + group;
  return list;
}

}  // namespace

bool ChannelSelection::returns(const ChannelDef& channel) const {
  if (groups.empty() && names.empty()) return true;
  return channel.group == "time" || contains(groups, channel.group) || contains(names, channel.name);
}

ChannelSelection selectChannels(const Model& model, const std::optional<std::vector<std::string>>& asked) {
  ChannelSelection selection;
  if (!asked) return selection;
  const std::vector<ChannelDef> catalog = channelCatalog(model);
  for (const std::string& item : *asked) {
    if (isBaseChannelGroup(item) || isOptionalGroup(item)) {
      selection.groups.push_back(item);
      addGroup(selection, item);
      continue;
    }
    const int channel = findChannel(catalog, item);
    if (channel < 0)
      throw InputError("channels", "unknown channel or group '" + item + "' (expected a group: " + groupList(catalog) +
                                       "; or a channel of Scene.channels())");
    selection.names.push_back(catalog[channel].name);
    addGroup(selection, catalog[channel].group);
  }
  if (selection.groups.empty() && selection.names.empty()) selection.groups.push_back("time");
  return selection;
}

}  // namespace articulab::python
