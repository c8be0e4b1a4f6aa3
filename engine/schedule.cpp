#include "engine/schedule.h"

#include <cctype>

namespace lineup::engine {
namespace {

constexpr std::string_view kPrefix = "s1:";
constexpr int kLetters = 52;
constexpr std::string_view kWeak = "/w:";

// Reads a decimal number at token[i], advancing i; false if there is none or it is too long.
bool number(std::string_view token, size_t& i, size_t& out) {
  size_t start = i;
  out = 0;
  while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) {
    out = out * 10 + static_cast<size_t>(token[i] - '0');
    if (out > 100'000'000) return false;
    ++i;
  }
  return i > start;
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

std::optional<Schedule> Schedule::from_token(std::string_view token, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Schedule> {
    if (error) *error = "malformed schedule token: " + why;
    return std::nullopt;
  };
  if (token.substr(0, kPrefix.size()) != kPrefix) return fail("expected prefix \"s1:\"");
  Schedule s;
  size_t weak = token.find(kWeak);
  if (weak != std::string_view::npos) {
    size_t i = weak + kWeak.size();
    while (i < token.size()) {
      size_t value = 0, count = 1;
      if (!number(token, i, value)) return fail("bad memory-model choice");
      if (i < token.size() && token[i] == 'x') {
        ++i;
        if (!number(token, i, count) || count == 0) return fail("bad memory-model choice run");
      }
      s.stale.insert(s.stale.end(), count, static_cast<uint32_t>(value));
      if (i < token.size() && token[i++] != ',') return fail("expected ',' between choices");
    }
    token = token.substr(0, weak);
  }
  size_t i = kPrefix.size();
  while (i < token.size()) {
    int t = letter_thread(token[i]);
    if (t < 0 || t >= kLetters) return fail("bad thread letter '" + std::string(1, token[i]) + "'");
    ++i;
    size_t count = 1;
    if (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) {
      count = 0;
      while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) {
        count = count * 10 + static_cast<size_t>(token[i] - '0');
        if (count > 100'000'000) return fail("run too long");
        ++i;
      }
      if (count == 0) return fail("zero-length run");
    }
    s.choices.insert(s.choices.end(), count, t);
  }
  return s;
}

}  // namespace lineup::engine
