#include "lineup/cli/progress_line.h"

#include <unistd.h>

#include <cstdarg>
#include <string>

namespace lineup::cli {

ProgressLine::ProgressLine(bool quiet, First first, std::FILE* out)
    : quiet_(quiet),
      terminal_(isatty(fileno(out)) != 0),
      out_(out),
      waiting_(first == First::kAfterAnInterval) {}

bool ProgressLine::due(double seconds) {
  if (quiet_) return false;
  if (waiting_ && seconds - last_ < (terminal_ ? 0.5 : 10)) return false;
  waiting_ = true;
  last_ = seconds;
  return true;
}

void ProgressLine::show(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::va_list again;
  va_copy(again, args);
  const int length = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string text(length > 0 ? static_cast<size_t>(length) : 0, '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, again);
  va_end(again);
  // One write, so that the line is not cut by another's output on the same stream.
  std::fprintf(out_, "%s%s%s", terminal_ ? "\r\033[K" : "", text.c_str(), terminal_ ? "" : "\n");
  std::fflush(out_);
  shown_ = true;
}

void ProgressLine::finish() {
  if (terminal_ && shown_) std::fprintf(out_, "\n");
  shown_ = false;
}

}  // namespace lineup::cli
