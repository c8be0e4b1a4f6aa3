// Moved to engine/waiting/condition_variables.h in lineup 0.6.0 (engine/condition_variables.h is
// this forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/waiting/condition_variables.h"
