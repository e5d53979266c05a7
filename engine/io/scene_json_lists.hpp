// The large lists of a scene document read one entry at a time: parseSceneJson with
// streamedLists checks the whole text but keeps a null for each entry of those root arrays,
// and forEachEntry reads the entries from the text again, building, handing over and freeing
// one at a time (a 1e5-body scene's bodies and joints never make one document; issue 31).
#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/io/scene_json.hpp"

namespace articulab::scene_io {

// parseSceneJson, with the entries of the root arrays named in streamedLists checked (syntax,
// repeated keys, numbers, nesting, memory) but not kept: each is a null in its list.
Json parseSceneJson(const std::string& text, const std::string& file, const SceneLimits& limits,
                    std::initializer_list<std::string_view> streamedLists);

// Calls read(i, entry) for each entry of the root array `list` of a text that parseSceneJson
// accepted with `list` streamed, in order.
using EntryReader = std::function<void(std::size_t index, const Json& entry)>;
void forEachEntry(const std::string& text, const std::string& file, std::string_view list, const EntryReader& read);

}  // namespace articulab::scene_io
