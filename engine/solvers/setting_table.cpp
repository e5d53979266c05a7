#include "engine/solvers/setting_table.hpp"

#include "engine/io/number_text.hpp"

#include <cctype>
#include <charconv>

namespace articulab {

namespace {

using scene_io::shortNumber;

std::string settingOf(const std::string& backend, const SolverSetting& setting) {
  return "setting '" + std::string(setting.name) + "' of back-end '" + backend + "'";
}

// "plain, settled, newton".
std::string choiceTokens(const SolverSetting& setting) {
  std::string tokens;
  for (const SettingChoice& choice : setting.choices) tokens += (tokens.empty() ? "" : ", ") + choiceToken(choice.name);
  return tokens;
}

const SettingChoice* findChoice(const SolverSetting& setting, double value) {
  for (const SettingChoice& choice : setting.choices)
    if (choice.value == value) return &choice;
  return nullptr;
}

std::string checkNumber(const std::string& backend, const SolverSetting& setting, double given, double& value) {
  if (!(given >= setting.min && given <= setting.max))
    return settingOf(backend, setting) + " must be in [" + shortNumber(setting.min) + ", " + shortNumber(setting.max) +
           "] (" + setting.unit + "); got " + shortNumber(given);
  if (setting.kind != SettingKind::Real && given != std::round(given))
    return settingOf(backend, setting) + " takes a whole number (" + setting.unit + "); got " + shortNumber(given);
  if (setting.kind == SettingKind::Choice && !findChoice(setting, given))
    return settingOf(backend, setting) + " takes one of: " + choiceTokens(setting) + " (" + setting.unit + "); got " +
           shortNumber(given);
  value = given;
  return "";
}

std::string checkWord(const std::string& backend, const SolverSetting& setting, const std::string& word, double& value) {
  const std::string token = choiceToken(word.c_str());
  switch (setting.kind) {
    case SettingKind::OnOff:
      if (token == "on" || token == "off") {
        value = token == "on" ? 1.0 : 0.0;
        return "";
      }
      return settingOf(backend, setting) + " takes on or off (or 1 or 0); got '" + word + "'";
    case SettingKind::Choice:
      for (const SettingChoice& choice : setting.choices)
        if (token == choiceToken(choice.name)) {
          value = choice.value;
          return "";
        }
      return settingOf(backend, setting) + " takes one of: " + choiceTokens(setting) + " (or their numbers: " +
             setting.unit + "); got '" + word + "'";
    case SettingKind::Real:
    case SettingKind::Count: break;
  }
  return settingOf(backend, setting) + ": expected a number (" + setting.unit + "), got '" + word + "'";
}

}  // namespace

const char* settingKindName(SettingKind kind) {
  switch (kind) {
    case SettingKind::Real: return "real";
    case SettingKind::Count: return "count";
    case SettingKind::OnOff: return "on/off";
    case SettingKind::Choice: return "choice";
  }
  return "?";
}

std::string choiceToken(const char* name) {
  std::string token;
  for (const char* c = name; *c; ++c)
    token += *c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
  return token;
}

std::string choiceUnit(const std::vector<SettingChoice>& choices) {
  std::string unit;
  for (const SettingChoice& choice : choices)
    unit += (unit.empty() ? "" : " | ") + std::to_string(choice.value) + " " + choice.name;
  return unit;
}

std::string settingValueText(const SolverSetting& setting, double value) {
  switch (setting.kind) {
    case SettingKind::OnOff: return value >= 0.5 ? "on" : "off";
    case SettingKind::Choice:
      if (const SettingChoice* choice = findChoice(setting, value)) return choiceToken(choice->name);
      break;
    case SettingKind::Real:
    case SettingKind::Count: break;
  }
  return shortNumber(value);
}

std::string exactNumberText(double value) {
  char text[64];
  const std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
  return std::string(text, end.ptr);
}

int SettingList::find(const std::string& name) const {
  for (std::size_t k = 0; k < rows_.size(); ++k)
    if (name == rows_[k].name) return static_cast<int>(k);
  return -1;
}

std::string SettingList::names() const {
  std::string names;
  for (const SolverSetting& setting : rows_) names += (names.empty() ? "" : ", ") + std::string(setting.name);
  return names.empty() ? "none" : names;
}

std::string SettingList::check(const std::string& backend, const SettingValue& given, double& value) const {
  const int index = find(given.name);
  if (index < 0) return "back-end '" + backend + "' has no setting '" + given.name + "'; its settings: " + names();
  const SolverSetting& setting = rows_[static_cast<std::size_t>(index)];
  return given.word.empty() ? checkNumber(backend, setting, given.value, value)
                            : checkWord(backend, setting, given.word, value);
}

std::string SettingList::validate(const std::string& backend, const std::vector<SettingValue>& values,
                                  BackendSettings& out) const {
  expectOwn(out);
  for (const SettingValue& given : values) {
    if (given.backend != backend) continue;
    out.list_ = this;
    double value = 0.0;
    if (std::string refused = check(backend, given, value); !refused.empty()) return refused;
    const int index = find(given.name);
    bool replaced = false;
    for (BackendSettings::Given& earlier : out.given_)
      if (earlier.index == index) {
        earlier.value = value;
        replaced = true;
      }
    if (!replaced) out.given_.push_back({index, value});
  }
  return "";
}

double SettingList::valueOf(const BackendSettings& settings, int index) const {
  expectOwn(settings);
  for (const BackendSettings::Given& given : settings.given())
    if (given.index == index) return given.value;
  return rows_.at(static_cast<std::size_t>(index)).defaultValue;
}

void SettingList::expectOwn(const BackendSettings& settings) const {
  if (settings.list() && settings.list() != this)
    throw std::invalid_argument("solver settings checked by another back-end's table (" + settings.list()->names() +
                                ") given to one with the settings " + names());
}

}  // namespace articulab
