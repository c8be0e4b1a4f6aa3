#!/usr/bin/env bash
# Runs the ```console blocks of a Markdown page as written and compares their output with the
# page. Usage: console_blocks.sh PAGE WORK_DIR SOURCE_DIR BUILD_DIR
#
# In a console block a line starting with "$ " is a command; the lines after it, up to the next
# command or the block's end, are its output as the page shows it. The commands run one after
# another in one bash process (a `cd` or `export` carries over), starting in WORK_DIR, where
# `build` and `examples` lead to lineup's build and examples folders and HOME is WORK_DIR/home,
# so a page written for lineup's source folder and the reader's home runs unchanged. Each shown
# line must appear in the command's output (stdout and stderr), in the page's order, not
# necessarily adjacent; "…" in a shown line matches any text, and a line "[…]" only marks lines
# left out. Trailing blanks are ignored. The first command whose output does not match ends the
# run with status 1, naming the command and the line, and printing what the command printed.
set -u
page=$1 work=$2 source=$3 build=$4
rm -rf "$work"
mkdir -p "$work/home" "$work/expected" "$work/output"
ln -s "$build" "$work/build"
ln -s "$source/examples" "$work/examples"

# Split the page into commands (expected/N.cmd) and their shown output (expected/N.out).
awk -v dir="$work/expected" '
  /^```/ { if (inblock) { inblock = 0 } else if ($0 == "```console") { inblock = 1 }; next }
  !inblock { next }
  /^\$ / { n++; cmd = dir "/" n ".cmd"; out = dir "/" n ".out"
           print substr($0, 3) > cmd; printf "" > out; next }
  n { print > out }
' "$page"
count=$(find "$work/expected" -name '*.cmd' | wc -l)
if [ "$count" = 0 ]; then
  echo "$page: no console block with a command"
  exit 1
fi

# One script runs every command in order, each one's output in a file of its own.
script="$work/commands.sh"
{
  echo "cd '$work' || exit 1"
  echo "export HOME='$work/home'"
  for i in $(seq "$count"); do
    echo "{ $(cat "$work/expected/$i.cmd")"
    echo "} > '$work/output/$i' 2>&1 < /dev/null"
  done
} >"$script"
bash "$script"

# A shown line as an extended regular expression: literal text, "…" as any text.
pattern() {
  local escaped
  escaped=$(printf '%s' "$1" | sed -e 's/[][\.*^$+?(){}|]/\\&/g' -e 's/…/.*/g')
  printf '^%s$' "$escaped"
}

for i in $(seq "$count"); do
  command=$(cat "$work/expected/$i.cmd")
  mapfile -t actual < <(sed -e 's/[[:space:]]*$//' "$work/output/$i")
  position=0
  while IFS= read -r shown; do
    shown=$(printf '%s' "$shown" | sed -e 's/[[:space:]]*$//')
    [ "$shown" = "[…]" ] && continue
    regex=$(pattern "$shown")
    while [ "$position" -lt "${#actual[@]}" ] && ! [[ "${actual[$position]}" =~ $regex ]]; do
      position=$((position + 1))
    done
    if [ "$position" -ge "${#actual[@]}" ]; then
      echo "the output of \`$command\` does not match $page:"
      echo "  no line (in order) like: $shown"
      echo "what it printed:"
      cat "$work/output/$i"
      exit 1
    fi
    position=$((position + 1))
  done <"$work/expected/$i.out"
done
echo "$page: $count commands, every output as shown"
