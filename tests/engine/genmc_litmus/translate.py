#!/usr/bin/env python3
"""Translates GenMC's litmus suite into one C file of lineup programs.

Usage: translate.py GENMC_CHECKOUT OUTPUT.c

GENMC_CHECKOUT holds GenMC v0.11.0's tests/correct/litmus (for example extracted with
`git archive HEAD tests/correct/litmus`). Each test folder's first variant (variants/*.c in
name order; GenMC expects the same count of every variant) becomes a block of the output: the
test's globals and functions, renamed by macros to a per-test prefix, and its main() renamed
to a setup function in which pthread_create records the thread to run instead of starting it
(genmc_litmus.h). Each line of args.rc11.mo.in and expected.rc11.mo.in (GenMC's test driver,
scripts/runcorrect.sh, reads them pairwise: flags for GenMC | flags for the compiler, and the
number of complete executions GenMC must explore) gives one program; the compiler's -D flags
become #defines around its block. Tests the translation cannot express are listed with the
reason in the output's header.
"""
import os
import re
import sys

C_KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "_Atomic", "_Bool", "__attribute__",
    "__typeof__", "typeof",
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def expand(variant_path):
    """The variant's source with its local includes inlined and system includes dropped."""
    out = []
    with open(variant_path) as f:
        for line in f:
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if m:
                out.append(expand(os.path.join(os.path.dirname(variant_path), m.group(1))))
            elif not re.match(r"\s*#\s*include\s*<", line):
                out.append(line)
    return "".join(out)


TOKEN = re.compile(r"\s*(?:([A-Za-z_]\w*)|(\d\w*)|(\S))")


def tokens(text):
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        yield m.group(1) or m.group(2) or m.group(3) or ""


def top_level_names(code):
    """Names declared at file scope: (variables, everything else: functions, types, tags)."""
    variables, others = [], []
    toks = [t for t in tokens(code) if t]
    depth = paren = 0
    statement = []
    for i, t in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        elif t == "(":
            paren += 1
        elif t == ")":
            paren -= 1
        if depth == 0 and paren == 0 and t in (";", "}"):
            statement = [] if t == ";" else statement
        if depth == 0:
            statement.append(t)
        if depth or paren or not re.match(r"[A-Za-z_]\w*$", t) or t in C_KEYWORDS:
            continue
        if nxt == "(":
            if t not in others:
                others.append(t)
        elif nxt in ("[", "=", ";", ","):
            target = others if "typedef" in statement else variables
            if t not in target:
                target.append(t)
        elif toks[i - 1] in ("struct", "union", "enum") and t not in others:
            others.append(t)
    return variables, others


def split_main(code):
    """(code without main, main's body) of a variant's expanded source."""
    m = re.search(r"\bint\s+main\s*\([^)]*\)\s*\{", code)
    if not m:
        raise ValueError("no main()")
    depth, i = 1, m.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        i += 1
    return code[: m.start()] + code[i:], code[m.end() : i - 1]


def evaluate(expr, defines):
    expr = expr.strip()
    if expr in defines:
        return evaluate(defines[expr], defines)
    return int(expr)


def thread_count(main_body, defines):
    """Threads main() creates: each pthread_create, times the bound of an enclosing for loop."""
    count = 0
    loops = []  # (brace depth of the loop's body, iterations)
    depth = 0
    pending = None
    i = 0
    while i < len(main_body):
        rest = main_body[i:]
        m = re.match(r"for\s*\([^;]*;\s*\w+\s*<\s*(\w+)\s*;[^)]*\)\s*", rest)
        if m:
            pending = evaluate(m.group(1), defines)
            i += m.end()
            continue
        c = main_body[i]
        if c == "{":
            depth += 1
            if pending is not None:
                loops.append((depth, pending))
                pending = None
        elif c == "}":
            if loops and loops[-1][0] == depth:
                loops.pop()
            depth -= 1
        elif rest.startswith("pthread_create"):
            times = pending if pending is not None else 1
            for _, n in loops:
                times *= n
            count += times
            i += len("pthread_create")
            continue
        elif c == ";":
            pending = None
        i += 1
    return count


def read_lines(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def c_name(text):
    return re.sub(r"\W", "_", text)


def unsupported_reason(functions_code):
    if re.search(r"\bpthread_\w+\s*\(", functions_code):
        return "a thread function calls pthread (join of another thread by its id)"
    return None


def translate_test(root, name):
    folder = os.path.join(root, name)
    variants = sorted(f for f in os.listdir(os.path.join(folder, "variants")) if f.endswith(".c"))
    variant = os.path.join(folder, "variants", variants[0])
    code = strip_comments(expand(variant))
    # GenMC's intrinsics are macros of genmc_litmus.h: their declarations go.
    code = re.sub(r"\bvoid\s+__VERIFIER_\w+\s*\([^)]*\)\s*;", "", code)
    rest, main_body = split_main(code)
    reason = unsupported_reason(rest)
    if reason:
        return None, reason
    expected = read_lines(os.path.join(folder, "expected.rc11.mo.in"))
    args = read_lines(os.path.join(folder, "args.rc11.mo.in")) or [""]
    if len(args) != len(expected):
        return None, "args and expected files differ in length"
    source_defines = dict(re.findall(r"#\s*define\s+(\w+)\s+(\S+)", rest))
    variables, others = top_level_names(re.sub(r"#[^\n]*", "", rest))
    blocks, rows = [], []
    for arg_line, count in zip(args, expected):
        compiler_args = arg_line.split("|")[1] if "|" in arg_line else ""
        defines = dict(re.findall(r"-D(\w+)(?:=(\S+))?", compiler_args))
        defines = {k: (v if v else "1") for k, v in defines.items()}
        suffix = "".join("_%s%s" % (k, v) for k, v in defines.items())
        program = name + suffix.replace("_", "/", 1) if suffix else name
        prefix = "genmc_" + c_name(name) + suffix + "_"
        all_defines = dict(source_defines)
        all_defines.update(defines)
        threads = thread_count(main_body, all_defines)
        renamed = variables + others + ["main"]
        lines = ["/* %s: GenMC v0.11.0, tests/correct/litmus/%s/variants/%s%s; expected %s */"
                 % (program, name, variants[0],
                    " with " + compiler_args.strip() if compiler_args.strip() else "", count)]
        lines += ["#define %s %s" % (k, v) for k, v in defines.items()]
        lines += ["#define %s %s%s" % (n, prefix, n) for n in renamed]
        body = re.sub(r"\n\s*\n+", "\n", rest.strip())
        lines.append(body)
        lines.append("int main(void) {%s}" % main_body.rstrip())
        lines.append("static void %sreset(void) {" % prefix)
        lines += ["  genmc_litmus_zero(&%s, sizeof %s);" % (v, v) for v in variables]
        lines.append("}")
        lines += ["#undef %s" % n for n in renamed + list(defines) + list(source_defines)]
        blocks.append("\n".join(lines))
        rows.append('  {"%s", "tests/correct/litmus/%s/variants/%s", %smain, %sreset, %d, %s},'
                    % (program, name, variants[0], prefix, prefix, threads, count))
    return (blocks, rows), None


HEADER = """\
/* Generated by translate.py from GenMC v0.11.0's litmus suite (tests/correct/litmus of
 * https://github.com/MPI-SWS/genmc, MIT license): each block is one test's code, renamed to
 * its own prefix, and the table at the end gives its threads and the number of complete RC11
 * executions GenMC explores (expected.rc11.mo.in). Do not edit; run translate.py again.
%s */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "genmc_litmus.h"

#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-value"
#pragma GCC diagnostic ignored "-Wmain"
#pragma GCC diagnostic ignored "-Wreturn-type"
"""


def main():
    root = os.path.join(sys.argv[1], "tests", "correct", "litmus")
    blocks, rows, skipped = [], [], []
    for name in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, name, "variants")):
            continue
        result, reason = translate_test(root, name)
        if result is None:
            skipped.append(" *   %s: %s" % (name, reason))
            continue
        blocks += result[0]
        rows += result[1]
    note = " *\n * Not translated:\n" + "\n".join(skipped) if skipped else ""
    with open(sys.argv[2], "w") as out:
        out.write(HEADER % note)
        out.write("\n\n".join(blocks))
        out.write("\n\nconst struct genmc_litmus genmc_litmus_tests[] = {\n")
        out.write("\n".join(rows))
        out.write("\n};\nconst int genmc_litmus_test_count = %d;\n" % len(rows))


if __name__ == "__main__":
    main()
