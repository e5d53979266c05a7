#include "app/study/study_row.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <stdexcept>

namespace articulab::study {

namespace {

nlohmann::json jsonNumber(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

double numberOf(const nlohmann::json& json, const char* key) {
  const nlohmann::json& v = json.at(key);
  if (v.is_null()) return kNoValue;
  if (!v.is_number()) throw std::runtime_error(std::string("field ") + key + " is not a number");
  return v.get<double>();
}

std::vector<double> numbersOf(const nlohmann::json& json, const char* key) {
  std::vector<double> out;
  for (const nlohmann::json& v : json.at(key)) out.push_back(v.is_null() ? kNoValue : v.get<double>());
  return out;
}

nlohmann::json numbers(const std::vector<double>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (double v : values) out.push_back(jsonNumber(v));
  return out;
}

// The shortest of 15 to 17 digits that reads back as v.
std::string csvNumber(double v) {
  if (!std::isfinite(v)) return "";
  char text[40];
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v) break;
  }
  return text;
}

std::string csvText(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

}  // namespace

double StudyRow::errorLargest() const {
  double largest = kNoValue;
  for (double e : errorPosition)
    if (std::isfinite(e)) largest = std::isfinite(largest) ? std::max(largest, e) : e;
  return largest;
}

nlohmann::json rowJson(const StudyRow& r) {
  return {{"id", r.id},
          {"key", r.key},
          {"scene", r.scene},
          {"parameters", r.parameters},
          {"run", r.run},
          {"backend", r.backend},
          {"integrator", r.integrator},
          {"dt", jsonNumber(r.dt)},
          {"duration", jsonNumber(r.duration)},
          {"status", r.status},
          {"message", r.message},
          {"steps", r.steps},
          {"wall_per_step", jsonNumber(r.wallPerStep)},
          {"cpu_per_step", jsonNumber(r.cpuPerStep)},
          {"iterations_mean", jsonNumber(r.iterationsMean)},
          {"iterations_largest", jsonNumber(r.iterationsLargest)},
          {"energy_change_largest", jsonNumber(r.energyLargest)},
          {"energy_change_largest_relative", jsonNumber(r.energyLargestRelative)},
          {"energy_change_final", jsonNumber(r.energyFinal)},
          {"energy_change_final_relative", jsonNumber(r.energyFinalRelative)},
          {"drift_position_largest", jsonNumber(r.driftPosition)},
          {"drift_rotation_largest", jsonNumber(r.driftRotation)},
          {"reference", r.reference},
          {"output_times", numbers(r.outputTimes)},
          {"error_position", numbers(r.errorPosition)},
          {"error_rotation", numbers(r.errorRotation)}};
}

StudyRow rowFromJson(const nlohmann::json& j) {
  try {
    StudyRow r;
    r.id = j.at("id").get<std::string>();
    r.key = j.at("key").get<std::string>();
    r.scene = j.at("scene").get<std::string>();
    r.parameters = j.at("parameters").get<std::string>();
    r.run = j.at("run").get<std::string>();
    r.backend = j.at("backend").get<std::string>();
    r.integrator = j.at("integrator").get<std::string>();
    r.dt = numberOf(j, "dt");
    r.duration = numberOf(j, "duration");
    r.status = j.at("status").get<std::string>();
    r.message = j.at("message").get<std::string>();
    r.steps = j.at("steps").get<long>();
    r.wallPerStep = numberOf(j, "wall_per_step");
    r.cpuPerStep = numberOf(j, "cpu_per_step");
    r.iterationsMean = numberOf(j, "iterations_mean");
    r.iterationsLargest = numberOf(j, "iterations_largest");
    r.energyLargest = numberOf(j, "energy_change_largest");
    r.energyLargestRelative = numberOf(j, "energy_change_largest_relative");
    r.energyFinal = numberOf(j, "energy_change_final");
    r.energyFinalRelative = numberOf(j, "energy_change_final_relative");
    r.driftPosition = numberOf(j, "drift_position_largest");
    r.driftRotation = numberOf(j, "drift_rotation_largest");
    r.reference = j.at("reference").get<std::string>();
    r.outputTimes = numbersOf(j, "output_times");
    r.errorPosition = numbersOf(j, "error_position");
    r.errorRotation = numbersOf(j, "error_rotation");
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(e.what());
  }
}

void writeRowsCsv(const std::vector<StudyRow>& rows, std::ostream& out) {
  std::vector<double> times;
  for (const StudyRow& r : rows)
    for (double t : r.outputTimes)
      if (std::find(times.begin(), times.end(), t) == times.end()) times.push_back(t);
  std::sort(times.begin(), times.end());
  out << "id,scene,parameters,run,backend,integrator,dt,duration,status,message,steps,wall_per_step,cpu_per_step,"
         "iterations_mean,iterations_largest,energy_change_largest,energy_change_largest_relative,energy_change_final,"
         "energy_change_final_relative,drift_position_largest,drift_rotation_largest,reference,error_position_largest";
  for (double t : times) out << ",error_position@" << csvNumber(t) << ",error_rotation@" << csvNumber(t);
  out << '\n';
  for (const StudyRow& r : rows) {
    out << r.id << ',' << csvText(r.scene) << ',' << csvText(r.parameters) << ',' << csvText(r.run) << ',' << r.backend << ','
        << r.integrator << ',' << csvNumber(r.dt) << ',' << csvNumber(r.duration) << ',' << r.status << ','
        << csvText(r.message) << ',' << r.steps << ',' << csvNumber(r.wallPerStep) << ',' << csvNumber(r.cpuPerStep) << ','
        << csvNumber(r.iterationsMean) << ',' << csvNumber(r.iterationsLargest) << ',' << csvNumber(r.energyLargest) << ','
        << csvNumber(r.energyLargestRelative) << ',' << csvNumber(r.energyFinal) << ',' << csvNumber(r.energyFinalRelative)
        << ',' << csvNumber(r.driftPosition) << ',' << csvNumber(r.driftRotation) << ',' << csvText(r.reference) << ','
        << csvNumber(r.errorLargest());
    for (double t : times) {
      const auto at = std::find(r.outputTimes.begin(), r.outputTimes.end(), t);
      const std::size_t k = static_cast<std::size_t>(at - r.outputTimes.begin());
      const bool has = at != r.outputTimes.end() && k < r.errorPosition.size();
      out << ',' << (has ? csvNumber(r.errorPosition[k]) : "") << ',' << (has ? csvNumber(r.errorRotation[k]) : "");
    }
    out << '\n';
  }
}

}  // namespace articulab::study
