# What the include-rule scripts share: the headers a source includes, and the verdict.

# The headers named by the #include lines of SOURCE_DIR/source, into out.
function(included_headers source out)
  file(STRINGS ${SOURCE_DIR}/${source} lines REGEX "^[ \t]*#[ \t]*include")
  set(headers "")
  foreach(line ${lines})
    if(line MATCHES "include[ \t]*[<\"]([^>\"]+)[>\"]")
      list(APPEND headers ${CMAKE_MATCH_1})
    endif()
  endforeach()
  set(${out} ${headers} PARENT_SCOPE)
endfunction()

# Whether a header is OpenGL's, GLFW's, glad's or ImGui's.
function(is_graphics_header header out)
  if(header MATCHES "^(GL|GLFW|glad|imgui|backends/imgui)/" OR header MATCHES "^imgui" OR header MATCHES "^(gl|glfw|glad)[^/]*\\.h$")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Fails listing every breach of the rules `what`, or says how many files hold them.
function(report_breaches what breaches checked)
  list(LENGTH breaches count)
  if(count GREATER 0)
    list(JOIN breaches "\n  " text)
    message(FATAL_ERROR "${what} include rules broken (${count}):\n  ${text}")
  endif()
  message(STATUS "${what} include rules hold in ${checked} files")
endfunction()
