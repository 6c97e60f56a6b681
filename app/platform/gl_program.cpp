// gl_program.cpp — compile and link a program (see the header).
#include "app/platform/gl_program.hpp"

#include <cstdio>

namespace lv::app {
namespace {

GLuint compile(GLenum type, const char* src, const char* what, const char* fallback) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (ok) return s;
  char log[1024] = {};
  glGetShaderInfoLog(s, sizeof log, nullptr, log);
  std::fprintf(stderr, "lookupviz: %s %s shader did not compile (%s): %s\n", what,
               type == GL_VERTEX_SHADER ? "vertex" : "fragment", fallback, log);
  glDeleteShader(s);
  return 0;
}

}  // namespace

GLuint gl_build_program(const char* vertex_src, const char* fragment_src, const char* what, const char* fallback) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_src, what, fallback);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_src, what, fallback);
  if (!vs || !fs) {
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    return 0;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok) return program;
  char log[1024] = {};
  glGetProgramInfoLog(program, sizeof log, nullptr, log);
  std::fprintf(stderr, "lookupviz: %s shaders did not link (%s): %s\n", what, fallback, log);
  glDeleteProgram(program);
  return 0;
}

}  // namespace lv::app
