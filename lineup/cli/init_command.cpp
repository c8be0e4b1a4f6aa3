#include "lineup/cli/init_command.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <string_view>

#include "lineup/cli/init_templates.h"
#include "lineup/corpus/corpus.h"

namespace lineup::cli {
namespace {

namespace fs = std::filesystem;
using Files = std::vector<std::pair<std::string, std::string>>;

// `text` with each "@KEY@" of `values` replaced by its value.
std::string fill(std::string_view text,
                 const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out(text);
  for (const auto& [key, value] : values) {
    const std::string placeholder = "@" + key + "@";
    for (size_t at = out.find(placeholder); at != std::string::npos;
         at = out.find(placeholder, at + value.size())) {
      out.replace(at, placeholder.size(), value);
    }
  }
  return out;
}

// The structure name as a CMake project and target name: "my/ring-buffer" -> "my_ring_buffer".
std::string identifier(const std::string& name) {
  std::string id = name;
  for (char& c : id) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return id;
}

// The class of the example structure in the template of `kind`: "queue" -> "ExampleQueue".
std::string example_class(std::string kind) {
  kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
  return "Example" + kind;
}

// Why `path` cannot be written into the generated CMakeLists.txt as lineup's source tree, ""
// when it can.
std::string not_a_source_tree(const std::string& path) {
  const fs::path root(path);
  std::error_code ec;
  if (!fs::is_regular_file(root / "cmake" / "Lineup.cmake", ec) ||
      !fs::is_regular_file(root / "specs" / "structure.h", ec)) {
    return "not a lineup source tree (no cmake/Lineup.cmake and specs/structure.h there)";
  }
  // Characters a quoted CMake argument would take as an escape, a variable or a list.
  if (path.find_first_of("\"\\$;\n") != std::string::npos) {
    return "a path with \", \\, $, ; or a line break cannot be written into CMakeLists.txt";
  }
  return "";
}

// Why `dir` cannot become the project's folder, "" when it can: it must not exist, or be an
// empty folder.
std::string unusable_folder_reason(const fs::path& dir) {
  std::error_code ec;
  fs::file_status status = fs::status(dir, ec);
  if (!fs::exists(status)) return "";
  if (!fs::is_directory(status)) return "exists and is not a folder";
  if (!fs::is_empty(dir, ec)) return "exists and is not empty";
  return ec ? ec.message() : "";
}

// Creates the missing folders above `dir`; returns those it created, innermost first.
std::vector<fs::path> create_parents(const fs::path& dir) {
  std::vector<fs::path> created;
  std::error_code ec;
  for (fs::path p = dir.parent_path(); !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    created.push_back(p);
    if (p == p.parent_path()) break;
  }
  fs::create_directories(dir.parent_path(), ec);
  if (ec) throw std::runtime_error(dir.parent_path().string() + ": cannot create: " + ec.message());
  return created;
}

// A new, empty, hidden folder `<stem>-<pid>-<n>`, where the files are written before they
// become the project (mkdir: its mode is that of any folder the process creates).
fs::path make_staging_folder(const std::string& stem) {
  for (int n = 0;; ++n) {
    fs::path p = stem + "-" + std::to_string(::getpid()) + "-" + std::to_string(n);
    if (::mkdir(p.c_str(), 0777) == 0) return p;
    if (errno != EEXIST || n == 99) {
      throw std::runtime_error(p.string() + ": cannot create: " + std::strerror(errno));
    }
  }
}

// Moves each of `files` from `staging` into `dir` without replacing a file there (a link,
// then the staged name removed), adding its path in `dir` to `moved` once there.
void move_files(const fs::path& staging, const Files& files, const fs::path& dir,
                std::vector<fs::path>& moved) {
  for (const auto& file : files) {
    const fs::path from = staging / file.first, to = dir / file.first;
    if (::link(from.c_str(), to.c_str()) != 0) {
      throw std::runtime_error(to.string() + ": cannot create: " + std::strerror(errno));
    }
    moved.push_back(to);
    ::unlink(from.c_str());
  }
}

// Writes `files` as the project's folder `dir`. An absent `dir` is written whole: the files
// go to a staging folder beside it, renamed to `dir` at once. An existing empty `dir` keeps
// its identity (it may be the working folder): the files are staged in a hidden folder inside
// it, then moved in one by one. On failure, removes the staging folder, the files moved and
// the folders created above `dir`, and rethrows.
void write_folder(const fs::path& dir, const Files& files) {
  std::error_code ec;
  const bool exists = fs::is_directory(dir, ec);
  const std::vector<fs::path> created = exists ? std::vector<fs::path>{} : create_parents(dir);
  fs::path staging;
  std::vector<fs::path> moved;
  try {
    staging = make_staging_folder(
        exists ? (dir / ".lineup-init").string()
               : (dir.parent_path() / ("." + dir.filename().string() + ".lineup-init")).string());
    for (const auto& [path, text] : files) corpus::write_new_file((staging / path).string(), text);
    if (exists) {
      move_files(staging, files, dir, moved);
      fs::remove(staging, ec);
    } else if (::rename(staging.c_str(), dir.c_str()) != 0) {
      throw std::runtime_error(dir.string() + ": cannot create: " + std::strerror(errno));
    }
  } catch (...) {
    if (!staging.empty()) fs::remove_all(staging, ec);
    for (const fs::path& p : moved) fs::remove(p, ec);
    for (const fs::path& p : created) fs::remove(p, ec);  // only if still empty
    throw;
  }
}

// The install prefix of the running lineup (<prefix>/bin/lineup beside lineup's headers), or
// "" when it runs from elsewhere (a build folder, a hunter).
std::string install_prefix() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.parent_path().filename() != "bin") return "";
  fs::path prefix = exe.parent_path().parent_path();
  return fs::exists(prefix / "include" / "lineup" / "specs" / "structure.h", ec) ? prefix.string()
                                                                                 : "";
}

// The structure name of the project: --name, or "my/<kind>".
std::string structure_name(const InitOptions& options) {
  return options.name.empty() ? "my/" + options.kind : options.name;
}

// What to run next, on stdout; `dir` as the command line gave it.
void print_next_steps(fs::path dir, const InitOptions& options) {
  if (!dir.has_filename()) dir = dir.parent_path();
  std::string d = dir.string(), name = structure_name(options), prefix;
  if (options.lineup_source.empty()) {
    std::string installed = install_prefix();
    prefix =
        " -DCMAKE_PREFIX_PATH=" + (installed.empty() ? "<lineup's install prefix>" : installed);
  }
  std::printf("wrote %s: %s, a %s to hunt (README.md says what to change)\n", d.c_str(),
              name.c_str(), options.kind.c_str());
  std::printf("  cmake -S %s -B %s/build%s && cmake --build %s/build -j2\n", d.c_str(), d.c_str(),
              prefix.c_str(), d.c_str());
  std::printf("  %s/build/hunter hunt %s\n", d.c_str(), name.c_str());
}

}  // namespace

InitCommand::InitCommand(CLI::App& app) {
  init_ = app.add_subcommand("init",
                             "write a project of your own: a structure to hunt, ready to build");
  init_->add_option("dir", options_.dir, "the project's folder (absent or empty)")->required();
  init_->add_option("--kind", options_.kind, "the example structure")
      ->check(CLI::IsMember(init_kinds()))
      ->capture_default_str();
  init_->add_option("--name", options_.name, "its structure name (default: my/KIND)");
  init_->add_option("--lineup-source", options_.lineup_source,
                    "build with this lineup source tree (default: an installed lineup)");
}

bool InitCommand::parsed() const { return init_->parsed(); }

ExitStatus InitCommand::run() { return init_project(options_); }

const std::vector<std::string>& init_kinds() {
  static const std::vector<std::string> kinds = {"queue", "stack", "set"};
  return kinds;
}

bool valid_structure_name(const std::string& name) {
  static const std::regex part_by_part("[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*");
  return name.size() <= 100 && std::regex_match(name, part_by_part);
}

Files init_files(const InitOptions& options) {
  const std::vector<std::string>& kinds = init_kinds();
  if (std::find(kinds.begin(), kinds.end(), options.kind) == kinds.end()) {
    throw std::invalid_argument("bad --kind '" + options.kind + "': queue, stack or set");
  }
  const std::string name = structure_name(options);
  if (!valid_structure_name(name)) {
    throw std::invalid_argument("bad --name '" + name +
                                "': a structure name is parts separated by '/', each of "
                                "lowercase letters, digits, '-', '_' and '.' (e.g. my/queue)");
  }
  const std::string spec = options.kind + ".cpp";
  const std::vector<std::pair<std::string, std::string>> values = {
      {"NAME", name},
      {"KIND", options.kind},
      {"PROJECT", identifier(name)},
      {"SPEC", spec},
      {"CLASS", example_class(options.kind)},
      {"LINEUP_SOURCE_DIR", options.lineup_source},
  };
  return {{"CMakeLists.txt", fill(init_template("CMakeLists.txt.in"), values)},
          {spec, fill(init_template(spec + ".in"), values)},
          {"README.md", fill(init_template("README.md.in"), values)}};
}

ExitStatus init_project(const InitOptions& options) {
  InitOptions resolved = options;
  // The folder as an absolute path without a trailing '/': its name is the last part.
  fs::path dir = fs::absolute(options.dir).lexically_normal();
  if (!dir.has_filename()) dir = dir.parent_path();
  try {
    if (!options.lineup_source.empty()) {
      if (std::string why = not_a_source_tree(options.lineup_source); !why.empty()) {
        throw std::invalid_argument("bad --lineup-source '" + options.lineup_source + "': " + why);
      }
      fs::path source = fs::absolute(options.lineup_source).lexically_normal();
      resolved.lineup_source = (source.has_filename() ? source : source.parent_path()).string();
    }
    Files files = init_files(resolved);
    if (std::string why = unusable_folder_reason(dir); !why.empty()) {
      throw std::invalid_argument(options.dir + ": " + why);
    }
    write_folder(dir, files);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: %s\n", e.what());
    return ExitStatus::kUsage;
  }
  print_next_steps(options.dir, resolved);
  return ExitStatus::kClean;
}

}  // namespace lineup::cli
