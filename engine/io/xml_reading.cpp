#include "engine/io/xml_reading.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "engine/io/json_reader.hpp"
#include "engine/io/scene_loader.hpp"

namespace articulab::xml_io {

XmlFile::XmlFile(const std::string& path) : path_(path) {
  if (!std::filesystem::is_regular_file(path)) throw SceneError(path, "", "cannot open the file (no such file)");
  document_.LoadFile(path.c_str());
  const std::string where = path + ":" + std::to_string(document_.ErrorLineNum());
  if (document_.ErrorID() == tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED)
    throw SceneError(where, "", "elements nested more than " + std::to_string(TINYXML2_MAX_ELEMENT_DEPTH) +
                                    " deep, the most the XML reader (tinyxml2) takes (MJCF bodies nest about " +
                                    std::to_string(TINYXML2_MAX_ELEMENT_DEPTH - 4) + " deep at most)");
  if (document_.Error()) throw SceneError(where, "", std::string("XML syntax error: ") + document_.ErrorStr());
  if (!document_.RootElement()) throw SceneError(path, "", "the file has no XML element");
}

std::string XmlFile::describe(const tinyxml2::XMLElement& element) {
  std::string text = "<" + std::string(element.Name());
  if (const char* name = element.Attribute("name")) text += " name=\"" + std::string(name) + "\"";
  return text + ">";
}

std::string XmlFile::where(const tinyxml2::XMLElement& element) const {
  return path_ + ":" + std::to_string(element.GetLineNum());
}

void XmlFile::fail(const tinyxml2::XMLElement& element, const std::string& message) const {
  throw SceneError(where(element), describe(element), message);
}

std::string XmlFile::text(const tinyxml2::XMLElement& e, const char* name) const {
  const char* value = e.Attribute(name);
  if (!value) fail(e, "missing required attribute \"" + std::string(name) + "\"");
  return value;
}

std::string XmlFile::text(const tinyxml2::XMLElement& e, const char* name, const std::string& fallback) const {
  const char* value = e.Attribute(name);
  return value ? std::string(value) : fallback;
}

std::vector<double> XmlFile::numbers(const tinyxml2::XMLElement& e, const char* name, int count) const {
  const std::string value = text(e, name);
  std::vector<double> out;
  const char* p = value.c_str();
  while (true) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') ++p;
    if (!*p) break;
    char* end = nullptr;
    const double x = std::strtod(p, &end);
    if (end == p || !std::isfinite(x))
      fail(e, "attribute " + std::string(name) + "=\"" + value + "\": expected finite numbers");
    out.push_back(x);
    p = end;
  }
  if (count > 0 && static_cast<int>(out.size()) != count)
    fail(e, "attribute " + std::string(name) + "=\"" + value + "\": expected " + std::to_string(count) +
                " numbers, got " + std::to_string(out.size()));
  return out;
}

double XmlFile::number(const tinyxml2::XMLElement& e, const char* name) const { return numbers(e, name, 1)[0]; }

double XmlFile::number(const tinyxml2::XMLElement& e, const char* name, double fallback) const {
  return has(e, name) ? number(e, name) : fallback;
}

Vector3 XmlFile::vector3(const tinyxml2::XMLElement& e, const char* name, const Vector3& fallback) const {
  if (!has(e, name)) return fallback;
  const std::vector<double> v = numbers(e, name, 3);
  return Vector3(v[0], v[1], v[2]);
}

Matrix3 rollPitchYaw(const Vector3& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), Vector3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vector3::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), Vector3::UnitX()))
      .toRotationMatrix();
}

Matrix3 rotationTakingZTo(const Vector3& a) {
  return Eigen::Quaterniond::FromTwoVectors(Vector3::UnitZ(), a.normalized()).toRotationMatrix();
}

}  // namespace articulab::xml_io
