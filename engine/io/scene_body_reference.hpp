// A body named in a scene entry (constraints, forces), or the world.
#pragma once

#include "engine/io/json_reader.hpp"
#include "engine/multibody/model.hpp"

namespace articulab::scene_io {

// The index of the body named by node (scene parameters expanded: "link{$n-1}", see
// scene_name_parameters.hpp), or -1 for "world" when worldField is empty; otherwise
// "world" is refused with a message that names worldField as the place where it is allowed.
int readBodyReference(const Node& node, const Model& model, const std::string& worldField);
// The same for a name already read from node (for example after expanding a template).
int findBodyReference(const Node& node, const std::string& name, const Model& model, const std::string& worldField);

}  // namespace articulab::scene_io
