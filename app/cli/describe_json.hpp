// `articulab describe --json` and `articulab backends --json`: the facts of their text forms
// (describe_facts.hpp) as one JSON object each, for scripts; the fields are in docs/cli.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/multibody/model.hpp"

namespace articulab::cli {

using OrderedJson = nlohmann::ordered_json;

// The model read from `scene`: header, counts, counts by type, the back-ends' verdicts and,
// unless summary, one entry per body, joint, loop, force element, muscle and keyframe.
OrderedJson describeJson(const Model& model, const std::string& scene, bool summary);
// Every back-end with what it simulates, its integrators (the first the default) and settings.
OrderedJson backendsJson();

}  // namespace articulab::cli
