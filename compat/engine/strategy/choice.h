// Moved to engine/memory/choice.h in lineup 0.6.0 (engine/strategy/choice.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/choice.h"
