// The search fields' rule (the scene browser, the plot panes' channel search): a query matches a text holding each of its words,
// in any case and order.
#pragma once

#include <string>

namespace articulab::gui {

// Whether every whitespace-separated word of `query` is in `text`, ignoring case; an empty
// query is in every text.
bool containsEveryWord(const std::string& text, const std::string& query);

}  // namespace articulab::gui
