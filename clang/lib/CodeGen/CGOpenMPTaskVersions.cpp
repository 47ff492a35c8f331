//===--- CGOpenMPTaskVersions.cpp - MVOMP multi-version task codegen ------===//
//
// Part of MVOMP, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Code generation for MVOMP's '#pragma omp task define(N)' and
/// '#pragma omp task run(N)', targeting the runtime ABI of docs/abi.md:
///
/// - each define is allocated and filled like an ordinary task, through
///   __kmpc_omp_task_version_alloc(loc, gtid, index, ...) instead of
///   __kmpc_omp_task_alloc, and is not enqueued; the new task is kept in a
///   stack slot until the run;
/// - the run passes the tasks of its defines, in source order, to
///   __kmpc_omp_task_versions with its if/final/priority/mergeable flags and
///   its dependences;
/// - per task type, the module's versions (entry, name, location) go into a
///   constant table registered by a constructor through
///   __kmpc_task_versions_register, so the runtime knows every version before
///   the first launch.
///
/// Sema (SemaOpenMPTaskVersions.cpp) guarantees that the defines of a run
/// directly precede it in the same compound statement, so they are emitted
/// in the same function, in order, with nothing in between.
///
//===----------------------------------------------------------------------===//

#include "CGOpenMPRuntime.h"
#include "CodeGenFunction.h"
#include "CodeGenModule.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace CodeGen;

namespace {
/// Flags of __kmpc_omp_task_versions (docs/abi.md).
enum TaskVersionsFlags : unsigned {
  TaskVersionsIfZero = 0x1,
  TaskVersionsFinal = 0x2,
  TaskVersionsPriority = 0x4,
  TaskVersionsMergeable = 0x8,
};
} // namespace

/// The task type of a define or run, a constant checked by Sema.
static int32_t getTaskType(const ASTContext &Ctx,
                           const OMPExecutableDirective &D) {
  const Expr *E = nullptr;
  if (const auto *C = D.getSingleClause<OMPDefineClause>())
    E = C->getTaskType();
  else if (const auto *C = D.getSingleClause<OMPRunClause>())
    E = C->getTaskType();
  assert(E && "not a multi-version task directive");
  return static_cast<int32_t>(E->EvaluateKnownConstInt(Ctx).getExtValue());
}

/// The version's name: the callee when the body is a single call, otherwise
/// "file:line" of the define.
static std::string getVersionName(CodeGenModule &CGM,
                                  const OMPExecutableDirective &D) {
  const Stmt *Body = D.getCapturedStmt(llvm::omp::OMPD_task)->getCapturedStmt();
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
    if (CS->size() != 1)
      break;
    Body = CS->body_front();
  }
  if (const auto *E = dyn_cast_or_null<Expr>(Body)) {
    E = E->IgnoreImplicit();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr()->IgnoreImplicit();
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
      if (MD && MD->getParent()->isLambda()) {
        // A lambda called in place: its file:line says more.
      } else if (const FunctionDecl *FD = Call->getDirectCallee()) {
        return FD->getQualifiedNameAsString();
      } else if (const Expr *Callee = Call->getCallee()) {
        // A call through a pointer, e.g. blas.sgemm(...).
        std::string S;
        llvm::raw_string_ostream OS(S);
        Callee->IgnoreParenImpCasts()->printPretty(
            OS, nullptr, CGM.getContext().getPrintingPolicy());
        return S;
      }
    }
  }
  PresumedLoc PLoc =
      CGM.getContext().getSourceManager().getPresumedLoc(D.getBeginLoc());
  if (PLoc.isInvalid())
    return "<unknown>";
  return (llvm::sys::path::filename(PLoc.getFilename()) + ":" +
          llvm::Twine(PLoc.getLine()))
      .str();
}

/// The runtime entry point \p Name, declared from the types of the arguments
/// it is called with (these entry points are MVOMP's, not in OMPKinds.def).
static llvm::FunctionCallee getRuntimeFunction(CodeGenModule &CGM,
                                               llvm::Type *Result,
                                               ArrayRef<llvm::Value *> Args,
                                               StringRef Name) {
  SmallVector<llvm::Type *, 11> ArgTys;
  for (llvm::Value *A : Args)
    ArgTys.push_back(A->getType());
  return CGM.CreateRuntimeFunction(
      llvm::FunctionType::get(Result, ArgTys, /*isVarArg=*/false), Name);
}

static std::string getVersionLocation(CodeGenModule &CGM, SourceLocation Loc) {
  PresumedLoc PLoc = CGM.getContext().getSourceManager().getPresumedLoc(Loc);
  if (PLoc.isInvalid())
    return "<unknown>";
  return (llvm::Twine(PLoc.getFilename()) + ":" + llvm::Twine(PLoc.getLine()) +
          ":" + llvm::Twine(PLoc.getColumn()))
      .str();
}

llvm::Value *CGOpenMPRuntime::emitTaskVersionAlloc(
    CodeGenFunction &CGF, SourceLocation Loc, const OMPExecutableDirective &D,
    ArrayRef<llvm::Value *> AllocArgs, llvm::Function *TaskEntry) {
  SmallVector<Address, 4> &Pending = PendingTaskVersions[CGF.CurFn];
  // kmp_task_t *__kmpc_omp_task_version_alloc(ident_t *loc, kmp_int32 gtid,
  //     kmp_int32 index, kmp_int32 flags, size_t sizeof_kmp_task_t,
  //     size_t sizeof_shareds, kmp_routine_entry_t entry);
  SmallVector<llvm::Value *, 8> Args(AllocArgs.begin(), AllocArgs.end());
  Args.insert(Args.begin() + 2, CGF.Builder.getInt32(Pending.size()));
  llvm::Value *NewTask =
      CGF.EmitRuntimeCall(getRuntimeFunction(CGM, CGM.VoidPtrTy, Args,
                                             "__kmpc_omp_task_version_alloc"),
                          Args);

  Address Slot =
      CGF.CreateMemTemp(CGM.getContext().VoidPtrTy, ".omp.task_version");
  CGF.Builder.CreateStore(NewTask, Slot);
  Pending.push_back(Slot);

  TaskVersionTables[getTaskType(CGM.getContext(), D)].push_back(
      {TaskEntry, getVersionName(CGM, D),
       getVersionLocation(CGM, D.getBeginLoc())});
  return NewTask;
}

void CGOpenMPRuntime::emitTaskVersionsRun(CodeGenFunction &CGF,
                                          const OMPExecutableDirective &D,
                                          const OMPTaskDataTy &Data) {
  SmallVector<Address, 4> Versions;
  auto It = PendingTaskVersions.find(CGF.CurFn);
  if (It != PendingTaskVersions.end()) {
    Versions = std::move(It->second);
    PendingTaskVersions.erase(It);
  }
  if (!CGF.HaveInsertPoint())
    return;
  assert(!Versions.empty() && "Sema lets no run go without its defines");
  SourceLocation Loc = D.getBeginLoc();
  ASTContext &Ctx = CGM.getContext();
  CGBuilderTy &B = CGF.Builder;

  // kmp_task_t *versions[n], in define order.
  QualType ArrayTy = Ctx.getConstantArrayType(
      Ctx.VoidPtrTy, llvm::APInt(/*numBits=*/32, Versions.size()), nullptr,
      ArraySizeModifier::Normal, /*IndexTypeQuals=*/0);
  Address Array = CGF.CreateMemTemp(ArrayTy, ".omp.task_versions");
  for (unsigned I = 0, E = Versions.size(); I < E; ++I)
    B.CreateStore(B.CreateLoad(Versions[I]), B.CreateConstArrayGEP(Array, I));

  // The run's launch clauses.
  llvm::Value *Flags = B.getInt32(0);
  for (const auto *C : D.getClausesOfKind<OMPIfClause>()) {
    if (C->getNameModifier() != llvm::omp::OMPD_unknown &&
        C->getNameModifier() != llvm::omp::OMPD_task)
      continue;
    llvm::Value *Cond = CGF.EvaluateExprAsBool(C->getCondition());
    Flags = B.CreateOr(Flags, B.CreateSelect(Cond, B.getInt32(0),
                                             B.getInt32(TaskVersionsIfZero)));
  }
  if (const auto *C = D.getSingleClause<OMPFinalClause>()) {
    llvm::Value *Cond = CGF.EvaluateExprAsBool(C->getCondition());
    Flags =
        B.CreateOr(Flags, B.CreateSelect(Cond, B.getInt32(TaskVersionsFinal),
                                         B.getInt32(0)));
  }
  llvm::Value *Priority = B.getInt32(0);
  if (const auto *C = D.getSingleClause<OMPPriorityClause>()) {
    const Expr *Prio = C->getPriority();
    Priority = CGF.EmitScalarConversion(
        CGF.EmitScalarExpr(Prio), Prio->getType(),
        Ctx.getIntTypeForBitwidth(/*DestWidth=*/32, /*Signed=*/1),
        Prio->getExprLoc());
    Flags = B.CreateOr(Flags, B.getInt32(TaskVersionsPriority));
  }
  if (D.hasClausesOfKind<OMPMergeableClause>())
    Flags = B.CreateOr(Flags, B.getInt32(TaskVersionsMergeable));

  llvm::Value *NumDeps = B.getInt32(0);
  llvm::Value *DepList = llvm::ConstantPointerNull::get(CGF.VoidPtrTy);
  if (!Data.Dependences.empty()) {
    Address DepArray = Address::invalid();
    std::tie(NumDeps, DepArray) = emitDependClause(CGF, Data.Dependences, Loc);
    DepList = DepArray.emitRawPointer(CGF);
  }

  // kmp_int32 __kmpc_omp_task_versions(ident_t *loc, kmp_int32 gtid,
  //     kmp_int32 type, kmp_int32 n, kmp_task_t **versions, kmp_int32 flags,
  //     kmp_int32 priority, kmp_int32 ndeps, kmp_depend_info_t *dep_list,
  //     kmp_int32 ndeps_noalias, kmp_depend_info_t *noalias_dep_list);
  llvm::Value *Args[] = {
      emitUpdateLocation(CGF, Loc),
      getThreadID(CGF, Loc),
      B.getInt32(getTaskType(Ctx, D)),
      B.getInt32(Versions.size()),
      Array.emitRawPointer(CGF),
      Flags,
      Priority,
      B.CreateIntCast(NumDeps, CGF.Int32Ty, /*isSigned=*/true),
      DepList,
      B.getInt32(0),
      llvm::ConstantPointerNull::get(CGF.VoidPtrTy)};
  CGF.EmitRuntimeCall(
      getRuntimeFunction(CGM, CGF.Int32Ty, Args, "__kmpc_omp_task_versions"),
      Args);
}

bool CGOpenMPRuntime::skipTaskVersionWithoutRuntime(
    CodeGenFunction &CGF, const OMPExecutableDirective &D) {
  if (D.hasClausesOfKind<OMPRunClause>()) {
    PendingTaskVersions.erase(CGF.CurFn);
    return true;
  }
  if (!D.hasClausesOfKind<OMPDefineClause>())
    return false;
  SmallVector<Address, 4> &Pending = PendingTaskVersions[CGF.CurFn];
  Pending.push_back(Address::invalid());
  return Pending.size() > 1;
}

llvm::Function *CGOpenMPRuntime::emitTaskVersionTables() {
  if (TaskVersionTables.empty() || CGM.getLangOpts().OpenMPIsTargetDevice)
    return nullptr;
  llvm::LLVMContext &LLVMCtx = CGM.getLLVMContext();
  llvm::Module &M = CGM.getModule();
  // struct kmp_task_version_desc { entry, name, location } (docs/abi.md).
  llvm::StructType *DescTy =
      llvm::StructType::get(CGM.VoidPtrTy, CGM.VoidPtrTy, CGM.VoidPtrTy);

  llvm::Function *Fn = CGM.CreateGlobalInitOrCleanUpFunction(
      llvm::FunctionType::get(CGM.VoidTy, /*isVarArg=*/false),
      ".omp.task_versions_register", CGM.getTypes().arrangeNullaryFunction());
  llvm::IRBuilder<> B(llvm::BasicBlock::Create(LLVMCtx, "entry", Fn));
  // void __kmpc_task_versions_register(ident_t *loc, kmp_int32 type,
  //     kmp_int32 n, const kmp_task_version_desc_t *descs);
  llvm::FunctionCallee RegisterFn = CGM.CreateRuntimeFunction(
      llvm::FunctionType::get(
          CGM.VoidTy, {CGM.VoidPtrTy, CGM.Int32Ty, CGM.Int32Ty, CGM.VoidPtrTy},
          /*isVarArg=*/false),
      "__kmpc_task_versions_register");
  for (const auto &[Type, Versions] : TaskVersionTables) {
    SmallVector<llvm::Constant *, 8> Descs;
    for (const TaskVersionInfo &V : Versions)
      Descs.push_back(llvm::ConstantStruct::get(
          DescTy, {V.Entry, CGM.GetAddrOfConstantCString(V.Name).getPointer(),
                   CGM.GetAddrOfConstantCString(V.Location).getPointer()}));
    auto *TableTy = llvm::ArrayType::get(DescTy, Descs.size());
    auto *Table = new llvm::GlobalVariable(
        M, TableTy, /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantArray::get(TableTy, Descs),
        ".omp.task_versions." + llvm::Twine(Type));
    B.CreateCall(RegisterFn,
                 {llvm::ConstantPointerNull::get(CGM.VoidPtrTy),
                  B.getInt32(Type), B.getInt32(Versions.size()), Table});
  }
  B.CreateRetVoid();
  TaskVersionTables.clear();
  return Fn;
}
