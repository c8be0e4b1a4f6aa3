// The counterexample page, loaded in headless Chromium: what a reader sees after the page's
// script has run (title, verdict, one lane per thread, call bars with results, steps with
// file:line).
#include "lineup/corpus/html_report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

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

// The page of `c` as headless Chromium renders it (its DOM after the script ran). The page's file
// is named by the process and the test, so tests ctest runs side by side never render each
// other's page.
std::string rendered(const Counterexample& c) {
  const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("lineup-report-" + std::to_string(getpid()) + "-" + test + ".html");
  std::ofstream(path) << html_report(c);
  std::string dom = run("chromium --headless --no-sandbox --disable-gpu --dump-dom file://" +
                        path.string() + " 2>/dev/null");
  std::filesystem::remove(path);
  return dom;
}

// A c11 counterexample whose load read a stale store: the page says, at that load, which store
// it read (a link to the store's step, the store's text on hover) and that a newer one existed,
// as the text trace does; the header counts the stale reads.
TEST(HtmlReport, StaleReadNamesTheStoreItRead) {
  Counterexample c =
      corpus::load(LINEUP_SOURCE_DIR "/corpus/cases/libcds/cds-iterable-list-crash-67f80c33.json");
  std::string dom = rendered(c);
  ASSERT_NE(dom.find("</html>"), std::string::npos) << "chromium did not render the page";
  const std::string link = "reads the store of <a href=\"#s24\" class=\"source\" title=\"T";
  size_t at = dom.find(link);
  ASSERT_NE(at, std::string::npos) << dom;
  EXPECT_NE(dom.find(">step 24</a>, not the latest (1 newer store)", at), std::string::npos);
  EXPECT_NE(dom.find("<div class=\"note stale\">reads the store of"), std::string::npos);
  EXPECT_NE(dom.find(" stale read"), std::string::npos);
  // The store's step is on the page as the link's target.
  EXPECT_NE(dom.find("<tr id=\"s24\">"), std::string::npos);
}

TEST(HtmlReport, ChromiumShowsTheTimeline) {
  std::vector<std::string> files = corpus::files(LINEUP_SOURCE_DIR "/corpus/cases/seeded");
  std::string file;
  for (const std::string& f : files) {
    if (f.find("publish-before-write") != std::string::npos) file = f;
  }
  ASSERT_FALSE(file.empty());
  Counterexample c = corpus::load(file);
  std::string dom = rendered(c);
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
  EXPECT_NE(dom.find(c.preemptions == 0 ? "no preemptions" : " preemption"), std::string::npos);
  // One row per step, plus the header row.
  size_t rows = 0;
  for (size_t at = 0; (at = dom.find("<td class=\"n\">", at)) != std::string::npos; ++at) ++rows;
  EXPECT_EQ(rows, c.schedule.choices.size());
}

}  // namespace
}  // namespace lineup::corpus
