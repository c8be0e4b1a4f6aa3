// Moved to engine/memory/class_fingerprint.h in lineup 0.6.0 (engine/class_fingerprint.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/class_fingerprint.h"
