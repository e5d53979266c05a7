// Writes what the inspector shows of a body (app/gui/body_inspection.hpp) as JSON, so that
// scripted sessions can check its numbers (the export-inspection script command).
#pragma once

#include <string>

#include "app/gui/body_inspection.hpp"

namespace articulab::gui {

// Returns false and fills error (naming the file) when the file cannot be written.
bool writeInspection(const BodyInspection& inspection, double time, const std::string& path, std::string& error);

}  // namespace articulab::gui
