#include "render/shader_program.hpp"

#include <fstream>
#include <sstream>

#include <glm/gtc/type_ptr.hpp>

namespace articulab::render {

namespace {

bool readFile(const std::string& path, std::string& text, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open shader file";
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

std::string shaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log.c_str();
}

std::string programLog(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetProgramInfoLog(program, length, nullptr, log.data());
  return log.c_str();
}

// Inserts the defines after the first line (#version); #line keeps the log's line numbers.
std::string withDefines(const std::string& source, const std::vector<std::string>& defines) {
  if (defines.empty()) return source;
  const std::size_t lineEnd = source.find('\n');
  if (lineEnd == std::string::npos) return source;
  std::string header;
  for (const std::string& name : defines) header += "#define " + name + "\n";
  return source.substr(0, lineEnd + 1) + header + "#line 2\n" + source.substr(lineEnd + 1);
}

// The file followed by the libraries, each restarting the log's numbering at its line 1 as
// source number 1, 2, ...; false and an error naming the file that cannot be read.
bool readWithLibraries(const std::string& path, const std::vector<std::string>& libraries,
                       const std::vector<std::string>& defines, std::string& source, std::string& error) {
  if (!readFile(path, source, error)) return false;
  source = withDefines(source, defines);
  for (std::size_t i = 0; i < libraries.size(); ++i) {
    std::string library;
    if (!readFile(libraries[i], library, error)) return false;
    source += "\n#line 1 " + std::to_string(i + 1) + "\n" + library;
  }
  return true;
}

// Compiles one stage; returns 0 and sets error (file names plus log) on failure.
GLuint compileFile(GLenum stage, const std::string& path, const std::vector<std::string>& defines,
                   const std::vector<std::string>& libraries, std::string& error) {
  std::string source;
  if (!readWithLibraries(path, libraries, defines, source, error)) return 0;
  const GLuint shader = glCreateShader(stage);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok == GL_TRUE) return shader;
  std::string names = path;
  for (const std::string& library : libraries) names += " + " + library;
  error = names + ": compile error:\n" + shaderLog(shader);
  glDeleteShader(shader);
  return 0;
}

}  // namespace

bool ShaderProgram::load(const std::string& vertexPath, const std::string& fragmentPath, std::string& error,
                         const std::vector<std::string>& defines, const std::vector<std::string>& fragmentLibraries) {
  release();
  const GLuint vertex = compileFile(GL_VERTEX_SHADER, vertexPath, defines, {}, error);
  if (vertex == 0) return false;
  const GLuint fragment = compileFile(GL_FRAGMENT_SHADER, fragmentPath, defines, fragmentLibraries, error);
  if (fragment == 0) {
    glDeleteShader(vertex);
    return false;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = vertexPath + " + " + fragmentPath + ": link error:\n" + programLog(program);
    glDeleteProgram(program);
    return false;
  }
  program_ = program;
  return true;
}

void ShaderProgram::use() const { glUseProgram(program_); }

void ShaderProgram::release() {
  if (program_ != 0) glDeleteProgram(program_);
  program_ = 0;
  locations_.clear();
}

GLint ShaderProgram::location(const char* name) {
  const auto found = locations_.find(name);
  if (found != locations_.end()) return found->second;
  const GLint where = glGetUniformLocation(program_, name);
  locations_.emplace(name, where);
  return where;
}

void ShaderProgram::set(const char* name, const glm::mat4& value) {
  glUniformMatrix4fv(location(name), 1, GL_FALSE, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, const glm::mat3& value) {
  glUniformMatrix3fv(location(name), 1, GL_FALSE, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, const glm::vec3& value) { glUniform3fv(location(name), 1, glm::value_ptr(value)); }
void ShaderProgram::set(const char* name, const glm::vec2& value) { glUniform2fv(location(name), 1, glm::value_ptr(value)); }
void ShaderProgram::set(const char* name, float value) { glUniform1f(location(name), value); }
void ShaderProgram::set(const char* name, int value) { glUniform1i(location(name), value); }

}  // namespace articulab::render
