// The programs of a client (generator/client.h), drawn with RapidCheck: the client's calls
// with every argument it leaves out drawn from the structure's argument values.
#pragma once

#include <rapidcheck.h>

#include "generator/client.h"
#include "specs/structure.h"

namespace lineup::generator {

/// Programs of `client`: its init prefix and threads, each call of its operation, a given
/// argument kept and a left-out one drawn from target.arguments ({0} when none are declared).
/// A client that leaves nothing out has one program, which every draw gives.
rc::Gen<specs::TestProgram> client_programs(const specs::Target& target, const Client& client);

}  // namespace lineup::generator
