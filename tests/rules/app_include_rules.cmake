# Include rules of the app's layers, checked over the #include lines of SOURCE_DIR/app:
#   1. app/session (the live session) includes no OpenGL, GLFW, glad or ImGui header and nothing
#      of app/gui, app/video or render/: the panels draw it, record records it;
#   2. app/video includes nothing of app/gui: record draws through video::SessionWindow.
# Usage: cmake -DSOURCE_DIR=<project root> -P app_include_rules.cmake (fails listing every breach).
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "app_include_rules: pass -DSOURCE_DIR=<project root>")
endif()

file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/app/session/*.hpp ${SOURCE_DIR}/app/session/*.cpp
     ${SOURCE_DIR}/app/video/*.hpp ${SOURCE_DIR}/app/video/*.cpp)
set(breaches "")
set(checked 0)
foreach(source ${sources})
  math(EXPR checked "${checked} + 1")
  file(STRINGS ${SOURCE_DIR}/${source} includes REGEX "^[ \t]*#[ \t]*include")
  foreach(line ${includes})
    if(NOT line MATCHES "include[ \t]*[<\"]([^>\"]+)[>\"]")
      continue()
    endif()
    set(header ${CMAKE_MATCH_1})
    if(header MATCHES "^app/gui/")
      list(APPEND breaches "${source}: includes '${header}' of app/gui (the panels; the session and record do without them)")
    elseif(source MATCHES "^app/session/" AND (header MATCHES "^(app/video|render)/" OR header MATCHES "^(GL|GLFW|glad|imgui|backends/imgui)/"
           OR header MATCHES "^imgui" OR header MATCHES "^(gl|glfw|glad)[^/]*\\.h$"))
      list(APPEND breaches "${source}: includes '${header}' (app/session draws nothing)")
    endif()
  endforeach()
endforeach()

list(LENGTH breaches count)
if(count GREATER 0)
  list(JOIN breaches "\n  " text)
  message(FATAL_ERROR "app include rules broken (${count}):\n  ${text}")
endif()
message(STATUS "app include rules hold in ${checked} files")
