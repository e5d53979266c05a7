// The large lists of a scene document read one entry at a time: parseSceneJson with
// streamedLists keeps a null for each entry of those root arrays, handing each entry, as the
// parse closes it, to an EntryHook, which reads it there (its errors then come in file order,
// before the rest of the file is parsed); the entries a hook leaves are read after the parse
// by forEachEntry, from the text again. Built, handed over and freed one at a time: a 1e5-body
// scene's bodies and joints never make one document (issue 31).
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

// Called as the parse closes entry `index` of the streamed list `list`, with the root object so
// far (the keys before the list complete); returns false to leave this entry and every later
// entry of the streamed lists to forEachEntry.
using EntryHook = std::function<bool(std::string_view list, std::size_t index, const Json& entry, const Json& root)>;
Json parseSceneJson(const std::string& text, const std::string& file, const SceneLimits& limits,
                    std::initializer_list<std::string_view> streamedLists, const EntryHook& hook);

// Calls read(i, entry) for each entry from `first` on of the root array `list` of a text that
// parseSceneJson accepted with `list` streamed, in order.
using EntryReader = std::function<void(std::size_t index, const Json& entry)>;
void forEachEntry(const std::string& text, const std::string& file, std::string_view list, const EntryReader& read,
                  std::size_t first = 0);

}  // namespace articulab::scene_io
