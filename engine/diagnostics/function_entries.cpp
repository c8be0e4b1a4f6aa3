#include "engine/diagnostics/function_entries.h"

#include <array>
#include <cstddef>

namespace lineup::engine {
namespace {

// An open-addressing set in static storage: the hook runs inside executions, where an
// allocation would come from the execution's own heap and vanish with it.
constexpr size_t kSlots = size_t{1} << 16;
std::array<uintptr_t, kSlots> g_slots{};
size_t g_used = 0;
bool g_overflow = false;

}  // namespace

bool g_recording_function_entries = false;

void start_recording_function_entries() {
  g_slots.fill(0);
  g_used = 0;
  g_overflow = false;
  g_recording_function_entries = true;
}

std::vector<uintptr_t> stop_recording_function_entries() {
  g_recording_function_entries = false;
  std::vector<uintptr_t> out;
  if (g_overflow) return out;
  for (uintptr_t pc : g_slots) {
    if (pc != 0) out.push_back(pc);
  }
  return out;
}

void record_function_entry(uintptr_t pc) {
  size_t i = (pc * 0x9e3779b97f4a7c15ULL) >> 48;  // the top 16 bits
  for (size_t probes = 0; probes < kSlots; ++probes, i = (i + 1) % kSlots) {
    if (g_slots[i] == pc) return;
    if (g_slots[i] == 0) {
      // Keep a quarter free, so that probing stays short.
      if (g_used + 1 > kSlots / 4 * 3) {
        g_overflow = true;
        g_recording_function_entries = false;
        return;
      }
      g_slots[i] = pc;
      ++g_used;
      return;
    }
  }
}

}  // namespace lineup::engine
