// A hunt stopped from outside: SIGINT or SIGTERM asks every search of this process (the hunt,
// witness searches, shrinking) to end after its current execution, so that what was found
// can still be printed, archived and summed up.
#pragma once

namespace lineup::hunt {

/// Asks the searches of this process to stop, remembering `signal_number` (the first one
/// wins). Async-signal-safe.
void request_stop(int signal_number);

/// The signal that asked this process to stop, 0 when none did.
int stop_signal();

/// Forgets a stop request (tests, and a worker process before it starts hunting).
void clear_stop();

/// Installs handlers for SIGINT and SIGTERM that request a stop. With `second_kills`, a second
/// SIGINT or SIGTERM ends the process at once with the signal's default action (status
/// 128 + signal), for a user who does not want to wait for the report; a worker process,
/// which may get the terminal's SIGINT and then its parent's SIGTERM, installs them without.
void stop_on_signals(bool second_kills = true);

}  // namespace lineup::hunt
