//===--- SemaOpenMPTaskVersions.cpp - MVOMP multi-version task checks -----===//
//
// Part of MVOMP, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Semantic analysis of MVOMP's multi-version tasks:
///
/// \code
///   #pragma omp task define(1)   // version 0 of task type 1
///     kernel_a(x);
///   #pragma omp task define(1)   // version 1 of task type 1
///     kernel_b(x);
///   #pragma omp task run(1) depend(inout : x[0])   // launch one task
/// \endcode
///
/// The clauses themselves, which clauses may go with them, and the shape of
/// define/run sequences in a compound statement are checked here. The user
/// documentation is docs/syntax.md; code generation is in
/// CodeGen/CGOpenMPTaskVersions.cpp.
///
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaOpenMP.h"
#include "llvm/ADT/StringExtras.h"
#include <optional>

using namespace clang;
using namespace llvm::omp;

namespace {
/// A statement of a compound statement seen as part of a define/run sequence.
struct VersionStmt {
  const OMPTaskDirective *Directive = nullptr;
  const Expr *TaskType = nullptr;
  /// The task type, or none when it is value-dependent.
  std::optional<llvm::APSInt> Value;
  bool IsRun = false;
};
} // namespace

static std::optional<llvm::APSInt> taskTypeValue(const Expr *E,
                                                 const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent() ||
      E->isInstantiationDependent())
    return std::nullopt;
  return E->getIntegerConstantExpr(Ctx);
}

/// Classifies \p S as a 'task define' or 'task run'. A labelled one was
/// diagnosed by the parser (like any standalone directive, they cannot be the
/// statement of a label, which would let a jump skip versions); it is looked
/// through here so that its sequence is still checked once.
static std::optional<VersionStmt> classify(const Stmt *S,
                                           const ASTContext &Ctx) {
  VersionStmt V;
  while (S) {
    if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *SC = dyn_cast<SwitchCase>(S))
      S = SC->getSubStmt();
    else
      break;
  }
  const auto *D = dyn_cast_or_null<OMPTaskDirective>(S);
  if (!D)
    return std::nullopt;
  V.Directive = D;
  if (const auto *RC = D->getSingleClause<OMPRunClause>()) {
    V.IsRun = true;
    V.TaskType = RC->getTaskType();
  } else if (const auto *DC = D->getSingleClause<OMPDefineClause>()) {
    V.TaskType = DC->getTaskType();
  } else {
    return std::nullopt;
  }
  V.Value = taskTypeValue(V.TaskType, Ctx);
  return V;
}

/// The task type as written in diagnostics: its value, or the expression.
static std::string taskTypeString(const VersionStmt &V, const ASTContext &Ctx) {
  if (V.Value)
    return llvm::toString(*V.Value, 10);
  std::string S;
  llvm::raw_string_ostream OS(S);
  V.TaskType->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return S;
}

/// Two task types match unless both are known and differ.
static bool sameTaskType(const VersionStmt &A, const VersionStmt &B) {
  return !A.Value || !B.Value || llvm::APSInt::isSameValue(*A.Value, *B.Value);
}

template <typename ClauseT>
static OMPClause *
buildTaskTypeClause(SemaOpenMP &S, OpenMPClauseKind Kind, Expr *TaskType,
                    SourceLocation StartLoc, SourceLocation LParenLoc,
                    SourceLocation EndLoc, ExprResult Checked) {
  if (Checked.isInvalid())
    return nullptr;
  ASTContext &Ctx = S.getASTContext();
  if (std::optional<llvm::APSInt> V = taskTypeValue(Checked.get(), Ctx)) {
    // The runtime ABI carries the task type as a kmp_int32.
    if (V->getActiveBits() > 31) {
      S.Diag(TaskType->getExprLoc(), diag::err_omp_task_type_too_large)
          << llvm::toString(*V, 10) << getOpenMPClauseName(Kind)
          << TaskType->getSourceRange();
      return nullptr;
    }
  }
  return new (Ctx) ClauseT(Checked.get(), StartLoc, LParenLoc, EndLoc);
}

OMPClause *SemaOpenMP::ActOnOpenMPDefineClause(Expr *TaskType,
                                               SourceLocation StartLoc,
                                               SourceLocation LParenLoc,
                                               SourceLocation EndLoc) {
  return buildTaskTypeClause<OMPDefineClause>(
      *this, OMPC_define, TaskType, StartLoc, LParenLoc, EndLoc,
      VerifyPositiveIntegerConstantInClause(TaskType, OMPC_define,
                                            /*StrictlyPositive=*/false));
}

OMPClause *SemaOpenMP::ActOnOpenMPRunClause(Expr *TaskType,
                                            SourceLocation StartLoc,
                                            SourceLocation LParenLoc,
                                            SourceLocation EndLoc) {
  return buildTaskTypeClause<OMPRunClause>(
      *this, OMPC_run, TaskType, StartLoc, LParenLoc, EndLoc,
      VerifyPositiveIntegerConstantInClause(TaskType, OMPC_run,
                                            /*StrictlyPositive=*/false));
}

bool SemaOpenMP::checkTaskVersionClauses(ArrayRef<OMPClause *> Clauses,
                                         bool &IsRun) {
  const OMPClause *Define = nullptr;
  const OMPClause *Run = nullptr;
  for (const OMPClause *C : Clauses) {
    if (isa<OMPDefineClause>(C))
      Define = C;
    else if (isa<OMPRunClause>(C))
      Run = C;
  }
  IsRun = Run != nullptr;
  if (!Define && !Run)
    return false;
  if (Define && Run) {
    const OMPClause *Second =
        Define->getBeginLoc() < Run->getBeginLoc() ? Run : Define;
    Diag(Second->getBeginLoc(), diag::err_omp_task_define_and_run);
    return true;
  }

  // Misplaced clauses are diagnosed but the directive is kept, so that its
  // define/run sequence is still checked as written.
  for (const OMPClause *C : Clauses) {
    // Implicit clauses (no location) come from the data-sharing analysis.
    if (C->getBeginLoc().isInvalid())
      continue;
    OpenMPClauseKind K = C->getClauseKind();
    if (Define) {
      switch (K) {
      case OMPC_depend:
      case OMPC_if:
      case OMPC_final:
      case OMPC_priority:
      case OMPC_untied:
      case OMPC_mergeable:
      case OMPC_detach:
        // These describe the launch, which the run does for all versions.
        Diag(C->getBeginLoc(), diag::err_omp_task_define_launch_clause)
            << getOpenMPClauseName(K)
            << SourceRange(C->getBeginLoc(), C->getEndLoc());
        break;
      case OMPC_in_reduction:
      case OMPC_affinity:
        Diag(C->getBeginLoc(), diag::err_omp_task_define_unsupported_clause)
            << getOpenMPClauseName(K)
            << SourceRange(C->getBeginLoc(), C->getEndLoc());
        break;
      default:
        // define, private, firstprivate, shared, default, allocate.
        break;
      }
      continue;
    }
    switch (K) {
    case OMPC_untied:
      Diag(C->getBeginLoc(), diag::err_omp_task_run_clause)
          << getOpenMPClauseName(K) << 1
          << SourceRange(C->getBeginLoc(), C->getEndLoc());
      break;
    case OMPC_private:
    case OMPC_firstprivate:
    case OMPC_shared:
    case OMPC_default:
    case OMPC_allocate:
    case OMPC_in_reduction:
    case OMPC_affinity:
    case OMPC_detach:
      // The run has no body: data belongs to each version.
      Diag(C->getBeginLoc(), diag::err_omp_task_run_clause)
          << getOpenMPClauseName(K) << 0
          << SourceRange(C->getBeginLoc(), C->getEndLoc());
      break;
    default:
      // run, depend, if, final, priority, mergeable.
      break;
    }
  }
  return false;
}

void SemaOpenMP::checkTaskVersionSequences(ArrayRef<Stmt *> Stmts,
                                           SourceLocation RBraceLoc) {
  ASTContext &Ctx = getASTContext();
  // The shape of a sequence does not change when a template is instantiated:
  // it was checked on the template. Only task types that were
  // value-dependent need checking again.
  const bool ShapeChecked = SemaRef.inTemplateInstantiation();
  const size_t N = Stmts.size();
  size_t I = 0;
  while (I < N) {
    std::optional<VersionStmt> First = classify(Stmts[I], Ctx);
    if (!First) {
      ++I;
      continue;
    }
    if (First->IsRun) {
      if (!ShapeChecked)
        Diag(First->Directive->getBeginLoc(), diag::err_omp_task_run_no_define)
            << taskTypeString(*First, Ctx);
      ++I;
      continue;
    }

    // A group of defines, which a run of the same type must directly follow.
    auto CheckMember = [&](const VersionStmt &V) {
      if (!sameTaskType(V, *First)) {
        Diag(V.TaskType->getExprLoc(), diag::err_omp_task_define_type_mismatch)
            << V.IsRun << taskTypeString(V, Ctx) << taskTypeString(*First, Ctx)
            << V.TaskType->getSourceRange();
        Diag(First->Directive->getBeginLoc(),
             diag::note_omp_task_sequence_start)
            << taskTypeString(*First, Ctx);
      }
    };
    const OMPTaskDirective *LastDefine = First->Directive;
    std::optional<VersionStmt> Next;
    size_t J = I + 1;
    for (; J < N && (Next = classify(Stmts[J], Ctx)) && !Next->IsRun; ++J) {
      CheckMember(*Next);
      LastDefine = Next->Directive;
    }
    if (J < N && Next && Next->IsRun) {
      CheckMember(*Next);
      I = J + 1;
      continue;
    }

    // Not followed by its run (the group's type mismatches, if any, were
    // reported above: its type is the first define's).
    if (!ShapeChecked) {
      std::optional<VersionStmt> Later;
      for (size_t K = J; K < N && !Later; ++K) {
        std::optional<VersionStmt> V = classify(Stmts[K], Ctx);
        if (V && !V->IsRun && sameTaskType(*V, *First))
          Later = V;
      }
      const std::string Type = taskTypeString(*First, Ctx);
      if (Later) {
        Diag(Later->Directive->getBeginLoc(),
             diag::err_omp_task_define_separated)
            << taskTypeString(*Later, Ctx);
        Diag(LastDefine->getBeginLoc(), diag::note_omp_task_define_previous)
            << Type;
      } else {
        Diag(LastDefine->getBeginLoc(), diag::err_omp_task_define_no_run)
            << Type;
        bool HasNext = J < N;
        Diag(HasNext ? Stmts[J]->getBeginLoc() : RBraceLoc,
             diag::note_omp_task_define_followed_by)
            << HasNext;
      }
    }
    I = J;
  }
}
