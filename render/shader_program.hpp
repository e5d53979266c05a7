// A GLSL program built from a vertex and a fragment shader file read at run time.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include <glad/gl.h>
#include <glm/glm.hpp>

namespace articulab::render {

class ShaderProgram {
 public:
  // Reads, compiles and links the two files, with "#define NAME" for each name in defines added
  // after the #version line; on failure returns false and sets error to the file name and the
  // driver's log. Never aborts. fragmentLibraries are files of functions shared by several
  // fragment shaders, appended after the fragment file (which declares their prototypes); the
  // log numbers the files from 0, the fragment file first.
  bool load(const std::string& vertexPath, const std::string& fragmentPath, std::string& error,
            const std::vector<std::string>& defines = {}, const std::vector<std::string>& fragmentLibraries = {});
  void use() const;
  void release();

  void set(const char* name, const glm::mat4& value);
  void set(const char* name, const glm::mat3& value);
  void set(const char* name, const glm::vec3& value);
  void set(const char* name, const glm::vec2& value);
  void set(const char* name, float value);
  void set(const char* name, int value);

 private:
  GLint location(const char* name);

  GLuint program_ = 0;
  std::unordered_map<std::string, GLint> locations_;
};

}  // namespace articulab::render
