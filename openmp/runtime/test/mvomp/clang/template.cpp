// End to end, C++: versions in function templates (the task type a template
// parameter), C++ objects captured firstprivate by each version (copy
// constructors and destructors balance: the versions that do not run are
// destroyed too), lambdas in version bodies, and launches inside parallel,
// single, task, taskgroup and loops.
// RUN: %libomp-cxx-compile && env OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SELECT=ucb %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// CHECK: float: 300 launches, 300 runs, sum 45150
// CHECK-NEXT: double: 300 launches, 300 runs, sum 45150
// CHECK-NEXT: objects: {{[0-9]+}} made, all destroyed
// CHECK-NEXT: copies per launch: 2

#include <atomic>
#include <cstdio>

struct Counted {
  static std::atomic<long> Made, Destroyed;
  int V;
  explicit Counted(int V) : V(V) { ++Made; }
  Counted(const Counted &O) : V(O.V) { ++Made; }
  ~Counted() { ++Destroyed; }
};
std::atomic<long> Counted::Made{0}, Counted::Destroyed{0};

template <typename T> struct Acc {
  std::atomic<int> Runs{0};
  T Sum = 0;
};

template <typename T> void add_plain(Acc<T> *A, const Counted &C) {
  ++A->Runs;
  A->Sum += C.V;
}

template <int Type, typename T> void launch(Acc<T> *A, const Counted &C) {
#pragma omp task define(Type) firstprivate(C)
  add_plain(A, C);
#pragma omp task define(Type) firstprivate(C)
  [&] {
    ++A->Runs;
    A->Sum += static_cast<T>(C.V);
  }();
#pragma omp task run(Type) depend(inout : A->Sum)
}

template <int Type, typename T> void work(Acc<T> &A) {
  for (int I = 0; I < 100; ++I)
    launch<Type>(&A, Counted(I + 1));
#pragma omp taskgroup
  {
    for (int I = 100; I < 200; ++I)
      launch<Type>(&A, Counted(I + 1));
  }
#pragma omp task shared(A)
  {
    for (int I = 200; I < 300; ++I)
      launch<Type>(&A, Counted(I + 1));
#pragma omp taskwait
  }
#pragma omp taskwait
}

int main() {
  Acc<float> F;
  Acc<double> D;
#pragma omp parallel
#pragma omp single
  {
    work<1>(F);
    work<2>(D);
  }
  std::printf("float: 300 launches, %d runs, sum %.0f\n", F.Runs.load(),
              (double)F.Sum);
  std::printf("double: 300 launches, %d runs, sum %.0f\n", D.Runs.load(), D.Sum);
  long Made = Counted::Made, Destroyed = Counted::Destroyed;
  std::printf("objects: %ld made, %s\n", Made,
              Made == Destroyed ? "all destroyed" : "LEAKED OR DOUBLE-FREED");
  // Each launch: the argument, plus one firstprivate copy per define.
  std::printf("copies per launch: %ld\n", (Made - 600) / 600);
  return 0;
}
