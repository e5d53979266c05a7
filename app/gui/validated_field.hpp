// A number field that commits on Enter or when it loses focus, and shows in red, under the
// field, why a value was refused (the value stays in the field; nothing is clamped).
#pragma once

#include <functional>
#include <string>

#include "app/gui/ui_state.hpp"

namespace articulab::gui {

// apply(value) returns "" when it accepted the value, otherwise the reason. key identifies the
// field across frames (e.g. "joint3.stiffness"). Returns true when a value was accepted.
bool validatedField(const char* label, const std::string& key, double current,
                    const std::function<std::string(double)>& apply, UiState& ui, const char* format = "%.6g");

}  // namespace articulab::gui
