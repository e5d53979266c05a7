# Capabilities are declared, not compared by name: outside a back-end's own folder
# engine/solvers/<X>/, no file of engine/ or app/ names a back-end in a string literal (a
# comparison backend == "redmax", a list {"recursive", "baraff"}, a constant holding a name); such
# code asks the registry entry's capabilities (engine/solvers/backend_capabilities.hpp). The
# back-end names are the folder names with '-' for '_'. One literal is allowed: the scene
# format's default back-end (SimulationDefaults::backend in engine/multibody/model.hpp), a name
# as a scene file states it.
# Usage: cmake -DSOURCE_DIR=<project root> -P backend_name_rules.cmake (fails listing every breach).
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "backend_name_rules: pass -DSOURCE_DIR=<project root>")
endif()

file(GLOB folders LIST_DIRECTORIES true RELATIVE ${SOURCE_DIR}/engine/solvers ${SOURCE_DIR}/engine/solvers/*)
set(names "")
foreach(folder ${folders})
  if(IS_DIRECTORY ${SOURCE_DIR}/engine/solvers/${folder})
    string(REPLACE "_" "-" name ${folder})
    list(APPEND names ${name})
  endif()
endforeach()
if(NOT names)
  message(FATAL_ERROR "backend_name_rules: no back-end folder under ${SOURCE_DIR}/engine/solvers")
endif()
list(JOIN names "|" alternatives)
set(literal "\"(${alternatives})\"")

file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/engine/*.hpp ${SOURCE_DIR}/engine/*.cpp
     ${SOURCE_DIR}/app/*.hpp ${SOURCE_DIR}/app/*.cpp)
set(breaches "")
set(checked 0)
foreach(source ${sources})
  if(source MATCHES "^engine/solvers/([^/]+)/")
    continue()  # a back-end's own folder names itself
  endif()
  math(EXPR checked "${checked} + 1")
  file(READ ${SOURCE_DIR}/${source} text)
  string(REPLACE ";" "," text "${text}")  # a CMake list would split the lines there
  string(REGEX MATCHALL "[^\n]*${literal}[^\n]*" lines "${text}")
  foreach(line ${lines})
    if(source STREQUAL "engine/multibody/model.hpp" AND line MATCHES "^[ \t]*std::string backend = ")
      continue()  # the scene format's default back-end
    endif()
    string(STRIP "${line}" line)
    list(APPEND breaches "${source}: names a back-end: ${line}")
  endforeach()
endforeach()

list(LENGTH breaches count)
if(count GREATER 0)
  list(JOIN breaches "\n  " text)
  message(FATAL_ERROR "back-end names outside the back-ends' folders (${count}; ask BackendInfo::capabilities):\n  ${text}")
endif()
message(STATUS "no back-end name outside the back-ends' folders in ${checked} files (back-ends: ${names})")
