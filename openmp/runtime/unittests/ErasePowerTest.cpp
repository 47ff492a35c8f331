//===- ErasePowerTest.cpp - ERASE's power table parser ---------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The power table of docs/erase.md: records, lookups by nearest frequency,
// the shipped examples, and an error naming file and line for each kind of
// malformed input.
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_power.h"
#include "kmp_mvomp_text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Table {
  kmp_erase_power_t T;
  char Err[256] = "";
  int Rc;
  explicit Table(const std::string &Text, const char *File = "p.power") {
    Rc = __kmp_erase_power_parse(Text.c_str(), File, &T, Err, sizeof(Err));
  }
  ~Table() { __kmp_erase_power_free(&T); }
};

TEST(ErasePower, RecordsAndLookups) {
  Table P("# a comment\n"
          "cluster big idle 1.5   # trailing comment\n"
          "\n"
          "cluster little idle 0.25\n"
          "run big compute 2000 1 3.0\n"
          "run big compute 1000 1 1.2\n"
          "run big compute 2000 2 5.5\n"
          "run little memory 1500 4 0.8\r\n");
  ASSERT_EQ(P.Rc, 0) << P.Err;
  ASSERT_EQ(P.T.nclusters, 2);
  EXPECT_STREQ(P.T.names[1], "little");
  EXPECT_DOUBLE_EQ(P.T.idle[0], 1.5);
  EXPECT_EQ(__kmp_erase_power_cluster(&P.T, "little"), 1);
  EXPECT_EQ(__kmp_erase_power_cluster(&P.T, "medium"), -1);
  EXPECT_EQ(P.T.nruns, 4);
  // Nearest frequency of the same cluster, class and width.
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1900, 1),
                   3.0);
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1200, 1),
                   1.2);
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1000, 2),
                   5.5);
  // Nothing for that class.
  EXPECT_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_memory, 2000, 1), -1.0);
  EXPECT_EQ(__kmp_erase_power_run(&P.T, 1, kmp_erase_compute, 1500, 2), -1.0);
  // A width the table does not list: in proportion to the nearest listed
  // width's cores, at the nearest listed frequency.
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 1, kmp_erase_memory, 1500, 2),
                   0.4);
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1900, 4),
                   11.0);
}

// Between two listed widths, on the line through them (it read as 0 W, so
// that three cores of a cluster listed at 1, 2 and 4 looked free).
TEST(ErasePower, UnlistedWidthsAreInterpolated) {
  Table P("cluster a57 idle 0.55\n"
          "run a57 compute 2035 1 0.70\n"
          "run a57 compute 2035 2 1.35\n"
          "run a57 compute 2035 4 2.60\n"
          "run a57 compute 1420 1 0.40\n"
          "run a57 compute 1420 4 1.45\n");
  ASSERT_EQ(P.Rc, 0) << P.Err;
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 2035, 3),
                   1.975);
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 2035, 6),
                   3.9);
  // At 1420 MHz width 3 lies between its 1 and 4.
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1400, 3),
                   1.1);
  // A listed width keeps its own nearest frequency (width 2: 2035 MHz only).
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1400, 1),
                   0.40);
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1400, 2),
                   1.35);
  EXPECT_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 2035, 0), -1.0);
}

// The examples shipped in docs/erase/ stay valid.
TEST(ErasePower, ShippedExamples) {
  for (const char *Name : {"tx2.power", "x86.power"}) {
    std::string Path = std::string(MVOMP_ERASE_EXAMPLES) + "/" + Name;
    std::ifstream In(Path);
    ASSERT_TRUE(In.good()) << Path;
    std::stringstream Text;
    Text << In.rdbuf();
    Table P(Text.str(), Path.c_str());
    EXPECT_EQ(P.Rc, 0) << P.Err;
    EXPECT_GT(P.T.nruns, 0) << Path;
  }
}

// Each malformed input: -1, an empty table, and "file:line: what".
TEST(ErasePower, ErrorsNameFileAndLine) {
  struct Case {
    const char *Text, *Message;
  } Cases[] = {
      {"cluster a idle 1\nclutser b idle 1\n",
       "p.power:2: unknown record 'clutser' (expected 'cluster' or 'run')"},
      {"cluster a 1\n", "p.power:1: expected 'cluster <name> idle <watts>'"},
      {"cluster a idle -1\n",
       "p.power:1: idle power '-1' is not a number of watts >= 0"},
      {"cluster a idle 1W\n",
       "p.power:1: idle power '1W' is not a number of watts >= 0"},
      {"cluster a idle 1\ncluster a idle 2\n",
       "p.power:2: cluster 'a' defined twice"},
      {"cluster a idle 1\nrun b compute 1000 1 2\n",
       "p.power:2: cluster 'b' is not defined above"},
      {"cluster a idle 1\nrun a vector 1000 1 2\n",
       "p.power:2: task class 'vector' is not memory, cache or compute"},
      {"cluster a idle 1\nrun a compute 0 1 2\n",
       "p.power:2: frequency '0' is not a positive number of MHz"},
      {"cluster a idle 1\nrun a compute 1000 two 2\n",
       "p.power:2: width 'two' is not a positive number of cores"},
      {"cluster a idle 1\nrun a compute 1000 1 nan\n",
       "p.power:2: run power 'nan' is not a number of watts >= 0"},
      {"cluster a idle 1\nrun a compute 1000 1\n",
       "p.power:2: expected 'run <cluster> <class> <MHz> <width> <watts>'"},
      {"cluster a idle 1\n\nrun a cache 1000 1 2\nrun a cache 1000 1 3\n",
       "p.power:4: run power of a cache 1000 MHz width 1 given twice (first "
       "at line 3)"},
      {"# nothing\n", "p.power: no 'cluster' record"},
      // A table cut short: its last power would read as 3 W.
      {"cluster a idle 1\nrun a compute 1000 1 3.",
       "p.power:2: " KMP_MVOMP_UNTERMINATED_MESSAGE},
      {"cluster a idle 1\n\nrun a compute 1000 1 3.5\n  run a c",
       "p.power:4: " KMP_MVOMP_UNTERMINATED_MESSAGE},
  };
  for (const Case &C : Cases) {
    Table P(C.Text);
    EXPECT_EQ(P.Rc, -1) << C.Text;
    EXPECT_STREQ(P.Err, C.Message);
    EXPECT_EQ(P.T.nclusters, 0);
    EXPECT_EQ(P.T.runs, nullptr);
  }
  Table Long("cluster " + std::string(600, 'x') + " idle 1\n");
  EXPECT_STREQ(Long.Err, "p.power:1: line longer than 511 characters");
  Table Name("cluster " + std::string(40, 'x') + " idle 1\n");
  EXPECT_EQ(Name.Rc, -1);
  EXPECT_NE(std::string(Name.Err).find("longer than 31 characters"),
            std::string::npos);
}

// Two frequencies equally near the current one: the lower one's power, in
// whatever order the table lists them.
TEST(ErasePower, EquallyNearFrequenciesTakeTheLower) {
  Table P("cluster a idle 1\n"
          "run a compute 2000 1 8\n"
          "run a compute 1000 1 4\n");
  ASSERT_EQ(P.Rc, 0) << P.Err;
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1500, 1),
                   4.0);
  EXPECT_DOUBLE_EQ(__kmp_erase_power_run(&P.T, 0, kmp_erase_compute, 1600, 1),
                   8.0);
}

// Large tables: 100,000 distinct records load (the duplicate check sorts; it
// was pairwise, minutes at 400,000), a duplicate far from its first copy is
// found with both lines, and more than KMP_ERASE_MAX_RUNS records are refused.
TEST(ErasePower, LargeTables) {
  std::string Text = "cluster a idle 1\n";
  for (int I = 0; I < 100000; ++I)
    Text += "run a compute " + std::to_string(1 + I / 100) + " " +
            std::to_string(1 + I % 100) + " 2\n";
  Table Big(Text);
  EXPECT_EQ(Big.Rc, 0) << Big.Err;
  EXPECT_EQ(Big.T.nruns, 100000);
  Table Dup(Text + "run a compute 1 1 3\n");
  EXPECT_STREQ(Dup.Err, "p.power:100002: run power of a compute 1 MHz width 1 "
                        "given twice (first at line 2)");
  std::string Many = "cluster a idle 1\n";
  for (int I = 0; I <= KMP_ERASE_MAX_RUNS; ++I)
    Many += "run a memory " + std::to_string(1 + I) + " 1 2\n";
  Table Over(Many);
  EXPECT_EQ(Over.Rc, -1);
  EXPECT_NE(std::string(Over.Err).find("more than 131072 run records"),
            std::string::npos)
      << Over.Err;
}

} // namespace
