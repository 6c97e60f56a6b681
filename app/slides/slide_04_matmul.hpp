// slide_04_matmul.hpp — slide 4's own state (SlideContext::own), for its tests: the key
// its grids last followed, and the output cell under the mouse (its dot product shows).
#pragma once
#include "app/slides/scene.hpp"

namespace lv::app {

struct MatmulMemory {
  FollowKey followed;
  int hover_row = -1, hover_col = -1;  // the output cell under the mouse (-1: none)
};

}  // namespace lv::app
