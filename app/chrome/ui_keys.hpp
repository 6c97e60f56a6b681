// ui_keys.hpp — key codes the UI reads from io.KeysDown[] for keys ImGui 1.86 has
// no ImGuiKey_ for. They are GLFW's codes, which the GLFW backend writes into
// io.KeysDown; the headless tests press the same indices.
#pragma once

namespace lv::app {

constexpr int kKeyF1 = 290;                               // GLFW_KEY_F1
constexpr int kKeyF11 = 300;                              // GLFW_KEY_F11
constexpr int kKeyS = 83;                                 // GLFW_KEY_S
constexpr int kKeyQ = 81;                                 // GLFW_KEY_Q
constexpr int kKeyO = 79;                                 // GLFW_KEY_O
constexpr int kKeyEqual = 61;                             // GLFW_KEY_EQUAL
constexpr int kKeyMinus = 45;                             // GLFW_KEY_MINUS
constexpr int kKey0 = 48;                                 // GLFW_KEY_0
constexpr int kKeyB = 66;                                 // GLFW_KEY_B
constexpr int kKeyN = 78;                                 // GLFW_KEY_N
constexpr int kKeyLeftShift = 340, kKeyRightShift = 344;  // GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT

}  // namespace lv::app
