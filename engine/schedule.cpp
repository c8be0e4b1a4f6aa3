#include "engine/schedule.h"

#include <algorithm>
#include <cctype>

namespace lineup::engine {
namespace {

constexpr std::string_view kPrefix = "s1:";
constexpr std::string_view kWeak = "/w:";

// Reads a decimal number at token[i], advancing i past its digits; false if there are none.
// A number above `max` reads as max + 1, however many digits it has.
bool number(std::string_view token, size_t& i, size_t max, size_t& out) {
  size_t start = i;
  out = 0;
  for (; i < token.size() && std::isdigit(static_cast<unsigned char>(token[i])); ++i) {
    if (out <= max) out = std::min(out * 10 + static_cast<size_t>(token[i] - '0'), max + 1);
  }
  return i > start;
}

// The message of a token that is not one.
std::string malformed(const std::string& why) { return "malformed schedule token: " + why; }

// The message of a token that expands past a cap: "more than CAP WHAT".
std::string too_large(size_t cap, const std::string& what) {
  return "schedule token too large: more than " + std::to_string(cap) + " " + what;
}

char thread_letter(ThreadId t) {
  return t < 26 ? static_cast<char>('a' + t) : static_cast<char>('A' + t - 26);
}

int letter_thread(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
  return -1;
}

}  // namespace

int stale_choices(const Schedule& schedule) {
  int n = 0;
  for (uint32_t s : schedule.stale) n += s != 0;
  return n;
}

std::string Schedule::to_token() const {
  std::string out(kPrefix);
  for (size_t i = 0; i < choices.size();) {
    size_t j = i;
    while (j < choices.size() && choices[j] == choices[i]) ++j;
    out += thread_letter(choices[i]);
    if (j - i > 1) out += std::to_string(j - i);
    i = j;
  }
  if (!stale.empty()) {
    out += kWeak;
    for (size_t i = 0; i < stale.size();) {
      size_t j = i;
      while (j < stale.size() && stale[j] == stale[i]) ++j;
      if (i > 0) out += ',';
      out += std::to_string(stale[i]);
      if (j - i > 1) out += "x" + std::to_string(j - i);
      i = j;
    }
  }
  return out;
}

namespace {

// Appends the memory-model choices "0x4,1,0" of `part` to `out`; returns why it cannot.
std::optional<std::string> parse_stale(std::string_view part, std::vector<uint32_t>& out) {
  size_t i = 0;
  while (true) {
    size_t value = 0, count = 1;
    if (!number(part, i, kMaxStaleness, value)) return malformed("bad memory-model choice");
    if (value > kMaxStaleness) {
      return too_large(kMaxStaleness, "stores back in one memory-model choice");
    }
    if (i < part.size() && part[i] == 'x') {
      ++i;
      if (!number(part, i, kMaxMemoryChoices, count) || count == 0) {
        return malformed("bad memory-model choice run");
      }
    }
    if (count > kMaxMemoryChoices - out.size()) {
      return too_large(kMaxMemoryChoices, "memory-model choices");
    }
    out.insert(out.end(), count, static_cast<uint32_t>(value));
    if (i == part.size()) return std::nullopt;
    if (part[i++] != ',' || i == part.size()) return malformed("expected ',' between choices");
  }
}

// Appends the thread runs "a12b3a" of `part` to `out`; returns why it cannot.
std::optional<std::string> parse_runs(std::string_view part, std::vector<ThreadId>& out) {
  size_t i = 0;
  while (i < part.size()) {
    int t = letter_thread(part[i]);
    if (t < 0) return malformed("bad thread letter '" + std::string(1, part[i]) + "'");
    ++i;
    size_t count = 1, digits = 0;
    if (number(part, i, kMaxScheduleSteps, digits)) {
      if (digits == 0) return malformed("zero-length run");
      count = digits;
    }
    if (count > kMaxScheduleSteps - out.size()) return too_large(kMaxScheduleSteps, "steps");
    out.insert(out.end(), count, t);
  }
  return std::nullopt;
}

}  // namespace

std::optional<Schedule> Schedule::from_token(std::string_view token, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Schedule> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (token.substr(0, kPrefix.size()) != kPrefix) {
    return fail(malformed("expected prefix \"s1:\""));
  }
  token.remove_prefix(kPrefix.size());
  Schedule s;
  size_t weak = token.find(kWeak);
  if (weak != std::string_view::npos) {
    if (auto why = parse_stale(token.substr(weak + kWeak.size()), s.stale)) return fail(*why);
    token = token.substr(0, weak);
  }
  if (auto why = parse_runs(token, s.choices)) return fail(*why);
  return s;
}

}  // namespace lineup::engine
