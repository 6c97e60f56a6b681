// key_queue.cpp — see key_queue.hpp.
#include "app/chrome/key_queue.hpp"

#include <bitset>

namespace lv::app {
namespace {

void push(KeyQueue& q, const KeyQueue::Event& e) {
  if (q.count == KeyQueue::kCapacity) {
    q.overflowed = true;  // the next frame collapses everything to the physical state
    return;
  }
  q.events[(q.head + q.count) % KeyQueue::kCapacity] = e;
  ++q.count;
}

}  // namespace

void key_queue_key(KeyQueue& q, int key, bool pressed) {
  if (key < 0 || key >= KeyQueue::kKeys || q.down[key] == pressed) return;
  q.down[key] = pressed;
  push(q, {pressed ? KeyQueue::Event::Press : KeyQueue::Event::Release, key, 0});
}

void key_queue_mouse(KeyQueue& q, int button, bool pressed) {
  if (button < 0 || button >= KeyQueue::kButtons) return;
  const int slot = KeyQueue::kKeys + button;
  if (q.down[slot] == pressed) return;
  q.down[slot] = pressed;
  push(q, {pressed ? KeyQueue::Event::Press : KeyQueue::Event::Release, slot, 0});
}

void key_queue_char(KeyQueue& q, unsigned codepoint) { push(q, {KeyQueue::Event::Char, 0, codepoint}); }

bool key_queue_frame(KeyQueue& q, bool* keys_down, bool* mouse_down, void (*add_char)(void* ctx, unsigned c),
                     void* ctx) {
  if (q.overflowed) {
    // A burst larger than the queue (the app was blocked): keep what is in order,
    // then let every key be what it physically is now.
    for (int i = 0; i < q.count; ++i) {
      const KeyQueue::Event& e = q.events[(q.head + i) % KeyQueue::kCapacity];
      if (e.kind == KeyQueue::Event::Char) add_char(ctx, e.ch);
    }
    q.head = q.count = 0;
    q.overflowed = false;
    for (int k = 0; k < KeyQueue::kSlots; ++k) q.shown[k] = q.down[k];
  } else {
    std::bitset<KeyQueue::kSlots> changed;  // keys pressed or released in this frame
    bool pressed = false;                   // a key went down in this frame
    bool typed = false;                     // a character went to this frame
    while (q.count > 0) {
      const KeyQueue::Event& e = q.events[q.head];
      if (e.kind == KeyQueue::Event::Char) {
        add_char(ctx, e.ch);
        typed = true;
      } else {
        // A frame sees one moment: releases, then presses (with what is held at that
        // moment: xdotool lets go of Ctrl before the S of Ctrl+S), then characters (a
        // frame reads keys first). A release after a press, a press after a character
        // and a second change of one key wait for the next frame.
        const bool press = e.kind == KeyQueue::Event::Press;
        if (changed[static_cast<size_t>(e.key)] || (press && typed) || (!press && pressed)) break;
        changed.set(static_cast<size_t>(e.key));
        q.shown[e.key] = press;
        pressed |= press;
      }
      q.head = (q.head + 1) % KeyQueue::kCapacity;
      --q.count;
    }
    if (q.count == 0) q.head = 0;
  }
  for (int k = 0; k < KeyQueue::kKeys; ++k) keys_down[k] = q.shown[k];
  if (mouse_down)
    for (int b = 0; b < KeyQueue::kButtons; ++b) mouse_down[b] = q.shown[KeyQueue::kKeys + b];
  return key_queue_pending(q);
}

}  // namespace lv::app
