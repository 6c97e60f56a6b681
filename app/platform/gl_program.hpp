// gl_program.hpp — a GL program from a vertex and a fragment shader's source (the heat map's and
// the map's points' renderers): compiled and linked, or 0 with the reason on stderr once, worded
// for the user ("the heat map's vertex shader did not compile (drawing without it): …").
#pragma once
#include <glad/gl.h>

namespace lv::app {

// what: whose shaders ("the heat map's"); fallback: what is drawn instead ("drawing without it").
GLuint gl_build_program(const char* vertex_src, const char* fragment_src, const char* what, const char* fallback);

}  // namespace lv::app
