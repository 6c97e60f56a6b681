// gl_floor.cpp — what any OpenGL 3.3 window costs in memory on this machine: the
// peak RSS of a process that opens a window like lookupviz's (GLFW, glad, a 3.3 core
// context, the same size), compiles one shader pair like ImGui's, uploads a 2 × 2
// texture and draws one textured triangle for 60 frames. No ImGui, no fonts, no app.
// ./scripts/bench.sh prints it next to lookupviz's own peak RSS, as information: with
// a software GL (llvmpipe) most of an app's memory is the driver's (libLLVM's code,
// its shader compiler's heap, the window's buffers), and this is the part no app
// code can remove.
//
//   gl_floor [WIDTH HEIGHT]   → "FIGURE gl_floor_peak_rss_mb <MiB> 0" (0: no target)
#include <glad/gl.h>
// glad must come before GLFW.
#include <GLFW/glfw3.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>

namespace {

const char* kVertex =
    "#version 330 core\n"
    "layout (location = 0) in vec2 Position;\n"
    "layout (location = 1) in vec2 UV;\n"
    "layout (location = 2) in vec4 Color;\n"
    "uniform mat4 ProjMtx;\n"
    "out vec2 Frag_UV;\n"
    "out vec4 Frag_Color;\n"
    "void main() { Frag_UV = UV; Frag_Color = Color; gl_Position = ProjMtx * vec4(Position.xy, 0, 1); }\n";
const char* kFragment = "#version 330 core\n"
                        "in vec2 Frag_UV;\n"
                        "in vec4 Frag_Color;\n"
                        "uniform sampler2D Texture;\n"
                        "layout (location = 0) out vec4 Out_Color;\n"
                        "void main() { Out_Color = Frag_Color * texture(Texture, Frag_UV.st); }\n";

GLuint shader(GLenum type, const char* src) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int width = argc > 2 ? std::atoi(argv[1]) : 1440, height = argc > 2 ? std::atoi(argv[2]) : 900;
  if (!glfwInit()) {
    std::fprintf(stderr, "gl_floor: no display\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);  // as lookupviz: no depth or stencil buffer
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  GLFWwindow* window = glfwCreateWindow(width, height, "gl_floor", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "gl_floor: no OpenGL 3.3 core context\n");
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(0);
  if (!gladLoadGL(glfwGetProcAddress)) return 1;

  const GLuint program = glCreateProgram();
  glAttachShader(program, shader(GL_VERTEX_SHADER, kVertex));
  glAttachShader(program, shader(GL_FRAGMENT_SHADER, kFragment));
  glLinkProgram(program);
  GLuint vao = 0, vbo = 0, texture = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  const float vertices[3][8] = {{-1, -1, 0, 0, 1, 1, 1, 1}, {1, -1, 1, 0, 1, 1, 1, 1}, {0, 1, 0, 1, 1, 1, 1, 1}};
  glBufferData(GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STATIC_DRAW);
  for (GLuint i = 0; i < 3; ++i) glEnableVertexAttribArray(i);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 32, reinterpret_cast<void*>(0));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 32, reinterpret_cast<void*>(8));
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 32, reinterpret_cast<void*>(16));
  const unsigned char white[16] = {255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
  const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  for (int frame = 0; frame < 60; ++frame) {
    glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(program);
    glUniformMatrix4fv(glGetUniformLocation(program, "ProjMtx"), 1, GL_FALSE, identity);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glfwSwapBuffers(window);
    glfwPollEvents();
  }
  glFinish();
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  std::printf("FIGURE gl_floor_peak_rss_mb %.3f 0\n", static_cast<double>(ru.ru_maxrss) / 1024.0);
  glfwDestroyWindow(window);
  glfwTerminate();
  return 0;
}
