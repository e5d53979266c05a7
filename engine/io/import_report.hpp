// What an import approximated or left out, each line naming the file, the line and the element:
// "robot.urdf:12: <transmission name="t1">: not imported (transmissions)". The lines go into
// Model::importReport, shown by `articulab import`, `describe` and the app's log.
#pragma once

#include <string>
#include <vector>

#include "engine/io/import_options.hpp"
#include "engine/io/xml_reading.hpp"

namespace articulab {

class ImportReport {
 public:
  explicit ImportReport(const xml_io::XmlFile& file) : file_(&file) {}
  void note(const tinyxml2::XMLElement& element, const std::string& message);
  // Moves the lines into the model's report.
  std::vector<std::string> take() { return std::move(lines_); }

 private:
  const xml_io::XmlFile* file_;
  std::vector<std::string> lines_;
};

}  // namespace articulab
