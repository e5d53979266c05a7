// Issue 31's reproducers as scene text, shared by the loader's and the command line's tests.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace articulab::test {

// A shipped scene file (scenes/) as JSON, comments dropped.
nlohmann::json shippedSceneJson(const std::string& file);
// scenes/leg.json with /muscles/4/excitation removed (documented default: a constant 0).
std::string legWithoutExcitation();
// Ten chains of 100000 links each in 3 KB (each within the per-chain cap of 100000).
std::string tenChainsOf100000();

}  // namespace articulab::test
