// key_queue.hpp — ImGui 1.86's missing input queue: no key press is lost or reordered.
// 1.86 reads keys as a state (io.KeysDown[]) sampled once a frame, and typed text as
// a separate list of characters. A key pressed and released inside one
// glfwPollEvents — any quick tap while a slow frame (a slide transition under
// llvmpipe) is drawn — was never seen down ("→ then F11" lost the F11), and a frame
// reads its keys before its characters, so "4 then End" ran End first, on the old
// slide. The platform feeds every key and character event here, in order, and before
// each NewFrame takes the next frame's share: events in order until one would be
// lost or reordered — a second change of a key (a key is down for at least one
// frame), a release after a press (a chord is seen whole, even when its modifier is
// let go first), a press after a character (keys are read first) — which waits for
// the next frame. Plain data, no ImGui or GLFW: tests drive it directly.
#pragma once
#include <cstdint>

namespace lv::app {

struct KeyQueue {
  static constexpr int kKeys = 512;   // = IM_ARRAYSIZE(ImGuiIO::KeysDown) in 1.86
  static constexpr int kButtons = 5;  // = IM_ARRAYSIZE(ImGuiIO::MouseDown): queued as keys kKeys + b
  static constexpr int kSlots = kKeys + kButtons;
  static constexpr int kCapacity = 512;  // events between two frames (a burst beyond is collapsed)
  struct Event {
    enum Kind : uint8_t { Press, Release, Char } kind = Press;
    int key = 0;      // Press / Release: the key code (GLFW's), or kKeys + mouse button
    unsigned ch = 0;  // Char: the code point
  };
  Event events[kCapacity];
  int head = 0, count = 0;  // a ring of `count` events starting at `head`
  bool overflowed = false;  // events were dropped: the next frame takes the physical state
  bool down[kSlots] = {};   // the physical state after every event received
  bool shown[kSlots] = {};  // what the frames have been given so far
};

// A key press / release (GLFW's key repeats are not events here), a mouse button's
// (the GLFW backend keeps one press a frame: a quick double click on a slow frame was
// one click), or a typed character.
void key_queue_key(KeyQueue& q, int key, bool pressed);
void key_queue_mouse(KeyQueue& q, int button, bool pressed);
void key_queue_char(KeyQueue& q, unsigned codepoint);

// The next frame's share: writes the key state into keys_down[0..kKeys), the
// buttons' into mouse_down[0..kButtons) (when not null), and calls add_char(ctx, c)
// for each character, in order. Returns true while events still wait (the loop must
// draw another frame for them).
bool key_queue_frame(KeyQueue& q, bool* keys_down, bool* mouse_down, void (*add_char)(void* ctx, unsigned c),
                     void* ctx);

inline bool key_queue_pending(const KeyQueue& q) { return q.count > 0 || q.overflowed; }

}  // namespace lv::app
