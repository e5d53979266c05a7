# Include rules of the engine, checked over the #include lines of SOURCE_DIR/engine:
#   1. engine/ never includes OpenGL, GLFW, glad or ImGui headers;
#   2. a file of a back-end folder engine/solvers/<X>/ includes no file of another back-end
#      folder engine/solvers/<Y>/ (what two back-ends share lives in engine/ outside solvers/);
#   3. engine files outside engine/solvers/ include no back-end folder's files.
# Usage: cmake -DSOURCE_DIR=<project root> -P engine_include_rules.cmake (fails listing every breach).
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "engine_include_rules: pass -DSOURCE_DIR=<project root>")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/include_lines.cmake)

file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/engine/*.hpp ${SOURCE_DIR}/engine/*.cpp
     ${SOURCE_DIR}/engine/*.h)
set(breaches "")
set(checked 0)
foreach(source ${sources})
  math(EXPR checked "${checked} + 1")
  set(owner "")
  if(source MATCHES "^engine/solvers/([^/]+)/")
    set(owner ${CMAKE_MATCH_1})
  endif()
  included_headers(${source} headers)
  foreach(header ${headers})
    is_graphics_header(${header} graphics)
    if(graphics)
      list(APPEND breaches "${source}: includes the graphics header '${header}' (engine/ never includes OpenGL, GLFW or ImGui)")
    elseif(header MATCHES "^engine/solvers/([^/]+)/")
      set(target ${CMAKE_MATCH_1})
      if(owner STREQUAL "")
        if(NOT source MATCHES "^engine/solvers/")
          list(APPEND breaches "${source}: includes '${header}' of back-end '${target}' (shared code lives outside engine/solvers/)")
        endif()
      elseif(NOT owner STREQUAL target)
        list(APPEND breaches "${source}: back-end '${owner}' includes '${header}' of back-end '${target}'")
      endif()
    endif()
  endforeach()
endforeach()

report_breaches(engine "${breaches}" ${checked})
