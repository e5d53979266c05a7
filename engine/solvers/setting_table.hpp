// A back-end's own settings (tolerances, iteration caps, switches, choices). Each back-end has
// one table, in its folder, that is both what listings show (name, kind, unit, range, default,
// description) and the parse into its typed settings struct; what two back-ends share (contact,
// joint friction) is a list of rows outside the back-end folders (contact_settings.hpp) that
// their tables include. A value from a scene file, the command line or the app is checked here
// once, with its kind, into BackendSettings (SolverOptions::settings); the back-end reads its
// struct from those once, in its constructor (SettingTable::read).
#pragma once

#include <cmath>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/multibody/model.hpp"

namespace articulab {

enum class SettingKind {
  Real,    // a number in [min, max], with a unit
  Count,   // a whole number in [min, max] (iterations, steps, directions)
  OnOff,   // on or off (also 1 or 0)
  Choice,  // one of named values, given by name or by number
};

// "real", "count", "on/off", "choice".
const char* settingKindName(SettingKind kind);

struct SettingChoice {
  int value;
  const char* name;  // "settled", "block LDU"; given in any case, with '-' for a space ("block-ldu")
};

// One of a back-end's own settings, as listings show it.
struct SolverSetting {
  const char* name;
  SettingKind kind;
  std::string unit;  // Real: its unit; Count: what it counts; OnOff: "on/off"; Choice: "0 plain | 1 settled"
  double min, max;   // admissible range (OnOff: 0 to 1; Choice: its first to its last value)
  std::vector<SettingChoice> choices;  // Choice: the named values
  double defaultValue;                 // as a number (OnOff: 1 for on; Choice: its value)
  const char* description;
};

// The name a choice is given by: lower case, '-' for a space ("block-ldu").
std::string choiceToken(const char* name);
// The value as listings and summaries show it: a number ("1e-08", "30"), "on" or "off", or the
// choice's name.
std::string settingValueText(const SolverSetting& setting, double value);
// The shortest text that reads back as exactly `value` ("0.0001", "1e-08", "30").
std::string exactNumberText(double value);

class SettingList;

// The checked values of one back-end's settings: those given (scene, command line, app), each
// once; the others keep their defaults. Default-constructed: every setting at its default. Only
// SettingList::validate fills it (resolveSolverOptions, solver_options.hpp, calls that).
class BackendSettings {
 public:
  struct Given {
    int index;     // the setting's row in its table
    double value;  // checked: in range, whole for counts, 0 or 1 for on/off, a choice's value
  };
  BackendSettings() = default;
  // The table the values were checked by; nullptr when none was given (the defaults of any
  // back-end).
  const SettingList* list() const { return list_; }
  const std::vector<Given>& given() const { return given_; }

 private:
  friend class SettingList;
  const SettingList* list_ = nullptr;
  std::vector<Given> given_;
};

// A back-end's table without its settings struct: the rows and the checks.
class SettingList {
 public:
  virtual ~SettingList() = default;
  const std::vector<SolverSetting>& rows() const { return rows_; }
  std::vector<SolverSetting>::const_iterator begin() const { return rows_.begin(); }
  std::vector<SolverSetting>::const_iterator end() const { return rows_.end(); }
  bool empty() const { return rows_.empty(); }
  // The row of the setting `name`, or -1.
  int find(const std::string& name) const;
  // "gmres-tolerance, gmres-iterations" ("none" for an empty list).
  std::string names() const;
  // Checks the value of one setting of back-end `backend`: empty when it is one of the list's
  // settings with a value its kind takes (value is then set), else the refusal naming the
  // setting, the back-end and what it takes, e.g. "setting 'gmres-tolerance' of back-end
  // 'recursive' must be in [1e-14, 0.0001] (relative); got 1".
  std::string check(const std::string& backend, const SettingValue& given, double& value) const;
  // Checks each of `values` that belongs to `backend` (a later value of a setting replaces an
  // earlier one) into `out`; empty on success, else the first refusal (check).
  std::string validate(const std::string& backend, const std::vector<SettingValue>& values,
                       BackendSettings& out) const;
  // The value `settings` gives row `index`: the one given, else the row's default.
  double valueOf(const BackendSettings& settings, int index) const;

 protected:
  explicit SettingList(std::vector<SolverSetting> rows) : rows_(std::move(rows)) {}
  // Throws std::invalid_argument when `settings` were checked by another table.
  void expectOwn(const BackendSettings& settings) const;

 private:
  std::vector<SolverSetting> rows_;
};

// One row of the table of a settings struct S: the listing and where its value goes.
template <class S>
struct SettingRow {
  SolverSetting setting;  // defaultValue filled in by the table from S{}
  std::function<void(S&, double)> assign;
  std::function<double(const S&)> read;
};

// The table of a back-end whose typed settings are S (a struct whose member initialisers are
// the defaults): rows in the order listings show them, given as groups (the back-end's own, then
// the shared ones it includes).
template <class S>
class SettingTable final : public SettingList {
 public:
  SettingTable(std::initializer_list<std::vector<SettingRow<S>>> groups) : SettingList(listing(groups)) {
    for (const std::vector<SettingRow<S>>& group : groups)
      for (const SettingRow<S>& row : group) assign_.push_back(row.assign);
  }
  // S{} with the values given in `settings` (from resolveSolverOptions, or default-constructed).
  S read(const BackendSettings& settings) const {
    expectOwn(settings);
    S out{};
    for (const BackendSettings::Given& given : settings.given()) assign_[given.index](out, given.value);
    return out;
  }

 private:
  static std::vector<SolverSetting> listing(std::initializer_list<std::vector<SettingRow<S>>> groups) {
    const S defaults{};
    std::vector<SolverSetting> rows;
    for (const std::vector<SettingRow<S>>& group : groups)
      for (const SettingRow<S>& row : group) {
        rows.push_back(row.setting);
        rows.back().defaultValue = row.read(defaults);
      }
    return rows;
  }
  std::vector<std::function<void(S&, double)>> assign_;
};

// Rows, by kind, of a member of S.
template <class S>
SettingRow<S> realSetting(const char* name, double S::*field, const char* unit, double min, double max,
                          const char* description) {
  return {{name, SettingKind::Real, unit, min, max, {}, 0.0, description},
          [field](S& s, double value) { s.*field = value; },
          [field](const S& s) { return s.*field; }};
}

template <class S>
SettingRow<S> countSetting(const char* name, int S::*field, const char* unit, double min, double max,
                           const char* description) {
  return {{name, SettingKind::Count, unit, min, max, {}, 0.0, description},
          [field](S& s, double value) { s.*field = static_cast<int>(std::lround(value)); },
          [field](const S& s) { return static_cast<double>(s.*field); }};
}

template <class S>
SettingRow<S> onOffSetting(const char* name, bool S::*field, const char* description) {
  return {{name, SettingKind::OnOff, "on/off", 0.0, 1.0, {}, 0.0, description},
          [field](S& s, double value) { s.*field = value >= 0.5; },
          [field](const S& s) { return s.*field ? 1.0 : 0.0; }};
}

// "0 plain | 1 settled | 2 newton".
std::string choiceUnit(const std::vector<SettingChoice>& choices);

// choices: their values in increasing order.
template <class S, class T>
SettingRow<S> choiceSetting(const char* name, T S::*field, std::vector<SettingChoice> choices,
                            const char* description) {
  const double min = choices.front().value, max = choices.back().value;
  return {{name, SettingKind::Choice, choiceUnit(choices), min, max, std::move(choices), 0.0, description},
          [field](S& s, double value) { s.*field = static_cast<T>(std::lround(value)); },
          [field](const S& s) { return static_cast<double>(s.*field); }};
}

// The rows of a part of Owner (a struct shared by back-ends, e.g. the contact settings) as rows
// of Owner.
template <class Owner, class Part>
std::vector<SettingRow<Owner>> nestedSettings(Part Owner::*part, const std::vector<SettingRow<Part>>& rows) {
  std::vector<SettingRow<Owner>> out;
  for (const SettingRow<Part>& row : rows)
    out.push_back({row.setting, [part, assign = row.assign](Owner& o, double value) { assign(o.*part, value); },
                   [part, read = row.read](const Owner& o) { return read(o.*part); }});
  return out;
}

}  // namespace articulab
