#include "lineup/corpus/merge.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "lineup/corpus/corpus.h"
#include "lineup/corpus/counterexample.h"

namespace lineup::corpus {
namespace {

namespace fs = std::filesystem;
using Key = std::pair<std::string, std::string>;  // structure + '\n' + kind, signature

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The deduplication key of a counterexample file's text; throws std::invalid_argument naming
// what is wrong.
Key key_of(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw std::invalid_argument("not a JSON object");
  auto string_field = [&](const char* name) {
    if (!j.contains(name) || !j[name].is_string()) {
      throw std::invalid_argument(std::string("field '") + name + "': missing or not a string");
    }
    return j[name].get<std::string>();
  };
  if (!j.contains("format_version") || !j["format_version"].is_number_integer() ||
      j["format_version"] < kOldestCounterexampleFormat ||
      j["format_version"] > kCounterexampleFormat) {
    throw std::invalid_argument("field 'format_version': expected " +
                                std::to_string(kOldestCounterexampleFormat) + " to " +
                                std::to_string(kCounterexampleFormat));
  }
  std::string id = string_field("structure") + "\n" + string_field("kind");
  const auto& signature = j.contains("signature") ? j["signature"] : nlohmann::json();
  if (!signature.is_array()) throw std::invalid_argument("field 'signature': not an array");
  std::string functions;
  for (const auto& f : signature) {
    if (!f.is_string()) throw std::invalid_argument("field 'signature': not strings");
    functions += f.get<std::string>() + "\n";
  }
  return {id, functions};
}

// Writes `text` to `out` under `name`, or name-2.json, name-3.json, ... if taken.
std::string write_as_new(const std::string& out, const std::string& name, const std::string& text) {
  fs::path base(name);
  for (int n = 1;; ++n) {
    std::string file =
        n == 1 ? name : base.stem().string() + "-" + std::to_string(n) + base.extension().string();
    std::string path = (fs::path(out) / file).string();
    if (write_new_file(path, text)) return path;
  }
}

}  // namespace

std::vector<MergedFile> merge(const std::string& out, const std::vector<std::string>& inputs) {
  std::error_code ec;
  fs::create_directories(out, ec);
  if (!fs::is_directory(out)) throw std::runtime_error("cannot create the folder " + out);
  std::map<Key, std::string> kept;  // key -> file in `out`
  for (const std::string& path : files(out)) {
    try {
      kept.emplace(key_of(read_text(path)), path);
    } catch (const std::invalid_argument&) {
      // Already there and unreadable: left as it is, and it holds no bug to compare with.
    }
  }
  std::vector<MergedFile> result;
  for (const std::string& dir : inputs) {
    if (!fs::is_directory(dir)) throw std::runtime_error("not a folder: " + dir);
    for (const std::string& path : files(dir)) {
      MergedFile m;
      m.source = path;
      std::string text = read_text(path);
      std::string name = fs::path(path).filename().string();
      try {
        Key key = key_of(text);
        auto found = kept.find(key);
        if (found != kept.end()) {
          m.fate = MergedFile::Fate::kDropped;
          m.same_as = found->second;
        } else {
          m.written = write_as_new(out, name, text);
          kept.emplace(key, m.written);
        }
      } catch (const std::invalid_argument& e) {
        m.fate = MergedFile::Fate::kUnreadable;
        m.error = e.what();
        m.written = write_as_new(out, name, text);
      }
      result.push_back(std::move(m));
    }
  }
  return result;
}

}  // namespace lineup::corpus
