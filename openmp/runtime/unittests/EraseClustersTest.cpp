//===- EraseClustersTest.cpp - OMP_ERASE_CLUSTERS --------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ERASE's explicit clusters (docs/erase.md): CPU lists and ranges, the
// canonical spelling OMP_DISPLAY_ENV shows, and a message for each kind of
// malformed value.
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_clusters.h"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(EraseClusters, ListsAndRanges) {
  kmp_erase_clusters_t C;
  char Err[200] = "";
  ASSERT_EQ(__kmp_erase_clusters_parse("big:0-1;little:2-5,7,9-10", &C, Err,
                                       sizeof(Err)),
            0)
      << Err;
  ASSERT_EQ(C.n, 2);
  EXPECT_STREQ(C.names[0], "big");
  EXPECT_STREQ(C.names[1], "little");
  EXPECT_EQ(__kmp_erase_clusters_size(&C, 0), 2);
  EXPECT_EQ(__kmp_erase_clusters_size(&C, 1), 7);
  EXPECT_EQ(__kmp_erase_clusters_of(&C, 1), 0);
  EXPECT_EQ(__kmp_erase_clusters_of(&C, 7), 1);
  EXPECT_EQ(__kmp_erase_clusters_of(&C, 6), -1); // in no cluster
  EXPECT_EQ(__kmp_erase_clusters_of(&C, 5000), -1);
  char Buf[200];
  __kmp_erase_clusters_print(&C, Buf, sizeof(Buf));
  EXPECT_STREQ(Buf, "big:0-1;little:2-5,7,9-10");
}

// Out-of-order and adjacent numbers print merged, and parse back the same.
TEST(EraseClusters, CanonicalSpellingRoundTrips) {
  kmp_erase_clusters_t C, D;
  char Err[200] = "", Buf[200], Buf2[200];
  ASSERT_EQ(
      __kmp_erase_clusters_parse("a:3,1,2,0;b:1023;", &C, Err, sizeof(Err)), 0)
      << Err;
  __kmp_erase_clusters_print(&C, Buf, sizeof(Buf));
  EXPECT_STREQ(Buf, "a:0-3;b:1023");
  ASSERT_EQ(__kmp_erase_clusters_parse(Buf, &D, Err, sizeof(Err)), 0) << Err;
  __kmp_erase_clusters_print(&D, Buf2, sizeof(Buf2));
  EXPECT_STREQ(Buf, Buf2);
  // A short buffer is cut, never overrun.
  char Small[6];
  __kmp_erase_clusters_print(&C, Small, sizeof(Small));
  EXPECT_STREQ(Small, "a:0-3");
}

TEST(EraseClusters, Errors) {
  struct Case {
    const char *Value, *Message;
  } Cases[] = {
      {"", "no cluster given"},
      {"0-3", "cluster 1: expected <name>:<cpus>"},
      {"a:0;b", "cluster 2: expected <name>:<cpus>"},
      {":0-3", "cluster 1: a name of 1 to 31 characters is needed before ':'"},
      {"a:0;a:1", "cluster name 'a' used twice"},
      {"a:", "cluster 'a': expected CPU numbers below 1024 and ranges a-b "
             "with a <= b, as in 0-3,6"},
      {"a:3-1", "cluster 'a': expected CPU numbers below 1024 and ranges a-b "
                "with a <= b, as in 0-3,6"},
      {"a:0-2000", "cluster 'a': expected CPU numbers below 1024 and ranges "
                   "a-b with a <= b, as in 0-3,6"},
      {"a:0,", "cluster 'a': expected CPU numbers below 1024 and ranges a-b "
               "with a <= b, as in 0-3,6"},
      {"a:0-3;b:3-4", "CPU 3 is in cluster 'a' and in 'b'"},
      {"a:0 1", "cluster 'a': unexpected ' ' (clusters are separated by ';')"},
  };
  for (const Case &Cs : Cases) {
    kmp_erase_clusters_t C;
    char Err[200] = "";
    EXPECT_EQ(__kmp_erase_clusters_parse(Cs.Value, &C, Err, sizeof(Err)), -1)
        << Cs.Value;
    EXPECT_STREQ(Err, Cs.Message) << Cs.Value;
    EXPECT_EQ(C.n, 0);
  }
  std::string Many;
  for (int I = 0; I < 17; ++I)
    Many += "c" + std::to_string(I) + ":" + std::to_string(I) + ";";
  kmp_erase_clusters_t C;
  char Err[200] = "";
  EXPECT_EQ(__kmp_erase_clusters_parse(Many.c_str(), &C, Err, sizeof(Err)), -1);
  EXPECT_STREQ(Err, "more than 16 clusters");
}

// CPUs that do not exist or that the process may not use are left out of a
// user's cluster list, and named; a cluster left with none is refused.
TEST(EraseClusters, RestrictToAllowedCpus) {
  uint64_t Allowed[KMP_ERASE_MAX_CPUS / 64] = {0};
  Allowed[0] = 0x3; // CPUs 0 and 1
  kmp_erase_clusters_t C;
  char Err[256];
  ASSERT_EQ(__kmp_erase_clusters_parse("a:0;b:1-1023", &C, Err, sizeof(Err)),
            0);
  EXPECT_EQ(__kmp_erase_clusters_restrict(&C, Allowed, Err, sizeof(Err)), 1022);
  EXPECT_STREQ(Err, "2-1023");
  EXPECT_EQ(__kmp_erase_clusters_size(&C, 1), 1);
  EXPECT_EQ(__kmp_erase_clusters_of(&C, 5), -1);
  ASSERT_EQ(__kmp_erase_clusters_parse("a:0-1", &C, Err, sizeof(Err)), 0);
  EXPECT_EQ(__kmp_erase_clusters_restrict(&C, Allowed, Err, sizeof(Err)), 0);
  EXPECT_STREQ(Err, "");
  ASSERT_EQ(__kmp_erase_clusters_parse("a:0;b:2-7", &C, Err, sizeof(Err)), 0);
  EXPECT_EQ(__kmp_erase_clusters_restrict(&C, Allowed, Err, sizeof(Err)), -1);
  EXPECT_STREQ(Err, "cluster 'b' has no CPU that exists and that this process "
                    "may use");
  EXPECT_EQ(__kmp_erase_clusters_size(&C, 1), 6); // unchanged
}

} // namespace
