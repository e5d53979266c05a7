// The combinations of a study (study_file.hpp): every scene with every point of its parameter
// grid, every run spec and every step size, in a fixed order (scene, parameters, run, dt), each
// with a key that names it across calls, processes and Slurm tasks (the name of its result file).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/study/study_file.hpp"
#include "engine/io/scene_loader.hpp"

namespace articulab::study {

struct StudyCase {
  std::size_t index = 0;  // place in the study's order
  std::size_t scene = 0;  // into Study::scenes
  ParameterOverrides parameters;
  session::RunSpec run;   // its dt: the spec's @dt, else one of the study's steps (0: the scene's)
  std::string key;        // "scene|n=5|redmax:rk4|dt=0.001": what the case is
  std::string id;         // 16 hex digits of a hash of the key: its file name

  // "n=5 m=2" (empty without parameters).
  std::string parametersText() const;
};

std::vector<StudyCase> expandStudy(const Study& study);
// The scene with its parameters, the reference's key part ("scene|n=5").
std::string sceneKey(const Study& study, const StudyCase& c);
// The same for people: "scene chain.json with n=5" (or "at its own parameters").
std::string caseSceneText(const Study& study, const StudyCase& c);
// 16 hex digits of FNV-1a 64 of the text.
std::string hashId(const std::string& text);
// Whether case `index` belongs to slice `task` of `tasks` (a Slurm array task): round robin.
inline bool inSlice(std::size_t index, std::size_t task, std::size_t tasks) { return index % tasks == task; }

}  // namespace articulab::study
