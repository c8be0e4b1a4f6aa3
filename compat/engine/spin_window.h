// Moved to engine/waiting/spin_window.h in lineup 0.6.0 (engine/spin_window.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/waiting/spin_window.h"
