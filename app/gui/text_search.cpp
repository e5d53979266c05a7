#include "app/gui/text_search.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace articulab::gui {

namespace {

std::string lowerCased(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

}  // namespace

bool containsEveryWord(const std::string& text, const std::string& query) {
  const std::string haystack = lowerCased(text);
  std::istringstream words(lowerCased(query));
  for (std::string word; words >> word;)
    if (haystack.find(word) == std::string::npos) return false;
  return true;
}

}  // namespace articulab::gui
