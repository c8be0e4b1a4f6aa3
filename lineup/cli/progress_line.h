// A progress line on a stream (stderr): on a terminal, one line rewritten in place at most
// every half second; otherwise (logs, CI) a plain line every ten seconds; nothing when quiet.
// What the line says is its user's (progress.h for the hunt, verify_progress.h for lineup
// verify); when it is shown and how it replaces the one before are this.
#pragma once

#include <cstdio>

namespace lineup::cli {

class ProgressLine {
 public:
  /// When the first line is due: at the first due() asked, or one interval after second 0 of
  /// the caller's clock (so a short run shows none).
  enum class First { kAtOnce, kAfterAnInterval };

  /// On `out` (a terminal is told by its descriptor); no line at all when `quiet`.
  ProgressLine(bool quiet, First first, std::FILE* out = stderr);

  /// Whether no line is ever shown.
  bool quiet() const { return quiet_; }
  /// Whether a line is due at `seconds` on the caller's clock: not when quiet; else the first
  /// as First says, then each once the interval has passed since the last one. A line due is
  /// counted as shown from `seconds` on.
  bool due(double seconds);
  /// Shows the line printf() would print with `format`: in place of the one before on a
  /// terminal, on a line of its own elsewhere.
  void show(const char* format, ...) __attribute__((format(printf, 2, 3)));
  /// Ends the live line, if one is shown.
  void finish();

 private:
  bool quiet_, terminal_;
  std::FILE* out_;
  bool waiting_;     // no line is due before the interval since last_ has passed
  double last_ = 0;  // when the last line was due (or second 0)
  bool shown_ = false;
};

}  // namespace lineup::cli
