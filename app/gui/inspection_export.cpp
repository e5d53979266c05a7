#include "app/gui/inspection_export.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace articulab::gui {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string array(const double* x, Eigen::Index n) {
  std::string out = "[";
  char value[32];
  for (Eigen::Index k = 0; k < n; ++k) {
    std::snprintf(value, sizeof value, "%s%.17g", k ? ", " : "", x[k]);
    out += value;
  }
  return out + "]";
}

std::string array(const Vector3& v) { return array(v.data(), 3); }
std::string array(const VectorX& v) { return array(v.data(), v.size()); }

void writeForces(std::FILE* f, const BodyInspection& b) {
  std::fprintf(f, "  \"forces\": [");
  for (std::size_t k = 0; k < b.forces.size(); ++k)
    std::fprintf(f, "%s\n    {\"name\": %s, \"kind\": %s, \"magnitude\": %.17g}", k ? "," : "",
                 quoted(b.forces[k].name).c_str(), quoted(b.forces[k].kind).c_str(), b.forces[k].magnitude);
  std::fprintf(f, "],\n  \"contacts\": [");
  for (std::size_t k = 0; k < b.contacts.size(); ++k) {
    const InspectedContact& c = b.contacts[k];
    std::fprintf(f, "%s\n    {\"with\": %s, \"point\": %s, \"normal_force\": %.17g, \"normal\": %s, \"friction\": %s}",
                 k ? "," : "", quoted(c.with).c_str(), array(c.point).c_str(), c.normalForce, array(c.normal).c_str(),
                 array(c.friction).c_str());
  }
  std::fprintf(f, "],\n  \"contact_sum\": %s,\n", array(b.contactSum).c_str());
  if (b.hasJointWrench)
    std::fprintf(f, "  \"joint_wrench\": {\"force\": %s, \"moment\": %s, \"point\": %s, \"loop_on_subtree\": %s},\n",
                 array(b.jointWrench.force).c_str(), array(b.jointWrench.moment).c_str(),
                 array(b.jointWrench.point).c_str(), b.loopOnSubtree ? "true" : "false");
}

}  // namespace

bool writeInspection(const BodyInspection& b, double time, const std::string& path, std::string& error) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "w"), &std::fclose);
  if (!file) {
    error = path + ": cannot write the inspection: " + std::strerror(errno);
    return false;
  }
  std::FILE* f = file.get();
  std::fprintf(f, "{\n  \"t\": %.17g,\n  \"body\": %s,\n  \"mass\": %.17g,\n", time, quoted(b.name).c_str(), b.mass);
  std::fprintf(f, "  \"position\": %s,\n  \"angular_velocity\": %s,\n  \"centre_velocity\": %s,\n",
               array(b.position).c_str(), array(b.angularVelocity).c_str(), array(b.centreVelocity).c_str());
  std::fprintf(f, "  \"joint\": %s,\n  \"q\": %s,\n  \"qd\": %s,\n  \"qdd\": %s,\n", quoted(b.joint).c_str(),
               array(b.q).c_str(), array(b.qd).c_str(), array(b.qdd).c_str());
  writeForces(f, b);
  std::fprintf(f, "  \"kinetic\": %.17g\n}\n", b.kinetic);
  if (std::fflush(f) != 0 || std::ferror(f)) {
    error = path + ": writing the inspection failed: " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace articulab::gui
