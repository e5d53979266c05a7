// Reading URDF and MJCF elements (tinyxml2) with errors that name the file, the line and the
// element: "panda.urdf:57: <joint name="x">: axis has zero length" (a SceneError whose file is
// "panda.urdf:57" and whose pointer is the element).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <tinyxml2.h>

#include "engine/spatial/types.hpp"

namespace articulab::xml_io {

// A parsed XML file; throws SceneError for a missing file or an XML syntax error (with its line).
class XmlFile {
 public:
  explicit XmlFile(const std::string& path);
  const std::string& path() const { return path_; }
  const tinyxml2::XMLElement* root() const { return document_.RootElement(); }

  // "<joint name=\"x\">", the element as its opening tag reads with its name (if any).
  static std::string describe(const tinyxml2::XMLElement& element);
  // "panda.urdf:57".
  std::string where(const tinyxml2::XMLElement& element) const;
  [[noreturn]] void fail(const tinyxml2::XMLElement& element, const std::string& message) const;

  // Attribute readers: required ones fail when absent; every number must be finite.
  bool has(const tinyxml2::XMLElement& e, const char* name) const { return e.Attribute(name) != nullptr; }
  std::string text(const tinyxml2::XMLElement& e, const char* name) const;
  std::string text(const tinyxml2::XMLElement& e, const char* name, const std::string& fallback) const;
  double number(const tinyxml2::XMLElement& e, const char* name) const;
  double number(const tinyxml2::XMLElement& e, const char* name, double fallback) const;
  // A whitespace-separated list of numbers; `count` > 0 requires exactly that many.
  std::vector<double> numbers(const tinyxml2::XMLElement& e, const char* name, int count = 0) const;
  Vector3 vector3(const tinyxml2::XMLElement& e, const char* name, const Vector3& fallback) const;

 private:
  std::string path_;
  tinyxml2::XMLDocument document_;
};

// Rotation from roll, pitch, yaw about fixed x, y, z: R = Rz(yaw) Ry(pitch) Rx(roll) (URDF).
Matrix3 rollPitchYaw(const Vector3& rpy);
// A rotation that takes z to the unit vector a (the identity for a = z).
Matrix3 rotationTakingZTo(const Vector3& a);

}  // namespace articulab::xml_io
