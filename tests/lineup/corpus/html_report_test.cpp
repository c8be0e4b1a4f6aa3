// The counterexample page, loaded in headless Chromium: what a reader sees after the page's
// script has run (title, verdict, one lane per thread, call bars with results, steps with
// file:line).
#include "lineup/corpus/html_report.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "lineup/corpus/corpus.h"

namespace lineup::corpus {
namespace {

std::string run(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return out;
  std::array<char, 4096> buffer;
  for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) {
    out.append(buffer.data(), n);
  }
  return out;
}

TEST(HtmlReport, ChromiumShowsTheTimeline) {
  std::vector<std::string> files = corpus::files(LINEUP_SOURCE_DIR "/corpus/cases/seeded");
  std::string file;
  for (const std::string& f : files) {
    if (f.find("publish-before-write") != std::string::npos) file = f;
  }
  ASSERT_FALSE(file.empty());
  Counterexample c = corpus::load(file);
  std::string page = html_report(c);
  std::filesystem::path path = std::filesystem::temp_directory_path() / "lineup-report-test.html";
  std::ofstream(path) << page;
  std::string dom = run("chromium --headless --no-sandbox --disable-gpu --dump-dom file://" +
                        path.string() + " 2>/dev/null");
  std::filesystem::remove(path);
  ASSERT_NE(dom.find("</html>"), std::string::npos) << "chromium did not render the page";
  // Rendered by the page's script from its data, so these come from the DOM, not the source.
  EXPECT_NE(dom.find("<h1 id=\"title\">not linearizable in seeded/publish-before-write</h1>"),
            std::string::npos);
  EXPECT_NE(dom.find("<th>T0</th><th>T1</th></tr>"), std::string::npos);
  EXPECT_NE(dom.find("<div class=\"call-label\">push(1) → 1</div>"), std::string::npos);
  EXPECT_NE(dom.find("<div class=\"call-label\">pop() → 0</div>"), std::string::npos);
  EXPECT_NE(dom.find("<div class=\"where\">publish_before_write.cpp:"), std::string::npos);
  EXPECT_NE(dom.find("closest legal order"), std::string::npos);
  EXPECT_NE(dom.find("Schedule " + c.schedule.to_token()), std::string::npos);
  // One row per step, plus the header row.
  size_t rows = 0;
  for (size_t at = 0; (at = dom.find("<td class=\"n\">", at)) != std::string::npos; ++at) ++rows;
  EXPECT_EQ(rows, c.schedule.choices.size());
}

}  // namespace
}  // namespace lineup::corpus
