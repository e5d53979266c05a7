# Include rules of the app's layers, checked over the #include lines of SOURCE_DIR/app:
#   1. app/session (the live session) includes no OpenGL, GLFW, glad or ImGui header and nothing
#      of app/gui, app/video or render/: the panels draw it, record records it;
#   2. app/video includes nothing of app/gui: record draws through video::SessionWindow;
#   3. app/figures (figures drawn with cairo for the CLI and the app alike) includes no OpenGL,
#      GLFW, glad or ImGui header and nothing of app/gui, app/video or render/;
#   4. app/compare and app/study (libraries of the CLI and the Python module) include no OpenGL,
#      GLFW, glad or ImGui header and nothing of app/gui, app/video, app/cli or render/.
# Usage: cmake -DSOURCE_DIR=<project root> -P app_include_rules.cmake (fails listing every breach).
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "app_include_rules: pass -DSOURCE_DIR=<project root>")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/include_lines.cmake)

file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/app/session/*.hpp ${SOURCE_DIR}/app/session/*.cpp
     ${SOURCE_DIR}/app/video/*.hpp ${SOURCE_DIR}/app/video/*.cpp
     ${SOURCE_DIR}/app/figures/*.hpp ${SOURCE_DIR}/app/figures/*.cpp
     ${SOURCE_DIR}/app/compare/*.hpp ${SOURCE_DIR}/app/compare/*.cpp
     ${SOURCE_DIR}/app/study/*.hpp ${SOURCE_DIR}/app/study/*.cpp)
set(breaches "")
set(checked 0)
foreach(source ${sources})
  math(EXPR checked "${checked} + 1")
  included_headers(${source} headers)
  foreach(header ${headers})
    is_graphics_header(${header} graphics)
    if(header MATCHES "^app/gui/")
      list(APPEND breaches "${source}: includes '${header}' of app/gui (the panels; the session and record do without them)")
    elseif(source MATCHES "^app/session/" AND (header MATCHES "^(app/video|render)/" OR graphics))
      list(APPEND breaches "${source}: includes '${header}' (app/session draws nothing)")
    elseif(source MATCHES "^app/figures/" AND (header MATCHES "^(app/video|render)/" OR graphics))
      list(APPEND breaches "${source}: includes '${header}' (app/figures draws with cairo alone)")
    elseif(source MATCHES "^app/(compare|study)/" AND (header MATCHES "^(app/video|app/cli|render)/" OR graphics))
      list(APPEND breaches "${source}: includes '${header}' (app/compare and app/study draw nothing and serve the CLI and Python)")
    endif()
  endforeach()
endforeach()

report_breaches(app "${breaches}" ${checked})
