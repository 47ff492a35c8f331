// MVOMP: diagnostics of '#pragma omp task define(N)' / '#pragma omp task run(N)'
// (docs/syntax.md).
// RUN: %clang_cc1 -verify=expected,c -fopenmp -ferror-limit 200 %s
// RUN: %clang_cc1 -verify=expected,cxx -fopenmp -ferror-limit 200 -x c++ %s

typedef __UINTPTR_TYPE__ uintptr_t;
#ifdef __cplusplus
typedef enum omp_event_handle_t : uintptr_t {
#else
typedef enum omp_event_handle_t {
#endif
  KMP_EVENT_MAX_HANDLE = __UINTPTR_MAX__
} omp_event_handle_t;

void k1(int *);
void k2(int *);
int g;

void ok(int *a, int n) {
  int x = 0;
#pragma omp task define(1)
  k1(a);
#pragma omp task define(1) firstprivate(n) shared(a) private(x) default(shared)
  {
    x = n;
    k2(a + x);
  }
#pragma omp task define(1) default(none) shared(a) firstprivate(n)
  k1(a + n);
#pragma omp task run(1) depend(inout : a[0]) if (n > 2) final(n > 4) priority(3) mergeable
  for (int i = 0; i < n; ++i) {
#pragma omp task define(0)
    k1(a + i);
#pragma omp task run(0)
  }
  switch (n) {
  case 1: {
#pragma omp task define(2)
    k1(a);
#pragma omp task run(2)
    break;
  }
  default:
    break;
  }
#pragma omp parallel
#pragma omp single
  {
#pragma omp task define(2147483647)
    k1(a);
#pragma omp task run(2147483647)
  }
}

void bad_task_types(int n) { // cxx-note {{declared here}}
#pragma omp task define(-1) // expected-error {{argument to 'define' clause must be a non-negative integer value}}
  k1(0);
#pragma omp task define(n) // c-error {{expression is not an integer constant expression}} cxx-error {{expression is not an integral constant expression}} cxx-note {{function parameter 'n' with unknown value cannot be used in a constant expression}}
  k1(0);
#pragma omp task define(2147483648) // expected-error {{task type 2147483648 in 'define' clause is too large; task types go up to 2147483647}}
  k1(0);
#pragma omp task define(1) define(1) // expected-error {{directive '#pragma omp task' cannot contain more than one 'define' clause}}
  k1(0);
#pragma omp task run(1)
}

void define_and_run(void) {
#pragma omp task define(1) run(1) // expected-error {{'define' and 'run' clauses cannot appear on the same 'task' directive}}
}

void launch_clauses_on_define(int *a, int c, omp_event_handle_t evt) {
#pragma omp task define(1) depend(in : a[0]) // expected-error {{'depend' clause cannot be used on a 'task define'; put it on the 'task run' that launches the task}}
  k1(a);
#pragma omp task define(1) if (c) // expected-error {{'if' clause cannot be used on a 'task define'}}
  k1(a);
#pragma omp task define(1) final(c) // expected-error {{'final' clause cannot be used on a 'task define'}}
  k1(a);
#pragma omp task define(1) priority(2) // expected-error {{'priority' clause cannot be used on a 'task define'}}
  k1(a);
#pragma omp task define(1) untied // expected-error {{'untied' clause cannot be used on a 'task define'}}
  k1(a);
#pragma omp task define(1) mergeable // expected-error {{'mergeable' clause cannot be used on a 'task define'}}
  k1(a);
#pragma omp task define(1) detach(evt) // expected-error {{'detach' clause cannot be used on a 'task define'}}
  k1(a);
#pragma omp task define(1) affinity(a[0]) // expected-error {{'affinity' clause is not supported on a 'task define'}}
  k1(a);
#pragma omp task run(1)
}

void run_clauses(int *a, int c) {
#pragma omp task define(1)
  k1(a);
#pragma omp task run(1) untied // expected-error {{'untied' clause cannot be used on a 'task run': the versions of a task are always tied}}
#pragma omp task define(1)
  k1(a);
#pragma omp task run(1) firstprivate(c) // expected-error {{'firstprivate' clause cannot be used on a 'task run'; put it on each 'task define'}}
#pragma omp task define(1)
  k1(a);
#pragma omp task run(1) shared(a) // expected-error {{'shared' clause cannot be used on a 'task run'; put it on each 'task define'}}
#pragma omp task define(1)
  k1(a);
#pragma omp task run(1) default(none) // expected-error {{'default' clause cannot be used on a 'task run'; put it on each 'task define'}}
}

void run_without_define(void) {
#pragma omp task run(3) // expected-error {{'task run(3)' is not directly preceded by a 'task define(3)' in the same compound statement}}
  g = 1;
#pragma omp task define(3)
  k1(0);
#pragma omp task run(3)
#pragma omp task run(3) // expected-error {{'task run(3)' is not directly preceded by a 'task define(3)' in the same compound statement}}
}

void define_without_run(int *a) {
#pragma omp task define(4) // expected-error {{'task define(4)' is not directly followed by its 'task run(4)'}}
  k1(a);
  k2(a); // expected-note {{the statement that follows the 'task define' is here}}
}

void define_at_end(int *a) {
#pragma omp task define(4)
  k1(a);
#pragma omp task define(4) // expected-error {{'task define(4)' is not directly followed by its 'task run(4)'}}
  k2(a);
} // expected-note {{the enclosing compound statement ends here}}

void define_in_inner_block(int *a) {
  {
#pragma omp task define(4) // expected-error {{'task define(4)' is not directly followed by its 'task run(4)'}}
    k1(a);
  } // expected-note {{the enclosing compound statement ends here}}
#pragma omp task run(4) // expected-error {{'task run(4)' is not directly preceded by a 'task define(4)' in the same compound statement}}
}

void separated(int *a) {
#pragma omp task define(5) // expected-note {{previous 'task define(5)' is here}}
  k1(a);
  g = 1;
#pragma omp task define(5) // expected-error {{'task define(5)' is separated from the previous 'task define(5)' by another statement; the defines of a task must directly precede its 'task run'}}
  k2(a);
#pragma omp task run(5)
}

void type_mismatch(int *a) {
#pragma omp task define(6) // expected-note 2 {{the sequence starts with this 'task define(6)'}}
  k1(a);
#pragma omp task define(7) // expected-error {{'task define(7)' follows 'task define(6)'; all the defines of a 'task run' must have its task type}}
  k2(a);
#pragma omp task run(8) // expected-error {{'task run(8)' follows 'task define(6)'; all the defines of a 'task run' must have its task type}}
}

void standalone_context(int *a, int c) {
  if (c)
#pragma omp task run(9) // expected-error {{'#pragma omp task' with 'run' clause cannot be an immediate substatement}}
  ;
  if (c)
#pragma omp task define(10) // expected-error {{'#pragma omp task' with 'define' clause must be a statement of a compound statement, directly followed by its 'task run'}}
    k1(a);
  while (c)
#pragma omp task define(10) // expected-error {{'#pragma omp task' with 'define' clause must be a statement of a compound statement, directly followed by its 'task run'}}
    k1(a);
}

// Like other standalone directives, a define or a run cannot be the statement
// of a label: a jump there would skip versions.
void labels(int *a, int c) {
  if (c)
    goto L;
#pragma omp task define(11)
  k1(a);
L:
#pragma omp task define(11) // expected-error {{'#pragma omp task' with 'define' clause must be a statement of a compound statement, directly followed by its 'task run'}}
  k2(a);
M:
#pragma omp task run(11) // expected-error {{'#pragma omp task' with 'run' clause cannot be an immediate substatement}}
  if (c)
    goto M;
  switch (c) {
  case 0:
#pragma omp task define(12) // expected-error {{'#pragma omp task' with 'define' clause must be a statement of a compound statement, directly followed by its 'task run'}}
    k1(a);
#pragma omp task run(12)
  }
}
