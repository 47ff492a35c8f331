// MVOMP: -fopenmp links the libomp installed next to this clang and adds an
// rpath to it, so programs run on it with no other flag;
// -fno-rtlib-add-rpath removes the rpath.
// RUN: %clang -### --target=x86_64-unknown-linux-gnu -fopenmp=libomp %s 2>&1 \
// RUN:   | FileCheck --check-prefix=RPATH %s
// RUN: %clang -### --target=x86_64-unknown-linux-gnu -fopenmp=libomp \
// RUN:   -fno-rtlib-add-rpath %s 2>&1 | FileCheck --check-prefix=NORPATH %s
// RUN: %clang -### --target=x86_64-unknown-linux-gnu %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NOOMP %s

// RPATH: "-lomp"
// RPATH-SAME: "-L[[LIBDIR:[^"]+]]" "-rpath" "[[LIBDIR]]"
// NORPATH: "-lomp"
// NORPATH-NOT: "-rpath"
// NOOMP-NOT: "-rpath"

int main(void) { return 0; }
