#include "app/session/sample_channels.hpp"

namespace articulab::session {

namespace {

struct MuscleQuantityInfo {
  const char* name;  // channel suffix
  const char* unit;
};
const MuscleQuantityInfo kMuscleQuantities[kMuscleQuantityCount] = {
    {"excitation", "1"}, {"activation", "1"}, {"force", "N"}, {"length", "m"}, {"velocity", "m/s"}};

std::vector<Channel> standardSampleChannels(const std::string& compareBackend) {
  std::vector<Channel> channels = {
      {"t", "s", "time"},
      {"kinetic", "J", "kinetic"},
      {"potential", "J", "potential"},
      {"total", "J", "total"},
      {"drift_position", "m", "position drift"},
      {"drift_rotation", "rad", "rotation drift"},
  };
  if (compareBackend.empty()) return channels;
  const std::string& b = compareBackend;
  channels.push_back({"total_" + b, "J", "total (" + b + ")"});
  channels.push_back({"drift_position_" + b, "m", "position drift (" + b + ")"});
  channels.push_back({"drift_rotation_" + b, "rad", "rotation drift (" + b + ")"});
  return channels;
}

bool startsWith(const std::string& text, const std::string& prefix) { return text.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

const char* muscleQuantityName(MuscleQuantity q) { return kMuscleQuantities[q].name; }

const char* muscleQuantityUnit(MuscleQuantity q) { return kMuscleQuantities[q].unit; }

std::vector<Channel> sampleChannels(const std::string& compareBackend, const std::vector<std::string>& muscleNames) {
  std::vector<Channel> channels = standardSampleChannels(compareBackend);
  if (muscleNames.empty()) return channels;
  for (const std::string& muscle : muscleNames)
    for (const MuscleQuantityInfo& q : kMuscleQuantities) channels.push_back({muscle + "_" + q.name, q.unit, muscle});
  channels.push_back({"muscle_power", "W", "muscle power"});
  channels.push_back({"muscle_work", "J", "muscle work"});
  channels.push_back({"total_minus_muscle_work", "J", "total - muscle work"});
  return channels;
}

SampleLayout sampleLayout(const std::vector<Channel>& channels) {
  SampleLayout layout;
  layout.comparing = channels.size() >= kComparedChannelCount && startsWith(channels[kCompareTotal].name, "total_") &&
                     startsWith(channels[kCompareDriftPosition].name, "drift_position_") &&
                     startsWith(channels[kCompareDriftRotation].name, "drift_rotation_");
  const std::size_t base = layout.muscleBase();
  if (channels.size() >= base + 3 && channels.back().name == "total_minus_muscle_work")
    layout.muscles = (channels.size() - base - 3) / kMuscleQuantityCount;
  return layout;
}

}  // namespace articulab::session
